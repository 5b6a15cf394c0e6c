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
from engine.might.amounts import CountOf, DamageOn, MightOf
from engine.might.card_effects import (
    Delayed,
    Effect,
    Move,
    SaveAction,
    Scope,
    something_instead,
    target_number,
)
from engine.might.conditions import (
    Condition,
    GearCount,
    UnitCount,
    UnitIs,
    YouHold,
    asks_this_turn,
    leaves,
    role_of,
)
from engine.might.keywords import KeywordName, KeywordText, keyword_total
from engine.might.triggers import COUNTED_PLAYS, WITH_A_SOURCE, When
from engine.might.unit_filters import VOWEL_SOUNDS, Every, SourceFilter, UnitFilter
from engine.names import Name

Place = tuple[str | int, ...]  # a key's path inside a card, as the file writes it


AUTOMATIC_TARGET_HINT = (
    " to the ability or use an automatic target such as self, source or all_enemy_units"
)


MOST_TARGETS = 100  # a count's bound, far past any table a person reads (P-49)
MOST_ENTRIES = 4  # a list's entries at most, each a spec of its own (P-49)


def _at_most_the_most(count: int | Literal["any"]) -> int | Literal["any"]:
    if count != "any" and count > MOST_TARGETS:
        raise ValueError(f"a count is 1 to {MOST_TARGETS}, or `any` for any number of units (P-49)")
    return count


