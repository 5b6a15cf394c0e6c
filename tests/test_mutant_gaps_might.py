"""Might behaviour no other test pinned down, found by surviving mutants of engine/might/
(docs/testing.md, "Mutation testing"): each test names what it kills."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
from engine.might.scenario import Action
from engine.scenario import might_game_from_yaml
from engine.timeline import Cause
from tests.support.might_tables import ORDERS_IN_COMBAT, TRIGGERS
from tests.support.playthroughs import playthrough_of


def test_a_playtesters_might_edit_is_caused_by_the_playtester_on_the_unit() -> None:
    # the cause names the edited unit (M-2)
    steps = might_game_from_yaml(TRIGGERS).modify_might("stone-whelp", 3)
    assert steps[0].description == (
        "stone-whelp gets +3 Might from playtester this turn (e1): Might 2 -> 5"
    )
    assert steps[0].cause == Cause(
        kind="playtester", card="stone-whelp", text="+3 Might to stone-whelp"
    )


def test_a_self_effect_of_a_dead_unit_says_the_unit_is_gone() -> None:
    # P-27: the dies trigger finds its unit in the trash
    game = might_game_from_yaml(TRIGGERS)
    steps = game.deal("pyre-moth", 1)
    assert [s.description for s in steps if "no legal target" in s.description] == [
        "might: no legal target on the table, nothing happens (pyre-moth is not on the table)"
    ]


def test_a_source_effect_after_sourceless_damage_says_there_is_no_source() -> None:
    # P-27: the playtester's damage has no source
    game = might_game_from_yaml(TRIGGERS)
    steps = game.deal("spite-totem", 1)
    nothing = [s for s in steps if "no legal target" in s.description]
    assert [(s.description, s.rules) for s in nothing] == [
        ("damage: no legal target on the table, nothing happens (no source)", ("M5", "P-27"))
    ]


def test_moving_to_an_unknown_battlefield_lists_the_battlefields() -> None:
    # the M-1 refusal of a script move
    play = playthrough_of(TRIGGERS, name="gaps.yaml")
    move = Action.model_validate({"move": {"unit": "stone-whelp", "to": "Battlefield 9"}})
    expected = "there is no battlefield 'Battlefield 9' (Battlefield 1, Battlefield 2) (rule M-1)"
    assert play.why_not(move) == expected
    with pytest.raises(RuleError) as refused:
        play.act(move)
    assert str(refused.value) == expected


def test_an_order_left_open_in_a_combat_with_an_assignment_is_the_default() -> None:
    # An assignment answers only an assignment choice, so the order
    # of Alice's sentinel (asked of Alice, M-4) takes the default and is written in
    play = playthrough_of(ORDERS_IN_COMBAT, name="gaps.yaml")
    combat = {
        "battlefield": "Battlefield 1",
        "assign": {"Alice": [{"unit": "stone-whelp", "damage": 4}]},
    }
    played = play.act(Action.model_validate({"combat": combat}))
    assert isinstance(played, Action)
    assert played.order == {"iron-sentinel": ("ward", "twice")}
    assert play.game.steps[3].description == (
        "Bob assigns 2, in order: iron-sentinel 2: Alice's order ward, then twice; "
        "ward (prevention) 2 -> 1, spent 1, 0 left; twice (doubling) 1 -> 2 = 2"
    )


COLLIDING = """\
ruleset: might
title: A unit named like an assignment
rules: [M-4, P-21]
setup:
  players:
    - name: Alice
      units: [{card: Thornback, at: Battlefield 1}]
    - name: Bob
      units:
        - card: Iron Sentinel
          id: assign Alice
          at: Battlefield 1
          shields: [{id: ward, value: all}]
          doublers: [{id: twice}]
script:
  - combat:
      battlefield: Battlefield 1
      assign: {Alice: [{unit: assign Alice, damage: 3}]}
    order: {assign Alice: [[ward, twice], [twice, ward], [ward, twice]]}
"""


def test_per_event_orders_survive_an_assignment_in_between() -> None:
    # The count of orders used: the combat event uses the first order, Alice's
    # assignment comes next, then Thornback's Barbed Hide (P-21) uses the second (M-4). The
    # unit's id reads like Alice's assignment ("assign Alice"): the assignment must leave the
    # count of the unit's orders used at 1
    play = playthrough_of(COLLIDING, name="gaps.yaml")
    play.run(play.scenario.script)
    orders = [
        s.description.split("Bob's order ")[1].split(";")[0]
        for s in play.game.steps
        if "Bob's order " in s.description
    ]
    assert orders == ["ward, then twice", "twice, then ward"]
    assert not play.failures()


def test_a_set_up_shield_prevents_only_what_it_has_left() -> None:
    # `remaining` of a set-up shield, not its whole value (M3, M-5)
    game = might_game_from_yaml(
        TRIGGERS.replace(
            "units: [{card: Spite Totem}]",
            "units: [{card: Iron Sentinel, shields: [{id: ward, value: 5, remaining: 1}]}]",
        )
    )
    steps = game.deal("iron-sentinel", 3)
    assert steps[0].description == (
        "iron-sentinel takes 2 damage (3: ward (prevention) 3 -> 2, spent 1, 0 left); marked 0 -> 2"
    )
    assert game.table.cards["iron-sentinel"].damage == 2


def test_an_order_for_a_unit_named_like_an_assignment_is_still_refused_unasked() -> None:
    # Orders and assignments are kept apart: a unit whose id reads like Alice's
    # assignment ("assign Alice") still gets the M-4 refusal for an order it was never asked
    play = playthrough_of(
        ORDERS_IN_COMBAT.replace(
            "          doublers: [{id: twice}]\n",
            "          doublers: [{id: twice}]\n        - {card: Stone Whelp, id: assign Alice}\n",
        ),
        name="gaps.yaml",
    )
    combat = {
        "battlefield": "Battlefield 1",
        "assign": {"Alice": [{"unit": "stone-whelp", "damage": 4}]},
    }
    with pytest.raises(RuleError) as refused:
        play.act(
            Action.model_validate({"combat": combat, "order": {"assign Alice": ["ward", "twice"]}})
        )
    assert refused.value.rule == "M-4"
    assert str(refused.value) == (
        "the order given for assign Alice was never asked for: fewer than two replacement "
        "effects applied to it (rule M-4)"
    )
