"""Triggers narrowed to a play number this turn (``nth``, P-82) and to a kind of source
(``source_is``, P-83)."""

from __future__ import annotations

from typing import cast

import pytest

from engine.errors import ScenarioError
from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from engine.timeline import Step

CARDS = """\
cards:
  - name: Tactician
    kind: unit
    might: 3
    abilities:
      - {when: you_play_a_card, nth: 2, name: Combo, effects: [{do: add_runes, amount: 2}]}
  - name: Warden
    kind: unit
    might: 4
    abilities:
      - when: another_unit_moves
        name: Ambush
        source_is: {side: enemy, here: true}
        effects: [{do: damage, amount: 1, target: source}]
      - when: another_unit_dies
        name: Mourn
        source_is: {side: own}
        effects: [{do: might, amount: 1, target: self}]
  - {name: Scout, kind: unit, might: 2}
  - {name: Jolt, kind: spell, target: {side: any}, effects: [{do: damage, amount: 9}]}
"""


def game(alice: str, bob: str) -> MightGame:
    text = f"""\
ruleset: might
title: narrowed
rules: [P-82, P-83]
{CARDS}setup:
  players:
    - name: Alice
      runes: 9
{alice}
    - name: Bob
{bob}
"""
    return cast(MightGame, game_from_yaml(text))


def said(steps: list[Step]) -> list[str]:
    return [step.description for step in steps]


@pytest.mark.rule("P-82")
def test_the_second_card_this_turn_triggers_and_the_first_and_third_do_not() -> None:
    g = game(
        "      hand: [{card: Scout}, {card: Scout, id: scout-2}, {card: Scout, id: scout-3}]\n"
        "      units: [{card: Tactician}]",
        "      units: []",
    )
    assert g.table.this_turn is not None  # the history is kept: a card asks it
    first = said(g.play("scout"))
    assert (
        "tactician: Combo does not trigger: Alice has played 1 card this turn; it triggers "
        "only on the 2nd" in first
    )
    second = g.play("scout-2")
    assert "tactician triggers: Combo (goes on the chain)" in said(second)
    g.resolve()
    third = said(g.play("scout-3"))
    assert any("Combo does not trigger" in d and "3 cards" in d for d in third)
    assert g.table.players[0].runes == 11


@pytest.mark.rule("P-82")
def test_nth_is_for_a_play_and_refused_elsewhere_at_its_key() -> None:
    text = CARDS.replace("when: you_play_a_card, nth: 2", "when: moves, nth: 2")
    with pytest.raises(ScenarioError, match=r"nth: nth counts plays: it is for you_play_a_card"):
        game_from_yaml(f"ruleset: might\ntitle: t\nrules: [P-82]\n{text}setup: {{players: []}}\n")


@pytest.mark.rule("P-83")
def test_an_enemy_moving_here_triggers_and_a_friend_or_a_move_elsewhere_does_not() -> None:
    g = game(
        "      units: [{card: Warden, at: Battlefield 1}, {card: Scout}]",
        "      units: [{card: Scout, id: bob-scout}, {card: Scout, id: far-scout}]",
    )
    steps = said(g.move("scout", 0))
    assert "warden: Ambush does not trigger: scout is not an enemy unit here" in steps
    g.end_turn()
    steps = said(g.move("far-scout", 1))
    assert "warden: Ambush does not trigger: far-scout is not an enemy unit here" in steps
    steps = said(g.move("bob-scout", 0))
    assert "warden triggers: Ambush (goes on the chain)" in steps


@pytest.mark.rule("P-83")
def test_a_friendly_death_triggers_and_an_enemy_death_does_not() -> None:
    g = game(
        "      hand: [{card: Jolt}, {card: Jolt, id: jolt-2}]\n"
        "      units: [{card: Warden}, {card: Scout}]",
        "      units: [{card: Scout, id: bob-scout}]",
    )
    g.play("jolt", "bob-scout")
    steps = said(g.resolve())
    assert "warden: Mourn does not trigger: bob-scout is not a unit you control" in steps
    g.play("jolt-2", "scout")
    steps = said(g.resolve())
    assert "warden triggers: Mourn (goes on the chain)" in steps
    assert g.table.might("warden") == 5


