"""Run the benchmarks and report each target beside its baseline (docs/performance.md).

    .venv/bin/python scripts/benchmarks.py                 # run, then report
    .venv/bin/python scripts/benchmarks.py --report FILE   # report an earlier run's JSON

Writes ``benchmarks.json`` (pytest-benchmark's JSON, with the machine) and
``docs/performance-steps.svg`` (time per step against table size), and prints the figures as a
Markdown table. Medians are used: the mean of a short run is at the mercy of one collection.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHART = ROOT / "docs" / "performance-steps.svg"


def run(out: Path) -> None:
    subprocess.run(
        [
            str(ROOT / "test.sh"),
            "-m",
            "benchmark",
            "-p",
            "no:randomly",
            f"--benchmark-json={out}",
            "tests/tools/test_benchmarks.py",
        ],
        cwd=ROOT,
        check=True,
    )


def load(path: Path) -> tuple[dict[str, dict[str, float]], dict[str, object]]:
    """Each benchmark's median (seconds) and extra info, by name, and the machine."""
    data = json.loads(path.read_text())
    results = {}
    for bench in data["benchmarks"]:
        results[bench["name"]] = {"median": bench["stats"]["median"], **bench["extra_info"]}
    return results, data["machine_info"]


def per_step(result: dict[str, float]) -> float:
    """Microseconds per step."""
    return result["median"] / result["steps"] * 1e6


def report(results: dict[str, dict[str, float]], machine: dict[str, object]) -> list[str]:
    lines = [
        f"Machine: {machine.get('cpu', {}).get('brand_raw', '?')}, "  # type: ignore[union-attr]
        f"{machine.get('cpu', {}).get('count', '?')} cores, "  # type: ignore[union-attr]
        f"Python {machine.get('python_version')}",
        "",
        "| figure | measured | target | holds |",
        "| --- | --- | --- | --- |",
    ]

    def row(figure: str, measured: str, target: str, holds: bool) -> None:
        lines.append(f"| {figure} | {measured} | {target} | {'yes' if holds else 'NO'} |")

    for ruleset in ("souls", "might"):
        small = per_step(results[f"test_bench_{ruleset}_step[18]"])
        for cards in (200, 1000):
            big = per_step(results[f"test_bench_{ruleset}_step[{cards}]"])
            row(
                f"{ruleset} step, {cards} vs 18 cards",
                f"{big:.1f} vs {small:.1f} us ({big / small:.2f}x)",
                "at most 1.5x",
                big / small <= 1.5,
            )
    for cards in (18, 1000):
        plain = per_step(results[f"test_bench_snapshot_update_plain_dataclasses[{cards}]"])
        engine = per_step(results[f"test_bench_snapshot_update_engine[{cards}]"])
        row(
            f"snapshot update, {cards} cards: engine vs plain dataclasses",
            f"{engine:.1f} vs {plain:.1f} us ({plain / engine:.2f}x the speed)",
            "at least 0.7x" if cards == 18 else "(shown)",
            cards != 18 or plain / engine >= 0.7,
        )
    yardstick_rows(results, row)
    memory = results["test_bench_memory_per_step_200_cards"]["bytes_per_step"]
    row(
        "memory a step holds, 10,000 steps on 200 cards",
        f"{memory:.0f} bytes",
        "at most 2 KB (2,048 bytes)",
        memory <= 2048,
    )
    for ruleset in ("souls", "might"):
        memory = results[f"test_bench_memory_per_step_1000_cards[{ruleset}]"]["bytes_per_step"]
        row(
            f"memory a step holds, 10,000 {ruleset} steps on 1,000 cards",
            f"{memory:.0f} bytes",
            "at most 1,500 bytes (issue 40)",
            memory <= 1500,
        )
    collecting = per_step(results["test_bench_might_10000_steps_and_the_collector[collecting]"])
    frozen = per_step(results["test_bench_might_10000_steps_and_the_collector[frozen]"])
    row(
        "might, 10,000 steps: collector walking the timeline vs frozen history",
        f"{collecting:.1f} vs {frozen:.1f} us a step",
        "(shown)",
        True,
    )
    for cards in (18, 1000):
        jump = results[f"test_bench_jump_between_distant_steps[{cards}]"]["median"] * 1e3
        row(
            f"jump between distant steps in the app, {cards} cards",
            f"{jump:.1f} ms",
            "within a 60 Hz frame (16.7 ms)",
            jump <= 16.7,
        )
    for name, figure, aims in (  # 60 Hz frames (issue 40)
        ("jump_and_repaint", "jump and repaint", {18: 1, 200: 1, 1000: 2}),
        (
            "scrub_step_by_step",
            "scrubbing a step at a time with its repaint",
            {18: 1, 200: 1, 1000: 1},
        ),
        ("first_show", "first show of a table", {18: 0, 200: 0, 1000: 2}),
    ):
        for cards, frames in aims.items():
            found = results.get(f"test_bench_{name}[{cards}]")
            if found is None:  # not run (``-k``)
                continue
            measured = found["median"] * 1e3
            row(
                f"{figure}, {cards} cards",
                f"{measured:.1f} ms",
                f"within {frames} 60 Hz frame{'s' if frames > 1 else ''} ({frames * 16.7:.1f} ms)"
                if frames
                else "(shown)",
                not frames or measured <= frames * 16.7,
            )
    small, big = (results[f"test_bench_cascade[{n}-+1 Might]"] for n in (100, 1000))
    row(
        "cascade, a step's memory: 999 vs 99 triggers on the chain",
        f"{big['bytes_per_step']:.0f} vs {small['bytes_per_step']:.0f} bytes "
        f"({big['bytes_per_step'] / small['bytes_per_step']:.2f}x)",
        "at most 1.25x",
        big["bytes_per_step"] <= 1.25 * small["bytes_per_step"],
    )
    limit = results["test_bench_cascade[1000-1 damage]"]
    row(
        "cascade refused at the step limit (P-48), 1,000 self-damaging units",
        f"{limit['median']:.2f} s, peak {limit['peak_mb']:.0f} MB",
        "(shown)",
        True,
    )
    return lines


