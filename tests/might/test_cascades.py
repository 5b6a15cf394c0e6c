"""Trigger cascades on the might table: a step holds the same memory however long the chain
under it (its snapshot shares the items below), a long cascade under the step limit runs, and
an action past the limit is refused as a whole (P-48)."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from engine.cascades import ACTION_STEP_LIMIT
from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from tests.support.game_state import assert_refused
from tests.support.might_tables import cascade_text


def crows(units: int, feast: str) -> MightGame:
    game = game_from_yaml(cascade_text(units, feast))
    assert isinstance(game, MightGame)
    return game


def held_per_step(units: int) -> float:
    """The bytes each step of a cascade of ``units`` crows holds: crow-0 dies and the other
    crows' triggers all go on the chain, then resolve."""
    game = crows(units, "+1 Might")
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        steps = game.deal("crow-0", 1)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # dealt, died; then for each other crow a trigger, its resolution, +1 Might, a cleanup
    assert len(steps) == 2 + 4 * (units - 1)
    return held / len(steps)


@pytest.mark.rule("P-33", "M-7")
def test_a_step_holds_as_much_with_a_thousand_triggers_on_the_chain_as_with_a_hundred() -> None:
    # A chain copied into every step held a step's worth per item under it: 3.4 KB a step here
    # with 999 triggers waiting, 1.5 KB with 99 (docs/performance.md).
    small, big = held_per_step(100), held_per_step(1000)
    assert big < 1.25 * small, (small, big)


@pytest.mark.rule("P-33", "P-48")
def test_a_cascade_of_thousands_of_steps_under_the_limit_runs() -> None:
    game = crows(60, "1 damage")
    steps = game.deal("crow-0", 1)
    assert 5_000 < len(steps) < ACTION_STEP_LIMIT  # each death triggers every crow still there
    assert all(card.zone == "trash" for card in game.table.cards.values())
    assert not game.table.chain


@pytest.mark.rule("P-48")
def test_a_cascade_past_the_step_limit_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the same cascade against a lower limit, for speed (the limit itself: test_timeline.py)
    monkeypatch.setattr("engine.timeline.ACTION_STEP_LIMIT", 2_000)
    game = crows(60, "1 damage")  # some 7,000 steps
    assert not game.can_deal("crow-0", 1)
    error = assert_refused(game, lambda: game.deal("crow-0", 1), "P-48")
    assert error.message.startswith("the action would record more than")
