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


SOULS_CHANGES = (Flipped, LineChanged, BonusChanged)
