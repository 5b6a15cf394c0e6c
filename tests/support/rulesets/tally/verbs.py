"""Tally's verbs (``engine.verbs``): what a script entry may do, each with its rules and what
it offers to try with a counter or the table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from engine.names import Name
from engine.timeline import Step
from engine.verbs import Offered, Verb, Verbs
from engine.windows import Waiting
from tally.game import TallyGame, TallyTable


class Add(Verb):
    """``add``: a count goes up (T-2)."""

    key: ClassVar[str] = "add"

    card: Name
    """The id of one of the turn player's counters (T-1, T-3)."""
    amount: int
    """How much: positive, else the rules refuse it (T-2)."""

    @classmethod
    def offered(
        cls, table: TallyTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is not None:
            for amount in (1, 5):
                yield Offered(f"Add {amount}", "Add", cls(card=uid, amount=amount))

    def verify(self, game: TallyGame) -> None:
        game.verify_add(self.card, self.amount)

    def act(self, game: TallyGame) -> list[Step]:
        return game.add(self.card, self.amount)


class EndTurn(Verb):
    """``end_turn``: the next player's turn begins (T-4)."""

    key: ClassVar[str] = "end_turn"

    @classmethod
    def offered(
        cls, table: TallyTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None:
            yield Offered("End turn", "Turn", cls())

    def verify(self, game: TallyGame) -> None:
        game.verify_end_turn()

    def act(self, game: TallyGame) -> list[Step]:
        return game.end_turn()


VERBS = Verbs(Add, EndTurn)
"""Every verb of a tally script entry."""
