"""Facts of the table a souls card can ask about: an effect's ``only_if``/``unless`` (P-50),
the numbers a chosen target must be within (P-51), and how each is read.

A condition names a card by its part in the card (``self``, ``source``, ``target``) and what
it must be, or counts Souls, or joins other conditions::

    {soul: target, state: damaged}
    {soul: self, line: front, hp_at_most: 10}
    {count: own_souls, fewer_than: enemy_souls}
    {count: enemy_captured, trait: Underling, at_least: 2}
    {any_of: [{soul: target, state: undamaged}, {none_of: [{soul: self, line: back}]}]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from engine.frozen import Frozen
from engine.names import Name

if TYPE_CHECKING:
    from engine.souls.table import SoulsTable

Whose = Literal["self", "source", "target"]
SoulState = Literal["damaged", "undamaged", "captured", "active"]
Counted = Literal["own_souls", "enemy_souls", "souls", "own_captured", "enemy_captured", "captured"]
_COUNTED: dict[str, tuple[Literal["own", "enemy", "any"], bool, str]] = {  # side, captured
    "own_souls": ("own", False, "your active Souls"),
    "enemy_souls": ("enemy", False, "enemy active Souls"),
    "souls": ("any", False, "active Souls"),
    "own_captured": ("own", True, "your captured Souls"),
    "enemy_captured": ("enemy", True, "enemy captured Souls"),
    "captured": ("any", True, "captured Souls"),
}
_WHO = {"self": "it", "source": "the source", "target": "the target"}
Bound = Annotated[int, Field(ge=0)] | None


class Bounds(Frozen):
    """Numbers a card's current HP and power must be within, as they are read: "a Soul with
    10 HP or less" is ``hp_at_most: 10`` (S-6, P-51)."""

    hp_at_most: Bound = None
    """Its current HP (max HP less its damage, S-6) is this or less."""
    hp_at_least: Bound = None
    """Its current HP is this or more."""
    power_at_most: Bound = None
    """Its current power is this or less (a Realm's is 0)."""
    power_at_least: Bound = None
    """Its current power is this or more."""

    def bounded(self) -> bool:
        """Whether any number is given."""
        bounds = (self.hp_at_most, self.hp_at_least, self.power_at_most, self.power_at_least)
        return bounds != (None, None, None, None)

    def within(self, table: SoulsTable, uid: str) -> bool:
        """Whether ``uid``'s current HP and power are within the numbers given."""
        if not self.bounded():  # nothing to read: every edit's target check comes here
            return True
        hp, power = table.hp(uid), table.power(uid)
        return (
            (self.hp_at_most is None or hp <= self.hp_at_most)
            and (self.hp_at_least is None or hp >= self.hp_at_least)
            and (self.power_at_most is None or power <= self.power_at_most)
            and (self.power_at_least is None or power >= self.power_at_least)
        )

    def describe_bounds(self) -> str:
        """The numbers in words, empty when none is given.

        >>> Bounds(hp_at_most=10).describe_bounds()
        'with 10 HP or less'
        >>> Bounds(hp_at_least=20, power_at_most=5).describe_bounds()
        'with 20 HP or more and 5 power or less'
        """
        words = [
            f"{n} {stat} or {how}"
            for n, stat, how in (
                (self.hp_at_most, "HP", "less"),
                (self.hp_at_least, "HP", "more"),
                (self.power_at_most, "power", "less"),
                (self.power_at_least, "power", "more"),
            )
            if n is not None
        ]
        return f"with {' and '.join(words)}" if words else ""


class SoulFilter(Bounds):
    """What an active Soul must be to fit: a state, a line and numbers, read from the table as
    they are asked (S-2, S-6, P-51). A chosen target's spec (``TargetSpec``) and a group an
    effect reaches (``Every``, P-102) say it the same way."""

    line: Literal["front", "back", "any"] = "any"
    """The Soul's line (S-2); Souls only."""
    state: Literal["damaged", "undamaged"] | None = None
    """``damaged``: only a card with damage; ``undamaged``: only one without."""

    def admits(self, table: SoulsTable, uid: str) -> bool:
        """Whether ``uid`` is active and in the state, line and numbers asked."""
        line = None if self.line == "any" else self.line
        return table.is_active(uid) and _fits(table, uid, self.state, line, self)


