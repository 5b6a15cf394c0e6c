"""The kinds of change only souls records, registered with its ruleset (``Ruleset.changes``);
the shapes every ruleset shares are in ``engine.changes``."""

from __future__ import annotations

from typing import Literal

from engine.changes import CardChange, TurnedFaceDown


class Flipped(TurnedFaceDown):
    """A card turned face down on its slot: a Soul captured (14.4.1), a Realm shattered
    (14.4.6)."""

    kind: Literal["captured", "shattered"]


class LineChanged(CardChange):
    """A Soul's derived line changed (it stepped into the Front Line, S-2)."""

    kind: Literal["line"] = "line"
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} line {self.before} -> {self.after}"


class BonusChanged(CardChange):
    """A bonus started or ended on a card (S-6)."""

    kind: Literal["bonus_added", "bonus_ended"]
    bonus: str

    def describe(self) -> str:
        verb = "gains" if self.kind == "bonus_added" else "loses"
        return f"{self.card} {verb} {self.bonus}"


class ShieldChanged(CardChange):
    """Prevention on a card: a shield was put on it (``shield_added``), spent some or all of
    itself on a hit (``shield_spent``, P-103) or ended (``shield_ended``); or the card's own
    prevention took its part of a hit (``prevented``, P-104). ``shield`` says the shield as it
    is after the change, ``prevented`` how much of the hit it took."""

    kind: Literal["shield_added", "shield_spent", "shield_ended", "prevented"]
    shield: str
    prevented: int = 0

    def describe(self) -> str:
        if self.kind in ("shield_spent", "prevented"):
            return f"{self.card}: {self.prevented} damage prevented ({self.shield})"
        verb = "gains" if self.kind == "shield_added" else "loses"
        return f"{self.card} {verb} {self.shield}"


class Refreshed(CardChange):
    """A new turn gave a card back what it may do once a turn (S-12): an attack, or its own
    once-a-turn prevention (P-104)."""

    kind: Literal["refreshed"] = "refreshed"
    uses: tuple[Literal["attack", "prevent"], ...]

    def describe(self) -> str:
        return f"{self.card} may {' and '.join(self.uses)} again"


SOULS_CHANGES = (Flipped, LineChanged, BonusChanged, ShieldChanged, Refreshed)
