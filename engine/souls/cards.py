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

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from engine.changes import stat_words
from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.names import Name
from engine.souls.conditions import Conditional, SoulFilter, Whose, souls_named

HP_STEP = 5  # every HP amount is a multiple of it: HP, damage, healing, costs (14.1.2, S-5)
Side = Literal["own", "enemy", "any"]
Place = tuple[str | int, ...]  # where in a card a value is written: ("effects", 0, "only_if")

# Targets an effect picks by itself, without a player's choice.
AutoTarget = Literal[
    "self",
    "source",
    "own_realm",
    "enemy_realm",
    "all_own_souls",
    "all_enemy_souls",
    "all_souls",
    "other_own_souls",
    "all_own_captured",
    "all_enemy_captured",
    "all_captured",
]
TargetWord = Literal["target", "target_1", "target_2"] | AutoTarget


_KIND_WORDS = {  # as the rules write them (S-15)
    "soul": "Soul",
    "realm": "Realm",
    "captured_soul": "captured Soul",
    "soul_or_realm": "Soul or Realm",
}


class TargetSpec(SoulFilter):
    """What a card or ability may target when it is played or activated: a side, a kind, and
    for an active card a line, a state and numbers its HP and power must be within (P-51)."""

    side: Side = "any"
    """Whose card, seen from the card's owner."""
    kind: Literal["soul", "realm", "soul_or_realm", "captured_soul"] = "soul"
    """``soul``: an active Soul on a slot; ``realm``: an active Realm; ``soul_or_realm``: either;
    ``captured_soul``: a captured Soul, nothing else (14.5.1)."""

    @model_validator(mode="after")
    def _captured_has_no_numbers(self) -> TargetSpec:
        if self.kind == "captured_soul" and (self.bounded() or self.state or self.line != "any"):
            raise ValueError(
                "a captured Soul is not active: it has no line, state, HP or power a target "
                "can ask about (14.5.1)"
            )
        return self

    def describe(self) -> str:
        """What may be targeted, in the rules' words.

        >>> TargetSpec(side="enemy", line="front").describe()
        'an enemy Front Line Soul'
        >>> TargetSpec(kind="captured_soul").describe(), TargetSpec(kind="soul_or_realm").describe()
        ('a captured Soul', 'a Soul or Realm')
        >>> TargetSpec(side="own", state="damaged", hp_at_most=10).describe()
        'your damaged Soul with 10 HP or less'
        """
        side = {"own": "your ", "enemy": "an enemy ", "any": "a "}[self.side]
        state = f"{self.state} " if self.state else ""
        line = "" if self.line == "any" else f"{self.line.capitalize()} Line "
        bounds = f" {self.describe_bounds()}" if self.bounded() else ""
        if self.side == "any" and state.startswith("u"):
            side = "an "
        return f"{side}{state}{line}{_KIND_WORDS[self.kind]}{bounds}"


GROUP_SIDES = {"souls": "any", "own_souls": "own", "enemy_souls": "enemy"}


class Every(SoulFilter):
    """An effect's ``target`` that is a group: every active Soul of a side that passes the
    filter as the effect resolves, all reached at once, in the order of simultaneous events
    (P-26, P-102): ``{every: enemy_souls, hp_at_most: 10}`` is "each enemy Soul with 10 HP or
    less", ``{every: own_souls, state: damaged}`` "each of your damaged Souls"."""

    every: Literal["souls", "own_souls", "enemy_souls"]
    """Whose active Souls, seen from the card's controller: ``souls`` (both players'),
    ``own_souls`` or ``enemy_souls``. A captured Soul is never in such a group (14.5.1)."""
    other: bool = False
    """Abilities: not the card with the ability ("your other damaged Souls"); a spell has no
    card of its own, so a spell's group can't be ``other``."""

    def describe(self) -> str:
        """The group in words.

        >>> Every(every="enemy_souls", hp_at_most=10).describe()
        'every enemy Soul with 10 HP or less'
        >>> Every(every="own_souls", state="damaged", line="front", other=True).describe()
        'every other damaged Front Line Soul of yours'
        """
        side = GROUP_SIDES[self.every]
        words = [
            *(["other"] if self.other else []),
            *([self.state] if self.state else []),
            *(["enemy"] if side == "enemy" else []),
            *([f"{self.line.capitalize()} Line"] if self.line != "any" else []),
            "Soul",
            *(["of yours"] if side == "own" else []),
            *([self.describe_bounds()] if self.bounded() else []),
        ]
        return "every " + " ".join(words)


