"""A unit's own actions: move, recall, ready, exhaust and return to hand; damage stays with it
on the table (M6, M-6, P-18)."""

from __future__ import annotations

from engine.errors import RuleError
from engine.might.chain import Chain
from engine.might.table import MightCard
from engine.timeline import Cause


class MovingRules:
    """Moving and readying units, and returning them to hand, given the game (``game``) it
    calls: the unit's move and the cleanup after it."""

    def __init__(self, game: Chain) -> None:
        self.game = game

    def _check_own_unit(self, uid: str, action: str) -> MightCard:
        game = self.game
        card = game._unit(uid)
        game._require_turn_player(card.owner, action)
        game._require_empty_chain(action)
        if game.table.combat is not None:
            raise RuleError("M-9", f"cannot {action} during combat")
        return card

    def check_move(self, uid: str, to: int | None) -> None:
        card = self._check_own_unit(uid, f"move {uid}")
        if to is not None and not 0 <= to < len(self.game.table.battlefields):
            raise RuleError("M-1", f"there is no battlefield number {to + 1}")
        if (card.zone == "base" and to is None) or (
            card.zone == "battlefield" and card.battlefield == to
        ):
            raise RuleError("M-1", f"{uid} is already there")

    def move(self, uid: str, to: int | None) -> None:
        """The unit goes to battlefield ``to`` (None: its base, a recall), then a cleanup."""
        verb = "moves" if to is not None else "is recalled"
        cause = Cause(kind="action", card=uid, text=f"{uid} {verb}")
        self.game._relocate_unit(uid, to, cause, ("M6", "M-6", "P-18"))
        self.game._cleanup(Cause(kind="rule", text=f"cleanup after {uid} {verb}"))

    def check_set_ready(self, uid: str, ready: bool) -> None:
        card = self.game._unit(uid)
        if card.exhausted != ready:
            raise RuleError("M-1", f"{uid} is already {'ready' if ready else 'exhausted'}")

    def set_ready(self, uid: str, ready: bool) -> None:
        word = "readied" if ready else "exhausted"
        cause = Cause(kind="action", card=uid, text=f"{uid} is {word}")
        self.game._set_exhausted(uid, not ready, cause, ["M6", "M-6", "P-18"])

    def check_return_to_hand(self, uid: str) -> None:
        self._check_own_unit(uid, f"return {uid} to hand")

    def return_to_hand(self, uid: str) -> None:
        cause = Cause(kind="action", card=uid, text=f"return {uid} to hand")
        self.game._to_hand(uid, cause, ["M-6"])
