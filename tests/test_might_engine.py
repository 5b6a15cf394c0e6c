"""The might engine through its API: lethal checks, replacements, chain, combat, expiration."""

from __future__ import annotations

import pytest

from engine.changes import Died, Replaced
from engine.choices import Answer, Assigned, Choice
from engine.errors import RuleError
from engine.might.combat import default_assignment, verify_assignment
from engine.might.damage import resolve_event
from engine.scenario import might_game_from_yaml
from tests.support.game_state import assert_unchanged, whole_state
from tests.support.might_tables import TABLE


def test_lethal_needs_nonzero_damage_at_least_might() -> None:  # M1, M-2
    game = might_game_from_yaml(TABLE)
    table = game.table
    assert not table.is_lethal("hollow-golem")  # 0 Might, no damage
    assert not table.is_lethal("iron-sentinel")  # 2 damage against 4 Might
    game.modify_might("iron-sentinel", -2)
    assert game.table.cards["iron-sentinel"].zone == "trash"  # M2: now lethal at the check


def test_replacement_orders_change_the_outcome() -> None:  # M8
    table = might_game_from_yaml(TABLE).table
    prevent_first, _ = resolve_event(table, "hollow-golem", 2, 0, "spell", None, ["ward", "twice"])
    double_first, card = resolve_event(
        table, "hollow-golem", 2, 0, "spell", None, ["twice", "ward"]
    )
    assert (prevent_first.final, prevent_first.replacements[0].left) == (0, "1")
    assert (double_first.final, double_first.replacements[1].left) == (1, "0")
    assert card.shields[0].remaining == 0
    assert table.cards["hollow-golem"].shields[0].remaining == 3  # the snapshot is untouched


def test_order_naming_wrong_effects_is_rejected_and_changes_nothing() -> None:  # M-4
    def chooser(choice: Choice) -> Answer:
        return ("ward", "nonsense")

    game = might_game_from_yaml(TABLE, chooser)
    before = whole_state(game)
    with pytest.raises(RuleError) as error:
        game.deal("hollow-golem", 2)
    assert error.value.rule == "M-4" and "ward, twice" in error.value.message
    assert_unchanged(before, game)


def test_fully_prevented_damage_triggers_nothing() -> None:  # M4, M-5
    game = might_game_from_yaml(
        TABLE.replace(
            "{card: Thornback, at: Battlefield 1}",
            "{card: Thornback, at: Battlefield 1, shields: [{value: all}]}",
        )
    )
    steps = game.deal("thornback", 3)
    assert game.table.cards["thornback"].damage == 0
    assert not game.table.chain
    assert not any(c.kind == "triggered" for s in steps for c in s.changes)


def test_spell_waits_on_the_chain_for_a_reaction() -> None:  # M5, M-7
    game = might_game_from_yaml(TABLE)
    game.deal("stone-whelp", 1)
    game.play("spark", "stone-whelp")
    assert game.can_play("bulwark", "stone-whelp")
    assert not game.can_play("enfeeble", "stone-whelp")  # a normal spell needs an empty chain
    game.play("bulwark", "stone-whelp")
    game.resolve()
    assert game.table.cards["stone-whelp"].damage == 1  # Bulwark resolved first and prevented 2
    with pytest.raises(RuleError) as error:
        game.play("quick-mend", "stone-whelp")  # no window once the chain is empty
    assert error.value.rule == "M-7"


def test_move_recall_ready_exhaust_keep_damage() -> None:  # M6, M-6
    game = might_game_from_yaml(TABLE)
    game.move("iron-sentinel", 1)
    game.set_ready("iron-sentinel", False)
    game.set_ready("iron-sentinel", True)
    game.recall("iron-sentinel")
    assert game.table.cards["iron-sentinel"].damage == 2
    game.return_to_hand("iron-sentinel")
    assert game.table.cards["iron-sentinel"].damage == 0


def seq(*entries: tuple[str, int]) -> tuple[Assigned, ...]:
    return tuple(Assigned(unit=unit, damage=damage) for unit, damage in entries)


def test_assignment_limits() -> None:  # M-10, checked in the order assigned
    needs = {"a": 2, "b": 3, "c": None}
    assert default_assignment(needs, 4) == seq(("a", 2), ("b", 2))
    assert default_assignment(needs, 7) == seq(("a", 2), ("b", 3), ("c", 2))  # the rest last
    verify_assignment(needs, 4, seq(("b", 3), ("a", 1)))  # b lethal first, then a partial
    verify_assignment(needs, 7, seq(("c", 2), ("b", 3), ("a", 2)))  # all lethal: rest anywhere
    bad = {
        "a partial before b": seq(("a", 1), ("b", 3)),
        "b partial before a": seq(("b", 2), ("a", 2)),
        "over lethal": seq(("a", 4)),
        "never-lethal first": seq(("c", 4)),
        "short": seq(("a", 2)),
        "twice": seq(("a", 2), ("a", 2)),
        "zero": seq(("a", 2), ("b", 2), ("c", 0)),
        "unknown": seq(("x", 4)),
    }
    for name, assignment in bad.items():
        with pytest.raises(RuleError) as error:
            verify_assignment(needs, 4, assignment)
        assert error.value.rule == "M-10", name


def test_combat_cleanup_heals_the_whole_table_and_recalls() -> None:  # M9, M-12
    game = might_game_from_yaml(TABLE)
    steps = game.combat(0)
    phases = [s.phase for s in steps]
    assert any("1. Deaths" in p for p in phases) and any("2. Heal" in p for p in phases)
    assert game.table.cards["iron-sentinel"].damage == 0  # a survivor at base healed
    died = {c.card for s in steps for c in s.changes if isinstance(c, Died)}
    assert "thornback" in died
    assert any(isinstance(c, Replaced) for s in steps for c in s.changes)
    assert game.table.combat is None


def test_expiration_heals_before_this_turn_effects_end() -> None:  # M11
    game = might_game_from_yaml(TABLE)
    game.modify_might("stone-whelp", 2)  # 4 Might this turn
    game.deal("stone-whelp", 3)
    steps = game.end_turn()
    assert game.table.cards["stone-whelp"].zone == "battlefield"
    assert game.table.cards["stone-whelp"].damage == 0 and game.table.might("stone-whelp") == 2
    labels = [s.phase[-1] for s in steps]
    assert labels.index("(b) Heal") < labels.index('(c) "This turn" effects end')
    assert game.table.turn_player == 1


def test_one_order_per_damage_event_replays_the_same() -> None:  # M-4, M8
    from engine.might.runner import nth_order

    assert nth_order(("a", "b"), 3) == ("a", "b")
    assert nth_order((("a", "b"), ("b", "a")), 1) == ("b", "a")
    assert nth_order((("a", "b"), ("b", "a")), 5) == ("b", "a")