def _word_or_group(value: object) -> str:
    """A target is a word (``target``, ``all_souls``) or a group (``{every: ...}``); the tags
    end in "]", so that a problem is placed where the file has it."""
    return "[group]" if isinstance(value, dict | Every) else "[word]"


EffectTarget = Annotated[
    Annotated[TargetWord, Tag("[word]")] | Annotated[Every, Tag("[group]")],
    Discriminator(_word_or_group),
]
"""An effect's ``target:``: a word (``target``, ``self``, ``all_enemy_souls``, ...) or a group
with a filter, ``{every: enemy_souls, state: damaged}`` (P-102)."""


def _one_or_a_list(value: object) -> str:
    return "[list]" if isinstance(value, list | tuple) else "[one]"


Choosing = Annotated[
    Annotated[TargetSpec, Tag("[one]")] | Annotated[tuple[TargetSpec, ...], Tag("[list]")],
    Discriminator(_one_or_a_list),
]
"""A spell's ``target:``: one spec, or a list of two, one card for each, in order (P-79)."""


class PowerOf(Frozen):
    """An amount read from the table as the effect resolves: a card's current power (P-46)."""

    power_of: Whose
    """``self`` (the card with the effect), ``source`` (what set off its trigger) or
    ``target`` (the chosen card); 0 when it is not active."""


class DamageOn(Frozen):
    """An amount read from the table as the effect resolves: the damage on a card (P-46)."""

    damage_on: Whose
    """``self``, ``source`` or ``target``; 0 when it is not active."""


class CapturedCount(Frozen):
    """An amount read from the table as the effect resolves: ``each`` for every captured Soul
    still on a slot (14.5.3, P-46)."""

    captured: Side = "any"
    """Whose captured Souls, seen from the card's owner: ``own``, ``enemy`` or ``any``."""
    trait: Name | None = None
    """Only Souls with this trait count; omitted: every captured Soul."""
    each: int = Field(default=5, gt=0)
    """The amount for each, a multiple of 5 (S-5)."""


def _amount_form(value: object) -> str:
    """Which form an amount is, by its keys: so a mistake is reported against that form."""
    keys = value if isinstance(value, dict) else vars(value) if isinstance(value, Frozen) else {}
    return next((k for k in ("power_of", "damage_on", "captured") if k in keys), "number")


Amount = Annotated[
    Annotated[Annotated[int, Field(ge=0)], Tag("number")]
    | Annotated[PowerOf, Tag("power_of")]
    | Annotated[DamageOn, Tag("damage_on")]
    | Annotated[CapturedCount, Tag("captured")],
    Discriminator(_amount_form),
]
"""A damage or heal amount: a multiple of 5 (S-5), or read from the table (P-46)."""


EFFECT_TARGET = (
    "``target`` (the chosen target), ``target_1`` or ``target_2`` (the first or the second of a "
    "spell's two chosen targets, P-79) or an automatic target: ``self``, ``source``, "
    "``own_realm``, ``enemy_realm``, every active Soul of a side (``all_own_souls``, "
    "``all_enemy_souls``, ``all_souls``), the controller's but this card (``other_own_souls``), "
    "every captured Soul of a side (``all_own_captured``, ``all_enemy_captured``, "
    "``all_captured``) (P-51); or a group with a filter, read as the effect resolves: "
    "``{every: enemy_souls, state: damaged, line: front, hp_at_most: 10}`` (P-102)."
)
"""What an effect's ``target:`` may be: every effect that aims at cards says it the same way."""


