"""The playtester's edits: damage, healing, Might, prevention, doubling, a lethal threshold,
Bonus Damage and runes, each resolved like an effect: a cleanup follows it, and what it
triggered resolves unless a chain was already open (M-8, P-14)."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.errors import RuleError
from engine.might.cards import Duration, Scope, ShieldValue, runes
from engine.might.chain import Chain
from engine.might.replacements import DamageKind
from engine.timeline import Cause, Step


class Edits(Chain):
    """Each edit has ``verify_x``, ``can_x`` and ``x``, as the players' actions do."""

    def _edit(
        self, text: str, card: str | None, check: Callable[[], None], act: Callable[[Cause], None]
    ) -> list[Step]:
        """``check``, then the edit ``act`` does, resolved like an effect."""
        cause = Cause(kind="playtester", card=card, text=text)
        return self._act(check, self._resolve_edit, act, cause)

    def _resolve_edit(self, act: Callable[[Cause], None], cause: Cause) -> None:
        chain_was_open = bool(self.table.chain)
        act(cause)
        self._cleanup(Cause(kind="rule", text=f"cleanup after {cause.text}"), ("M-8", "P-14"))
        if not chain_was_open:
            self._resolve_chain()

    def _verify_player(self, player: int) -> None:
        if not 0 <= player < len(self.table.players):
            raise RuleError("M-1", f"there is no player number {player + 1}")

    def _verify_new_effect_id(self, uid: str, effect_id: str | None) -> None:
        """A named effect needs an id of its own on the unit, not one of the engine's (M-4)."""
        if effect_id is None:
            return
        if re.fullmatch(r"e\d+", effect_id):
            raise RuleError(
                "M-4", f"{effect_id}: ids e1, e2, ... are numbered by the engine; choose another"
            )
        if any(e.id == effect_id for e in self.table.cards[uid].lasting()):
            raise RuleError("M-4", f"{uid} already has an effect named {effect_id}")

    def _check_deal(self, target: str, amount: int) -> None:
        self.verify_unit(target)
        if amount < 0:
            raise RuleError("M-4", f"a damage event deals 0 or more, not {amount}")

    def verify_deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> None:
        self._verify(
            lambda: self._check_deal(target, amount), self.deal, target, amount, kind, bonus
        )

    def can_deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> bool:
        return self._can(self.verify_deal, target, amount, kind, bonus)

    def deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> list[Step]:
        """Deal ``amount`` (+ ``bonus`` Bonus Damage) to a unit as one damage event (M-4)."""
        return self._edit(
            f"deal {amount} to {target}",
            target,
            lambda: self._check_deal(target, amount),
            lambda cause: self._damage(target, amount, bonus, kind, None, cause),
        )

    def verify_heal(self, target: str) -> None:
        self._verify(lambda: self.verify_unit(target), self.heal, target)

    def can_heal(self, target: str) -> bool:
        return self._can(self.verify_heal, target)

    def heal(self, target: str) -> list[Step]:
        """Heal a unit: all its marked damage is removed (M6)."""
        return self._edit(
            f"heal {target}",
            target,
            lambda: self.verify_unit(target),
            lambda cause: self._heal([target], cause, ["M6"]),
        )

    def verify_modify_might(
        self, target: str, amount: int, duration: Duration = "this_turn"
    ) -> None:
        self._verify(lambda: self.verify_unit(target), self.modify_might, target, amount, duration)

    def can_modify_might(self, target: str, amount: int, duration: Duration = "this_turn") -> bool:
        return self._can(self.verify_modify_might, target, amount, duration)

    def modify_might(
        self, target: str, amount: int, duration: Duration = "this_turn"
    ) -> list[Step]:
        """A Might modifier on a unit (M2, M-2)."""
        return self._edit(
            f"{amount:+d} Might to {target}",
            target,
            lambda: self.verify_unit(target),
            lambda cause: self._modify_might(
                target, amount, duration, "playtester", self._controller(target), cause
            ),
        )

    def _check_shield(self, target: str, value: ShieldValue, effect_id: str | None) -> None:
        self.verify_unit(target)
        if isinstance(value, int) and value < 0:
            raise RuleError("M3", f"prevention is a value of 0 or more, not {value}")
        self._verify_new_effect_id(target, effect_id)

    def verify_add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> None:
        self._verify(
            lambda: self._check_shield(target, value, effect_id),
            self.add_shield,
            target,
            value,
            duration,
            scope,
            effect_id,
        )

    def can_add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> bool:
        return self._can(self.verify_add_shield, target, value, duration, scope, effect_id)

    def add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> list[Step]:
        """A prevention shield on a unit, named ``effect_id`` (else ``e<n>``, M-5)."""
        return self._edit(
            f"prevention {value} on {target}",
            target,
            lambda: self._check_shield(target, value, effect_id),
            lambda cause: self._add_shield(
                target,
                value,
                duration,
                scope,
                "playtester",
                self._controller(target),
                cause,
                effect_id,
            ),
        )

    def _check_doubler(self, target: str, effect_id: str | None) -> None:
        self.verify_unit(target)
        self._verify_new_effect_id(target, effect_id)

    def verify_add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> None:
        self._verify(
            lambda: self._check_doubler(target, effect_id),
            self.add_doubler,
            target,
            duration,
            scope,
            effect_id,
        )

    def can_add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> bool:
        return self._can(self.verify_add_doubler, target, duration, scope, effect_id)

    def add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> list[Step]:
        """A doubler on a unit, named ``effect_id`` (else ``e<n>``, M8)."""
        return self._edit(
            f"doubling on {target}",
            target,
            lambda: self._check_doubler(target, effect_id),
            lambda cause: self._add_doubler(
                target, duration, scope, "playtester", self._controller(target), cause, effect_id
            ),
        )

    def _check_lethal(self, target: str, threshold: int) -> None:
        self.verify_unit(target)
        if threshold < 1:
            raise RuleError("M-3", f"a lethal requirement is 1 damage or more, not {threshold}")

    def verify_set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> None:
        self._verify(
            lambda: self._check_lethal(target, threshold),
            self.set_lethal_threshold,
            target,
            threshold,
            duration,
        )

    def can_set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> bool:
        return self._can(self.verify_set_lethal_threshold, target, threshold, duration)

    def set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> list[Step]:
        """The unit's lethal requirement replaced (M-3)."""
        return self._edit(
            f"lethal at {threshold} for {target}",
            target,
            lambda: self._check_lethal(target, threshold),
            lambda cause: self._set_threshold(
                target, threshold, duration, "playtester", self._controller(target), cause
            ),
        )

    def verify_grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> None:
        self._verify(
            lambda: self._verify_player(player),
            self.grant_bonus_damage,
            player,
            amount,
            scope,
            duration,
        )

    def can_grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> bool:
        return self._can(self.verify_grant_bonus_damage, player, amount, scope, duration)

    def grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> list[Step]:
        """A Bonus Damage grant for a player (M3, M-4)."""
        return self._edit(
            f"+{amount} Bonus Damage",
            None,
            lambda: self._verify_player(player),
            lambda cause: self._grant_bonus_damage(
                player, amount, scope, duration, "playtester", cause
            ),
        )

    def _check_runes(self, player: int, amount: int) -> None:
        self._verify_player(player)
        if amount < 0:
            raise RuleError(
                "M-1", f"add 0 or more runes, not {amount}: a rune pool never goes below 0"
            )

    def verify_add_runes(self, player: int, amount: int) -> None:
        self._verify(lambda: self._check_runes(player, amount), self.add_runes, player, amount)

    def can_add_runes(self, player: int, amount: int) -> bool:
        return self._can(self.verify_add_runes, player, amount)

    def add_runes(self, player: int, amount: int) -> list[Step]:
        """Runes added to a player's pool (M-1)."""
        return self._edit(
            f"add {runes(amount)}",
            None,
            lambda: self._check_runes(player, amount),
            lambda cause: self._add_runes(player, amount, cause),
        )