class TargetSpec(UnitFilter):
    """The units a player chooses for a spell or an ability: whose, how many, in what state,
    with what Might and where (M5, P-41, P-69)."""

    side: Literal["own", "enemy", "any"] = "any"
    """Whose unit, seen from the card's controller (M5)."""
    count: Annotated[
        Annotated[int, Field(ge=1, json_schema_extra={"maximum": MOST_TARGETS})] | Literal["any"],
        AfterValidator(_at_most_the_most),
    ] = 1
    """Up to this many units, different unless ``different: false`` (P-41): 1 to 100, or
    ``any`` ("any number of units"), as many as there are (P-49)."""
    at_least: Annotated[int, Field(ge=0, json_schema_extra={"maximum": MOST_TARGETS})] = 1
    """At least this many units are chosen, 0 to ``count``: ``0`` for "up to two", which may be
    played choosing none (its effects on ``target`` then find nothing, P-27); ``count`` for
    exactly that many. Left out in a list of targets, whose entries are each chosen (P-73)."""
    different: bool = True
    """``false``: one unit may be chosen more than once ("do this twice; you may choose the same
    unit"), as ``target_1`` and ``target_2`` both; in a list of targets, this entry may be a
    unit an earlier entry chose (P-73)."""
    same_place: bool = False
    """``true``: the chosen units are all at one battlefield ("two units at the same
    battlefield"); in a list of targets, this entry is at the battlefield of the first target
    (P-75)."""
    chooser: Literal["you", "opponent"] = "you"
    """Who chooses: ``you`` (the card's controller) or ``opponent`` ("your opponent chooses a
    unit they control": ``side`` is still seen from the card's controller, so that is ``side:
    enemy``, P-95)."""
    total_might_at_most: Annotated[int, Field(ge=0)] | None = None
    """The chosen units' Might added up, read as they are chosen, is at most this ("any number
    of enemy units with total Might 4 or less", P-94)."""
    zone: Literal["table", "trash", "chain"] = "table"
    """``table``: units on the table; ``trash``: unit cards in a trash, whose as ``side`` says
    (``own``: the controller's), for ``return_from_trash`` (P-62); ``chain``: spells on the
    chain, whose as ``side`` says, for ``counter`` (P-87). A card in a trash or on the chain
    has no state and no place: ``state``, ``here`` and ``other`` are for units on the table."""

    @model_validator(mode="after")
    def _a_choice_that_can_be_made(self) -> TargetSpec:
        if self.zone == "trash" and (self.state is not None or self.here or self.other):
            raise ValueError(
                "a card in a trash has no state and no place: leave state, here and other out "
                "with zone: trash (P-62)"
            )
        unit_words = (self.state, self.here or None, self.other or None, self.same_place or None)
        might = (self.might_at_most, self.might_at_least, self.total_might_at_most)
        if self.zone == "chain" and any(w is not None for w in (*unit_words, *might)):
            raise ValueError(
                "a spell on the chain is no unit: leave state, Might, here, other and "
                "same_place out with zone: chain (P-87)"
            )
        if self.count != "any" and self.at_least > self.count:
            raise ValueError(
                f"at_least {self.at_least} is more than count {self.count}: at most count units "
                "are chosen (P-73)"
            )
        if self.zone == "trash" and self.same_place:
            raise ValueError("a card in a trash is at no battlefield: leave same_place out (P-75)")
        self._a_total_that_can_be_read()
        if self.count == "any" and not self.different:
            raise ValueError(
                "any number of units, each chosen again as often as you like, has no end: "
                "leave different out with count: any (P-49)"
            )
        return self

    def _a_total_that_can_be_read(self) -> None:
        """A total Might is of units on the table, each counted once (P-94)."""
        if self.total_might_at_most is None:
            return
        if self.zone == "trash":
            raise ValueError(
                "a card in a trash has no Might: leave total_might_at_most out with zone: "
                "trash (P-94)"
            )
        if not self.different:
            raise ValueError(
                "a total Might adds up different units: leave different: false out with "
                "total_might_at_most (P-94)"
            )

    def many(self) -> bool:
        """Whether it chooses more than one unit (``count`` above 1, or ``any``)."""
        return self.count == "any" or self.count > 1

    def describe(self) -> str:
        """How the card reads, as a refusal or a prompt names it.

        >>> TargetSpec(side="enemy", count=2, state="damaged", here=True).describe()
        'up to 2 damaged enemy units here'
        >>> TargetSpec(side="own", other=True).describe()
        'another unit you control'
        >>> TargetSpec(side="enemy", might_at_most=3).describe()
        'an enemy unit with 3 Might or less'
        >>> TargetSpec(zone="trash", side="own", count=2).describe()
        'up to 2 unit cards in your trash'
        >>> TargetSpec(side="enemy", count=2, at_least=0).describe()
        'up to 2 enemy units (or none)'
        >>> TargetSpec(count=2, at_least=2, different=False, same_place=True).describe()
        '2 units at one battlefield (one unit may be chosen again)'
        >>> TargetSpec(side="enemy", count="any", at_least=0, total_might_at_most=4).describe()
        'any number of enemy units with total Might 4 or less (or none)'
        """
        if self.zone == "chain":
            whose = {"own": " of yours", "enemy": " of an opponent's", "any": ""}
            many = f"{self._how_many()}spells" if self.many() else "a spell"
            return f"{many}{whose[self.side]} on the chain"
        if self.zone == "trash":
            whose = {"own": "your trash", "enemy": "an opponent's trash", "any": "a trash"}
            many = f"{self._how_many()}unit cards" if self.many() else "a unit card"
            return f"{many} in {whose[self.side]}{self._extras()}"
        phrase = self.words(self.side, self.many())
        if self.many():
            lead = self._how_many() + ("other " if self.other else "")
            phrase += " at one battlefield" if self.same_place else ""
        else:
            lead = "another " if self.other else "an " if phrase.startswith(VOWEL_SOUNDS) else "a "
            phrase += " at the first target's battlefield" if self.same_place else ""
        if self.total_might_at_most is not None:
            phrase += f" with total Might {self.total_might_at_most} or less"
        return lead + phrase + self._extras()

    def _how_many(self) -> str:
        """``up to 2 ``, ``2 `` (exactly), ``any number of `` (P-49, P-73)."""
        if self.count == "any":
            return "any number of "
        return f"{'' if self.at_least == self.count else 'up to '}{self.count} "

    def _extras(self) -> str:
        """What ``at_least: 0``, ``different: false`` and ``chooser: opponent`` add to the
        words (P-73, P-95)."""
        extras = [
            *(["or none"] if self.at_least == 0 else []),
            *(["one unit may be chosen again"] if not self.different else []),
            *(["your opponent chooses"] if self.chooser == "opponent" else []),
        ]
        return f" ({', '.join(extras)})" if extras else ""


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
    if not 2 <= len(choosing) <= MOST_ENTRIES:
        raise ValueError(
            f"a list of targets has 2 to {MOST_ENTRIES} entries (P-49); for one, write it "
            "without a list"
        )
    if any(spec.count != 1 or spec.total_might_at_most is not None for spec in choosing):
        raise ValueError(
            "in a list of targets each entry is one unit: leave count and total_might_at_most out"
        )
    if any(spec.at_least != 1 for spec in choosing):
        raise ValueError("in a list of targets each entry is chosen: leave at_least out (P-73)")
    if any(spec.chooser != "you" for spec in choosing):
        raise ValueError(
            "a list of targets is chosen by the card's controller: leave chooser out of its "
            "entries (P-95)"
        )
    return choosing


def specs_of(choosing: Choosing) -> tuple[TargetSpec, ...]:
    """The specs of a choice: one, or one for each target of a list."""
    return (choosing,) if isinstance(choosing, TargetSpec) else choosing


def most_targets(choosing: Choosing) -> int | None:
    """How many units the choice takes at most; None: any number, as many as there are
    (``count: any``, P-49)."""
    if isinstance(choosing, TargetSpec):
        return None if choosing.count == "any" else choosing.count
    return len(choosing)


