"""The view of the table: zoom, pan, fit, and what floats over the table at a fixed, readable size:
the phase strip (in present mode a band in large type), the game-over banner, the chain and a
large preview of the card under the mouse.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.drawing.card_painter import paint_card
from app.drawing.chips import BADGE_LINE, flow_badges
from app.drawing.face_plan import PAD
from app.drawing.fonts import MIN_TEXT_PX, font
from app.drawing.table_scene import CardItem, TableScene
from app.presentation.looks import CardLook
from app.widgets.eliding_label import ElidingLabel

MIN_SCALE, MAX_SCALE = 0.2, 4.0
READABLE_PX = 10  # fitted, the table's smallest text is never smaller on the screen
PRESENTED_PX = 12  # in present mode, read from the back of a room: a table too big scrolls
WHEEL_STEP = 1.15
PREVIEW_SCALE = 2.2
TEXT_GAP = 4  # between the preview's face and its text box
STRIP_HEIGHT = 54  # the phase strip over the table, at the normal size
# Present mode's band, read from the back of a classroom: its type in pixels, as large as a
# text allows; the band is as tall as two lines of the phase over one of who plays (or three of
# the caption), and a longer text takes a smaller size, never under 12 px.
PHASE_PX, CAPTION_PX, INFO_PX = range(22, 13, -1), range(18, 11, -1), 16
PHASE_LINES, CAPTION_LINES = 2, 3


def strip_style(large: bool) -> str:
    """The strip's colours and type; in present mode the phase and the caption size their type
    themselves (``ElidingLabel.fit``)."""
    phase, caption = ("", "") if large else ("font-size: 15px;", "font-size: 13px;")
    info, over = (INFO_PX, CAPTION_PX[0]) if large else (13, 13)
    return (
        "#strip { background: rgba(16, 34, 22, 232); }"
        f" QLabel#phase {{ color: #f4f1e6; {phase} font-weight: bold; }}"
        f" QLabel#info {{ color: #b9d6c0; font-size: {info}px; }}"
        f" QLabel#caption {{ color: #f4f1e6; {caption} }}"
        f" QLabel#over {{ color: white; background: #961818; font-size: {over}px;"
        " font-weight: bold; padding: 0 6px; }"
    )


CHAIN_STYLE = (
    "QFrame#chain { background: rgba(250, 240, 205, 240); border: 2px solid #8a6d1c;"
    " border-radius: 6px; } QLabel { color: #1b1b1b; font-size: 13px; }"
)


class CardPreview(QWidget):
    """The card under the mouse, large (``scale`` times its size on the table): every word of
    it readable at any zoom; with ``text_box``, its whole text in a box under its face."""

    def __init__(
        self, parent: QWidget | None = None, scale: float = PREVIEW_SCALE, text_box: bool = True
    ) -> None:
        super().__init__(parent)
        self.look: CardLook | None = None
        self.scale, self.text_box = scale, text_box
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def show_look(self, look: CardLook | None) -> None:
        self.look = look
        if look is None:
            self.hide()
            return
        w, h = self.card_size()
        self.setFixedSize(int(w * self.scale) + 8, int(h * self.scale) + 8)  # in a layout too
        self.update()
        self.show()
        self.raise_()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        if self.look is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(4, 4)
        painter.scale(self.scale, self.scale)
        w, h = self.face_size()
        paint_card(painter, self.look, w, h)
        if self._boxed_text():
            box = QRectF(0, h + TEXT_GAP, w, self.card_size()[1] - h - TEXT_GAP)
            painter.setPen(QPen(QColor("#9a9a9a"), 1))
            painter.setBrush(QColor("#fbfaf6"))
            painter.drawRoundedRect(box, 6, 6)
            painter.setPen(QColor("#1b1b1b"))
            painter.setFont(font(MIN_TEXT_PX))
            painter.drawText(
                box.adjusted(PAD, PAD, -PAD, -PAD), Qt.TextFlag.TextWordWrap, self.look.text
            )
        painter.end()

    def _boxed_text(self) -> bool:
        """Whether the card's text is shown in a box under its face."""
        assert self.look is not None
        return self.text_box and bool(self.look.text) and not self.look.face_down

    def face_size(self) -> tuple[float, float]:
        """The face's size, taller when its badges need more lines than the table card has:
        the preview shows every badge."""
        assert self.look is not None
        w, h = self.look.size
        lines = len(flow_badges(list(self.look.badges), w - 2 * PAD))
        return w, h + max(0, lines - 1) * BADGE_LINE

    def card_size(self) -> tuple[float, float]:
        """The face and, under it, the box of the card's text."""
        w, h = self.face_size()
        assert self.look is not None
        if not self._boxed_text():
            return w, h
        room = QRectF(0, 0, w - 2 * PAD, 10_000)
        metrics = QFontMetricsF(font(MIN_TEXT_PX))
        text_h = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, self.look.text).height()
        return w, h + TEXT_GAP + text_h + 2 * PAD


