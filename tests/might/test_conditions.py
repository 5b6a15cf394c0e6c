"""Conditions on effects (``only_if``, ``unless``: P-36) and amounts counted from the table
(``damage_on``, ``count``, ``each``, ``minimum``: P-37): each read as the effect resolves and on the
record, and the ones that could never be read refused at ``check``."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from engine.errors import ScenarioError
from engine.might.conditions import (
    AllOf,
    AnyOf,
    Condition,
    Context,
    GearCount,
    Not,
    UnitCount,
    UnitIs,
    YouHold,
    holds,
)
from engine.might.game import MightGame
from engine.scenario import game_from_yaml


def game(
    cards: str = "", alice: str = "", bob: str = "", alice_gear: str = "", bob_gear: str = ""
) -> MightGame:
    cards = cards or spell("{do: heal}")
    text = f"""\
ruleset: might
title: conditions
rules: [P-36]
cards: [{cards}, {{name: Cog, kind: gear}}]
setup:
  players:
    - name: Alice
      hand: [{{card: Test}}]
      units: [{alice}]
      gear: [{alice_gear}]
    - name: Bob
      units: [{bob}]
      gear: [{bob_gear}]
"""
    return cast(MightGame, game_from_yaml(text))


def spell(effect: str) -> str:
    return f"{{name: Test, kind: spell, target: {{side: any}}, effects: [{effect}]}}"


@pytest.mark.parametrize(
    ("unit", "state", "expected"),
    [
        ("{card: Stone Whelp, damage: 1}", "damaged", True),
        ("{card: Stone Whelp}", "damaged", False),
        ("{card: Stone Whelp}", "undamaged", True),
        ("{card: Stone Whelp, exhausted: true}", "exhausted", True),
        ("{card: Stone Whelp, exhausted: true}", "ready", False),
        ("{card: Stone Whelp, at: Battlefield 1}", "at_a_battlefield", True),
        ("{card: Stone Whelp, at: Battlefield 1}", "at_base", False),
        ("{card: Stone Whelp, stunned: true}", "stunned", True),
        ("{card: Stone Whelp}", "attacking", False),
    ],
)
def test_a_unit_state_is_read_from_the_table(unit: str, state: str, expected: bool) -> None:
    table = game(bob=unit).table
    context = Context(me=None, target="stone-whelp", controller=0)
    assert holds(table, UnitIs(unit="target", state=state), context) is expected  # type: ignore[arg-type]


def test_a_unit_off_the_table_is_in_no_state() -> None:
    table = game(bob="{card: Stone Whelp}").table
    context = Context(me=None, target="gone", controller=0)
    assert not holds(table, UnitIs(unit="target", state="undamaged"), context)
    assert not holds(table, UnitIs(unit="source", state="undamaged"), context)


def test_counts_and_holdings() -> None:
    table = game(
        alice="{card: Iron Sentinel}",
        bob="{card: Stone Whelp, at: Battlefield 1}, {card: Hollow Golem, at: Battlefield 1}",
    ).table
    mine = Context(me="iron-sentinel", controller=0)
    assert holds(table, UnitCount(count="enemy_units", at_least=2), mine)
    assert not holds(table, UnitCount(count="enemy_units", at_most=1), mine)
    assert holds(table, UnitCount(count="units", at_least=3, at_most=3), mine)
    assert holds(table, UnitCount(count="units", here=True, at_most=1), mine)  # its base
    there = Context(me=None, controller=0, battlefield=0)
    assert holds(table, UnitCount(count="enemy_units", here=True, at_least=2), there)
    assert holds(table, YouHold(you_hold=0), mine)
    assert not holds(table, YouHold(you_hold=1), mine)


def test_a_failed_condition_stops_only_its_own_effect() -> None:
    g = game(
        spell(
            "{do: damage, amount: 2, only_if: {unit: target, state: damaged}}, "
            "{do: exhaust, unless: {unit: target, state: exhausted}}"
        ),
        bob="{card: Iron Sentinel}",
    )
    steps = [*g.play("test", "iron-sentinel"), *g.resolve()]
    said = [s.description for s in steps if "P-36" in s.rules]
    assert said == [
        "damage only if the target is damaged: false, so nothing happens",
        "exhaust unless the target is exhausted: false",
    ]
    assert g.table.cards["iron-sentinel"].damage == 0
    assert g.table.cards["iron-sentinel"].exhausted


def test_an_amount_below_its_minimum_is_raised_on_the_record() -> None:
    g = game(
        spell("{do: damage, amount: {damage_on: target, minimum: 1}}"),
        bob="{card: Iron Sentinel}",
    )
    steps = [*g.play("test", "iron-sentinel"), *g.resolve()]
    assert any(
        s.description == "The amount is the damage on iron-sentinel: 0, raised to its minimum of 1"
        for s in steps
    )
    assert g.table.cards["iron-sentinel"].damage == 1


def test_a_count_lowers_might_by_each_and_raises_damage_by_each_on_the_record() -> None:
    g = game(
        spell("{do: might, amount: {count: friendly_units, each: -1}}"),
        alice="{card: Stone Whelp}, {card: Thornback}",
        bob="{card: Iron Sentinel}",
    )
    steps = [*g.play("test", "iron-sentinel"), *g.resolve()]
    assert "The amount is the number of friendly units: 2, -1 for each: -2" in [
        s.description for s in steps
    ]
    assert g.table.might("iron-sentinel") == 2
    g = game(
        spell("{do: damage, amount: {damage_on: target, each: 2}}"),
        bob="{card: Iron Sentinel, damage: 1}",
    )
    steps = [*g.play("test", "iron-sentinel"), *g.resolve()]
    assert "The amount is the damage on iron-sentinel: 1, +2 for each: 2" in [
        s.description for s in steps
    ]
    assert g.table.cards["iron-sentinel"].damage == 3


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            spell("{do: damage, amount: {count: units, each: -1}}"),
            "damage is never negative: each must be at least 1",
        ),
        (spell("{do: might, amount: {count: units, each: 0}}"), "each: 0 makes the amount"),
        (
            spell("{do: might, amount: {count: units, each: -1, minimum: 1}}"),
            "a minimum can't go with a negative each",
        ),
        (spell("{do: heal, only_if: {unit: self, state: damaged}}"), "use target"),
        (
            "{name: Test, kind: unit, abilities: [{when: played, effects: [{do: heal, "
            "target: self, unless: {unit: target, state: damaged}}]}]}",
            "unit target: it chooses no target: add `target:`, or use self$",  # nor a source
        ),
        (
            spell("{do: heal, only_if: {count: units, here: true, at_least: 1}}"),
            "a spell is at no place",
        ),
        (spell("{do: damage, amount: {count: units, here: true}}"), "a spell is at no place"),
        (
            "{name: Test, kind: unit, abilities: [{when: played, effects: [{do: damage, "
            "target: self, amount: {damage_on: target}}]}]}",
            "can't read the damage on target",
        ),
        (spell("{do: heal, only_if: {count: units}}"), "a count needs at_least or at_most"),
        (
            "{name: Test, kind: unit, auras: [{might: 1, only_while: {count: units, "
            "at_least: 1}}]}",
            "counts of units are for effects",
        ),
        (spell("{do: heal, only_if: {unit: target, stat: damaged}}"), "did you mean 'state'"),
    ],
)
def test_conditions_that_could_never_be_read_are_refused(card: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        game(card)


def test_combined_conditions_read_each_part_as_it_would_alone() -> None:
    table = game(alice="{card: Iron Sentinel}", bob="{card: Stone Whelp, damage: 1}").table
    context = Context(me="iron-sentinel", target="stone-whelp", controller=0)
    damaged = UnitIs(unit="target", state="damaged")
    held = YouHold(you_hold=1)
    assert holds(table, AllOf(all=(damaged, Not.model_construct(not_=held))), context)
    assert not holds(table, AllOf(all=(damaged, held)), context)
    assert holds(table, AnyOf(any=(held, damaged)), context)
    assert not holds(table, Not.model_construct(not_=damaged), context)


STATES = st.sampled_from(["damaged", "undamaged", "exhausted", "ready", "at_base", "stunned"])


@given(STATES, STATES)
@settings(max_examples=30, deadline=None)
def test_all_any_and_not_are_and_or_and_not(first: str, second: str) -> None:
    table = game(bob="{card: Stone Whelp, damage: 1}").table
    context = Context(me=None, target="stone-whelp", controller=0)
    a = UnitIs(unit="target", state=first)  # type: ignore[arg-type]
    b = UnitIs(unit="target", state=second)  # type: ignore[arg-type]
    one, two = holds(table, a, context), holds(table, b, context)
    assert holds(table, AllOf(all=(a, b)), context) == (one and two)
    assert holds(table, AnyOf(any=(a, b)), context) == (one or two)
    both_not = AllOf(all=(Not.model_construct(not_=a), Not.model_construct(not_=b)))
    assert holds(table, both_not, context) == (not holds(table, AnyOf(any=(a, b)), context))


def test_the_step_reads_a_combined_condition_with_each_parts_value() -> None:
    g = game(
        spell(
            "{do: heal, only_if: {all: [{unit: target, state: damaged}, "
            "{not: {you_hold: 1}}]}}, "
            "{do: exhaust, unless: {any: [{unit: target, state: exhausted}, "
            "{unit: target, state: undamaged}]}}"
        ),
        bob="{card: Iron Sentinel, damage: 1}",
    )
    steps = [*g.play("test", "iron-sentinel"), *g.resolve()]
    said = [s.description for s in steps if "P-36" in s.rules]
    assert said == [
        "heal only if the target is damaged [true] and not (you hold at least 1 battlefield "
        "[false]): true",
        "exhaust unless the target is exhausted [false] or the target is undamaged [true]: "
        "true, so nothing happens",
    ]
    assert not g.table.cards["iron-sentinel"].exhausted


def test_a_combined_condition_describes_itself_as_the_card_reads() -> None:
    condition = TypeAdapter(Condition).validate_python(
        {
            "all": [
                {"unit": "self", "state": "damaged"},
                {"any": [{"count": "enemy_units", "here": True, "at_least": 2}, {"you_hold": 1}]},
            ]
        }
    )
    assert condition.describe() == (
        "it is damaged and (at least 2 enemy units here or you hold at least 1 battlefield)"
    )


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            spell("{do: heal, only_if: {all: [{unit: target, state: damaged}]}}"),
            "all and any combine 2 or more conditions; for one, write it alone",
        ),
        (
            spell("{do: heal, only_if: {not: {any: [{you_hold: 1}, {unit: self, state: ready}]}}}"),
            r"effects\[0\].only_if: a spell's condition can't be about unit self: use target",
        ),
        (
            spell("{do: heal, unless: {all: [{you_hold: 1}, {moved: source, at_least: 1}]}}"),
            r"effects\[0\].unless: a spell's condition can't be about unit source",
        ),
        (
            "{name: Test, kind: unit, auras: [{might: 1, only_while: {all: [{you_hold: 1}, "
            "{not: {count: units, at_least: 1}}]}}]}",
            r"auras\[0\].only_while: an aura's only_while is a state of its unit or you_hold; "
            "counts of units are for effects",
        ),
        (
            "{name: Test, kind: unit, auras: [{might: 1, only_while: {any: [{you_hold: 1}, "
            "{unit: target, state: damaged}]}}]}",
            "an aura's only_while is about its own unit: use unit: self",
        ),
        (
            "{name: Test, kind: unit, auras: [{might: 1, only_while: {moved: self, at_least: 1}}]}",
            "what happened this turn is for effects and activated abilities",
        ),
        (
            spell("{do: heal, only_if: {not: {unit: target, stat: damaged}}}"),
            r"only_if.not.stat: unknown key 'stat' \(did you mean 'state'",
        ),
        (spell("{do: heal, only_if: {played: spell, at_least: 1}}"), "did you mean 'spells'"),
        (spell("{do: heal, only_if: {moved: target}}"), "a count needs at_least or at_most"),
    ],
)
def test_combined_conditions_that_could_never_be_read_are_refused(card: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        game(card)


@pytest.mark.rule("P-112")
def test_a_count_of_gear_reads_the_gear_each_player_controls() -> None:
    table = game(
        alice="{card: Iron Sentinel}",
        alice_gear="{card: Cog, id: cog-1}, {card: Cog, id: cog-2}",
        bob_gear="{card: Cog, id: cog-3}",
    ).table
    alice, bob = Context(me=None, controller=0), Context(me=None, controller=1)
    assert holds(table, GearCount(gear="friendly", at_least=2, at_most=2), alice)
    assert holds(table, GearCount(gear="friendly", at_most=1), bob)
    assert holds(table, GearCount(gear="enemy", at_least=2), bob)
    assert holds(table, GearCount(gear="any", at_least=3, at_most=3), alice)
    assert not holds(table, UnitCount(count="units", at_least=2), alice)  # gear is no unit
    no_gear = game(alice="{card: Iron Sentinel}").table
    assert not holds(no_gear, GearCount(gear="any", at_least=1), alice)


@pytest.mark.rule("P-112")
def test_an_effect_that_asks_for_a_gear_reads_it_on_the_record() -> None:
    g = game(
        spell("{do: exhaust, only_if: {gear: friendly, at_least: 1}}"),
        bob="{card: Iron Sentinel}",
        alice_gear="{card: Cog}",
    )
    steps = [*g.play("test", "iron-sentinel"), *g.resolve()]
    read = next(s for s in steps if "P-36" in s.rules)
    assert read.description == "exhaust only if you control at least 1 gear: true"
    assert list(read.rules) == ["P-36", "P-112"]
    assert g.table.cards["iron-sentinel"].exhausted


@pytest.mark.rule("P-112")
def test_an_aura_can_not_count_gear() -> None:
    with pytest.raises(ScenarioError, match="an aura's only_while .* counts of gear are for"):
        game("{name: Test, kind: unit, auras: [{might: 1, only_while: {gear: any, at_least: 1}}]}")
