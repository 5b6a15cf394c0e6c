"""Cards off the table: a deck and drawing from it (P-60), token units (P-61), a unit card
chosen in a trash and returned (P-62), and looking at the top of a deck to choose (P-109)."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.choices import Answer, Choice, Chooser, default_chooser
from engine.errors import RuleError, ScenarioError
from engine.might.game import MightGame
from engine.might.table import MightTable
from engine.might.text import render_table
from engine.scenario import game_from_yaml

CARDS = """\
cards:
  - {name: Recruit Token, kind: unit, might: 1}
  - {name: Notes, kind: spell, effects: [{do: draw, amount: 2}]}
  - {name: Glimpse, kind: spell, effects: [{do: look_at_deck, amount: 3, keep: 1}]}
  - name: Muster
    kind: spell
    effects: [{do: make_token, card: Recruit Token, at: Battlefield 1, count: 2}]
  - name: Rally
    kind: spell
    effects: [{do: make_token, card: Recruit Token, enters: ready}]
  - name: Raise
    kind: spell
    target: {zone: trash, side: own}
    effects: [{do: return_from_trash, to: base}]
  - name: Recover
    kind: spell
    target: {zone: trash, side: any}
    effects: [{do: return_from_trash}]
  - {name: Doom, kind: spell, target: {side: any}, effects: [{do: kill}]}
  - {name: Banish, kind: spell, target: {side: any}, effects: [{do: return_to_hand}]}
  - name: Sergeant
    kind: unit
    might: 3
    abilities:
      - when: activated
        cost: {exhaust: true}
        effects: [{do: make_token, card: Recruit Token, at: here}]
"""


def game(
    alice: str, bob: str = "{name: Bob}", cards: str = CARDS, chooser: Chooser = default_chooser
) -> MightGame:
    text = f"""\
ruleset: might
title: off the table
rules: [P-60]
{cards}
setup:
  players:
    - {alice}
    - {bob}
"""
    return cast(MightGame, game_from_yaml(text, chooser))


def play(g: MightGame, card: str, target: str | None = None) -> list[str]:
    """Play ``card`` (at ``target``) and let the chain resolve: the steps' descriptions."""
    return [step.description for step in (*g.play(card, target), *g.resolve())]


def zone_of(g: MightGame, uid: str) -> str:
    return g.table.cards[uid].zone


@pytest.mark.rule("P-60")
def test_a_deck_is_set_up_top_first_hidden_and_counted() -> None:
    g = game("{name: Alice, deck: [Spark, {card: Stone Whelp, id: whelp}, Spark]}")
    assert g.table.players[0].deck == ("alice-deck-1", "whelp", "alice-deck-3")
    assert {zone_of(g, uid) for uid in g.table.players[0].deck} == {"deck"}
    assert "  deck: 3 cards" in render_table(g.table)
    assert "alice-deck-1" not in render_table(g.table)  # hidden: its count only


@pytest.mark.rule("P-60")
def test_draw_takes_from_the_top_into_hand_on_one_step() -> None:
    g = game("{name: Alice, hand: [{card: Notes}], deck: [Spark, Stone Whelp, Spark]}")
    said = play(g, "notes")
    assert "Alice draws 2 cards (alice-deck-1, alice-deck-2) (notes); 1 left in the deck" in said
    assert zone_of(g, "alice-deck-1") == zone_of(g, "alice-deck-2") == "hand"
    assert g.table.players[0].deck == ("alice-deck-3",)
    drew = next(s for s in g.steps if "draws" in s.description)
    assert list(drew.rules) == ["P-60"]
    assert [c.describe() for c in drew.changes] == [
        "alice-deck-1 moved deck -> hand",
        "alice-deck-2 moved deck -> hand",
    ]


@pytest.mark.rule("P-60")
def test_drawing_from_an_empty_deck_does_nothing_and_says_so() -> None:
    g = game("{name: Alice, hand: [{card: Notes}, {card: Notes, id: again}], deck: [Spark]}")
    said = play(g, "notes")
    assert (
        "Alice draws 1 card (alice-deck-1) (notes); the deck is then empty: the other 1 is not "
        "drawn and nothing happens instead" in said
    )
    said = play(g, "again")
    assert (
        "Alice's deck is empty: the 2 to draw are not drawn and nothing happens instead (again)"
        in said
    )
    assert g.table.players[0].deck == ()


