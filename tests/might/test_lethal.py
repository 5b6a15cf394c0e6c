"""Lethal damage (M1, M2, M-2, M-3): a nonzero amount at least the unit's Might, or what an
effect sets instead."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
from engine.might import verdicts
from engine.scenario import game_from_yaml
from tests.support.might_tables import TABLE, TRIGGERS


@pytest.mark.rule("M1", "M-2")
def test_lethal_needs_nonzero_damage_at_least_might() -> None:
    game = game_from_yaml(TABLE)
    table = game.table
    assert not table.is_lethal("hollow-golem")  # 0 Might, no damage
    assert not table.is_lethal("iron-sentinel")  # 2 damage against 4 Might
    game.modify_might("iron-sentinel", -2)
    assert game.table.cards["iron-sentinel"].zone == "trash"  # M2: now lethal at the check


@pytest.mark.rule("M-3")
def test_a_lethal_requirement_of_1_is_allowed_and_0_is_refused() -> None:
    """A lethal requirement is 1 damage or more: 1 is the least allowed (M-3)."""
    game = game_from_yaml(TRIGGERS)
    game.verify_set_lethal_threshold("stone-whelp", 1)
    steps = game.set_lethal_threshold("stone-whelp", 1)
    assert steps[0].description == "stone-whelp: lethal at 1 damage (from playtester) this turn"
    assert steps[0].effect_ids == ("e1",)
    with pytest.raises(RuleError) as refused:
        game.set_lethal_threshold("stone-whelp", 0)
    assert refused.value.rule == "M-3"
    assert str(refused.value) == "a lethal requirement is 1 damage or more, not 0 (rule M-3)"


@pytest.mark.rule("P-15")
def test_a_cleanup_that_finds_nothing_lethal_is_still_a_step() -> None:
    game = game_from_yaml(TABLE)
    dealt, cleanup = game.deal("iron-sentinel", 1)  # 3 damage against 4 Might
    assert dealt.description == "iron-sentinel takes 1 damage (1); marked 2 -> 3"
    assert (
        cleanup.description
        == "Cleanup: no unit has lethal damage: iron-sentinel damage 3 < Might 4"
    )
    assert "P-15" in cleanup.rules and not cleanup.changes


@pytest.mark.rule("M-8")
def test_a_death_says_the_damage_it_compared_with_the_units_might() -> None:
    game = game_from_yaml(TABLE)
    steps = game.deal("iron-sentinel", 3)  # 2 marked before, against 4 Might
    assert steps[-1].description == "iron-sentinel dies: damage 5 >= Might 4"
    assert "M1" in steps[-1].rules


@pytest.mark.rule("M-2")
def test_at_might_0_the_death_says_any_damage_is_lethal() -> None:
    game = game_from_yaml(TABLE)
    game.modify_might("stone-whelp", -2)
    steps = game.deal("stone-whelp", 1)
    assert steps[-1].description == "stone-whelp dies: damage 1 at Might 0 (any damage is lethal)"
    assert {"M1", "M-2"} <= set(steps[-1].rules)


@pytest.mark.rule("M-3")
def test_the_check_compares_with_the_requirement_an_effect_set_not_the_might() -> None:
    game = game_from_yaml(TABLE)
    game.set_lethal_threshold("iron-sentinel", 6)
    steps = game.deal("iron-sentinel", 3)  # 5 damage: lethal for its 4 Might, not for 6
    assert steps[-1].description == (
        "Cleanup: no unit has lethal damage: iron-sentinel damage 5 < lethal 6 (from playtester)"
    )
    assert "M-3" in steps[-1].rules
    steps = game.deal("iron-sentinel", 1)
    assert steps[-1].description == "iron-sentinel dies: damage 6 >= lethal 6 (from playtester)"
    assert "M-3" in steps[-1].rules


@pytest.mark.rule("M-8", "M6")
def test_a_cleanup_names_a_survivor_only_when_its_damage_or_might_changed() -> None:
    game = game_from_yaml(TABLE)  # the sentinel has had 2 damage since the set-up
    steps = game.deal("vanguard-captain", 1)
    assert steps[-1].description == (
        "Cleanup: no unit has lethal damage: vanguard-captain damage 1 < Might 5"
    )
    steps = game.move("iron-sentinel", 1)  # its damage stays (M6): nothing it compares changed
    assert steps[-1].description == "Cleanup: no unit has lethal damage"
    steps = game.modify_might("iron-sentinel", 1)
    assert steps[-1].description == (
        "Cleanup: no unit has lethal damage: iron-sentinel damage 2 < Might 5"
    )


@pytest.mark.rule("M1", "M-3")
def test_a_cleanups_survivors_are_compared_and_cited_as_each_alone() -> None:
    """``verdicts.survived`` works out each survivor's requirement once, for its words and the
    rule it cites: the same as ``compared`` and ``lethal_rules`` on each."""
    game = game_from_yaml(TABLE)
    game.set_lethal_threshold("iron-sentinel", 6)
    game.deal("vanguard-captain", 1)
    table = game.table
    for uids in (["iron-sentinel"], ["vanguard-captain"], ["iron-sentinel", "vanguard-captain"]):
        words, rules = verdicts.survived(table, uids)
        assert words == {uid: verdicts.compared(table, uid, False) for uid in uids}
        assert rules == verdicts.lethal_rules(table, uids)
    assert verdicts.survived(table, ["iron-sentinel", "vanguard-captain"])[1] == ["M1", "M-3"]
    assert verdicts.survived(table, []) == ({}, ["M1"])
