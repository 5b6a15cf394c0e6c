"""The effects a might card's words make: each one model, selected by its ``do:`` word, that
says what it does to each unit it reaches (or to its controller) as its chain item resolves.
``EFFECTS`` lists them; a card's ``effects:`` is one of them each. Adding an effect is one more
model here (docs/rulesets.md).

    - {do: damage, amount: 2, target: all_enemy_units_here}
    - {do: might, amount: -2, duration: this_turn, only_if: {unit: target, state: damaged}}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, Union

from pydantic import AfterValidator, ConfigDict, Discriminator, Field, Tag, model_validator

from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.might.amounts import Amount, MightAmount, MightOf, NthTarget, ReadAmount
from engine.might.conditions import Condition
from engine.might.keywords import KeywordText
from engine.might.unit_filters import Every
from engine.names import Name

if TYPE_CHECKING:
    from engine.might.effects import EffectRules
    from engine.might.table import ChainItem
    from engine.timeline import Cause

Duration = Literal["this_turn", "this_combat", "until_your_next_turn", "permanent"]
Scope = Literal["all", "combat", "spell", "noncombat"]
"""The damage a lasting effect covers: every kind, combat damage, a spell's damage, or a spell's
and an ability's ("damage from spells and abilities", P-70)."""


def covers(scope: Scope, kind: str) -> bool:
    """Whether an effect of ``scope`` covers damage of ``kind`` (``combat``, ``spell`` or
    ``ability``; M-4, M-5, P-20, P-70).

    >>> covers("noncombat", "ability"), covers("noncombat", "combat"), covers("spell", "spell")
    (True, False, True)
    """
    return scope in ("all", kind) or (scope == "noncombat" and kind != "combat")


AutoTarget = Literal[
    "self", "source", "all_enemy_units", "all_own_units", "all_units", "all_enemy_units_here"
]
TargetWord = Literal["target", "controller", "that_unit"] | NthTarget | AutoTarget
DelayedEvent = Literal["takes_damage", "dies", "start_of_your_turn"]
Watched = Literal["any_unit", "friendly_unit", "enemy_unit"]  # every unit of a side, now or later
WATCHED: tuple[Watched, ...] = ("any_unit", "friendly_unit", "enemy_unit")
WatchTarget = Literal["target", "self", "source"] | NthTarget | Watched
EffectTarget = Annotated[
    Annotated[TargetWord, Tag("[word]")] | Annotated[Every, Tag("[group]")],
    Discriminator(lambda v: "[group]" if isinstance(v, dict | Every) else "[word]"),
]
"""An effect's ``target:``: a word (``target``, ``self``, ``all_enemy_units``, ...) or a group,
``{every: enemy_units, here: true}``. The tags end in "]", so that a problem is placed where
the file has it."""
ShieldValue = int | Literal["all", "next"]  # damage, all of it, or the whole next event (M-25)
ChosenTarget = Literal["target"] | NthTarget
MOST_TOKENS = 10  # tokens one effect makes at most (P-61)
MOST_LOOKED = 10  # deck cards one effect looks at at most (P-109)


def target_number(aims: object) -> int | None:
    """``N`` for an effect aimed at ``target_N`` (one of the chosen units, P-41), else None.

    >>> target_number("target_2"), target_number("target")
    (2, None)
    """
    if isinstance(aims, str) and aims.startswith("target_"):
        return int(aims[len("target_") :])
    return None