class PhaseStrip(QFrame):
    """Over the top of the table: where the selected step happens and who is to play, then one
    line that is, by priority, the game-over banner, the waiting row with its Pass button, or the
    step's caption. Its height never changes with the step, so the table under it never has to.

    In present mode it is a band across the screen in large type: the phase over who plays in
    a column, the caption in a wider one beside them, each text whole (``band_height``)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("strip")
        self.phase = ElidingLabel(Qt.TextElideMode.ElideLeft)  # the deepest phase stays
        self.caption = ElidingLabel(Qt.TextElideMode.ElideRight)
        self.info, self.over = QLabel(), QLabel()
        for name, label in (
            ("phase", self.phase),
            ("info", self.info),
            ("caption", self.caption),
            ("over", self.over),
        ):
            label.setObjectName(name)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(10, 4, 8, 4)
        self.grid.setVerticalSpacing(2)
        self.grid.setHorizontalSpacing(16)
        self.waiting_row: QWidget | None = None
        self.large = False
        self.set_large(False)

    def _caption_place(self) -> list[QWidget]:
        """What shows in the caption's place: the caption, the banner, the waiting row."""
        return [w for w in (self.caption, self.over, self.waiting_row) if w is not None]

    def set_large(self, large: bool) -> None:
        """Present mode's band in large type, or the normal strip."""
        self.large = large
        for label in (self.phase, self.caption):
            label.fit(())  # one line first: the normal style's type is then the labels' own
        self.setStyleSheet(strip_style(large))
        for widget in (self.phase, self.info, *self._caption_place()):
            self.grid.removeWidget(widget)
        self.grid.addWidget(self.phase, 0, 0)
        if large:  # the phase over who plays, the caption in a wider column beside them
            self.grid.addWidget(self.info, 1, 0, Qt.AlignmentFlag.AlignTop)
            for widget in self._caption_place():
                self.grid.addWidget(widget, 0, 1, 2, 1)
            stretches = (2, 3)
        else:  # the phase and who plays on a line, the caption under them
            self.grid.addWidget(self.info, 0, 1)
            for widget in self._caption_place():
                self.grid.addWidget(widget, 1, 0, 1, 2)
            stretches = (1, 0)
        for column, stretch in enumerate(stretches):
            self.grid.setColumnStretch(column, stretch)
        self.grid.setRowStretch(0, int(large))  # the phase takes the band's height left
        self.grid.setRowStretch(2, int(not large))  # at the normal size the rows stay at the top
        # Who plays and the step are never cut: on the normal strip the phase gives way.
        self.info.setSizePolicy(
            QSizePolicy.Policy.Ignored if large else QSizePolicy.Policy.Minimum,
            QSizePolicy.Policy.Preferred,
        )
        self.info.setWordWrap(large)
        self.over.setWordWrap(large)
        top = Qt.AlignmentFlag.AlignTop if large else Qt.AlignmentFlag.AlignVCenter
        self.info.setAlignment(
            (Qt.AlignmentFlag.AlignLeft if large else Qt.AlignmentFlag.AlignRight) | top
        )
        for label, sizes in ((self.phase, PHASE_PX), (self.caption, CAPTION_PX)):
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | top)
            label.fit(sizes if large else ())
        self.setFixedHeight(self.band_height() if large else STRIP_HEIGHT)

    def band_height(self) -> int:
        """Present mode's band: two lines of the phase over one of who plays, or three of the
        caption, in their largest type."""

        def lines(label: QLabel, pixels: int, count: int) -> int:
            font = QFont(label.font())
            font.setPixelSize(pixels)
            return count * QFontMetrics(font).lineSpacing()

        column = lines(self.phase, PHASE_PX[0], PHASE_LINES) + self.grid.verticalSpacing()
        column += lines(self.info, INFO_PX, 1)
        margins = self.grid.contentsMargins()
        text = max(column, lines(self.caption, CAPTION_PX[0], CAPTION_LINES))
        return text + margins.top() + margins.bottom()

    def set_waiting_row(self, row: QWidget) -> None:
        """Show ``row`` in place of the caption whenever it is not hidden."""
        row.setParent(self)
        self.waiting_row = row
        self.set_large(self.large)

    def show_step(self, phase: str, info: str, caption: str, over: str) -> None:
        self.phase.set_full_text(phase)
        self.info.setText(info)
        self.caption.set_full_text(caption)
        self.over.setText(over)
        waiting = self.waiting_row is not None and not self.waiting_row.isHidden()
        self.over.setVisible(bool(over))
        self.caption.setVisible(not over and not waiting)


