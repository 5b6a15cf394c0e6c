"""File > New: a dialog that asks for a ruleset (every installed one, plug-ins included), the
players' names and the table's title; the engine builds the empty table or says why not, and the
dialog stays."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from engine.errors import ScenarioError
from engine.ruleset import rulesets
from engine.setup_edits import refusal_text

PLAYERS = ("Alice", "Bob")  # the names offered, as the shipped scenarios name their players


class NewTableDialog(QDialog):
    """Asks for the ruleset, the players and the title; ``build(ruleset, players, title)`` makes
    the table (a ScenarioError keeps the dialog open with the engine's reason under the
    fields)."""

    def __init__(self, build: Callable[[str, list[str], str], object], parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle("New table")
        self.build = build
        form = QFormLayout(self)
        self.ruleset = QComboBox()
        for name, each in rulesets().items():
            self.ruleset.addItem(name)
            if each.new_setup(list(PLAYERS)) is None:  # its set-up is unknown to the editor
                index = self.ruleset.count() - 1
                self.ruleset.model().item(index).setEnabled(False)  # type: ignore[attr-defined]
        form.addRow("&Ruleset:", self.ruleset)
        self.players = [QLineEdit(name) for name in PLAYERS]
        for number, field in enumerate(self.players, 1):
            form.addRow(f"Player &{number}:", field)
        self.title = QLineEdit("New table")
        self.title.setToolTip("The scenario's title: File > Save writes it, the app shows it")
        form.addRow("&Title:", self.title)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        self.error.hide()
        form.addRow(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._build)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _build(self) -> None:
        try:
            players = [field.text() for field in self.players]
            self.build(self.ruleset.currentText(), players, self.title.text())
        except ScenarioError as error:
            self.error.setText(refusal_text(error))
            self.error.show()
            return
        self.accept()