LOOKER = "{name: Alice, hand: [{card: Glimpse}], deck: [Spark, Stone Whelp, Iron Sentinel, Spark]}"


def answering(answer: Answer, asked: list[Choice]) -> Chooser:
    """A chooser that answers every pick with ``answer`` and keeps the choices it was asked."""

    def chooser(choice: Choice) -> Answer:
        asked.append(choice)
        return answer if choice.kind == "pick" else choice.default

    return chooser


@pytest.mark.rule("P-109")
def test_a_look_says_what_was_seen_and_by_default_keeps_the_first_card() -> None:
    g = game(LOOKER)
    said = play(g, "glimpse")
    assert (
        "Alice looks at the top 3 cards of Alice's deck (glimpse), which Bob does not see: "
        "alice-deck-1 (Spark), alice-deck-2 (Stone Whelp), alice-deck-3 (Iron Sentinel)" in said
    )
    assert (
        "Alice puts alice-deck-1 (Spark) into the hand (by default, the first 1) and the rest at "
        "the bottom of the deck, as they were, the last lowest: alice-deck-2 (Stone Whelp), "
        "alice-deck-3 (Iron Sentinel); 3 cards in the deck" in said
    )
    assert zone_of(g, "alice-deck-1") == "hand"
    assert g.table.players[0].deck == ("alice-deck-4", "alice-deck-2", "alice-deck-3")
    put = next(s for s in g.steps if "into the hand" in s.description)
    assert list(put.rules) == ["P-109", "P-60"]
    assert [c.describe() for c in put.changes] == ["alice-deck-1 moved deck -> hand"]
    assert "  deck: 3 cards" in render_table(g.table)
    assert "alice-deck-2" not in render_table(g.table)  # still hidden on the table


@pytest.mark.rule("P-109")
@pytest.mark.parametrize(
    ("answer", "deck", "says"),
    [
        (("alice-deck-2",), ("alice-deck-4", "alice-deck-1", "alice-deck-3"), "as they were"),
        (
            ("alice-deck-2", "alice-deck-3", "alice-deck-1"),
            ("alice-deck-4", "alice-deck-3", "alice-deck-1"),
            "in the order Alice chose",
        ),
    ],
)
def test_the_controller_picks_the_card_and_may_order_the_rest(
    answer: Answer, deck: tuple[str, ...], says: str
) -> None:
    asked: list[Choice] = []
    g = game(LOOKER, chooser=answering(answer, asked))
    said = " ".join(play(g, "glimpse"))
    [choice] = asked
    assert (choice.kind, choice.player, choice.subject, choice.total) == ("pick", 0, "glimpse", 1)
    assert choice.details["alice-deck-2"] == "Stone Whelp"
    assert zone_of(g, "alice-deck-2") == "hand" and zone_of(g, "alice-deck-1") == "deck"
    assert g.table.players[0].deck == deck
    assert "alice-deck-2 (Stone Whelp) into the hand (Alice's choice)" in said and says in said


@pytest.mark.rule("P-109")
def test_a_short_deck_gives_what_it_has_and_an_empty_one_nothing() -> None:
    asked: list[Choice] = []
    g = game(
        "{name: Alice, hand: [{card: Glimpse}, {card: Glimpse, id: again}], deck: [Spark]}",
        chooser=answering(("alice-deck-1",), asked),
    )
    said = play(g, "glimpse")
    assert any("top 1 card of Alice's deck (glimpse; only 1 there)" in text for text in said)
    assert any("alice-deck-1 (Spark) into the hand (all there was)" in text for text in said)
    assert asked[0].only_answer == ("alice-deck-1",)  # nothing to choose: the app asks nothing
    said = play(g, "again")
    assert "Alice's deck is empty: there is nothing to look at (again)" in said
    assert len(asked) == 1 and zone_of(g, "alice-deck-1") == "hand"


@pytest.mark.rule("P-61")
def test_tokens_are_made_where_the_effect_says_with_stable_ids() -> None:
    alice = "{name: Alice, hand: [{card: Muster}, {card: Rally}]}"
    g = game(alice)
    said = play(g, "muster")
    assert any(
        "makes 2 tokens of Recruit Token (recruit-token-1, recruit-token-2) for Alice at "
        "Battlefield 1, exhausted" in text
        for text in said
    )
    play(g, "rally")
    token = g.table.cards["recruit-token-3"]
    assert (token.zone, token.exhausted, token.token, token.owner) == ("base", False, True, 0)
    assert g.table.cards["recruit-token-1"].battlefield == 0
    assert g.table.cards["recruit-token-1"].exhausted
    again = game(alice)  # a replay makes the same ids
    play(again, "muster")
    play(again, "rally")
    assert list(again.table.cards) == list(g.table.cards)


