"""The set-up panel's card pool (``app/widgets/setup_panel.py``): a list whose dragged card
carries its name to the table (``app/widgets/setup_drops.py``) and shows its face, and the
chosen card's face."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QMimeData, QPoint, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from app.drawing.card_painter import dragged_pixmap
from app.presentation.setup_drops import pool_face
from app.widgets.table_view import CardPreview
from engine.setup_edits import Draft

POOL_CARD = "application/x-cardtable-pool-card"  # a drag's data: a pool card's name
FACE_SCALE = 1.0  # the pool's face: as readable as the table at 100%, and whole in the dock


class PoolFace(CardPreview):
    """The pool's chosen card as the table draws it; its whole text is the panel's, under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, FACE_SCALE, text_box=False)

    def show_card(self, draft: Draft | None, name: str | None) -> None:
        """The face of ``name`` on ``draft``'s table, built now (for this card alone)."""
        look = pool_face(draft, name) if draft is not None and name is not None else None
        self.show_look(look)


class PoolList(QListWidget):
    """The pool: each item's card name is its data of ``role``; a drag carries it and shows
    the chosen card's face (``face``, which shows the current item)."""

    def __init__(self, role: Qt.ItemDataRole, face: PoolFace) -> None:
        super().__init__()
        self.role, self.face = role, face

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:  # noqa: N802 (Qt)
        data = super().mimeData(items)
        if items:
            data.setData(POOL_CARD, QByteArray(str(items[0].data(self.role)).encode()))
        return data

    def startDrag(self, supportedActions: Qt.DropAction) -> None:  # noqa: N802, N803 (Qt)
        items = self.selectedItems()
        if not items:
            return
        drag = QDrag(self)
        drag.setMimeData(self.mimeData(items))
        if self.face.look is not None:  # the card as the table will draw it, held at its top
            pixmap = dragged_pixmap(self.face.look, 1.0)
            drag.setPixmap(pixmap)
            drag.setHotSpot(QPoint(pixmap.width() // 2, min(20, pixmap.height() // 2)))
        drag.exec(supportedActions, Qt.DropAction.MoveAction)
