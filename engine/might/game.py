"""A might game: the players' actions (``engine.might.rules``, ``engine.might.turn``) and the
playtester's edits.

An edit (``deal``, ``heal``, ``might``, ``shield``, ...) is resolved like an effect: a cleanup
follows it, and what it triggered resolves unless a chain was already open (M-8, P-14). Each has
``verify_x`` (the checks, then a trial when cards could loop, P-25) and ``x``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engine.errors import RuleError
from engine.might.cards import Duration, Scope
from engine.might.damage import DamageKind
from engine.might.turn import MightTurn
from engine.timeline import Cause, Step


@dataclass(frozen=True)
class Edit:
    """A playtester edit: what it checks first, then what it does (``MightGame._edit``)."""

    check: Callable[[], None]
    run: Callable[[], None]


class MightGame(MightTurn):
    """A might game in progress, with the playtester's edits."""

    # ----------------------------------------------------------------------------- playtester edits

    def _edit(
        self, text: str, card: str | None, check: Callable[[], None], act: Callable[[Cause], None]
    ) -> Edit:
        """A playtester's direct edit, resolved like an effect: a cleanup follows it, and what it
        triggered resolves unless a chain was already open (M-8, P-14)."""
        cause = Cause(kind="playtester", card=card, text=text)

        def run() -> None:
            chain_was_open = bool(self.table.chain)
            act(cause)
            self._cleanup(Cause(kind="rule", text=f"cleanup after {text}"), ("M-8", "P-14"))
            if not chain_was_open:
                self._resolve_chain()

        return Edit(check=check, run=run)

    def _verify_edit(self, edit: Edit) -> None:
        edit.check()
        self._verify_settles(edit.run)

    def _perform(self, edit: Edit) -> list[Step]:
        return self._action(edit.check, edit.run)

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

    def _deal_edit(self, target: str, amount: int, kind: DamageKind, bonus: int) -> Edit:
        def check() -> None:
            self.verify_unit(target)
            if amount < 0:
                raise RuleError("M-4", f"a damage event deals 0 or more, not {amount}")

        return self._edit(
            f"deal {amount} to {target}",
            target,
            check,
            lambda cause: self._damage(target, amount, bonus, kind, None, cause),
        )

    def verify_deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> None:
        self._verify_edit(self._deal_edit(target, amount, kind, bonus))

    def deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> list[Step]:
        """Deal ``amount`` (+ ``bonus`` Bonus Damage) to a unit as one damage event (M-4)."""
        return self._perform(self._deal_edit(target, amount, kind, bonus))

    def _heal_edit(self, target: str) -> Edit:
        return self._edit(
            f"heal {target}",
            target,
            lambda: self.verify_unit(target),
            lambda cause: self._heal([target], cause, ["M6"]),
        )

    def verify_heal(self, target: str) -> None:
        self._verify_edit(self._heal_edit(target))

    def heal(self, target: str) -> list[Step]:
        return self._perform(self._heal_edit(target))

    def _might_edit(self, target: str, amount: int, duration: Duration) -> Edit:
        return self._edit(
            f"{amount:+d} Might to {target}",
            target,
            lambda: self.verify_unit(target),
            lambda cause: self._modify_might(
                target, amount, duration, "playtester", self._controller(target), cause
            ),
        )

    def verify_modify_might(
        self, target: str, amount: int, duration: Duration = "this_turn"
    ) -> None:
        self._verify_edit(self._might_edit(target, amount, duration))

    def modify_might(
        self, target: str, amount: int, duration: Duration = "this_turn"
    ) -> list[Step]:
        return self._perform(self._might_edit(target, amount, duration))

    def _shield_edit(
        self,
        target: str,
        value: int | Literal["all"],
        duration: Duration,
        scope: Scope,
        effect_id: str | None,
    ) -> Edit:
        def check() -> None:
            self.verify_unit(target)
            if value != "all" and value < 0:
                raise RuleError("M3", f"prevention is a value of 0 or more, not {value}")
            self._verify_new_effect_id(target, effect_id)

        return self._edit(
            f"prevention {value} on {target}",
            target,
            check,
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

    def verify_add_shield(
        self,
        target: str,
        value: int | Literal["all"],
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> None:
        self._verify_edit(self._shield_edit(target, value, duration, scope, effect_id))

    def add_shield(
        self,
        target: str,
        value: int | Literal["all"],
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> list[Step]:
        """A prevention shield on a unit, named ``effect_id`` (else ``e<n>``, M-5)."""
        return self._perform(self._shield_edit(target, value, duration, scope, effect_id))

    def _double_edit(
        self, target: str, duration: Duration, scope: Scope, effect_id: str | None
    ) -> Edit:
        def check() -> None:
            self.verify_unit(target)
            self._verify_new_effect_id(target, effect_id)

        return self._edit(
            f"doubling on {target}",
            target,
            check,
            lambda cause: self._add_doubler(
                target, duration, scope, "playtester", self._controller(target), cause, effect_id
            ),
        )

    def verify_add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> None:
        self._verify_edit(self._double_edit(target, duration, scope, effect_id))

    def add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> list[Step]:
        """A doubler on a unit, named ``effect_id`` (else ``e<n>``, M8)."""
        return self._perform(self._double_edit(target, duration, scope, effect_id))

    def _lethal_edit(self, target: str, threshold: int, duration: Duration) -> Edit:
        def check() -> None:
            self.verify_unit(target)
            if threshold < 1:
                raise RuleError("M-3", f"a lethal requirement is 1 damage or more, not {threshold}")

        return self._edit(
            f"lethal at {threshold} for {target}",
            target,
            check,
            lambda cause: self._set_threshold(
                target, threshold, duration, "playtester", self._controller(target), cause
            ),
        )

    def verify_set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> None:
        self._verify_edit(self._lethal_edit(target, threshold, duration))

    def set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> list[Step]:
        return self._perform(self._lethal_edit(target, threshold, duration))

    def _bonus_edit(self, player: int, amount: int, scope: Scope, duration: Duration) -> Edit:
        return self._edit(
            f"+{amount} Bonus Damage",
            None,
            lambda: self._verify_player(player),
            lambda cause: self._grant_bonus_damage(
                player, amount, scope, duration, "playtester", cause
            ),
        )

    def verify_grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> None:
        self._verify_edit(self._bonus_edit(player, amount, scope, duration))

    def grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> list[Step]:
        return self._perform(self._bonus_edit(player, amount, scope, duration))

    def _runes_edit(self, player: int, amount: int) -> Edit:
        def check() -> None:
            self._verify_player(player)
            if amount < 0:
                raise RuleError(
                    "M-1", f"add 0 or more runes, not {amount}: a rune pool never goes below 0"
                )

        return self._edit(
            f"add {amount} runes", None, check, lambda cause: self._add_runes(player, amount, cause)
        )

    def verify_add_runes(self, player: int, amount: int) -> None:
        self._verify_edit(self._runes_edit(player, amount))

    def add_runes(self, player: int, amount: int) -> list[Step]:
        return self._perform(self._runes_edit(player, amount))
