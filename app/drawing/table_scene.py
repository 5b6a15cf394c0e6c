"""The table as a QGraphicsScene: one item per card, updated in place when the step changes.

The scene's extent is the layout's bounds, grown (never shrunk) while one file is open, so the
table keeps its size and place as steps come and go; ``reset`` starts afresh for a new file.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QCursor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.drawing.arrows import arrow_route, arrow_shape
from app.drawing.card_painter import (
    ACTION_OUTLINE,
    HIGHLIGHT,
    paint_card,
    paint_uid,
    shared_face,
)
from app.drawing.chips import DELTA_STYLE, PILL_H, PILL_PAD
from app.drawing.faces import FACES
from app.drawing.fonts import MIN_TEXT_PX, font
from app.drawing.out_of_sight import OutOfSight
from app.drawing.tooltips import plain_tooltip
from app.presentation.looks import (
    LABEL,
    REACH,
    CardLook,
    Decoration,
    Layout,
    LookCache,
    Placement,
    Region,
)
from app.presentation.step_marks import Delta, StepMarks, step_marks
from engine.setup_places import ZoneAddress
from engine.table_shape import TableShape
from engine.timeline import Step

TABLE_GREEN = QColor("#2e5e3e")
ARROW = QColor("#ff9d2e")
ARROW_Z = 50  # over every card: what it would hide is cut out of it
TARGET_OUTLINE = QColor("#4fc3f7")  # a legal target while one is picked: light blue, dotted
DIMMED = 0.35  # the opacity of a card that cannot be picked
# The zones (a table has a thousand slots: each is made with these, not its own)
LABEL_INK, ZONE_NAME_INK = QBrush(QColor("#f4f1e6")), QBrush(QColor("#dfeee2"))
SLOT_PEN = QPen(QColor("#cfe3d3"), 1.5, Qt.PenStyle.DashLine)
FRAME_PEN = QPen(QColor("#cfe3d3"), 1.5, Qt.PenStyle.SolidLine)
FRAME_FILL = QBrush(QColor(255, 255, 255, 18))
# Where a card dragged in set-up mode would go: the engine takes it there, or refuses it
DROP_COLORS = {False: QColor("#ffd54a"), True: QColor("#ff5a4f")}


def bounds(look: CardLook) -> QRectF:
    """A card item's bounds: its face and the margin of its outline."""
    w, h = look.size
    return QRectF(-5, -5, w + 10, h + 10)


@cache
def hand_cursor() -> QCursor:
    """The cursor over a card, made once: a cursor made for each item cost a first show of a
    thousand cards 2 ms (an application must exist first, hence not at import)."""
    return QCursor(Qt.CursorShape.PointingHandCursor)


