"""The table as a QGraphicsScene: one item per card, updated in place when the step changes."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.looks import CARD_H, CARD_W, MINI_H, MINI_W, OWNER_COLORS, CardLook, Decoration, layout
from engine.frozen import Frozen

HIGHLIGHT = QColor("#f2c230")
DANGER = QColor("#d92b2b")


class CardItem(QGraphicsItem):
    """A card: face up with its stats and counters, or face down (captured, shattered, Ambush)."""

    def __init__(self, uid: str, look: CardLook) -> None:
        super().__init__()
        self.uid = uid
        self.look = look
        self.highlighted = False
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._apply_geometry()

    def size(self) -> tuple[int, int]:
        return (MINI_W, MINI_H) if self.look.mini else (CARD_W, CARD_H)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        w, h = self.size()
        return QRectF(-4, -4, w + 8, h + 8)

    def set_look(self, look: CardLook, highlighted: bool) -> None:
        if look != self.look or highlighted != self.highlighted:
            if look.mini != self.look.mini:
                self.prepareGeometryChange()
            self.look, self.highlighted = look, highlighted
            self._apply_geometry()
            self.update()

    def _apply_geometry(self) -> None:
        w, h = self.size()
        self.setTransformOriginPoint(w / 2, h / 2)
        self.setRotation(90 if self.look.sideways else 0)
        self.setToolTip(self.look.tooltip)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,  # noqa: N802
        widget: QWidget | None = None,
    ) -> None:
        look = self.look
        w, h = self.size()
        rect = QRectF(0, 0, w, h)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        owner = QColor(OWNER_COLORS[look.owner % 2])
        if self.highlighted:
            painter.setPen(QPen(HIGHLIGHT, 5))
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 9, 9)
        border = DANGER if look.danger else owner.darker(130)
        painter.setPen(QPen(border, 3 if look.danger else 1.5))
        if look.face_down:
            painter.setBrush(QBrush(owner.darker(170), Qt.BrushStyle.SolidPattern))
            painter.drawRoundedRect(rect, 7, 7)
            painter.setBrush(QBrush(owner.darker(120), Qt.BrushStyle.DiagCrossPattern))
            painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), 5, 5)
            painter.setPen(QColor("white"))
            painter.setFont(_font(7 if look.mini else 9, bold=True))
            painter.drawText(
                rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, look.back_text
            )
            return
        painter.setBrush(QColor("#fbfaf6"))
        painter.drawRoundedRect(rect, 7, 7)
        if look.tucked:  # only the bottom strip shows under the Soul: name it there
            painter.fillRect(QRectF(1, h - 24, w - 2, 23), owner.lighter(170))
            painter.setPen(QColor("#1b1b1b"))
            painter.setFont(_font(7, bold=True))
            painter.drawText(
                QRectF(5, h - 23, w - 10, 22), Qt.AlignmentFlag.AlignVCenter, f"⚙ {look.title}"
            )
        painter.fillRect(QRectF(1, 1, w - 2, 26), owner.lighter(150))
        painter.setPen(QColor("#1b1b1b"))
        painter.setFont(_font(8, bold=True))
        painter.drawText(
            QRectF(5, 2, w - 10, 24),
            Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap,
            look.title,
        )
        painter.setFont(_font(6.5))
        painter.setPen(QColor("#444"))
        painter.drawText(QRectF(5, 28, w - 10, 26), Qt.TextFlag.TextWordWrap, look.subtitle)
        if look.stat:
            tone = {"up": "#1f8a3b", "down": "#c0392b"}.get(look.stat_tone, "#1b1b1b")
            painter.setPen(QColor(tone))
            painter.setFont(_font(10 if len(look.stat) <= 10 else 7.5, bold=True))
            painter.drawText(QRectF(5, 56, w - 10, 20), Qt.AlignmentFlag.AlignLeft, look.stat)
        if look.bar is not None:
            self._paint_bar(painter, look.bar, w)
        if look.badges:
            painter.setFont(_font(7, bold=True))
            painter.setPen(QColor("#1d4f91"))
            painter.drawText(
                QRectF(5, h - 22, w - 40, 18),
                Qt.AlignmentFlag.AlignLeft,
                " ".join(b for b in look.badges if b != "bonus")
                + (" ✦" * look.badges.count("bonus")),
            )
        if look.uid:
            painter.setFont(_font(6))
            painter.setPen(QColor("#777"))
            painter.drawText(QRectF(5, h - 36, w - 40, 12), Qt.AlignmentFlag.AlignLeft, look.uid)
        if look.counter:
            circle = QRectF(w - 34, h - 34, 30, 30)
            painter.setBrush(DANGER)
            painter.setPen(QPen(QColor("white"), 2))
            painter.drawEllipse(circle)
            painter.setFont(_font(10, bold=True))
            painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, str(look.counter))

    @staticmethod
    def _paint_bar(painter: QPainter, bar: tuple[int, int], w: int) -> None:
        current, maximum = bar
        frame = QRectF(5, 80, w - 10, 12)
        painter.setPen(QPen(QColor("#555"), 1))
        painter.setBrush(QColor("#e3e3e3"))
        painter.drawRect(frame)
        if maximum > 0:
            filled = QRectF(
                frame.x(), frame.y(), frame.width() * max(0, current) / maximum, frame.height()
            )
            painter.fillRect(
                filled,
                QColor("#3fa34d")
                if current * 2 > maximum
                else QColor("#e0a100")
                if current
                else DANGER,
            )
        painter.setPen(QColor("#1b1b1b"))
        painter.setFont(_font(7, bold=True))
        painter.drawText(
            QRectF(5, 93, w - 10, 14), Qt.AlignmentFlag.AlignLeft, f"HP {current}/{maximum}"
        )


_FONTS: dict[tuple[float, bool], QFont] = {}


def _font(size: float, bold: bool = False) -> QFont:
    key = (size, bold)
    if key not in _FONTS:
        font = QFont("DejaVu Sans")
        font.setPointSizeF(size)
        font.setBold(bold)
        _FONTS[key] = font
    return _FONTS[key]


class TableScene(QGraphicsScene):
    """Shows one snapshot at a time. ``card_clicked(uid)`` reports clicks on cards."""

    card_clicked = Signal(str)
    background_clicked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.items_by_uid: dict[str, CardItem] = {}
        self._decorations: list[QGraphicsItem] = []
        self._shape: tuple[object, ...] | None = None
        self.setBackgroundBrush(QColor("#2e5e3e"))

    def show_table(self, table: Frozen, changed: set[str]) -> None:
        """Update the items in place to ``table``; cards in ``changed`` are highlighted."""
        plan = layout(table)
        if plan.shape != self._shape:
            self._rebuild_decorations(plan.decorations)
            self._shape = plan.shape
        seen = set()
        for placement in plan.placements:
            item = self.items_by_uid.get(placement.uid)
            if item is None:
                item = CardItem(placement.uid, placement.look)
                self.items_by_uid[placement.uid] = item
                self.addItem(item)
            item.set_look(placement.look, placement.uid in changed)
            if item.pos() != QPointF(placement.x, placement.y):
                item.setPos(placement.x, placement.y)
            item.setZValue(placement.z)
            item.setVisible(True)
            seen.add(placement.uid)
        for uid, item in self.items_by_uid.items():
            if uid not in seen:
                item.setVisible(False)
        rect = self.itemsBoundingRect().adjusted(-40, -40, 40, 40)
        if rect != self.sceneRect():
            self.setSceneRect(rect)

    def _rebuild_decorations(self, decorations: list[Decoration]) -> None:
        for item in self._decorations:
            self.removeItem(item)
        self._decorations = []
        for deco in decorations:
            self._decorations.append(self._decoration_item(deco))

    def _decoration_item(self, deco: Decoration) -> QGraphicsItem:
        if deco.kind == "label":
            text = QGraphicsSimpleTextItem(deco.text)
            text.setBrush(QColor("#f4f1e6"))
            text.setFont(_font(9, bold=True))
            text.setPos(deco.x, deco.y)
            text.setZValue(-1)
            self.addItem(text)
            return text
        rect = QGraphicsRectItem(0, 0, deco.w, deco.h)
        rect.setPos(deco.x, deco.y)
        rect.setZValue(-2)
        style = Qt.PenStyle.DashLine if deco.kind == "slot" else Qt.PenStyle.SolidLine
        rect.setPen(QPen(QColor("#cfe3d3"), 1.5, style))
        if deco.kind == "chain":
            rect.setBrush(QColor("#f7e7b5"))
            rect.setZValue(5)
        elif deco.kind == "frame":
            rect.setBrush(QColor(255, 255, 255, 18))
        rect.setToolTip(deco.tooltip or deco.text)
        self.addItem(rect)
        label = QGraphicsSimpleTextItem(deco.text, rect)
        label.setBrush(QColor("#1b1b1b") if deco.kind == "chain" else QColor("#dfeee2"))
        label.setFont(_font(8, bold=deco.kind != "slot"))
        label.setPos(6, {"chain": 10, "frame": -20}.get(deco.kind, 4))
        return rect

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        views = self.views()
        item = self.itemAt(event.scenePos(), views[0].transform() if views else QTransform())
        while item is not None and not isinstance(item, CardItem):
            item = item.parentItem()
        if isinstance(item, CardItem):
            self.card_clicked.emit(item.uid)
        else:
            self.background_clicked.emit()
        super().mousePressEvent(event)
