"""A unit's own actions: move, recall, ready, exhaust and return to hand; damage stays with it
on the table (M6, M-6, P-18). A unit's own move goes between its base and a battlefield, and
from one battlefield to another only with Ganking (P-106); an effect that moves a unit
(``do: move``, P-43) is not that action and goes anywhere its text says."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.effects import EffectRules
from engine.might.table import MightCard
from engine.timeline import Cause


@dataclass(frozen=True, eq=False)
class MovingRules:
    """Moving and readying units, and returning them to hand, given the game's core (``core``:
    the unit's move), the cleanup after a move (``damage``) and the return to hand
    (``effects``)."""

    core: MightCore
    damage: DamageRules
    effects: EffectRules

    def _check_own_unit(self, uid: str, action: str) -> MightCard:
        card = self.core._unit(uid)
        self.core._require_turn_player(card.controller, action)
        self.core._require_empty_chain(action)
        if self.core.table.combat is not None:
            raise RuleError("M-9", f"cannot {action} during combat")
        return card

    def check_move(self, uid: str, to: int | None) -> None:
        card = self._check_own_unit(uid, f"move {uid}")
        if to is not None and not 0 <= to < len(self.core.table.battlefields):
            raise RuleError("M-1", f"there is no battlefield number {to + 1}")
        if (card.zone == "base" and to is None) or (
            card.zone == "battlefield" and card.battlefield == to
        ):
            raise RuleError("M-1", f"{uid} is already there")
        if card.zone == "battlefield" and to is not None and not self._ganking(card):
            # a standard move is base <-> battlefield; only Ganking crosses between battlefields
            raise RuleError(
                "P-106",
                f"{uid} can't move from {card.place(self.core.table)} to "
                f"{self.core.table.battlefields[to].name}: a move between battlefields needs "
                "Ganking; recall it to its base first",
            )

    def _ganking(self, card: MightCard) -> bool:
        return card.keyword(self.core.table.definition(card.uid), "Ganking") > 0

    def move(self, uid: str, to: int | None) -> None:
        """The unit goes to battlefield ``to`` (None: its base, a recall), then a cleanup."""
        verb = "moves" if to is not None else "is recalled"
        cause = Cause(kind="action", card=uid, text=f"{uid} {verb}")
        ganking = to is not None and self.core.table.cards[uid].zone == "battlefield"
        rules = ("M6", "M-6", "P-18") + (("P-106",) if ganking else ())
        self.core._relocate_unit(uid, to, cause, rules, " with Ganking" if ganking else "")
        self.damage.cleanup(Cause(kind="rule", text=f"cleanup after {uid} {verb}"))

    def check_set_ready(self, uid: str, ready: bool) -> None:
        card = self.core._on_table(uid)  # a gear readies and exhausts as a unit does (P-66)
        if card.exhausted != ready:
            raise RuleError("M-1", f"{uid} is already {'ready' if ready else 'exhausted'}")

    def set_ready(self, uid: str, ready: bool) -> None:
        word = "readied" if ready else "exhausted"
        cause = Cause(kind="action", card=uid, text=f"{uid} is {word}")
        self.core._set_exhausted(uid, not ready, cause, ["M6", "M-6", "P-18"])

    def check_return_to_hand(self, uid: str) -> None:
        self._check_own_unit(uid, f"return {uid} to hand")

    def return_to_hand(self, uid: str) -> None:
        cause = Cause(kind="action", card=uid, text=f"return {uid} to hand")
        self.effects.to_hand(uid, cause, ["M-6"])