def opponent_chooses(choosing: Choosing | None) -> bool:
    """Whether the controller's opponent makes the choice (``chooser: opponent``, P-95); a list
    is always its controller's."""
    return isinstance(choosing, TargetSpec) and choosing.chooser == "opponent"


def choice_rulings(choosing: Choosing | None) -> list[str]:
    """The rulings a choice applies beyond P-41, for the step that records it: a count past
    four or ``any`` (P-49), a total Might (P-94), the opponent choosing (P-95)."""
    if not isinstance(choosing, TargetSpec):
        return []
    return [
        *(["P-49"] if choosing.count == "any" or choosing.count > 4 else []),
        *(["P-94"] if choosing.total_might_at_most is not None else []),
        *(["P-95"] if choosing.chooser == "opponent" else []),
    ]


def chooses_a_battlefield(effects: tuple[Effect, ...]) -> bool:
    """Whether ``effects`` move units to a battlefield chosen as the card is played, the
    ability activated or a triggered ability goes on the chain (``to: chosen``, P-74)."""
    return any(isinstance(effect, Move) and effect.to == "chosen" for effect in effects)


def fewest_targets(choosing: Choosing) -> int:
    """How many units the choice takes at least: a list, one for each entry (P-41, P-73)."""
    return choosing.at_least if isinstance(choosing, TargetSpec) else len(choosing)


