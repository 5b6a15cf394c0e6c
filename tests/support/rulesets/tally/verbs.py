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

HIT = 5  # what a hit offered on the table takes


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


class Hit(Verb):
    """``hit``: another player's life goes down (T-5)."""

    key: ClassVar[str] = "hit"

    player: Name
    """The name of a player other than the turn player, not knocked out."""
    amount: int
    """How much: positive, else the rules refuse it (T-5)."""

    @classmethod
    def offered(
        cls, table: TallyTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None:
            for player in table.players:
                label = f"Hit {player.name} for {HIT}"
                yield Offered(label, "Turn", cls(player=player.name, amount=HIT))

    def verify(self, game: TallyGame) -> None:
        game.verify_hit(self.player, self.amount)

    def act(self, game: TallyGame) -> list[Step]:
        return game.hit(self.player, self.amount)


class Remove(Verb):
    """``remove``: one of the turn player's counters leaves the game (T-6)."""

    key: ClassVar[str] = "remove"

    card: Name
    """The id of one of the turn player's counters (T-3)."""

    @classmethod
    def offered(
        cls, table: TallyTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is not None:
            yield Offered("Remove from the game", "Remove", cls(card=uid))

    def verify(self, game: TallyGame) -> None:
        game.verify_remove(self.card)

    def act(self, game: TallyGame) -> list[Step]:
        return game.remove(self.card)


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


VERBS = Verbs(Add, Hit, Remove, EndTurn)
"""Every verb of a tally script entry."""
