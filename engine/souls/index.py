"""What the souls table looks up instead of scanning every card: who stands on which slot, the
Armament on each Soul, the captured Souls a static counts, the cards that can trigger and what
ends with the turn (issue 11, docs/performance.md).

The index is derived from the cards alone and kept with them (``CardMap.derived``); replacing one
card updates it by what that card was and is (and, for HP, the Souls whose HP depends on it), so
a step costs the same on 18 cards as on 1,000. Each entry is a persistent map, so the index of
every snapshot on the timeline shares all that did not change. ``SoulsIndex.build`` makes it
from scratch; ``tests/test_souls_index.py`` checks the updated index against it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import immutables

from engine.souls.cards import CardDef, GrantingStatic

if TYPE_CHECKING:
    from engine.souls.table import CardState

TRIGGERS = (
    "damaged",
    "captured",
    "another_captured",
    "front_line",
    "end_of_turn",
    "attacks",
)  # fire by themselves
K = TypeVar("K", bound=Hashable)
Group = immutables.Map[K, tuple[str, ...]]
Marks = immutables.Map[str, None]


def _grouped(group: Group[K], key: K, uid: str, add: bool) -> Group[K]:
    """``group`` with ``uid`` added to or taken from the entry ``key``."""
    now = group.get(key, ())
    if add:
        return group.set(key, (*now, uid))
    rest = tuple(u for u in now if u != uid)
    return group.set(key, rest) if rest else group.delete(key)


def _counted(counts: immutables.Map[K, int], key: K, step: int) -> immutables.Map[K, int]:
    total = counts.get(key, 0) + step
    return counts.set(key, total) if total else counts.delete(key)


def _marked(marks: Marks, uid: str, mark: bool) -> Marks:
    if mark:
        return marks if uid in marks else marks.set(uid, None)
    return marks.delete(uid) if uid in marks else marks


def _same_places(old: CardState, new: CardState) -> bool:
    """True when every field ``_places`` reads is the same in both (bonuses: the same tuple)."""
    return (
        old.name == new.name
        and old.zone == new.zone
        and old.slot == new.slot
        and old.attached_to == new.attached_to
        and old.face_down == new.face_down
        and old.attacked_this_turn == new.attacked_this_turn
        and old.bonuses is new.bonuses
        and old.shields is new.shields
        and old.prevented_this_turn == new.prevented_this_turn
    )


class _Entry(NamedTuple):
    group: str | None  # the zone whose group holds the card (None: no group)
    key: Any  # its key there: (owner, slot), the Soul it is attached to, or the owner
    counted: tuple[str | None, ...]  # as a captured Soul: None (all) and each of its traits
    static: bool
    grants: bool
    trigger: bool
    expires: bool


def _places(card: CardState | None, defs: Mapping[str, CardDef]) -> _Entry | None:
    """Where ``card`` goes in the index: its group and key, the traits a capture counts, and
    whether it has a counting static on the table, a granting static on the table (P-90), a
    trigger on the table and something that ends with the turn."""
    if card is None:
        return None
    definition = defs[card.name]
    zone, on_table = card.zone, card.zone in ("slot", "realm")
    key: Any = None
    if zone in ("slot", "ambush") and card.slot is not None:
        key = (card.owner, card.slot)
    elif zone == "armament" and card.attached_to is not None:
        key = card.attached_to
    elif zone == "realm":
        key = card.owner
    group = zone if key is not None else None
    counted: tuple[str | None, ...] = ()
    if zone == "slot" and card.face_down:
        counted = (None, *sorted(set(definition.traits)))
    return _Entry(
        group,
        key,
        counted,
        on_table and any(not isinstance(s, GrantingStatic) for s in definition.statics),
        on_table and any(isinstance(s, GrantingStatic) for s in definition.statics),
        on_table and any(ability.when in TRIGGERS for ability in definition.abilities),
        _expires(card),
    )


def _expires(card: CardState) -> bool:
    """Whether something on ``card`` ends with the turn: an "until end of turn" bonus or
    shield (S-6, P-103), its attack this turn, its own once-a-turn prevention used (P-104)."""
    return (
        card.attacked_this_turn
        or card.prevented_this_turn
        or any(b.duration == "end_of_turn" for b in card.bonuses)
        or any(s.duration == "end_of_turn" for s in card.shields)
    )


@dataclass(frozen=True, slots=True)
class SoulsIndex:
    defs: Mapping[str, CardDef]  # the definitions it was made with (a table's own)
    slots: Group[tuple[int, str]]  # (owner, slot) -> cards on it (zone "slot")
    ambushes: Group[tuple[int, str]]  # (owner, slot) -> face-down Ambushes at it
    realms: Group[int]  # owner -> Realm(s)
    armaments: Group[str]  # Soul -> the Armament attached to it
    captured: immutables.Map[tuple[int, str | None], int]  # (owner, trait or None) -> count
    statics: Marks  # cards on the table with a counting static
    grants: Marks  # cards on the table with a granting static (P-90)
    triggers: Marks  # cards on the table with a triggered ability
    expiring: Marks  # an "until end of turn" bonus or shield, attacked or prevented this turn

    @classmethod
    def build(cls, cards: Iterable[CardState], defs: Mapping[str, CardDef]) -> SoulsIndex:
        """The index of ``cards``."""
        empty: immutables.Map[Any, Any] = immutables.Map()
        index = cls(defs, empty, empty, empty, empty, empty, empty, empty, empty, empty)
        for card in cards:
            index = index.moved(None, card)
        return index

    def moved(self, old: CardState | None, new: CardState | None) -> SoulsIndex:
        """This index after a card changed from ``old`` to ``new`` (None: absent)."""
        if old is not None and new is not None and _same_places(old, new):
            return self  # damage: nothing the index holds (the common case, kept cheap)
        before, after = _places(old, self.defs), _places(new, self.defs)
        if before == after:
            return self  # damage, a bonus that stays: nothing the index holds
        slots, ambushes, realms, armaments = self.slots, self.ambushes, self.realms, self.armaments
        captured, statics, grants, triggers, expiring = (
            self.captured,
            self.statics,
            self.grants,
            self.triggers,
            self.expiring,
        )
        for card, places, add in ((old, before, False), (new, after, True)):
            if card is None or places is None:
                continue
            uid = card.uid
            group, key, counted, static, grant, trigger, expires = places
            if group == "slot":
                slots = _grouped(slots, key, uid, add)
            elif group == "ambush":
                ambushes = _grouped(ambushes, key, uid, add)
            elif group == "realm":
                realms = _grouped(realms, key, uid, add)
            elif group == "armament":
                armaments = _grouped(armaments, key, uid, add)
            for trait in counted:
                captured = _counted(captured, (card.owner, trait), 1 if add else -1)
            statics = _marked(statics, uid, add and static)
            grants = _marked(grants, uid, add and grant)
            triggers = _marked(triggers, uid, add and trigger)
            expiring = _marked(expiring, uid, add and expires)
        return replace(
            self,
            slots=slots,
            ambushes=ambushes,
            realms=realms,
            armaments=armaments,
            captured=captured,
            statics=statics,
            grants=grants,
            triggers=triggers,
            expiring=expiring,
        )

    def affected(self, old: CardState | None, new: CardState | None) -> set[str]:
        """The cards whose HP may differ after ``old`` became ``new`` (this index is the one
        after): the card, the Souls its Armament leaves or joins, and, when the captured Souls
        counted changed, every card with a counting static (14.5.3); when a card moved while a
        granting static is on the table, every Soul on a slot, as the Souls it gives to and
        the lines may have changed (P-90). A capture check looks only at these
        (``SoulsGame._capture_check``)."""
        uids: set[str] = set()
        captured = False
        for card in (old, new):
            if card is None:
                continue
            uids.add(card.uid)
            if card.zone == "armament" and card.attached_to is not None:
                uids.add(card.attached_to)
            captured = captured or (card.zone == "slot" and card.face_down)
        if captured:
            uids.update(self.statics)
        if self.grants and not (old is not None and new is not None and _same_spot(old, new)):
            uids.update(uid for group in self.slots.values() for uid in group)
        return uids


def _same_spot(old: CardState, new: CardState) -> bool:
    """The same zone, slot and face: what a granting static and the lines read (P-90, S-2)."""
    return (old.zone, old.slot, old.face_down) == (new.zone, new.slot, new.face_down)