@pytest.mark.rule("P-61")
def test_a_token_id_a_set_up_card_has_takes_the_next_number() -> None:
    g = game(
        "{name: Alice, hand: [{card: Rally}], units: [{card: Stone Whelp, id: recruit-token-1}]}"
    )
    play(g, "rally")
    assert g.table.cards["recruit-token-2"].token
    assert not g.table.cards["recruit-token-1"].token


@pytest.mark.rule("P-61")
def test_an_abilitys_token_here_is_where_its_unit_is() -> None:
    g = game("{name: Alice, units: [{card: Sergeant, at: Battlefield 2}]}")
    g.activate("sergeant")
    g.resolve()
    made = [uid for uid, card in g.table.cards.items() if card.token]
    assert [g.table.cards[uid].place(g.table) for uid in made] == ["Battlefield 2"]


@pytest.mark.rule("P-61")
def test_a_token_that_dies_or_returns_to_hand_ceases_to_exist() -> None:
    g = game("{name: Alice, hand: [{card: Muster}, {card: Doom}, {card: Banish}]}")
    play(g, "muster")
    said = play(g, "doom", "recruit-token-1")
    assert any("recruit-token-1 is a token: it ceases to exist" in text for text in said)
    said = play(g, "banish", "recruit-token-2")
    assert any("it is a token, so it ceases to exist" in text for text in said)
    assert zone_of(g, "recruit-token-1") == zone_of(g, "recruit-token-2") == "gone"
    died = next(s for s in g.steps if "recruit-token-1 is a token" in s.description)
    assert "P-61" in died.rules
    assert [c.describe() for c in died.changes] == ["recruit-token-1 dies (Battlefield 1 -> gone)"]


@pytest.mark.rule("P-62")
def test_a_unit_card_in_a_trash_returns_to_its_owners_base_exhausted_unplayed() -> None:
    g = game(
        "{name: Alice, hand: [{card: Raise}], trash: [{card: Stone Whelp}]}",
        "{name: Bob, units: [{card: Thornback}]}",
    )
    said = play(g, "raise", "stone-whelp")
    whelp = g.table.cards["stone-whelp"]
    assert (whelp.zone, whelp.exhausted) == ("base", True)
    assert any('it is not played, so "when played" does not trigger' in text for text in said)


@pytest.mark.rule("P-62")
def test_a_trash_target_is_a_unit_card_in_the_trash_its_side_names() -> None:
    g = game(
        "{name: Alice, hand: [{card: Raise}, {card: Recover}], trash: [{card: Spark}]}",
        "{name: Bob, units: [{card: Thornback}], trash: [{card: Stone Whelp}]}",
    )
    for uid, why in [
        ("thornback", "thornback is not a unit card in your trash"),  # on the table
        ("spark", "spark is not a unit card in your trash"),  # a spell
        ("stone-whelp", r"stone-whelp is not a unit card in your trash \(none is legal now\)"),
    ]:
        with pytest.raises(RuleError, match=why) as refused:
            g.play("raise", uid)
        assert refused.value.rule == "P-62"
    play(g, "recover", "stone-whelp")  # either trash: to its owner's hand
    assert (zone_of(g, "stone-whelp"), g.table.cards["stone-whelp"].owner) == ("hand", 1)


