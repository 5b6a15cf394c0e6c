"""What the might table looks up instead of scanning every card: the units on the table, those
with marked damage, those with lethal damage by their own Might (M1; auras aside: with an aura on
the table the table reads lethal from the damaged units, M-23), those with a triggered ability
(gear's included), those with an aura, those with standing Bonus Damage (P-76), the gear with a
standing death replacement (P-67), the units with keywords while a condition holds (P-98), and
the cards with lasting effects (what expiration ends, M-13). Kept with the cards and updated card
by card (``engine/indexed.py``); ``tests/might/test_index.py`` checks it against one built from
scratch.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

import immutables

from engine.might.cards import MightCardDef

if TYPE_CHECKING:
    from engine.might.table import MightCard

Marks = immutables.Map[str, None]


class _Entry(NamedTuple):
    unit: bool  # a unit on the table (base or a battlefield); gear is no unit (P-66)
    damaged: bool  # a unit with marked damage
    trigger: bool  # a unit or a gear on the table with an ability
    lasting: bool  # any card with an effect that has a duration
    lethal: bool  # a unit with lethal damage by its own Might (M1)
    aura: bool  # a unit with an aura (M-23)
    booster: bool  # a unit with standing Bonus Damage (P-76)
    watch: bool  # a gear on the table with a standing death replacement (P-67)
    static: bool  # a unit with keywords while a condition holds (P-98)


def _entry(card: MightCard, defs: Mapping[str, MightCardDef]) -> _Entry:
    on_table = card.zone in ("base", "battlefield")
    definition = defs[card.name]
    gear = definition.kind == "gear"
    unit = on_table and not gear
    return _Entry(
        unit,
        unit and card.damage > 0,
        on_table and bool(definition.abilities),
        bool(
            card.modifiers
            or card.shields
            or card.doublers
            or card.lethal
            or card.statuses
            or card.saves
            or card.granted
            or card.delayed
            or card.control
        ),
        unit and card.has_lethal_damage(definition),
        unit and bool(definition.auras),
        unit and definition.bonus_damage is not None,
        on_table and gear and definition.replaces is not None,
        unit and bool(definition.statics),
    )


def _marked(marks: Marks, uid: str, mark: bool) -> Marks:
    if mark:
        return marks if uid in marks else marks.set(uid, None)
    return marks.delete(uid) if uid in marks else marks


@dataclass(frozen=True, slots=True)
class MightIndex:
    defs: Mapping[str, MightCardDef]  # the definitions it was made with (a table's own)
    units: Marks
    damaged: Marks
    triggers: Marks
    lasting: Marks
    lethal: Marks
    auras: Marks
    boosters: Marks
    watchers: Marks
    statics: Marks

    @classmethod
    def build(cls, cards: Iterable[MightCard], defs: Mapping[str, MightCardDef]) -> MightIndex:
        empty: immutables.Map[Any, Any] = immutables.Map()
        index = cls(defs, empty, empty, empty, empty, empty, empty, empty, empty, empty)
        for card in cards:
            index = index.moved(None, card)
        return index

    def moved(self, old: MightCard | None, new: MightCard) -> MightIndex:
        """This index after a card changed from ``old`` to ``new`` (``old`` None: a card new
        to the index). A card never leaves the table's cards: leaving play is a zone."""
        flags = _entry(new, self.defs)
        if old is not None and _entry(old, self.defs) == flags:
            return self
        uid = new.uid
        return replace(
            self,
            units=_marked(self.units, uid, flags.unit),
            damaged=_marked(self.damaged, uid, flags.damaged),
            triggers=_marked(self.triggers, uid, flags.trigger),
            lasting=_marked(self.lasting, uid, flags.lasting),
            lethal=_marked(self.lethal, uid, flags.lethal),
            auras=_marked(self.auras, uid, flags.aura),
            boosters=_marked(self.boosters, uid, flags.booster),
            watchers=_marked(self.watchers, uid, flags.watch),
            statics=_marked(self.statics, uid, flags.static),
        )
