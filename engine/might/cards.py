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

from pydantic import AfterValidator, Discriminator, Field, Tag, model_validator

from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.might.conditions import Condition, Counted, UnitCount, UnitIs, UnitState
from engine.might.keywords import KeywordName, KeywordText, keyword_total
from engine.names import Name

Duration = Literal["this_turn", "this_combat", "until_your_next_turn", "permanent"]
Scope = Literal["all", "combat", "spell"]
AutoTarget = Literal[
    "self", "source", "all_enemy_units", "all_own_units", "all_units", "all_enemy_units_here"
]
EffectTarget = (
    Literal["target", "target_1", "target_2", "target_3", "target_4", "controller"] | AutoTarget
)
ShieldValue = int | Literal["all", "next"]  # damage, all of it, or the whole next event (M-25)

Place = tuple[str | int, ...]  # a key's path inside a card, as the file writes it


AUTOMATIC_TARGET_HINT = (
    " to the ability or use an automatic target such as self, source or all_enemy_units"
)
VOWEL_SOUNDS = ("a", "e", "i", "o", "und")  # "an enemy unit", "an undamaged unit", "a unit"


MOST_TARGETS = 4  # units a card chooses at most: a count, a list's entries, target_1 to _4 (P-49)


def _at_most_the_most(count: int) -> int:
    if count > MOST_TARGETS:
        raise ValueError(
            f"a card chooses at most {MOST_TARGETS} units (P-49): count is 1 to {MOST_TARGETS}"
        )
    return count


class TargetSpec(Frozen):
    """The units a player chooses for a spell or an ability: whose, how many, in what state and
    where (M5, P-41)."""

    side: Literal["own", "enemy", "any"] = "any"
    """Whose unit, seen from the card's controller (M5)."""
    count: Annotated[
        int,
        Field(ge=1, json_schema_extra={"maximum": MOST_TARGETS}),
        AfterValidator(_at_most_the_most),
    ] = 1
    """Up to this many different units; at least one is chosen (P-41), at most 4 (P-49)."""
    state: UnitState | None = None
    """Only units in this state as they are chosen: ``damaged``, ``undamaged``, ``exhausted``,
    ``ready``, ``attacking``, ``defending``, ``at_a_battlefield``, ``at_base``, ``stunned``."""
    here: bool = False
    """Abilities: only units where the ability's unit is (its battlefield, or its base)."""
    other: bool = False
    """Abilities: not the ability's own unit."""

    def describe(self) -> str:
        """How the card reads, as a refusal or a prompt names it.

        >>> TargetSpec(side="enemy", count=2, state="damaged", here=True).describe()
        'up to 2 damaged enemy units here'
        >>> TargetSpec(side="own", other=True).describe()
        'another unit you control'
        """
        places = {"at_a_battlefield": " at a battlefield", "at_base": " at a base"}
        state = self.state or ""
        phrase = ("" if state in places or not state else f"{state.replace('_', ' ')} ") + (
            "enemy " if self.side == "enemy" else ""
        )
        phrase += "units" if self.count > 1 else "unit"
        if self.count > 1:
            lead = f"up to {self.count} " + ("other " if self.other else "")
        else:
            lead = "another " if self.other else "an " if phrase.startswith(VOWEL_SOUNDS) else "a "
        mine = " you control" if self.side == "own" else ""
        return f"{lead}{phrase}{mine}{places.get(state, '')}{' here' if self.here else ''}"


Choosing = TargetSpec | tuple[TargetSpec, ...]
"""What a spell or an ability chooses: one spec (up to its ``count`` units), or a list of
specs, one unit for each, in order: "stun an enemy unit and ready a unit you control" (P-41)."""
ChosenTargets = Annotated[
    Annotated[
        Annotated[TargetSpec, Tag("[one]")] | Annotated[tuple[TargetSpec, ...], Tag("[list]")],
        Discriminator(lambda v: "[list]" if isinstance(v, list | tuple) else "[one]"),
    ],
    AfterValidator(lambda c: _one_each(c)),
]
"""A card's ``target:``. A problem is placed where the file has it, not under the union's
member (``engine.file_kinds``)."""


def _one_each(choosing: Choosing) -> Choosing:
    if isinstance(choosing, TargetSpec):
        return choosing
    if not 2 <= len(choosing) <= MOST_TARGETS:
        raise ValueError(
            f"a list of targets has 2 to {MOST_TARGETS} entries; for one, write it without a list"
        )
    if any(spec.count != 1 for spec in choosing):
        raise ValueError("in a list of targets each entry is one unit: leave count out")
    return choosing