class CardEffect(Frozen):
    """What every effect has: the condition read as it resolves (P-36), and what it does.

    An effect acts on each unit it reaches (``to_unit``), found as its chain item resolves; one
    that acts on something else (its controller, every unit at once) says so in ``resolve``."""

    do: str
    """The word that selects the effect: ``damage``, ``heal``, ``might``, ..."""
    only_if: Condition | None = None
    """The effect happens only if this holds as it resolves: ``{unit: target, state:
    exhausted}``, ``{count: enemy_units, here: true, at_least: 2}``, ``{you_hold: 1}``, the
    gear a player controls (``{gear: friendly, at_least: 1}``, P-112), what happened this
    turn (``{moved: self, at_least: 2}``, ``{damage_taken: target, at_least: 1}``,
    ``{played: spells, at_least: 1}``, P-55), or these combined with ``all``, ``any`` and
    ``not`` (P-54)."""
    unless: Condition | None = None
    """The effect happens unless this holds as it resolves (same forms as ``only_if``)."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1``, ``target_2``, ... (one of them, in the order
    chosen) or an automatic target; in a delayed trigger's effects, ``that_unit``: the unit its
    event happened to (P-63)."""

    chooses_in: ClassVar[Literal["table", "trash", "chain"]] = "table"
    """Where the cards its chosen targets are: units on the table, cards in a trash (P-62), or
    spells on the chain (P-87)."""
    place_key: ClassVar[str | None] = None
    """The key that names a place (a battlefield, ``base`` or ``here``), if it has one."""

    def conditions(self) -> list[tuple[bool, Condition]]:
        """Each condition with whether it must hold (``only_if``) or must not (``unless``)."""
        return [
            *([(True, self.only_if)] if self.only_if is not None else []),
            *([(False, self.unless)] if self.unless is not None else []),
        ]

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        """Act on each unit it reaches, or record that it reaches none (P-27)."""
        for uid in on.reached(item, self, cause):
            self.to_unit(on, item, uid, cause)

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        """What it does to one unit it reaches."""
        raise NotImplementedError(f"{type(self).__name__} acts in resolve")


class Damage(CardEffect):
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

    @model_validator(mode="after")
    def _never_negative(self) -> Damage:
        if isinstance(self.amount, ReadAmount) and self.amount.each < 0:
            raise ValueError(
                "damage is never negative: each must be at least 1 (a Might modifier may lower)"
            )
        return self

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        if targets := on.reached(item, self, cause):
            on.damage_effect(item, self, targets, cause)


class SplitDamage(CardEffect):
    """``split_damage``: ``amount`` damage divided among the units it reaches as its controller
    chooses when it resolves, each unit's share its own damage event with the controller's
    Bonus Damage of its kind (M-4, P-20, P-77); nobody choosing, all of it to the first."""

    do: Literal["split_damage"]
    """Selects this effect."""
    amount: int = Field(ge=1)
    """The damage divided: each unit listed gets 1 or more, and the shares add up to it."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        if targets := on.reached(item, self, cause):
            on.split_damage(item, self.amount, targets, cause)


class Heal(CardEffect):
    """``heal``: remove all marked damage (M6)."""

    do: Literal["heal"]
    """Selects this effect."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.damage.heal([uid], cause, ["M6"])


class ModifyMight(CardEffect):
    """``might``: a Might modifier (M2)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"do": "might", "amount": {"might_of": "target"}},
                {"do": "might", "amount": -4, "floor": 1},
            ]
        }
    )

    do: Literal["might"]
    """Selects this effect."""
    amount: MightAmount
    """Added to the unit's Might: a number, which may be negative, or read from the table as
    it resolves, ``{might_of: target}`` (so "double its Might"), ``{count: ...}`` or
    ``{damage_on: ...}`` (P-37, P-71)."""
    floor: int | None = None
    """A lowering stops at this Might ("-4 Might, to a minimum of 1"): for each unit, the
    amount is raised as it resolves so that its Might is not lowered below ``floor`` (P-71)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        """An amount read from the table is read once, for every unit it reaches (P-37)."""
        if not (targets := on.reached(item, self, cause)):
            return
        read = self.amount
        if isinstance(read, MightOf):
            amount = on.read_might(item, read, cause)
        else:
            amount = read if isinstance(read, int) else on.read_amount(item, read, cause)
        for uid in targets:
            each = amount if self.floor is None else on.floored(uid, amount, self.floor, cause)
            on.modify_might(uid, each, self.duration, item.card, item.controller, cause)


