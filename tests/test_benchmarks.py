"""Speed of the engine, measured by pytest-benchmark (no timed asserts)."""

from __future__ import annotations

from pathlib import Path

from pytest_benchmark.fixture import BenchmarkFixture

from app.cli import DEMO
from engine.scenario import game_from_yaml, run_scenario

WIDE_GRID = """\
ruleset: souls
title: A wide table
rules: [S-1]
setup:
  columns: 20
  rows: 5
  players:
{players}
"""


def wide_table(per_player: int = 100) -> str:
    players = []
    for owner, name in enumerate(("Alice", "Bob")):
        slots = "\n".join(
            f"        {chr(65 + i // 5)}{i % 5 + 1}: {{card: Thorn Squire, id: s{owner}-{i}}}"
            for i in range(per_player)
        )
        players.append(f"    - name: {name}\n      slots:\n{slots}")
    return WIDE_GRID.format(players="\n".join(players))


def test_bench_run_demo_scenario(benchmark: BenchmarkFixture) -> None:
    run = benchmark(run_scenario, DEMO)
    assert not run.failures


def test_bench_effect_on_200_card_table(benchmark: BenchmarkFixture) -> None:
    text = wide_table()

    def fresh_game():  # type: ignore[no-untyped-def]
        return (game_from_yaml(text),), {}

    def deal_and_capture(game) -> None:  # type: ignore[no-untyped-def]
        game.deal("s1-0", 20)  # a capture check over 200 Souls, then a line change

    benchmark.pedantic(deal_and_capture, setup=fresh_game, rounds=20)


def test_bench_jump_between_distant_steps_200_cards(
    benchmark: BenchmarkFixture,
    qtbot,  # type: ignore[no-untyped-def]
    tmp_path,
) -> None:
    """Target: under 16 ms per jump (a frame) on a table of 200 cards."""
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    script = "".join(f"  - deal: {{target: s{i % 2}-{i}, amount: 5}}\n" for i in range(60))
    path = tmp_path / "wide.yaml"
    path.write_text(wide_table() + "script:\n" + script)
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(path)
    assert len(window.scene.items_by_uid) == 200
    ends = [0, window.session.last]  # the session starts at the last step

    def jump() -> None:
        ends.reverse()
        window.session.select(ends[1])  # first jump: to step 0

    benchmark.pedantic(jump, rounds=40, iterations=1)


def test_bench_read_10000_action_script(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    """One libyaml pass and a strict validation (pure-Python YAML, twice, took 6.7 s)."""
    from engine.scenario import load_scenario
    from tests.souls_tables import scenario_text

    script = "".join("  - heal: {target: sylva, amount: 5}\n" for _ in range(10_000))
    path = tmp_path / "long.yaml"
    path.write_text(scenario_text() + "script:\n" + script)
    scenario, _ = benchmark.pedantic(load_scenario, args=(path,), rounds=3)
    assert len(scenario.script) == 10_000
