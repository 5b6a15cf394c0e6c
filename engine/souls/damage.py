"""Damage, healing and paying HP, in steps of 5 (rules 14.1 to 14.3, S-7 to S-11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.changes import StatChanged
from engine.errors import RuleError
from engine.souls.cards import HP_STEP
from engine.souls.changes import ShieldChanged
from engine.souls.core import SoulsCore
from engine.timeline import Cause

# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md)
_new_stat_changed = StatChanged.model_construct


def round_down_to_5(amount: int) -> int:
    """Amounts come in steps of 5, rounded down; below 5 is nothing (14.1.2, 14.2.2, S-7).

    >>> round_down_to_5(14), round_down_to_5(4), round_down_to_5(-3)
    (10, 0, 0)
    """
    return max(0, amount) // HP_STEP * HP_STEP


class Damage(SoulsCore):
    """Dealing damage (14.1, S-8, S-9), healing (14.2, S-10) and paying HP (14.3, S-11)."""

    def _deal_damage(
        self,
        uid: str,
        amount: int,
        source: str | None,
        cause: Cause,
        rules: Sequence[str],
        kind: str = "",
        unpreventable: str = "",
    ) -> None:
        """Deal damage as one step (S-8); ``kind`` is "attack ", "counterblow " or "HP paid as ".
        Prevention takes its part of the hit first, each a step of its own, unless the hit is HP
        paid, which no prevention meets (P-103, P-113): ``unpreventable`` then says why."""
        rounded = round_down_to_5(amount)
        hp_before = self.table.hp(uid)
        if hp_before == 0:
            self.record(f"{uid} is at 0 HP and takes no damage", [*rules, "14.1.4", "S-9"], cause)
            return
        if rounded == 0:
            self.record(
                f"{amount} rounds down to no damage for {uid}", [*rules, "14.1.2", "S-7"], cause
            )
            return
        # 14.1.2: what rounding dropped was never damage, so no prevention is spent on it
        left = rounded if unpreventable else self._prevent(uid, rounded, cause)
        if left == 0:
            return  # all of it prevented: nothing is dealt, nothing triggers (14.1.5, P-103)
        card = self._card(uid)
        dealt = min(left, hp_before)
        notes = [f"{amount} rounded down"] if rounded != amount else []
        notes += [f"{left} capped at its {hp_before} HP"] if dealt != left else []
        unprevented = unpreventable and (card.shields or self._definition(uid).prevents)
        self._set(card.evolve(damage=card.damage + dealt), may_reach_0_hp=dealt == hp_before)
        self.record(  # damage leaves max HP as it was: HP falls by what was dealt
            f"{uid} takes {dealt} {kind}damage (HP {hp_before} -> {hp_before - dealt})"
            + (f"; {', '.join(notes)}" if notes else "")
            + (f"; {unpreventable}: no prevention applies to it" if unprevented else ""),
            [
                *rules,
                "14.1.2",
                "S-8",
                *(["S-7", "P-9"] if notes else []),
                *(["P-103"] if unprevented else []),
            ],
            cause,
            [
                _new_stat_changed(
                    card=uid,
                    stat="damage",
                    before=card.damage,
                    after=card.damage + dealt,
                    sources=(source,) if source else (),
                )
            ],
        )
        self._queue_triggers(uid, "damaged", source)

    def _prevent(self, uid: str, amount: int, cause: Cause) -> int:
        """What is left of a hit of ``amount`` (in steps of 5) to ``uid`` after its own
        prevention (P-104), then its shields, oldest first, each spending only what it prevents
        and leaving the card when spent (P-103); each prevention is a step."""
        left = self._own_prevention(uid, amount, cause)
        for shield in self._card(uid).shields:
            if left == 0:
                break
            prevented, card = min(shield.amount, left), self._card(uid)
            rest = shield.evolve(amount=shield.amount - prevented)
            kept = tuple(  # a spent shield leaves the card
                rest if s is shield else s for s in card.shields if s is not shield or rest.amount
            )
            self._set(card.evolve(shields=kept), may_reach_0_hp=False)  # HP stays as it is
            self.record(
                f"{prevented} of the {left} damage to {uid} is prevented by the shield from "
                f"{shield.source} ({shield.amount} -> {rest.amount}"
                + (": spent)" if rest.amount == 0 else " left)")
                + self._all_prevented(uid, left - prevented),
                ["P-103", "14.1.2", *(["14.1.5"] if left == prevented else [])],
                cause,
                [
                    ShieldChanged(
                        kind="shield_spent",
                        card=uid,
                        shield=rest.describe()
                        if rest.amount
                        else f"the shield from {shield.source} is spent",
                        prevented=prevented,
                    )
                ],
            )
            left -= prevented
        return left

    def _own_prevention(self, uid: str, amount: int, cause: Cause) -> int:
        """What is left of a hit after the card's own printed prevention, when it has one it
        has not used this turn (a once-a-turn one is used by the first hit that would damage
        the card, P-104)."""
        card = self._card(uid)
        own = self.table.defs[card.name].prevents  # ``_definition``, without finding the card again
        if own is None or (own.once_per_turn and card.prevented_this_turn):
            return amount
        prevented = min(own.amount, amount)
        if own.once_per_turn:
            self._set(card.evolve(prevented_this_turn=True), may_reach_0_hp=False)
        self.record(
            f"{uid} prevents {prevented} of the {amount} damage to it ({own.describe()}"
            + ("; used for this turn)" if own.once_per_turn else ")")
            + self._all_prevented(uid, amount - prevented),
            ["P-104", "14.1.2", *(["14.1.5"] if prevented == amount else [])],
            cause,
            [ShieldChanged(kind="prevented", card=uid, shield=own.describe(), prevented=prevented)],
        )
        return amount - prevented

    @staticmethod
    def _all_prevented(uid: str, left: int) -> str:
        """The end of a prevention step's words: whether any of the hit is left to deal."""
        if left:
            return f"; {left} is left to deal"
        return f"; all of it is prevented: {uid} takes no damage, and nothing triggers on it"

    def _heal(self, uid: str, amount: int, cause: Cause) -> None:
        """Healing rounds first, then removes at most the card's damage (14.2.1, 14.2.2, S-10)."""
        card, rounded = self._card(uid), round_down_to_5(amount)
        if rounded == 0:
            self.record(
                f"healing {amount} rounds down to no healing for {uid}", ["14.2.2", "S-7"], cause
            )
            return
        healed = min(rounded, card.damage)
        if healed == 0:
            self.record(
                f"{uid} is healed by {rounded}: it has no damage, nothing happens",
                ["14.2.1", "S-10"],
                cause,
            )
            return
        self._set(card.evolve(damage=card.damage - healed), may_reach_0_hp=False)  # HP rises
        note = f"; {amount} rounded down" if rounded != amount else ""
        note += f"; only {healed} of {rounded} removed" if healed != rounded else ""
        self.record(
            f"{uid} heals {healed} (damage {card.damage} -> {card.damage - healed}){note}",
            ["14.2.1", "14.2.2", "S-10", *(["S-7", "P-9"] if note else [])],
            cause,
            [
                _new_stat_changed(
                    card=uid, stat="damage", before=card.damage, after=card.damage - healed
                )
            ],
        )

    def _pay_hp(self, uid: str, cost: int, cause: Cause, rules: Sequence[str] = ()) -> None:
        """Pay ``cost`` HP as damage (14.3.1); it rounds like damage, and the step says so (S-7).
        ``rules``: what else the step cites (a spell's cost, P-80)."""
        if round_down_to_5(cost) == 0:
            rounded = cost != 0
            self.record(
                f"{uid} pays 0 HP{f' ({cost} rounded down)' if rounded else ''}: it costs nothing",
                ["14.3.2", "S-11", *rules, *(["S-7", "P-9"] if rounded else [])],
                cause,
            )
            return
        self._deal_damage(
            uid,
            cost,
            uid,
            cause,
            ["14.3.1", "S-11", *rules],
            "HP paid as ",
            unpreventable="a cost is paid in full",  # P-103
        )

    def _hp_cost(self, uid: str, cost: int | Literal["10x_rank"]) -> int:
        """The HP a cost asks for, before rounding (S-7 rounds it when it is paid)."""
        return 10 * self._definition(uid).rank if cost == "10x_rank" else cost

    def _verify_can_pay(self, uid: str, cost: int, at: tuple[str | int, ...] = ()) -> None:
        """Raise unless ``uid`` can pay ``cost`` HP (S-11); ``at``: the action's key that names
        it (a spell's ``paid_by``, P-80)."""
        card, paid = self._card(uid), round_down_to_5(cost)
        if card.zone != "slot":
            raise RuleError("S-11", f"{uid} is not a Soul on a slot and cannot pay HP", at)
        if card.face_down:
            raise RuleError("S-11", f"{uid} is captured and pays nothing", at)
        if self.table.hp(uid) < paid:
            hp = self.table.hp(uid)
            raise RuleError("S-11", f"{uid} has {hp} HP and cannot pay {paid} HP", at)