def target_number(aims: str) -> int | None:
    """``N`` for an effect aimed at ``target_N`` (one of the chosen units, P-41), else None.

    >>> target_number("target_2"), target_number("target")
    (2, None)
    """
    return int(aims[len("target_") :]) if aims.startswith("target_") else None


def specs_of(choosing: Choosing) -> tuple[TargetSpec, ...]:
    """The specs of a choice: one, or one for each target of a list."""
    return (choosing,) if isinstance(choosing, TargetSpec) else choosing


def most_targets(choosing: Choosing) -> int:
    """How many units the choice takes at most."""
    return choosing.count if isinstance(choosing, TargetSpec) else len(choosing)


def describe_choice(choosing: Choosing) -> str:
    """How the card reads, as a refusal or a prompt names it.

    >>> describe_choice((TargetSpec(side="enemy"), TargetSpec(side="own")))
    'an enemy unit, then a unit you control'
    """
    return ", then ".join(spec.describe() for spec in specs_of(choosing))


class Conditional(Frozen):
    """What every effect may have: a condition read as the effect resolves (P-36)."""

    only_if: Condition | None = None
    """The effect happens only if this holds as it resolves: ``{unit: target, state:
    exhausted}``, ``{count: enemy_units, here: true, at_least: 2}``, ``{you_hold: 1}``."""
    unless: Condition | None = None
    """The effect happens unless this holds as it resolves (same forms as ``only_if``)."""

    def conditions(self) -> list[tuple[bool, Condition]]:
        """Each condition with whether it must hold (``only_if``) or must not (``unless``)."""
        return [
            *([(True, self.only_if)] if self.only_if is not None else []),
            *([(False, self.unless)] if self.unless is not None else []),
        ]


class MightOf(Frozen):
    """An amount read from the table: a unit's current Might as the effect resolves (M-30)."""

    might_of: Literal["self", "source", "target"]
    """The unit whose Might it is: ``self`` (the unit whose ability this is), ``source`` (the
    one that caused the trigger) or ``target`` (the chosen unit)."""


class ReadAmount(Frozen):
    """What an amount read from the table may add: what each counts for, and a minimum."""

    each: int = 1
    """What each one read counts for: ``2`` ("2 damage for each"); a Might modifier may
    lower, ``-1`` ("-1 Might for each enemy unit here")."""
    minimum: Annotated[int, Field(ge=0)] = 0
    """The amount is at least this ("to a minimum of N"); not with a negative ``each``."""

    @model_validator(mode="after")
    def _each_counts(self) -> ReadAmount:
        if self.each == 0:
            raise ValueError("each: 0 makes the amount always 0; use a number (1, 2, -1, ...)")
        if self.each < 0 and self.minimum:
            raise ValueError("a minimum can't go with a negative each: the amount only lowers")
        return self

    def counts_for(self, read: int) -> int:
        """The amount for ``read`` ones counted: times ``each``, raised to the minimum (P-37).

        >>> CountOf(count="units", each=-1).counts_for(3)
        -3
        >>> CountOf(count="units", minimum=1).counts_for(0)
        1
        """
        return max(read * self.each, self.minimum) if self.each > 0 else read * self.each


class DamageOn(ReadAmount):
    """An amount read from the table: the damage marked on a unit as the effect resolves
    (P-37)."""

    damage_on: Literal["self", "source", "target"]
    """The unit whose marked damage it is (``self``, ``source`` or ``target``); none when it is
    not on the table."""


class CountOf(ReadAmount):
    """An amount read from the table: how many units there are as the effect resolves (P-37)."""

    count: Counted
    """Whose units, seen from the card's controller: ``friendly_units``, ``enemy_units`` or
    ``units``."""
    here: bool = False
    """``true``: only those where the ability's unit was when it triggered (P-21)."""


def _amount_form(value: object) -> str:
    """Which form an amount is, by its keys: so a mistake is reported against that form."""
    keys = value if isinstance(value, dict) else vars(value) if isinstance(value, Frozen) else {}
    return next((key for key in ("might_of", "damage_on", "count") if key in keys), "number")


