"""The tally table and game: every change is a step citing its rule (``engine.timeline``)."""

from __future__ import annotations

from typing import Literal

from engine.changes import PhaseChanged, StatChanged
from engine.errors import RuleError
from engine.frozen import Frozen
from engine.timeline import Cause, Recorder, Step, turn_label


class Counter(Frozen):
    """A card: one player's counter."""

    uid: str
    name: str
    owner: int
    count: int


class Player(Frozen):
    name: str


class TallyTable(Frozen):
    """An immutable snapshot: the shared code reads ``ruleset``, ``cards``, ``players``,
    ``turn`` and ``turn_player`` (``engine.table_shape.TableShape``)."""

    ruleset: Literal["tally"] = "tally"
    players: tuple[Player, ...]
    cards: dict[str, Counter]
    turn: int = 1
    turn_player: int = 0

    def turn_name(self) -> str:
        return turn_label(self.turn, self.players[self.turn_player].name)


class TallyGame(Recorder[TallyTable]):
    """A tally game: the table, its timeline, and each action with its ``verify_`` twin, which
    raises the same RuleError and changes nothing."""

    def __init__(self, table: TallyTable) -> None:
        super().__init__(table, (table.turn_name(),))

    def verify_add(self, card: str, amount: int) -> None:
        counter = self.table.cards.get(card)
        if counter is None:
            raise RuleError("T-1", f"there is no counter {card!r} on the table")
        if amount <= 0:
            raise RuleError("T-2", f"an amount added is positive, not {amount}")
        if counter.owner != self.table.turn_player:
            owner = self.table.players[counter.owner].name
            raise RuleError("T-3", f"{card} is {owner}'s: only the turn player's counters count")

    def add(self, card: str, amount: int) -> list[Step]:
        self.verify_add(card, amount)
        before = self.table.cards[card]
        after = before.evolve(count=before.count + amount)
        self.table = self.table.evolve(cards={**self.table.cards, card: after})
        change = StatChanged(card=card, stat="count", before=before.count, after=after.count)
        cause = Cause(kind="action", card=card, text=f"add {amount} to {card}")
        text = f"{card} counts {before.count} -> {after.count}"
        return [self.record(text, ("T-2",), cause, (change,))]

    def verify_end_turn(self) -> None:
        """Ending the turn is always allowed."""

    def end_turn(self) -> list[Step]:
        before = self.table.turn_name()
        following = (self.table.turn_player + 1) % len(self.table.players)
        self.table = self.table.evolve(turn=self.table.turn + 1, turn_player=following)
        self.phase = (self.table.turn_name(),)
        change = PhaseChanged(before=before, after=self.phase[0])
        cause = Cause(kind="action", text="end turn")
        return [self.record(f"{self.phase[0]} begins", ("T-4",), cause, (change,))]
