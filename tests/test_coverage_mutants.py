"""Tests that kill mutants of engine/ which the rest of the suite let live (docs/testing.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.errors import RuleError
from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame

BOB_WAITS = """\
ruleset: souls
title: Bob waits for his turn
rules: [P-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - name: Bob
      slots: {A1: {card: Ember Imp}}
      hand: [{card: Mossback Guard}, {card: Mending Light}]
"""


@pytest.mark.parametrize(
    ("act", "what"),
    [
        (lambda g: g.recruit("mossback-guard", "A2"), "recruit"),
        (lambda g: g.play("mending-light", "ember-imp"), "play a card"),
    ],
)
def test_p1_the_other_player_acts_only_in_a_battle_window(
    act: Callable[[SoulsGame], object], what: str
) -> None:
    game = game_from_yaml(BOB_WAITS)
    before = (game.table, len(game.steps))
    with pytest.raises(RuleError) as refused:
        act(game)
    assert refused.value.rule == "P-1"
    assert refused.value.message == (
        f"Bob cannot {what} outside a battle window during the other player's turn"
    )
    assert (game.table, len(game.steps)) == before


def test_p1_inside_a_battle_window_the_other_player_may_play() -> None:
    game = game_from_yaml(BOB_WAITS)
    game.attack("thorn-squire", "ember-imp")
    game.play("mending-light", "ember-imp")
    assert game.table.cards["mending-light"].zone == "elysium"
    assert game.steps[-1].description == "mending-light goes to the Elysium"


# --- engine/compare.py: what a branch comparison reports ------------------------------------


# --- engine/script.py: labels and where a missing one is written -----------------------------
