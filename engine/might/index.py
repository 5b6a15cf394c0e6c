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


class _Kind(NamedTuple):
    """What a card's definition alone decides of its entry: worked out once a table."""

    gear: bool
    trigger: bool  # it has an ability
    aura: bool
    booster: bool  # standing Bonus Damage
    watch: bool  # a standing death replacement
    static: bool  # keywords while a condition holds


def _kinds(defs: Mapping[str, MightCardDef]) -> dict[str, _Kind]:
    return {
        name: _Kind(
            definition.kind == "gear",
            bool(definition.abilities),
            bool(definition.auras),
            definition.bonus_damage is not None,
            definition.replaces is not None,
            bool(definition.statics),
        )
        for name, definition in defs.items()
    }


def _entry(card: MightCard, index: MightIndex) -> tuple[bool, ...]:
    """The card's flags, in the order of ``_Entry``'s fields: a plain tuple, as it is made for
    every card moved (a named one's ``__new__`` is a Python call)."""
    kind = index.kinds[card.name]
    zone = card.zone
    on_table = zone == "base" or zone == "battlefield"
    unit = on_table and not kind.gear
    damaged = unit and card.damage > 0
    return (
        unit,
        damaged,
        on_table and kind.trigger,
        _has_lasting(card),
        damaged and card.has_lethal_damage(index.defs[card.name]),
        unit and kind.aura,
        unit and kind.booster,
        on_table and kind.gear and kind.watch,
        unit and kind.static,
    )


def _has_lasting(card: MightCard) -> bool:
    """An effect with a duration on the card (what expiration ends, M-13)."""
    return bool(
        card.modifiers
        or card.shields
        or card.doublers
        or card.lethal
        or card.statuses
        or card.saves
        or card.granted
        or card.delayed
        or card.control
    )


def _marked(marks: Marks, uid: str, mark: bool) -> Marks:
    """``marks`` with ``uid`` in them or not, as ``mark`` says (it differs from what they hold)."""
    return marks.set(uid, None) if mark else marks.delete(uid)


class MightIndex:
    """The marks, each a persistent set (a map to None). One is made for every card whose marks
    change, so it is a plain class with slots, set by a plain ``__init__``: a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, and a tuple holds
    its length too. Never changed once made: every update makes a new one."""

    __slots__ = (
        "defs",
        "kinds",
        "units",
        "damaged",
        "triggers",
        "lasting",
        "lethal",
        "auras",
        "boosters",
        "watchers",
        "statics",
    )

    def __init__(
        self,
        defs: Mapping[str, MightCardDef],  # the definitions it was made with (a table's own)
        kinds: Mapping[str, _Kind],  # each definition's part of an entry (``_kinds``), shared
        units: Marks,
        damaged: Marks,
        triggers: Marks,
        lasting: Marks,
        lethal: Marks,
        auras: Marks,
        boosters: Marks,
        watchers: Marks,
        statics: Marks,
    ) -> None:
        self.defs = defs
        self.kinds = kinds
        self.units = units
        self.damaged = damaged
        self.triggers = triggers
        self.lasting = lasting
        self.lethal = lethal
        self.auras = auras
        self.boosters = boosters
        self.watchers = watchers
        self.statics = statics

    @classmethod
    def build(cls, cards: Iterable[MightCard], defs: Mapping[str, MightCardDef]) -> MightIndex:
        empty: immutables.Map[Any, Any] = immutables.Map()
        index = cls(defs, _kinds(defs), *[empty] * 9)
        for card in cards:
            index = index.moved(None, card)
        return index

    def moved(self, old: MightCard | None, new: MightCard) -> MightIndex:
        """This index after a card changed from ``old`` to ``new`` (``old`` None: a card new
        to the index). A card never leaves the table's cards: leaving play is a zone. What the
        card was is read from the marks, not worked out again from ``old``."""
        uid = new.uid
        if old is not None and old.zone == new.zone and old.name == new.name:
            # Only its damage and effects changed (a damage, a heal, a modifier: most steps'
            # moves): the flags the zone and the definition decide stay, so only ``damaged``,
            # ``lasting`` and ``lethal`` can differ; ``old``'s are read from the marks as below.
            return self._restamped(old, new, uid)
        flags = _entry(new, self)
        # in the order of ``_Entry``'s flags; a damage or a heal changes one or two of them
        marks = [
            self.units,
            self.damaged,
            self.triggers,
            self.lasting,
            self.lethal,
            self.auras,
            self.boosters,
            self.watchers,
            self.statics,
        ]
        was = tuple([uid in mark for mark in marks])
        if was == flags:
            return self
        for number in range(len(flags)):
            if flags[number] != was[number]:
                marks[number] = _marked(marks[number], uid, flags[number])
        return MightIndex(self.defs, self.kinds, *marks)

    def _restamped(self, old: MightCard, new: MightCard, uid: str) -> MightIndex:
        """``moved`` for a card of the same name in the same zone (``_entry``'s three flags that
        read more than those)."""
        damaged = uid in self.units and new.damage > 0  # a unit stays one
        lasting = _has_lasting(new)
        lethal = damaged and new.has_lethal_damage(self.defs[new.name])
        was_damaged, was_lasting, was_lethal = (
            uid in self.damaged,
            uid in self.lasting,
            uid in self.lethal,
        )
        if damaged == was_damaged and lasting == was_lasting and lethal == was_lethal:
            return self
        return MightIndex(
            self.defs,
            self.kinds,
            self.units,
            self.damaged if damaged == was_damaged else _marked(self.damaged, uid, damaged),
            self.triggers,
            self.lasting if lasting == was_lasting else _marked(self.lasting, uid, lasting),
            self.lethal if lethal == was_lethal else _marked(self.lethal, uid, lethal),
            self.auras,
            self.boosters,
            self.watchers,
            self.statics,
        )