def yardstick_rows(
    results: dict[str, dict[str, float]], row: Callable[[str, str, str, bool], None]
) -> None:
    """A step on 18 cards against a plain-dataclass update and a python-chess push and pop, with
    issue 40's aims: the medians of rounds that time each in turn
    (``test_bench_yardsticks_interleaved``; not run without python-chess, or left out by
    ``-k``)."""
    found = results.get("test_bench_yardsticks_interleaved")
    if found is None:
        return
    for name, step, yardstick, words, aim in (
        ("souls_vs_plain", "souls", "plain", "a plain-dataclass update", 0.7),
        ("might_vs_plain", "might", "plain", "a plain-dataclass update", 0.7),
        ("might_vs_chess", "might", "chess", "a python-chess push and pop", 0.3),
    ):
        ratio = found[name]
        bounds: Any = found[f"{name}_range"]  # a list: the rounds' lowest and highest
        low, high = bounds
        row(
            f"{step} step vs {words}, 18 cards, interleaved",
            f"{found[f'{step}_us']:.1f} vs {found[f'{yardstick}_us']:.1f} us ({ratio:.2f}x the"
            f" speed; rounds {low:.2f} to {high:.2f})",
            f"at least {aim}x (issue 40)",
            ratio >= aim,
        )


def chart(results: dict[str, dict[str, float]]) -> str:
    """An SVG line chart: microseconds per step against cards on the table, per ruleset."""
    sizes = [18, 200, 1000]
    series = {
        ruleset: [per_step(results[f"test_bench_{ruleset}_step[{n}]"]) for n in sizes]
        for ruleset in ("souls", "might")
    }
    top = max(max(v) for v in series.values()) * 1.25
    width, height, left, bottom = 520, 300, 60, 40
    plot_w, plot_h = width - left - 60, height - bottom - 30

    def x(index: int) -> float:
        return left + index * plot_w / (len(sizes) - 1)

    def y(value: float) -> float:
        return 30 + plot_h * (1 - value / top)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18" font-size="14">Time per step against table size</text>',
        f'<line x1="{left}" y1="{y(0)}" x2="{left + plot_w}" y2="{y(0)}" stroke="black"/>',
        f'<line x1="{left}" y1="30" x2="{left}" y2="{y(0)}" stroke="black"/>',
    ]
    for tick in range(0, int(top) + 1, max(10, int(top / 5) // 10 * 10)):
        parts.append(
            f'<text x="{left - 6}" y="{y(tick) + 4}" text-anchor="end">{tick}</text>'
            f'<line x1="{left}" y1="{y(tick)}" x2="{left + plot_w}" y2="{y(tick)}" '
            'stroke="#ddd"/>'
        )
    for index, size in enumerate(sizes):
        parts.append(
            f'<text x="{x(index)}" y="{y(0) + 18}" text-anchor="middle">{size} cards</text>'
        )
    parts.append(
        f'<text x="14" y="{30 + plot_h / 2}" transform="rotate(-90 14 {30 + plot_h / 2})" '
        'text-anchor="middle">microseconds per step</text>'
    )
    for (ruleset, values), color in zip(series.items(), ("#2f6db5", "#b5452f"), strict=True):
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2"/>')
        for i, value in enumerate(values):
            parts.append(f'<circle cx="{x(i)}" cy="{y(value)}" r="4" fill="{color}"/>')
            parts.append(
                f'<text x="{x(i) + 6}" y="{y(value) - 6}" fill="{color}">{value:.0f}</text>'
            )
        parts.append(
            f'<text x="{x(len(sizes) - 1) - 40}" y="{y(values[-1]) + 18}" fill="{color}">'
            f"{ruleset}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", type=Path, help="report this JSON instead of running")
    args = parser.parse_args()
    path = args.report or ROOT / "benchmarks.json"
    if args.report is None:
        run(path)
    results, machine = load(path)
    CHART.write_text(chart(results))
    print("\n".join(report(results, machine)))
    print(f"\nchart: {CHART.relative_to(ROOT)}; JSON: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
