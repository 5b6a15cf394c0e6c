"""Might card definitions and their effect vocabulary (YAML card data).

Example::

    name: Ember Adept
    kind: unit
    might: 3
    abilities:
      - when: takes_damage
        effects:
          - {do: damage, amount: 1, target: all_enemy_units_here}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.frozen import Frozen
from engine.names import Name

Duration = Literal["this_turn", "until_your_next_turn", "permanent"]
Scope = Literal["all", "combat", "spell"]
AutoTarget = Literal[
    "self", "source", "all_enemy_units", "all_own_units", "all_units", "all_enemy_units_here"
]
EffectTarget = Literal["target", "controller"] | AutoTarget


class TargetSpec(Frozen):
    """What a spell or ability may target: a unit on the table, own/enemy/any."""

    side: Literal["own", "enemy", "any"] = "any"

    def describe(self) -> str:
        return {"own": "a unit you control", "enemy": "an enemy unit", "any": "a unit"}[self.side]


class Damage(Frozen):
    do: Literal["damage"]
    amount: int = Field(ge=0)
    target: EffectTarget = "target"


class Heal(Frozen):
    """Heal: remove all marked damage (M6)."""

    do: Literal["heal"]
    target: EffectTarget = "target"


class ModifyMight(Frozen):
    do: Literal["might"]
    amount: int
    duration: Duration = "this_turn"
    target: EffectTarget = "target"


class Prevent(Frozen):
    """A prevention shield: the next ``value`` damage (or "all") in its scope and duration (M3)."""

    do: Literal["prevent"]
    value: Annotated[int, Field(ge=0)] | Literal["all"]
    duration: Duration = "this_turn"
    scope: Scope = "all"
    target: EffectTarget = "target"


class Double(Frozen):
    """Damage dealt to the unit is doubled while this lasts (a replacement, M8)."""

    do: Literal["double"]
    duration: Duration = "this_turn"
    scope: Scope = "all"
    target: EffectTarget = "target"


class BonusDamage(Frozen):
    """The controller's damage of ``scope`` gets +``amount`` Bonus Damage (M3, M-4)."""

    do: Literal["bonus_damage"]
    amount: int
    duration: Duration = "this_turn"
    scope: Scope = "spell"
    target: Literal["controller"] = "controller"


class LethalRequirement(Frozen):
    """The unit's lethal requirement becomes ``threshold`` damage instead of its Might (M-3)."""

    do: Literal["lethal_threshold"]
    threshold: int = Field(ge=1)
    duration: Duration = "this_turn"
    target: EffectTarget = "target"


class AddRunes(Frozen):
    do: Literal["add_runes"]
    amount: int = Field(ge=0)
    target: Literal["controller"] = "controller"


Effect = Annotated[
    Damage | Heal | ModifyMight | Prevent | Double | BonusDamage | LethalRequirement | AddRunes,
    Field(discriminator="do"),
]


class Ability(Frozen):
    """A triggered ability: ``takes_damage`` (damage was dealt to it, M4), ``dies``, ``healed``
    (a Heal removed damage from it), ``end_of_turn`` (every end of turn, before expiration, M10,
    P-12)."""

    when: Literal["takes_damage", "dies", "healed", "end_of_turn"]
    name: str = ""
    effects: tuple[Effect, ...] = ()


class MightCardDef(Frozen):
    """A unit (with Might) or a spell (``speed: reaction`` may answer a spell on the chain)."""

    name: Name
    kind: Literal["unit", "spell"]
    text: str = ""
    cost: int = Field(default=0, ge=0)
    might: int = 0
    keywords: tuple[str, ...] = ()
    speed: Literal["normal", "reaction"] = "normal"
    target: TargetSpec | None = None
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()

    @model_validator(mode="after")
    def _targets_are_chosen(self) -> MightCardDef:
        aims = any(getattr(e, "target", None) == "target" for e in self.effects)
        if aims and self.target is None:
            raise ValueError("an effect aims at 'target' but the card chooses none: add `target:`")
        for ability in self.abilities:
            if any(getattr(e, "target", None) == "target" for e in ability.effects):
                raise ValueError(
                    f"the '{ability.when}' ability has no chosen target: use an "
                    "automatic target such as self, source or all_enemy_units"
                )
        if self.kind == "unit" and (self.effects or self.target or self.speed != "normal"):
            raise ValueError("a unit has abilities, not effects, a target or a speed")
        return self