class CardItem(QGraphicsItem):
    """A card: face up with its stats and counters, or face down (captured, shattered, Ambush).

    ``outline`` is "step" (changed by the selected step), "action" (changed by the action the
    selected step belongs to, just played) or ""."""

    def __init__(self, uid: str, look: CardLook) -> None:
        super().__init__()
        self.uid = uid
        self.look = look
        self.outline = ""
        self.deltas: tuple[Delta, ...] = ()  # what the step shown did to it ("-10 HP")
        self.said: tuple[str, ...] = ()  # the step's changes of it in full: its tooltip
        self.target: bool | None = None  # ``set_target``
        self.picked = False  # one of the targets picked so far: a solid outline
        self.changes = False  # its look has changed: its faces are kept (``paint``)
        self._bounds = bounds(look)  # Qt asks for it some ten times a paint
        self.setAcceptHoverEvents(True)
        self.setCursor(hand_cursor())
        self.setToolTip(plain_tooltip(look.tooltip))
        # Its drawing is kept until its look changes (``update``): a repaint of the table
        # paints again only the cards a jump changed, the rest are copied.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_target(self, target: bool | None, picked: bool = False) -> None:
        """While a target is picked: True outlines a legal target (solid once ``picked``),
        False dims a card that is not one; None (no pick under way) shows the card as usual."""
        if target != self.target or picked != self.picked:
            self.target, self.picked = target, picked
            self.setOpacity(DIMMED if target is False else 1.0)
            self.update()

    def set_deltas(self, deltas: tuple[Delta, ...], said: tuple[str, ...] = ()) -> None:
        """The step's short changes, drawn on the face where they hide none of its text, and
        in full (``said``) on its tooltip, which so lists those folded into "+N more"."""
        if deltas != self.deltas or said != self.said:
            self.deltas, self.said = deltas, said
            self.changes = True
            self._show_tooltip()
            self.update()

    def tooltip_text(self) -> str:
        """What its tooltip says: its look's, then each change of the step shown."""
        step = "".join(f"\n• {line}" for line in self.said)
        return self.look.tooltip + (f"\nThis step:{step}" if step else "")

    def _show_tooltip(self) -> None:
        self.setToolTip(plain_tooltip(self.tooltip_text()))

    def solid(self) -> QPainterPath:
        """What of the card an arrow must not cover, in the scene: its face."""
        w, h = self.look.size
        solid = QPainterPath()
        solid.addRect(QRectF(0, 0, w, h))
        return self.sceneTransform().map(solid)

    @property
    def highlighted(self) -> bool:
        return bool(self.outline)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def set_look(self, look: CardLook, outline: str) -> None:
        if outline != self.outline or (look is not self.look and look != self.look):
            if look.size != self.look.size:
                self.prepareGeometryChange()
                self._bounds = bounds(look)
            self.look, self.outline = look, outline
            self.changes = True
            self._show_tooltip()
            self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,  # noqa: N802
        widget: QWidget | None = None,
    ) -> None:
        """The face kept for what the card shows now (``FACES``), drawn if need be. A card that
        has not changed since it was first shown (Qt keeps its drawing with the item) is copied
        from the face it shares with the cards of its name, its id drawn over that: a table
        shown for the first time draws a few dozen faces, not a thousand, and keeps no face
        twice."""
        marks = (self.deltas, self.outline, self.target, self.picked)
        if self.changes:
            FACES.paint(painter, (self.look, *marks), self.boundingRect(), self.draw)
            return
        shared, stamped = shared_face(self.look)
        FACES.paint(
            painter,
            (shared, *marks),
            self.boundingRect(),
            lambda face: self.draw(face, shared, uid=not stamped),
            (lambda face: paint_uid(face, self.look, shared, *self.look.size)) if stamped else None,
        )

    def draw(self, painter: QPainter, look: CardLook | None = None, uid: bool = True) -> None:
        """The card as it is now, or as ``look``: its outline, its face (its id's place left
        blank without ``uid``) and the step's deltas on it."""
        look = look or self.look
        w, h = look.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.target:  # while a target is picked, what can be picked is what counts
            pen = QPen(TARGET_OUTLINE, 5)
            pen.setStyle(Qt.PenStyle.SolidLine if self.picked else Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-3, -3, w + 6, h + 6), 8, 8)
        elif self.outline:
            pen = QPen(HIGHLIGHT if self.outline == "step" else ACTION_OUTLINE, 5)
            if self.outline == "action":
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-3, -3, w + 6, h + 6), 8, 8)
        paint_card(painter, look, w, h, self.deltas, uid)


class ZoneItem(QGraphicsRectItem):
    """A zone's outline: a slot's dashed, a frame's solid and filled. Every zone of one kind and
    size looks the same: its outline is drawn once at a scale and copied (``FACES``) into each
    zone's item cache, where each zone drew its own (a table has hundreds of slots)."""

    def __init__(self, kind: str, w: float, h: float) -> None:
        super().__init__(0, 0, w, h)
        self.kind = kind

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,  # noqa: N802
        widget: QWidget | None = None,
    ) -> None:
        rect, hints = self.rect(), painter.renderHints()

        def draw(face: QPainter) -> None:
            face.setRenderHints(hints)  # smoothed as the view smooths it
            QGraphicsRectItem.paint(self, face, option, widget)

        FACES.paint(
            painter,
            ("zone", self.kind, rect.width(), rect.height(), hints),
            self.boundingRect(),
            draw,
        )


