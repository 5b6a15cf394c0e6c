"""Triggers on another Soul's capture and on stepping into the Front Line (P-45)."""

from __future__ import annotations

from engine.assets import SCENARIOS
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.game import SoulsGame

CARDS = """\
ruleset: souls
title: Capture triggers
rules: [P-45]
cards:
  - name: Carrion Crow
    kind: soul
    rank: 1
    hp: 15
    power: 5
    abilities:
      - when: another_captured
        name: Feast
        effects: [{do: bonus, stat: power, amount: 5, target: self}]
  - name: Reserve Knight
    kind: soul
    rank: 2
    hp: 30
    power: 10
    abilities:
      - {when: front_line, name: Rally, effects: [{do: heal, amount: 10, target: self}]}
"""


def game(alice: str, bob: str, hand: str = "[]") -> SoulsGame:
    text = (
        CARDS
        + f"""\
setup:
  players:
    - {{name: Alice, realm: {{card: Old Keep}}, hand: {hand}, slots: {alice}}}
    - {{name: Bob, realm: {{card: Ember Citadel}}, slots: {bob}}}
"""
    )
    played = game_from_yaml(text)
    assert isinstance(played, SoulsGame)
    return played


def triggers(game: SoulsGame) -> list[str]:
    return [s.description for s in game.steps if " triggers: " in s.description]


def test_the_capture_elsewhere_is_seen_before_the_step_forward() -> None:
    run = run_scenario(SCENARIOS / "souls" / "P-45-another-captured-and-front-line.yaml")
    assert not run.failures
    assert triggers(run.game) == ["carrion-crow triggers: Feast", "reserve-knight triggers: Rally"]


def test_each_soul_captured_at_once_is_seen_once_and_a_captured_card_sees_nothing() -> None:
    g = game(
        "{A1: {card: Carrion Crow}}",
        "{A1: {card: Ember Imp, damage: 5}, B1: {card: Carrion Crow, id: bob-crow, damage: 10}}",
        hand="[{card: Ember Rain}]",
    )
    g.play("ember-rain")
    assert triggers(g)[-2:] == ["carrion-crow triggers: Feast", "carrion-crow triggers: Feast"]
    assert g.table.power("carrion-crow") == 15  # once for the Imp, once for Bob's Crow
    assert "bob-crow triggers: Feast" not in triggers(g)  # captured with the Imp: no effects


def test_a_soul_recruited_onto_the_front_line_did_not_step_forward() -> None:
    g = game("{}", "{A1: {card: Ember Imp}}", hand="[{card: Reserve Knight}]")
    g.recruit("reserve-knight", "A1")
    assert g.table.line("reserve-knight") == "front"
    assert triggers(g) == []