class Damage(Conditional):
    """``damage``: deal damage (14.1.1); the card with the effect is its source."""

    do: Literal["damage"]
    """Selects this effect."""
    amount: Amount
    """Damage, a multiple of 5 (S-5), rounded when applied (S-7); at most the current HP (S-8),
    none at 0 HP (S-9). Or read as it resolves: ``{power_of: self}``, ``{damage_on: target}``,
    ``{captured: enemy, each: 5}`` (P-46)."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class Heal(Conditional):
    """``heal``: remove damage (14.2)."""

    do: Literal["heal"]
    """Selects this effect."""
    amount: Amount
    """HP healed, a multiple of 5 (S-5), rounded when applied (S-7); at most the damage (S-10);
    or read from the table as ``damage``'s is (P-46)."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class Capture(Conditional):
    """``capture``: capture a Soul at once, whatever its HP, even in a battle window (14.4.4)."""

    do: Literal["capture"]
    """Selects this effect."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class Exile(Conditional):
    """``exile``: a captured Soul goes to the exile zone, face up, damage 0, its slot free
    (14.5.4)."""

    do: Literal["exile"]
    """Selects this effect."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class ReturnToHand(Conditional):
    """``return_to_hand``: a captured Soul goes back to its owner's hand, face up, damage 0, no
    bonuses, its slot free, as an exile frees it (14.5.4, P-85)."""

    do: Literal["return_to_hand"]
    """Selects this effect."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class GainBonus(Conditional):
    """``bonus``: gain (or, with a negative amount, lose) max HP or power, the card its source
    (S-6)."""

    do: Literal["bonus"]
    """Selects this effect."""
    stat: Literal["max_hp", "power"]
    """The stat it changes."""
    amount: int
    """Added to the stat: a multiple of 5 (S-5), negative to take away; a max-HP loss can
    capture (14.4.3)."""
    duration: Literal["permanent", "end_of_turn"] = "permanent"
    """``end_of_turn``: it ends in the end phase (14.1.3); ``permanent``: it lasts."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class RemoveArmaments(Conditional):
    """``remove_armaments``: every Armament on the Soul goes to its owner's Elysium (S-4); the max
    HP and power they gave end with them, and a max-HP loss can capture (14.4.3, P-40)."""

    do: Literal["remove_armaments"]
    """Selects this effect."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class EndBonuses(Conditional):
    """``end_bonuses``: every bonus on the Soul or Realm ends, whatever its duration; a max-HP
    loss can capture (14.4.3, P-40)."""

    do: Literal["end_bonuses"]
    """Selects this effect."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class Prevent(Conditional):
    """``prevent``: a prevention shield on a Soul or Realm: the next ``amount`` damage to it is
    prevented, from an attack, a counterblow or an effect, never an HP cost; the shield spends
    what it prevents, in steps of 5, each prevention a step (P-103). "Prevent the next 10
    damage to a Soul this turn."::

        {do: prevent, amount: 10}
    """

    do: Literal["prevent"]
    """Selects this effect."""
    amount: int = Field(gt=0)
    """The damage it prevents in all, a multiple of 5 (S-5)."""
    duration: Literal["end_of_turn", "permanent"] = "end_of_turn"
    """``end_of_turn`` ("this turn"): what is left of it ends in the end phase, on the
    record; ``permanent``: it lasts until it is spent or the card is captured (S-14)."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class PayHp(Conditional):
    """``pay_hp``: each Soul it reaches pays ``amount`` HP, as damage for every rule (14.3.1):
    rounded (S-7), what it can pay (at most its current HP, S-8; nothing at 0 HP, S-9), never
    prevented (P-103), setting off its "when damaged" triggers and capturing it at 0 HP (P-113).
    "Each enemy Soul in the Front Line pays 5 HP."::

        {do: pay_hp, amount: 5, target: {every: enemy_souls, line: front}}
    """

    do: Literal["pay_hp"]
    """Selects this effect."""
    amount: int = Field(gt=0)
    """The HP each Soul pays, a multiple of 5 (S-5)."""
    target: EffectTarget = Field("target", description=EFFECT_TARGET)


class Draw(Conditional):
    """``draw``: the controller draws ``amount`` cards, one by one, from the top of their deck
    into their hand; from an empty deck nothing is drawn, on the record (P-92)."""

    do: Literal["draw"]
    """Selects this effect."""
    amount: int = Field(default=1, ge=1)
    """How many cards are drawn: a count of cards, not a multiple of 5."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card draws (its owner)."""


