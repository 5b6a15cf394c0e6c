"""Invariants of the might engine under random edits (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import RuleError
from engine.might.replacements import resolve_event
from engine.scenario import game_from_yaml
from tests.support.game_state import assert_unchanged, whole_state
from tests.support.might_tables import TABLE

UNITS = [
    "vanguard-captain",
    "stone-whelp",
    "iron-sentinel",
    "thornback",
    "hollow-golem",
    "ash-martyr",
]
EDITS = st.tuples(
    st.sampled_from(["deal", "heal", "might", "shield", "double", "move", "combat", "end_turn"]),
    st.sampled_from(UNITS),
    st.integers(min_value=-3, max_value=6),
)


def apply(game, edit):  # type: ignore[no-untyped-def]
    kind, unit, amount = edit
    if kind == "deal":
        return game.deal(unit, max(0, amount))
    if kind == "heal":
        return game.heal(unit)
    if kind == "might":
        return game.modify_might(unit, amount)
    if kind == "shield":
        return game.add_shield(unit, max(0, amount))
    if kind == "double":
        return game.add_doubler(unit)
    if kind == "move":
        return game.move(unit, amount % 2)
    if kind == "combat":
        return game.combat(amount % 2)
    return game.end_turn()


@settings(max_examples=60, deadline=None)
@given(st.lists(EDITS, max_size=10))
def test_after_every_action_no_lethal_unit_remains(edits) -> None:  # type: ignore[no-untyped-def]
    game = game_from_yaml(TABLE)
    for edit in edits:
        before = whole_state(game)
        try:
            apply(game, edit)
        except RuleError:
            assert_unchanged(before, game)  # chain, combat, id counter and chooser included
            continue
        current = game.table
        assert not current.chain and current.combat is None
        for unit in current.units():
            assert not current.is_lethal(unit.uid)  # M-8: the cleanup ran
            for shield in unit.shields:
                assert shield.remaining is None or 0 <= shield.remaining <= int(shield.value)
        for card in current.cards.values():
            assert card.damage >= 0
            if card.zone not in ("base", "battlefield"):
                assert card.damage == 0  # M-6: leaving the table clears damage


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=0, max_value=20), st.integers(min_value=1, max_value=10), st.booleans()
)
def test_prevention_spends_only_what_it_prevents(amount: int, shield: int, doubled: bool) -> None:
    text = TABLE.replace(
        "shields: [{id: ward, value: 3}]", f"shields: [{{id: ward, value: {shield}}}]"
    )
    if not doubled:
        text = text.replace("doublers: [{id: twice}]", "doublers: []")
    table = game_from_yaml(text).table
    order = ["ward", "twice"] if doubled else ["ward"]
    event, card = resolve_event(table, "hollow-golem", amount, 0, "spell", None, order)
    spent = event.replacements[0].spent or 0
    assert spent == min(amount, shield)  # M3
    assert card.shields[0].remaining == shield - spent
    assert event.final == (amount - spent) * (2 if doubled else 1)
