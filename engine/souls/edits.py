"""The playtester's edits: damage, healing, paying HP, a capture, an exile, a bonus or an
Armament detached, each resolved like an effect and checked like one (14.1.1, 14.5.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from engine.errors import RuleError
from engine.souls.cards import HP_STEP, TargetSpec
from engine.souls.effects import Effects
from engine.souls.table import Bonus
from engine.timeline import Cause, Step

# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md)
_new_cause = Cause.model_construct
SOUL_OR_REALM = TargetSpec(kind="soul_or_realm")  # what effect damage and healing need (14.5.1)


class Edits(Effects):
    """Each edit has ``verify_x``, ``can_x`` and ``x``, as the players' actions do."""

    def _edit(
        self, text: str, target: str, check: Callable[[], None], act: Callable[[Cause], None]
    ) -> list[Step]:
        cause = _new_cause(kind="playtester", card=target, text=text)  # a hot path
        return self._act(check, act, cause)

    def _check_deal(self, target: str) -> None:
        """Effect damage and healing need an active Soul or Realm, not a captured one (14.5.1)."""
        self._require_game_on()
        self.verify_target(self._card(target).owner, SOUL_OR_REALM, target)

    def verify_deal(self, target: str, amount: int) -> None:
        self._verify(lambda: self._check_deal(target), self.deal, target, amount)

    def can_deal(self, target: str, amount: int) -> bool:
        return self._can(self.verify_deal, target, amount)

    def deal(self, target: str, amount: int) -> list[Step]:
        """A playtester's edit: ``amount`` damage to ``target`` as an effect (14.1.1, 14.1.4)."""
        return self._edit(
            f"deal {amount} to {target}",
            target,
            lambda: self._check_deal(target),
            lambda cause: self._deal_damage(target, amount, None, cause, ["14.1.1"]),
        )

    def verify_heal(self, target: str, amount: int = 0) -> None:
        """Healing sets off no trigger, so it cannot loop: the checks are enough. Any
        ``amount`` may heal (it rounds, 14.2.2), so it is taken only to match ``heal``."""
        self._check_deal(target)

    def can_heal(self, target: str, amount: int = 0) -> bool:
        return self._can(self.verify_heal, target, amount)

    def heal(self, target: str, amount: int) -> list[Step]:
        """A playtester's edit: heal ``target`` by ``amount`` (14.2, S-10)."""
        return self._edit(
            f"heal {target} by {amount}",
            target,
            lambda: self._check_deal(target),
            lambda cause: self._heal(target, amount, cause),
        )

    def _check_pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> None:
        self._require_game_on()
        self._verify_can_pay(uid, self._hp_cost(uid, amount))

    def verify_pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> None:
        self._verify(lambda: self._check_pay_hp(uid, amount), self.pay_hp, uid, amount)

    def can_pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> bool:
        return self._can(self.verify_pay_hp, uid, amount)

    def pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> list[Step]:
        """A playtester's edit: ``uid`` pays HP (14.3, S-11)."""
        return self._edit(
            f"{uid} pays {amount} HP",
            uid,
            lambda: self._check_pay_hp(uid, amount),
            lambda cause: self._pay_hp(uid, self._hp_cost(uid, amount), cause),
        )

    def _check_capture(self, target: str) -> None:
        self._check_deal(target)
        if self._card(target).zone != "slot":
            raise RuleError("14.4.4", f"{target} is not a Soul on a slot")

    def verify_capture(self, target: str) -> None:
        self._verify(lambda: self._check_capture(target), self.capture, target)

    def can_capture(self, target: str) -> bool:
        return self._can(self.verify_capture, target)

    def capture(self, target: str) -> list[Step]:
        """A playtester's edit: capture ``target`` directly, whatever its HP (14.4.4)."""
        return self._edit(
            f"capture {target}",
            target,
            lambda: self._check_capture(target),
            lambda cause: self._capture([target], cause, ["14.4.4"]),
        )

    def _check_exile(self, target: str) -> None:
        self._require_game_on()
        self.verify_target(self._card(target).owner, TargetSpec(kind="captured_soul"), target)

    def verify_exile(self, target: str) -> None:
        self._verify(lambda: self._check_exile(target), self.exile, target)

    def can_exile(self, target: str) -> bool:
        return self._can(self.verify_exile, target)

    def exile(self, target: str) -> list[Step]:
        """A playtester's edit: exile a captured Soul, freeing its slot (14.5.4)."""
        return self._edit(
            f"exile {target}",
            target,
            lambda: self._check_exile(target),
            lambda cause: self._release(target, "exile", cause),
        )

    def _check_add_bonus(self, target: str, amount: int) -> None:
        self._check_deal(target)
        if amount % HP_STEP:
            raise RuleError("S-5", f"a bonus is a multiple of {HP_STEP}, not {amount}")

    def verify_add_bonus(
        self,
        target: str,
        stat: Literal["max_hp", "power"],
        amount: int,
        duration: Literal["permanent", "end_of_turn"] = "permanent",
    ) -> None:
        self._verify(
            lambda: self._check_add_bonus(target, amount),
            self.add_bonus,
            target,
            stat,
            amount,
            duration,
        )

    def can_add_bonus(
        self,
        target: str,
        stat: Literal["max_hp", "power"],
        amount: int,
        duration: Literal["permanent", "end_of_turn"] = "permanent",
    ) -> bool:
        return self._can(self.verify_add_bonus, target, stat, amount, duration)

    def add_bonus(
        self,
        target: str,
        stat: Literal["max_hp", "power"],
        amount: int,
        duration: Literal["permanent", "end_of_turn"] = "permanent",
    ) -> list[Step]:
        """A playtester's edit: a max-HP or power bonus (negative to take one away, 14.4.3)."""
        bonus = Bonus(stat=stat, amount=amount, duration=duration, source="playtester")
        return self._edit(
            f"{target} gets {bonus.describe()}",
            target,
            lambda: self._check_add_bonus(target, amount),
            lambda cause: self._add_bonus(target, bonus, cause),
        )

    def _check_detach(self, uid: str) -> None:
        self._require_game_on()
        if self._card(uid).zone != "armament":
            raise RuleError("S-4", f"{uid} is not an Armament attached to a Soul")

    def verify_detach(self, uid: str) -> None:
        self._verify(lambda: self._check_detach(uid), self.detach, uid)

    def can_detach(self, uid: str) -> bool:
        return self._can(self.verify_detach, uid)

    def detach(self, uid: str) -> list[Step]:
        """A playtester's edit: an Armament leaves its Soul for its owner's Elysium, where an
        Armament goes when it leaves play (S-4, 14.4.5); a max-HP loss can capture (14.4.3)."""

        def act(cause: Cause) -> None:
            self._detach(uid, cause, ["S-4"])

        return self._edit(f"detach {uid}", uid, lambda: self._check_detach(uid), act)