class Swap(Conditional):
    """``swap``: a spell's two chosen Souls exchange their slots, all at once; the lines follow
    (S-2), each change its own step. Both must still be active as it resolves, or nothing
    happens (P-4, P-91)."""

    do: Literal["swap"]
    """Selects this effect."""
    target: Literal["target_1"] = "target_1"
    """The first of the spell's two chosen targets (P-79), which swaps with the second: the
    spell's ``target:`` lists two specs of Souls of the same side (P-91)."""


Effect = Annotated[
    Damage
    | Heal
    | Capture
    | Exile
    | ReturnToHand
    | GainBonus
    | RemoveArmaments
    | EndBonuses
    | Prevent
    | PayHp
    | Draw
    | Swap,
    Field(discriminator="do"),
]


class Ability(Frozen):
    """Effects that resolve when the ability is activated or when its trigger happens."""

    when: Literal[
        "activated",
        "damaged",
        "captured",
        "another_captured",
        "front_line",
        "end_of_turn",
        "attacks",
        "sprung",
    ] = "activated"
    """``activated``: a player uses it (``activate``); ``sprung``: its Ambush is revealed by its
    owner (``spring``); the triggers: ``damaged`` (this card took more than 0 damage, 14.1.5,
    S-8), ``captured`` (this Soul was just captured), ``another_captured`` (another Soul, of
    either player, was just captured; that Soul is its ``source``, P-45), ``front_line`` (this
    Soul stepped from the Back Line into the Front Line, P-45), ``end_of_turn`` (the end phase
    of every turn), ``attacks`` (this Soul was just declared attacking; the card it attacks
    is its ``source``, and it resolves before the attack damage, P-52)."""
    name: str = ""
    """Shown in the timeline; empty: ``when <when>`` for a trigger, ``ability`` when activated."""
    cost_hp: int | Literal["10x_rank"] | None = None
    """HP the Soul pays, as damage, before the effects (14.3.1): a multiple of 5 (S-5) or
    ``10x_rank`` (10 x rank); activated abilities only."""
    once_per_turn: bool = False
    """Triggers only: ``true`` for "the first time each turn": once it has triggered this turn,
    it does not trigger again until the next turn begins, and a step says so (P-81)."""
    target: TargetSpec | None = None
    """What the player chooses when activating or springing it; activated and sprung abilities
    only (a trigger's effects name automatic targets)."""
    effects: tuple[Effect, ...] = ()
    """Resolved in order, each looking at its target again (P-4)."""

    @model_validator(mode="after")
    def _costs_and_targets_need_a_player(self) -> Ability:
        if self.cost_hp is not None and self.when != "activated":
            raise ValueError("only an activated ability has an HP cost (cost_hp)")
        if self.once_per_turn and self.when in ("activated", "sprung"):
            raise InvalidAt(
                ("once_per_turn",),
                "only a trigger is limited to the first time each turn (P-81): a player "
                f"chooses when to use a '{self.when}' ability",
            )
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
        for number, effect in enumerate(self.effects):
            if effect.target in ("target_1", "target_2"):
                raise InvalidAt(
                    ("effects", number, "target"),
                    f"an ability chooses one target at most: aim at target, not {effect.target} "
                    "(only a spell chooses two, P-79)",
                )
        player = self.when in ("activated", "sprung")
        problems = unread(
            self.effects,
            {"self", *(["target"] if self.target else [])} | (set() if player else {"source"}),
            f"the '{self.name or self.when}' ability",
        )
        problems = (
            payer_problems(self.effects, self.target)
            or group_problems(self.effects, spell=False)
            or problems
        )
        if problems:
            raise InvalidAt(*problems[0])  # at the words that can't be read
        return self


