"""What each card looks like on the table and where it lies: plain data, computed from a snapshot.

No Qt and no rules here: every number comes from the engine's table queries (HP, lines, Might).
The scene turns ``Placement`` records into graphics items.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from app.presentation.views import view_of
from engine.script import card_id
from engine.setup_places import ZoneAddress
from engine.table_shape import CardShape, TableShape

# The forms a card is drawn in, which every ruleset's layout picks from; sizes in scene units,
# which are screen pixels at 100% zoom.
CARD_W, CARD_H = 124, 140  # a card on the table
UNIT_W, UNIT_H = 102, 118  # a smaller card that may lie turned: UNIT_H wide, UNIT_W tall
STRIP_W, STRIP_H = 104, 30  # a card in hand, or one tucked under another
MARKER_W, MARKER_H = 70, 22  # a card set face down on a place's top edge
GAP = 12
LABEL = 18  # room for a zone's label above it
OWNER_COLORS = ("#2f6db5", "#b5452f")
FORMS = {"card": (CARD_W, CARD_H), "unit": (UNIT_W, UNIT_H), "strip": (STRIP_W, STRIP_H)}
FORMS["marker"] = (MARKER_W, MARKER_H)
# The most room a card of any form, upright or turned, takes right of and below its corner:
# what the scene keeps a card's place by until it comes into sight and its look is made.
REACH = (max(max(size) for size in FORMS.values()),) * 2


class CardLook(NamedTuple):
    """The face of a card item; equal looks mean nothing to repaint. A named tuple: a big table
    makes a thousand at its first show, at a fifth of a frozen dataclass's cost."""

    title: str
    owner: int
    form: str = "card"  # card, unit, strip (hand, Armament), marker (a set Ambush)
    subtitle: str = ""
    stat: str = ""
    stat_tone: str = "plain"  # plain, up, down
    bar: tuple[int, int] | None = None  # (current, maximum) HP
    counter: int = 0  # marked damage
    badges: tuple[str, ...] = ()
    face_down: bool = False
    back_text: str = ""
    sideways: bool = False  # exhausted: drawn turned, its text upright
    danger: bool = False  # lethal damage marked, or 0 HP waiting for the capture step
    tooltip: str = ""
    uid: str = ""  # shown on the card when it differs from the card's default id
    tucked: bool = False  # an Armament under its Soul
    text: str = ""  # the card's own text: the preview shows it under the face

    @property
    def size(self) -> tuple[int, int]:
        return form_size(self.form, self.sideways)


def form_size(form: str, sideways: bool = False) -> tuple[int, int]:
    """The width and height of a card drawn in ``form``, turned when ``sideways``."""
    w, h = FORMS[form]
    return (h, w) if sideways else (w, h)


class Placement(NamedTuple):
    """Where a card lies; its look is the ``LookCache``'s, made when it is first drawn."""

    uid: str
    x: float
    y: float
    z: float


class Decoration(NamedTuple):
    """Static drawing: an empty slot outline, a zone frame or a label."""

    kind: str  # "slot", "frame", "label"
    x: float
    y: float
    w: float = 0
    h: float = 0
    text: str = ""
    tooltip: str = ""


