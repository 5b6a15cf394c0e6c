"""A souls turn and its battles (S-13, 9.5.x, P-1): the phases in order, when an attack
captures, and who may act in a battle window."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.assets import SCENARIOS
from engine.errors import RuleError
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.changes import Flipped
from engine.souls.game import SoulsGame
from tests.support.playthroughs import steps_matching
from tests.support.souls_tables import SELF_MENDER, scenario_text

SOULS = SCENARIOS / "souls"


def test_the_steps_go_through_the_phases_of_the_turn_in_order() -> None:
    game = game_from_yaml(scenario_text())
    game.attack("sylva", "ember-imp")
    game.finish_battle()
    game.end_turn()
    assert list(dict.fromkeys(" > ".join(step.phase) for step in game.steps)) == [
        "Turn 1 (Alice) > Main phase",
        "Turn 1 (Alice) > Battle 1 > Declare",
        "Turn 1 (Alice) > Battle 1 > Attack damage",
        "Turn 1 (Alice) > Battle 1 > Battle window",
        "Turn 1 (Alice) > Battle 1 > Capture step",
        "Turn 1 (Alice) > End phase",
        "Turn 2 (Bob) > Main phase",
    ]


@pytest.mark.rule("14.4.2", "S-13")
def test_attack_captures_only_at_the_capture_step() -> None:
    game = game_from_yaml(scenario_text())
    game.attack("sylva", "ember-imp")
    assert game.table.hp("ember-imp") == 0 and not game.table.cards["ember-imp"].face_down
    game.heal("ember-imp", 5)  # S-10: healing inside the window saves it
    steps = game.finish_battle()
    assert not game.table.cards["ember-imp"].face_down
    assert not any(isinstance(c, Flipped) for s in steps for c in s.changes)


@pytest.mark.rule("9.5.6", "14.4.1")
def test_a_capture_step_that_captures_nothing_says_the_hp_of_the_battles_cards() -> None:
    game = game_from_yaml(scenario_text())
    game.attack("sylva", "ember-imp")
    game.heal("ember-imp", 5)
    step = game.finish_battle()[0]
    assert step.description == "Capture step: no card is at 0 HP (sylva HP 35, ember-imp HP 5)"
    assert step.rules == ("9.5.6", "S-13", "14.4.1")


@pytest.mark.rule("P-1", "S-13")
def test_the_other_player_acting_in_a_window_cites_p1() -> None:
    run = run_scenario(SOULS / "S-16-simultaneous-capture-trigger-order.yaml")
    [played] = steps_matching(run.game.steps, "firebolt is played")
    assert {"P-1", "S-13"} <= set(played.rules)


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


@pytest.mark.rule("P-1")
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


@pytest.mark.rule("P-1")
def test_p1_inside_a_battle_window_the_other_player_may_play() -> None:
    game = game_from_yaml(BOB_WAITS)
    game.attack("thorn-squire", "ember-imp")
    game.play("mending-light", "ember-imp")
    assert game.table.cards["mending-light"].zone == "elysium"
    assert game.steps[-1].description == "mending-light goes to the Elysium"


def test_finishing_a_battle_when_there_is_none_is_refused_by_name() -> None:
    game = game_from_yaml(SELF_MENDER)
    with pytest.raises(RuleError) as refused:
        game.finish_battle()
    assert (refused.value.rule, refused.value.message) == ("S-13", "there is no battle to finish")
