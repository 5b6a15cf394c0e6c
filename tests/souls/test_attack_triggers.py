"""'When this Soul attacks' (P-52, S-12, S-13): the attacker's abilities resolve after the
declaration, each followed by the capture check, before the attack damage; the attacked card is
their source."""

from __future__ import annotations

import pytest

from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame

TABLE = """\
ruleset: souls
title: Attack triggers
rules: [P-52]
cards:
  - name: Charger
    kind: soul
    hp: 25
    power: 10
    abilities:
      - when: attacks
        effects: [{effects}]
setup:
  players:
    - name: Alice
      realm: {{card: Old Keep}}
      slots: {{A1: {{card: Charger}}}}
    - name: Bob
      realm: {{card: Ember Citadel, damage: {realm_damage}}}
      slots: {{{bob}}}
"""


def table(
    effects: str, bob: str = "A1: {card: Mossback Guard}", realm_damage: int = 0
) -> SoulsGame:
    game = game_from_yaml(TABLE.format(effects=effects, bob=bob, realm_damage=realm_damage))
    assert isinstance(game, SoulsGame)
    return game


@pytest.mark.rule("P-52")
def test_the_trigger_resolves_after_the_declaration_and_before_the_attack_damage() -> None:
    game = table("{do: bonus, stat: power, amount: 5, duration: end_of_turn, target: self}")
    steps = game.attack("charger", "mossback-guard")
    texts = [s.description for s in steps]
    declared = texts.index("charger attacks mossback-guard")
    triggered = texts.index("charger triggers: when attacks")
    damage = next(i for i, t in enumerate(texts) if "attack damage" in t)
    assert declared < triggered < damage
    assert "P-52" in steps[triggered].rules
    assert "takes 15 attack damage" in texts[damage]  # the bonus counts in the damage
    assert steps[triggered].phase[-1] == "Declare"


@pytest.mark.rule("P-52")
def test_the_attacked_card_is_the_source_a_realm_too() -> None:
    game = table("{do: damage, amount: 5, target: source}", bob="")
    game.attack("charger", "ember-citadel")
    realm = game.table.cards["ember-citadel"]
    assert realm.damage == 15  # 5 from the trigger, then 10 attack damage
    assert game.table.cards["charger"].damage == 15  # the counterblow still comes


@pytest.mark.rule("P-52")
def test_an_attacker_captured_by_its_own_trigger_deals_and_takes_nothing() -> None:
    game = table("{do: damage, amount: 25, target: self}", bob="")
    steps = game.attack("charger", "ember-citadel")
    assert game.table.cards["charger"].face_down  # captured at once: outside the window
    assert game.table.cards["ember-citadel"].damage == 0
    [none] = [s for s in steps if s.description.startswith("No attack damage")]
    assert none.description == "No attack damage: charger is no longer active"
    assert none.rules == ("14.5.1", "S-13", "P-52")
    assert game.battle is not None  # the window is open; the capture step ends the battle
    game.finish_battle()
    assert game.battle is None


@pytest.mark.rule("P-52")
def test_a_trigger_that_shatters_the_realm_ends_the_game_before_any_damage() -> None:
    game = table("{do: damage, amount: 10, target: enemy_realm}", bob="", realm_damage=30)
    steps = game.attack("charger", "ember-citadel")
    assert game.table.winner == 0
    assert not any("attack damage" in s.description for s in steps)
    assert game.table.cards["charger"].damage == 0  # no counterblow either