def describe_choice(choosing: Choosing) -> str:
    """How the card reads, as a refusal or a prompt names it.

    >>> describe_choice((TargetSpec(side="enemy"), TargetSpec(side="own")))
    'an enemy unit, then a unit you control'
    """
    return ", then ".join(spec.describe() for spec in specs_of(choosing))


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

    when: When
    """``activated``: its controller activates it with an ``activate`` action (P-42); else the
    event that triggers it, one of ``engine.might.triggers.EVENTS`` (``takes_damage``,
    ``dies``, ``played``, ``another_unit_moves``, ...; the reference lists each with its
    meaning)."""
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
    only_while: Condition | None = None
    """Activated abilities: it can be activated only while this holds, read as it is
    activated (P-56): a fact of its own unit (``{unit: self, state: at_a_battlefield}``,
    ``{moved: self, at_most: 0}``), a count of units (``here``: where its unit is), a holding
    or the plays this turn; ``all``, ``any`` and ``not`` combine them (P-54)."""
    nth: Annotated[int, Field(ge=1, le=10)] | None = None
    """``you_play_a_card``, ``you_play_a_spell`` and ``you_play_a_unit``: it triggers only on
    its controller's ``nth`` such play this turn, counted as P-55 counts them, the play itself
    included ("when you play your second card this turn": ``nth: 2``; P-82)."""
    source_is: SourceFilter | None = None
    """Triggers with a ``source``: it triggers only when the source is such a unit (P-83):
    ``{side: enemy}`` ("when an enemy unit dies"), ``{side: own, here: true}`` ("when a
    friendly unit moves here"); a source off the table is read by its ``side`` only."""
    effects: tuple[Effect, ...] = ()
    """Applied in order when the ability resolves from the chain."""

    @model_validator(mode="after")
    def _narrowed_to_its_event(self) -> Ability:
        if self.nth is not None and self.when not in COUNTED_PLAYS:
            raise InvalidAt(
                ("nth",),
                f"nth counts plays: it is for {', '.join(COUNTED_PLAYS)}, not {self.when} (P-82)",
            )
        if self.source_is is not None and self.when not in WITH_A_SOURCE:
            raise InvalidAt(
                ("source_is",),
                f"'{self.when}' has no source to filter (only these triggers have one: "
                f"{', '.join(sorted(WITH_A_SOURCE))}) (P-83)",
            )
        return self

    @model_validator(mode="after")
    def _costs_are_activated(self) -> Ability:
        if self.when != "activated" and (self.cost is not None or self.speed != "normal"):
            raise ValueError("only an activated ability has a cost or a speed (P-42)")
        if self.when == "activated" and self.once_per_turn:
            raise ValueError("once_per_turn is for triggered abilities (P-39)")
        if self.only_while is None:
            return self
        if self.when != "activated":
            raise InvalidAt(
                ("only_while",),
                "only an activated ability has only_while (P-56); a triggered ability's "
                "effects may each have only_if or unless (P-36)",
            )
        if problem := _standing_problem(self.only_while, "an activated ability"):
            raise InvalidAt(("only_while",), problem)
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
            kind += f", only while {self.only_while.describe()}" if self.only_while else ""
        else:
            kind = "triggered" + (", once per turn" if self.once_per_turn else "")
            kind += f", only on play number {self.nth} this turn" if self.nth else ""
            if self.source_is is not None:
                kind += f", only when its source is {self.source_is.describe()}"
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
    its controller (``{you_hold: 1}``), or these combined with ``all``, ``any`` and ``not``
    (P-54): the aura counts only while it holds."""

    @model_validator(mode="after")
    def _about_itself(self) -> Aura:
        if self.only_while is not None and (
            problem := _standing_problem(self.only_while, "an aura")
        ):
            raise InvalidAt(("only_while",), problem)
        return self

    def describe(self) -> str:
        reach = "itself" if self.to == "self" else f"{self.to.replace('_', ' ')} units"
        where = " here" if self.here else ""
        condition = f" while {self.only_while.describe()}" if self.only_while else ""
        return f"{self.might:+d} Might to {reach}{where}{condition}"


class Static(Frozen):
    """Keywords, or "can't be dealt damage", that a unit has only while a condition holds,
    read each time they count; the step that turns one on or off says so (P-98). "If I have
    moved twice this turn, I can't be dealt damage"::

        statics: [{only_while: {moved: self, at_least: 2}, cant_be_dealt_damage: true}]
    """

    only_while: Condition
    """A fact about its own unit (``unit``, ``moved`` and ``damage_taken`` may only be
    ``self``), a count of units (``here``: where it is) or of gear (``{gear: friendly,
    at_least: 1}``, P-112), a holding or this turn's plays, or these combined with ``all``,
    ``any`` and ``not`` (P-54)."""
    keywords: tuple[KeywordText, ...] = ()
    """What it has while the condition holds, read as printed ones wherever they count:
    ``Assault N``, ``Shield N`` (M-28), ``Tank``, ``Backline`` (M-17), ``Deflect N`` (P-88).
    ``Accelerate`` counts only as the card is played from hand, where no condition of a unit on
    the table can be read: refused."""
    cant_be_dealt_damage: bool = False
    """``true``: while the condition holds no damage is dealt to it and combat assignment leaves
    it out, as for the effect (M-19)."""

    @model_validator(mode="after")
    def _something_while(self) -> Static:
        if not self.keywords and not self.cant_be_dealt_damage:
            raise ValueError(
                "a static gives keywords or cant_be_dealt_damage: true while it holds (P-98)"
            )
        if keyword_total(self.keywords, "Accelerate"):
            raise InvalidAt(
                ("keywords",),
                "Accelerate counts as the card is played from hand, where no condition of the "
                "unit can be read: print it as a keyword (P-98, P-89)",
            )
        if problem := _standing_problem(self.only_while, "a static"):
            raise InvalidAt(("only_while",), problem)
        return self

    def describe(self) -> str:
        """What it gives and when, as a step and the inspector say it.

        >>> Static(only_while={"moved": "self", "at_least": 2}, keywords=("Tank",),
        ...     cant_be_dealt_damage=True).describe()
        "Tank and can't be dealt damage while it moved at least 2 times this turn"
        """
        given = [*self.keywords, *(["can't be dealt damage"] if self.cant_be_dealt_damage else [])]
        return f"{' and '.join(given)} while {self.only_while.describe()}"


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


class StandingBonusDamage(Frozen):
    """A unit's standing Bonus Damage ("your spells and abilities deal 1 Bonus Damage"): its
    controller's damage of ``scope`` gets +``amount`` while the unit is on the table, read each
    time damage is dealt, never stored (M3, M-4, M-23, M-24, P-76)."""

    amount: int = Field(ge=1)
    """Added to each damage event of its controller that ``scope`` covers."""
    scope: Scope = "noncombat"
    """The damage it adds to: ``noncombat`` (a spell's and an ability's, P-70), ``spell``,
    ``combat`` or ``all``."""

    def describe(self) -> str:
        return f"its controller's {self.scope} damage gets {self.amount:+d} Bonus Damage"


FIELD_AIMS = frozenset(
    {"all_own_units", "all_enemy_units", "all_enemy_units_here", "controller", "source"}
)
"""What a battlefield's ability may aim at: it has no unit of its own and chooses nobody (P-84);
``source`` only when its event has one."""


class FieldAbility(Frozen):
    """A battlefield's triggered ability (P-84): its holder controls it, and it triggers only
    while someone holds the battlefield. "Here" is the battlefield; ``own`` and ``enemy`` are
    seen from the holder."""

    when: Literal["a_unit_moves_here", "conquered", "held"]
    """``a_unit_moves_here``: a unit of either player moved to this battlefield (a move, as
    P-57 says; the unit is its ``source``); ``conquered``: a player came to hold it at a
    combat's result (M-12 (5)), who then controls the ability; ``held``: "when you hold here",
    its holder's turn begins while they hold it (P-111)."""
    name: str = ""
    """Shown in the timeline; empty: ``when <when>``."""
    source_is: SourceFilter | None = None
    """``a_unit_moves_here``: it triggers only when the unit that moved is such a unit (P-83),
    ``{side: enemy}``: an enemy of the holder."""
    effects: tuple[Effect, ...] = Field(min_length=1)
    """Applied in order when it resolves; they aim at ``source``, ``all_own_units``,
    ``all_enemy_units``, ``all_enemy_units_here`` or a group (``every``; ``here``: at this
    battlefield), never at a chosen target or ``self``."""

    @model_validator(mode="after")
    def _aims_at_what_it_has(self) -> FieldAbility:
        if self.source_is is not None and self.when != "a_unit_moves_here":
            raise InvalidAt(("source_is",), f"'{self.when}' has no source to filter (P-83)")
        aims = FIELD_AIMS - (set() if self.when == "a_unit_moves_here" else {"source"})
        for number, effect in enumerate(self.effects):
            target = getattr(effect, "target", None)
            if target is None or (isinstance(target, Every) and not target.other):
                continue
            if target not in aims:
                raise InvalidAt(
                    ("effects", number, "target"),
                    f"a battlefield's ability has no unit of its own and chooses nobody: it "
                    f"aims at {', '.join(sorted(aims))} or a group (P-84)",
                )
            if effect.place_key and getattr(effect, effect.place_key) == "here":
                raise InvalidAt(("effects", number, effect.place_key), "name the battlefield")
        return self

    def label(self) -> str:
        """How the timeline names it."""
        return self.name or f"when {self.when.replace('_', ' ')}"

    def describe(self) -> str:
        """What it is, as the table's text lists it."""
        only = f", only when the unit is {self.source_is.describe()}" if self.source_is else ""
        return f"{self.label()}: triggered{only}"


