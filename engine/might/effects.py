"""What a chain item's effects do: their targets, damage and healing, and the lasting effects
(Might modifiers, prevention, doubling, lethal thresholds, Bonus Damage, runes; M2, M3, M8,
M-2 to M-5, P-21, P-27)."""

from __future__ import annotations

from typing import Literal

from engine.changes import StatChanged
from engine.might.cards import Duration, Effect, Scope
from engine.might.damage import Damage
from engine.might.replacements import DamageKind
from engine.might.table import (
    BonusDamageGrant,
    ChainItem,
    Doubler,
    LethalOverride,
    MightModifier,
    Shield,
)
from engine.timeline import Cause


class Effects(Damage):
    """Effects applied as a chain item resolves, and the lasting effects they (or the
    playtester) create."""

    def _targets(self, item: ChainItem, effect: Effect) -> list[str]:
        table, controller = self.table, item.controller
        target = effect.target
        if target == "target":
            return [item.target] if item.target and table.on_table(item.target) else []
        if target == "self":
            return [item.card] if table.on_table(item.card) else []
        if target == "source":
            return [item.source] if item.source and table.on_table(item.source) else []
        if target == "all_units":
            return [u.uid for u in table.units()]
        if target == "all_own_units":
            return [u.uid for u in table.units(controller)]
        if target == "all_enemy_units":
            return [u.uid for u in table.units(1 - controller)]
        if target == "all_enemy_units_here":  # where the source was when it triggered (P-21)
            if item.battlefield is None:
                return []
            return [u.uid for u in table.units_at(item.battlefield, 1 - controller)]
        return []

    def _still_here(self, item: ChainItem) -> bool:
        card = self.table.cards[item.card]
        return card.zone == "battlefield" and card.battlefield == item.battlefield

    def _why_nothing(self, item: ChainItem, effect: Effect) -> str:
        """Why an effect found nothing to act on (P-27)."""
        if effect.target == "target":
            return f"its target {item.target} has left the table"
        if effect.target == "self":
            return f"{item.card} is not on the table"
        if effect.target == "source":
            return f"the source {item.source} has left the table" if item.source else "no source"
        if effect.target == "all_enemy_units_here":
            if item.battlefield is None:
                return f"{item.card} was at no battlefield"
            return f"no enemy unit at {self.table.battlefields[item.battlefield].name}"
        return "no such unit on the table"

    def _apply(self, item: ChainItem, effect: Effect, cause: Cause) -> None:
        if effect.do == "bonus_damage":
            self._grant_bonus_damage(
                item.controller, effect.amount, effect.scope, effect.duration, item.card, cause
            )
            return
        if effect.do == "add_runes":
            self._add_runes(item.controller, effect.amount, cause)
            return
        here = effect.target == "all_enemy_units_here" and item.battlefield is not None
        if here and not self._still_here(item):
            name = self.table.battlefields[item.battlefield or 0].name
            self.record(
                f'{item.card} has left {name}: "here" is still {name}, where it was when '
                "it triggered",
                ["P-21"],
                cause,
            )
        targets = self._targets(item, effect)
        if not targets:
            self.record(
                f"{effect.do}: no legal target on the table, nothing happens "
                f"({self._why_nothing(item, effect)})",
                ["M5", "P-27", *(["P-21"] if here else [])],
                cause,
            )
        for target in targets:
            if effect.do == "damage":
                kind: DamageKind = "spell" if item.kind == "spell" else "ability"
                bonus = self.table.bonus_damage(item.controller, kind)
                self._damage(target, effect.amount, bonus, kind, item.card, cause)
            elif effect.do == "heal":
                self._heal([target], cause, ["M6"])
            elif effect.do == "might":
                self._modify_might(
                    target, effect.amount, effect.duration, item.card, item.controller, cause
                )
            elif effect.do == "prevent":
                self._add_shield(
                    target,
                    effect.value,
                    effect.duration,
                    effect.scope,
                    item.card,
                    item.controller,
                    cause,
                )
            elif effect.do == "double":
                self._add_doubler(
                    target, effect.duration, effect.scope, item.card, item.controller, cause
                )
            elif effect.do == "lethal_threshold":
                self._set_threshold(
                    target, effect.threshold, effect.duration, item.card, item.controller, cause
                )

    def _modify_might(
        self, uid: str, amount: int, duration: Duration, source: str, owner: int, cause: Cause
    ) -> None:
        card, before = self.table.cards[uid], self.table.might(uid)
        modifier = MightModifier.make(
            self._new_number(), source, owner, duration=duration, amount=amount
        )
        self._set(card.evolve(modifiers=(*card.modifiers, modifier)))
        lethal = (
            " (its marked damage is now lethal at the next check)"
            if self.table.is_lethal(uid) and card.damage
            else ""
        )
        self.record(
            f"{uid} gets {modifier.describe()} ({modifier.id}): Might {before} -> "
            f"{self.table.might(uid)}{lethal}",
            ["M2", "M-2"],
            cause,
            [StatChanged(card=uid, stat="might", before=before, after=self.table.might(uid))],
        )

    def _add_shield(
        self,
        uid: str,
        value: int | Literal["all"],
        duration: Duration,
        scope: Scope,
        source: str,
        owner: int,
        cause: Cause,
        effect_id: str | None = None,
    ) -> None:
        card = self.table.cards[uid]
        shield = Shield.make(
            self._new_number(),
            source,
            owner,
            id=effect_id,
            duration=duration,
            value=value,
            scope=scope,
            remaining=None if value == "all" else value,
        )
        self._set(card.evolve(shields=(*card.shields, shield)))
        self.record(f"{uid} gets {shield.describe()}", ["M3", "M-5"], cause)

    def _add_doubler(
        self,
        uid: str,
        duration: Duration,
        scope: Scope,
        source: str,
        owner: int,
        cause: Cause,
        effect_id: str | None = None,
    ) -> None:
        card = self.table.cards[uid]
        doubler = Doubler.make(
            self._new_number(), source, owner, id=effect_id, duration=duration, scope=scope
        )
        self._set(card.evolve(doublers=(*card.doublers, doubler)))
        self.record(f"{uid} gets {doubler.describe()}", ["M8", "M-4"], cause)

    def _set_threshold(
        self, uid: str, threshold: int, duration: Duration, source: str, owner: int, cause: Cause
    ) -> None:
        card = self.table.cards[uid]
        override = LethalOverride.make(
            self._new_number(), source, owner, duration=duration, threshold=threshold
        )
        self._set(card.evolve(lethal=(*card.lethal, override)))
        self.record(f"{uid}: {override.describe()} ({override.id})", ["M1", "M-3"], cause)

    def _grant_bonus_damage(
        self, player: int, amount: int, scope: Scope, duration: Duration, source: str, cause: Cause
    ) -> None:
        grant = BonusDamageGrant.make(
            self._new_number(), source, player, duration=duration, amount=amount, scope=scope
        )
        state = self.table.players[player]
        self.table = self.table.with_player(
            player, state.evolve(bonus_damage=(*state.bonus_damage, grant))
        )
        self.record(f"{state.name}'s {grant.describe()} ({grant.id})", ["M3", "M-4"], cause)

    def _add_runes(self, player: int, amount: int, cause: Cause) -> None:
        state = self.table.players[player]
        self.table = self.table.with_player(player, state.evolve(runes=state.runes + amount))
        self.record(
            f"{state.name} adds {amount} to the rune pool ({state.runes} -> "
            f"{state.runes + amount})",
            ["M-1"],
            cause,
            [
                StatChanged(
                    card=f"{state.name}'s rune pool",
                    stat="runes",
                    before=state.runes,
                    after=state.runes + amount,
                )
            ],
        )