class Prevent(CardEffect):
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
    """The damage it covers: ``all``, only ``combat`` or ``spell`` damage (damage from a triggered
    ability only ``all`` covers, P-20), or ``noncombat``: a spell's and an ability's (P-70)."""
    target: EffectTarget = "target"
    """``target`` (every chosen unit), ``target_1``, ``target_2``, ... (one of them), an
    automatic target, or ``controller``: every unit the
    controller has, now or later, each with its own ``value`` (M-26)."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        if self.target == "controller":
            on.add_side_shield(item, self.value, self.duration, self.scope, cause)
        else:
            super().resolve(on, item, cause)

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.add_shield(uid, self.value, self.duration, self.scope, item.card, item.controller, cause)


class Double(CardEffect):
    """``double``: damage dealt to the unit is doubled while this lasts (a replacement, M8)."""

    do: Literal["double"]
    """Selects this effect."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, only ``combat`` or ``spell`` damage (damage from a triggered
    ability only ``all`` covers, P-20), or ``noncombat``: a spell's and an ability's (P-70)."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.add_doubler(uid, self.duration, self.scope, item.card, item.controller, cause)


class BonusDamage(CardEffect):
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
    """The damage it adds to: ``all``, only ``combat`` or ``spell`` damage (damage from a triggered
    ability only ``all`` covers, P-20), or ``noncombat``: a spell's and an ability's (P-70)."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        on.grant_bonus_damage(
            item.controller, self.amount, self.scope, self.duration, item.card, cause
        )


class LethalRequirement(CardEffect):
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

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.set_threshold(uid, self.threshold, self.duration, item.card, item.controller, cause)


class AddRunes(CardEffect):
    """``add_runes``: runes added to the controller's pool."""

    do: Literal["add_runes"]
    """Selects this effect."""
    amount: int = Field(ge=0)
    """Runes added."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        on.add_runes(item.controller, self.amount, cause)


class Stun(CardEffect):
    """``stun``: the unit adds 0 to its side's combat damage until the end of this turn's
    expiration (c); one already stunned is not stunned again (M-15, M-16)."""

    do: Literal["stun"]
    """Selects this effect."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.stun(uid, item.card, item.controller, cause)


class CantBeDealtDamage(CardEffect):
    """``cant_be_dealt_damage``: while it lasts no damage is dealt to the unit, and combat
    assignment leaves it out (M-19)."""

    do: Literal["cant_be_dealt_damage"]
    """Selects this effect."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.add_status(uid, "takes_no_damage", self.duration, item.card, item.controller, cause)


class Kill(CardEffect):
    """``kill``: the unit dies (its "when this dies" abilities trigger, M5, M-20)."""

    do: Literal["kill"]
    """Selects this effect."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.damage.kill([uid], cause, ["M5", "P-31"], killed_by=item.card)


class Ready(CardEffect):
    """``ready`` or ``exhaust``: the unit is readied or exhausted; its damage stays (M6)."""

    do: Literal["ready", "exhaust"]
    """Selects this effect: ``ready`` or ``exhaust``."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.ready_effect(uid, self.do == "ready", item.card, cause)


class Recall(CardEffect):
    """``recall``: the unit goes from its battlefield to its base, keeping its damage (M6)."""

    do: Literal["recall"]
    """Selects this effect."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.recall_effect(uid, item.card, cause)


