"""The typed changes a timeline step records: the shapes every ruleset shares.

A change is a ``Change``: its ``kind`` is the word a ``steps:`` expectation names it by
(``change: moved``) and ``describe`` says it in a line. The shapes here are the core ones, in
words that name no ruleset: a number changed on a card or a player, a card moved or died (and
where it went), a card turned face down, a status, a trigger or an activation, a phase, the end
of the game, a card played, an attack declared. A ruleset registers its own kinds besides them
(``Ruleset.changes``): a subclass of ``Change`` (or of a core shape, as a face-down card is,
with the ruleset's word for why) whose ``kind`` is a literal.

>>> class Scored(CardChange):
...     '''A counter scored a point.'''
...     kind: Literal["scored"] = "scored"
...     def describe(self) -> str:
...         return f"{self.card} scores"
>>> sorted(kinds_of((Scored, *CORE_CHANGES)))[:4]
['activated', 'declared', 'died', 'game_over']
>>> Scored(card="apples").describe(), Scored(card="apples").cards()
('apples scores', {'apples'})
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from functools import cache
from typing import Literal, get_args, get_origin

from engine.frozen import Frozen

STAT_WORDS = {"max_hp": "max HP", "hp": "HP"}
"""How a stat's field name reads in a sentence (the rest read as they are spelled)."""


def stat_words(stat: str) -> str:
    """A stat as a sentence says it.

    >>> stat_words("max_hp"), stat_words("power")
    ('max HP', 'power')
    """
    return STAT_WORDS.get(stat, stat)


class Change(Frozen):
    """One typed change of a step: ``kind`` names it, ``describe`` says it."""

    kind: str

    @abstractmethod
    def describe(self) -> str:
        """The change in a line, as ``cardtable run`` and the inspector list it."""

    def cards(self) -> set[str]:
        """The cards the change is about (none: a phase, a player's life)."""
        return set()

    def made(self) -> set[str]:
        """The cards it brings into the game, which were in none of its zones before (a token
        made); none for every other change: a card is never lost or gained otherwise."""
        return set()


class CardChange(Change):
    """A change about one card."""

    card: str

    def cards(self) -> set[str]:
        return {self.card}


def _number(subject: str, stat: str, before: int, after: int) -> str:
    return f"{subject} {stat_words(stat)} {before} -> {after}"


class StatChanged(CardChange):
    """A number on a card changed: damage, max HP, power, Might, ...; damage dealt names the
    cards it came from (``sources``: an attacker, a spell, the other side of a combat), none
    when no card dealt it (a playtester's edit, a heal)."""

    kind: Literal["stat"] = "stat"
    stat: str
    before: int
    after: int
    sources: tuple[str, ...] = ()

    def describe(self) -> str:
        return _number(self.card, self.stat, self.before, self.after)


class PlayerStatChanged(Change):
    """A number of a player's changed: life, score, ...

    >>> PlayerStatChanged(player="Bob", stat="life", before=20, after=17).describe()
    'Bob life 20 -> 17'
    """

    kind: Literal["player_stat"] = "player_stat"
    player: str
    stat: str
    before: int
    after: int

    def describe(self) -> str:
        return _number(self.player, self.stat, self.before, self.after)


class Moved(CardChange):
    """A card changed zone or place (hand -> slot B1, slot A1 -> elysium, ...)."""

    kind: Literal["moved"] = "moved"
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} moved {self.before} -> {self.after}"


class Died(CardChange):
    """A card died: it left ``place`` for where its rules send it, ``to`` (a trash, ...)."""

    kind: Literal["died"] = "died"
    place: str
    to: str

    def describe(self) -> str:
        return f"{self.card} dies ({self.place} -> {self.to})"


class TurnedFaceDown(CardChange):
    """A card turned face down where it lies; its ``kind`` is the ruleset's word for why (a
    ruleset subclasses this with its words as a literal)."""

    place: str

    def describe(self) -> str:
        return f"{self.card} {self.kind} (face down on {self.place})"


class StatusChanged(CardChange):
    """A card's status changed, in the ruleset's words (ready <-> exhausted, ...)."""

    kind: Literal["status"] = "status"
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} {self.before} -> {self.after}"


class Triggered(CardChange):
    """An ability triggered and waits to resolve."""

    kind: Literal["triggered"] = "triggered"
    ability: str

    def describe(self) -> str:
        return f"{self.card} triggers: {self.ability}"


class Activated(CardChange):
    """A player activated a card's ability, paying its cost; it waits to resolve."""

    kind: Literal["activated"] = "activated"
    ability: str

    def describe(self) -> str:
        return f"{self.card} activates {self.ability}"


class PhaseChanged(Change):
    """The turn or phase moved on."""

    kind: Literal["phase"] = "phase"
    before: str
    after: str

    def describe(self) -> str:
        return f"phase {self.before} -> {self.after}"


class GameEnded(Change):
    """The game is over."""

    kind: Literal["game_over"] = "game_over"
    winner: str
    reason: str

    def describe(self) -> str:
        return f"game over: {self.winner} wins ({self.reason})"


class Played(CardChange):
    """A card was played from its owner's hand: a spell, a unit, an Armament, ..."""

    kind: Literal["played"] = "played"
    to: str  # where it went: the chain, a base, slot A1, ...

    def describe(self) -> str:
        return f"{self.card} played from hand to {self.to}"


class Declared(CardChange):
    """An attack was declared: ``card`` attacks (or defends) ``target``, a card or a place;
    both are marked."""

    kind: Literal["declared"] = "declared"
    role: Literal["attacks", "defends"] = "attacks"
    target: str

    def describe(self) -> str:
        return f"{self.card} {self.role} {self.target}"

    def cards(self) -> set[str]:
        return {self.card, self.target}


CORE_CHANGES: tuple[type[Change], ...] = (
    StatChanged,
    PlayerStatChanged,
    Moved,
    Died,
    StatusChanged,
    Triggered,
    Activated,
    PhaseChanged,
    GameEnded,
    Played,
    Declared,
)
"""The kinds every ruleset may record and every file's ``steps:`` may name."""


def kind_words(shape: type[Change]) -> tuple[str, ...]:
    """The words ``shape``'s ``kind`` takes: its literal's values, none for an open ``str``.

    >>> kind_words(StatChanged), kind_words(TurnedFaceDown)
    (('stat',), ())
    """
    kind = shape.model_fields["kind"].annotation
    return get_args(kind) if get_origin(kind) is Literal else ()


@cache  # a file's ruleset is asked on every step the fuzz harness checks
def kinds_of(shapes: tuple[type[Change], ...]) -> Mapping[str, type[Change]]:
    """Each word of ``shapes``, in their order, with its shape; ValueError for a
    shape without a word of its own or a word two shapes give.

    >>> kinds_of((Moved, Moved))
    Traceback (most recent call last):
    ValueError: two kinds of change are named 'moved': Moved and Moved
    """
    found: dict[str, type[Change]] = {}
    for shape in shapes:
        words = kind_words(shape)
        if not words:
            raise ValueError(f"{shape.__name__} gives its kind no word: make it a Literal")
        for word in words:
            if word in found:
                raise ValueError(
                    f"two kinds of change are named {word!r}: "
                    f"{found[word].__name__} and {shape.__name__}"
                )
            found[word] = shape
    return found
