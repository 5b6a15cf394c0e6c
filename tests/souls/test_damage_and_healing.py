"""Damage, healing and paying HP (14.1 to 14.3, S-7 to S-11): steps of 5, caps, the
source of the damage and what a step says about it."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from engine.scenario import game_from_yaml
from engine.souls.damage import round_down_to_5
from engine.souls.game import SoulsGame
from tests.support.playthroughs import steps_matching
from tests.support.souls_tables import SELF_MENDER, scenario_text


@pytest.mark.rule("14.1.2", "S-7")
def test_rounding_in_steps_of_5() -> None:
    assert [round_down_to_5(n) for n in (0, 4, 5, 9, 10, 14, -5)] == [0, 0, 5, 5, 10, 10, 0]


@pytest.mark.rule("14.2.1", "14.2.2")
def test_healing_is_capped_and_rounded() -> None:
    game = game_from_yaml(scenario_text())
    game.deal("sylva", 5)
    game.heal("sylva", 10)
    assert game.table.cards["sylva"].damage == 0
    game.deal("sylva", 20)
    game.heal("sylva", 9)
    assert game.table.cards["sylva"].damage == 15


@pytest.mark.rule("14.3.2")
def test_paying_zero_hp_costs_nothing() -> None:
    game = game_from_yaml(scenario_text())
    game.end_turn()  # Bob's Ember Imp is rank 0: 10 x rank is 0
    steps = game.pay_hp("ember-imp", "10x_rank")
    assert [s.rules for s in steps] == [("14.3.2", "S-11")]
    assert game.table.cards["ember-imp"].damage == 0


@pytest.mark.rule("14.3.1", "14.3.2", "S-7", "P-9")
def test_a_rounded_hp_payment_says_so_and_cites_s7_and_p9() -> None:
    game = game_from_yaml(scenario_text())
    [paid] = game.pay_hp("sylva", 12)
    assert "takes 10 HP paid as damage" in paid.description
    assert "12 rounded down" in paid.description
    assert {"14.3.1", "S-7", "P-9"} <= set(paid.rules)
    [nothing] = game.pay_hp("sylva", 3)
    assert nothing.description == "sylva pays 0 HP (3 rounded down): it costs nothing"
    assert {"14.3.2", "S-7", "P-9"} <= set(nothing.rules)
    [free] = game.pay_hp("sylva", 0)
    assert "S-7" not in free.rules


BLADE = """\
ruleset: souls
title: An Armament that grants power
rules: [S-5, S-6]
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Thorn Squire, armament: [{card: Ember Blade}]}
    - name: Bob
      realm: {card: Ember Citadel}
"""


@pytest.mark.rule("S-5", "S-6", "14.1.1")
def test_an_armament_that_grants_power_raises_power_not_max_hp() -> None:
    """Ember Blade (+10 power) makes Thorn Squire (20 HP, 10 power) attack for 20; its max HP
    stays 20 (S-5, S-6, 14.1.1)."""
    game = game_from_yaml(BLADE)
    table = game.table
    assert table.power("thorn-squire") == 20
    assert table.max_hp("thorn-squire") == 20
    assert table.hp("thorn-squire") == 20
    steps = game.attack("thorn-squire", "ember-citadel")
    assert [s.description for s in steps] == [
        "thorn-squire attacks ember-citadel",
        "ember-citadel takes 20 attack damage (HP 40 -> 20)",
        "thorn-squire takes 15 counterblow damage (HP 20 -> 5)",
    ]


def test_a_soul_paying_hp_is_the_source_of_that_damage() -> None:
    """HP paid is damage from the Soul itself (docs/scenarios.md): its "when damaged" effect
    aimed at the source reaches it."""
    game = game_from_yaml(SELF_MENDER)
    game.pay_hp("self-mender", 10)
    assert game.table.cards["self-mender"].damage == 5  # paid 10, healed 5 by its own trigger


def test_damage_notes_are_listed_together() -> None:
    game = game_from_yaml(SELF_MENDER)
    dealt, *_ = game.deal("ember-imp", 17)
    assert dealt.description == (
        "ember-imp takes 10 damage (HP 10 -> 0); 17 rounded down, 15 capped at its 10 HP"
    )


# Alice's spells make Bob's Souls pay HP (P-113); Bob's Ember Imp answers "the card that damaged
# it", and his Warded Wall prevents 5 of each damage.
PAYING = """\
ruleset: souls
title: An effect that makes a Soul pay HP
rules: [P-113]
cards:
  - name: Toll
    kind: spell
    effects: [{do: pay_hp, amount: 5, target: {every: enemy_souls, line: front}}]
  - name: Levy
    kind: spell
    target: {side: enemy, kind: soul}
    effects: [{do: pay_hp, amount: 20}]
  - name: Tyrant
    kind: soul
    hp: 30
    power: 5
    abilities: [{name: Tithe, effects: [{do: pay_hp, amount: 5, target: all_enemy_souls}]}]
  - name: Warded Wall
    kind: soul
    hp: 40
    power: 5
    prevents: {amount: 5}
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots: {A1: {card: Tyrant}}
      hand: [{card: Toll}, {card: Levy}]
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Ember Imp}
        B1: {card: Warded Wall}
        B2: {card: Blood Priest}