class ReturnToHand(CardEffect):
    """``return_to_hand``: the unit leaves the table for its owner's hand and loses its damage
    and effects (M-6); it does not die (M-20)."""

    do: Literal["return_to_hand"]
    """Selects this effect."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.to_hand(uid, cause, ["M-6", "P-31"], f" ({item.card})")


class Move(CardEffect):
    """Move units to a battlefield (P-43): a unit already there stays; one that arrives during
    a combat there joins it at the next cleanup (M-28)."""

    do: Literal["move"]
    """Selects this effect."""
    place_key: ClassVar[str | None] = "to"
    to: Name
    """The battlefield's name, as the scenario's ``battlefields`` name it (``base``: recall);
    abilities: ``here``, where the ability's unit was as it triggered or was activated (P-43);
    ``chosen``: the battlefield its player names as the card is played or the ability
    activated (``to:`` of ``play`` or ``activate``), or, for a triggered ability, as it goes on
    the chain (the action's ``to:``; nobody choosing, the first battlefield) (P-74)."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.move_effect(uid, self.to, item, cause)


class Draw(CardEffect):
    """``draw``: the controller draws ``amount`` cards, one by one, from the top of their deck
    into their hand; from an empty deck nothing is drawn, on the record (P-60)."""

    do: Literal["draw"]
    """Selects this effect."""
    amount: int = Field(default=1, ge=1)
    """How many cards are drawn."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card draws."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        on.draw(item.controller, self.amount, item.card, cause)


class Discard(CardEffect):
    """``discard``: a player discards ``amount`` cards from their hand to their trash; the
    cards are the first of their hand as the table lists them (the scenario's order), and
    from an empty hand nothing is discarded, on the record (P-86)."""

    do: Literal["discard"]
    """Selects this effect."""
    amount: int = Field(default=1, ge=1)
    """How many cards are discarded."""
    player: Literal["you", "opponent"] = "opponent"
    """Who discards: ``you`` (the card's controller) or ``opponent`` (the other player)."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player is named by ``player``, seen from the controller."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        player = item.controller if self.player == "you" else 1 - item.controller
        on.discard(player, self.amount, item.card, cause)


class LookAtDeck(CardEffect):
    """``look_at_deck``: the controller looks at the top ``amount`` cards of their deck, which
    the other player does not see, puts ``keep`` of them into their hand and the rest at the
    bottom of the deck. The controller chooses which, and the order of the rest (by default the
    first, the rest as they were); the steps say what was seen and chosen. A deck that runs out
    gives what it has (P-109)."""

    do: Literal["look_at_deck"]
    """Selects this effect."""
    amount: int = Field(default=3, ge=1, le=MOST_LOOKED)
    """How many cards from the top are looked at, 1 to 10."""
    keep: int = Field(default=1, ge=1)
    """How many of them go into the hand, at most ``amount``; the rest go to the bottom."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card looks at their own deck."""

    @model_validator(mode="after")
    def _keeps_what_it_looks_at(self) -> LookAtDeck:
        if self.keep > self.amount:
            raise InvalidAt(
                ("keep",),
                f"it looks at {self.amount} cards, so it can put no more than {self.amount} "
                f"into the hand, not {self.keep} (P-109)",
            )
        return self

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        on.look_at_deck(item, self.amount, self.keep, cause)


class Score(CardEffect):
    """``score``: the controller scores ``amount`` points, added to their score on a step of
    its own. A score wins nothing: the rules name no target (P-110)."""

    do: Literal["score"]
    """Selects this effect."""
    amount: int = Field(default=1, ge=1)
    """The points scored."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the player who controls the card (a battlefield's: its holder,
    P-84) scores."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        on.score(item.controller, self.amount, item.card, cause)


def scores(effects: Iterable[CardEffect]) -> bool:
    """Whether one of ``effects``, or of the delayed triggers among them, scores (P-110)."""
    return any(
        isinstance(effect, Score) or scores(getattr(effect, "effects", ())) for effect in effects
    )


class MakeToken(CardEffect):
    """``make_token``: the controller gets ``count`` new token units of a unit card; a token
    is not played and ceases to exist when it leaves the table (P-61)."""

    do: Literal["make_token"]
    """Selects this effect."""
    place_key: ClassVar[str | None] = "at"
    card: Name
    """The exact name of a ``unit`` card in the pool or in the scenario's ``cards``: what each
    token is."""
    at: Name = "base"
    """Where the tokens enter: ``base`` (the controller's), a battlefield's name, or (abilities)
    ``here``, where the ability's unit was as it triggered or was activated (P-21, P-43)."""
    count: int = Field(default=1, ge=1, le=MOST_TOKENS)
    """How many tokens, 1 to 10 (P-61)."""
    enters: Literal["exhausted", "ready"] = "exhausted"
    """How each token enters: ``exhausted`` or ``ready`` (M-32)."""
    target: Literal["controller"] = "controller"
    """Only ``controller``: the tokens are the controller's."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        on.make_tokens(item, self, cause)


class ReturnFromTrash(CardEffect):
    """``return_from_trash``: each chosen unit card still in its owner's trash goes to its
    owner's hand or base; at the base it enters as it says (M-32) but is not played (P-62).
    Its card chooses it with ``target: {zone: trash}``."""

    do: Literal["return_from_trash"]
    """Selects this effect."""
    chooses_in: ClassVar[Literal["table", "trash", "chain"]] = "trash"
    to: Literal["hand", "base"] = "hand"
    """``hand`` or ``base``: the owner's."""
    target: ChosenTarget = "target"
    """``target`` (every chosen card) or ``target_1``, ``target_2``, ... (one of them): cards a
    ``target: {zone: trash}`` chose."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        for uid in on.still_there(item, self, cause):
            on.from_trash(uid, self.to, item.card, cause)


class Counter(CardEffect):
    """``counter``: each chosen spell still on the chain leaves it for its owner's trash, and
    its effects never happen; one that has left the chain is not countered, on the record
    (P-87). Its card chooses it with ``target: {zone: chain}``."""

    do: Literal["counter"]
    """Selects this effect."""
    chooses_in: ClassVar[Literal["table", "trash", "chain"]] = "chain"
    target: ChosenTarget = "target"
    """``target`` (every chosen spell) or ``target_1``, ``target_2``, ... (one of them): spells a
    ``target: {zone: chain}`` chose."""

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        for uid in on.still_there(item, self, cause):
            on.counter(uid, item.card, cause)


# The triggers that have a source: what dealt the damage, the unit that died. Playing a card, a
# heal, a death of its own, combat roles and the turn's ends have none to aim at or read.
SaveAction = Literal["heal", "exhaust", "recall"]


def something_instead(then: tuple[SaveAction, ...]) -> tuple[SaveAction, ...]:
    if not then:
        raise ValueError(
            "`then: []` does nothing instead of the death: name heal, exhaust or recall, or "
            "leave `then` out to heal"
        )
    return then


class InsteadOfDying(CardEffect):
    """``instead_of_dying``: the next time the unit would die while this lasts, it stays on the
    table and does ``then`` instead; the death never happens (M-20 to M-22)."""

    do: Literal["instead_of_dying"]
    """Selects this effect."""
    then: Annotated[tuple[SaveAction, ...], AfterValidator(something_instead)] = ("heal",)
    """What the unit does instead, in order: ``heal``, ``exhaust``, ``recall`` (at least one:
    leave ``then`` out for ``heal``)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``: until it is used."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.add_save(uid, self.then, self.duration, item.card, item.controller, cause)


class Grant(CardEffect):
    """``grant``: the unit has these keywords while this lasts, as if they were printed on it:
    ``Shield 3`` adds 3 Might while it defends, ``Tank`` puts it first in assignment (M-17,
    M-28, P-72)."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"do": "grant", "keywords": ["Shield 3", "Tank"]}]}
    )

    do: Literal["grant"]
    """Selects this effect."""
    keywords: Annotated[tuple[KeywordText, ...], Field(min_length=1)]
    """The keywords, as printed: ``[Shield 3, Tank]``."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.grant_keywords(uid, self.keywords, self.duration, item.card, item.controller, cause)


class TakeControl(CardEffect):
    """``take_control``: its controller controls the unit until end of turn; it stays where it
    is, and control goes back to its owner at this turn's expiration (c) (M-13, P-107)."""

    do: Literal["take_control"]
    """Selects this effect."""

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.take_control(uid, item.card, item.controller, cause)


LEFT_BEHIND: tuple[type[CardEffect], ...] = (
    Damage,
    Heal,
    ModifyMight,
    Prevent,
    Double,
    SplitDamage,
    BonusDamage,
    LethalRequirement,
    AddRunes,
    Stun,
    CantBeDealtDamage,
    Kill,
    Ready,
    Recall,
    ReturnToHand,
    Move,
    InsteadOfDying,
    Grant,
    TakeControl,
    Draw,
    Discard,
    LookAtDeck,
    Score,
    MakeToken,
    ReturnFromTrash,
    Counter,
)
"""The effects a delayed trigger may have: every effect but another delayed trigger."""

if TYPE_CHECKING:
    LeftEffect = CardEffect
else:  # one of LEFT_BEHIND, chosen by its ``do:`` word
    LeftEffect = Annotated[Union[LEFT_BEHIND], Field(discriminator="do")]  # noqa: UP007


def _does_something(effects: tuple[LeftEffect, ...]) -> tuple[LeftEffect, ...]:
    if not effects:
        raise ValueError("a delayed trigger with `effects: []` does nothing: give it an effect")
    return effects


class Delayed(CardEffect):
    """``delayed``: a trigger left behind on the units it reaches, or on every unit of a side
    (``any_unit``, ``friendly_unit``, ``enemy_unit``), that watches for ``when`` while it lasts;
    when that happens it goes on the chain as a triggered ability of this card's controller, its
    effects aimed at ``that_unit``, the unit the event happened to (P-63)."""

    do: Literal["delayed"]
    """Selects this effect."""
    when: DelayedEvent
    """The event it watches for: ``takes_damage`` (damage was dealt to the unit, M4),
    ``dies``, or ``start_of_your_turn`` (the next turn of this card's controller begins: it
    triggers then, once)."""
    target: WatchTarget = "target"
    """The units it watches: ``target`` (every chosen unit), ``target_1``, ``target_2``, ...,
    ``self`` or ``source``, each its own trigger on that unit; or every unit of a side, those
    that arrive later included: ``any_unit``, ``friendly_unit`` (this card's controller's),
    ``enemy_unit``."""
    once: bool | None = None
    """``true``: it triggers the next time only, then it is used up ("the next time it takes
    damage"); left out: every time while it lasts. A ``start_of_your_turn`` one triggers once."""
    duration: Literal["this_turn", "until_your_next_turn", "permanent"] | None = None
    """How long it watches: ``this_turn`` (to expiration (c), the default),
    ``until_your_next_turn`` (P-17) or ``permanent``; a ``start_of_your_turn`` one watches
    until it triggers: leave it out."""
    effects: Annotated[tuple[LeftEffect, ...], AfterValidator(_does_something)]
    """Applied in order when it resolves from the chain; they aim at ``that_unit``, ``self``,
    ``source`` (what dealt the damage, ``takes_damage`` only), an automatic target or the
    ``controller``: nothing is chosen then."""

    @model_validator(mode="after")
    def _watches_something(self) -> Delayed:
        if self.when == "start_of_your_turn":  # read from values: a dump reads back (no fields set)
            given = [
                *(["once: false"] if self.once is False else []),
                *(["duration"] if self.duration is not None else []),
            ]
            if given:
                raise ValueError(
                    f"a start_of_your_turn delayed trigger triggers once, as your next turn "
                    f"begins: leave out {' and '.join(given)}"
                )
            if self.target in WATCHED:
                raise ValueError(
                    "a start_of_your_turn delayed trigger is left on units: its target is "
                    "target, target_1, target_2, ..., self or source"
                )
        return self

    @property
    def lasts(self) -> Duration:
        """Its duration: ``permanent`` (until it triggers) for ``start_of_your_turn``."""
        if self.when == "start_of_your_turn":
            return "permanent"
        return self.duration or "this_turn"

    def resolve(self, on: EffectRules, item: ChainItem, cause: Cause) -> None:
        if self.target in WATCHED:
            on.leave_delayed(item, self, None, cause)
        else:
            super().resolve(on, item, cause)

    def to_unit(self, on: EffectRules, item: ChainItem, uid: str, cause: Cause) -> None:
        on.leave_delayed(item, self, uid, cause)


EFFECTS: tuple[type[CardEffect], ...] = (*LEFT_BEHIND, Delayed)
"""Every effect a card may have, in the order the reference lists them: one more is one more
model here."""

if TYPE_CHECKING:
    Effect = CardEffect
else:  # one of EFFECTS, chosen by its ``do:`` word
    Effect = Annotated[Union[EFFECTS], Field(discriminator="do")]  # noqa: UP007