def _instead(word: str, readable: set[str]) -> str:
    """What to write instead of the unit ``word`` where only ``readable`` ones can be meant."""
    named = " or ".join(sorted(readable - {"here", "that_unit"}))  # that_unit: effects only
    if "that_unit" in readable:  # a delayed trigger's part: nothing is chosen then (P-63)
        return "a delayed trigger chooses no target" + (f": use {named}" if named else "")
    if word == "target" or not named:  # a part that chooses no target
        return "it chooses no target: add `target:`" + (f", or use {named}" if named else "")
    return f"use {named}"


def _zone(effect: Effect, spec: Choosing | None) -> list[str]:
    """An effect that acts on chosen cards where its part does not choose them: a return from
    a trash needs ``zone: trash``, and no other effect reaches a card in a trash (P-62)."""
    aims = getattr(effect, "target", None)
    if spec is None or not isinstance(aims, str) or not aims.startswith("target"):
        return []
    number = target_number(aims)
    chosen = specs_of(spec)
    zones = (
        {chosen[number - 1].zone} if number and number <= len(chosen) else {s.zone for s in chosen}
    )
    if effect.chooses_in == "trash" and zones != {"trash"}:
        return [f"{effect.do} returns a card from a trash: choose it with `zone: trash` (P-62)"]
    if effect.chooses_in == "chain" and zones != {"chain"}:
        return [f"{effect.do} counters a spell: choose it with `zone: chain` (P-87)"]
    if effect.chooses_in != "trash" and "trash" in zones:
        return [
            f"{effect.do} acts on a unit on the table, but its target is chosen in a trash: "
            "only return_from_trash reaches a card there (P-62)"
        ]
    if effect.chooses_in != "chain" and "chain" in zones:
        return [
            f"{effect.do} acts on a unit on the table, but its target is a spell on the chain: "
            "only counter reaches a spell there (P-87)"
        ]
    return []


def _condition_problems(part: str, condition: Condition, words: set[str]) -> list[str]:
    """What in ``condition`` (each condition it combines, P-54) ``part`` could never read: a
    unit it can't have, or a count of units at a place it is not at (P-36, P-55)."""
    problems: list[str] = []
    for leaf in leaves(condition):
        named = role_of(leaf)
        if named is not None and named[1] not in words:
            problems.append(
                f"{part}'s condition can't be about unit {named[1]}: " + _instead(named[1], words)
            )
        elif isinstance(leaf, UnitCount) and leaf.here and "here" not in words:
            problems.append(f"{part} is at no place: a count here needs a unit")
    return problems


def _standing_problem(condition: Condition, whose: str) -> str | None:
    """Why ``condition`` can't be the ``only_while`` of ``whose`` (``an aura``, ``an activated
    ability``): each condition it combines is about its own unit, or about no unit (P-54); an
    aura's only a state of its unit or a holding (P-35, P-56). None when it can be."""
    for leaf in leaves(condition):
        named = role_of(leaf)
        if named is not None and named[1] != "self":
            return f"{whose}'s only_while is about its own unit: use {named[0]}: self"
        if whose != "an aura" or isinstance(leaf, UnitIs | YouHold):
            continue
        if isinstance(leaf, UnitCount | GearCount):
            counts = "units" if isinstance(leaf, UnitCount) else "gear"
            return (
                f"an aura's only_while is a state of its unit or you_hold; counts of {counts} are "
                "for effects (P-35)"
            )
        return (
            "an aura's only_while is a state of its unit or you_hold; what happened this "
            "turn is for effects and activated abilities (P-35, P-55)"
        )
    return None


