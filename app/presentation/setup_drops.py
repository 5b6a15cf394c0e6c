"""Where a card dragged in set-up mode goes, as the engine judges it: the places a drop may go
(the place of the card it lies on, then the places of the table's zones under it, in the
ruleset's order), the first that takes the card, else the first with the engine's refusal; and
a pool card's face, as the table draws it at the first place that takes it. No Qt and no rules:
the places and their zones are the ruleset's (``engine.setup_places``), the judging its edits'
(``engine.setup_edits``).

>>> from engine.setup_edits import add_card, new_draft
>>> draft = add_card(new_draft("souls", ["Alice", "Bob"]), "Alice: slot A1", "Thorn Squire")
>>> on_a1 = drop_places(draft, [(0, "slot", "A1")])
>>> on_a1
['Alice: slot A1', 'Alice: Ambush at A1']
>>> judge(draft, Dragged("Pitfall"), on_a1).says()  # an Ambush is no Soul: set at the slot
'Drop: Pitfall to Alice: Ambush at A1'
>>> print(judge(draft, Dragged("Ember Imp"), on_a1).refusal)
setup.players[0].slots.A1: Alice: slot A1 holds Thorn Squire already: move or delete it first
>>> judge(draft, Dragged("Thorn Squire", "thorn-squire"), on_a1).says()
'Drop: thorn-squire stays at Alice: slot A1'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from app.presentation.looks import CardLook
from app.presentation.views import view_of
from engine.errors import ScenarioError
from engine.ruleset import ruleset
from engine.setup_edits import (
    Draft,
    add_card,
    checked,
    entries,
    entry,
    move_card,
    places,
    refusal_text,
)
from engine.setup_places import ZoneAddress


@dataclass(frozen=True)
class Dragged:
    """What a drag carries: a card of the pool, by ``name``, or with ``uid`` a card of the
    set-up."""

    name: str
    uid: str | None = None

    def edit(self, place: str) -> Callable[[Draft], Draft]:
        """The edit that puts it at ``place``: a pool card added, a set-up card moved."""
        name, uid = self.name, self.uid
        if uid is None:
            return lambda draft: add_card(draft, place, name)
        return lambda draft: move_card(draft, uid, place)


@dataclass(frozen=True)
class Drop:
    """A drop as the engine judged it: the place it goes (or the first tried, ``refusal``
    saying why the engine takes it at none) and whether it changes the set-up (a card dropped
    on its own place stays)."""

    dragged: Dragged
    place: str
    refusal: str = ""
    changes: bool = True

    @property
    def edit(self) -> Callable[[Draft], Draft]:
        return self.dragged.edit(self.place)

    def done(self) -> str:
        """What the status bar says once it is dropped (as the panel's Add and Move say it)."""
        if self.dragged.uid is None:
            return f"{self.dragged.name} added: {self.place}"
        return f"{self.dragged.uid} moved: {self.place}"

    def says(self) -> str:
        """What the status bar says while the card is held over the place."""
        what = self.dragged.uid or self.dragged.name
        if not self.changes:
            return f"Drop: {what} stays at {self.place}"
        refused = f" — not allowed: {self.refusal}" if self.refusal else ""
        return f"Drop: {what} to {self.place}{refused}"


def drop_places(draft: Draft, zones: Collection[ZoneAddress], card: str | None = None) -> list[str]:
    """The places a drop may go, in the order tried: the place of the set-up's card ``card``
    the drop lies on, then the places whose zone is among ``zones`` (the table's regions under
    the drop), in the ruleset's order."""
    found = [entry(draft, card).place.name] if card is not None else []
    found += [p.name for p in places(draft) if p.zone in zones and p.name not in found]
    return found


def judge(draft: Draft, dragged: Dragged, tried: Sequence[str]) -> Drop | None:
    """The first place of ``tried`` that the engine takes ``dragged`` at; where it takes it at
    none, the first, with its refusal. None when nothing is tried."""
    refusal = ""
    for place in tried:
        try:
            after = dragged.edit(place)(draft)
        except ScenarioError as error:
            refusal = refusal or refusal_text(error)
            continue
        return Drop(dragged, place, changes=after != draft)
    return Drop(dragged, tried[0], refusal) if tried else None


def pool_face(draft: Draft, name: str) -> CardLook | None:
    """The face of pool card ``name`` as the table draws it at the first place of the set-up
    that takes it; None where none does."""
    drop = judge(draft, Dragged(name), [place.name for place in places(draft)])
    if drop is None or drop.refusal:
        return None
    after = drop.edit(draft)
    had = {each.uid for each in entries(draft)}
    uid = next(each.uid for each in entries(after) if each.uid not in had)
    table = ruleset(after["ruleset"]).game(*checked(after)).table
    return view_of(table).look(table, table.cards[uid])
