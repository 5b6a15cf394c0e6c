"""The bar that shows what waits for the players (a battle window, a spell on the chain) and
passes: the engine's prompt, and its "Pass / continue" as the default button."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QPushButton, QToolBar

from app.session import Session
from engine.choices import ChoiceCancelled
from engine.errors import RuleError


class WindowBar(QToolBar):
    """Hidden while nothing waits; shows the engine's ``Waiting`` record and passes on click."""

    def __init__(self, session: Session, window: QMainWindow) -> None:
        super().__init__("Where play stands", window)
        self.setObjectName("window_bar")
        self.setMovable(False)
        self.session = session
        self.main = window
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.button = QPushButton("Pass / continue")
        self.button.setDefault(True)
        self.button.setStyleSheet("font-weight: bold; padding: 4px 12px")
        self.button.clicked.connect(self.proceed)
        self.addWidget(self.button)
        self.addWidget(self.prompt)
        session.timeline_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        waiting = self.session.waiting
        self.setVisible(waiting is not None)
        if waiting is None:
            return
        rules = ", ".join(waiting.rules)
        self.prompt.setText(f"  {waiting.prompt}  ({', '.join(waiting.players)} may act; {rules})")
        self.button.setText(waiting.pass_label)
        self.button.setToolTip(f"Pass / continue: {waiting.pass_label} ({rules})")

    def proceed(self) -> None:
        """Pass: the engine finishes what waits; a cancelled choice or a refusal changes nothing."""
        try:
            self.session.proceed()
        except ChoiceCancelled:
            self.main.statusBar().showMessage("Cancelled")
        except RuleError as error:
            QMessageBox.warning(self.main, "Not allowed", str(error))
