"""Tally's verbs (``engine.verbs``): what a script entry may do, each with its rules."""

from __future__ import annotations

from typing import ClassVar

from engine.names import Name
from engine.timeline import Step
from engine.verbs import Verb, Verbs
from tally.game import TallyGame


class Add(Verb):
    """``add``: a count goes up (T-2)."""

    key: ClassVar[str] = "add"

    card: Name
    """The id of one of the turn player's counters (T-1, T-3)."""
    amount: int
    """How much: positive, else the rules refuse it (T-2)."""

    def verify(self, game: TallyGame) -> None:
        game.verify_add(self.card, self.amount)

    def act(self, game: TallyGame) -> list[Step]:
        return game.add(self.card, self.amount)


class EndTurn(Verb):
    """``end_turn``: the next player's turn begins (T-4)."""

    key: ClassVar[str] = "end_turn"

    def verify(self, game: TallyGame) -> None:
        game.verify_end_turn()

    def act(self, game: TallyGame) -> list[Step]:
        return game.end_turn()


VERBS = Verbs(Add, EndTurn)
"""Every verb of a tally script entry."""
