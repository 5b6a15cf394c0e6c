"""Looking at the top of a deck and choosing among the cards (P-109): the question the
controller answers, how an answer is read, and what the steps say of it.

The cards looked at are hidden from the other player, but the timeline is a teaching tool: its
steps name what the controller saw and what they chose.

>>> choice = pick_choice(0, "Alice", "insight", ("d1", "d2", "d3"), 1, {})
>>> picked(choice, ("d2",), "Alice")
(('d2',), ('d1', 'd3'))
>>> picked(choice, ("d2", "d3", "d1"), "Alice")
(('d2',), ('d3', 'd1'))
>>> picked(choice, ("d4",), "Alice")
Traceback (most recent call last):
engine.errors.RuleError: d4 is not one of the cards Alice looked at (d1, d2, d3) (rule P-109)
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.choices import Answer, Choice, is_default
from engine.errors import RuleError


def pick_choice(
    player: int,
    name: str,
    source: str,
    looked: tuple[str, ...],
    keep: int,
    cards: Mapping[str, str],
) -> Choice:
    """``name`` (player ``player``) chooses, of the deck cards ``looked`` at by ``source``'s
    effect, the ``keep`` that go into the hand, then, if they like, the order of the rest at the
    bottom; by default the first, the rest as they were. ``cards``: each card's name, for the
    dialog. A deck that gave no more than ``keep`` leaves nothing to choose."""
    keeps = min(keep, len(looked))
    return Choice(
        kind="pick",
        player=player,
        subject=source,
        prompt=f"{name} puts {keeps} of the cards looked at ({source}) into the hand",
        options=looked,
        default=looked,
        limits=f"name the {keeps} for the hand first, then, if you like, all the rest in the "
        "order they go to the bottom of the deck, the last lowest (P-109)",
        details={uid: cards.get(uid, uid) for uid in looked},
        only_answer=looked if len(looked) <= keep else None,
        total=keeps,
    )


def picked(choice: Choice, answer: Answer, name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards ``answer`` (``name``'s) puts into the hand and the rest, in the order they go
    to the bottom (the order they were, when it names only those for the hand); a RuleError
    (P-109) for an answer that names a card not looked at, one twice, or neither the cards
    for the hand alone nor all of them."""
    named = tuple(str(uid) for uid in answer)
    looked = choice.options
    for uid in named:
        if uid not in looked:
            raise RuleError(
                "P-109", f"{uid} is not one of the cards {name} looked at ({', '.join(looked)})"
            )
    if len(set(named)) != len(named):
        raise RuleError("P-109", f"a card is named twice: {', '.join(named)}")
    if len(named) not in (choice.total, len(looked)):
        raise RuleError(
            "P-109",
            f"name the {choice.total} card{'s' * (choice.total != 1)} for the hand, or all "
            f"{len(looked)} in order; got {len(named)}",
        )
    kept = named[: choice.total]
    given = named[choice.total :]
    return kept, given or tuple(uid for uid in looked if uid not in kept)


def looked_text(name: str, other: str, source: str, looked: tuple[str, ...], asked: int) -> str:
    """What the look's step says: the cards the controller saw, hidden from ``other``.

    >>> looked_text("Al", "Bo", "aha", ("d1 (Spark)",), 3)
    "Al looks at the top 1 card of Al's deck (aha; only 1 there), which Bo does not see: d1 (Spark)"
    """
    short = f"; only {len(looked)} there" if len(looked) < asked else ""
    cards = f"{len(looked)} card{'s' * (len(looked) != 1)}"
    return (
        f"{name} looks at the top {cards} of {name}'s deck ({source}{short}), which {other} "
        f"does not see: {', '.join(looked)}"
    )


def pick_text(
    choice: Choice,
    answer: Answer,
    name: str,
    parts: tuple[tuple[str, ...], tuple[str, ...]],
    left: int,
) -> str:
    """What the choice's step says: the cards ``name`` put into the hand and the rest (``parts``,
    as ``picked`` gives them), each with its card's name, how they were chosen, and the rest's
    order at the bottom."""
    kept, rest = parts

    def cards(uids: tuple[str, ...]) -> str:
        return ", ".join(f"{uid} ({choice.details.get(uid, uid)})" for uid in uids)

    if choice.only_answer is not None:
        how = "all there was"
    elif is_default(choice, answer):
        how = f"by default, the first {len(kept)}"
    else:
        how = f"{name}'s choice"
    text = f"{name} puts {cards(kept)} into the hand ({how})"
    if rest:
        ordered = len(answer) > len(kept) and not is_default(choice, answer)
        order = f"in the order {name} chose" if ordered else "as they were"
        text += f" and the rest at the bottom of the deck, {order}, the last lowest: {cards(rest)}"
    return f"{text}; {left} card{'s' * (left != 1)} in the deck"