def place_pill(text: str) -> QGraphicsPathItem:
    """A place's deltas, in a pill as a card's are ("+2 runes")."""
    label = QGraphicsSimpleTextItem(text)
    label.setFont(font(MIN_TEXT_PX, bold=True))
    label.setBrush(QColor(DELTA_STYLE[1]))
    width = label.boundingRect().width() + 2 * PILL_PAD
    path = QPainterPath()
    path.addRoundedRect(QRectF(0, 0, width, PILL_H), 4, 4)
    pill = QGraphicsPathItem(path)
    pill.setPen(Qt.PenStyle.NoPen)
    pill.setBrush(QColor(DELTA_STYLE[0]))
    pill.setZValue(-0.5)  # over the zones and their names, under the cards
    label.setParentItem(pill)
    label.setPos(PILL_PAD, (PILL_H - label.boundingRect().height()) / 2)
    return pill


class CardItems(dict[str, CardItem]):
    """The card items made so far, by card. A card laid out out of sight has none until it
    comes into sight (``TableScene.realize``); asked for by ``[uid]``, it is made then."""

    def __init__(self, make: Callable[[str], CardItem | None]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, uid: str) -> CardItem:
        item = self._make(uid)
        if item is None:  # not on the table shown
            raise KeyError(uid)
        return item


