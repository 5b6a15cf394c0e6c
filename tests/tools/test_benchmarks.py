"""Speed and memory of the engine and the app, by pytest-benchmark (no timed asserts).

Each figure is measured beside its baseline in the same run; ``scripts/benchmarks.py`` runs them
all, writes the JSON and prints each target with its ratio (docs/performance.md):

- a step on 18, 200 and 1,000 cards (souls and might): the cost of a step must not grow with
  the table (1,000 cards at most 1.5x 18);
- a snapshot update (a card changed, the table updated, a step recorded, no rules) by the
  engine, and the same update with plain frozen dataclasses (the baseline);
- issue 40's ratios: a step on 18 cards against the plain-dataclass update and against a push
  and a pop of a move by python-chess (when installed: the yardstick for a step of a rules
  engine in Python that keeps its history), each timed in turn in every round, so that a
  machine whose speed wanders slows them alike;
- the memory a step holds, over a 10,000-step session on 200 cards (souls) and on 1,000 cards
  (souls and might) (``extra_info``);
- a jump between distant steps in the app, on 18 and 1,000 cards (a 60 Hz frame: 16.7 ms),
  and with its repaint, a step at a time as a slider is dragged, and a table's first show;
- a trigger cascade of 100 and 1,000 units: time and memory (``extra_info``) a step, which
  must not grow with the chain, and the time an action takes to reach the step limit (P-48).
"""

from __future__ import annotations

import dataclasses
import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from app.cli.commands import DEMO
from engine.cascades import CascadeError
from engine.might.game import MightGame
from engine.scenario import game_from_yaml, load_scenario, run_scenario
from engine.souls.table import SoulsTable
from engine.timeline import Cause, Recorder
from tests.support.big_tables import (
    might_game,
    might_session,
    souls_game,
    souls_layout,
    souls_session,
    souls_text,
)
from tests.support.might_tables import cascade_text

SIZES = [18, 200, 1000]
ACTIONS = 100  # actions per timed round of a session


def session_bench(
    benchmark: BenchmarkFixture, make: Callable[[], Any], play: Callable[[Any, int], None]
) -> None:
    """Time ``ACTIONS`` actions on a game already 200 actions into its session; record how
    many steps they made, so that the report divides by steps."""
    steps: list[int] = []

    def setup() -> tuple[tuple[Any], dict[str, Any]]:
        game = make()
        play(game, 200)
        steps.append(len(game.steps))
        return (game,), {}

    def timed(game: Any) -> None:
        play(game, ACTIONS)
        steps[-1] = len(game.steps) - steps[-1]

    benchmark.pedantic(timed, setup=setup, rounds=10, iterations=1)
    benchmark.extra_info["steps"] = sum(steps) / len(steps)


@pytest.mark.parametrize("cards", SIZES)
def test_bench_souls_step(benchmark: BenchmarkFixture, cards: int) -> None:
    benchmark.group = "souls step"
    session_bench(benchmark, lambda: souls_game(cards), souls_session)


@pytest.mark.parametrize("cards", SIZES)
def test_bench_might_step(benchmark: BenchmarkFixture, cards: int) -> None:
    benchmark.group = "might step"
    session_bench(benchmark, lambda: might_game(cards), might_session)


# --- the snapshot update and its baseline ---------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PlainCard:
    """``CardState``'s fields in a plain frozen dataclass."""

    uid: str
    name: str
    owner: int
    zone: str
    slot: str | None = None
    attached_to: str | None = None
    face_down: bool = False
    damage: int = 0
    bonuses: tuple[object, ...] = ()
    attacked_this_turn: bool = False
    shields: tuple[object, ...] = ()
    prevented_this_turn: bool = False


@dataclasses.dataclass(frozen=True)
class PlainTable:
    """``SoulsTable``'s fields; the cards in a dict copied on write."""

    ruleset: str
    players: tuple[object, ...]
    columns: int
    rows: int
    defs: dict[str, object]
    cards: dict[str, PlainCard]
    turn: int = 1
    turn_player: int = 0
    winner: int | None = None
    drawn: bool = False


