"""Two branches, or two steps, side by side: each table as the app draws it, the cards that
differ outlined, and the list of what differs (from the engine's comparison)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QLabel,
    QListWidget,
    QSpinBox,
    QWidget,
)

from app.drawing.table_scene import TableScene
from app.presentation.looks import game_over_text, turn_banner
from app.presentation.session import Session
from app.widgets.table_view import TableView
from engine.compare import changed_cards, differences
from engine.timeline import Step


class CompareSide:
    """One side: which branch, which step, and its table."""

    def __init__(self, session: Session, parent: QWidget, branch: str) -> None:
        self.session = session
        self.branches = QComboBox(parent)
        self.branches.addItems(list(session.parents))
        self.branches.setCurrentText(branch)
        self.step_box = QSpinBox(parent)
        self.step_box.setPrefix("step ")
        self.scene = TableScene()
        self.view = TableView(self.scene)
        self.view.setMinimumSize(420, 320)
        self.branches.currentTextChanged.connect(self._branch_chosen)
        self._branch_chosen(branch)

    def steps(self) -> list[Step]:
        return self.session.branch_play(self.branches.currentText()).game.steps

    def step(self) -> Step:
        return self.steps()[self.step_box.value()]

    def _branch_chosen(self, _: str) -> None:
        last = len(self.steps()) - 1
        self.step_box.blockSignals(True)
        self.step_box.setRange(0, last)
        self.step_box.setValue(last)
        self.step_box.blockSignals(False)

    def show(self, differing: set[str]) -> None:
        step = self.step()
        self.scene.show_table(step.table, differing)
        self.view.show_phase(
            f"{self.branches.currentText()} · " + " › ".join(step.phase),
            turn_banner(step.table),
            step.description,
            game_over_text(step.table),
        )


class CompareDialog(QDialog):
    """Pick two branches (or two steps of one) and see both tables with what differs."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare branches")
        self.resize(1280, 760)
        names = list(session.parents)
        other = next((n for n in names if n != session.branch), session.branch)
        self.sides = [CompareSide(session, self, session.branch), CompareSide(session, self, other)]
        self.found = QListWidget()
        self.summary = QLabel()
        grid = QGridLayout(self)
        for column, side in enumerate(self.sides):
            grid.addWidget(side.branches, 0, 2 * column)
            grid.addWidget(side.step_box, 0, 2 * column + 1)
            grid.addWidget(side.view, 1, 2 * column, 1, 2)
            side.branches.currentTextChanged.connect(self.refresh)
            side.step_box.valueChanged.connect(self.refresh)
        grid.addWidget(self.summary, 2, 0, 1, 4)
        grid.addWidget(self.found, 3, 0, 1, 4)
        grid.setRowStretch(1, 3)
        grid.setRowStretch(3, 1)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint)
        self.refresh()

    def refresh(self) -> None:
        left, right = (side.step() for side in self.sides)
        self.differences = differences(left.table, right.table)
        differing = changed_cards(self.differences)
        for side in self.sides:
            side.show(differing)
        self.summary.setText(
            f"<b>{len(self.differences)} difference(s)</b>, left / right; the cards that differ "
            "are outlined"
        )
        self.found.clear()
        self.found.addItems([difference.describe() for difference in self.differences])