Amount = Annotated[
    Annotated[Annotated[int, Field(ge=0)], Tag("number")]
    | Annotated[MightOf, Tag("might_of")]
    | Annotated[DamageOn, Tag("damage_on")]
    | Annotated[CountOf, Tag("count")],
    Discriminator(_amount_form),
]


MightAmount = Annotated[
    Annotated[int, Tag("number")]
    | Annotated[DamageOn, Tag("damage_on")]
    | Annotated[CountOf, Tag("count")],
    Discriminator(_amount_form),
]
"""A Might modifier's amount: a number (negative lowers Might) or counted from the table."""


class Damage(Conditional):
    """``damage``: one damage event per target, plus the controller's Bonus Damage of its kind:
    spell damage from a spell, ability damage from an ability (P-20). With ``amount:
    {might_of: ...}`` that unit deals damage equal to its Might: it is the source, and only a
    shield for ``all`` damage covers it (M-30, M-31)."""

    do: Literal["damage"]
    """Selects this effect."""
    amount: Amount
    """The damage, before Bonus Damage and replacements; or read as the effect resolves:
    ``{might_of: self}`` (``source``, ``target``), that unit's current Might, which it deals
    (M-30); ``{damage_on: target}``, the damage marked on a unit; ``{count: enemy_units,
    here: true}``, a number of units (P-37)."""
    unpreventable: bool = False
    """``true``: no shield prevents it or is spent on it; Bonus Damage and doubling still
    apply (M-27)."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""

    @model_validator(mode="after")
    def _never_negative(self) -> Damage:
        if isinstance(self.amount, ReadAmount) and self.amount.each < 0:
            raise ValueError(
                "damage is never negative: each must be at least 1 (a Might modifier may lower)"
            )
        return self


class Heal(Conditional):
    """``heal``: remove all marked damage (M6)."""

    do: Literal["heal"]
    """Selects this effect."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class ModifyMight(Conditional):
    """``might``: a Might modifier (M2)."""

    do: Literal["might"]
    """Selects this effect."""
    amount: MightAmount
    """Added to the unit's Might: a number, which may be negative, or read from the table as
    it resolves, ``{count: ...}`` or ``{damage_on: ...}`` (P-37)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class Prevent(Conditional):
    """``prevent``: a prevention shield, the next ``value`` damage (or all) in its scope and
    duration (M3)."""

    do: Literal["prevent"]
    """Selects this effect."""
    value: Annotated[int, Field(ge=0)] | Literal["all", "next"]
    """The damage it prevents, ``all``, or ``next``: the whole next damage event to the unit,
    whatever its size (M-25)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them), an
    automatic target, or ``controller``: every unit the
    controller has, now or later, each with its own ``value`` (M-26)."""


class Double(Conditional):
    """``double``: damage dealt to the unit is doubled while this lasts (a replacement, M8)."""

    do: Literal["double"]
    """Selects this effect."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class BonusDamage(Conditional):
    """``bonus_damage``: the controller's damage of ``scope`` gets +``amount`` Bonus Damage (M3,
    M-4)."""

    do: Literal["bonus_damage"]
    """Selects this effect."""
    amount: int
    """Added to the controller's damage of its scope."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "spell"
    """The damage it adds to: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card."""


class LethalRequirement(Conditional):
    """``lethal_threshold``: the unit's lethal requirement becomes ``threshold`` damage instead
    of its Might (M-3)."""

    do: Literal["lethal_threshold"]
    """Selects this effect."""
    threshold: int = Field(ge=1)
    """The damage that is lethal to the unit."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class AddRunes(Conditional):
    """``add_runes``: runes added to the controller's pool."""

    do: Literal["add_runes"]
    """Selects this effect."""
    amount: int = Field(ge=0)
    """Runes added."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card."""


class Stun(Conditional):
    """``stun``: the unit adds 0 to its side's combat damage until the end of this turn's
    expiration (c); one already stunned is not stunned again (M-15, M-16)."""

    do: Literal["stun"]
    """Selects this effect."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class CantBeDealtDamage(Conditional):
    """``cant_be_dealt_damage``: while it lasts no damage is dealt to the unit, and combat
    assignment leaves it out (M-19)."""

    do: Literal["cant_be_dealt_damage"]
    """Selects this effect."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class Kill(Conditional):
    """``kill``: the unit dies (its "when this dies" abilities trigger, M5, M-20)."""

    do: Literal["kill"]
    """Selects this effect."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class Ready(Conditional):
    """``ready`` or ``exhaust``: the unit is readied or exhausted; its damage stays (M6)."""

    do: Literal["ready", "exhaust"]
    """Selects this effect: ``ready`` or ``exhaust``."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class Recall(Conditional):
    """``recall``: the unit goes from its battlefield to its base, keeping its damage (M6)."""

    do: Literal["recall"]
    """Selects this effect."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class ReturnToHand(Conditional):
    """``return_to_hand``: the unit leaves the table for its owner's hand and loses its damage
    and effects (M-6); it does not die (M-20)."""

    do: Literal["return_to_hand"]
    """Selects this effect."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