@dataclasses.dataclass(frozen=True)
class PlainStep:
    index: int
    phase: tuple[str, ...]
    description: str
    rules: tuple[str, ...]
    cause: object
    changes: tuple[object, ...]
    table: PlainTable


UPDATES = 200  # card updates per timed round


def plain_updates(table: PlainTable, uids: list[str], steps: list[PlainStep]) -> None:
    cause = object()
    for number in range(UPDATES):
        card = table.cards[uids[number % len(uids)]]
        card = dataclasses.replace(card, damage=card.damage + 5)
        table = dataclasses.replace(table, cards={**table.cards, card.uid: card})
        steps.append(
            PlainStep(len(steps), ("Turn 1",), f"{card.uid} damaged", ("S-8",), cause, (), table)
        )


def engine_updates(recorder: Recorder[SoulsTable], uids: list[str]) -> None:
    cause = Cause(kind="playtester", text="damage")
    for number in range(UPDATES):
        card = recorder.table.cards[uids[number % len(uids)]]
        recorder.table = recorder.table.with_card(card.evolve(damage=card.damage + 5))
        recorder.record(f"{card.uid} damaged", ["S-8"], cause)


def plain_copy(table: SoulsTable) -> PlainTable:
    fields = {name: getattr(table, name) for name in SoulsTable.model_fields}
    cards = {uid: PlainCard(**card.model_dump()) for uid, card in table.cards.items()}
    return PlainTable(**{**fields, "cards": cards})


@pytest.mark.parametrize("cards", [18, 1000])
def test_bench_snapshot_update_plain_dataclasses(benchmark: BenchmarkFixture, cards: int) -> None:
    """The baseline: copy-on-write of frozen dataclasses and a dict of cards."""
    benchmark.group = f"snapshot update, {cards} cards"
    table = plain_copy(souls_game(cards).table)
    uids = [uid for uid in table.cards if uid.startswith("s")]
    benchmark.pedantic(
        plain_updates, setup=lambda: ((table, uids, []), {}), rounds=30, iterations=1
    )
    benchmark.extra_info["steps"] = UPDATES


@pytest.mark.parametrize("cards", [18, 1000])
def test_bench_snapshot_update_engine(benchmark: BenchmarkFixture, cards: int) -> None:
    """The engine's own: evolve, with_card (the index kept up to date) and a recorded step."""
    benchmark.group = f"snapshot update, {cards} cards"
    table = souls_game(cards).table
    uids = [uid for uid in table.cards if uid.startswith("s")]
    assert table.index  # built, as in a game

    def fresh() -> tuple[tuple[Recorder[SoulsTable], list[str]], dict[str, Any]]:
        return (Recorder(table), uids), {}

    benchmark.pedantic(engine_updates, setup=fresh, rounds=30, iterations=1)
    benchmark.extra_info["steps"] = UPDATES


PUSHES = 2_000  # python-chess pushes and pops per round of the yardsticks


# --- issue 40's ratios, interleaved --------------------------------------------------------

YARDSTICK_ROUNDS = 15
YARDSTICK_ACTIONS = 300  # a round's actions of each session: a few milliseconds each
YARDSTICK_UPDATES = 5  # a round's rounds of UPDATES plain-dataclass updates


def seconds(work: Callable[[], object]) -> float:
    """The process time ``work`` takes."""
    start = time.process_time()
    work()
    return time.process_time() - start


def session_step(make: Callable[[], Any], play: Callable[..., None], seed: int) -> float:
    """Microseconds a step of ``YARDSTICK_ACTIONS`` actions on a game already 200 actions into
    its session, as ``session_bench`` times its rounds."""
    game = make()
    play(game, 200)
    before = len(game.steps)
    spent = seconds(lambda: play(game, YARDSTICK_ACTIONS, seed=seed))
    return spent / (len(game.steps) - before) * 1e6