class SoulIs(Bounds):
    """A card is in a state, in a line or within numbers: ``{soul: target, state: damaged}``,
    ``{soul: self, line: front}``, ``{soul: source, hp_at_most: 10}`` (P-50)."""

    soul: Whose = "self"
    """Which card: ``self`` (the card with the effect), ``source`` (what set off its
    trigger) or ``target`` (the chosen card). One that is not on the table is in no state."""
    state: SoulState | None = None
    """``damaged`` (it has damage) or ``undamaged``, ``captured`` (face down on its slot),
    ``active`` (a Soul or Realm face up on the table, 14.5.1). Every state but ``captured``,
    every line and every number holds only of an active card."""
    line: Literal["front", "back"] | None = None
    """The Soul's line as it is read (S-2)."""

    @model_validator(mode="after")
    def _says_something(self) -> SoulIs:
        if self.state is None and self.line is None and not self.bounded():
            raise ValueError(
                "a condition on a Soul says what it must be: state, line, hp_at_most, "
                "hp_at_least, power_at_most or power_at_least"
            )
        if self.state == "captured" and (self.line is not None or self.bounded()):
            raise ValueError(
                "a captured Soul is not active: it has no line, HP or power to ask about (14.5.1)"
            )
        return self

    def describe(self, uid: str | None = None) -> str:
        """The condition in words, naming the card read (``uid``) when given.

        >>> SoulIs(soul="target", state="damaged", hp_at_most=10).describe()
        'the target is damaged and with 10 HP or less'
        >>> SoulIs(line="front").describe("sylva")
        'it (sylva) is in the Front Line'
        """
        parts = [
            *([self.state] if self.state else []),
            *([f"in the {self.line.capitalize()} Line"] if self.line else []),
            *([self.describe_bounds()] if self.bounded() else []),
        ]
        who = _WHO[self.soul] + (f" ({uid})" if uid else "")
        return f"{who} is {' and '.join(parts)}"


class SoulCount(Frozen):
    """How many Souls there are, against a number or another count: ``{count: own_souls,
    fewer_than: enemy_souls}``, ``{count: enemy_captured, at_least: 2}`` (P-50)."""

    count: Counted
    """What is counted, seen from the card's controller: ``own_souls``, ``enemy_souls``,
    ``souls`` (active Souls on slots); ``own_captured``, ``enemy_captured``, ``captured``
    (captured Souls still on slots, 14.5.3)."""
    trait: Name | None = None
    """Only Souls with this trait count, on both sides of a comparison."""
    at_least: Bound = None
    """The count is this or more."""
    at_most: Bound = None
    """The count is this or less."""
    fewer_than: Counted | None = None
    """The count is below this other count ("if you have fewer active Souls than your
    opponent": ``{count: own_souls, fewer_than: enemy_souls}``)."""
    more_than: Counted | None = None
    """The count is above this other count."""

    @model_validator(mode="after")
    def _compared(self) -> SoulCount:
        if all(b is None for b in (self.at_least, self.at_most, self.fewer_than, self.more_than)):
            raise ValueError("a count needs at_least, at_most, fewer_than or more_than")
        return self

    def describe(self, read: Mapping[Counted, int] | None = None) -> str:
        """The condition in words, with the numbers ``read`` for each count when given.

        >>> SoulCount(count="own_souls", fewer_than="enemy_souls").describe()
        'your active Souls are fewer than enemy active Souls'
        >>> SoulCount(count="enemy_captured", trait="Underling", at_least=2).describe(
        ...     {"enemy_captured": 1})
        'enemy captured Underlings (1) are at least 2'
        """

        def words(counted: Counted) -> str:
            return self.words_for(counted) + (f" ({read[counted]})" if read else "")

        bounds = [
            f"{word} {words(other) if isinstance(other, str) else other}"
            for word, other in (
                ("at least", self.at_least),
                ("at most", self.at_most),
                ("fewer than", self.fewer_than),
                ("more than", self.more_than),
            )
            if other is not None
        ]
        return f"{words(self.count)} are {' and '.join(bounds)}"

    def words_for(self, counted: Counted) -> str:
        """What ``counted`` counts, in words, with this count's trait."""
        words = _COUNTED[counted][2]
        return words.replace("Souls", f"{self.trait}s") if self.trait else words


class AllOf(Frozen):
    """Every one of these conditions holds: ``{all_of: [..., ...]}`` (P-50)."""

    all_of: tuple[Condition, ...] = Field(min_length=2)
    """Two or more conditions, read in order."""


class AnyOf(Frozen):
    """At least one of these conditions holds: ``{any_of: [..., ...]}`` (P-50)."""

    any_of: tuple[Condition, ...] = Field(min_length=2)
    """Two or more conditions, read in order."""


class NoneOf(Frozen):
    """None of these conditions holds: ``{none_of: [...]}``, "not" for one (P-50)."""

    none_of: tuple[Condition, ...] = Field(min_length=1)
    """One or more conditions, read in order."""


_FORMS = {"all_of": "[all_of]", "any_of": "[any_of]", "none_of": "[none_of]", "count": "[count]"}


def _form(value: object) -> str:
    """Which form a condition is, by its keys: so a mistake is reported against that form. The
    tags are bracketed, so that a located error names no tag as a key of the file."""
    keys = value if isinstance(value, dict) else vars(value) if isinstance(value, Frozen) else {}
    return next((tag for key, tag in _FORMS.items() if key in keys), "[soul]")


