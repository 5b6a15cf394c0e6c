"""A unit's own actions: move, recall, ready, exhaust and return to hand; damage stays with it
on the table (M6, M-6, P-18)."""

from __future__ import annotations

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

    def _relocate(self, uid: str, to: int | None) -> None:
        verb = "moves" if to is not None else "is recalled"
        cause = Cause(kind="action", card=uid, text=f"{uid} {verb}")
        self._relocate_unit(uid, to, cause, ("M6", "M-6", "P-18"))
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
            word = "readied" if ready else "exhausted"
            cause = Cause(kind="action", card=uid, text=f"{uid} is {word}")
            self._set_exhausted(uid, not ready, cause, ["M6", "M-6", "P-18"])

        return self._act(lambda: self.verify_set_ready(uid, ready), act)

    def verify_return_to_hand(self, uid: str) -> None:
        self._verify_own_unit(uid, f"return {uid} to hand")

    def can_return_to_hand(self, uid: str) -> bool:
        return self._can(self.verify_return_to_hand, uid)

    def return_to_hand(self, uid: str) -> list[Step]:
        """Return a unit to its owner's hand: it leaves the table and loses its damage (M-6)."""

        def act() -> None:
            cause = Cause(kind="action", card=uid, text=f"return {uid} to hand")
            self._to_hand(uid, cause, ["M-6"])

        return self._act(lambda: self.verify_return_to_hand(uid), act)
