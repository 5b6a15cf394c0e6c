"""The looks and the layout a jump reuses are those a fresh layout draws, at every step of
every file.

``LookCache`` recomputes only the cards ``differences`` names (engine); a card it forgot (a
Soul whose line changed when the one above was captured, Sylva when an Underling was captured,
a unit a new chain item targets) would keep a stale face on the table. Where none of them moved
it lays out only those (the view's ``place`` and ``frame``); a move or a frame it missed (a
rune pool, a battlefield's holder) would leave a card or a zone's name where it was.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.presentation.looks import CardLook, Layout, LookCache
from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.scenario import game_from_yaml, scenario_files
from tests.app.test_setup_editor import tally  # noqa: F401  (the fixture installing it)
from tests.support.big_tables import souls_game, souls_session
from tests.support.playthroughs import branch_timelines

FILES = scenario_files([SCENARIOS, LESSONS])
HERE = Path(__file__).parent


def drawn(table: object, cache: LookCache | None = None) -> tuple[Layout, dict[str, CardLook]]:
    """``table`` laid out (with ``cache``, else afresh) and the look of every card laid out,
    as the scene asks for them (``LookCache.look_of``)."""
    cache = cache or LookCache()
    plan = cache.layout(table)  # type: ignore[arg-type]
    return plan, {placement.uid: cache.look_of(placement.uid) for placement in plan.placements}


def assert_cached_layouts_fresh(tables: list[object], where: str) -> int:
    """Forward, backward, then random jumps, with one cache throughout; returns how many of
    them laid out only what changed. A second cache is asked for no look at all, as a big
    table's scene asks for none out of sight: its layouts too are the fresh ones."""
    order = list(range(len(tables)))
    jumps = order + order[::-1] + random.Random(where).choices(order, k=len(order))
    cache, unasked = LookCache(), LookCache()
    relaid = 0
    for index in jumps:
        (cached, cached_looks), (fresh, fresh_looks) = (
            drawn(tables[index], cache),
            drawn(tables[index]),
        )
        assert cached == fresh, f"{where}: step {index}"  # cards, zones, names, extent
        assert cached.positions == fresh.positions, f"{where}: step {index}"
        assert cached_looks == fresh_looks, f"{where}: step {index}"
        assert unasked.layout(tables[index]) == fresh, f"{where}: step {index}, no look asked"  # type: ignore[arg-type]
        relaid += cached.relaid is not None
    return relaid


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_cached_looks_match_fresh_ones(path: Path) -> None:
    for name, steps in branch_timelines(path):
        assert_cached_layouts_fresh([step.table for step in steps], f"{path.name} {name}")


def test_a_jump_that_moves_no_card_lays_out_only_the_changed_ones() -> None:
    """Most jumps of a playtester's session (damage, heals) move no card: none lays the table
    out again, and each says which cards it laid out."""
    game = souls_game(60)
    souls_session(game, 40)
    tables = [step.table for step in game.steps]
    jumps = len(tables) * 3
    assert assert_cached_layouts_fresh(tables, "session") > jumps * 0.9
    cache = LookCache()
    cache.layout(tables[0])
    last = cache.layout(tables[-1])
    assert last.relaid == tables[-1].differences(tables[0])


def test_cached_looks_match_fresh_ones_with_captures() -> None:
    """A session on a big table in which Souls are captured (deals of 10 and more)."""
    game = souls_game(60)
    souls_session(game, 40)
    for uid in ["s0-0", "s0-4", "s1-4", "s1-9"]:
        game.deal(uid, 30)
    assert any(card.face_down for card in game.table.cards.values())
    relaid = assert_cached_layouts_fresh([step.table for step in game.steps], "captures")
    assert 0 < relaid < len(game.steps) * 3  # the Souls behind those captured moved up


def test_a_table_of_another_game_is_laid_out_whole() -> None:
    """Another ruleset's table, or one of another file (other card definitions, as a card
    defined in set-up mode makes): nothing of the table before is reused."""

    def tables(path: Path) -> list[object]:
        return [step.table for step in next(branch_timelines(path))[1]]

    souls = tables(SCENARIOS / "souls" / "demo-table.yaml")
    might = tables(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
    other = tables(SCENARIOS / "souls" / "14.1.1-damage-sources.yaml")
    cache = LookCache()
    for table in (souls[-1], might[-1], might[0], other[-1], souls[-1]):
        cached = drawn(table, cache)
        assert cached == drawn(table)
    assert cached[0].relaid is None
    # the same cards where they were, one of them defined anew: it looks as now defined
    before, after = (game_from_yaml(HOUND.format(might=might)).table for might in (3, 5))
    drawn(before, cache)
    assert drawn(after, cache) == drawn(after) != drawn(before)


@pytest.mark.usefixtures("tally")
def test_a_table_that_says_nothing_of_its_changes_is_laid_out_whole_at_every_jump() -> None:
    """Tally's table (the example plug-in) has neither card definitions nor ``differences``:
    every jump lays it out afresh."""
    tables = [step.table for step in next(branch_timelines(HERE / "built_tally.yaml"))[1]]
    cache = LookCache()
    for table in [*tables, *tables[::-1]]:
        cached = drawn(table, cache)
        assert cached == drawn(table)
        assert cached[0].relaid is None


HOUND = """\
ruleset: might
title: A hound defined anew
cards:
  - {{name: Spite Hound, kind: unit, might: {might}}}
setup:
  players:
    - {{name: Alice, units: [{{card: Spite Hound}}]}}
    - {{name: Bob}}
"""
