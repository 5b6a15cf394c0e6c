"""Tally's own kind of change, registered with its ruleset (``TallyRuleset.changes``): the
shapes every ruleset shares (a player's life, a counter moved out of the game) are the
engine's (``engine.changes``)."""

from __future__ import annotations

from typing import Literal

from engine.changes import Change


class KnockedOut(Change):
    """A player's life reached 0: they are out, and nobody hits them again (T-5)."""

    kind: Literal["knocked_out"] = "knocked_out"
    player: str

    def describe(self) -> str:
        return f"{self.player} is knocked out"
