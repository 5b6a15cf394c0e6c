"""Playtester edits on the might table (P-14): each is the playtester's, on its unit, named
as the script names it, and refused with a rule when it cannot be made."""

from __future__ import annotations

import pytest

from engine.might.scenario import Action
from engine.scenario import game_from_yaml
from engine.timeline import Cause
from tests.support.game_state import assert_refused
from tests.support.might_tables import EDITS, TABLE, TRIGGERS
from tests.support.playthroughs import playthrough_of


def test_bad_edits_are_refused_with_a_rule() -> None:
    game = game_from_yaml(TABLE)
    assert_refused(game, lambda: game.add_runes(0, -5), "M-1")  # a pool never below 0
    assert_refused(game, lambda: game.add_runes(2, 1), "M-1")  # no such player
    assert_refused(game, lambda: game.grant_bonus_damage(-1, 1), "M-1")
    assert_refused(game, lambda: game.deal("iron-sentinel", -3), "M-4")
    assert_refused(game, lambda: game.deal("nobody", 3), "M-1")
    assert_refused(game, lambda: game.set_lethal_threshold("iron-sentinel", 0), "M-3")
    assert_refused(game, lambda: game.heal("spark"), "M-1")  # in hand, not on the table
    assert_refused(game, lambda: game.move("nobody", 0), "M-1")
    assert_refused(game, lambda: game.play("spark", "nobody"), "M-1")
    assert_refused(game, lambda: game.combat(7), "M-9")


def test_a_shield_made_in_play_is_named_by_the_script_and_shown() -> None:
    game = game_from_yaml(TABLE)
    steps = game.add_shield("iron-sentinel", 2, effect_id="my-ward")
    assert "prevention my-ward (2 left of 2)" in steps[0].description
    assert [s.id for s in game.table.cards["iron-sentinel"].shields] == ["my-ward"]
    assert_refused(game, lambda: game.add_doubler("iron-sentinel", effect_id="my-ward"), "M-4")
    assert_refused(game, lambda: game.add_shield("iron-sentinel", 1, effect_id="e9"), "M-4")
    unnamed = game.add_doubler("iron-sentinel")[0].description
    number = game.table.next_id - 1  # created ids are e<n>, in creation order, and shown
    assert f"doubling e{number}" in unnamed
    # the id of an effect a step makes is given beside its words, not in them
    assert game.modify_might("iron-sentinel", 1)[0].effect_ids == (f"e{number + 1}",)
    lethal = game.set_lethal_threshold("iron-sentinel", 9)[0]
    assert (lethal.description, lethal.effect_ids) == (
        "iron-sentinel: lethal at 9 damage (from playtester) this turn",
        (f"e{number + 2}",),
    )
    assert game.grant_bonus_damage(0, 1)[0].effect_ids == (f"e{number + 3}",)


@pytest.mark.rule("M6", "M-6")
def test_a_playtesters_heal_is_caused_by_the_playtester_on_the_unit_m6() -> None:
    # the cause names the healed unit, the step cites M6 (and M-6)
    steps = game_from_yaml(EDITS).heal("stone-whelp")
    assert steps[0].description == "heal: stone-whelp damage 1 -> 0"
    assert steps[0].rules == ("M6", "M-6")
    assert steps[0].cause == Cause(kind="playtester", card="stone-whelp", text="heal stone-whelp")


@pytest.mark.rule("M3")
def test_a_playtesters_shield_is_the_playtesters_on_the_unit_m3() -> None:
    # the cause names the unit, the shield's source is the playtester
    game = game_from_yaml(EDITS)
    steps = game.add_shield("iron-sentinel", 2)
    assert steps[0].description == "iron-sentinel gets prevention e1 (2 left of 2) this turn"
    assert steps[0].cause == Cause(
        kind="playtester", card="iron-sentinel", text="prevention 2 on iron-sentinel"
    )
    shield = game.table.cards["iron-sentinel"].shields[0]
    assert (shield.source, shield.owner) == ("playtester", 1)


@pytest.mark.rule("M3")
def test_a_shield_of_0_is_a_legal_edit_m3() -> None:
    # prevention is a value of 0 or more (M3), so 0 is accepted
    steps = game_from_yaml(EDITS).add_shield("iron-sentinel", 0, effect_id="nothing")
    assert steps[0].description == "iron-sentinel gets prevention nothing (0 left of 0) this turn"


