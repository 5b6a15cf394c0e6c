"""Drag and drop on the table in set-up mode: a pool card dropped on a place of the table (an
empty one too) is put there, a card of the set-up dragged elsewhere is moved there. While a card
is held over the table, the place it would go is lit (red where the engine refuses it) and the
status bar says what the drop will do; Escape ends the drag and nothing changes. Where it goes
is the engine's to judge (``app.presentation.setup_drops``); each drop is an edit of the set-up
panel's, which undo takes back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRectF, Qt
from PySide6.QtGui import QDrag

from app.drawing.card_painter import dragged_pixmap
from app.presentation.session import Session
from app.presentation.setup_drops import Dragged, Drop, drop_places, judge
from app.widgets.pool_list import POOL_CARD
from app.widgets.setup_panel import SetupPanel
from app.widgets.table_view import TableView
from engine.errors import ScenarioError
from engine.setup_edits import Draft, entry, places

SET_UP_CARD = "application/x-cardtable-setup-card"  # a drag's data: a set-up card's id
NOWHERE = "No place here: drop the card on a place of the table or on a card"


class SetupDrops:
    """The table's drags and drops in ``session``'s set-up mode, edited through ``panel``;
    ``status`` shows a line in the window's status bar. Points are in ``view``'s viewport."""

    def __init__(
        self, session: Session, view: TableView, panel: SetupPanel, status: Callable[[str], None]
    ) -> None:
        self.session, self.view, self.panel, self.status = session, view, panel, status
        # The last drop judged: the draft, what was dragged and the places tried, then the drop
        # and the rectangle lit; the engine judges again only where one of the first changed.
        self._judged: tuple[Draft, Dragged, list[str]] | None = None
        self._drop: tuple[Drop | None, QRectF | None] = (None, None)

    def carried(self, data: QMimeData) -> Dragged | None:
        """What a drag carries, in set-up mode: a pool card or a card of the set-up; None for
        anything else (a file)."""
        draft = self.session.draft
        if not self.session.setting_up or draft is None:
            return None
        if data.hasFormat(POOL_CARD):
            return Dragged(_text(data, POOL_CARD))
        if data.hasFormat(SET_UP_CARD):
            uid = _text(data, SET_UP_CARD)
            try:
                return Dragged(entry(draft, uid).name, uid)
            except ScenarioError:  # a card of another table, or gone since the drag began
                return None
        return None

    def hover(self, at: QPoint, dragged: Dragged) -> Drop | None:
        """Held at ``at``: light the place the drop would go and say what it would do; None
        where no place is."""
        drop, lit = self._judge(at, dragged)
        self.view.table_scene.mark_drop(lit, bool(drop and drop.refusal))
        self.status(drop.says() if drop is not None else NOWHERE)
        return drop

    def drop(self, at: QPoint, dragged: Dragged) -> bool:
        """Dropped at ``at``: the edit the drop makes, through the panel (which says why the
        engine refuses it, where it does). True when the set-up changed."""
        drop, _ = self._judge(at, dragged)
        self.leave()
        if drop is None or not drop.changes:
            self.status(drop.says() if drop is not None else NOWHERE)
            return False
        if dragged.uid is not None:
            self.panel.selected = dragged.uid  # the card moved is the one the panel edits
        return self.panel.edit(drop.edit, drop.done())

    def leave(self) -> None:
        """The drag left the table, ended or was cancelled (Escape): nothing lit."""
        self.view.table_scene.mark_drop(None)
        self._judged = None
        self.status("")

    def drag_card(self, uid: str, at: QPoint) -> Qt.DropAction:
        """Drag the set-up's card ``uid``, pressed at ``at``, its face under the mouse, until it
        is dropped or Escape cancels the drag."""
        item = self.view.table_scene.items_by_uid[uid]
        data = QMimeData()
        data.setData(SET_UP_CARD, QByteArray(uid.encode()))
        drag = QDrag(self.view)
        drag.setMimeData(data)
        drag.setPixmap(dragged_pixmap(item.look, self.view.scale_factor))
        drag.setHotSpot(at - self.view.on_screen(item).topLeft().toPoint())
        done = drag.exec(Qt.DropAction.MoveAction)
        if done == Qt.DropAction.IgnoreAction:
            self.status(f"Not moved: {uid} stays where it was")
        return done

    def _judge(self, at: QPoint, dragged: Dragged) -> tuple[Drop | None, QRectF | None]:
        """The drop at ``at`` and the rectangle to light (none where it changes nothing)."""
        draft, scene = self.session.draft, self.view.table_scene
        assert draft is not None
        point = self.view.mapToScene(at)
        inside = self.view.viewport().rect().contains(at)
        card = scene.card_at(point) if inside else None
        zones = [region.zone for region in scene.regions_at(point)] if inside else []
        tried = drop_places(draft, zones, card.uid if card is not None else None)
        judged = self._judged
        if judged is None or judged[0] is not draft or judged[1:] != (dragged, tried):
            self._judged = (draft, dragged, tried)
            drop = judge(draft, dragged, tried)
            lit = self._lit(draft, drop, card.uid if card is not None else None)
            self._drop = (drop, lit)
        return self._drop

    def _lit(self, draft: Draft, drop: Drop | None, card: str | None) -> QRectF | None:
        """Where the drop goes on the table: its place's zone, else the card it lies on."""
        if drop is None or not drop.changes:
            return None
        scene = self.view.table_scene
        zone = next(place.zone for place in places(draft) if place.name == drop.place)
        region = scene.region(zone) if zone else None
        if region is not None:
            return QRectF(region.x, region.y, region.w, region.h)
        return scene.face(scene.items_by_uid[card]) if card is not None else None


def _text(data: QMimeData, kind: str) -> str:
    return bytes(data.data(kind).data()).decode()
