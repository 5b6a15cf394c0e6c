"""Triggers on events beyond a unit's own (P-57): its controller plays a card, a spell or a unit,
a unit moves, its controller stuns a unit, its controller conquers a battlefield; and the
registry of trigger events the card language, the steps and the reference read."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.might.game import MightGame
from engine.might.triggers import EVENTS, WITH_A_SOURCE
from engine.ruleset import rule_summaries
from engine.scenario import game_from_yaml
from engine.timeline import Step

CARDS = """\
cards:
  - name: Herald
    kind: unit
    might: 3
    abilities:
      - when: you_play_a_spell
        name: Echo
        effects: [{do: damage, amount: 1, target: all_enemy_units}]
      - {when: you_play_a_unit, name: Welcome, effects: [{do: might, amount: 1, target: source}]}
      - {when: you_play_a_card, name: Tally, effects: [{do: add_runes, amount: 1}]}
  - name: Scout
    kind: unit
    might: 2
    keywords: [Ganking]  # it may go from any place to any other (P-106)
    abilities:
      - {when: played, name: Arrive, effects: [{do: add_runes, amount: 1}]}
      - {when: moves, name: Dash, effects: [{do: might, amount: 1, target: self}]}
  - name: Sentry
    kind: unit
    might: 4
    abilities:
      - {when: another_unit_moves, name: Watch, effects: [{do: damage, amount: 1, target: source}]}
  - name: Jailer
    kind: unit
    might: 2
    abilities:
      - when: you_stun
        name: Lock
        target: {side: enemy}
        effects: [{do: damage, amount: 2}]
  - name: Victor
    kind: unit
    might: 6
    abilities:
      - {when: you_conquer, name: Spoils, effects: [{do: add_runes, amount: 2}]}
  - {name: Dazzle, kind: spell, target: {side: any}, effects: [{do: stun}]}
  - {name: Shove, kind: spell, target: {side: any}, effects: [{do: move, to: Battlefield 2}]}
"""


def game(alice: str, bob: str, turn_player: int = 0) -> MightGame:
    text = f"""\
ruleset: might
title: triggers
rules: [P-57]
{CARDS}setup:
  turn_player: {turn_player}
  players:
    - name: Alice
{alice}
    - name: Bob
{bob}
"""
    return cast(MightGame, game_from_yaml(text))


def said(steps: list[Step]) -> list[str]:
    return [step.description for step in steps]


def triggered(steps: list[Step]) -> list[str]:
    return [
        step.description.split(" (goes")[0] for step in steps if " triggers: " in step.description
    ]


def cites(steps: list[Step], text: str) -> tuple[str, ...]:
    return next(tuple(step.rules) for step in steps if text in step.description)


@pytest.mark.rule("P-57")
def test_every_event_is_one_entry_with_its_rules_and_its_source() -> None:
    known = rule_summaries()
    for name, event in EVENTS.items():
        assert event.name == name and event.meaning and event.rules
        assert set(event.rules) <= set(known), f"{name} cites a rule nobody defines"
    assert WITH_A_SOURCE == {
        "takes_damage",
        "another_unit_dies",
        "you_play_a_unit",
        "another_unit_moves",
        "you_stun",
    }


@pytest.mark.rule("P-57")
def test_an_unknown_event_is_refused_at_its_key_with_the_closest_one() -> None:
    text = CARDS.replace("when: moves", "when: move")
    with pytest.raises(ScenarioError, match=r"when: unknown trigger 'move' \(did you mean moves"):
        game_from_yaml(f"ruleset: might\ntitle: t\nrules: [P-57]\n{text}setup: {{players: []}}\n")


@pytest.mark.rule("P-57")
@pytest.mark.parametrize("when", sorted(EVENTS))
def test_only_an_event_with_a_source_may_aim_at_it(when: str) -> None:
    text = f"""\
ruleset: might
title: t
rules: [P-57]
cards:
  - name: Odd
    kind: unit
    abilities: [{{when: {when}, effects: [{{do: heal, target: source}}]}}]