def group_problems(effects: Sequence[Effect], spell: bool) -> list[tuple[Place, str]]:
    """A group with a filter reaches active Souls only, and ``other`` needs a card of its own
    (P-102): an exile or a return to hand aimed at one could never act, and a spell has no card
    of its own to leave out."""
    problems: list[tuple[Place, str]] = []
    for number, effect in enumerate(effects):
        group = effect.target
        if not isinstance(group, Every):
            continue
        if effect.do in ("exile", "return_to_hand"):
            problems.append(
                (
                    ("effects", number, "target"),
                    f"{effect.do} acts on captured Souls, and a group `every:` reaches active "
                    "Souls only (14.5.1, P-102): aim at all_captured, all_own_captured or "
                    "all_enemy_captured",
                )
            )
        if spell and group.other:
            problems.append(
                (
                    ("effects", number, "target", "other"),
                    "a spell has no card of its own for `other` to leave out (P-102)",
                )
            )
    return problems


NO_PAYER = {"own_realm", "enemy_realm", "all_own_captured", "all_enemy_captured", "all_captured"}
"""Automatic targets that are never an active Soul: a Realm, captured Souls."""


def payer_problems(
    effects: Sequence[Effect], target: TargetSpec | tuple[TargetSpec, ...] | None
) -> list[tuple[Place, str]]:
    """An HP payment aimed where no active Soul can be: only a Soul pays HP (14.3.1), and a
    captured Soul pays nothing (S-11, P-113). A chosen target's spec (``target``, one or a
    spell's two) must be a Soul's; a word the card names its own (``self``, ``source``) is read
    as it resolves."""
    specs = target if isinstance(target, tuple) else (target,) if target else ()
    problems: list[tuple[Place, str]] = []
    for number, effect in enumerate(effects):
        aim = effect.target
        if effect.do != "pay_hp" or isinstance(aim, Every):  # a group: active Souls (P-102)
            continue
        chosen = {"target": specs, "target_1": specs[:1], "target_2": specs[1:2]}.get(aim, ())
        if aim in NO_PAYER or any(spec.kind != "soul" for spec in chosen):
            problems.append(
                (
                    ("effects", number, "target"),
                    "only an active Soul pays HP (14.3.1, S-11, P-113): aim pay_hp at Souls, "
                    "not a Realm or a captured Soul",
                )
            )
    return problems


def unread(effects: Sequence[Effect], roles: set[str], what: str) -> list[tuple[Place, str]]:
    """The amounts and conditions about a card ``what`` has no word for, each at its key: a
    spell has no card of its own and no source, only a trigger has a source, and ``target``
    needs one chosen (P-46, P-50)."""
    fix = f"use {' or '.join(sorted(roles))}" if roles else "add `target:` to read from"
    problems: list[tuple[Place, str]] = []
    for number, effect in enumerate(effects):
        amount = getattr(effect, "amount", None)
        role = getattr(amount, "power_of", None) or getattr(amount, "damage_on", None)
        if role is not None and role not in roles:
            problems.append(
                (("effects", number, "amount"), f"{what} can't read an amount from {role}: {fix}")
            )
        for must, condition in effect.conditions():
            for named in sorted(souls_named(condition) - roles):
                problems.append(
                    (
                        ("effects", number, "only_if" if must else "unless"),
                        f"{what}'s condition can't be about {named}: {fix}",
                    )
                )
    return problems