def _word(named: str) -> str:
    """The word a unit's name in a card stands for: ``target_2`` is one of the ``target``."""
    return named.split("_")[0]


def _amount_problems(part: str, amount: object, words: set[str]) -> list[str]:
    """An amount that ``part`` would count at a place it is not at, or read off a unit it
    can't have (P-37, M-30)."""
    problems = []
    if isinstance(amount, CountOf) and amount.here and "here" not in words:
        problems.append(f"{part} is at no place: a count here needs a unit")
    if isinstance(amount, DamageOn) and _word(amount.damage_on) not in words:
        problems.append(
            f"{part} can't read the damage on {amount.damage_on}: "
            + _instead(_word(amount.damage_on), words)
        )
    if isinstance(amount, MightOf) and _word(amount.might_of) not in words:
        problems.append(
            f"{part} can't read the Might of {amount.might_of}: "
            f"{_instead(_word(amount.might_of), words)} (M-30)"
        )
    return problems


GEAR_TRIGGERS = frozenset({"played", "start_of_your_turn", "end_of_turn", "another_unit_dies"})
"""What a gear's triggered abilities may wait for: it is never dealt damage, healed, in combat
and never dies (P-66)."""


class GearReplacement(Frozen):
    """A gear's standing death replacement: the next time a unit it watches would die, the gear
    pays ``and_this`` and the unit does ``then`` instead; the death never happens (M-20, M-21,
    P-67). "The next time a friendly unit would die, kill this instead and recall that unit"::

        replaces: {would_die: friendly_unit, then: [recall], and_this: trash}
    """

    would_die: Literal["friendly_unit", "enemy_unit", "any_unit"] = "friendly_unit"
    """The units it watches: its controller's (``friendly_unit``), the other player's
    (``enemy_unit``) or both players' (``any_unit``)."""
    then: Annotated[tuple[SaveAction, ...], AfterValidator(something_instead)] = ("heal",)
    """What the unit does instead, in order: ``heal``, ``exhaust``, ``recall`` (at least one:
    leave ``then`` out for ``heal``)."""
    and_this: Literal["trash", "exhaust"] = "trash"
    """What the gear pays: ``trash``, it goes to its owner's trash (once); ``exhaust``, it
    exhausts and watches again once it is ready (only a ready gear replaces a death)."""

    def watches(self, controller: int, owner: int) -> bool:
        """It watches a unit of ``owner`` when its gear is ``controller``'s."""
        mine = owner == controller
        return self.would_die == "any_unit" or mine == (self.would_die == "friendly_unit")

    def describe(self) -> str:
        """What it is, as the inspector lists it.

        >>> GearReplacement(then=("recall",)).describe()
        'the next time a friendly unit would die: trash this instead, and it does recall'
        """
        whose = self.would_die.replace("_", " ")
        pay = "trash this" if self.and_this == "trash" else "exhaust this (while ready)"
        then = ", ".join(self.then)
        return f"the next time {_a(whose)} would die: {pay} instead, and it does {then}"


def _a(phrase: str) -> str:
    return ("an " if phrase.startswith(VOWEL_SOUNDS) else "a ") + phrase


def _group_problems(part: str, group: Every, words: set[str]) -> list[str]:
    """A group ``part`` could never read: here with no place, other with no unit (P-69)."""
    if group.here and "here" not in words:
        return [f"{part} is at no place: its group can't be here"]
    if group.other and "self" not in words:
        return [f"{part} has no unit of its own: its group can't be other"]
    return []


def _nth_problems(part: str, spec: Choosing | None, number: int) -> list[str]:
    """An effect aimed at ``target_<number>`` where ``part`` chooses fewer (P-41)."""
    if spec is None:
        return [f"an effect aims at 'target_{number}' but {part} chooses none: add `target:`"]
    most = most_targets(spec)
    if most is not None and number > most:
        return [
            f"an effect aims at 'target_{number}' but {part} chooses at most "
            f"{most}: {describe_choice(spec)}"
        ]
    return []


Reader = tuple[Place, str, "Choosing | None", tuple[Effect, ...], set[str]]
"""A part of a card with effects: its place, its name in a message, what it chooses, its
effects and the units its words can mean."""