def test_bench_yardsticks_interleaved(benchmark: BenchmarkFixture) -> None:
    """Issue 40's ratios: in each round a plain-dataclass update, a python-chess push and pop
    (when installed) and a souls and a might step on 18 cards are timed one after another, so
    that a machine whose speed wanders between the benchmarks above (it did, twofold within
    an hour) slows all of them alike; each ratio is the median of the rounds' ratios
    (``extra_info``), the time reported that of a whole round."""
    benchmark.group = "issue 40's ratios, interleaved"
    chess = pytest.importorskip("chess")
    table = plain_copy(souls_game(18).table)
    uids = [uid for uid in table.cards if uid.startswith("s")]
    board = chess.Board()
    moves = list(board.legal_moves)
    rounds: list[dict[str, float]] = []

    def pushes_and_pops() -> None:
        for number in range(PUSHES):
            board.push(moves[number % len(moves)])
            board.pop()

    def plain_rounds() -> None:
        for _ in range(YARDSTICK_UPDATES):
            plain_updates(table, uids, [])

    def one_round() -> None:
        seed = len(rounds)
        rounds.append(
            {
                "plain": seconds(plain_rounds) / (YARDSTICK_UPDATES * UPDATES) * 1e6,
                "chess": seconds(pushes_and_pops) / PUSHES * 1e6,
                "souls": session_step(lambda: souls_game(18), souls_session, seed),
                "might": session_step(lambda: might_game(18), might_session, seed),
            }
        )

    benchmark.pedantic(one_round, rounds=YARDSTICK_ROUNDS, iterations=1)
    for name, (step, yardstick) in {
        "might_vs_chess": ("might", "chess"),
        "might_vs_plain": ("might", "plain"),
        "souls_vs_plain": ("souls", "plain"),
    }.items():
        ratios = sorted(one[yardstick] / one[step] for one in rounds)
        benchmark.extra_info[name] = statistics.median(ratios)
        benchmark.extra_info[f"{name}_range"] = [ratios[0], ratios[-1]]
    for name in ("plain", "chess", "souls", "might"):
        benchmark.extra_info[f"{name}_us"] = statistics.median(one[name] for one in rounds)


# --- memory ---------------------------------------------------------------------------------


def held_per_step(game: Any, play: Callable[..., None], steps: int) -> tuple[float, int]:
    """The bytes ``game`` holds for each of some ``steps`` more steps of ``play``'s session,
    and how many steps that was."""
    play(game, 20)
    gc.collect()
    tracemalloc.start()
    before, first = tracemalloc.get_traced_memory()[0], len(game.steps)
    while len(game.steps) - first < steps:
        play(game, 100, seed=len(game.steps))
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / (len(game.steps) - first), len(game.steps) - first


def test_bench_memory_per_step_200_cards(benchmark: BenchmarkFixture) -> None:
    """What a step holds, averaged over a 10,000-step session on 200 cards (``extra_info``),
    and what Python's garbage collector costs there with and without ``gc.freeze``."""
    benchmark.group = "memory"
    per_step, steps = held_per_step(souls_game(200), souls_session, 10_000)
    benchmark.extra_info["bytes_per_step"] = round(per_step)
    benchmark.extra_info["steps"] = steps
    benchmark.pedantic(gc.collect, rounds=5, iterations=1)  # a full collection over it all
    assert per_step > 0


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_bench_memory_per_step_1000_cards(benchmark: BenchmarkFixture, ruleset: str) -> None:
    """What a step holds over a 10,000-step session on 1,000 cards (``extra_info``): the path
    an update copies in the cards' trie is longer than on 200."""
    benchmark.group = "memory"
    if ruleset == "souls":
        per_step, steps = held_per_step(souls_game(1000), souls_session, 10_000)
    else:
        per_step, steps = held_per_step(might_game(1000), might_session, 10_000)
    benchmark.extra_info["bytes_per_step"] = round(per_step)
    benchmark.extra_info["steps"] = steps
    benchmark.pedantic(gc.collect, rounds=3, iterations=1)
    assert per_step > 0