class Prevention(Frozen):
    """A Soul's or Realm's own prevention, printed on it, while it is active (P-104): "The
    first time each turn this Soul would be damaged, prevent 5 of it."::

        prevents: {amount: 5, once_per_turn: true}
    """

    amount: int = Field(gt=0)
    """The damage it prevents of a hit, a multiple of 5 (S-5)."""
    once_per_turn: bool = False
    """``true``: only the first hit each turn that would damage the card (one that rounds to
    no damage, or meets a card at 0 HP, would not); ``false``: every such hit."""

    def describe(self) -> str:
        """What the card's text says, as the app shows it.

        >>> Prevention(amount=5, once_per_turn=True).describe()
        'prevents 5 of the first damage each turn'
        >>> Prevention(amount=10).describe()
        'prevents 10 of each damage'
        """
        which = "the first damage each turn" if self.once_per_turn else "each damage"
        return f"prevents {self.amount} of {which}"


class CountingStatic(Frozen):
    """A static bonus that counts cards: ``amount`` of ``stat`` for each match (Sylva)."""

    stat: Literal["max_hp", "power"]
    """The stat it raises (or, with a negative amount, lowers)."""
    amount: int
    """Added to the stat for each card counted: a multiple of 5 (S-5)."""
    counting: Literal["captured_souls"] = "captured_souls"
    """What is counted: ``captured_souls``, the captured Souls still on slots (14.5.3); an
    exiled Soul no longer counts."""
    side: Side = "own"
    """Whose captured Souls, seen from the card's owner."""
    trait: Name | None = None
    """Only Souls with this trait count; omitted: every captured Soul."""

    def describe(self) -> str:
        """What the card's text says, as the inspector shows it.

        >>> CountingStatic(stat="max_hp", amount=10, trait="Underling").describe()
        '+10 max HP per your captured Underling'
        >>> CountingStatic(stat="power", amount=5, side="enemy").describe()
        '+5 power per enemy captured Soul'
        >>> CountingStatic(stat="max_hp", amount=-5, side="any").describe()
        '-5 max HP per captured Soul'
        """
        trait = f" {self.trait}" if self.trait else " Soul"
        side = {"own": "your ", "enemy": "enemy ", "any": ""}[self.side]
        return f"{self.amount:+d} {stat_words(self.stat)} per {side}captured{trait}"


class GrantingStatic(Frozen):
    """A static bonus to the Souls a filter picks: ``amount`` of ``stat`` for each active Soul
    of ``to`` with the ``rank``, ``trait`` and ``line`` asked, while this card is active; the
    card itself too when it passes (P-90). "Your rank 1 Souls get +5 power."::

        statics: [{stat: power, amount: 5, to: own_souls, rank: 1}]
    """

    stat: Literal["max_hp", "power"]
    """The stat it raises (or, with a negative amount, lowers)."""
    amount: int
    """Added to the stat of each Soul that passes: a multiple of 5 (S-5)."""
    to: Literal["own_souls", "enemy_souls", "all_souls"]
    """Whose active Souls, seen from the card's owner; a captured Soul gets nothing (14.5.1)."""
    rank: int | None = Field(default=None, ge=0)
    """Only Souls of this rank; omitted: any rank."""
    trait: Name | None = None
    """Only Souls with this trait; omitted: any Soul."""
    line: Literal["front", "back", "any"] = "any"
    """Only Souls in this line (S-2), read again whenever the lines change."""

    def describe(self) -> str:
        """What the card's text says, as the inspector shows it.

        >>> GrantingStatic(stat="power", amount=5, to="own_souls", rank=1).describe()
        '+5 power to your rank 1 Souls'
        >>> GrantingStatic(stat="max_hp", amount=-5, to="enemy_souls", line="front").describe()
        '-5 max HP to enemy Front Line Souls'
        """
        side = {"own_souls": "your ", "enemy_souls": "enemy ", "all_souls": ""}[self.to]
        rank = f"rank {self.rank} " if self.rank is not None else ""
        line = "" if self.line == "any" else f"{self.line.capitalize()} Line "
        kind = f"{self.trait}s" if self.trait else "Souls"
        return f"{self.amount:+d} {stat_words(self.stat)} to {side}{rank}{line}{kind}"