class TableScene(QGraphicsScene):
    """Shows one snapshot at a time. ``card_clicked(uid)`` reports clicks on cards.

    The cards and zones of a table are made into items as they come into the sight of a shown
    view (``realize``; every one at once where no view shows the scene): a big table's first
    show makes what is seen, not the thousand cards laid out."""

    card_clicked = Signal(str)
    background_clicked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.items_by_uid = CardItems(self._make)
        self._decorations: list[QGraphicsItem] = []  # the zones' items made so far
        self._plan: Layout | None = None  # the table shown, laid out
        self._cards_unmade: OutOfSight[str] = OutOfSight()  # laid out, out of sight
        self._zones: list[Decoration] = []  # the table's zones (slots, frames) and labels
        self._zones_unmade: OutOfSight[int] = OutOfSight()  # their numbers in ``_zones``
        self._zones_made: set[int] = set()
        self._targets: tuple[Collection[str] | None, str | None, Collection[str]] = (None, None, ())
        self.arrow_items: dict[tuple[str, str], QGraphicsPathItem] = {}  # by (from, to)
        self.place_items: dict[ZoneAddress, QGraphicsPathItem] = {}  # a place's deltas
        self.drawn = StepMarks()  # the deltas and arrows on show
        self._shape: tuple[object, ...] | None = None
        self._bounds = QRectF()
        self._looks = LookCache()  # reused for the cards a step did not change
        self._outlines: dict[str, str] = {}  # the cards outlined, "step" or "action"
        self._raised: set[str] = set()  # the cards ``_raise`` drew over their pile
        self.regions: list[Region] = []  # where each zone of the table lies
        self._drop_mark: QGraphicsPathItem | None = None
        self.drop_shown: tuple[QRectF, bool] | None = None  # ``mark_drop``'s (tests read it)
        self.setBackgroundBrush(TABLE_GREEN)

    def reset(self) -> None:
        """Forget every item: the next ``show_table`` draws a new file from scratch."""
        self.clear()
        self.items_by_uid.clear()
        self._decorations, self.arrow_items, self.place_items = [], {}, {}
        self._plan, self._targets = None, (None, None, ())
        self._cards_unmade.clear()
        self._zones, self._zones_made = [], set()
        self._zones_unmade.clear()
        self.drawn = StepMarks()
        self._shape = None
        self._bounds = QRectF()
        self._looks = LookCache()
        self._outlines, self._raised = {}, set()
        self.regions, self._drop_mark, self.drop_shown = [], None, None

    @property
    def deltas(self) -> dict[str, list[str]]:
        """The delta texts on show, by card (tests and the export read them)."""
        return {uid: self.drawn.texts(uid) for uid in self.drawn.deltas}

    @property
    def arrows(self) -> list[tuple[str, str]]:
        return self.drawn.arrows

    def show_table(
        self,
        table: TableShape,
        changed: set[str],
        action_changed: frozenset[str] = frozenset(),
        step: Step | None = None,
    ) -> None:
        """Update the items in place to ``table``: cards in ``changed`` are outlined, cards in
        ``action_changed`` (the rest of the action just played) dashed; what ``step`` changed is
        marked with deltas and arrows."""
        plan = self._plan = self._looks.layout(table)
        self.regions = plan.regions
        if plan.shape != self._shape:
            self._rebuild_decorations(plan.decorations)
            self._shape = plan.shape
        outlines = dict.fromkeys(action_changed, "action") | dict.fromkeys(changed, "step")
        made = self.items_by_uid
        if plan.relaid is None:  # every card laid out afresh: those with no item wait for sight
            for uid, item in made.items():
                if uid not in plan.positions:
                    item.setVisible(False)
            self._cards_unmade.clear()
            placed = []
            for placement in plan.placements:
                if placement.uid in made:
                    placed.append(placement)
                else:
                    self._cards_unmade.add(placement.uid, placement.x, placement.y, *REACH)
        else:  # only the cards whose look changed, and those outlined or raised before or now
            touched = plan.relaid.union(self._outlines, outlines, self._raised)
            placed = [
                plan.placements[n]
                for uid in touched
                if uid in made and (n := plan.positions.get(uid)) is not None
            ]
        for placement in placed:
            self._place(placement, outlines.get(placement.uid, ""))
        self._outlines = outlines
        x, y, w, h = plan.bounds
        bounds = self._bounds.united(QRectF(x, y, w, h).adjusted(-8, -8, 8, 8))
        if bounds != self._bounds:
            self._bounds = bounds
            self.setSceneRect(bounds)  # a view fitting the table scales to it now
        self._realize_sight()
        self._show_marks(step_marks(step, plan.positions) if step is not None else StepMarks())

    def realize(self, area: QRectF | None = None) -> None:
        """Make the items of the cards and zones laid out in ``area`` (of the scene; all of
        them for None) that have none yet. A view calls it for what it is about to paint."""
        if not (self._cards_unmade or self._zones_unmade):
            return
        where = None if area is None else (area.x(), area.y(), area.width(), area.height())
        for uid in self._cards_unmade.take(where):
            if uid not in self.items_by_uid:
                self._make(uid)
        for number in self._zones_unmade.take(where):
            if number not in self._zones_made:
                self._zones_made.add(number)
                self._decorations.append(self._decoration_item(self._zones[number]))

    def render(  # Qt's arguments, passed on as given
        self, painter: QPainter, *args: object, **kwargs: object
    ) -> None:
        """The scene drawn whole (an image of the table): every card and zone made first."""
        self.realize()
        super().render(painter, *args, **kwargs)  # type: ignore[arg-type]

    def _realize_sight(self) -> None:
        """Make what the shown views see; everything where none is shown (an export, a test,
        a window not yet shown)."""
        shown = [view for view in self.views() if view.isVisible()]
        if not shown:
            self.realize()
        for view in shown:
            self.realize(view.mapToScene(view.viewport().rect()).boundingRect())

    def _make(self, uid: str) -> CardItem | None:
        """The item of ``uid`` where the table shown lays it out, made now; None where it
        does not (a card in a deck, or off the table)."""
        plan = self._plan
        n = plan.positions.get(uid) if plan is not None else None
        if plan is None or n is None:
            return None
        placement, look = plan.placements[n], self._looks.look_of(uid)
        item = CardItem(uid, look)
        item.setPos(placement.x, placement.y)  # placed before it is added: indexed once
        item.setZValue(placement.z)
        item.set_look(look, self._outlines.get(uid, ""))
        item.set_target(*self._target_of(uid))
        dict.__setitem__(self.items_by_uid, uid, item)
        self.addItem(item)
        return item

    def _place(self, placement: Placement, outline: str) -> None:
        item = self.items_by_uid[placement.uid]
        item.set_look(self._looks.look_of(placement.uid), outline)
        if item.pos() != QPointF(placement.x, placement.y):
            item.setPos(placement.x, placement.y)
        item.setZValue(placement.z)
        item.setVisible(True)

    def mark_targets(
        self,
        legal: Collection[str] | None,
        source: str | None = None,
        picked: Collection[str] = (),
    ) -> None:
        """While a target is picked, outline the ``legal`` cards (the ``picked`` ones solid) and
        dim the rest but the ``source`` (the card that acts, shown as usual); None ends it."""
        self._targets = (None if legal is None else set(legal), source, set(picked))
        for uid, item in self.items_by_uid.items():
            item.set_target(*self._target_of(uid))

    def _target_of(self, uid: str) -> tuple[bool | None, bool]:
        """``CardItem.set_target``'s arguments for ``uid`` in the pick under way."""
        legal, source, picked = self._targets
        shown = None if legal is None or uid == source else uid in legal or uid in picked
        return shown, uid in picked

    def laid_out(self) -> list[str]:
        """The cards the table shown lays out (those on it), in its order, made or not."""
        return [placement.uid for placement in self._plan.placements] if self._plan else []

    def regions_at(self, pos: QPointF) -> list[Region]:
        return [region for region in self.regions if region.holds(pos.x(), pos.y())]

    def region(self, zone: object) -> Region | None:
        return next((region for region in self.regions if region.zone == zone), None)

    def mark_drop(self, rect: QRectF | None, refused: bool = False) -> None:
        """Light ``rect`` as where a dragged card would go (red where the engine refuses it),
        under the zones' outlines and names and the cards; None: no mark. Each move of a drag
        asks: the mark is redrawn only when it changes."""
        shown = None if rect is None else (rect, refused)
        if shown == self.drop_shown:
            return
        self.drop_shown = shown
        if rect is None:
            if self._drop_mark is not None:
                self.removeItem(self._drop_mark)
                self._drop_mark = None
            return
        if self._drop_mark is None:
            self._drop_mark = QGraphicsPathItem()
            self._drop_mark.setZValue(-3)  # under the zones (-2), their names (-1), the cards
            self._drop_mark.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(self._drop_mark)
        path = QPainterPath()
        path.addRoundedRect(rect.adjusted(-4, -4, 4, 4), 8, 8)  # its edge shows round a card
        color = DROP_COLORS[refused]
        fill = QColor(color)
        fill.setAlpha(110)
        self._drop_mark.setPath(path)
        self._drop_mark.setPen(QPen(color, 4))
        self._drop_mark.setBrush(fill)

    def _show_marks(self, marks: StepMarks) -> None:
        for item in self.arrow_items.values():
            self.removeItem(item)
        arrows = list(dict.fromkeys(marks.arrows))  # a declaration's and a cause's may agree
        for damaged, sources in marks.damage_from.items():
            nearest = self._nearest(sources, damaged)
            if (nearest, damaged) not in arrows:
                arrows.append((nearest, damaged))
        self.arrow_items = {(start, end): self._arrow_item(start, end) for start, end in arrows}
        for uid in self.drawn.deltas.keys() - marks.deltas.keys():  # only those that had some
            self.items_by_uid[uid].set_deltas(())
        deltas: dict[str, tuple[Delta, ...]] = {}
        for uid, marked in marks.deltas.items():
            card = self.items_by_uid.get(uid)
            card = self._make(uid) if card is None else card
            if card is not None and card.isVisible():
                card.set_deltas(marked, marks.said.get(uid, ()))
                deltas[uid] = marked
            elif card is not None:
                card.set_deltas(())
        self._raise(deltas)
        self._show_places(marks.places)
        self.drawn = StepMarks(deltas, arrows, marks.damage_from, marks.said, marks.places)

    def _raise(self, marked: Collection[str]) -> None:
        """Each card the step marked that lies under another (in a pile) is drawn over those
        while the step is shown, so that its deltas show (the next ``show_table`` lays it back
        in its place); an Armament stays under its Soul, its deltas on the end that shows."""
        self._raised = set()
        for uid in marked:
            item = self.items_by_uid[uid]
            self.realize(self.face(item))  # what lies over it, even out of sight
            over = [
                other.zValue()
                for other in self.items(self.face(item))
                if isinstance(other, CardItem)
                and other.isVisible()
                and other.zValue() > item.zValue()
                and not item.look.tucked
            ]
            if over:
                item.setZValue(max(over) + 0.5)
                self._raised.add(uid)

    def _show_places(self, places: dict[ZoneAddress, tuple[Delta, ...]]) -> None:
        """Each place's deltas (a rune pool's, on its base) in a pill at the right end of the
        band its name is written in, above it."""
        for item in self.place_items.values():
            self.removeItem(item)
        self.place_items = {}
        for place, deltas in places.items():
            region = self.region(place)
            if region is not None:
                pill = place_pill("  ".join(delta.text for delta in deltas))
                width = pill.boundingRect().width()
                pill.setPos(region.x + region.w - width, region.y - LABEL + 1)
                self.addItem(pill)
                self.place_items[place] = pill

    def _nearest(self, sources: tuple[str, ...], card: str) -> str:
        """The one of ``sources`` whose face is nearest ``card``'s: its damage's arrow comes
        from there (a combat's side is many units)."""
        at = self.face(self.items_by_uid[card]).center()

        def distance(uid: str) -> float:
            offset = self.face(self.items_by_uid[uid]).center() - at
            return offset.manhattanLength()

        return min(sources, key=distance)

    def _arrow_item(self, start: str, end: str) -> QGraphicsPathItem:
        """An arrow over the cards, every face and name it would cross cut out of it: it
        shows over the outlines in the narrowest gap and hides no text."""
        a, b = self.face(self.items_by_uid[start]), self.face(self.items_by_uid[end])
        shape = arrow_shape(*arrow_route(a, b))
        self.realize(shape.boundingRect())  # what it crosses, even out of sight
        for item in self.items(shape.boundingRect()):
            if isinstance(item, CardItem) and item.isVisible():
                shape = shape.subtracted(item.solid())
            elif isinstance(item, QGraphicsSimpleTextItem) and item.isVisible():
                cut = QPainterPath()
                cut.addRect(item.sceneBoundingRect())
                shape = shape.subtracted(cut)
        arrow = QGraphicsPathItem(shape)
        arrow.setPen(QPen(ARROW.darker(170), 1))
        arrow.setBrush(QBrush(ARROW))
        arrow.setZValue(ARROW_Z)
        arrow.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(arrow)
        return arrow

    def _rebuild_decorations(self, decorations: list[Decoration]) -> None:
        """The zones of a new shape: the labels made now (their text runs where it may, and
        they are few), the slots and frames (with the name over a frame) as they come into
        sight."""
        for item in self._decorations:
            self.removeItem(item)
        self._zones, self._zones_made = decorations, set()
        self._zones_unmade.clear()
        self._decorations = []
        for number, deco in enumerate(decorations):
            if deco.kind == "label":
                self._zones_made.add(number)
                self._decorations.append(self._decoration_item(deco))
            else:
                self._zones_unmade.add(number, deco.x, deco.y - LABEL, deco.w, deco.h + LABEL)

    def _decoration_item(self, deco: Decoration) -> QGraphicsItem:
        if deco.kind == "label":
            text = QGraphicsSimpleTextItem(deco.text)
            text.setBrush(LABEL_INK)
            text.setFont(font(13, bold=True))
            text.setPos(deco.x, deco.y)
            text.setZValue(-1)
            self.addItem(text)
            return text
        rect = ZoneItem(deco.kind, deco.w, deco.h)
        rect.setPos(deco.x, deco.y)
        rect.setZValue(-2)
        rect.setPen(SLOT_PEN if deco.kind == "slot" else FRAME_PEN)
        if deco.kind == "frame":
            rect.setBrush(FRAME_FILL)
        rect.setToolTip(plain_tooltip(deco.tooltip or deco.text))
        rect.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addItem(rect)
        label_font = font(12 if deco.kind == "slot" else 13, bold=deco.kind != "slot")
        shown = (  # a zone's name fits its frame; the whole name is the frame's tooltip
            QFontMetricsF(label_font).elidedText(
                deco.text, Qt.TextElideMode.ElideRight, max(deco.w - 12, 0)
            )
            if deco.kind == "frame"
            else deco.text
        )
        label = QGraphicsSimpleTextItem(shown, rect)
        label.setBrush(ZONE_NAME_INK)
        label.setFont(label_font)
        # A frame's name sits above it, where the cards it holds cannot hide it.
        label.setPos(6, 6 if deco.kind == "slot" else -19)
        return rect

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        item = self.card_at(event.scenePos())
        if item is not None:
            self.card_clicked.emit(item.uid)
        else:
            self.background_clicked.emit()
        super().mousePressEvent(event)

    @staticmethod
    def face(item: CardItem) -> QRectF:
        """The card's face in scene coordinates, without its outline's margin."""
        w, h = item.look.size
        return item.mapRectToScene(QRectF(0, 0, w, h))

    def card_at(self, pos: QPointF) -> CardItem | None:
        views = self.views()
        item = self.itemAt(pos, views[0].transform() if views else QTransform())
        while item is not None and not isinstance(item, CardItem):
            item = item.parentItem()
        return item if isinstance(item, CardItem) else None
