"""Playtester edits in scenario scripts (heal, might, shield, double, lethal, bonus damage,
runes; souls exile and bonus): a script plays them, and `refusal` (what the app asks before
offering an action) agrees with playing them, both when they are allowed and when not."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from engine.errors import RuleError
from engine.might.scenario import Action as MightAction
from engine.might.table import MightTable
from engine.scenario import Playthrough
from engine.souls.scenario import Action as SoulsAction
from engine.souls.table import SoulsTable
from tests.support.might_tables import TABLE
from tests.support.playthroughs import playthrough_of

SOULS = """\
ruleset: souls
title: Edits
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""


playthrough = partial(playthrough_of, name="edits.yaml")


def might_table(play: Playthrough) -> MightTable:
    assert isinstance(play.game.table, MightTable)
    return play.game.table


def souls_table(play: Playthrough) -> SoulsTable:
    assert isinstance(play.game.table, SoulsTable)
    return play.game.table


def act_allowed(play: Playthrough, action: MightAction | SoulsAction) -> None:
    assert play.refusal(action) is None
    steps = len(play.game.steps)
    play.act(action)
    assert len(play.game.steps) > steps


def act_refused(play: Playthrough, action: MightAction | SoulsAction, rule: str) -> None:
    """``refusal`` names the rule, and playing it raises the same and changes nothing."""
    refusal = play.refusal(action)
    assert refusal is not None and refusal.rule == rule
    before = (play.game.table, len(play.game.steps), list(play.actions))
    with pytest.raises(RuleError) as raised:
        play.act(action)
    assert (raised.value.rule, raised.value.message) == (refusal.rule, refusal.message)
    assert (play.game.table, len(play.game.steps), list(play.actions)) == before


def might(data: dict[str, Any]) -> MightAction:
    return MightAction.model_validate(data)


def souls(data: dict[str, Any]) -> SoulsAction:
    return SoulsAction.model_validate(data)


def test_might_heal_removes_damage() -> None:
    play = playthrough(TABLE)
    assert might_table(play).cards["iron-sentinel"].damage == 2
    act_allowed(play, might({"heal": {"target": "iron-sentinel"}}))
    assert might_table(play).cards["iron-sentinel"].damage == 0
    act_refused(play, might({"heal": {"target": "spark"}}), "M-1")  # in hand, not a unit


def test_might_modifier_changes_might() -> None:
    play = playthrough(TABLE)
    act_allowed(play, might({"might": {"target": "stone-whelp", "amount": 3}}))
    assert might_table(play).might("stone-whelp") == 5
    act_refused(play, might({"might": {"target": "nobody", "amount": 1}}), "M-1")


def test_might_shield_and_doubler_are_added_under_their_ids() -> None:
    play = playthrough(TABLE)
    act_allowed(play, might({"shield": {"target": "iron-sentinel", "value": 2, "id": "w2"}}))
    act_allowed(play, might({"double": {"target": "iron-sentinel", "id": "d2"}}))
    card = might_table(play).cards["iron-sentinel"]
    assert [(s.id, s.remaining) for s in card.shields] == [("w2", 2)]
    assert [d.id for d in card.doublers] == ["d2"]
    act_refused(play, might({"shield": {"target": "nobody", "value": 2}}), "M-1")
    act_refused(play, might({"double": {"target": "nobody"}}), "M-1")


def test_might_lower_lethal_threshold_kills_at_the_check() -> None:
    play = playthrough(TABLE)
    assert not might_table(play).is_lethal("iron-sentinel")  # 2 damage, 4 Might
    act_allowed(play, might({"lethal": {"target": "iron-sentinel", "threshold": 2}}))
    assert might_table(play).cards["iron-sentinel"].zone == "trash"
    act_refused(play, might({"lethal": {"target": "nobody", "threshold": 2}}), "M-1")


def test_might_bonus_damage_and_runes_go_to_the_named_player() -> None:
    play = playthrough(TABLE)
    act_allowed(play, might({"bonus_damage": {"player": "Bob", "amount": 1}}))
    act_allowed(play, might({"add_runes": {"player": "Bob", "amount": 2}}))
    alice, bob = might_table(play).players
    assert (len(alice.bonus_damage), len(bob.bonus_damage)) == (0, 1)
    assert (alice.runes, bob.runes) == (1, 2)
    for action in (
        {"bonus_damage": {"player": "Zed", "amount": 1}},
        {"add_runes": {"player": "Zed", "amount": 1}},
    ):
        act_refused(play, might(action), "M-1")
        refusal = play.refusal(might(action))
        assert refusal is not None and refusal.message == "there is no player 'Zed' (Alice, Bob)"


def test_souls_exile_frees_the_slot_of_a_captured_soul() -> None:
    play = playthrough(SOULS)
    act_refused(play, souls({"exile": {"target": "ember-imp"}}), "14.5.1")  # not captured yet
    play.act(
        souls({"attack": {"attacker": "thorn-squire", "target": "ember-imp"}}), open_windows=False
    )
    assert souls_table(play).cards["ember-imp"].face_down
    act_allowed(play, souls({"exile": {"target": "ember-imp"}}))
    imp = souls_table(play).cards["ember-imp"]
    assert (imp.zone, imp.slot) == ("exile", None)
    assert play.game.steps[-1].description == "ember-imp is exiled: slot A1 is free again"


def test_souls_bonus_raises_power_in_fives() -> None:
    play = playthrough(SOULS)
    power = souls_table(play).power("thorn-squire")
    act_allowed(play, souls({"bonus": {"target": "thorn-squire", "stat": "power", "amount": 5}}))
    assert souls_table(play).power("thorn-squire") == power + 5
    act_refused(
        play, souls({"bonus": {"target": "thorn-squire", "stat": "power", "amount": 2}}), "S-5"
    )
    act_refused(play, souls({"bonus": {"target": "nobody", "stat": "power", "amount": 5}}), "S-4")
