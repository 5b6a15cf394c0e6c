"""The playtester's edits: damage, healing, Might, prevention, doubling, a lethal threshold,
Bonus Damage and runes, each resolved like an effect: a cleanup follows it, and what it
triggered resolves unless a chain was already open (M-8, P-14).

``EditRules`` checks and carries out each edit; ``MightGame`` gives each its ``verify_x``,
``can_x`` and ``x``, as the players' actions have."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import RuleError
from engine.might.card_effects import Duration, Scope, ShieldValue
from engine.might.cards import runes
from engine.might.chain import ChainRules
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.effects import EffectRules
from engine.might.replacements import DamageKind
from engine.timeline import Cause

# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md)
_new_cause = Cause.model_construct


@dataclass(frozen=True, eq=False)
class EditRules:
    """The edits, given the game's core (``core``), the effects they apply (``effects``,
    ``damage``) and the cleanup and chain that follow them (``damage``, ``chain``)."""

    core: MightCore
    damage: DamageRules
    effects: EffectRules
    chain: ChainRules

    def _edit(self, text: str, card: str | None, act: Callable[[Cause], None]) -> None:
        """The edit ``act`` does, resolved like an effect."""
        # made by the engine from checked values: not validated again (a hot path)
        cause = _new_cause(kind="playtester", card=card, text=text)
        chain_was_open = bool(self.core.table.chain)
        act(cause)
        cleanup = _new_cause(kind="rule", text=f"cleanup after {cause.text}")
        self.damage.cleanup(cleanup, ("M-8", "P-14"))
        if not chain_was_open:
            self.chain.resolve_chain()

    def check_player(self, player: int) -> None:
        if not 0 <= player < len(self.core.table.players):
            raise RuleError("M-1", f"there is no player number {player + 1}")

    def _verify_new_effect_id(self, uid: str, effect_id: str | None) -> None:
        """A named effect needs an id of its own on the unit, not one of the engine's (M-4)."""
        if effect_id is None:
            return
        if re.fullmatch(r"e\d+", effect_id):
            raise RuleError(
                "M-4", f"{effect_id}: ids e1, e2, ... are numbered by the engine; choose another"
            )
        if any(e.id == effect_id for e in self.core.table.cards[uid].lasting()):
            raise RuleError("M-4", f"{uid} already has an effect named {effect_id}")

    def check_deal(self, target: str, amount: int) -> None:
        self.core.verify_unit(target)
        if amount < 0:
            raise RuleError("M-4", f"a damage event deals 0 or more, not {amount}")

    def deal(self, target: str, amount: int, kind: DamageKind, bonus: int) -> None:
        self._edit(
            f"deal {amount} to {target}",
            target,
            lambda cause: self.damage.deal_event(target, amount, bonus, kind, None, cause),
        )

    def heal(self, target: str) -> None:
        self._edit(
            f"heal {target}", target, lambda cause: self.damage.heal([target], cause, ["M6"])
        )

    def modify_might(self, target: str, amount: int, duration: Duration) -> None:
        self._edit(
            f"{amount:+d} Might to {target}",
            target,
            lambda cause: self.effects.modify_might(
                target, amount, duration, "playtester", self.core._controller(target), cause
            ),
        )

    def check_shield(self, target: str, value: ShieldValue, effect_id: str | None) -> None:
        self.core.verify_unit(target)
        if isinstance(value, int) and value < 0:
            raise RuleError("M3", f"prevention is a value of 0 or more, not {value}")
        self._verify_new_effect_id(target, effect_id)

    def add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration,
        scope: Scope,
        effect_id: str | None,
    ) -> None:
        owner = self.core._controller(target)
        self._edit(
            f"prevention {value} on {target}",
            target,
            lambda cause: self.effects.add_shield(
                target, value, duration, scope, "playtester", owner, cause, effect_id
            ),
        )

    def check_doubler(self, target: str, effect_id: str | None) -> None:
        self.core.verify_unit(target)
        self._verify_new_effect_id(target, effect_id)

    def add_doubler(
        self, target: str, duration: Duration, scope: Scope, effect_id: str | None
    ) -> None:
        owner = self.core._controller(target)
        self._edit(
            f"doubling on {target}",
            target,
            lambda cause: self.effects.add_doubler(
                target, duration, scope, "playtester", owner, cause, effect_id
            ),
        )

    def check_lethal(self, target: str, threshold: int) -> None:
        self.core.verify_unit(target)
        if threshold < 1:
            raise RuleError("M-3", f"a lethal requirement is 1 damage or more, not {threshold}")

    def set_lethal_threshold(self, target: str, threshold: int, duration: Duration) -> None:
        self._edit(
            f"lethal at {threshold} for {target}",
            target,
            lambda cause: self.effects.set_threshold(
                target, threshold, duration, "playtester", self.core._controller(target), cause
            ),
        )

    def grant_bonus_damage(
        self, player: int, amount: int, scope: Scope, duration: Duration
    ) -> None:
        self._edit(
            f"+{amount} Bonus Damage",
            None,
            lambda cause: self.effects.grant_bonus_damage(
                player, amount, scope, duration, "playtester", cause
            ),
        )

    def check_runes(self, player: int, amount: int) -> None:
        self.check_player(player)
        if amount < 0:
            raise RuleError(
                "M-1", f"add 0 or more runes, not {amount}: a rune pool never goes below 0"
            )

    def add_runes(self, player: int, amount: int) -> None:
        self._edit(
            f"add {runes(amount)}",
            None,
            lambda cause: self.effects.add_runes(player, amount, cause),
        )
