"""The tally table and game: every change is a step citing its rule (``engine.timeline``)."""

from __future__ import annotations

from typing import Literal

from engine.changes import Change, Moved, PhaseChanged, PlayerStatChanged, StatChanged
from engine.errors import RuleError
from engine.frozen import Frozen
from engine.timeline import Cause, Recorder, Step, turn_label
from tally.changes import KnockedOut

OUT = "out of the game"  # where a removed counter goes (T-6)


class Counter(Frozen):
    """A card: one player's counter."""

    uid: str
    name: str
    owner: int
    count: int
    removed: bool = False  # out of the game (T-6)


class Player(Frozen):
    name: str
    life: int


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
        self._verify_own(counter)
        if counter.removed:
            raise RuleError("T-6", f"{card} is out of the game: nothing adds to it")

    def _verify_own(self, counter: Counter) -> None:
        if counter.owner != self.table.turn_player:
            owner = self.table.players[counter.owner].name
            raise RuleError(
                "T-3", f"{counter.uid} is {owner}'s: only the turn player's counters count"
            )

    def add(self, card: str, amount: int) -> list[Step]:
        self.verify_add(card, amount)
        before = self.table.cards[card]
        after = before.evolve(count=before.count + amount)
        self.table = self.table.evolve(cards={**self.table.cards, card: after})
        change = StatChanged(card=card, stat="count", before=before.count, after=after.count)
        cause = Cause(kind="action", card=card, text=f"add {amount} to {card}")
        text = f"{card} counts {before.count} -> {after.count}"
        return [self.record(text, ("T-2",), cause, (change,))]

    def verify_hit(self, player: str, amount: int) -> None:
        names = [each.name for each in self.table.players]
        if player not in names:
            raise RuleError("T-5", f"there is no player {player!r}")
        if names.index(player) == self.table.turn_player:
            raise RuleError("T-5", f"{player} is the turn player: they hit another player")
        if amount <= 0:
            raise RuleError("T-5", f"a hit is positive, not {amount}")
        if self.table.players[names.index(player)].life == 0:
            raise RuleError("T-5", f"{player} is knocked out: nobody hits them again")

    def hit(self, player: str, amount: int) -> list[Step]:
        """The player's life goes down, a core change; at 0, tally's own ``knocked_out``."""
        self.verify_hit(player, amount)
        seat = [each.name for each in self.table.players].index(player)
        before = self.table.players[seat]
        after = before.evolve(life=max(0, before.life - amount))
        players = self.table.players
        self.table = self.table.evolve(players=(*players[:seat], after, *players[seat + 1 :]))
        changes: list[Change] = [
            PlayerStatChanged(player=player, stat="life", before=before.life, after=after.life)
        ]
        if after.life == 0:
            changes.append(KnockedOut(player=player))
        cause = Cause(kind="action", text=f"hit {player} for {amount}")
        text = f"{player} is hit for {amount} (life {before.life} -> {after.life})"
        return [self.record(text, ("T-5",), cause, changes)]

    def verify_remove(self, card: str) -> None:
        counter = self.table.cards.get(card)
        if counter is None:
            raise RuleError("T-1", f"there is no counter {card!r} on the table")
        self._verify_own(counter)
        if counter.removed:
            raise RuleError("T-6", f"{card} is already out of the game")

    def remove(self, card: str) -> list[Step]:
        """The counter leaves the table, a core move; it stays in ``cards``, out of the game."""
        self.verify_remove(card)
        self.table = self.table.evolve(
            cards={**self.table.cards, card: self.table.cards[card].evolve(removed=True)}
        )
        change = Moved(card=card, before="the table", after=OUT)
        cause = Cause(kind="action", card=card, text=f"remove {card}")
        return [self.record(f"{card} is removed from the game", ("T-6",), cause, (change,))]

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