class Region(NamedTuple):
    """Where a zone of the table lies (a slot, a hand, a side of a battlefield), under the
    address the ruleset's set-up places give it (``engine.setup_places.Place.zone``): the
    set-up editor puts a card dropped in it there. A named tuple: a big table has hundreds."""

    zone: ZoneAddress
    x: float
    y: float
    w: float
    h: float

    def holds(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


@dataclass(frozen=True)
class Layout:
    placements: list[Placement]
    decorations: list[Decoration] = field(default_factory=list)
    shape: tuple[object, ...] = ()  # decorations change only when this changes
    bounds: tuple[float, float, float, float] = (0, 0, 0, 0)  # x, y, w, h of the table
    regions: list[Region] = field(default_factory=list)  # where each zone lies, as ``shape`` says
    # Laid out from the layout before (``LookCache.layout``): only these cards' looks may
    # differ from it. None: the whole table was laid out.
    relaid: frozenset[str] | None = field(default=None, compare=False)

    @cached_property
    def positions(self) -> dict[str, int]:
        """Where each card's placement is in ``placements``."""
        return {placement.uid: n for n, placement in enumerate(self.placements)}


class LookCache:
    """The looks and the layout of the last table laid out. A card's look is made when it is
    first asked for (``look_of``: the scene asks as the card comes into sight), and kept while
    the engine says the card did not change: a jump between steps of a big table recomputes
    only the looks of the cards that changed (and those whose HP, line or Might changed with
    them: ``differences`` is the engine's), and where none of them moved (the view's ``place``
    and ``frame``), lays out nothing again."""

    def __init__(self) -> None:
        self._looks: dict[str, CardLook] = {}
        self._shown: tuple[TableShape, Layout] | None = None  # the last table and its layout

    def layout(self, table: TableShape) -> Layout:
        shown, relaid = self._shown, None
        forgotten = self._forget(shown[0] if shown else None, table)
        if shown is not None and forgotten is not None:
            relaid = self._relay(*shown, table, forgotten)
        plan = relaid or view_of(table).layout(table, self)
        self._shown = (table, plan)
        return plan

    def look_of(self, uid: str) -> CardLook:
        """The look of card ``uid`` of the table last laid out."""
        assert self._shown is not None, "no table laid out"
        table = self._shown[0]
        return self.look(table, table.cards[uid])

    def _forget(
        self, before: TableShape | None, table: TableShape
    ) -> dict[str, CardLook | None] | None:
        """Forget the looks that may have changed since ``before``; return their cards, each
        with the look it had where one was made. None when all of them may have changed (no
        table before, or another game's)."""
        same_game = type(before) is type(table) and getattr(before, "defs", None) is getattr(
            table, "defs", None
        )
        if not same_game or not hasattr(table, "differences"):
            self._looks.clear()
            return None
        changed: set[str] = table.differences(before)
        return {uid: self._looks.pop(uid, None) for uid in changed}

    def _relay(
        self,
        before: TableShape,
        plan: Layout,
        table: TableShape,
        forgotten: dict[str, CardLook | None],
    ) -> Layout | None:
        """``plan`` again, where none of the ``forgotten`` cards moved, took another size or
        came or went, and the frame is the same; else None."""
        view = view_of(table)
        frame = view.frame(table)
        if frame is None or frame != view.frame(before):
            return None
        for uid, was_look in forgotten.items():
            was, card = before.cards.get(uid), table.cards.get(uid)
            if was is None or card is None:
                return None
            place = view.place(table, card)
            if place is None or place != view.place(before, was):
                return None
            # A look the layout read may have placed its card by its size; one never made was
            # not read (a layout that sizes a card itself says so in ``place``).
            if was_look is not None and self.look(table, card).size != was_look.size:
                return None
        relaid = Layout(
            plan.placements,
            plan.decorations,
            plan.shape,
            plan.bounds,
            plan.regions,
            frozenset(forgotten),
        )
        relaid.__dict__["positions"] = plan.positions  # the same cards in the same places
        return relaid

    def look(self, table: TableShape, card: CardShape) -> CardLook:
        found = self._looks.get(card.uid)
        if found is None:
            made = view_of(table).look(table, card)
            found = self._looks[card.uid] = with_uid(made, card.uid, card.name)
        return found


def tone(current: int, printed: int) -> str:
    """How a stat is drawn: raised, lowered, or as printed."""
    return "up" if current > printed else "down" if current < printed else "plain"


def with_uid(look: CardLook, uid: str, name: str) -> CardLook:
    """Show the id on cards whose id is not simply their name (two cards of one name)."""
    if uid == card_id(name) or look.face_down:
        return look
    return CardLook._make((*look[:UID], uid, *look[UID + 1 :]))  # ``_replace``, at a third


UID = CardLook._fields.index("uid")


def turn_banner(table: TableShape) -> str:
    return view_of(table).banner(table)


def game_over_text(table: TableShape) -> str:
    """``Game over: ...`` once the game has ended, else empty."""
    return view_of(table).game_over(table)


def chain_entries(table: TableShape) -> list[str]:
    """What waits on the table's chain, bottom to top, as people read it."""
    return view_of(table).chain_entries(table)


def hand_look(
    title: str, owner: int, subtitle: str, stat: str, tooltip: str, text: str = ""
) -> CardLook:
    """A card in hand: a strip with its name (the preview shows it whole, with its text)."""
    return CardLook(
        title=title,
        owner=owner,
        form="strip",
        subtitle=subtitle,
        stat=stat,
        tooltip=tooltip,
        text=text,
    )


def spread(count: int, room: float, size: float) -> float:
    """The distance between ``count`` cards of ``size`` laid in a line in ``room``: a small gap
    while they fit, overlapping once they do not."""
    step = size + 4
    return step if count * step <= room or count < 2 else (room - size) / (count - 1)