@pytest.mark.parametrize("collector", ["collecting", "frozen"])
def test_bench_might_10000_steps_and_the_collector(
    benchmark: BenchmarkFixture, collector: str
) -> None:
    """A 10,000-step might session on 200 cards, with Python's collector walking the whole
    timeline, and with the settled history frozen after every 100 actions (as the app does
    after each action, app/presentation/gc_history.py)."""
    benchmark.group = "10,000 steps, garbage collector"

    def session() -> None:
        gc.collect()
        game = might_game(200)
        while len(game.steps) < 10_000:
            might_session(game, 100, seed=len(game.steps))
            if collector == "frozen":
                gc.freeze()
        gc.unfreeze()
        benchmark.extra_info["steps"] = len(game.steps)

    benchmark.pedantic(session, rounds=3, iterations=1)


# --- trigger cascades -----------------------------------------------------------------------


def cascade(units: int, feast: str) -> MightGame:
    game = game_from_yaml(cascade_text(units, feast))
    assert isinstance(game, MightGame)
    return game


def crow_dies(game: MightGame) -> int:
    """crow-0 dies, and the cascade runs: the steps it made (0 when the limit refused it)."""
    try:
        return len(game.deal("crow-0", 1))
    except CascadeError:
        return 0


@pytest.mark.parametrize("feast", ["+1 Might", "1 damage"])
@pytest.mark.parametrize("units", [100, 1000])
def test_bench_cascade(benchmark: BenchmarkFixture, units: int, feast: str) -> None:
    """A crow dies and every other crow's "when another unit dies" trigger goes on the chain
    at once. With "+1 Might" the chain then resolves: 4 steps a crow. With "1 damage" each
    trigger kills its crow, whose death triggers the crows still there: some 20,000 steps at
    100 crows, and at 1,000 the action reaches the step limit and is refused (P-48), which is
    what its time measures. The memory a step holds is measured once, beside (``extra_info``)."""
    benchmark.group = "cascade"
    game = cascade(units, feast)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    steps = crow_dies(game)
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    if steps:
        benchmark.extra_info["bytes_per_step"] = round((held - before) / steps)
    benchmark.extra_info["peak_mb"] = round((peak - before) / 1e6, 1)
    benchmark.extra_info["steps"] = steps
    made = benchmark.pedantic(
        crow_dies, setup=lambda: ((cascade(units, feast),), {}), rounds=3, iterations=1
    )
    assert made == steps


# --- the app --------------------------------------------------------------------------------