setup: {{players: [{{name: Alice}}, {{name: Bob}}]}}
"""
    if when in WITH_A_SOURCE:
        assert game_from_yaml(text)
    else:
        with pytest.raises(ScenarioError, match="has no source"):
            game_from_yaml(text)


@pytest.mark.rule("P-57")
def test_a_played_spell_triggers_its_players_units_above_it_so_they_resolve_first() -> None:
    g = game(
        "      hand: [{card: Spark}]\n      units: [{card: Herald}]",
        "      units: [{card: Herald, id: bob-herald}, {card: Stone Whelp, at: Battlefield 1}]",
    )
    steps = g.play("spark", "stone-whelp")
    assert triggered(steps) == ["herald triggers: Echo", "herald triggers: Tally"]
    assert cites(steps, "herald triggers: Echo") == ("M-1", "P-57", "M-7")
    assert [item.text for item in g.table.chain] == [
        "spark targeting stone-whelp",
        *(["herald: Echo", "herald: Tally"]),
    ]
    steps = g.resolve()
    resolved = [d for d in said(steps) if d.endswith("resolves")]
    assert resolved == [
        "herald: Tally resolves",
        "herald: Echo resolves",
        "spark targeting stone-whelp resolves",
    ]
    assert g.table.players[0].runes == 1  # Tally; Bob's Herald saw nothing of his own


@pytest.mark.rule("P-57")
def test_a_played_unit_and_what_sees_it_trigger_together_in_the_order_of_p12() -> None:
    g = game("      hand: [{card: Scout}]\n      units: [{card: Herald}]", "      units: []")
    steps = g.play("scout")
    assert triggered(steps) == [
        "herald triggers: Welcome",
        "herald triggers: Tally",
        "scout triggers: Arrive",
    ]
    assert "P-12" in cites(steps, "scout triggers: Arrive")
    g.resolve()
    assert g.table.might("scout") == 3  # Welcome: the unit played is the source
    assert g.table.players[0].runes == 2


@pytest.mark.rule("P-57")
def test_a_unit_does_not_see_its_own_play() -> None:
    g = game("      hand: [{card: Herald}]", "      units: []")
    assert triggered(g.play("herald")) == []


@pytest.mark.rule("P-57")
def test_a_move_triggers_the_unit_and_the_units_that_see_it_before_the_cleanup() -> None:
    g = game(
        "      units: [{card: Scout}]",
        "      units: [{card: Sentry, at: Battlefield 1}]",
    )
    steps = g.move("scout", 0)
    descriptions = said(steps)
    assert triggered(steps) == ["scout triggers: Dash", "sentry triggers: Watch"]
    assert descriptions.index("sentry triggers: Watch (goes on the chain)") < next(
        i for i, d in enumerate(descriptions) if d.startswith("Cleanup")
    )
    assert cites(steps, "scout triggers: Dash") == ("M6", "P-57", "M-7", "P-12")
    g.resolve()  # they wait on the chain, as a played unit's do
    assert g.table.cards["scout"].damage == 1 and g.table.might("scout") == 3


@pytest.mark.rule("P-57")
def test_a_recall_is_no_move() -> None:
    g = game(
        "      units: [{card: Scout, at: Battlefield 1}]",
        "      units: [{card: Sentry, at: Battlefield 1}]",
    )
    assert triggered(g.recall("scout")) == []


@pytest.mark.rule("P-57")
def test_a_move_effect_triggers_and_a_unit_already_there_does_not_move() -> None:
    g = game(
        "      hand: [{card: Shove}, {card: Shove, id: shove-2}]\n"
        "      units: [{card: Scout}, {card: Stone Whelp, at: Battlefield 2}]",
        "      units: [{card: Sentry, at: Battlefield 1}]",
    )
    steps = g.play("shove", "scout") + g.resolve()
    assert triggered(steps) == ["scout triggers: Dash", "sentry triggers: Watch"]
    steps = g.play("shove-2", "stone-whelp") + g.resolve()
    assert "stone-whelp is at Battlefield 2 already: nothing happens" in said(steps)
    assert triggered(steps) == []


@pytest.mark.rule("P-57")
@pytest.mark.rule("P-41", "M-16")
def test_a_stun_by_your_card_triggers_and_the_trigger_chooses_its_target() -> None:
    g = game(
        "      hand: [{card: Dazzle}, {card: Dazzle, id: dazzle-2}]\n      units: [{card: Jailer}]",
        "      hand: [{card: Dazzle, id: bobs-dazzle}]\n"
        "      units: [{card: Stone Whelp, at: Battlefield 1}, {card: Iron Sentinel}]",
    )
    g.chooser = lambda choice: ("iron-sentinel",) if choice.kind == "targets" else choice.default
    steps = g.play("dazzle", "stone-whelp") + g.resolve()
    assert (
        "jailer triggers: Lock (goes on the chain), targeting iron-sentinel (Alice's choice)"
        in (said(steps))
    )
    assert cites(steps, "jailer triggers: Lock") == ("M-15", "P-57", "M-7", "P-41")
    assert g.table.cards["iron-sentinel"].damage == 2
    steps = g.play("dazzle-2", "stone-whelp") + g.resolve()
    assert (  # M-16
        "stone-whelp is already stunned: stunning it again does nothing and triggers nothing"
        in said(steps)
    )
    assert triggered(steps) == []


@pytest.mark.rule("P-57")
def test_a_stun_by_the_other_player_is_not_yours() -> None:
    g = game(
        "      units: [{card: Jailer}]",
        "      hand: [{card: Dazzle}]\n      units: [{card: Stone Whelp}]",
        turn_player=1,
    )
    steps = g.play("dazzle", "jailer") + g.resolve()
    assert "jailer is stunned" in " ".join(said(steps))
    assert triggered(steps) == []


@pytest.mark.rule("P-57")
@pytest.mark.rule("M-12")
def test_conquering_triggers_and_resolves_before_the_combat_is_over() -> None:
    g = game(
        "      units: [{card: Victor, at: Battlefield 1}]",
        "      units: [{card: Stone Whelp, at: Battlefield 1}]",
    )
    steps = g.combat(0)
    descriptions = said(steps)
    took = descriptions.index("Alice holds Battlefield 1: Alice has 1 unit left there, Bob none")
    trigger = descriptions.index("victor triggers: Spoils (goes on the chain)")
    assert took < trigger < descriptions.index("victor: Spoils resolves")
    assert descriptions.index("victor: Spoils resolves") < descriptions.index("Combat is over")
    assert cites(steps, "victor triggers: Spoils") == ("M-12", "P-57", "M-7")
    assert g.table.players[0].runes == 2 and not g.table.chain


@pytest.mark.rule("P-57")
def test_still_holding_is_no_conquest() -> None:
    g = game(
        "      units: [{card: Victor, at: Battlefield 1}]",
        "      units: [{card: Stone Whelp, at: Battlefield 1}]",
    )
    g.combat(0)
    g.end_turn()
    g.end_turn()
    steps = g.combat(0)  # nobody defends: Alice still holds it
    assert "Alice still holds Battlefield 1: Alice has 1 unit left there, Bob none" in said(steps)
    assert triggered(steps) == []


@pytest.mark.rule("P-57")
@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([0, 1, None]), min_size=1, max_size=6))
def test_each_move_to_a_battlefield_triggers_once_and_a_recall_never(
    places: list[int | None],
) -> None:
    """Whatever the moves, the watcher triggers once for each move of another unit to a
    battlefield, and the unit's own ``moves`` once for each of its own; recalls trigger
    nothing."""
    g = game("      units: [{card: Scout}]", "      units: [{card: Sentry, at: Battlefield 1}]")
    moves = 0
    for to in places:
        card = g.table.cards["scout"]
        where = card.battlefield if card.zone == "battlefield" else None
        if to == where:
            continue
        steps = g.move("scout", to)
        expected = ["scout triggers: Dash", "sentry triggers: Watch"] if to is not None else []
        assert triggered(steps) == expected
        moves += to is not None
        if g.table.chain:
            g.resolve()
        if g.table.cards["scout"].zone == "trash":
            break
    assert g.table.cards["scout"].damage <= moves


@pytest.mark.rule("P-57")
@pytest.mark.rule("P-12")
def test_units_of_both_players_see_a_move_the_turn_players_first() -> None:
    g = game(
        "      units: [{card: Scout, id: runner}, {card: Sentry, id: alices-sentry}]",
        "      units: [{card: Sentry, id: bobs-sentry, at: Battlefield 1}]",
        turn_player=0,
    )
    g.chooser = lambda choice: choice.default
    steps = g.move("runner", 0)
    assert triggered(steps) == [
        "runner triggers: Dash",
        "alices-sentry triggers: Watch",
        "bobs-sentry triggers: Watch",
    ]
    assert "P-12" in cites(steps, "bobs-sentry triggers: Watch")
    resolved = [d for d in said(g.resolve()) if d.endswith("resolves")]
    assert resolved[:2] == ["bobs-sentry: Watch resolves", "alices-sentry: Watch resolves"]
    assert g.table.cards["runner"].zone == "trash"  # 2 damage before its own Dash (+1) resolves
