"""Souls card definitions and the small effect vocabulary playtesters write in YAML.

A card is data: its stats, an optional chosen target, and abilities made of effects. Example::

    name: Ember Imp
    kind: soul
    rank: 1
    hp: 20
    power: 10
    traits: [Underling]
    abilities:
      - when: damaged
        effects:
          - {do: damage, amount: 5, target: source}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.frozen import Frozen
from engine.names import Name

Side = Literal["own", "enemy", "any"]

# Targets an effect picks by itself, without a player's choice.
AutoTarget = Literal[
    "self", "source", "own_realm", "enemy_realm", "all_own_souls", "all_enemy_souls"
]
EffectTarget = Literal["target"] | AutoTarget


_KIND_WORDS = {  # as the rules write them (S-15)
    "soul": "Soul",
    "realm": "Realm",
    "captured_soul": "captured Soul",
    "soul_or_realm": "Soul or Realm",
}


class TargetSpec(Frozen):
    """What a card or ability may target when it is played or activated."""

    side: Side = "any"
    kind: Literal["soul", "realm", "soul_or_realm", "captured_soul"] = "soul"
    line: Literal["front", "back", "any"] = "any"

    def describe(self) -> str:
        """What may be targeted, in the rules' words.

        >>> TargetSpec(side="enemy", line="front").describe()
        'an enemy Front Line Soul'
        >>> TargetSpec(kind="captured_soul").describe(), TargetSpec(kind="soul_or_realm").describe()
        ('a captured Soul', 'a Soul or Realm')
        """
        side = {"own": "your ", "enemy": "an enemy ", "any": "a "}[self.side]
        line = "" if self.line == "any" else f"{self.line.capitalize()} Line "
        return f"{side}{line}{_KIND_WORDS[self.kind]}"


class Damage(Frozen):
    do: Literal["damage"]
    amount: int = Field(ge=0)
    target: EffectTarget = "target"


class Heal(Frozen):
    do: Literal["heal"]
    amount: int = Field(ge=0)
    target: EffectTarget = "target"


class Capture(Frozen):
    do: Literal["capture"]
    target: EffectTarget = "target"


class Exile(Frozen):
    do: Literal["exile"]
    target: EffectTarget = "target"


class GainBonus(Frozen):
    """Gain (or, with a negative amount, lose) max HP or power."""

    do: Literal["bonus"]
    stat: Literal["max_hp", "power"]
    amount: int
    duration: Literal["permanent", "end_of_turn"] = "permanent"
    target: EffectTarget = "target"


Effect = Annotated[Damage | Heal | Capture | Exile | GainBonus, Field(discriminator="do")]


class Ability(Frozen):
    """Effects that resolve when the ability is activated or when its trigger happens.

    ``when``: ``activated`` (a player uses it), ``damaged`` (this Soul took more than 0 damage,
    14.1.5), ``captured`` (this Soul was just captured), ``end_of_turn`` (the end phase of every
    turn), ``sprung`` (an Ambush revealed by its owner).
    """

    when: Literal["activated", "damaged", "captured", "end_of_turn", "sprung"] = "activated"
    name: str = ""
    cost_hp: int | Literal["10x_rank"] | None = None
    target: TargetSpec | None = None
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _costs_and_targets_need_a_player(self) -> Ability:
        if self.cost_hp is not None and self.when != "activated":
            raise ValueError("only an activated ability has an HP cost (cost_hp)")
        if self.target is not None and self.when not in ("activated", "sprung"):
            raise ValueError(
                f"a '{self.when}' trigger has no chosen target: use an automatic "
                "target such as self, source or enemy_realm on its effects"
            )
        if self.target is None and any(e.target == "target" for e in self.effects):
            raise ValueError(
                "an effect aims at 'target' but the ability chooses none: add "
                "`target:` to the ability or name an automatic target"
            )
        return self


class CountingStatic(Frozen):
    """A static bonus that counts cards: ``amount`` of ``stat`` for each match (Sylva)."""

    stat: Literal["max_hp", "power"]
    amount: int
    counting: Literal["captured_souls"] = "captured_souls"
    side: Side = "own"
    trait: Name | None = None

    def describe(self) -> str:
        """What the card's text says, as the inspector shows it.

        >>> CountingStatic(stat="max_hp", amount=10, trait="Underling").describe()
        '+10 max_hp per your captured Underling'
        >>> CountingStatic(stat="power", amount=5, side="enemy").describe()
        '+5 power per enemy captured Soul'
        >>> CountingStatic(stat="max_hp", amount=-5, side="any").describe()
        '-5 max_hp per captured Soul'
        """
        trait = f" {self.trait}" if self.trait else " Soul"
        side = {"own": "your ", "enemy": "enemy ", "any": ""}[self.side]
        return f"{self.amount:+d} {self.stat} per {side}captured{trait}"


class CardDef(Frozen):
    """A card as printed. Souls have rank/hp/power; Realms hp/counterblow; Armament grants."""

    name: Name
    kind: Literal["soul", "realm", "spell", "armament", "ambush"]
    text: str = ""
    rank: int = Field(default=0, ge=0)
    hp: int = Field(default=0, ge=0)
    power: int = Field(default=0, ge=0)
    counterblow: int = Field(default=0, ge=0)
    traits: tuple[Name, ...] = ()
    target: TargetSpec | None = None
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    statics: tuple[CountingStatic, ...] = ()
    grants_hp: int = 0
    grants_power: int = 0

    @model_validator(mode="after")
    def _amounts_in_steps_of_5(self) -> CardDef:
        amounts = {
            "hp": self.hp,
            "power": self.power,
            "counterblow": self.counterblow,
            "grants_hp": self.grants_hp,
            "grants_power": self.grants_power,
        }
        effects = [*self.effects, *(e for a in self.abilities for e in a.effects)]
        amounts |= {f"{e.do} amount": e.amount for e in effects if hasattr(e, "amount")}
        amounts |= {f"{s.stat} static": s.amount for s in self.statics}
        amounts |= {
            f"cost_hp of {a.name or a.when}": a.cost_hp
            for a in self.abilities
            if isinstance(a.cost_hp, int)
        }
        odd = [f"{name} {value}" for name, value in amounts.items() if value % 5]
        if odd:
            raise ValueError(f"card amounts are multiples of 5 (S-5): {', '.join(odd)}")
        if (
            self.kind == "spell"
            and any(e.target == "target" for e in self.effects)
            and self.target is None
        ):
            raise ValueError("an effect aims at 'target' but the card chooses none: add `target:`")
        return self
