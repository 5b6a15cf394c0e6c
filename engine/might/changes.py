"""The kinds of change only might records, registered with its ruleset (``Ruleset.changes``);
the shapes every ruleset shares are in ``engine.changes``."""

from __future__ import annotations

from typing import Literal

from engine.changes import CardChange


class Replaced(CardChange):
    """A replacement effect changed a damage event (M-4): prevention, with what it spent and
    what is left (M-5), or doubling."""

    kind: Literal["replacement"] = "replacement"
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


class DamageAssigned(CardChange):
    """Combat damage assigned to a unit (M-10), dealt with the rest at Deal (M-11): ``amount``
    before its replacements, from the units of the other side (``sources``)."""

    kind: Literal["assigned"] = "assigned"
    amount: int
    sources: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.card} is assigned {self.amount} combat damage"


class Made(CardChange):
    """A token unit was made and entered the table at ``at`` (P-61)."""

    kind: Literal["made"] = "made"
    at: str

    def describe(self) -> str:
        return f"{self.card} is made at {self.at}"

    def made(self) -> set[str]:
        return {self.card}


class ControlChanged(CardChange):
    """Who controls a unit changed: taken until end of turn, or back to its owner (P-107)."""

    kind: Literal["control"] = "control"
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} controlled by {self.before} -> {self.after}"


MIGHT_CHANGES = (Replaced, DamageAssigned, Made, ControlChanged)
