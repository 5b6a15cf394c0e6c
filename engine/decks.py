"""A player's deck, as every ruleset with one keeps it: cards top first, hidden but for their
count. How a set-up names a hidden card, what a draw takes and says, how a dump and an
expectation count a deck."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.script import Location, card_id


def deck_id(player: str, index: int) -> str:
    """The id of a deck card the set-up names alone: the player's, ``-deck-`` and its place from
    the top, which does not tell what the hidden card is.

    >>> deck_id("Alice", 0)
    'alice-deck-1'
    """
    return f"{card_id(player)}-deck-{index + 1}"


def split_draw(deck: tuple[str, ...], amount: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards ``amount`` draws from the top of ``deck`` (fewer when it runs out), and the
    deck left."""
    return deck[:amount], deck[amount:]


def draw_text(name: str, amount: int, drawn: tuple[str, ...], left: int, source: str) -> str:
    """What a draw's step says: the cards drawn, and what an empty deck could not give.

    >>> draw_text("Alice", 1, ("alice-deck-1",), 2, "scholar")
    'Alice draws 1 card (alice-deck-1) (scholar); 2 left in the deck'
    >>> draw_text("Bob", 1, (), 0, "scholar")
    "Bob's deck is empty: the 1 to draw is not drawn and nothing happens instead (scholar)"
    """
    cards = f"{len(drawn)} card{'' if len(drawn) == 1 else 's'} ({', '.join(drawn)})"
    short = amount - len(drawn)
    if not drawn:
        return (
            f"{name}'s deck is empty: the {amount} to draw {is_or_are(amount)} not drawn and "
            f"nothing happens instead ({source})"
        )
    if short:
        return (
            f"{name} draws {cards} ({source}); the deck is then empty: the other "
            f"{short} {is_or_are(short)} not drawn and nothing happens instead"
        )
    return f"{name} draws {cards} ({source}); {left} left in the deck"


def deck_line(count: int) -> list[str]:
    """A text dump's line for a deck, its count only; none for an empty deck."""
    return [f"  deck: {count} card{'' if count == 1 else 's'}"] if count else []


def deck_misses(
    expected: Mapping[str, int], players: Iterable[tuple[str, int]]
) -> list[tuple[Location, str]]:
    """Each player whose deck does not hold the expected count; ``players``: (name, count)."""
    seen = dict(players)
    return [
        (("deck", name), f"{name}'s deck: expected {count}, saw {seen.get(name)}")
        for name, count in expected.items()
        if seen.get(name) != count
    ]


def is_or_are(count: int) -> str:
    """The verb for ``count`` cards: "1 is", "2 are"."""
    return "is" if count == 1 else "are"