class Move(Conditional):
    """Move units to a battlefield (P-43): a unit already there stays; one that arrives during
    a combat there joins it at the next cleanup (M-28)."""

    do: Literal["move"]
    """Selects this effect."""
    to: Name
    """The battlefield's name, as the scenario's ``battlefields`` name it (``base``: recall);
    abilities: ``here``, where the ability's unit was as it triggered or was activated (P-43)."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


# The triggers that have a source: what dealt the damage, the unit that died. Playing a card, a
# heal, a death of its own, combat roles and the turn's ends have none to aim at or read.
TRIGGERS_WITH_A_SOURCE = frozenset({"takes_damage", "another_unit_dies"})

SaveAction = Literal["heal", "exhaust", "recall"]


def _something_instead(then: tuple[SaveAction, ...]) -> tuple[SaveAction, ...]:
    if not then:
        raise ValueError(
            "`then: []` does nothing instead of the death: name heal, exhaust or recall, or "
            "leave `then` out to heal"
        )
    return then


class InsteadOfDying(Conditional):
    """``instead_of_dying``: the next time the unit would die while this lasts, it stays on the
    table and does ``then`` instead; the death never happens (M-20 to M-22)."""

    do: Literal["instead_of_dying"]
    """Selects this effect."""
    then: Annotated[tuple[SaveAction, ...], AfterValidator(_something_instead)] = ("heal",)
    """What the unit does instead, in order: ``heal``, ``exhaust``, ``recall`` (at least one:
    leave ``then`` out for ``heal``)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``: until it is used."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1`` to ``target_4`` (one of them, in the order
    chosen) or an automatic target."""


Effect = Annotated[
    Damage
    | Heal
    | ModifyMight
    | Prevent
    | Double
    | BonusDamage
    | LethalRequirement
    | AddRunes
    | Stun
    | CantBeDealtDamage
    | Kill
    | Ready
    | Recall
    | ReturnToHand
    | Move
    | InsteadOfDying,
    Field(discriminator="do"),
]


def runes(count: int) -> str:
    """``count`` runes in words: "1 rune", "2 runes"."""
    return f"{count} rune{'' if count == 1 else 's'}"


class ActivationCost(Frozen):
    """What a player pays to activate an ability (P-42)."""

    exhaust: bool = False
    """``true``: the unit exhausts; an exhausted unit can't pay it."""
    runes: Annotated[int, Field(ge=0)] = 0
    """Runes from its controller's pool."""

    def describe(self) -> str:
        parts = [
            *(["exhaust"] if self.exhaust else []),
            *([runes(self.runes)] if self.runes else []),
        ]
        return ", ".join(parts) or "nothing"


