"""One order for simultaneous souls events (S-16, P-26): the turn player's cards first; within a
player, Souls by slot (column, then row), then the Realm. A matrix over turn player / other player
and Realm / Soul, for end-of-turn triggers, captures and the damage of one battle."""

from __future__ import annotations

import pytest

from engine.changes import Triggered
from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame

CARDS = """\
ruleset: souls
title: Simultaneous events
rules: [S-16]
pool: null
cards:
  - name: Bell Keep
    kind: realm
    hp: 50
    counterblow: 5
    abilities:
      - {when: end_of_turn, name: Dusk Bell, effects: [{do: heal, amount: 5, target: self}]}
      - {when: damaged, name: Alarm, effects: [{do: heal, amount: 5, target: self}]}
  - name: Bell Soul
    kind: soul
    hp: 20
    power: 5
    abilities:
      - {when: end_of_turn, name: Dusk Bell, effects: [{do: heal, amount: 5, target: self}]}
      - {when: damaged, name: Alarm, effects: [{do: heal, amount: 0, target: self}]}
      - {when: captured, name: Farewell, effects: [{do: heal, amount: 5, target: own_realm}]}
setup:
  turn_player: TURN_PLAYER
  players:
    - name: Alice
      realm: {card: Bell Keep, id: alice-realm}
      slots:
        B1: {card: Bell Soul, id: alice-b1}
        A2: {card: Bell Soul, id: alice-a2, damage: ALICE_DAMAGE}
    - name: Bob
      realm: {card: Bell Keep, id: bob-realm}
      slots:
        B1: {card: Bell Soul, id: bob-b1, damage: BOB_DAMAGE}
"""


def game(turn_player: int, alice_damage: int = 0, bob_damage: int = 0) -> SoulsGame:
    text = CARDS.replace("TURN_PLAYER", str(turn_player))
    text = text.replace("ALICE_DAMAGE", str(alice_damage))
    return game_from_yaml(text.replace("BOB_DAMAGE", str(bob_damage)))


def triggers(game: SoulsGame, since: int, label: str) -> list[str]:
    return [
        change.card
        for step in game.steps[since:]
        for change in step.changes
        if isinstance(change, Triggered) and change.ability == label
    ]


ALICE = ["alice-a2", "alice-b1", "alice-realm"]  # A2 before B1 (column, then row), Realm last
BOB = ["bob-b1", "bob-realm"]


@pytest.mark.parametrize("turn_player", [0, 1], ids=["Alice's turn", "Bob's turn"])
def test_end_of_turn_triggers_turn_player_first_then_souls_by_slot_then_realm(
    turn_player: int,
) -> None:
    table = game(turn_player)
    mark = len(table.steps)
    table.end_turn()
    expected = ALICE + BOB if turn_player == 0 else BOB + ALICE
    assert triggers(table, mark, "Dusk Bell") == expected
    # The turn player's Realm resolves before the other player's Souls (P-26).
    realm = f"{'alice' if turn_player == 0 else 'bob'}-realm"
    other_soul = "bob-b1" if turn_player == 0 else "alice-a2"
    assert expected.index(realm) < expected.index(other_soul)


@pytest.mark.parametrize("turn_player", [0, 1], ids=["Alice's turn", "Bob's turn"])
def test_every_waiting_trigger_cites_the_order(turn_player: int) -> None:
    table = game(turn_player)
    table.end_turn()
    bells = [s for s in table.steps if any(isinstance(c, Triggered) for c in s.changes)]
    assert all({"S-16", "P-26"} <= set(s.rules) for s in bells[:-1])
    assert "P-26" not in bells[-1].rules  # the last one waits behind nobody


@pytest.mark.parametrize("turn_player", [0, 1], ids=["Alice's turn", "Bob's turn"])
def test_simultaneous_captures_queue_their_triggers_turn_player_first(turn_player: int) -> None:
    both = game(turn_player, alice_damage=15, bob_damage=15)
    both.attack(*(("alice-b1", "bob-b1") if turn_player == 0 else ("bob-b1", "alice-b1")))
    both.deal("alice-a2", 5)
    both.deal("bob-b1", 5)
    mark = len(both.steps)
    both.finish_battle()  # both at 0 HP: captured together in the capture step
    expected = ["alice-a2", "bob-b1"] if turn_player == 0 else ["bob-b1", "alice-a2"]
    assert triggers(both, mark, "Farewell") == expected


@pytest.mark.parametrize("turn_player", [0, 1], ids=["Alice's turn", "Bob's turn"])
def test_attack_damage_and_counterblow_trigger_the_attacker_first(turn_player: int) -> None:
    table = game(turn_player)
    if turn_player == 0:
        table.capture("bob-b1")  # Bob's Realm can be attacked once his Front Line is empty
        attacker, realm = "alice-b1", "bob-realm"
    else:
        table.capture("alice-b1")
        table.capture("alice-a2")
        attacker, realm = "bob-b1", "alice-realm"
    mark = len(table.steps)
    table.attack(attacker, realm)
    # The attack damage is recorded first, but both happen together: the turn player's trigger
    # resolves first.
    assert triggers(table, mark, "Alarm") == [attacker, realm]
