"""A unit's own actions: move, recall, ready, exhaust and return to hand; damage stays with it
on the table (M6, M-6, P-18)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.changes import Moved, StatChanged, StatusChanged
from engine.errors import RuleError
from engine.might.chain import Chain
from engine.might.table import MightCard
from engine.timeline import Cause, Step


class Moving(Chain):
    """Moving and readying units, and returning them to hand."""

    def _verify_own_unit(self, uid: str, action: str) -> MightCard:
        card = self._unit(uid)
        self._require_turn_player(card.owner, action)
        self._require_empty_chain(action)
        if self.table.combat is not None:
            raise RuleError("M-9", f"cannot {action} during combat")
        return card

    def verify_move(self, uid: str, to: int | None) -> None:
        card = self._verify_own_unit(uid, f"move {uid}")
        if to is not None and not 0 <= to < len(self.table.battlefields):
            raise RuleError("M-1", f"there is no battlefield number {to + 1}")
        if (card.zone == "base" and to is None) or (
            card.zone == "battlefield" and card.battlefield == to
        ):
            raise RuleError("M-1", f"{uid} is already there")

    def can_move(self, uid: str, to: int | None) -> bool:
        return self._can(self.verify_move, uid, to)

    def move(self, uid: str, to: int | None) -> list[Step]:
        """Move a unit to a battlefield (or its base: ``to=None``); damage stays (M6, M-6)."""
        return self._act(lambda: self.verify_move(uid, to), self._relocate, uid, to)

    def verify_recall(self, uid: str) -> None:
        """A recall is a move to the base (M6)."""
        self.verify_move(uid, None)

    def can_recall(self, uid: str) -> bool:
        return self._can(self.verify_recall, uid)

    def recall(self, uid: str) -> list[Step]:
        """Return a unit from a battlefield to its base; damage stays (M6)."""
        return self._act(lambda: self.verify_recall(uid), self._relocate, uid, None)

    def _relocate(
        self,
        uid: str,
        to: int | None,
        cause: Cause | None = None,
        rules: Sequence[str] = ("M6", "M-6", "P-18"),
    ) -> None:
        card = self.table.cards[uid]
        before = card.place(self.table)
        verb = "moves" if to is not None else "is recalled"
        cause = cause or Cause(kind="action", card=uid, text=f"{uid} {verb}")
        self._set(card.evolve(zone="base" if to is None else "battlefield", battlefield=to))
        after = self.table.cards[uid].place(self.table)
        damage = f", keeping its {card.damage} damage" if card.damage else ""
        self.record(
            f"{uid} {verb} {before} -> {after}{damage}",
            rules,
            cause,
            [Moved(card=uid, before=before, after=after)],
        )
        self._cleanup(Cause(kind="rule", text=f"cleanup after {uid} {verb}"))

    def verify_set_ready(self, uid: str, ready: bool) -> None:
        card = self._unit(uid)
        if card.exhausted != ready:
            raise RuleError("M-1", f"{uid} is already {'ready' if ready else 'exhausted'}")

    def can_set_ready(self, uid: str, ready: bool) -> bool:
        return self._can(self.verify_set_ready, uid, ready)

    def set_ready(self, uid: str, ready: bool) -> list[Step]:
        """Ready or exhaust a unit; its damage stays (M6)."""

        def act() -> None:
            card = self.table.cards[uid]
            self._set(card.evolve(exhausted=not ready))
            word = "readied" if ready else "exhausted"
            self.record(
                f"{uid} is {word}" + (f", keeping its {card.damage} damage" if card.damage else ""),
                ["M6", "M-6", "P-18"],
                Cause(kind="action", card=uid, text=f"{uid} is {word}"),
                [
                    StatusChanged(
                        card=uid,
                        before="exhausted" if card.exhausted else "ready",
                        after="ready" if ready else "exhausted",
                    )
                ],
            )

        return self._act(lambda: self.verify_set_ready(uid, ready), act)

    def verify_return_to_hand(self, uid: str) -> None:
        self._verify_own_unit(uid, f"return {uid} to hand")

    def can_return_to_hand(self, uid: str) -> bool:
        return self._can(self.verify_return_to_hand, uid)

    def return_to_hand(self, uid: str) -> list[Step]:
        """Return a unit to its owner's hand: it leaves the table and loses its damage (M-6)."""

        def act() -> None:
            card = self.table.cards[uid]
            before = card.place(self.table)
            self._set(card.off_table("hand"))
            self.record(
                f"{uid} returns to hand and loses its {card.damage} damage",
                ["M-6"],
                Cause(kind="action", card=uid, text=f"return {uid} to hand"),
                [
                    Moved(card=uid, before=before, after="hand"),
                    StatChanged(card=uid, stat="damage", before=card.damage, after=0),
                ],
            )

        return self._act(lambda: self.verify_return_to_hand(uid), act)
