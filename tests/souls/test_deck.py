"""A souls player's deck and drawing from it (P-92): set up top first and hidden, drawn from on
one step, an empty deck giving what it has, refusals at check, and cards conserved."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import RuleError, ScenarioError
from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame
from engine.souls.table import SoulsTable
from engine.souls.text import render_table

CARDS = """\
cards:
  - {name: Study, kind: spell, text: "Draw a card.", effects: [{do: draw}]}
  - {name: Notes, kind: spell, effects: [{do: draw, amount: 2}]}
  - name: Scribe
    kind: soul
    hp: 20
    power: 5
    abilities:
      - {when: damaged, effects: [{do: draw}]}
"""


def game(alice: str, bob: str = "{name: Bob}", cards: str = CARDS) -> SoulsGame:
    text = f"""\
ruleset: souls
title: a deck
rules: [P-92]
{cards}
setup:
  players:
    - {alice}
    - {bob}
"""
    return cast(SoulsGame, game_from_yaml(text))


def said(steps: object) -> list[str]:
    return [step.description for step in cast(list, steps)]


def zone_of(g: SoulsGame, uid: str) -> str:
    return g.table.cards[uid].zone


@pytest.mark.rule("P-92")
def test_a_deck_is_set_up_top_first_hidden_and_counted() -> None:
    g = game("{name: Alice, deck: [Firebolt, {card: Thorn Squire, id: squire}, Old Keep]}")
    assert g.table.players[0].deck == ("alice-deck-1", "squire", "alice-deck-3")
    assert {zone_of(g, uid) for uid in g.table.players[0].deck} == {"deck"}
    text = render_table(g.table)
    assert "  deck: 3 cards" in text
    assert "alice-deck-1" not in text and "squire" not in text  # hidden: its count only


@pytest.mark.rule("P-92")
def test_a_table_without_a_deck_dumps_as_before() -> None:
    g = game("{name: Alice}")
    assert "deck" not in g.table.players[0].model_dump()
    assert "deck" not in render_table(g.table)


@pytest.mark.rule("P-92")
def test_draw_takes_from_the_top_into_hand_on_one_step() -> None:
    g = game("{name: Alice, hand: [{card: Notes}], deck: [Firebolt, Thorn Squire, Firebolt]}")
    words = said(g.play("notes"))
    assert "Alice draws 2 cards (alice-deck-1, alice-deck-2) (notes); 1 left in the deck" in words
    assert zone_of(g, "alice-deck-1") == zone_of(g, "alice-deck-2") == "hand"
    assert g.table.players[0].deck == ("alice-deck-3",)
    drew = next(s for s in g.steps if "draws" in s.description)
    assert list(drew.rules) == ["P-92"]
    assert [c.describe() for c in drew.changes] == [
        "alice-deck-1 moved deck -> hand",
        "alice-deck-2 moved deck -> hand",
    ]
    g.recruit("alice-deck-2", "A1")  # a drawn card is a card in hand like any other
    assert zone_of(g, "alice-deck-2") == "slot"


@pytest.mark.rule("P-92")
def test_drawing_from_an_empty_deck_does_nothing_and_says_so() -> None:
    g = game("{name: Alice, hand: [{card: Notes}, {card: Study}], deck: [Firebolt]}")
    words = said(g.play("notes"))
    assert (
        "Alice draws 1 card (alice-deck-1) (notes); the deck is then empty: the other 1 is not "
        "drawn and nothing happens instead" in words
    )
    before = g.table.cards
    words = said(g.play("study"))
    assert (
        "Alice's deck is empty: the 1 to draw is not drawn and nothing happens instead (study)"
        in words
    )
    assert g.table.players[0].deck == ()
    assert {uid for uid, c in g.table.cards.items() if c.zone == "hand"} == {"alice-deck-1"}
    assert set(g.table.cards) == set(before)


@pytest.mark.rule("P-92", "14.1.5")
def test_a_trigger_draws_for_its_cards_controller() -> None:
    g = game(
        "{name: Alice, hand: [{card: Firebolt}]}",
        "{name: Bob, slots: {A1: {card: Scribe}}, deck: [Ember Imp]}",
    )
    words = said(g.play("firebolt", "scribe"))
    assert "Bob draws 1 card (bob-deck-1) (scribe); 0 left in the deck" in words
    assert zone_of(g, "bob-deck-1") == "hand" and g.table.cards["bob-deck-1"].owner == 1


@pytest.mark.parametrize(
    ("alice", "cards", "message"),
    [
        (
            "{name: Alice}",
            "cards:\n  - {name: T, kind: spell, effects: [{do: draw, amount: 0}]}\n",
            r"amount",
        ),
        (
            "{name: Alice}",
            "cards:\n  - {name: T, kind: spell, effects: [{do: draw, target: self}]}\n",
            r"controller",
        ),
        ("{name: Alice, deck: [Nobody]}", "", r"deck\[0\].*unknown card 'Nobody'"),
        (
            "{name: Alice, deck: [{card: Ember Imp, damage: 5}]}",
            "",
            r"a card in deck has no damage",
        ),
        ("{name: Alice, hand: [{card: Ember Imp}], deck: [{card: Ember Imp}]}", "", r"ember-imp"),
    ],
    ids=["no-cards", "only-the-controller", "unknown-card", "damage-in-deck", "id-twice"],
)
def test_bad_decks_and_draws_are_refused_at_check(alice: str, cards: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        game(alice, cards=cards)


def conserved(table: SoulsTable, before: set[str]) -> None:
    """Every card is in exactly one zone: a deck lists exactly its owner's cards in the deck
    zone, each once; no card appears or goes missing."""
    for owner, player in enumerate(table.players):
        in_deck = {uid for uid, c in table.cards.items() if c.zone == "deck" and c.owner == owner}
        assert len(set(player.deck)) == len(player.deck)
        assert set(player.deck) == in_deck
    assert set(table.cards) == before


HAND = "[{card: Study, id: s1}, {card: Study, id: s2}, {card: Notes, id: n1}, {card: Firebolt}]"
MOVES = st.sampled_from(["s1", "s2", "n1", "firebolt", "alice-deck-1", "alice-deck-2", "imp"])


@pytest.mark.rule("P-92")
@settings(max_examples=60, deadline=None)
@given(st.lists(MOVES, max_size=10))
def test_cards_are_conserved_whatever_is_drawn(moves: list[str]) -> None:
    g = game(
        f"{{name: Alice, hand: {HAND}, deck: [Study, Firebolt, {{card: Ember Imp, id: imp}}]}}",
        "{name: Bob, slots: {A1: {card: Scribe}}, deck: [Study, Ember Imp]}",
    )
    before = set(g.table.cards)
    for card in moves:
        try:
            if g.table.definition(card).kind == "soul":
                g.recruit(card, "A1")
            else:
                g.play(card, "scribe" if card in ("firebolt", "alice-deck-2") else None)
        except RuleError:
            continue
        conserved(g.table, before)
