"""Conditions on souls effects (P-50): ``only_if``/``unless`` read as each effect resolves, on
the record either way; a card's state, line and numbers, counts of Souls, and ``all_of``,
``any_of``, ``none_of``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.scenario import game_from_yaml
from engine.souls.conditions import (
    AllOf,
    AnyOf,
    Condition,
    NoneOf,
    Reading,
    SoulCount,
    explain,
)
from engine.souls.game import SoulsGame
from tests.support.playthroughs import steps_matching

TABLE = """\
ruleset: souls
title: Conditions
rules: [P-50]
cards:
{cards}
setup:
  players:
    - name: Alice
      realm: {{card: Old Keep}}
      slots:
        A1: {{card: Thorn Squire, damage: 5}}
        A2: {{card: Mossback Guard}}
      hand: [{hand}]
    - name: Bob
      realm: {{card: Ember Citadel}}
      slots:
        A1: {{card: Ember Imp}}
        B1: {{card: Blood Priest}}
        C1: {{card: Ash Zealot, captured: true}}
"""


def table(cards: str = "", hand: str = "") -> SoulsGame:
    game = game_from_yaml(TABLE.format(cards=cards or "  []", hand=hand))
    assert isinstance(game, SoulsGame)
    return game


def spell(effects: str, target: str = "{side: enemy, kind: soul}") -> str:
    return f"  - {{name: Test Spell, kind: spell, target: {target}, effects: [{effects}]}}"


@pytest.mark.rule("P-50")
def test_a_condition_is_read_as_its_effect_resolves_not_when_the_card_is_played() -> None:
    game = table(
        spell(
            "{do: damage, amount: 5}, "
            "{do: damage, amount: 10, only_if: {soul: target, state: damaged}}"
        ),
        "{card: Test Spell}",
    )
    steps = game.play("test-spell", target="blood-priest")
    assert game.table.cards["blood-priest"].damage == 15  # the first effect damaged it
    [read] = steps_matching(steps, "only if the target (blood-priest) is damaged: true")
    assert read.rules == ("P-50",)


@pytest.mark.rule("P-50")
def test_a_failed_condition_stops_its_own_effect_only_and_says_so() -> None:
    game = table(
        spell(
            "{do: damage, amount: 10, only_if: {soul: target, state: damaged}}, "
            "{do: damage, amount: 5, unless: {soul: target, line: back}}"
        ),
        "{card: Test Spell}",
    )
    steps = game.play("test-spell", target="blood-priest")
    assert game.table.cards["blood-priest"].damage == 5
    assert steps_matching(steps, "damage only if the target (blood-priest) is damaged: false, so")
    assert steps_matching(steps, "damage unless the target (blood-priest) is in the Back Line: f")


@pytest.mark.rule("P-50")
@pytest.mark.parametrize(
    ("condition", "held"),
    [
        ("{soul: self, state: damaged}", True),
        ("{soul: self, state: undamaged}", False),
        ("{soul: self, line: front, hp_at_most: 15}", True),
        ("{soul: self, hp_at_least: 20}", False),
        ("{soul: self, power_at_least: 10, power_at_most: 10}", True),
        ("{count: own_souls, at_least: 2, at_most: 2}", True),
        ("{count: own_souls, fewer_than: enemy_souls}", False),
        ("{count: enemy_souls, more_than: own_souls}", False),
        ("{count: enemy_captured, trait: Underling, at_least: 1}", True),
        ("{count: captured, at_least: 2}", False),
        ("{count: souls, at_least: 4}", True),
        ("{count: enemy_souls, trait: Underling, more_than: own_souls}", True),
    ],
)
def test_each_condition_form_reads_the_table(condition: str, held: bool) -> None:
    cards = (
        "  - {name: Asker, kind: soul, rank: 1, hp: 20, power: 10, abilities: [{name: Ask, "
        f"effects: [{{do: heal, amount: 5, target: self, only_if: {condition}}}]}}]}}"
    )
    game = game_from_yaml(
        TABLE.format(cards=cards, hand="").replace(
            "{card: Thorn Squire, damage: 5}", "{card: Asker, damage: 5}"
        )
    )
    steps = game.activate("asker")
    [read] = [s for s in steps if s.rules == ("P-50",)]
    assert read.description.startswith("heal only if ")
    assert read.description.split(": ")[-1].startswith(str(held).lower())
    assert game.table.cards["asker"].damage == (0 if held else 5)


@pytest.mark.rule("P-50")
def test_a_card_that_is_not_active_is_in_no_state_but_captured() -> None:
    cards = (
        "  - {name: Mourner, kind: soul, rank: 1, hp: 20, power: 5, abilities: [{when: "
        "another_captured, effects: [{do: damage, amount: 5, target: enemy_realm, only_if: "
        "{soul: source, state: captured}}, {do: damage, amount: 5, target: enemy_realm, "
        "only_if: {soul: source, state: undamaged}}]}]}"
    )
    game = game_from_yaml(
        TABLE.format(cards=cards, hand="{card: Soul Snare}").replace(
            "{card: Mossback Guard}", "{card: Mourner}"
        )
    )
    steps = game.play("soul-snare", target="ember-imp")
    assert game.table.cards["ember-citadel"].damage == 5
    assert steps_matching(steps, "the source (ember-imp) is captured: true")
    assert steps_matching(steps, "the source (ember-imp) is undamaged: false, so nothing happens")


def _leaf(truth: bool) -> SoulCount:
    return SoulCount(count="souls", at_least=0 if truth else 99)


def _truth(condition: Condition) -> bool:
    if isinstance(condition, SoulCount):
        return condition.at_least == 0
    if isinstance(condition, AllOf):
        return all(map(_truth, condition.all_of))
    if isinstance(condition, AnyOf):
        return any(map(_truth, condition.any_of))
    assert isinstance(condition, NoneOf)
    return not any(map(_truth, condition.none_of))


conditions = st.recursive(
    st.booleans().map(_leaf),
    lambda inner: st.one_of(
        st.lists(inner, min_size=2, max_size=3).map(lambda c: AllOf(all_of=tuple(c))),
        st.lists(inner, min_size=2, max_size=3).map(lambda c: AnyOf(any_of=tuple(c))),
        st.lists(inner, min_size=1, max_size=3).map(lambda c: NoneOf(none_of=tuple(c))),
    ),
    max_leaves=8,
)
GAME = table()


@pytest.mark.rule("P-50")
@settings(max_examples=60, deadline=None)
@given(conditions)
def test_joined_conditions_hold_as_logic_says(condition: Condition) -> None:
    held, words = explain(GAME.table, condition, Reading(me="thorn-squire", controller=0))
    assert held == _truth(condition)
    assert words  # every reading is said in words


@pytest.mark.rule("P-50")
@pytest.mark.parametrize(
    ("card", "where", "message"),
    [
        (
            "{name: Odd, kind: spell, effects: [{do: damage, amount: 5, target: "
            "all_enemy_souls, only_if: {soul: self, state: damaged}}]}",
            "cards[0].effects[0].only_if",
            "a spell's condition can't be about self: add `target:` to read from",
        ),
        (
            "{name: Odd, kind: soul, hp: 10, abilities: [{when: damaged, effects: [{do: heal, "
            "amount: 5, target: self, unless: {any_of: [{soul: self, state: damaged}, "
            "{soul: target, state: damaged}]}}]}]}",
            "cards[0].abilities[0].effects[0].unless",
            "the 'damaged' ability's condition can't be about target: use self or source",
        ),
        (
            "{name: Odd, kind: spell, effects: [{do: damage, amount: 5, target: "
            "all_enemy_souls, only_if: {soul: source, state: damaged}}]}",
            "cards[0].effects[0].only_if",
            "a spell's condition can't be about source",
        ),
        (
            "{name: Odd, kind: spell, effects: [{do: damage, amount: 5, target: "
            "all_enemy_souls, only_if: {count: own_souls}}]}",
            "cards[0].effects[0].only_if",
            "a count needs at_least, at_most, fewer_than or more_than",
        ),
        (
            "{name: Odd, kind: spell, target: {}, effects: [{do: damage, amount: 5, "
            "only_if: {soul: target}}]}",
            "cards[0].effects[0].only_if",
            "a condition on a Soul says what it must be",
        ),
        (
            "{name: Odd, kind: spell, target: {}, effects: [{do: damage, amount: 5, "
            "only_if: {all_of: [{soul: target, state: damaged}]}}]}",
            "cards[0].effects[0].only_if.all_of",
            "the list has 1 entry; valid here: 2 or more",
        ),
    ],
)
def test_a_condition_that_could_never_be_read_is_refused_at_its_key(
    card: str, where: str, message: str
) -> None:
    text = f"ruleset: souls\ntitle: Odd\nrules: [P-50]\ncards:\n  - {card}\n" + (
        "setup:\n  players:\n    - {name: Alice, realm: {card: Old Keep}}\n"
        "    - {name: Bob, realm: {card: Ember Citadel}}\n"
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert error.value.where == where  # at the key that says it
    assert re.search(re.escape(message), str(error.value))