class ChainPanel(QFrame):
    """A ruleset's chain (``RulesetView.chain_entries``) as a stack: the item that resolves
    first on top."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("chain")
        self.setStyleSheet(CHAIN_STYLE)
        self.setFixedWidth(270)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.label)
        self.entries: list[str] = []
        self.hide()

    def show_entries(self, entries: list[str]) -> None:
        """``entries`` from the bottom of the chain to its top."""
        self.entries = entries
        if not entries:
            self.hide()
            return
        rows = "".join(
            f"<tr><td valign=top><b>{len(entries) - depth}.</b></td><td>{escape(text)}"
            + (" <i>(resolves next)</i>" if depth == 0 else "")
            + "</td></tr>"
            for depth, text in enumerate(reversed(entries))
        )
        self.label.setText(f"<b>Chain</b> — the top item resolves first<table>{rows}</table>")
        self.adjustSize()
        self.show()
        self.raise_()


class TableView(QGraphicsView):
    """Fits the table to the window until the user zooms (wheel, Ctrl +/-) or pans (drag the
    background, or drag with the middle button); ``fit`` (Ctrl+0) returns to fitting.

    With ``drags_cards`` (set-up mode) a card pressed and dragged reports ``card_dragged(uid,
    at)`` (where it was pressed); one pressed and released without moving is clicked then."""

    card_dragged = Signal(str, QPoint)

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.table_scene = scene
        self.fitting = True
        self.least_scale = 0.0  # fitting never shrinks the table below it: it scrolls then
        self.presenting = False
        self.drags_cards = False
        self._pressed: tuple[str, QPoint] | None = None  # a card held, where it was pressed
        self._pan_from: QPoint | None = None
        self._hovered = ""
        self._mouse_at: QPoint | None = None  # in the viewport, while the mouse is over it
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMouseTracking(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setMinimumSize(120, 90)
        self.strip = PhaseStrip(self)
        self.chain = ChainPanel(self)
        self.preview = CardPreview(self)
        scene.sceneRectChanged.connect(lambda _: self._refit())

    # ----------------------------------------------------------------------------- overlays

    def show_phase(self, phase: str, info: str, caption: str, over: str) -> None:
        self.strip.show_step(phase, info, caption, over)
        self._place_strip()  # the chain is placed as it is shown (show_chain)

    def set_presenting(self, large: bool) -> None:
        """Present mode: the strip a band in large type across the top, the table fitted
        under it."""
        self.presenting = large
        self.strip.set_large(large)
        self._place_strip()
        self.fit()
        self._place_chain()  # on the table as it is fitted now

    def show_chain(self, entries: list[str]) -> None:
        """The chain's items, in a corner of the table where they cover no card."""
        self.chain.show_entries(entries)
        self._place_chain()

    def _place_overlays(self) -> None:
        self._place_strip()
        self._place_chain()

    def _place_strip(self) -> None:
        """The strip above the viewport, in a margin of its height: a table that scrolls never
        passes under it."""
        tall = self.strip.height()
        if self.viewportMargins().top() != tall:
            self.setViewportMargins(0, tall, 0, 0)
        area = self.viewport().geometry()
        self.strip.setGeometry(area.x(), area.y() - tall, area.width(), tall)

    def _place_chain(self) -> None:
        """The first corner, from the top right round, where the chain covers no card and no
        zone's name; where each would, the one that covers least."""
        if self.chain.isHidden():
            return
        area = self.viewport().geometry()
        size = self.chain.size()
        top, bottom = area.y() + 8, area.bottom() - size.height() - 8
        left, right = area.x() + 8, area.right() - size.width() - 8
        corners = [
            QPoint(x, y) for x, y in ((right, top), (right, bottom), (left, bottom), (left, top))
        ]

        def covered(corner: QPoint) -> float:
            panel = QRect(corner, size)
            return sum(
                (r := QRectF(panel).intersected(rect)).width() * r.height()
                for rect in self.shown_rects(panel)
            )

        self.chain.move(min(corners, key=covered))  # the first of the least covered

    def shown_rects(self, region: QRect | None = None) -> list[QRectF]:
        """Where the visible cards and zone names are (those under ``region`` only, found by
        the scene's index), in this widget's pixels."""
        offset = self.viewport().geometry().topLeft()
        items = (
            self.table_scene.items(self.mapToScene(region.translated(-offset)))
            if region is not None
            else self.table_scene.items()
        )
        rects = []
        for item in items:
            if not item.isVisible():
                continue
            if isinstance(item, CardItem):
                rects.append(self.on_screen(item).translated(QPointF(offset)))
            elif isinstance(item, QGraphicsSimpleTextItem):
                on_screen = self.mapFromScene(item.sceneBoundingRect()).boundingRect()
                rects.append(on_screen.toRectF().translated(QPointF(offset)))
        return rects

    def _place_preview(self, at: QPoint) -> None:
        area = self.viewport().geometry()
        left = at.x() > area.center().x()  # away from the mouse
        x = area.x() + 8 if left else area.right() - self.preview.width() - 8
        self.preview.move(x, area.bottom() - self.preview.height() - 8)

    # ----------------------------------------------------------------------------- zoom

    @property
    def scale_factor(self) -> float:
        return self.transform().m11()

    def fit(self) -> None:
        """Fit the whole table below the phase strip, and keep fitting on resize; a table that
        would fit only with its text under ``READABLE_PX`` (``PRESENTED_PX`` in present mode)
        is shown at that size, scrolled."""
        self.fitting = True
        self._refit()

    def _refit(self) -> None:
        if not self.fitting:
            return
        rect = self.table_scene.sceneRect()
        area = self.viewport().rect()
        if rect.isEmpty() or area.width() <= 10 or area.height() <= 10:
            return
        scale = min(area.width() / rect.width(), area.height() / rect.height())
        # never below the compare's least scale, nor below readable text: a table too big scrolls
        readable = PRESENTED_PX if self.presenting else READABLE_PX
        scale = max(scale, self.least_scale, readable / MIN_TEXT_PX)
        self.setTransform(self.transform().fromScale(scale, scale))
        self.setSceneRect(rect)

    def zoom(self, factor: float) -> None:
        scale = max(MIN_SCALE, min(MAX_SCALE, self.scale_factor * factor))
        self.fitting = False
        self.scale(scale / self.scale_factor, scale / self.scale_factor)

    def actual_size(self) -> None:
        """100%: one scene unit per screen pixel."""
        self.fitting = False
        self.setTransform(self.transform().fromScale(1.0, 1.0))

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(WHEEL_STEP**steps)
        event.accept()

    # ----------------------------------------------------------------------------- mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        card = self._card_at(event.position().toPoint())
        on_card = card is not None
        middle = event.button() == Qt.MouseButton.MiddleButton
        if card is not None and self.drags_cards and event.button() == Qt.MouseButton.LeftButton:
            self._pressed = (card.uid, event.position().toPoint())  # a drag or, released, a click
            return
        if middle or (event.button() == Qt.MouseButton.LeftButton and not on_card):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if not middle:
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        point = event.position().toPoint()
        if self._pressed is not None:
            uid, start = self._pressed
            if (point - start).manhattanLength() >= QApplication.startDragDistance():
                self._pressed, self._hovered = None, ""
                self.preview.show_look(None)  # it would hide the places to drop on
                self.card_dragged.emit(uid, start)
            return
        if self._pan_from is not None:
            delta = point - self._pan_from
            self._pan_from = point
            if delta.manhattanLength():
                self.fitting = False
                bars = self.horizontalScrollBar(), self.verticalScrollBar()
                bars[0].setValue(bars[0].value() - delta.x())
                bars[1].setValue(bars[1].value() - delta.y())
            return
        self._mouse_at = point
        card = self._card_at(point)
        uid = card.uid if card is not None else ""
        if uid != self._hovered:
            self._hovered = uid
            self.preview.show_look(card.look if card is not None else None)
        if card is not None:
            self._place_preview(point)
        super().mouseMoveEvent(event)

    def refresh_hover(self) -> None:
        """After the table changed under a still mouse (a step, an action): the preview and the
        tooltip show the card under it as it is now, never as it was when the mouse arrived."""
        if self._mouse_at is None:
            return
        card = self._card_at(self._mouse_at)
        self._hovered = card.uid if card is not None else ""
        self.preview.show_look(card.look if card is not None else None)
        if not QToolTip.isVisible():
            return
        if card is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(self.viewport().mapToGlobal(self._mouse_at), card.toolTip(), self)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pressed is not None:  # held without a drag: a click
            uid, self._pressed = self._pressed[0], None
            self.table_scene.card_clicked.emit(uid)
            return
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event: object) -> None:  # noqa: N802
        self._hovered, self._mouse_at = "", None
        self.preview.show_look(None)
        super().leaveEvent(event)  # type: ignore[arg-type]

    def _card_at(self, point: QPoint) -> CardItem | None:
        return self.table_scene.card_at(self.mapToScene(point))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        # what comes into sight (a scroll, a zoom, a bigger window) is made before it is drawn
        self.table_scene.realize(self.mapToScene(event.rect()).boundingRect())
        super().paintEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._place_overlays()
        self._refit()

    def on_screen(self, item: CardItem) -> QRectF:
        """The card's rectangle in viewport pixels (without its outline margin)."""
        w, h = item.look.size
        return self.mapFromScene(item.mapRectToScene(QRectF(0, 0, w, h))).boundingRect().toRectF()
