"""A run of ``cardtable fuzz``: its games on local cores or a Dask cluster, their summary and
the reproducers written for their violations; the command and its arguments."""

from __future__ import annotations

import hashlib
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.cli.arguments import shown
from app.files.output_files import Kind, OutputError, write_output
from engine.ruleset import Unavailable, ruleset
from fuzz.harness import GameResult, Violation, run_game, violation_text

# ----------------------------------------------------------------------------- results


@dataclass
class Summary:
    ruleset: str
    seed: int
    games: int = 0
    steps: int = 0
    timeline: int = 0
    tried: int = 0
    refused: int = 0
    violations: list[Violation] = field(default_factory=list)
    digest: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"fuzz {self.ruleset} seed {self.seed}: {self.games} games, {self.steps} steps "
            f"({self.timeline} timeline steps), {self.tried} actions tried, {self.refused} "
            f"refused, {len(self.violations)} violations; timeline digest {self.digest[:16]}"
        )


# ----------------------------------------------------------------------------- a run


def _task(args: tuple[str, int, int, int, bool]) -> GameResult:
    return run_game(*args)


def results(
    ruleset: str,
    seed: int,
    games: int,
    moves: int,
    workers: int = 1,
    scheduler: str | None = None,
    twice: bool = True,
) -> Iterator[GameResult]:
    """Every game's result, as they finish (in any order)."""
    tasks = [(ruleset, seed, game, moves, twice) for game in range(games)]
    if scheduler is not None:
        yield from _dask_results(scheduler, tasks)
    elif workers <= 1:
        yield from map(_task, tasks)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            yield from pool.imap_unordered(_task, tasks)


def _dask_results(
    address: str, tasks: Sequence[tuple[str, int, int, int, bool]]
) -> Iterator[GameResult]:
    from distributed import Client, as_completed  # the optional ``dask`` extra

    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except Exception as error:  # distributed raises OSError, TimeoutError, ValueError...
        raise SchedulerError(
            f"--scheduler {shown(address)}: no Dask scheduler answered there within "
            f"{SCHEDULER_TIMEOUT} s ({type(error).__name__}: {shown(str(error))})"
        ) from None
    with client:
        futures = client.map(_task, tasks, pure=False)
        for future in as_completed(futures):
            yield future.result()


def fuzz(
    ruleset: str,
    seed: int,
    games: int,
    moves: int,
    workers: int = 1,
    scheduler: str | None = None,
    out: Path | None = None,
    progress: Callable[[Summary], None] | None = None,
    twice: bool = True,
) -> Summary:
    """Run ``games`` games; violations shrunk and written to ``out``."""
    start = time.perf_counter()
    summary = Summary(ruleset, seed)
    done: list[GameResult] = []
    for result in results(ruleset, seed, games, moves, workers, scheduler, twice):
        done.append(result)
        summary.games += 1
        summary.steps += result.steps
        summary.timeline += result.timeline
        summary.tried += result.tried
        summary.refused += result.refused
        summary.violations += result.violations
        if progress:
            progress(summary)
    done.sort(key=lambda r: r.game)
    summary.violations.sort(key=lambda v: v.game)
    summary.digest = hashlib.sha256("".join(r.digest for r in done).encode()).hexdigest()
    if out is not None and summary.violations:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(out, error.strerror or str(error)) from None
        for number, violation in enumerate(summary.violations):
            slug = "".join(c if c.isalnum() else "-" for c in violation.invariant).strip("-")
            path = out / f"fuzz-{ruleset}-{seed}-game{violation.game}-{number}-{slug}.yaml"
            text = violation_text(ruleset, violation, seed)
            write_output(path, text.encode("utf-8"), REPRODUCER)
            violation.file = str(path)
    summary.seconds = time.perf_counter() - start
    return summary


def print_progress(summary: Summary, total: int, stream: Any = None) -> None:
    stream = stream or sys.stderr
    width = 24
    filled = width * summary.games // max(1, total)
    bar = "#" * filled + "." * (width - filled)
    stream.write(
        f"\r[{bar}] {summary.games}/{total} games, {summary.steps} steps, "
        f"{summary.refused}/{summary.tried} refused, {len(summary.violations)} violations"
    )
    if summary.games == total:
        stream.write("\n")
    stream.flush()


def report(summary: Summary) -> Iterable[str]:
    yield summary.line()
    for violation in summary.violations:
        where = f" -> {violation.file}" if violation.file else ""
        yield (
            f"  VIOLATION game {violation.game} ({violation.setup}): {violation.invariant}: "
            f"{violation.detail}{where}"
        )


# ----------------------------------------------------------------------------- the command


class SchedulerError(Exception):
    """A ``--scheduler`` that is malformed or does not answer, said in one line."""


SCHEDULER_TIMEOUT = 5  # seconds to reach a Dask scheduler before giving up
SCHEDULER_ADDRESS = re.compile(
    r"(?:(?:tcp|tls|ucx|ws|wss)://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})"
)
REPRODUCER = Kind("a scenario", lambda start: start.startswith(b"#") or b"ruleset:" in start)


def argument_problems(args: Any) -> list[str]:
    """What is wrong with ``cardtable fuzz``'s arguments, each said in a few words."""
    most_workers = 4 * (os.cpu_count() or 1)  # more processes than that only thrash
    bounds = {
        "games": (1, 100_000),
        "workers": (1, most_workers),
        "steps_per_game": (1, 10_000),
        "seed": (0, 2**63 - 1),
    }
    problems = [
        f"--{name.replace('_', '-')} must be {least} to {most}"
        for name, (least, most) in bounds.items()
        if not least <= getattr(args, name) <= most
    ]
    if args.scheduler is not None:
        match = SCHEDULER_ADDRESS.fullmatch(args.scheduler)
        if match is None or not 1 <= int(match["port"]) <= 65535:
            problems.append(
                f"--scheduler {shown(args.scheduler)}: expected a scheduler address "
                "such as tcp://host:8786"
            )
    try:
        ruleset(args.ruleset)  # registered (a choice of the parser), but it may not load
    except Unavailable as error:
        problems.append(f"--ruleset {args.ruleset}: {error}")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        problems.append(f"--out {shown(args.out)}: it is a file, not a folder")
    elif not os.access(next(p for p in (out, *out.parents) if p.exists()), os.W_OK):
        problems.append(f"--out {shown(args.out)}: the folder cannot be written to")
    return problems


def fuzz_command(args: Any) -> int:
    """``cardtable fuzz``: 0 when no invariant failed, 1 on a violation, 2 on bad arguments."""
    wrong = argument_problems(args)
    if wrong:
        print(f"error: {'; '.join(wrong)}", file=sys.stderr)
        return 2
    if args.scheduler is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print(
                "error: --scheduler needs the dask extra: pip install 'cardtable[dask]'",
                file=sys.stderr,
            )
            return 2
    progress = None if args.quiet else (lambda s: print_progress(s, args.games))
    try:
        summary = fuzz(
            args.ruleset,
            args.seed,
            args.games,
            args.steps_per_game,
            workers=args.workers,
            scheduler=args.scheduler,
            out=Path(args.out),
            progress=progress,
        )
    except (SchedulerError, OutputError) as error:
        after_progress = "" if args.quiet else "\n"  # the progress line has no end yet
        print(f"{after_progress}error: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(summary)))
    print(f"{summary.seconds:.1f} s, {summary.steps / max(summary.seconds, 1e-9):.0f} steps/s")
    return 1 if summary.violations else 0