@pytest.mark.rule("P-62")
def test_a_card_that_left_the_trash_before_the_return_resolves_stays_where_it_is() -> None:
    reaction = CARDS.replace(
        "kind: spell\n    target: {zone: trash, side: any}",
        "kind: spell\n    speed: reaction\n    target: {zone: trash, side: any}",
    )
    g = game(
        "{name: Alice, hand: [{card: Raise}, {card: Recover}], trash: [{card: Stone Whelp}]}",
        cards=reaction,
    )
    g.play("raise", "stone-whelp")
    g.play("recover", "stone-whelp")  # a Reaction answers: the whelp goes to hand first
    said = [step.description for step in g.resolve()]
    assert zone_of(g, "stone-whelp") == "hand"
    assert "return_from_trash: nothing happens (stone-whelp is no longer in a trash)" in said


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "{name: T, kind: spell, target: {zone: trash}, effects: [{do: heal}]}",
            r"heal acts on a unit on the table, but its target is chosen in a trash",
        ),
        (
            "{name: T, kind: spell, target: {side: own}, effects: [{do: return_from_trash}]}",
            r"return_from_trash returns a card from a trash: choose it with `zone: trash`",
        ),
        (
            "{name: T, kind: spell, target: {zone: trash, state: damaged}, "
            "effects: [{do: return_from_trash}]}",
            r"a card in a trash has no state and no place",
        ),
        (
            "{name: T, kind: spell, effects: [{do: return_from_trash}]}",
            r"an effect aims at 'target' but the card chooses none",
        ),
        (
            "{name: T, kind: spell, effects: [{do: make_token, card: Recruit Token, at: here}]}",
            r"a spell is at no place",
        ),
        (
            "{name: T, kind: spell, effects: [{do: make_token, card: Recruit Token, "
            "at: Battlefield 9}]}",
            r"T makes tokens to 'Battlefield 9', which is no battlefield here",
        ),
        (
            "{name: T, kind: spell, effects: [{do: make_token, card: Nobody}]}",
            r"unknown card 'Nobody'",
        ),
        (
            "{name: T, kind: spell, effects: [{do: make_token, card: Spark}]}",
            r"Spark is a spell: a token is a unit \(P-61\)",
        ),
        (
            "{name: T, kind: spell, effects: [{do: make_token, card: Recruit Token, count: 11}]}",
            r"count",
        ),
        ("{name: T, kind: spell, effects: [{do: draw, amount: 0}]}", r"amount"),
        (
            "{name: T, kind: spell, effects: [{do: look_at_deck, amount: 2, keep: 3}]}",
            r"keep: it looks at 2 cards, so it can put no more than 2 into the hand, not 3 "
            r"\(P-109\)",
        ),
        ("{name: T, kind: spell, effects: [{do: look_at_deck, amount: 11}]}", r"amount"),
    ],
)
def test_off_table_words_that_cant_be_read_are_refused_at_check(card: str, message: str) -> None:
    cards = f"cards:\n  - {{name: Recruit Token, kind: unit, might: 1}}\n  - {card}\n"
    with pytest.raises(ScenarioError, match=message):
        game("{name: Alice}", cards=cards)


def conserved(table: MightTable, before: set[str]) -> None:
    """Every card is in exactly one zone: a deck lists exactly its owner's cards in the deck
    zone, each once; no card ever goes missing; only tokens are new, and only tokens are gone."""
    for owner, player in enumerate(table.players):
        in_deck = {uid for uid, c in table.cards.items() if c.zone == "deck" and c.owner == owner}
        assert len(set(player.deck)) == len(player.deck)
        assert set(player.deck) == in_deck
    assert before <= set(table.cards)
    assert all(table.cards[uid].token for uid in set(table.cards) - before)
    assert all(c.token for c in table.cards.values() if c.zone == "gone")


HAND = (
    "[{card: Notes, id: n1}, {card: Notes, id: n2}, {card: Muster, id: m1}, {card: Rally, id: r1},"
    " {card: Raise, id: up1}, {card: Recover, id: up2}, {card: Doom, id: d1},"
    " {card: Banish, id: b1}, {card: Doom, id: d2}, {card: Glimpse, id: l1}]"
)
TARGETS = [None, "stone-whelp", "recruit-token-1", "recruit-token-2", "recruit-token-3", "golem"]
MOVES = st.tuples(
    st.sampled_from(["n1", "n2", "m1", "r1", "up1", "up2", "d1", "b1", "d2", "l1"]),
    st.sampled_from(TARGETS),
)


@pytest.mark.rule("P-60", "P-61", "P-62", "P-109")
@settings(max_examples=60, deadline=None)
@given(st.lists(MOVES, max_size=12))
def test_cards_are_conserved_whatever_is_drawn_looked_at_made_killed_or_returned(moves) -> None:  # type: ignore[no-untyped-def]
    g = game(
        f"{{name: Alice, hand: {HAND}, deck: [Spark, Stone Whelp, Spark], "
        "trash: [{card: Stone Whelp}], units: [{card: Hollow Golem, id: golem}]}"
    )
    before = set(g.table.cards)
    for card, target in moves:
        try:
            g.play(card, target)
            g.resolve()
        except RuleError:
            continue
        conserved(g.table, before)
