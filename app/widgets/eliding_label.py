"""A one-line label that shows what fits of its text, with "…" where it cut, and the whole text
as its tooltip: a long phase path or caption must not be cut off mid-word at the window's edge.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel

from app.drawing.tooltips import plain_tooltip


class ElidingLabel(QLabel):
    """``set_full_text`` instead of ``setText``. ``cut`` says which end goes: a phase path keeps
    its deepest part (``ElideLeft``), a caption its start (``ElideRight``). A word-wrapped label
    shows everything."""

    def __init__(self, cut: Qt.TextElideMode) -> None:
        super().__init__()
        self.cut = cut
        self.full_text = ""
        self.setTextFormat(Qt.TextFormat.PlainText)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self._fit()

    def setWordWrap(self, on: bool) -> None:  # noqa: N802  # Qt's name
        super().setWordWrap(on)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  # Qt's name
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802  # Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()  # a style sheet's font (present mode's large type) measures differently

    def _fit(self) -> None:
        text = self.full_text
        if not self.wordWrap():
            text = self.fontMetrics().elidedText(text, self.cut, max(self.width(), 0))
        if text != self.text():
            self.setText(text)
        self.setToolTip(plain_tooltip(self.full_text) if text != self.full_text else "")