def _left_behind(part: Reader) -> list[Reader]:
    """The delayed triggers among a part's effects, each a part of its own: it chooses nothing
    and is at no place; its words mean the unit its event happened to (``that_unit``), the
    part's own unit, and for ``takes_damage`` what dealt the damage (P-63)."""
    at, _, _, effects, words = part
    return [
        (
            (*at, "effects", number),
            f"a delayed trigger ({effect.when})",
            None,
            effect.effects,
            {
                "that_unit",
                *(words & {"self"}),
                *(["source"] if effect.when == "takes_damage" else []),
            },
        )
        for number, effect in enumerate(effects)
        if isinstance(effect, Delayed)
    ]


def _left_behind_aim(part: str, aims: object, words: set[str]) -> list[str]:
    """``that_unit`` outside a delayed trigger's effects, or a chosen target inside them: a
    delayed trigger chooses nothing (P-63)."""
    if aims == "that_unit" and aims not in words:
        return [
            f"{part} has no 'that_unit': only a delayed trigger's effects aim at it, the unit "
            "its event happened to (P-63)"
        ]
    if "that_unit" in words and (aims == "target" or target_number(aims)):
        return [
            f"{part} chooses no target: its effects aim at that_unit, the unit its event "
            "happened to, or at an automatic target (P-63)"
        ]
    return []