Condition = Annotated[
    Annotated[SoulIs, Tag("[soul]")]
    | Annotated[SoulCount, Tag("[count]")]
    | Annotated[AllOf, Tag("[all_of]")]
    | Annotated[AnyOf, Tag("[any_of]")]
    | Annotated[NoneOf, Tag("[none_of]")],
    Discriminator(_form),
]
"""A fact of the table an effect asks about as it resolves (P-50)."""

for _joined in (AllOf, AnyOf, NoneOf):
    _joined.model_rebuild()


class Conditional(Frozen):
    """What every souls effect may have: a condition read as the effect resolves (P-50)."""

    only_if: Condition | None = None
    """The effect happens only if this holds as it resolves: ``{soul: target, state:
    damaged}``, ``{count: own_souls, fewer_than: enemy_souls}``, ``{all_of: [...]}``."""
    unless: Condition | None = None
    """The effect happens unless this holds as it resolves (same forms as ``only_if``)."""

    def conditions(self) -> list[tuple[bool, Condition]]:
        """Each condition with whether it must hold (``only_if``) or must not (``unless``)."""
        return [
            *([(True, self.only_if)] if self.only_if is not None else []),
            *([(False, self.unless)] if self.unless is not None else []),
        ]


class Reading(Frozen):
    """Whom a condition's words mean: the card with the effect, its source and chosen target,
    and its controller."""

    me: str
    source: str | None = None
    target: str | None = None
    controller: int


def souls_named(condition: Condition) -> set[str]:
    """The parts (``self``, ``source``, ``target``) a condition names, its inner ones too."""
    if isinstance(condition, SoulIs):
        return {condition.soul}
    if isinstance(condition, SoulCount):
        return set()
    inner = _inner(condition)
    return set().union(*(souls_named(c) for c in inner))


def _inner(condition: AllOf | AnyOf | NoneOf) -> Sequence[Condition]:
    if isinstance(condition, AllOf):
        return condition.all_of
    return condition.any_of if isinstance(condition, AnyOf) else condition.none_of


def explain(table: SoulsTable, condition: Condition, reading: Reading) -> tuple[bool, str]:
    """Whether ``condition`` holds of ``table`` as the card's words mean it, and what was read,
    in words (each inner condition with its own answer)."""
    if isinstance(condition, SoulIs):
        uid = {"self": reading.me, "source": reading.source, "target": reading.target}[
            condition.soul
        ]
        held = uid is not None and uid in table.cards and _soul_is(table, condition, uid)
        return held, condition.describe(uid or "none")
    if isinstance(condition, SoulCount):
        return _count_holds(table, condition, reading.controller)
    answers = [explain(table, c, reading) for c in _inner(condition)]
    truths = [held for held, _ in answers]
    if isinstance(condition, AllOf):
        held, word = all(truths), "all of"
    else:
        held, word = any(truths), "any of"
        if isinstance(condition, NoneOf):
            held, word = not held, "none of"
    parts = "; ".join(f"{words}: {str(truth).lower()}" for truth, words in answers)
    return held, f"{word} ({parts})"


def _soul_is(table: SoulsTable, condition: SoulIs, uid: str) -> bool:
    card = table.cards[uid]
    captured = card.zone == "slot" and card.face_down
    if condition.state == "captured":
        return captured
    return table.is_active(uid) and _fits(table, uid, condition.state, condition.line, condition)


def _fits(table: SoulsTable, uid: str, state: str | None, line: str | None, bounds: Bounds) -> bool:
    """Whether the active card ``uid`` is in ``state`` (``damaged`` or ``undamaged``; any other
    or None asks nothing), in ``line`` (None: either) and within ``bounds``."""
    if state in ("damaged", "undamaged") and (table.cards[uid].damage > 0) != (state == "damaged"):
        return False
    if line is not None and table.line(uid) != line:
        return False
    return bounds.within(table, uid)


def count_of(table: SoulsTable, counted: Counted, controller: int, trait: str | None) -> int:
    """The Souls ``counted`` names, seen from ``controller``, only those with ``trait`` when one
    is given: active ones on slots, or captured ones still there (14.5.3)."""
    side, captured, _ = _COUNTED[counted]
    if captured:
        return table.captured_count(controller, side, trait)
    owner = {"own": controller, "enemy": 1 - controller}.get(side)
    return sum(
        1
        for card in table.souls(owner)
        if not card.face_down and (trait is None or trait in table.defs[card.name].traits)
    )


def _count_holds(table: SoulsTable, condition: SoulCount, controller: int) -> tuple[bool, str]:
    read = {
        counted: count_of(table, counted, controller, condition.trait)
        for counted in (condition.count, condition.fewer_than, condition.more_than)
        if counted is not None
    }
    number = read[condition.count]
    held = (
        (condition.at_least is None or number >= condition.at_least)
        and (condition.at_most is None or number <= condition.at_most)
        and (condition.fewer_than is None or number < read[condition.fewer_than])
        and (condition.more_than is None or number > read[condition.more_than])
    )
    return held, condition.describe(read)
