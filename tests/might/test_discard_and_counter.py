"""Discarding from a hand (P-86) and countering a spell on the chain (P-87)."""

from __future__ import annotations

from typing import cast

import pytest

from engine.changes import Moved
from engine.errors import RuleError, ScenarioError
from engine.might.game import MightGame
from engine.scenario import game_from_yaml

CARDS = """\
cards:
  - {name: Mind Rot, kind: spell, effects: [{do: discard, amount: 1, player: opponent}]}
  - {name: Purge, kind: spell, effects: [{do: discard, amount: 2, player: you}]}
  - name: Negate
    kind: spell
    speed: reaction
    target: {zone: chain}
    effects: [{do: counter}]
  - name: Snipe
    kind: unit
    might: 2
    abilities:
      - {when: played, target: {side: enemy}, effects: [{do: damage, amount: 1}]}
"""


def game(alice: str, bob: str = "{name: Bob}", cards: str = CARDS) -> MightGame:
    text = f"""\
ruleset: might
title: discard and counter
rules: [P-86, P-87]
{cards}
setup:
  players:
    - {alice}
    - {bob}
"""
    return cast(MightGame, game_from_yaml(text))


def zones(g: MightGame, *uids: str) -> list[str]:
    return [g.table.cards[uid].zone for uid in uids]


@pytest.mark.rule("P-86")
def test_the_opponent_discards_the_first_card_of_their_hand_in_the_tables_order() -> None:
    g = game(
        "{name: Alice, hand: [{card: Mind Rot}]}",
        "{name: Bob, hand: [{card: Spark, id: first}, {card: Spark, id: second}]}",
    )
    g.play("mind-rot")
    g.resolve()
    assert zones(g, "first", "second") == ["trash", "hand"]
    step = next(s for s in g.steps if "P-86" in s.rules)
    assert "Bob discards 1 card (first)" in step.description
    assert step.changes == (Moved(card="first", before="hand", after="trash"),)


@pytest.mark.rule("P-86")
def test_you_discard_what_your_hand_has_and_the_step_says_what_was_not() -> None:
    g = game("{name: Alice, hand: [{card: Purge}, {card: Spark}]}")
    g.play("purge")
    g.resolve()
    assert zones(g, "spark", "purge") == ["trash", "trash"]
    step = next(s for s in g.steps if "P-86" in s.rules)
    assert "Alice discards 1 card (spark)" in step.description
    assert "the other 1 is not discarded" in step.description


@pytest.mark.rule("P-86")
def test_an_empty_hand_discards_nothing_on_the_record() -> None:
    g = game("{name: Alice, hand: [{card: Mind Rot}]}")
    g.play("mind-rot")
    g.resolve()
    step = next(s for s in g.steps if "P-86" in s.rules)
    assert step.description.startswith("Bob's hand is empty: nothing is discarded")
    assert step.changes == ()


ON_THE_CHAIN = (
    "{name: Alice, runes: 5, hand: [{card: Spark}, {card: Snipe}]}",
    "{name: Bob, units: [{card: Stone Whelp}], hand: [{card: Negate}, {card: Negate, id: n2}]}",
)


@pytest.mark.rule("P-87")
def test_a_countered_spell_goes_to_its_owners_trash_and_never_resolves() -> None:
    g = game(*ON_THE_CHAIN)
    g.play("spark", "stone-whelp")
    assert g.can_play("negate", "spark")
    g.play("negate", "spark")
    g.resolve()
    assert zones(g, "spark", "negate") == ["trash", "trash"]
    assert g.table.cards["stone-whelp"].damage == 0
    assert not g.table.chain
    countered = next(s for s in g.steps if "P-87" in s.rules)
    assert "its effects never happen" in countered.description
    assert countered.changes == (Moved(card="spark", before="chain", after="trash"),)
    assert not any("spark targeting stone-whelp resolves" in s.description for s in g.steps)


@pytest.mark.rule("P-87", "P-27")
def test_a_spell_that_left_the_chain_is_not_countered_on_the_record() -> None:
    g = game(*ON_THE_CHAIN)
    g.play("spark", "stone-whelp")
    g.play("n2", "spark")
    g.play("negate", "spark")
    g.resolve()
    assert any(
        s.description == "counter: nothing happens (spark is no longer on the chain)"
        and s.rules == ("P-27", "P-87")
        for s in g.steps
    )
    assert zones(g, "spark", "negate", "n2") == ["trash"] * 3


@pytest.mark.rule("P-87")
@pytest.mark.parametrize(
    ("setup", "target", "says"),
    [
        ("spark", "stone-whelp", "stone-whelp is not a spell on the chain (legal: spark)"),
        ("spark", "negate", "negate is not a spell on the chain (legal: spark)"),  # itself
        ("snipe", "snipe", "snipe is not a spell on the chain (none is legal now)"),  # a trigger
    ],
)
def test_only_a_spell_on_the_chain_can_be_countered(setup: str, target: str, says: str) -> None:
    g = game(*ON_THE_CHAIN)
    if setup == "spark":
        g.play("spark", "stone-whelp")
    else:
        g.play("snipe")  # its "when played" waits on the chain, aimed at the whelp
    assert g.table.chain
    assert not g.can_play("negate", target)
    with pytest.raises(RuleError, match=r"is not a spell on the chain") as refused:
        g.play("negate", target)
    assert refused.value.rule == "P-87"
    assert says in str(refused.value)


@pytest.mark.rule("P-86", "P-87")
@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "{name: T, kind: spell, target: {zone: chain, state: damaged}, "
            "effects: [{do: counter}]}",
            r"a spell on the chain is no unit",
        ),
        (
            "{name: T, kind: spell, target: {zone: chain, might_at_most: 3}, "
            "effects: [{do: counter}]}",
            r"a spell on the chain is no unit",
        ),
        (
            "{name: T, kind: spell, target: {side: any}, effects: [{do: counter}]}",
            r"counter counters a spell: choose it with `zone: chain` \(P-87\)",
        ),
        (
            "{name: T, kind: spell, target: {zone: chain}, effects: [{do: kill}]}",
            r"only counter reaches a spell there \(P-87\)",
        ),
        ("{name: T, kind: spell, effects: [{do: discard, amount: 0}]}", r"amount"),
        ("{name: T, kind: spell, effects: [{do: discard, player: Bob}]}", r"player"),
    ],
)
def test_discard_and_counter_words_that_cant_be_read_are_refused_at_check(
    card: str, message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        game("{name: Alice}", cards=f"cards:\n  - {card}\n")
