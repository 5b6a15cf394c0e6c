"""Damage, healing and paying HP (14.1 to 14.3, S-7 to S-11): steps of 5, caps, the
source of the damage and what a step says about it."""

from __future__ import annotations

import pytest

from engine.scenario import game_from_yaml
from engine.souls.damage import round_down_to_5
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
