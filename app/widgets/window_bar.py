"""The row that shows what waits for the players (a battle window, a spell on the chain) and
passes: the engine's prompt, and its "Pass / continue" as the default button. It lives in the
phase strip over the table, so showing it never resizes the table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMainWindow, QPushButton

from app.drawing.tooltips import plain_tooltip
from app.widgets import message_boxes
from app.widgets.busy import busy
from app.widgets.session_signals import SessionSignals
from engine.choices import ChoiceCancelled
from engine.errors import RuleError


class WindowBar(QFrame):
    """Hidden while nothing waits; shows the engine's ``Waiting`` record and passes on click."""

    def __init__(self, signals: SessionSignals, window: QMainWindow) -> None:
        super().__init__(window)
        self.setObjectName("window_bar")
        self.setStyleSheet(
            "#window_bar { background: #f2c230; border-radius: 4px; }"
            " QLabel { color: #1b1b1b; font-size: 13px; }"
        )
        self.session = signals.session
        self.main = window
        self.prompt = QLabel()
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.button = QPushButton("Pass / continue")
        self.button.setDefault(True)
        self.button.setStyleSheet("font-weight: bold; padding: 2px 10px")
        self.button.clicked.connect(self.proceed)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 1, 4, 1)
        row.addWidget(self.prompt, 1)
        row.addWidget(self.button)
        signals.timeline_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        waiting = self.session.waiting
        self.setVisible(waiting is not None)
        if waiting is None:
            return
        rules = ", ".join(waiting.rules)
        text = f"{waiting.prompt} ({', '.join(waiting.players)} may act; {rules})"
        self.prompt.setToolTip(plain_tooltip(text))
        metrics = self.prompt.fontMetrics()
        room = max(80, self.prompt.width())
        self.prompt.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, room))
        self.button.setText(waiting.pass_label)
        self.button.setToolTip(f"Pass / continue (Ctrl+Return): {waiting.pass_label} ({rules})")

    def proceed(self) -> None:
        """Pass: the engine finishes what waits; a cancelled choice or a refusal changes nothing."""
        if self.session.waiting is None:
            return
        try:
            with busy():  # what waits resolves: a chain may trigger a long cascade
                self.session.proceed()
        except ChoiceCancelled:
            self.main.statusBar().showMessage("Cancelled")
        except RuleError as error:
            message_boxes.warning(self.main, "Not allowed", str(error))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.refresh()  # the prompt is elided to the room it has
