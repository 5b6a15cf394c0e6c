"""Which units a card's words reach: a filter of units by state, Might and place, shared by the
units a player chooses (``TargetSpec``, M5, P-41) and the groups an effect reaches by itself,
every unit of a kind that passes the filter as it resolves (``Every``, P-69).

>>> Every(every="enemy_units", state="damaged", here=True).describe()
'every damaged enemy unit here'
>>> Every(every="units", might_at_most=3, at="battlefields").describe()
'every unit with 3 Might or less at a battlefield'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import model_validator

from engine.frozen import Frozen
from engine.might.conditions import Counted, UnitState, in_state

if TYPE_CHECKING:
    from engine.might.table import MightCard, MightTable

VOWEL_SOUNDS = ("a", "e", "i", "o", "und")  # "an enemy unit", "an undamaged unit", "a unit"
PLACES = {"at_a_battlefield": " at a battlefield", "at_base": " at a base"}


class UnitFilter(Frozen):
    """What a unit must be to be reached: its state, its Might, where it is, and not the card's
    own unit."""

    state: UnitState | None = None
    """Only units in this state: ``damaged``, ``undamaged``, ``exhausted``, ``ready``,
    ``attacking``, ``defending``, ``at_a_battlefield``, ``at_base``, ``stunned``."""
    might_at_most: int | None = None
    """Only units whose current Might is at most this ("a unit with 3 Might or less")."""
    might_at_least: int | None = None
    """Only units whose current Might is at least this ("a unit with 5 Might or more")."""
    here: bool = False
    """Abilities: only units where the ability's unit is (its battlefield, or its base)."""
    other: bool = False
    """Abilities: not the ability's own unit."""

    @model_validator(mode="after")
    def _some_might(self) -> UnitFilter:
        low, high = self.might_at_least, self.might_at_most
        if low is not None and high is not None and low > high:
            raise ValueError(f"no Might is at least {low} and at most {high}")
        return self

    def admits(self, table: MightTable, unit: MightCard, me: str | None, here: int | None) -> bool:
        """Whether ``unit`` passes; ``me`` is the card's own unit, ``here`` the battlefield
        "here" means (None: the base of ``me``'s owner)."""
        if self.state is not None and not in_state(unit, self.state):
            return False
        if self.other and unit.uid == me:
            return False
        if self.here and me is not None and not _is_here(table, unit, me, here):
            return False
        if self.might_at_most is None and self.might_at_least is None:
            return True
        might = table.might(unit.uid)
        return (self.might_at_most is None or might <= self.might_at_most) and (
            self.might_at_least is None or might >= self.might_at_least
        )

    def words(self, side: str, plural: bool) -> str:
        """The filter in words around a kind of unit: ``damaged enemy unit with 3 Might or less
        here``."""
        state = self.state or ""
        phrase = "" if state in PLACES or not state else f"{state.replace('_', ' ')} "
        phrase += ("enemy " if side == "enemy" else "") + ("units" if plural else "unit")
        phrase += " you control" if side == "own" else ""
        if self.might_at_most is not None and self.might_at_least is not None:
            phrase += f" with {self.might_at_least} to {self.might_at_most} Might"
        elif self.might_at_most is not None:
            phrase += f" with {self.might_at_most} Might or less"
        elif self.might_at_least is not None:
            phrase += f" with {self.might_at_least} Might or more"
        return phrase + PLACES.get(state, "") + (" here" if self.here else "")


class SourceFilter(UnitFilter):
    """What the unit a trigger is about (its ``source``) must be for the ability to trigger
    (P-83): ``{side: enemy}`` ("when an enemy unit dies"), ``{side: own, here: true}`` ("when a
    friendly unit moves here"). A source no longer on the table (a unit that died) is in no
    state and at no place: only ``side`` is read of it, by its owner."""

    side: Literal["own", "enemy", "any"] = "any"
    """Whose unit, seen from the ability's controller."""

    def passes(
        self, table: MightTable, source: str, controller: int, me: str | None, here: int | None
    ) -> bool:
        """Whether ``source`` is such a unit, for an ability of ``me`` controlled by
        ``controller`` (``here``: where ``me`` was, P-21)."""
        card = table.cards.get(source)
        if card is None:  # a token that ceased to exist (P-61) is no unit to read
            return False
        if self.side != "any" and (card.controller == controller) != (self.side == "own"):
            return False
        if table.on_table(source):
            return self.admits(table, card, me, here)
        return self == SourceFilter(side=self.side)  # in no state, at no place (P-36)

    def describe(self) -> str:
        """The filter in words: ``an enemy unit here``."""
        phrase = self.words(self.side, False)
        lead = "another " if self.other else "an " if phrase.startswith(VOWEL_SOUNDS) else "a "
        return lead + phrase


def _is_here(table: MightTable, unit: MightCard, me: str, here: int | None) -> bool:
    if here is not None:
        return unit.zone == "battlefield" and unit.battlefield == here
    return unit.zone == "base" and unit.controller == table.cards[me].controller


GroupPlace = Literal["battlefields", "bases", "combat"]
SIDES = {"units": "any", "enemy_units": "enemy", "friendly_units": "own"}


class Every(UnitFilter):
    """An effect's ``target`` that is a group: every unit of a kind that passes the filter as
    the effect resolves, each of them reached on its own (P-69):
    ``{every: enemy_units, state: damaged, here: true}``."""

    every: Counted
    """Whose units, seen from the card's controller: ``units`` (both players'),
    ``enemy_units`` or ``friendly_units``."""
    at: GroupPlace | None = None
    """Only units at ``battlefields``, at ``bases``, or in ``combat`` (attacking or defending
    in the combat under way); left out: wherever they are."""

    def side(self, controller: int) -> int | None:
        """The player whose units it reaches; None: both."""
        return {"enemy_units": 1 - controller, "friendly_units": controller}.get(self.every)

    def reaches(
        self, table: MightTable, controller: int, me: str | None, here: int | None
    ) -> list[str]:
        """The units it reaches now, in the order they came to the table (P-12)."""
        return [
            unit.uid
            for unit in table.units(self.side(controller))
            if self._is_at(unit) and self.admits(table, unit, me, here)
        ]

    def _is_at(self, unit: MightCard) -> bool:
        if self.at == "battlefields":
            return unit.zone == "battlefield"
        if self.at == "bases":
            return unit.zone == "base"
        return self.at is None or unit.role is not None

    def describe(self) -> str:
        places = {
            "battlefields": " at a battlefield",
            "bases": " at a base",
            "combat": " in combat",
        }
        return f"every {self.words(SIDES[self.every], False)}{places.get(self.at or '', '')}"