class Ability(Frozen):
    """A triggered ability: it goes on the chain when its event happens (M5, P-12, P-33); or,
    ``when: activated``, one its controller activates by paying its cost (P-42)."""

    when: Literal[
        "activated",
        "takes_damage",
        "dies",
        "healed",
        "end_of_turn",
        "played",
        "start_of_your_turn",
        "another_unit_dies",
        "attacks",
        "defends",
    ]
    """``activated``: its controller activates it with an ``activate`` action (P-42); else the
    event that triggers it: ``takes_damage`` (damage was dealt to the unit, not when
    fully prevented, M4), ``dies`` (at a cleanup, a Combat Cleanup, expiration (a) or from a
    kill), ``healed`` (a Heal removed damage from it, P-22), ``end_of_turn`` (every end of turn,
    before expiration, P-12), ``played`` (it was played from hand to its base), ``start_of_your_
    turn`` (its controller's turn begins), ``another_unit_dies`` (another unit on the table, of
    either player, died; the one that died is its ``source``) (P-33), ``attacks`` and
    ``defends`` (a combat begins with it as an attacker or a defender, before the sides' damage
    is counted, P-44)."""
    name: str = ""
    """Shown in the timeline; empty: ``when <when>``."""
    once_per_turn: bool = False
    """``true``: it triggers at most once each turn; a later event that turn is a step that
    says it does not trigger again (P-39)."""
    target: ChosenTargets | None = None
    """The units its controller chooses as it goes on the chain; a triggered ability with no
    legal one does not go on the chain (P-41). Needed when an effect aims at ``target``."""
    cost: ActivationCost | None = None
    """Activated abilities: ``{exhaust: true, runes: 1}``, paid as it is activated."""
    speed: Literal["normal", "reaction"] = "normal"
    """Activated abilities: ``normal``, on its controller's turn with an empty chain outside
    combat; ``reaction``, by its controller while something is on the chain (M-7)."""
    effects: tuple[Effect, ...] = ()
    """Applied in order when the ability resolves from the chain."""

    @model_validator(mode="after")
    def _costs_are_activated(self) -> Ability:
        if self.when != "activated" and (self.cost is not None or self.speed != "normal"):
            raise ValueError("only an activated ability has a cost or a speed (P-42)")
        if self.when == "activated" and self.once_per_turn:
            raise ValueError("once_per_turn is for triggered abilities (P-39)")
        return self

    def label(self) -> str:
        """How the timeline names it."""
        return self.name or f"when {self.when.replace('_', ' ')}"

    def describe(self) -> str:
        """What it is, as the inspector lists it.

        >>> Ability(when="activated", name="Forge Strike", cost=ActivationCost(exhaust=True,
        ...     runes=1), target=TargetSpec(side="enemy", here=True)).describe()
        'Forge Strike: activated (cost: exhaust, 1 rune); targets an enemy unit here'
        >>> Ability(when="played", once_per_turn=True).describe()
        'when played: triggered, once per turn'
        """
        if self.when == "activated":
            kind = "activated" + (", a Reaction" if self.speed == "reaction" else "")
            kind += f" (cost: {self.cost.describe()})" if self.cost else ""
        else:
            kind = "triggered" + (", once per turn" if self.once_per_turn else "")
        aim = f"; targets {describe_choice(self.target)}" if self.target else ""
        return f"{self.label()}: {kind}{aim}"


AuraReach = Literal["self", "friendly", "other_friendly", "enemy", "all", "all_other"]


class Aura(Frozen):
    """A standing ability of a unit: each unit it reaches has ``might`` more Might (less when
    negative) while the unit is on the table and ``only_while`` holds (M-23, M-24, P-35)."""

    might: int
    """Added to the Might of each unit it reaches; negative takes Might away."""
    to: AuraReach = "other_friendly"
    """The units it reaches: ``self``, ``friendly`` (its controller's, itself included),
    ``other_friendly``, ``enemy``, ``all`` or ``all_other`` (both players' units)."""
    here: bool = False
    """``true``: only units where its unit is (its battlefield; at its base, the units at that
    base)."""
    only_while: Condition | None = None
    """A fact about its own unit (``{state: attacking}``; ``unit`` may only be ``self``) or
    its controller (``{you_hold: 1}``): the aura counts only while it holds."""

    @model_validator(mode="after")
    def _about_itself(self) -> Aura:
        if isinstance(self.only_while, UnitIs) and self.only_while.unit != "self":
            raise ValueError("an aura's only_while is about its own unit: use unit: self")
        if isinstance(self.only_while, UnitCount):
            raise ValueError(
                "an aura's only_while is a state of its unit or you_hold; counts of units are "
                "for effects (P-35)"
            )
        return self

    def describe(self) -> str:
        reach = "itself" if self.to == "self" else f"{self.to.replace('_', ' ')} units"
        where = " here" if self.here else ""
        condition = f" while {self.only_while.describe()}" if self.only_while else ""
        return f"{self.might:+d} Might to {reach}{where}{condition}"


class FieldAura(Frozen):
    """A battlefield's standing ability: each unit there that it reaches has ``might`` more
    Might (less when negative) while it is there (M-23, P-47)."""

    might: int
    """Added to the Might of each unit it reaches; negative takes Might away."""
    to: Literal["all", "holder", "others"] = "all"
    """The units there it reaches: ``all``, ``holder`` (the units of the player who holds the
    battlefield; none while nobody does) or ``others`` (the units of the other player, while
    someone holds it)."""

    def describe(self) -> str:
        whose = {"all": "units", "holder": "the holder's units", "others": "the other units"}
        return f"{self.might:+d} Might to {whose[self.to]} here"


