"""Costs beyond the printed one (engine/might/playing.py): Deflect N on a unit an opponent's
spell or activated ability chooses (P-88), and Accelerate N paid to have a unit enter ready
(P-89)."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
from engine.might.game import MightGame
from engine.might.verbs import Play
from engine.scenario import game_from_yaml

TABLE = """\
ruleset: might
title: Extra costs
rules: [P-88, P-89]
cards:
  - {name: Warded, kind: unit, might: 3, keywords: [Deflect 1, Deflect]}
  - {name: Sprinter, kind: unit, cost: 1, might: 2, keywords: [Accelerate 1]}
  - name: Bolt
    kind: spell
    cost: 1
    target: {side: any, count: 2, at_least: 1, different: false}
    effects: [{do: damage, amount: 1}]
  - name: Jabber
    kind: unit
    might: 1
    abilities:
      - when: activated
        name: Jab
        cost: {runes: 1}
        target: {side: any}
        effects: [{do: damage, amount: 1}]
setup:
  players:
    - name: Alice
      runes: RUNES
      units: [{card: Jabber}, {card: Warded, id: my-warded}]
      hand: [{card: Bolt}, {card: Sprinter}]
    - name: Bob
      units: [{card: Warded, at: Battlefield 1}, {card: Stone Whelp, at: Battlefield 1}]
"""


def game(runes: int) -> MightGame:
    made = game_from_yaml(TABLE.replace("RUNES", str(runes)))
    assert isinstance(made, MightGame)
    return made


def runes(game: MightGame) -> int:
    return game.table.players[0].runes


@pytest.mark.rule("P-88")
def test_deflect_instances_add_up_and_a_unit_chosen_twice_is_paid_for_once() -> None:
    table = game(3)
    steps = table.play("bolt", ("warded", "warded"))
    assert steps[0].description == "Alice pays 3 from the rune pool (1 + 2 for Deflect 2 of warded)"
    assert steps[0].rules == ("M-1", "P-19", "P-88")
    assert runes(table) == 0


@pytest.mark.rule("P-88")
def test_a_pool_short_of_the_deflect_refuses_the_play_and_the_activation() -> None:
    table = game(2)
    assert not table.can_play("bolt", "warded")
    with pytest.raises(RuleError) as refused:
        table.verify_activate("jabber", 0, "warded")
    assert refused.value.rule == "P-88"
    assert table.can_play("bolt", "stone-whelp")
    assert table.can_activate("jabber", 0, "stone-whelp")


@pytest.mark.rule("P-88")
def test_its_controller_pays_no_deflect() -> None:
    table = game(1)
    steps = table.play("bolt", "my-warded")
    assert steps[0].description == "Alice pays 1 from the rune pool"
    assert runes(table) == 0


@pytest.mark.rule("P-88")
def test_an_activated_ability_pays_its_cost_and_the_deflect_in_one_step() -> None:
    table = game(3)
    steps = table.activate("jabber", 0, "warded")
    paid = [s for s in steps if "pays" in s.description]
    assert [s.description for s in paid] == [
        "Alice pays 3 from the rune pool (1 + 2 for Deflect 2 of warded)"
    ]
    assert "P-88" in paid[0].rules


@pytest.mark.rule("P-89")
def test_accelerated_a_unit_enters_ready_for_its_accelerate() -> None:
    table = game(2)
    steps = table.play("sprinter", accelerate=True)
    assert steps[0].description == "Alice pays 2 from the rune pool (1 + 1 for Accelerate 1)"
    assert not table.table.cards["sprinter"].exhausted
    assert "P-89" in steps[1].rules


@pytest.mark.rule("P-89")
def test_without_accelerate_it_enters_exhausted_and_short_runes_refuse_accelerating() -> None:
    table = game(1)
    assert not table.can_play("sprinter", accelerate=True)
    table.play("sprinter")
    assert table.table.cards["sprinter"].exhausted


@pytest.mark.rule("P-89")
def test_the_play_menu_offers_accelerated_only_for_a_card_with_accelerate() -> None:
    table = game(2).table
    labels = [o.label for o in Play.offered(table, "sprinter", None)]
    assert labels == ["Play Sprinter", "Play Sprinter accelerated"]
    assert [o.label for o in Play.offered(table, "bolt", None)] == ["Play Bolt…"]
    offered = [o.verb for o in Play.offered(table, "sprinter", None)]
    assert offered == [Play(card="sprinter"), Play(card="sprinter", accelerate=True)]