@pytest.mark.rule("M8")
def test_a_playtesters_doubler_is_caused_by_the_playtester_on_the_unit_m8() -> None:
    # the cause names the unit
    steps = game_from_yaml(EDITS).add_doubler("iron-sentinel", effect_id="twice")
    assert steps[0].cause == Cause(
        kind="playtester", card="iron-sentinel", text="doubling on iron-sentinel"
    )


@pytest.mark.rule("M-1")
def test_adding_0_runes_is_a_legal_edit_m1() -> None:
    # add 0 or more runes (M-1), so 0 is accepted and changes nothing
    game = game_from_yaml(EDITS)
    steps = game.add_runes(0, 0)
    assert steps[0].cause == Cause(kind="playtester", card=None, text="add 0 runes")
    assert game.table.players[0].runes == 1


@pytest.mark.rule("M-4")
def test_an_edit_naming_an_engine_id_is_refused_before_it_is_played_m4() -> None:
    # the id of a shield or doubler edit is checked (M-4)
    play = playthrough_of(EDITS, name="edits.yaml")
    shield = {"shield": {"target": "iron-sentinel", "id": "e7", "value": 1}}
    double = {"double": {"target": "iron-sentinel", "id": "e7"}}
    for edit in (Action.model_validate(shield), Action.model_validate(double)):
        assert play.why_not(edit) == (
            "e7: ids e1, e2, ... are numbered by the engine; choose another (rule M-4)"
        )


SCRIPTED_EDITS = """\
ruleset: might
title: Edits written in a script
rules: [M-2, M-4]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp}]
    - name: Bob
      units: [{card: Hollow Golem}]
script:
  - deal: {target: hollow-golem, amount: 1, bonus: 1}
  - might: {target: stone-whelp, amount: 2, duration: permanent}
  - lethal: {target: stone-whelp, threshold: 5, duration: until_your_next_turn}
  - bonus_damage: {player: Alice, amount: 1, scope: spell, duration: permanent}
"""


@pytest.mark.rule("M-2", "M-4")
def test_a_scripted_edit_keeps_every_argument_it_is_given() -> None:
    # each script edit is the game's own edit with all its arguments (M-2, M-4)
    play = playthrough_of(SCRIPTED_EDITS, "edits.yaml")
    play.run(play.scenario.script)
    by_hand = game_from_yaml(SCRIPTED_EDITS)
    by_hand.deal("hollow-golem", 1, "spell", 1)
    by_hand.modify_might("stone-whelp", 2, "permanent")
    by_hand.set_lethal_threshold("stone-whelp", 5, "until_your_next_turn")
    by_hand.grant_bonus_damage(0, 1, "spell", "permanent")
    assert [s.description for s in play.game.steps] == [s.description for s in by_hand.steps]
    assert play.game.table == by_hand.table


@pytest.mark.rule("M-4")
def test_a_playtesters_damage_is_caused_by_the_playtester_on_the_unit() -> None:
    """A playtester's damage event names the damaged unit in its cause (M-4)."""
    steps = game_from_yaml(TRIGGERS).deal("stone-whelp", 1)
    assert steps[0].description == "stone-whelp takes 1 damage (1); marked 0 -> 1"
    assert steps[0].cause == Cause(
        kind="playtester", card="stone-whelp", text="deal 1 to stone-whelp"
    )


@pytest.mark.rule("M-2")
def test_a_playtesters_might_edit_is_caused_by_the_playtester_on_the_unit() -> None:
    # the cause names the edited unit (M-2)
    steps = game_from_yaml(TRIGGERS).modify_might("stone-whelp", 3)
    assert steps[0].description == (
        "stone-whelp gets +3 Might from playtester this turn: Might 2 -> 5"
    )
    assert steps[0].with_effect_ids() == f"{steps[0].description} (effect e1)"
    assert steps[0].cause == Cause(
        kind="playtester", card="stone-whelp", text="+3 Might to stone-whelp"
    )


@pytest.mark.rule("M-3")
def test_a_playtesters_lethal_edit_is_caused_by_the_playtester_on_the_unit() -> None:
    """A playtester's lethal requirement names the edited unit in its cause (M-3)."""
    steps = game_from_yaml(TRIGGERS).set_lethal_threshold("stone-whelp", 2)
    assert steps[0].description == "stone-whelp: lethal at 2 damage (from playtester) this turn"
    assert steps[0].cause == Cause(
        kind="playtester", card="stone-whelp", text="lethal at 2 for stone-whelp"
    )
