"""What every chapter of the souls rules shares: the game's state, the checks of who may act
and when, and the triggers waiting to resolve (S-12, S-16, P-26)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.plain_errors import no_card
from engine.souls.cards import Ability, CardDef
from engine.souls.table import CardState, SoulsTable
from engine.timeline import Cause, Recorder, turn_label


@dataclass(frozen=True)
class PendingTrigger:
    card: str
    ability: Ability
    source: str | None

    @property
    def label(self) -> str:
        return self.ability.name or f"when {self.ability.when}"


class SoulsCore(Recorder[SoulsTable]):
    """A souls game's state: the current table, its timeline, the triggers waiting, the battle
    under way (``engine.souls.game`` composes the chapters on it)."""

    def __init__(self, table: SoulsTable) -> None:
        # the set-up lays the table out as S-1 says: a Realm slot and a grid of Soul slots
        super().__init__(table, (self._turn_name(table), "Main phase"), ("S-1",))
        self.pending: list[PendingTrigger] = []
        self.battle: tuple[str, str] | None = None  # (attacker, target) while a window is open
        self._battles = 0
        # (card, ability number) of the "first time each turn" triggers that fired this turn (P-81)
        self._fired: frozenset[tuple[str, int]] = frozenset()
        # The table after the last capture check: a max-HP drop since then cites 14.4.3.
        self._baseline = table
        # The cards whose HP may have changed since then: all of them at the set-up.
        self._stale: set[str] = set(table.cards)

    def rules_state(self) -> tuple[object, ...]:
        """The triggers waiting, the battle under way, how many this turn had and the
        once-a-turn triggers that fired (the capture check's baseline is bookkeeping: left
        out)."""
        return (list(self.pending), self.battle, self._battles, self._fired)

    def _loop_state(self, guard: LoopGuard) -> Hashable:
        """What decides play from here, for telling a loop (P-25): the table and the rules'
        state, each waiting trigger hashed once."""
        table = self.table
        pending = tuple(guard.part(trigger) for trigger in self.pending)
        return (
            table.cards,
            table.players,
            table.turn,
            table.turn_player,
            table.winner,
            table.drawn,
            pending,
            self.battle,
            self._battles,
            self._fired,
        )

    def _save_state(self) -> object:
        # ``rules_state`` written out: every action keeps one
        pending, stale = self.pending, self._stale
        return (
            list(pending) if pending else [],
            self.battle,
            self._battles,
            self._fired,
            self._baseline,
            set(stale) if stale else set(),
        )

    def _restore_state(self, state: object) -> None:
        assert isinstance(state, tuple)
        pending, self.battle, self._battles, self._fired, self._baseline, stale = state
        self.pending, self._stale = list(pending), set(stale)

    @staticmethod
    def _turn_name(table: SoulsTable) -> str:
        return turn_label(table.turn, table.players[table.turn_player].name)

    def _card(self, uid: str) -> CardState:
        card = self.table.cards.get(uid)
        if card is None:
            where = " on the table or in any zone"
            raise RuleError("S-4", no_card(uid, self.table.cards.values(), where))
        return card

    def _definition(self, uid: str) -> CardDef:
        return self.table.defs[self._card(uid).name]

    def _set(self, card: CardState, may_reach_0_hp: bool = True) -> None:
        """Put ``card`` on the table, and mark what the next capture check must look at.

        ``may_reach_0_hp=False``: only the card's damage changed, and its HP is known to stay
        above 0 or to rise, so the check can skip it. One at 0 HP already was marked when it got
        there, and stays marked until a check (a battle window defers them, 14.4.2).
        """
        if not may_reach_0_hp:
            self.table = self.table.with_card(card)
            return
        old = self.table.cards.get(card.uid)
        self.table = self.table.with_card(card)
        self._stale |= self.table.index.affected(old, card)

    def _require_game_on(self) -> None:
        if self.table.game_over:
            raise RuleError("S-17", f"the game is over: {self.table.result()}")

    def _require_no_battle(self, action: str) -> None:
        if self.battle is not None:
            raise RuleError(
                "S-13", f"cannot {action} during a battle window; finish the battle first"
            )

    def _require_turn_player(self, owner: int, action: str) -> None:
        if owner != self.table.turn_player and self.battle is None:
            raise RuleError(
                "P-1",
                f"{self.table.players[owner].name} cannot {action} outside a battle window "
                "during the other player's turn",
            )

    def _actor_rules(self, owner: int) -> list[str]:
        """The other player acts only inside a battle window (S-13, P-1): the step says so."""
        return ["S-13", "P-1"] if owner != self.table.turn_player else []

    def _may_loop(self) -> bool:
        """Only triggered abilities repeat, and only cards on the table trigger: without such a
        card nothing an action does can loop (P-25)."""
        return bool(self.table.index.triggers)

    def _queue_triggers(self, uid: str, when: str, source: str | None) -> None:
        if uid not in self.table.index.triggers:
            return  # only a card on the table with such an ability can trigger (the index)
        card = self._card(uid)
        if when != "captured" and not self.table.is_active(uid):
            return  # a captured Soul has no effects (14.5.1)
        for number, ability in enumerate(self.table.defs[card.name].abilities):
            if ability.when != when:
                continue
            if ability.once_per_turn and (uid, number) in self._fired:
                label = ability.name or f"when {when}"
                self.record(
                    f"{uid}'s {label} does not trigger: it already did this turn",
                    ["P-81"],
                    Cause(kind="trigger", card=uid, text=f"{uid}: {label}"),
                )
                continue
            if ability.once_per_turn:
                self._fired |= {(uid, number)}
            self.pending.append(PendingTrigger(uid, ability, source))

    def _end_pending(self, ended: Sequence[PendingTrigger], why: str, rules: Sequence[str]) -> None:
        """Pending triggers that end before they resolve, each shown as a step with its rule."""
        self.pending = [t for t in self.pending if t not in ended]
        for trigger in ended:
            self.record(
                f"{trigger.card}'s trigger {trigger.label} ends before it resolves: {why}",
                rules,
                Cause(kind="trigger", card=trigger.card, text=f"{trigger.card}: {trigger.label}"),
            )

    @contextmanager
    def _simultaneous(self) -> Iterator[None]:
        """Triggers set off by simultaneous events wait in the one order (S-16, P-26)."""
        waiting = list(self.pending)  # kept alive, so their ids stay theirs
        yield
        old = {id(t) for t in waiting}  # a capture may have ended some of them meanwhile (S-14)
        new = [t for t in self.pending if id(t) not in old]
        cards = {t.card: self._card(t.card) for t in new}
        order = [c.uid for c in self.table.in_order(cards.values())]
        self.pending = [t for t in self.pending if id(t) in old] + sorted(
            new, key=lambda t: order.index(t.card)
        )