def big_scenario(cards: int, tmp_path: Path) -> Path:
    """The big table and 60 actions: 5 damage to each Soul in turn, then a heal of each."""
    souls, *_ = souls_layout(cards // 2)
    targets = [f"s{owner}-{i}" for i in range(souls) for owner in (0, 1)]
    lines = []
    for number in range(60):
        verb = "deal" if number // len(targets) % 2 == 0 else "heal"
        lines.append(f"  - {verb}: {{target: {targets[number % len(targets)]}, amount: 5}}\n")
    path = tmp_path / f"big-{cards}.yaml"
    path.write_text(souls_text(cards) + "script:\n" + "".join(lines))
    return path


def big_table_window(  # type: ignore[no-untyped-def]
    cards: int,
    tmp_path: Path,
    qtbot,
    monkeypatch: pytest.MonkeyPatch,
    shown: tuple[int, int] | None = None,
):
    """The app's window on a table of ``cards`` cards (``big_scenario``); with ``shown``, a
    window of that size on screen, laid out, so that a repaint paints."""
    from PySide6.QtCore import QSettings

    from app.widgets import message_boxes
    from app.widgets.main_window import MainWindow

    monkeypatch.setattr(message_boxes, "critical", pytest.fail)  # never wait
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    if shown is not None:
        window.resize(*shown)
        window.show()
        qtbot.waitExposed(window)  # else a repaint paints nothing
    assert window.open_path(big_scenario(cards, tmp_path))
    if shown is not None:
        qtbot.wait(50)  # the table fitted to the window, the docks laid out
    return window


@pytest.mark.parametrize("cards", [18, 1000])
def test_bench_jump_between_distant_steps(
    benchmark: BenchmarkFixture,
    qtbot,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cards: int,
) -> None:
    """Target: one 60 Hz frame (16.7 ms) per jump, from the first step to the last and back."""
    benchmark.group = "jump between distant steps"
    window = big_table_window(cards, tmp_path, qtbot, monkeypatch)
    assert len(window.scene.items_by_uid) == cards
    steps = [0, window.session.last]

    def jump() -> None:
        steps.reverse()
        window.session.select(steps[0])

    benchmark.pedantic(jump, rounds=40, iterations=1)


@pytest.mark.parametrize("cards", [18, 200, 1000])
def test_bench_jump_and_repaint(
    benchmark: BenchmarkFixture,
    qtbot,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cards: int,
) -> None:
    """Scrubbing: a jump between distant steps and the table painted again, in a shown window
    of 1600x1000. Targets: one 60 Hz frame (16.7 ms) on 18 cards, two (33.3 ms) on 200."""
    benchmark.group = "jump and repaint"
    window = big_table_window(cards, tmp_path, qtbot, monkeypatch, shown=(1600, 1000))
    steps = [0, window.session.last]

    def jump_and_paint() -> None:
        steps.reverse()
        window.session.select(steps[0])
        window.view.viewport().repaint()  # painted now, as the screen would show it

    benchmark.pedantic(jump_and_paint, rounds=30, iterations=1)


@pytest.mark.parametrize("cards", [18, 200, 1000])
def test_bench_scrub_step_by_step(
    benchmark: BenchmarkFixture,
    qtbot,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cards: int,
) -> None:
    """Scrubbing as a slider is dragged: to the next step, to the end and back, each painted
    at once; every step changes a card or two. Target: a 60 Hz frame (16.7 ms)."""
    benchmark.group = "scrub step by step"
    window = big_table_window(cards, tmp_path, qtbot, monkeypatch, shown=(1600, 1000))
    last = window.session.last
    order = [*range(1, last + 1), *range(last - 1, -1, -1)]  # and round again
    at = [0]

    def next_step() -> None:
        at[0] = (at[0] + 1) % len(order)
        window.session.select(order[at[0]])
        window.view.viewport().repaint()

    benchmark.pedantic(next_step, rounds=2 * last, iterations=1)


@pytest.mark.parametrize("cards", [18, 200, 1000])
def test_bench_first_show(
    benchmark: BenchmarkFixture,
    qtbot,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cards: int,
) -> None:
    """A table shown for the first time (a file opened): every card laid out, the looks and
    items of those in sight made and painted in a shown window of 1600x1000. Target: 33 ms
    (two 60 Hz frames) at 1,000 cards."""
    from app.drawing.faces import FACES

    benchmark.group = "first show of a table"
    window = big_table_window(cards, tmp_path, qtbot, monkeypatch, shown=(1600, 1000))
    table = window.session.table
    scene = window.scene

    def first_show() -> None:
        scene.show_table(table, set())
        window.view.viewport().repaint()

    def afresh() -> None:
        scene.reset()
        FACES.clear()  # no face kept from the round before

    benchmark.pedantic(first_show, setup=afresh, rounds=15, iterations=1)
    assert len(scene.laid_out()) == cards
    assert 0 < len(scene.items_by_uid) <= cards  # those in sight, not all (a big table)


def test_bench_run_demo_scenario(benchmark: BenchmarkFixture) -> None:
    run = benchmark(run_scenario, DEMO)
    assert not run.failures


def test_bench_read_10000_action_script(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    """One libyaml pass and a strict validation (pure-Python YAML, twice, took 6.7 s)."""
    from tests.support.souls_tables import scenario_text

    script = "".join("  - heal: {target: sylva, amount: 5}\n" for _ in range(10_000))
    path = tmp_path / "long.yaml"
    path.write_text(scenario_text() + "script:\n" + script)
    scenario, _ = benchmark.pedantic(load_scenario, args=(path,), rounds=3)
    assert len(scenario.script) == 10_000
