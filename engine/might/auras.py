"""Might from auras (M-23, M-24, P-35): worked out from the sources each time Might is read,
never stored, so it ends the moment its source leaves the table, moves away or its condition
fails. The table's index keeps the units that have auras, so a table without any pays nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.might.cards import Aura, FieldAura
from engine.might.conditions import Context, holds

if TYPE_CHECKING:
    from engine.might.table import MightCard, MightTable


def _active(table: MightTable, source: MightCard, aura: Aura) -> bool:
    if source.zone not in ("base", "battlefield"):
        return False
    if aura.only_while is None:
        return True
    context = Context(me=source.uid, controller=source.controller, battlefield=source.battlefield)
    return holds(table, aura.only_while, context)


def _reaches(source: MightCard, aura: Aura, unit: MightCard) -> bool:
    """Whether ``aura`` of ``source`` reaches ``unit`` (both on the table), its condition
    aside."""
    itself = unit.uid == source.uid
    if aura.to == "self" or itself:
        return itself and aura.to in ("self", "friendly", "all")
    friendly = unit.controller == source.controller
    if aura.to in ("friendly", "other_friendly") and not friendly:
        return False
    if aura.to == "enemy" and friendly:
        return False
    if not aura.here:
        return True
    if source.zone == "battlefield":
        return unit.zone == "battlefield" and unit.battlefield == source.battlefield
    return unit.zone == "base" and unit.controller == source.controller


def _field_reaches(aura: FieldAura, holder: int | None, unit: MightCard) -> bool:
    if aura.to == "all":
        return True
    return holder is not None and (unit.controller == holder) == (aura.to == "holder")


def contributions(table: MightTable, uid: str) -> list[tuple[str, Aura | FieldAura]]:
    """The auras that add to ``uid``'s Might now, with their sources: its battlefield's
    first (P-47), then the units' in the order they came to the table."""
    unit = table.cards[uid]
    if unit.zone not in ("base", "battlefield"):
        return []
    field: list[tuple[str, Aura | FieldAura]] = []
    if unit.zone == "battlefield" and unit.battlefield is not None:
        place = table.battlefields[unit.battlefield]
        field = [(place.name, a) for a in place.auras if _field_reaches(a, place.holder, unit)]
    found: list[tuple[str, Aura | FieldAura]] = []
    for source_uid in table.index.auras:
        source = table.cards[source_uid]
        for aura in table.definition(source_uid).auras:
            if _reaches(source, aura, unit) and _active(table, source, aura):
                found.append((source_uid, aura))
    return field + sorted(found, key=lambda pair: table.arrival(pair[0]))


def bonus(table: MightTable, uid: str) -> int:
    """The Might ``uid`` has from auras (M-23)."""
    return sum(aura.might for _, aura in contributions(table, uid))


def reach(table: MightTable, source_uid: str) -> set[str]:
    """The units ``source_uid``'s auras reach now, conditions aside (a view of what its
    change may change)."""
    source = table.cards[source_uid]
    auras = table.definition(source_uid).auras
    if not auras or source.zone not in ("base", "battlefield"):
        return set()
    return {unit.uid for unit in table.units() if any(_reaches(source, a, unit) for a in auras)}


def touched(before: MightTable, after: MightTable, changed: Iterable[str]) -> set[str]:
    """The units whose aura Might may differ between ``before`` and ``after``, given the cards
    that changed: those an aura source that changed reaches, before or after, and those of
    sources whose controller's holdings changed (``you_hold``). Costs what changed."""
    sources = {uid for uid in changed if after.definition(uid).auras}
    units: set[str] = set()
    if before.battlefields != after.battlefields:  # a holder changed: a field's aura may too
        units |= {
            u.uid
            for index, field in enumerate(after.battlefields)
            if field.auras and field.holder != before.battlefields[index].holder
            for u in after.units_at(index)
        }
        sources |= {
            uid
            for uid in after.index.auras
            if any(a.only_while is not None for a in after.definition(uid).auras)
        }
    for uid in sources:
        units |= reach(after, uid)
        if uid in before.cards:
            units |= reach(before, uid)
    return units
