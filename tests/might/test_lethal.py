"""Lethal damage (M1, M2, M-2, M-3): a nonzero amount at least the unit's Might, or what an
effect sets instead."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
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
    assert cleanup.description == "Cleanup: no unit has lethal damage"
    assert "P-15" in cleanup.rules and not cleanup.changes