class MightCardDef(Frozen):
    """A unit (with Might), a spell (``speed: reaction`` may answer a spell on the chain), or
    gear: a card that stays at its owner's base and is no unit (P-66)."""

    name: Name
    """The name a set-up ``card:`` refers to."""
    kind: Literal["unit", "spell", "gear"]
    """A ``unit`` goes to its owner's base when played; a ``spell`` goes on the chain; ``gear``
    goes to its owner's base, ready, and is no unit: no Might, never in combat, never dealt
    damage, never a target (P-66)."""
    text: str = ""
    """The printed text: shown, not interpreted."""
    cost: int = Field(default=0, ge=0)
    """Runes paid from the owner's pool when it is played (P-19)."""
    might: int = 0
    """Units: base Might."""
    keywords: tuple[KeywordText, ...] = ()
    """Units: ``Assault N`` and ``Shield N`` (+N Might while it attacks or defends; N is 1
    when left out, and instances add up: M-28), ``Tank`` and ``Backline`` (the order combat
    damage is assigned in: M-17), ``Deflect N`` (an opponent's spell or activated ability that
    chooses it costs N more runes: P-88), ``Accelerate N`` (it may be played for N more runes to
    enter ready: P-89), ``Ganking`` (its own move may go from a battlefield to another: P-106).
    Any other word is refused (the engine would ignore it)."""
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
    """Units and gear: triggered abilities, and activated ones (``when: activated``); gear's
    ``self`` is the gear, which only ``ready`` and ``exhaust`` may aim at (P-66)."""
    auras: tuple[Aura, ...] = ()
    """Units: standing Might for other units (or itself) while it is on the table (M-23)."""
    bonus_damage: StandingBonusDamage | None = None
    """Units: standing Bonus Damage for its controller's damage while it is on the table
    (P-76)."""
    replaces: GearReplacement | None = None
    """Gear: a standing death replacement for the units it watches (P-67)."""
    statics: tuple[Static, ...] = ()
    """Units: keywords, or "can't be dealt damage", it has only while a condition holds, read
    each time they count (P-98)."""

    def _readers(self) -> list[Reader]:
        """Each part of the card with effects: where the card writes it, how a message names
        it, what it chooses, its effects and the units its words can mean (``self``,
        ``source``, ``target``, ``that_unit``, ``here``: a place); a delayed trigger's effects
        are a part of their own (P-63)."""
        if self.kind == "spell":  # "target" once it chooses
            parts: list[Reader] = [((), "a spell", self.target, self.effects, set())]
        else:
            own = set() if self.kind == "gear" else {"self"}  # gear is no unit to read (P-66)
            parts = [
                (
                    ("abilities", number),
                    f"the '{a.name if a.when == 'activated' and a.name else a.when}' ability",
                    a.target,
                    a.effects,
                    {*own, "here", *(["source"] if a.when in WITH_A_SOURCE else [])},
                )
                for number, a in enumerate(self.abilities)
            ]
        return [*parts, *(left for part in parts for left in _left_behind(part))]

    def _reading_problems(self) -> list[tuple[Place, str]]:
        """Words that could never be read, each at its key in the card: a spell has no unit of
        its own, no source and no place; only a triggered ability has a source; ``target``
        needs a chosen one (P-36, P-37, P-41)."""
        problems: list[tuple[Place, str]] = []
        for at, part, spec, effects, words in self._readers():
            if spec is not None:
                words = words | {"target"}
                if any(s.here or s.other for s in specs_of(spec)) and "here" not in words:
                    problems.append(
                        (
                            (*at, "target"),
                            f"{part} has no unit of its own: its target can't be here or other",
                        )
                    )
            for number, effect in enumerate(effects):
                where = (*at, "effects", number)
                aims = getattr(effect, "target", None)
                # a gear readies or exhausts itself, and is nothing else's to act on (P-66)
                aimable = words | ({"self"} if effect.do in ("ready", "exhaust") else set())
                problems += [
                    ((*where, "target"), p)
                    for p in [
                        *self._aim_problems(part, spec, aims, aimable),
                        *_zone(effect, spec),
                    ]
                ]
                key = effect.place_key
                if key and getattr(effect, key) == "here" and "here" not in words:
                    problems.append(
                        (
                            (*where, key),
                            f"{part} is at no place: it can't move units here; "
                            "name the battlefield",
                        )
                    )
                problems += [
                    ((*where, "only_if" if must else "unless"), p)
                    for must, condition in effect.conditions()
                    for p in _condition_problems(part, condition, words)
                ]
                amount = getattr(effect, "amount", None)
                problems += [((*where, "amount"), p) for p in _amount_problems(part, amount, words)]
        return problems

    def _aim_problems(
        self, part: str, spec: Choosing | None, aims: object, words: set[str]
    ) -> list[str]:
        """An effect of ``part`` aims at a unit it can't have: a chosen target when it chooses
        none or fewer (P-41), a source, itself, or units at a place."""
        if aims and (left_behind := _left_behind_aim(part, aims, words)):
            return left_behind
        if aims == "target" and spec is None:
            spell = self.kind == "spell"  # "the card", as souls says it
            return [
                f"an effect aims at 'target' but {'the card' if spell else part} chooses "
                f"none: add `target:`{'' if spell else AUTOMATIC_TARGET_HINT}"
            ]
        if isinstance(aims, Every):
            return _group_problems(part, aims, words)
        if aims and (number := target_number(aims)) is not None:
            return _nth_problems(part, spec, number)
        if aims == "source" and aims not in words:
            return [
                f"{part} has no source (only these triggers have one: "
                f"{', '.join(sorted(WITH_A_SOURCE))}): an effect can't aim at it; "
                + _instead(aims, words)
            ]
        if aims == "self" and aims not in words and self.kind == "gear":
            return [
                f"{part} is a gear's, and gear is no unit: of its effects only ready and exhaust "
                "may aim at self (P-66)"
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

    def conditions(self) -> list[Condition]:
        """Every condition the card says: its effects' ``only_if`` and ``unless``, its auras',
        its activated abilities' and its statics' ``only_while``."""
        return [
            *(condition for effect in self.all_effects() for _, condition in effect.conditions()),
            *(a.only_while for a in self.auras if a.only_while is not None),
            *(a.only_while for a in self.abilities if a.only_while is not None),
            *(s.only_while for s in self.statics),
        ]

    def asks_this_turn(self) -> bool:
        """Whether a condition of the card, or a trigger on a play number, asks what happened
        this turn (P-55, P-82)."""
        return any(a.nth is not None for a in self.abilities) or any(
            asks_this_turn(condition) for condition in self.conditions()
        )

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
        if self.kind == "spell" and self.bonus_damage:
            raise InvalidAt(
                ("bonus_damage",),
                "a spell has no standing Bonus Damage, a unit has: a spell's is an effect, "
                "do: bonus_damage (P-76)",
            )
        if self.kind == "unit" and (self.effects or self.target or self.speed != "normal"):
            raise ValueError("a unit has abilities, not effects, a target or a speed")
        if self.kind == "spell" and (self.keywords or self.statics):
            raise ValueError("a spell has no keywords: they are a unit's (M-17, M-28, P-98)")
        if self.replaces is not None and self.kind != "gear":
            raise InvalidAt(
                ("replaces",),
                "only gear has a standing replacement; a unit's or a spell's is an effect: "
                "do: instead_of_dying (P-67)",
            )
        if self.kind == "gear":
            self._gear_problems()
        return self

    def _gear_problems(self) -> None:
        """Gear is no unit: what only a unit or a spell has is refused at its key (P-66)."""
        unit_only = (
            "might",
            "keywords",
            "enters",
            "auras",
            "bonus_damage",
            "effects",
            "target",
            "speed",
            "statics",
        )
        for key in unit_only:  # a value of its own: a table's copy is given every field
            if getattr(self, key) != type(self).model_fields[key].default:
                raise InvalidAt(
                    (key,),
                    f"gear has no {key}: it is no unit and no spell (P-66); it has cost, text, "
                    "abilities and replaces",
                )
        for number, ability in enumerate(self.abilities):
            if ability.when != "activated" and ability.when not in GEAR_TRIGGERS:
                raise InvalidAt(
                    ("abilities", number, "when"),
                    f"gear never meets '{ability.when}': it is never dealt damage, healed, in "
                    "combat and never dies (P-66); its triggers are activated, "
                    + ", ".join(sorted(GEAR_TRIGGERS)),
                )
