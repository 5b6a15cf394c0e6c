"""Card faces drawn once and kept, so that scrubbing back to a step paints no face again.

Each card item keeps its last drawing itself (Qt's ``DeviceCoordinateCache``); this store keeps
every face recently drawn, by what it shows and the scale it was drawn at, up to a budget of
memory: a jump back to a step shown before copies its faces instead of painting them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from math import ceil

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

BUDGET = 48 * 1024 * 1024  # bytes of faces kept: some 700 cards at 100% zoom


class Faces:
    """Drawn faces by key, the least recently used dropped past ``budget`` bytes."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.used = 0
        self._kept: OrderedDict[Hashable, QPixmap] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()
        self.used = 0

    def paint(
        self,
        painter: QPainter,
        key: Hashable,
        rect: QRectF,
        draw: Callable[[QPainter], None],
        then: Callable[[QPainter], None] | None = None,
    ) -> None:
        """``draw`` (which paints within ``rect``, in item coordinates) as ``painter`` would,
        from the face kept under ``key`` at the painter's scale, drawn first if need be; then
        ``then`` drawn over it as it would be drawn on the face (what is not kept: a card's id
        on a face it shares). A painter that turns or shears its drawing draws directly."""
        world = painter.worldTransform()
        if world.isRotating() or not world.isAffine():  # turned, sheared or in perspective
            draw(painter)
            if then is not None:
                then(painter)
            return
        ratio = painter.device().devicePixelRatioF()
        sx, sy = world.m11(), world.m22()
        whole = (key, sx, sy, ratio)
        face = self._kept.get(whole)
        if face is None:
            face = self._draw(rect, sx, sy, ratio, draw)
            self._keep(whole, face)
        else:
            self._kept.move_to_end(whole)
        corner = world.map(rect.topLeft())  # on a whole device pixel, as Qt's item cache puts it
        at = QPointF(round(corner.x() * ratio) / ratio, round(corner.y() * ratio) / ratio)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(at, face)
        if then is not None:  # in the face's own coordinates (``_draw``), where it was copied
            painter.translate(at)
            painter.scale(sx, sy)
            painter.translate(-rect.topLeft())
            then(painter)
        painter.restore()

    @staticmethod
    def _draw(
        rect: QRectF, sx: float, sy: float, ratio: float, draw: Callable[[QPainter], None]
    ) -> QPixmap:
        face = QPixmap(
            max(1, ceil(rect.width() * sx * ratio)), max(1, ceil(rect.height() * sy * ratio))
        )
        face.setDevicePixelRatio(ratio)
        face.fill(Qt.GlobalColor.transparent)
        painter = QPainter(face)
        painter.scale(sx, sy)
        painter.translate(-rect.topLeft())
        draw(painter)
        painter.end()
        return face

    def _keep(self, key: Hashable, face: QPixmap) -> None:
        self._kept[key] = face
        self.used += _size(face)
        while self.used > self.budget and len(self._kept) > 1:
            _, dropped = self._kept.popitem(last=False)
            self.used -= _size(dropped)


def _size(face: QPixmap) -> int:
    return face.width() * face.height() * 4


FACES = Faces()  # the table's, the compare window's and the export's