@pytest.mark.rule("P-83")
def test_source_is_needs_a_trigger_with_a_source_at_its_key() -> None:
    text = CARDS.replace("when: another_unit_dies", "when: dies")
    with pytest.raises(ScenarioError, match=r"source_is: 'dies' has no source to filter"):
        game_from_yaml(f"ruleset: might\ntitle: t\nrules: [P-83]\n{text}setup: {{players: []}}\n")


FIELD = """\
ruleset: might
title: a battlefield's triggers
rules: [P-84]
cards:
  - name: Sentry
    kind: unit
    might: 4
    abilities:
      - {when: another_unit_moves, name: Watch, effects: [{do: add_runes, amount: 1}]}
setup:
  battlefields: [Battlefield 1, Toll Bridge]
  battlefield_abilities:
    Toll Bridge:
      - when: a_unit_moves_here
        name: Toll
        effects: [{do: damage, amount: 1, target: source}]
      - {when: conquered, name: Tribute, effects: [{do: add_runes, amount: 2}]}
  players:
    - name: Alice
      units: [{card: Iron Sentinel}, {card: Sentry}, {card: Stone Whelp, id: alice-whelp}]
    - name: Bob
      units: [{card: Stone Whelp, at: Toll Bridge}]
"""


@pytest.mark.rule("P-84")
def test_a_battlefield_nobody_holds_does_not_trigger_and_the_conqueror_controls_it() -> None:
    g = cast(MightGame, game_from_yaml(FIELD))
    steps = said(g.move("iron-sentinel", 1))
    assert (
        "Toll Bridge: Toll does not trigger: nobody holds Toll Bridge, so nobody controls it"
        in steps
    )
    g.resolve()  # the Sentry's Watch
    steps = said(g.combat(1))
    assert (
        "Toll Bridge triggers: Tribute (goes on the chain), controlled by its holder, Alice"
        in steps
    )
    assert g.table.players[0].runes == 3


@pytest.mark.rule("P-84")
def test_a_held_battlefields_trigger_goes_on_the_chain_before_the_units_and_names_it() -> None:
    g = cast(MightGame, game_from_yaml(FIELD))
    g.move("iron-sentinel", 1)
    g.resolve()
    g.combat(1)
    steps = g.move("alice-whelp", 1)
    triggered = [s.description for s in steps if " triggers: " in s.description]
    assert triggered == [
        "Toll Bridge triggers: Toll (goes on the chain), controlled by its holder, Alice",
        "sentry triggers: Watch (goes on the chain)",
    ]
    assert [item.card for item in g.table.chain] == ["Toll Bridge", "sentry"]
    g.resolve()
    assert g.table.cards["alice-whelp"].damage == 1  # the holder's own unit: no source_is


@pytest.mark.rule("P-84")
@pytest.mark.parametrize(
    ("effect", "key"),
    [
        ("{do: damage, amount: 1, target: self}", "target"),
        ("{do: damage, amount: 1}", "target"),
        ("{do: move, to: here, target: source}", "to"),
    ],
)
def test_a_battlefields_ability_aims_at_no_unit_of_its_own_refused_at_its_key(
    effect: str, key: str
) -> None:
    text = FIELD.replace("{do: damage, amount: 1, target: source}", effect)
    with pytest.raises(ScenarioError, match=rf"Toll Bridge\[0\]\.effects\[0\]\.{key}"):
        game_from_yaml(text)


@pytest.mark.rule("P-84")
def test_battlefield_abilities_name_a_battlefield_of_the_scenario() -> None:
    text = FIELD.replace("    Toll Bridge:\n", "    Toll Brige:\n")
    with pytest.raises(ScenarioError, match="battlefield_abilities names 'Toll Brige'"):
        game_from_yaml(text)
