"""The looks a jump reuses are the looks a fresh layout draws, at every step of every file.

``LookCache`` recomputes only the cards ``differences`` names (engine); a card it forgot (a
Soul whose line changed when the one above was captured, Sylva when an Underling was captured,
a unit a new chain item targets) would keep a stale face on the table.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.presentation.looks import LookCache, layout
from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.scenario import scenario_files
from tests.support.big_tables import souls_game, souls_session
from tests.support.playthroughs import branch_timelines

FILES = scenario_files([SCENARIOS, LESSONS])


def assert_cached_layouts_fresh(tables: list[object], where: str) -> None:
    """Forward, backward, then random jumps, with one cache throughout."""
    order = list(range(len(tables)))
    jumps = order + order[::-1] + random.Random(where).choices(order, k=len(order))
    cache = LookCache()
    for index in jumps:
        cached = layout(tables[index], cache)  # type: ignore[arg-type]
        fresh = layout(tables[index])  # type: ignore[arg-type]
        assert cached.placements == fresh.placements, f"{where}: step {index}"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_cached_looks_match_fresh_ones(path: Path) -> None:
    for name, steps in branch_timelines(path):
        assert_cached_layouts_fresh([step.table for step in steps], f"{path.name} {name}")


def test_cached_looks_match_fresh_ones_with_captures() -> None:
    """A session on a big table in which Souls are captured (deals of 10 and more)."""
    game = souls_game(60)
    souls_session(game, 40)
    for uid in ["s0-0", "s0-4", "s1-4", "s1-9"]:
        game.deal(uid, 30)
    assert any(card.face_down for card in game.table.cards.values())
    assert_cached_layouts_fresh([step.table for step in game.steps], "captures")
