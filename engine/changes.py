"""The typed changes a timeline step records: what moved, what was damaged, what was captured."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.frozen import Frozen

STAT_WORDS = {"max_hp": "max HP", "hp": "HP"}
"""How a stat's field name reads in a sentence (the rest read as they are spelled)."""


def stat_words(stat: str) -> str:
    """A stat as a sentence says it.

    >>> stat_words("max_hp"), stat_words("power")
    ('max HP', 'power')
    """
    return STAT_WORDS.get(stat, stat)


class StatChanged(Frozen):
    """A number on a card changed: damage, max HP, power, Might, ..."""

    kind: Literal["stat"] = "stat"
    card: str
    stat: str
    before: int
    after: int

    def describe(self) -> str:
        return f"{self.card} {stat_words(self.stat)} {self.before} -> {self.after}"


class Moved(Frozen):
    """A card changed zone or place (hand -> slot B1, slot A1 -> elysium, ...)."""

    kind: Literal["moved"] = "moved"
    card: str
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} moved {self.before} -> {self.after}"


class Flipped(Frozen):
    """A card turned face down: a captured Soul, a shattered Realm."""

    kind: Literal["captured", "shattered"]
    card: str
    place: str

    def describe(self) -> str:
        return f"{self.card} {self.kind} (face down on {self.place})"


class LineChanged(Frozen):
    """A Soul's derived line changed (it stepped into the Front Line, S-2)."""

    kind: Literal["line"] = "line"
    card: str
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} line {self.before} -> {self.after}"


class BonusChanged(Frozen):
    """A bonus started or ended on a card."""

    kind: Literal["bonus_added", "bonus_ended"]
    card: str
    bonus: str

    def describe(self) -> str:
        verb = "gains" if self.kind == "bonus_added" else "loses"
        return f"{self.card} {verb} {self.bonus}"


class Triggered(Frozen):
    """An ability triggered and waits to resolve."""

    kind: Literal["triggered"] = "triggered"
    card: str
    ability: str

    def describe(self) -> str:
        return f"{self.card} triggers: {self.ability}"


class Activated(Frozen):
    """A player activated a unit's ability, paying its cost; it waits to resolve."""

    kind: Literal["activated"] = "activated"
    card: str
    ability: str

    def describe(self) -> str:
        return f"{self.card} activates {self.ability}"


class PhaseChanged(Frozen):
    """The turn or phase moved on."""

    kind: Literal["phase"] = "phase"
    before: str
    after: str

    def describe(self) -> str:
        return f"phase {self.before} -> {self.after}"


class GameEnded(Frozen):
    """The game is over."""

    kind: Literal["game_over"] = "game_over"
    winner: str
    reason: str

    def describe(self) -> str:
        return f"game over: {self.winner} wins ({self.reason})"


class Replaced(Frozen):
    """A replacement effect changed a damage event: prevention (with what it spent) or doubling."""

    kind: Literal["replacement"] = "replacement"
    card: str
    effect: str
    effect_kind: Literal["prevention", "doubling"]
    before: int
    after: int
    spent: int | None = None
    left: str | None = None

    def describe(self) -> str:
        text = f"{self.card}: {self.effect_kind} {self.effect} {self.before} -> {self.after}"
        if self.effect_kind == "prevention":
            text += f" (spent {self.spent}, left {self.left})"
        return text


class Died(Frozen):
    """A unit died and left the table, losing its damage (M-8)."""

    kind: Literal["died"] = "died"
    card: str
    place: str

    def describe(self) -> str:
        return f"{self.card} dies ({self.place} -> trash)"


class StatusChanged(Frozen):
    """A unit's status changed: ready <-> exhausted."""

    kind: Literal["status"] = "status"
    card: str
    before: Literal["ready", "exhausted"]
    after: Literal["ready", "exhausted"]

    def describe(self) -> str:
        return f"{self.card} {self.before} -> {self.after}"


class Played(Frozen):
    """A card was played from its owner's hand: a spell, a unit, a Soul, an Armament, an Ambush."""

    kind: Literal["played"] = "played"
    card: str
    to: str  # where it went: the chain, a base, slot A1, ...

    def describe(self) -> str:
        return f"{self.card} played from hand to {self.to}"


class Declared(Frozen):
    """An attack was declared: ``card`` attacks (or defends) ``target``; both are marked."""

    kind: Literal["declared"] = "declared"
    card: str
    role: Literal["attacks", "defends"] = "attacks"
    target: str

    def describe(self) -> str:
        return f"{self.card} {self.role} {self.target}"


Change = Annotated[
    StatChanged
    | Moved
    | Flipped
    | LineChanged
    | BonusChanged
    | Triggered
    | Activated
    | PhaseChanged
    | GameEnded
    | Replaced
    | Died
    | StatusChanged
    | Played
    | Declared,
    Field(discriminator="kind"),
]


def change_cards(change: Change) -> set[str]:
    """The cards a change is about: its card and, for a declaration, its target too."""
    names = (getattr(change, "card", None), getattr(change, "target", None))
    return {name for name in names if name}
