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
        w, h = FORMS[self.form]
        return (h, w) if self.sideways else (w, h)


class Placement(NamedTuple):
    uid: str
    x: float
    y: float
    z: float
    look: CardLook


class Decoration(NamedTuple):
    """Static drawing: an empty slot outline, a zone frame or a label."""

    kind: str  # "slot", "frame", "label"
    x: float
    y: float
    w: float = 0
    h: float = 0
    text: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Region:
    """Where a zone of the table lies (a slot, a hand, a side of a battlefield), under the
    address the ruleset's set-up places give it (``engine.setup_places.Place.zone``): the
    set-up editor puts a card dropped in it there."""

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
    # Laid out from the layout before (``LookCache.layout``): only these cards' placements may
    # differ from it. None: the whole table was laid out.
    relaid: frozenset[str] | None = field(default=None, compare=False)

    @cached_property
    def positions(self) -> dict[str, int]:
        """Where each card's placement is in ``placements``."""
        return {placement.uid: n for n, placement in enumerate(self.placements)}


def layout(table: TableShape, looks: LookCache | None = None) -> Layout:
    """Where every card lies and what it looks like (the table's ruleset's view says); ``looks``
    keeps the looks of the table laid out before and reuses those of cards the engine says did
    not change."""
    return (looks or LookCache()).layout(table)


class LookCache:
    """The looks and the layout of the last table laid out. A jump between steps of a big table
    recomputes only the looks of the cards that changed (and those whose HP, line or Might
    changed with them: ``differences`` is the engine's), and where none of them moved (the
    view's ``place`` and ``frame``), lays out only those."""

    def __init__(self) -> None:
        self._looks: dict[str, CardLook] = {}
        self._shown: tuple[TableShape, Layout] | None = None  # the last table and its layout

    def layout(self, table: TableShape) -> Layout:
        shown, relaid = self._shown, None
        changed = self._forget(shown[0] if shown else None, table)
        if shown is not None and changed is not None:
            relaid = self._relay(*shown, table, changed)
        plan = relaid or view_of(table).layout(table, self)
        self._shown = (table, plan)
        return plan

    def _forget(self, before: TableShape | None, table: TableShape) -> set[str] | None:
        """Forget the looks that may have changed since ``before`` and return their cards;
        None when all of them may have (no table before, or another game's)."""
        same_game = type(before) is type(table) and getattr(before, "defs", None) is getattr(
            table, "defs", None
        )
        if not same_game or not hasattr(table, "differences"):
            self._looks.clear()
            return None
        changed: set[str] = table.differences(before)
        for uid in changed:
            self._looks.pop(uid, None)
        return changed

    def _relay(
        self, before: TableShape, plan: Layout, table: TableShape, changed: set[str]
    ) -> Layout | None:
        """``plan`` with the new looks of the ``changed`` cards, where none of them moved, took
        another size or came or went, and the frame is the same; else None."""
        view = view_of(table)
        frame = view.frame(table)
        if frame is None or frame != view.frame(before):
            return None
        for uid in changed:
            was, card = before.cards.get(uid), table.cards.get(uid)
            if was is None or card is None:
                return None
            place = view.place(table, card)
            if place is None or place != view.place(before, was):
                return None
        placements = list(plan.placements)
        positions = plan.positions
        for uid in changed & positions.keys():  # those off the table (a deck, a chain) stay off
            old, look = placements[positions[uid]], self.look(table, table.cards[uid])
            if look.size != old.look.size:
                return None
            placements[positions[uid]] = Placement(uid, old.x, old.y, old.z, look)
        relaid = Layout(
            placements, plan.decorations, plan.shape, plan.bounds, plan.regions, frozenset(changed)
        )
        relaid.__dict__["positions"] = positions  # the same cards in the same places
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
