"""Facts of the table a might card can ask about: an effect's ``only_if``/``unless``, an
aura's ``only_while`` and an activated ability's ``only_while`` (M-23, M-24, P-35, P-36, P-54,
P-55, P-56), and how each is read.

A condition names a unit by its part in the card (``self``, ``source``, ``target``) and a
state it is in, or counts units or gear, or asks how many battlefields the controller holds, or
what happened this turn; conditions combine with ``all``, ``any`` and ``not``:

    {unit: target, state: exhausted}
    {count: enemy_units, here: true, at_least: 2}
    {gear: friendly, at_least: 1}
    {you_hold: 1}
    {moved: self, at_least: 2}
    {damage_taken: target, at_least: 1}
    {played: spells, at_least: 1}
    {all: [{unit: self, state: damaged}, {not: {you_hold: 1}}]}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, ConfigDict, Discriminator, Field, Tag, model_validator

from engine.frozen import Frozen
from engine.might.history import ThisTurn

if TYPE_CHECKING:
    from engine.might.table import MightCard, MightTable

Role = Literal["self", "source", "target"]
UnitState = Literal[
    "damaged",
    "undamaged",
    "exhausted",
    "ready",
    "attacking",
    "defending",
    "at_a_battlefield",
    "at_base",
    "stunned",
]
Counted = Literal["friendly_units", "enemy_units", "units"]
PlayCount = Literal["cards", "spells", "units"]
WHO = {"self": "it", "source": "the source", "target": "the target"}


class UnitIs(Frozen):
    """A unit is in a state: ``{unit: target, state: exhausted}``."""

    unit: Role = "self"
    """Which unit: ``self`` (the card's own unit), ``source`` (what caused the trigger) or
    ``target`` (the chosen unit). A unit that is not on the table is in no state."""
    state: UnitState
    """``damaged``/``undamaged`` (marked damage), ``exhausted``/``ready``, ``attacking``/
    ``defending`` (in the combat under way), ``at_a_battlefield``/``at_base``, ``stunned``."""

    def describe(self) -> str:
        return f"{WHO[self.unit]} is {self.state.replace('_', ' ')}"


class Bounded(Frozen):
    """What every counting condition has: bounds, at least one of them."""

    at_least: Annotated[int, Field(ge=0)] | None = None
    """The count is at least this."""
    at_most: Annotated[int, Field(ge=0)] | None = None
    """The count is at most this."""

    @model_validator(mode="after")
    def _bounded(self) -> Bounded:
        if self.at_least is None and self.at_most is None:
            raise ValueError("a count needs at_least or at_most (or both)")
        return self

    def within(self, count: int) -> bool:
        """Whether ``count`` is within the bounds."""
        return (self.at_least is None or count >= self.at_least) and (
            self.at_most is None or count <= self.at_most
        )

    def bounds(self) -> str:
        """The bounds in words: "at least 2", "at least 1 and at most 3"."""
        return " and ".join(
            [
                *([f"at least {self.at_least}"] if self.at_least is not None else []),
                *([f"at most {self.at_most}"] if self.at_most is not None else []),
            ]
        )


class UnitCount(Bounded):
    """How many units there are: ``{count: enemy_units, here: true, at_least: 2}``; "it is
    alone there" is ``{count: units, here: true, at_most: 1}``."""

    count: Counted
    """Whose units, seen from the card's controller: ``friendly_units``, ``enemy_units`` or
    ``units`` (both players')."""
    here: bool = False
    """``true``: only those where the card's unit is (its battlefield, or its base)."""

    def describe(self) -> str:
        where = " here" if self.here else ""
        return f"{self.bounds()} {self.count.replace('_', ' ')}{where}"


class GearCount(Bounded):
    """How many gear are on the table, by who controls them (P-112): "while you control a
    gear" is ``{gear: friendly, at_least: 1}``. A gear is no unit (P-66), so no count of units
    finds it; this is the count that does."""

    gear: Literal["friendly", "enemy", "any"]
    """Whose gear, seen from the card's controller: ``friendly`` (the gear its controller
    controls), ``enemy`` (the other player's) or ``any`` (both players')."""

    def describe(self) -> str:
        bounds = self.bounds()
        if self.gear == "any":
            return f"there are {bounds} gear on the table"
        return (
            f"you control {bounds} gear"
            if self.gear == "friendly"
            else (f"your opponent controls {bounds} gear")
        )


class YouHold(Frozen):
    """The controller holds at least this many battlefields: ``{you_hold: 1}``."""

    you_hold: Annotated[int, Field(ge=0)]
    """The number of battlefields (M-14: a player holds what they conquered and still have a
    unit at)."""

    def describe(self) -> str:
        return f"you hold at least {self.you_hold} battlefield{'s' * (self.you_hold != 1)}"


class Moved(Bounded):
    """How many times a unit moved this turn, to or from a battlefield, a recall included
    (P-55): ``{moved: self, at_least: 2}``."""

    moved: Role
    """The unit (``self``, ``source`` or ``target``); one not on the table has moved 0 times."""

    def describe(self) -> str:
        return f"{WHO[self.moved]} moved {self.bounds()} times this turn"


class DamageTaken(Bounded):
    """How much damage a unit took this turn, marked after prevention (P-55):
    ``{damage_taken: target, at_least: 1}``."""

    damage_taken: Role
    """The unit (``self``, ``source`` or ``target``); one not on the table took none."""

    def describe(self) -> str:
        return f"{WHO[self.damage_taken]} took {self.bounds()} damage this turn"


class Played(Bounded):
    """How many cards a player played this turn (P-55): ``{played: spells, at_least: 1}``."""

    played: PlayCount
    """What is counted: every card played from hand, only ``spells`` or only ``units``."""
    by: Literal["you", "opponent"] = "you"
    """Whose plays: the card's controller's (``you``) or the other player's."""

    def describe(self) -> str:
        return f"{self.by} played {self.bounds()} {self.played} this turn"


def _two_or_more(parts: tuple[Condition, ...]) -> tuple[Condition, ...]:
    if len(parts) < 2:
        raise ValueError("all and any combine 2 or more conditions; for one, write it alone")
    return parts


Parts = Annotated[
    tuple["Condition", ...],
    Field(json_schema_extra={"minItems": 2}),
    AfterValidator(_two_or_more),
]


class AllOf(Frozen):
    """Every one of these holds (P-54): ``{all: [{unit: self, state: damaged}, {you_hold:
    1}]}``."""

    all: Parts
    """Two or more conditions, of any form."""

    def describe(self) -> str:
        return _words(self, _described)


class AnyOf(Frozen):
    """At least one of these holds (P-54): ``{any: [{unit: self, state: attacking}, {unit: self,
    state: defending}]}``."""

    any: Parts
    """Two or more conditions, of any form."""

    def describe(self) -> str:
        return _words(self, _described)


class Not(Frozen):
    """This does not hold (P-54): ``{not: {unit: self, state: damaged}}``."""

    model_config = ConfigDict(serialize_by_alias=True)  # dumped as a file writes it: ``not``

    not_: Condition = Field(alias="not")
    """The condition that must be false, of any form."""

    def describe(self) -> str:
        return _words(self, _described)


def _described(condition: Condition) -> str:
    return condition.describe()


def _words(condition: Condition, leaf: Callable[[Condition], str]) -> str:
    """A condition in words, each condition inside it that combines no others as ``leaf``
    says it; a combination inside another is bracketed."""
    if isinstance(condition, Not):
        return f"not ({_words(condition.not_, leaf)})"
    if isinstance(condition, AllOf | AnyOf):
        word = " and " if isinstance(condition, AllOf) else " or "
        return word.join(
            f"({_words(part, leaf)})" if isinstance(part, AllOf | AnyOf) else _words(part, leaf)
            for part in parts(condition)
        )
    return leaf(condition)


def parts(condition: Condition) -> tuple[Condition, ...]:
    """The conditions ``condition`` combines: none when it is a single one."""
    if isinstance(condition, AllOf):
        return condition.all
    if isinstance(condition, AnyOf):
        return condition.any
    return (condition.not_,) if isinstance(condition, Not) else ()


# The forms by the key that selects each, and their tags. A newer form's tag ends in "]": it
# names no key of the file, so that a mistake inside it is placed where the file has it.
FORMS = {
    "all": "[all]",
    "any": "[any]",
    "not": "[not]",
    "you_hold": "you_hold",
    "count": "count",
    "gear": "[gear]",
    "moved": "[moved]",
    "damage_taken": "[damage_taken]",
    "played": "[played]",
}


def _form(value: object) -> str:
    """Which form a condition is, by its keys: so a mistake is reported against that form."""
    if isinstance(value, Frozen):
        return "[not]" if isinstance(value, Not) else _form(vars(value))
    keys = value if isinstance(value, dict) else {}
    return next((tag for key, tag in FORMS.items() if key in keys), "unit")


Condition = Annotated[
    Annotated[UnitIs, Tag("unit")]
    | Annotated[UnitCount, Tag("count")]
    | Annotated[YouHold, Tag("you_hold")]
    | Annotated[GearCount, Tag("[gear]")]
    | Annotated[Moved, Tag("[moved]")]
    | Annotated[DamageTaken, Tag("[damage_taken]")]
    | Annotated[Played, Tag("[played]")]
    | Annotated[AllOf, Tag("[all]")]
    | Annotated[AnyOf, Tag("[any]")]
    | Annotated[Not, Tag("[not]")],
    Discriminator(_form),
]

for _model in (AllOf, AnyOf, Not):
    _model.model_rebuild()


def leaves(condition: Condition) -> Iterator[Condition]:
    """The conditions inside ``condition`` that combine no others, in the order written."""
    inside = parts(condition)
    if not inside:
        yield condition
    for part in inside:
        yield from leaves(part)


class Context(Frozen):
    """Whom a condition's words mean: the card's unit, its source and target, its controller,
    and where "here" is."""

    me: str | None
    source: str | None = None
    target: str | None = None
    controller: int
    battlefield: int | None = None  # where "here" is: a battlefield; None: the unit's base

    def unit(self, role: Role) -> str | None:
        """The unit ``role`` names, if any."""
        return {"self": self.me, "source": self.source, "target": self.target}[role]


def role_of(condition: Condition) -> tuple[str, Role] | None:
    """The key that names the unit a single condition is about, and the unit by its part in the
    card (``("moved", "self")``); None for one about no unit (a count, a holding, plays)."""
    if isinstance(condition, UnitIs):
        return "unit", condition.unit
    if isinstance(condition, Moved):
        return "moved", condition.moved
    return ("damage_taken", condition.damage_taken) if isinstance(condition, DamageTaken) else None


def asks_this_turn(condition: Condition) -> bool:
    """Whether ``condition`` asks what happened this turn (P-55)."""
    return any(isinstance(leaf, Moved | DamageTaken | Played) for leaf in leaves(condition))


def cited(condition: Condition) -> list[str]:
    """The rulings reading ``condition`` applies besides the one that reads it: combining
    (P-54), what happened this turn (P-55), counting gear (P-112)."""
    return [
        *(["P-54"] if parts(condition) else []),
        *(["P-55"] if asks_this_turn(condition) else []),
        *(["P-112"] if counts_gear(condition) else []),
    ]


def counts_gear(condition: Condition) -> bool:
    """Whether ``condition`` counts gear (P-112)."""
    return any(isinstance(leaf, GearCount) for leaf in leaves(condition))


def holds(table: MightTable, condition: Condition, context: Context) -> bool:
    """Whether ``condition`` is true of ``table`` as the card's words mean it."""
    if isinstance(condition, AllOf):
        return all(holds(table, part, context) for part in condition.all)
    if isinstance(condition, AnyOf):
        return any(holds(table, part, context) for part in condition.any)
    if isinstance(condition, Not):
        return not holds(table, condition.not_, context)
    if isinstance(condition, YouHold):
        held = sum(1 for field in table.battlefields if field.holder == context.controller)
        return held >= condition.you_hold
    if isinstance(condition, UnitCount):
        return condition.within(len(counted(table, condition.count, condition.here, context)))
    if isinstance(condition, GearCount):
        return condition.within(gear_count(table, condition.gear, context.controller))
    if isinstance(condition, Moved | DamageTaken | Played):
        return condition.within(this_turn(table, condition, context))
    uid = context.unit(condition.unit)
    if uid is None or not table.on_table(uid):
        return False
    return in_state(table.cards[uid], condition.state)


def this_turn(table: MightTable, condition: Moved | DamageTaken | Played, context: Context) -> int:
    """What a condition about this turn counts (P-55): a unit's moves or damage taken (none
    for a unit not on the table), or a player's plays."""
    history = table.this_turn or ThisTurn()  # a table no card asks it of remembers nothing
    if isinstance(condition, Played):
        player = context.controller if condition.by == "you" else 1 - context.controller
        return this_turn_plays(table, player, condition.played)
    uid = context.unit(condition.moved if isinstance(condition, Moved) else condition.damage_taken)
    if uid is None or not table.on_table(uid):
        return 0
    return history.moves_of(uid) if isinstance(condition, Moved) else history.damage_to(uid)


def this_turn_plays(table: MightTable, player: int, played: PlayCount) -> int:
    """How many cards, spells or units ``player`` played from hand this turn (P-55)."""
    history = table.this_turn or ThisTurn()  # a table no card asks it of remembers nothing
    cards = history.played_by(player)
    spells = history.played_by(player, spells=True)
    return {"cards": cards, "spells": spells, "units": cards - spells}[played]


def reading(table: MightTable, condition: Condition, context: Context) -> str:
    """The condition in words with what each part read, for the step that reads it (P-36,
    P-54): a combination names each part's value, a single condition only itself."""
    if not parts(condition):
        return condition.describe()
    return _words(
        condition, lambda leaf: f"{leaf.describe()} [{str(holds(table, leaf, context)).lower()}]"
    )


def counted(table: MightTable, whose: Counted, here: bool, context: Context) -> list[MightCard]:
    """The units a count or an amount counts (P-36)."""
    owner = {"friendly_units": context.controller, "enemy_units": 1 - context.controller}.get(whose)
    units = table.units(owner)
    if not here:
        return list(units)
    if context.battlefield is None:  # at a base: only that base's units, the controller's
        return [u for u in units if u.zone == "base" and u.controller == context.controller]
    return [u for u in units if u.zone == "battlefield" and u.battlefield == context.battlefield]


def gear_count(table: MightTable, whose: Literal["friendly", "enemy", "any"], you: int) -> int:
    """How many gear ``whose`` controls, seen from player ``you`` (P-112). "You control" reads
    the controller, not the owner, as every side does since control can change (P-107)."""
    player = {"friendly": you, "enemy": 1 - you}.get(whose)
    return sum(
        1
        for uid in table.cards
        if table.is_gear(uid) and (player is None or table.cards[uid].controller == player)
    )


def in_state(card: MightCard, state: UnitState) -> bool:
    if state in ("damaged", "undamaged"):
        return (card.damage > 0) == (state == "damaged")
    if state in ("exhausted", "ready"):
        return card.exhausted == (state == "exhausted")
    if state in ("attacking", "defending"):
        return card.role == ("attacker" if state == "attacking" else "defender")
    if state in ("at_a_battlefield", "at_base"):
        return (card.zone == "battlefield") == (state == "at_a_battlefield")
    return card.stunned
