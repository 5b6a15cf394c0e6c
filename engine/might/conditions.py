"""Facts of the table a might card can ask about: an effect's ``only_if``/``unless`` and an
aura's ``only_while`` (M-23, M-24, P-35, P-36), and how each is read.

A condition names a unit by its part in the card (``self``, ``source``, ``target``) and a
state it is in, or counts units, or asks how many battlefields the controller holds:

    {unit: target, state: exhausted}
    {count: enemy_units, here: true, at_least: 2}
    {you_hold: 1}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from engine.frozen import Frozen

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


class UnitIs(Frozen):
    """A unit is in a state: ``{unit: target, state: exhausted}``."""

    unit: Role = "self"
    """Which unit: ``self`` (the card's own unit), ``source`` (what caused the trigger) or
    ``target`` (the chosen unit). A unit that is not on the table is in no state."""
    state: UnitState
    """``damaged``/``undamaged`` (marked damage), ``exhausted``/``ready``, ``attacking``/
    ``defending`` (in the combat under way), ``at_a_battlefield``/``at_base``, ``stunned``."""

    def describe(self) -> str:
        who = {"self": "it", "source": "the source", "target": "the target"}[self.unit]
        return f"{who} is {self.state.replace('_', ' ')}"


class UnitCount(Frozen):
    """How many units there are: ``{count: enemy_units, here: true, at_least: 2}``."""

    count: Counted
    """Whose units, seen from the card's controller: ``friendly_units``, ``enemy_units`` or
    ``units`` (both players')."""
    here: bool = False
    """``true``: only those where the card's unit is (its battlefield, or its base)."""
    at_least: Annotated[int, Field(ge=0)] | None = None
    """The count is at least this."""
    at_most: Annotated[int, Field(ge=0)] | None = None
    """The count is at most this."""

    @model_validator(mode="after")
    def _bounded(self) -> UnitCount:
        if self.at_least is None and self.at_most is None:
            raise ValueError("a count needs at_least or at_most (or both)")
        return self

    def describe(self) -> str:
        bounds = [
            *([f"at least {self.at_least}"] if self.at_least is not None else []),
            *([f"at most {self.at_most}"] if self.at_most is not None else []),
        ]
        where = " here" if self.here else ""
        return f"{' and '.join(bounds)} {self.count.replace('_', ' ')}{where}"


class YouHold(Frozen):
    """The controller holds at least this many battlefields: ``{you_hold: 1}``."""

    you_hold: Annotated[int, Field(ge=0)]
    """The number of battlefields (M-14: a player holds what they conquered and still have a
    unit at)."""

    def describe(self) -> str:
        return f"you hold at least {self.you_hold} battlefield{'s' * (self.you_hold != 1)}"


def _form(value: object) -> str:
    """Which form a condition is, by its keys: so a mistake is reported against that form."""
    keys = value if isinstance(value, dict) else vars(value) if isinstance(value, Frozen) else {}
    return "you_hold" if "you_hold" in keys else "count" if "count" in keys else "unit"


Condition = Annotated[
    Annotated[UnitIs, Tag("unit")]
    | Annotated[UnitCount, Tag("count")]
    | Annotated[YouHold, Tag("you_hold")],
    Discriminator(_form),
]


class Context(Frozen):
    """Whom a condition's words mean: the card's unit, its source and target, its controller,
    and where "here" is."""

    me: str | None
    source: str | None = None
    target: str | None = None
    controller: int
    battlefield: int | None = None  # where "here" is: a battlefield; None: the unit's base


def holds(table: MightTable, condition: Condition, context: Context) -> bool:
    """Whether ``condition`` is true of ``table`` as the card's words mean it."""
    if isinstance(condition, YouHold):
        held = sum(1 for field in table.battlefields if field.holder == context.controller)
        return held >= condition.you_hold
    if isinstance(condition, UnitCount):
        count = sum(1 for _ in counted(table, condition.count, condition.here, context))
        return (condition.at_least is None or count >= condition.at_least) and (
            condition.at_most is None or count <= condition.at_most
        )
    uid = {"self": context.me, "source": context.source, "target": context.target}[condition.unit]
    if uid is None or not table.on_table(uid):
        return False
    return in_state(table.cards[uid], condition.state)


def counted(table: MightTable, whose: Counted, here: bool, context: Context) -> list[MightCard]:
    """The units a count or an amount counts (P-36)."""
    owner = {"friendly_units": context.controller, "enemy_units": 1 - context.controller}.get(whose)
    units = table.units(owner)
    if not here:
        return list(units)
    if context.battlefield is None:  # at a base: only that base's units, the controller's
        return [u for u in units if u.zone == "base" and u.owner == context.controller]
    return [u for u in units if u.zone == "battlefield" and u.battlefield == context.battlefield]


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