def _instead(word: str, readable: set[str]) -> str:
    """What to write instead of the unit ``word`` where only ``readable`` ones can be meant."""
    named = " or ".join(sorted(readable - {"here"}))
    if word == "target" or not named:  # a part that chooses no target
        return "it chooses no target: add `target:`" + (f", or use {named}" if named else "")
    return f"use {named}"


def _condition_problems(part: str, effect: Effect, words: set[str]) -> list[tuple[Place, str]]:
    """The conditions of an effect of ``part`` that are about a unit it can't have, or count
    units at a place it is not at (P-36), each at its key (``only_if``, ``unless``)."""
    problems: list[tuple[Place, str]] = []
    for must_hold, condition in effect.conditions():
        key = ("only_if",) if must_hold else ("unless",)
        if isinstance(condition, UnitIs) and condition.unit not in words:
            problems.append(
                (
                    key,
                    f"{part}'s condition can't be about unit {condition.unit}: "
                    + _instead(condition.unit, words),
                )
            )
        elif isinstance(condition, UnitCount) and condition.here and "here" not in words:
            problems.append((key, f"{part} is at no place: a count here needs a unit"))
    return problems


def _amount_problems(part: str, amount: object, words: set[str]) -> list[str]:
    """An amount that ``part`` would count at a place it is not at, or read off a unit it
    can't have (P-37, M-30)."""
    problems = []
    if isinstance(amount, CountOf) and amount.here and "here" not in words:
        problems.append(f"{part} is at no place: a count here needs a unit")
    if isinstance(amount, DamageOn) and amount.damage_on not in words:
        problems.append(
            f"{part} can't read the damage on {amount.damage_on}: "
            + _instead(amount.damage_on, words)
        )
    if isinstance(amount, MightOf) and amount.might_of not in words:
        problems.append(
            f"{part} can't read the Might of {amount.might_of}: "
            f"{_instead(amount.might_of, words)} (M-30)"
        )
    return problems