"""


def paying_game() -> SoulsGame:
    made = game_from_yaml(PAYING)
    assert isinstance(made, SoulsGame)
    return made


@pytest.mark.rule("P-113", "14.3.1")
def test_an_effect_makes_each_soul_pay_as_damage_and_no_prevention_applies() -> None:
    g = paying_game()
    g.play("toll")
    paid = steps_matching(g.steps, "HP paid as damage")
    assert [s.description.split()[0] for s in paid] == ["ember-imp", "warded-wall"]  # front
    assert all({"14.3.1", "P-113"} <= set(s.rules) for s in paid)
    assert paid[1].description == (
        "warded-wall takes 5 HP paid as damage (HP 40 -> 35); paying HP is never prevented: "
        "no prevention applies to it"
    )
    assert steps_matching(g.steps, "triggers: Spiteful Spark")  # damage for every rule
    assert g.table.card("blood-priest").damage == 0  # in the Back Line


@pytest.mark.rule("P-113", "S-8", "S-11")
def test_a_soul_with_less_hp_pays_what_it_can_and_is_captured() -> None:
    g = paying_game()
    g.play("levy", target="ember-imp")  # 20 asked, 10 HP: no cost, so S-11 does not stop it
    [paid] = steps_matching(g.steps, "ember-imp takes 10 HP paid as damage")
    assert "20 capped at its 10 HP" in paid.description
    assert g.table.card("ember-imp").face_down  # captured after the step (S-12)


@pytest.mark.rule("P-113")
def test_the_card_whose_effect_makes_it_pay_is_the_source_of_that_damage() -> None:
    g = paying_game()
    g.activate("tyrant", 0)  # the Imp's Spark answers "the card that damaged it": the Tyrant
    assert g.table.card("tyrant").damage == 5
    assert g.table.card("ember-imp").damage == 5


@pytest.mark.rule("P-113", "14.3.1")
@pytest.mark.parametrize(
    "effect",
    [
        "target: {kind: soul_or_realm}, effects: [{do: pay_hp, amount: 5}]",
        "effects: [{do: pay_hp, amount: 5, target: enemy_realm}]",
        "effects: [{do: pay_hp, amount: 5, target: all_captured}]",
        "target: [{kind: soul}, {kind: realm}], effects: [{do: pay_hp, amount: 5, "
        "target: target_2}]",
    ],
)
def test_only_an_active_soul_is_made_to_pay(effect: str) -> None:
    text = PAYING.replace(
        "  - name: Toll\n", f"  - {{name: Odd, kind: spell, {effect}}}\n  - name: Toll\n"
    )
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(text)
    assert "only an active Soul pays HP (14.3.1, S-11, P-113)" in str(refused.value)
    assert refused.value.where.startswith("cards[0].effects[0]")


@pytest.mark.rule("P-113", "14.3.1")
def test_a_realm_named_as_it_resolves_pays_nothing_on_the_record() -> None:
    realm = (
        "  - {name: Tolling Keep, kind: realm, hp: 50, abilities: [{when: end_of_turn, "
        "effects: [{do: pay_hp, amount: 5, target: self}]}]}\n"
    )
    text = PAYING.replace("cards:\n", f"cards:\n{realm}").replace("Old Keep", "Tolling Keep")
    made = game_from_yaml(text)
    made.end_turn()
    [nothing] = steps_matching(made.steps, "pay_hp on tolling-keep")
    assert nothing.description.endswith("nothing happens, only a Soul pays HP")
    assert nothing.rules == ("14.3.1", "P-4")
    assert made.table.cards["tolling-keep"].damage == 0
