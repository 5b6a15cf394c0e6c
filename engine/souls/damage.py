"""Damage, healing and paying HP, in steps of 5 (rules 14.1 to 14.3, S-7 to S-11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.changes import StatChanged
from engine.errors import RuleError
from engine.souls.core import SoulsCore
from engine.timeline import Cause


def round_down_to_5(amount: int) -> int:
    """Amounts come in steps of 5, rounded down; below 5 is nothing (14.1.2, 14.2.2, S-7).

    >>> round_down_to_5(14), round_down_to_5(4), round_down_to_5(-3)
    (10, 0, 0)
    """
    return max(0, amount) // 5 * 5


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
    ) -> None:
        """Deal damage as one step (S-8); ``kind`` is "attack ", "counterblow " or "HP paid as "."""
        card, rounded = self._card(uid), round_down_to_5(amount)
        hp_before = self.table.hp(uid)
        if hp_before == 0:
            self.record(f"{uid} is at 0 HP and takes no damage", [*rules, "14.1.4", "S-9"], cause)
            return
        if rounded == 0:
            self.record(
                f"{amount} rounds down to no damage for {uid}", [*rules, "14.1.2", "S-7"], cause
            )
            return
        dealt = min(rounded, hp_before)
        notes = [f"{amount} rounded down"] if rounded != amount else []
        notes += [f"{rounded} capped at its {hp_before} HP"] if dealt != rounded else []
        self._set(card.evolve(damage=card.damage + dealt), may_reach_0_hp=dealt == hp_before)
        self.record(  # damage leaves max HP as it was: HP falls by what was dealt
            f"{uid} takes {dealt} {kind}damage (HP {hp_before} -> {hp_before - dealt})"
            + (f"; {', '.join(notes)}" if notes else ""),
            [*rules, "14.1.2", "S-8", *(["S-7", "P-9"] if notes else [])],
            cause,
            [
                StatChanged.model_construct(
                    card=uid, stat="damage", before=card.damage, after=card.damage + dealt
                )
            ],
        )
        self._queue_triggers(uid, "damaged", source)

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
                StatChanged.model_construct(
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
        self._deal_damage(uid, cost, uid, cause, ["14.3.1", "S-11", *rules], "HP paid as ")

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