def _static_form(value: object) -> str:
    """Which static, by its keys: ``to`` names the Souls a granting one gives to."""
    keys = value if isinstance(value, dict) else vars(value) if isinstance(value, Frozen) else {}
    return "granting" if "to" in keys else "counting"


Static = Annotated[
    Annotated[CountingStatic, Tag("counting")] | Annotated[GrantingStatic, Tag("granting")],
    Discriminator(_static_form),
]
"""A static: counting cards for the card itself (Sylva), or given to the Souls a filter picks
(``to:``, P-90)."""


class CardDef(Frozen):
    """A card as printed. Souls have rank/hp/power; Realms hp/counterblow; Armament grants."""

    name: Name
    """The name a set-up ``card:`` refers to."""
    kind: Literal["soul", "realm", "spell", "armament", "ambush"]
    """A ``soul`` is recruited onto a slot; a ``realm`` sits in the Realm slot and shatters at
    0 HP, and its owner loses (14.4.6, S-17); a ``spell`` is played from hand; an ``armament``
    is played onto one of your Souls and goes to the Elysium when that Soul is captured
    (14.4.5); an ``ambush`` is set at a slot and sprung later. An Armament with abilities or
    statics is refused (P-53); other fields a kind does not use are ignored (their amounts are
    still checked)."""
    text: str = ""
    """The printed text: shown, not interpreted."""
    rank: int = Field(default=0, ge=0)
    """Souls: the rank a ``10x_rank`` cost is 10 times."""
    hp: int = Field(default=0, ge=0)
    """Souls and Realms: base HP, a multiple of 5 (S-5)."""
    power: int = Field(default=0, ge=0)
    """Souls: attack damage, a multiple of 5 (S-5)."""
    counterblow: int = Field(default=0, ge=0)
    """Realms: damage dealt to an attacker, a multiple of 5 (S-5)."""
    traits: tuple[Name, ...] = ()
    """Souls: traits, such as ``Underling``, that statics count."""
    target: Choosing | None = None
    """Spells: what the player chooses when playing it; needed when an effect aims at
    ``target``. Or a list of two specs, one card for each, in order (the play's ``targets``),
    which the effects aim at as ``target_1`` and ``target_2`` (P-79)."""
    cost_hp: int | Literal["10x_rank"] | None = None
    """Spells: HP one of your active Souls pays, as damage, as the spell is played, before its
    effects (14.3.1, P-80): a multiple of 5 (S-5) or ``10x_rank`` (10 x that Soul's rank); the
    play names the Soul with ``paid_by``."""
    effects: tuple[Effect, ...] = ()
    """Spells: resolved in order when played."""
    abilities: tuple[Ability, ...] = ()
    """Souls (every ``when``), Ambushes (``sprung``: the first one), Realms (``damaged``,
    ``end_of_turn``); never an Armament (P-53)."""
    statics: tuple[Static, ...] = ()
    """Souls and Realms: bonuses that hold while the card is active: counted for the card
    itself (Sylva, 14.5.3), or given to the Souls a filter picks (``to:``, P-90)."""
    prevents: Prevention | None = None
    """Souls and Realms: its own prevention, which takes ``amount`` off each hit that would
    damage it, or only the first each turn (``once_per_turn``), before any shield (P-104)."""
    grants_hp: int = 0
    """Armament: max HP it gives the equipped Soul, a multiple of 5 (S-5)."""
    grants_power: int = 0
    """Armament: power it gives the equipped Soul, a multiple of 5 (S-5)."""

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
        for effect in effects:
            amount = 0 if isinstance(effect, Draw) else getattr(effect, "amount", 0)  # a count
            if isinstance(amount, CapturedCount):
                amounts[f"{effect.do} amount each"] = amount.each
            elif isinstance(amount, int):
                amounts[f"{effect.do} amount"] = amount
        amounts |= {f"{s.stat} static": s.amount for s in self.statics}
        if self.prevents is not None:
            amounts["prevents amount"] = self.prevents.amount
        amounts |= {
            f"cost_hp of {a.name or a.when}": a.cost_hp
            for a in self.abilities
            if isinstance(a.cost_hp, int)
        }
        if isinstance(self.cost_hp, int):
            amounts["cost_hp"] = self.cost_hp
        odd = [f"{name} {value}" for name, value in amounts.items() if value % HP_STEP]
        if odd:
            raise ValueError(f"card amounts are multiples of {HP_STEP} (S-5): {', '.join(odd)}")
        return self

    @model_validator(mode="after")
    def _what_its_kind_can_say(self) -> CardDef:
        """A spell's words about its targets (P-46, P-50, P-79); an Armament's abilities
        (P-53)."""
        if self.kind == "spell" and (problems := self._spell_problems()):
            raise InvalidAt(*problems[0])
        if self.kind == "armament" and (self.abilities or self.statics):
            key = "abilities" if self.abilities else "statics"
            raise InvalidAt(
                (key, 0),
                f"an Armament has no {key} in the card language: what it gives the equipped "
                "Soul is grants_hp and grants_power (S-6, 14.4.5, P-53)",
            )
        if self.prevents is not None and self.kind not in ("soul", "realm"):
            raise InvalidAt(
                ("prevents",),
                f"only a Soul or a Realm prevents damage to itself (P-104): a {self.kind} is "
                "never damaged",
            )
        return self

    def _spell_problems(self) -> list[tuple[Place, str]]:
        """Each effect aims at a target the spell chooses: ``target`` for one, ``target_1`` and
        ``target_2`` for a list of two (P-79); what its amounts and conditions read (P-50)."""
        listed = self.target if isinstance(self.target, tuple) else None
        two = listed is not None
        if listed is not None and len(listed) != 2:
            return [
                (
                    ("target",),
                    f"a spell chooses one target or a list of two (P-79), not {len(listed)}",
                )
            ]
        aims = {"target_1", "target_2"} if two else {"target"} if self.target else set()
        for number, effect in enumerate(self.effects):
            if effect.target in {"target", "target_1", "target_2"} - aims:
                chooses = "two targets" if two else "one target" if aims else "none"
                fix = f"aim at {' or '.join(sorted(aims))} (P-79)" if aims else "add `target:`"
                return [
                    (
                        ("effects", number, "target"),
                        f"an effect aims at '{effect.target}' but the card chooses {chooses}: "
                        + fix,
                    )
                ]
        swaps = [n for n, e in enumerate(self.effects) if e.do == "swap"]
        if swaps and not _swappable(listed):
            return [
                (
                    ("effects", swaps[0]),
                    "a swap exchanges the slots of two Souls of one player: the spell's target "
                    "is a list of two Soul specs (kind: soul) of the same side, own or enemy "
                    "(P-91); a Realm or a captured Soul has no Soul slot to swap",
                )
            ]
        roles = {"target"} if self.target and not two else set()
        return (
            payer_problems(self.effects, self.target)
            or group_problems(self.effects, spell=True)
            or unread(self.effects, roles, "a spell")
        )


def _swappable(specs: tuple[TargetSpec, ...] | None) -> bool:
    """Two specs of active Souls of one side, ``own`` or ``enemy``: what a swap needs (P-91)."""
    return (
        specs is not None
        and all(spec.kind == "soul" for spec in specs)
        and specs[0].side == specs[1].side != "any"
    )
