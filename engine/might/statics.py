"""Keywords and "can't be dealt damage" that a unit has while a condition holds (P-98): read
from its card each time they count (Might, assignment, a damage event, a target's cost), never
stored. The table's index keeps the units that have them, so a table without any pays nothing;
each step says which of them it turned on or off (``MightCore.record``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.might.cards import Static
from engine.might.conditions import Context, counts_gear, holds
from engine.might.keywords import KeywordName, keyword_total

if TYPE_CHECKING:
    from engine.might.table import MightTable


def active(table: MightTable, uid: str) -> list[Static]:
    """The statics of ``uid`` whose condition holds now, in the order its card lists them;
    none off the table: it has no keywords there (M-6)."""
    if not table.on_table(uid):
        return []
    card = table.cards[uid]
    context = Context(me=uid, controller=card.controller, battlefield=card.battlefield)
    return [s for s in table.definition(uid).statics if holds(table, s.only_while, context)]


def keyword(table: MightTable, uid: str, name: KeywordName) -> int:
    """The instances of ``name`` its statics give it now (0 without)."""
    return sum(keyword_total(s.keywords, name) for s in active(table, uid))


def role_bonus(table: MightTable, uid: str) -> int:
    """The Might its statics' Assault or Shield give it in its combat role now (M-28)."""
    role = table.cards[uid].role
    if role is None:
        return 0
    return keyword(table, uid, "Assault" if role == "attacker" else "Shield")


def takes_no_damage(table: MightTable, uid: str) -> bool:
    """A static that says it can't be dealt damage holds now (M-19)."""
    return any(s.cant_be_dealt_damage for s in active(table, uid))


def changed(before: MightTable, after: MightTable, uid: str) -> tuple[str, list[str]] | None:
    """What turned on or off for ``uid`` between two snapshots, in words, with the ruling a
    count of gear in their conditions applies (P-112; the others are P-98's own); None when
    nothing did. A unit that left the table lost them with it (M-6): nothing to say."""
    if not after.on_table(uid):
        return None
    then, now = active(before, uid), active(after, uid)
    began = [s for s in now if s not in then]
    ended = [s for s in then if s not in now]
    if not began and not ended:
        return None
    words = "; ".join(
        [
            *(f"{uid}'s static holds: {s.describe()}" for s in began),
            *(f"{uid}'s static no longer holds: {s.describe()}" for s in ended),
        ]
    )
    return words, ["P-112"] if any(counts_gear(s.only_while) for s in (*began, *ended)) else []
