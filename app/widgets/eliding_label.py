"""A label that never cuts its text off mid-word at its edge: on one line it shows what fits,
with "…" where it cut; word-wrapped (present mode's band) it shows the whole text in the largest
of its type sizes that holds it. The whole text is its tooltip whenever it is cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel

from app.drawing.tooltips import plain_tooltip

CUT = "…"


def wrapped_height(font: QFont, text: str, width: int) -> int:
    """The height ``text`` takes in ``font``, word-wrapped at ``width`` pixels."""
    room = QRect(0, 0, max(width, 1), 1_000_000)
    return QFontMetrics(font).boundingRect(room, Qt.TextFlag.TextWordWrap, text).height()


def cut_to_fit(font: QFont, text: str, room: QRect) -> str:
    """``text``, or its longest start followed by "…" that fits ``room`` word-wrapped."""
    if wrapped_height(font, text, room.width()) <= room.height():
        return text
    shortest, longest = 0, len(text)  # found by halves: the start that fits, the one that not
    while longest - shortest > 1:
        middle = (shortest + longest) // 2
        fits = wrapped_height(font, text[:middle].rstrip() + CUT, room.width()) <= room.height()
        shortest, longest = (middle, longest) if fits else (shortest, middle)
    return text[:shortest].rstrip() + CUT


class ElidingLabel(QLabel):
    """``set_full_text`` instead of ``setText``. On one line ``cut`` says which end goes: a
    phase path keeps its deepest part (``ElideLeft``), a caption its start (``ElideRight``).
    Told pixel sizes (``fit``), it wraps the text and shows it whole in the largest of them
    that fits the label; only at the smallest is its end cut."""

    def __init__(self, cut: Qt.TextElideMode) -> None:
        super().__init__()
        self.cut = cut
        self.full_text = ""
        self.sizes: tuple[int, ...] = ()  # largest first; none: one line
        self.setTextFormat(Qt.TextFormat.PlainText)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self._fit()

    def fit(self, sizes: Sequence[int]) -> None:
        """Wrapped in the largest of ``sizes`` (pixels) that shows it whole; none: one line."""
        self.sizes = tuple(sorted(sizes, reverse=True))
        self.setWordWrap(bool(self.sizes))
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  # Qt's name
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802  # Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()  # a style sheet's font (present mode's large type) measures differently

    def _fit(self) -> None:
        text = self._fitted() if self.sizes else self._elided()
        if text != self.text():
            self.setText(text)
        self.setToolTip(plain_tooltip(self.full_text) if text != self.full_text else "")

    def _elided(self) -> str:
        return self.fontMetrics().elidedText(self.full_text, self.cut, max(self.width(), 0))

    def _fitted(self) -> str:
        """The whole text in the largest size that holds it (the font set to that size), or
        in the smallest, its end cut."""
        room = self.contentsRect()
        font = QFont(self.font())
        for pixels in self.sizes:
            font.setPixelSize(pixels)
            if wrapped_height(font, self.full_text, room.width()) <= room.height():
                break
        if font.pixelSize() != self.font().pixelSize():
            self.setFont(font)  # its font change fits the text again, in this size: no loop
        return cut_to_fit(font, self.full_text, room)