class MightCardDef(Frozen):
    """A unit (with Might) or a spell (``speed: reaction`` may answer a spell on the chain)."""

    name: Name
    """The name a set-up ``card:`` refers to."""
    kind: Literal["unit", "spell"]
    """A ``unit`` goes to its owner's base when played; a ``spell`` goes on the chain."""
    text: str = ""
    """The printed text: shown, not interpreted."""
    cost: int = Field(default=0, ge=0)
    """Runes paid from the owner's pool when it is played (P-19)."""
    might: int = 0
    """Units: base Might."""
    keywords: tuple[KeywordText, ...] = ()
    """Units: ``Assault N`` and ``Shield N`` (+N Might while it attacks or defends; N is 1
    when left out, and instances add up: M-28), ``Tank`` and ``Backline`` (the order combat
    damage is assigned in: M-17). Any other word is refused (the engine would ignore it)."""
    enters: Literal["exhausted", "ready"] = "exhausted"
    """Units: how it enters the table when played from hand (M-32): ``exhausted``, or ``ready``
    when its text says it enters ready. A set-up puts units on the table as it says."""
    speed: Literal["normal", "reaction"] = "normal"
    """Spells: a ``reaction`` may be played, by either player, while anything is on the chain, a
    waiting trigger included (M-7, P-16)."""
    target: ChosenTargets | None = None
    """Spells: the unit the player chooses when playing it; needed when an effect aims at
    ``target``."""
    effects: tuple[Effect, ...] = ()
    """Spells: applied in order when it resolves."""
    abilities: tuple[Ability, ...] = ()
    """Units: triggered abilities, and activated ones (``when: activated``)."""
    auras: tuple[Aura, ...] = ()
    """Units: standing Might for other units (or itself) while it is on the table (M-23)."""

    def _readers(self) -> list[tuple[Place, str, Choosing | None, tuple[Effect, ...], set[str]]]:
        """Each part of the card with effects: where the card writes it, how a message names
        it, what it chooses, its effects and the units its words can mean (``self``,
        ``source``, ``target``, ``here``: a place)."""
        if self.kind == "spell":  # "target" once it chooses
            return [((), "a spell", self.target, self.effects, set())]
        return [
            (
                ("abilities", number),
                f"the '{a.name if a.when == 'activated' and a.name else a.when}' ability",
                a.target,
                a.effects,
                {"self", "here", *(["source"] if a.when in TRIGGERS_WITH_A_SOURCE else [])},
            )
            for number, a in enumerate(self.abilities)
        ]

    def _reading_problems(self) -> list[tuple[Place, str]]:
        """Words that could never be read, each at its key in the card: a spell has no unit of
        its own, no source and no place; only a triggered ability has a source; ``target``
        needs a chosen one (P-36, P-37, P-41)."""
        problems: list[tuple[Place, str]] = []
        for at, part, spec, effects, words in self._readers():
            if spec is not None:
                words = words | {"target"}
                if any(s.here or s.other for s in specs_of(spec)) and "self" not in words:
                    problems.append(
                        (
                            (*at, "target"),
                            f"{part} has no unit of its own: its target can't be here or other",
                        )
                    )
            for number, effect in enumerate(effects):
                where = (*at, "effects", number)
                aims = getattr(effect, "target", None)
                problems += [
                    ((*where, "target"), p) for p in self._aim_problems(part, spec, aims, words)
                ]
                if getattr(effect, "to", None) == "here" and "here" not in words:
                    problems.append(
                        (
                            (*where, "to"),
                            f"{part} is at no place: it can't move units here; "
                            "name the battlefield",
                        )
                    )
                problems += [
                    ((*where, *key), p) for key, p in _condition_problems(part, effect, words)
                ]
                amount = getattr(effect, "amount", None)
                problems += [((*where, "amount"), p) for p in _amount_problems(part, amount, words)]
        return problems

    def _aim_problems(
        self, part: str, spec: Choosing | None, aims: str | None, words: set[str]
    ) -> list[str]:
        """An effect of ``part`` aims at a unit it can't have: a chosen target when it chooses
        none or fewer (P-41), a source, itself, or units at a place."""
        if aims == "target" and spec is None:
            spell = self.kind == "spell"  # "the card", as souls says it
            return [
                f"an effect aims at 'target' but {'the card' if spell else part} chooses "
                f"none: add `target:`{'' if spell else AUTOMATIC_TARGET_HINT}"
            ]
        if aims and (number := target_number(aims)) is not None:
            if spec is None:
                return [f"an effect aims at {aims!r} but {part} chooses none: add `target:`"]
            if number > most_targets(spec):
                return [
                    f"an effect aims at {aims!r} but {part} chooses at most "
                    f"{most_targets(spec)}: {describe_choice(spec)}"
                ]
            return []
        if aims == "source" and aims not in words:
            return [
                f"{part} has no source (only a takes_damage or another_unit_dies trigger "
                f"has one): an effect can't aim at it; {_instead(aims, words)}"
            ]
        if aims == "self" and aims not in words:
            return [f"{part} has no self: an effect can't aim at it"]
        if aims == "all_enemy_units_here" and "here" not in words:
            return [f"{part} is at no place: an effect can't aim at units here"]
        return []

    def all_effects(self) -> list[Effect]:
        """The effects of the card and of each of its abilities."""
        return [effect for _, effect in self.placed_effects()]

    def placed_effects(self) -> list[tuple[Place, Effect]]:
        """Each effect of the card with where the card writes it (``("abilities", 0, "effects",
        1)``), so that a check of the scenario names its line."""
        return [
            ((*at, "effects", number), effect)
            for at, _, _, effects, _ in self._readers()
            for number, effect in enumerate(effects)
        ]

    def keyword(self, name: KeywordName) -> int:
        """The total of keyword ``name`` on the card: its instances added up, 0 without."""
        return keyword_total(self.keywords, name)

    @model_validator(mode="after")
    def _targets_are_chosen(self) -> MightCardDef:
        if problems := self._reading_problems():
            raise InvalidAt(*problems[0])  # at the words that can't be read, not at the card
        if self.kind == "spell" and self.abilities:
            raise ValueError("a spell has no abilities: it has effects (M-7)")
        if self.kind == "spell" and self.auras:
            raise ValueError("a spell has no auras: a standing ability is a unit's (M-23)")
        if self.kind == "unit" and (self.effects or self.target or self.speed != "normal"):
            raise ValueError("a unit has abilities, not effects, a target or a speed")
        if self.kind == "spell" and self.keywords:
            raise ValueError("a spell has no keywords: they are a unit's (M-17, M-28)")
        return self
