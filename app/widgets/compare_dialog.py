"""Two branches, or two steps, side by side: each table as the app draws it, its cards at least
as large as on the main table (scrolling together where the halves cannot hold them), the cards
that differ outlined, and under them every fact of the two tables, what differs first and in
bold (from the engine's comparison)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QGridLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from app.drawing.fonts import MIN_TEXT_PX
from app.drawing.table_scene import TableScene
from app.presentation.comparison import FactRow, side_by_side
from app.presentation.looks import game_over_text, turn_banner
from app.presentation.session import Session
from app.widgets.table_view import READABLE_PX, TableView
from engine.compare import changed_cards
from engine.timeline import Step

DIFFERS = QColor("#fbeec0")  # a fact that differs: bold, on the outlines' yellow, lighter


class CompareSide:
    """One side: which branch, which step, and its table, never smaller than ``least_scale``."""

    def __init__(self, session: Session, parent: QWidget, branch: str, least_scale: float) -> None:
        self.session = session
        self.branches = QComboBox(parent)
        self.branches.addItems(list(session.parents))
        self.branches.setCurrentText(branch)
        self.step_box = QSpinBox(parent)
        self.step_box.setPrefix("step ")
        self.scene = TableScene()
        self.view = TableView(self.scene)
        self.view.least_scale = least_scale
        self.view.setMinimumSize(240, 200)
        self.branches.currentTextChanged.connect(self._branch_chosen)
        self._branch_chosen(branch)

    def steps(self) -> list[Step]:
        return self.session.branch_play(self.branches.currentText()).game.steps

    def step(self) -> Step:
        return self.steps()[self.step_box.value()]

    def title(self) -> str:
        return f"{self.branches.currentText()} · step {self.step_box.value()}"

    def _branch_chosen(self, _: str) -> None:
        last = len(self.steps()) - 1
        self.step_box.blockSignals(True)
        self.step_box.setRange(0, last)
        self.step_box.setValue(last)
        self.step_box.blockSignals(False)

    def show(self, differing: set[str]) -> None:
        step = self.step()
        self.scene.show_table(step.table, differing)
        self.view.show_phase(  # the branch is named in the box above
            " › ".join(step.phase),
            turn_banner(step.table),
            step.description,
            game_over_text(step.table),
        )

    def bring_into_view(self, uids: set[str]) -> None:
        """Where the table scrolls, the cards ``uids`` (those that differ) into view."""
        around = QRectF()
        for uid in uids & set(self.scene.laid_out()):
            around = around.united(self.scene.items_by_uid[uid].sceneBoundingRect())
        if not around.isEmpty():
            self.view.ensureVisible(around, 8, 8)


class CompareDialog(QDialog):
    """Pick two branches (or two steps of one) and see both tables with what differs. It opens
    at the size of ``parent`` (the main window), its tables at least at ``table_scale``, the
    main table's, and never so small that a card's text is under ``READABLE_PX``."""

    def __init__(
        self, session: Session, parent: QWidget | None = None, table_scale: float = 0.0
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare branches")
        self.resize(parent.size() if parent is not None else QSize(1280, 760))
        least = max(table_scale, READABLE_PX / MIN_TEXT_PX)
        names = list(session.parents)
        other = next((n for n in names if n != session.branch), session.branch)
        self.sides = [
            CompareSide(session, self, session.branch, least),
            CompareSide(session, self, other, least),
        ]
        self.summary = QLabel()
        self.facts = QTableWidget(0, 3)
        self.facts.verticalHeader().hide()
        self.facts.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.facts.setWordWrap(True)
        self.facts.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        grid = QGridLayout(self)
        for column, side in enumerate(self.sides):
            grid.addWidget(side.branches, 0, 2 * column)
            grid.addWidget(side.step_box, 0, 2 * column + 1)
            grid.addWidget(side.view, 1, 2 * column, 1, 2)
            side.branches.currentTextChanged.connect(self.refresh)
            side.step_box.valueChanged.connect(self.refresh)
        grid.addWidget(self.summary, 2, 0, 1, 4)
        grid.addWidget(self.facts, 3, 0, 1, 4)
        grid.setRowStretch(1, 3)
        grid.setRowStretch(3, 1)
        self._scroll_together()
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint)
        self.refresh()

    def _scroll_together(self) -> None:
        """Scrolled on one side, the other shows the same part of its table."""
        left, right = (side.view for side in self.sides)
        for one, other in (
            (left.horizontalScrollBar(), right.horizontalScrollBar()),
            (left.verticalScrollBar(), right.verticalScrollBar()),
        ):
            one.valueChanged.connect(other.setValue)
            other.valueChanged.connect(one.setValue)

    def refresh(self) -> None:
        left, right = (side.step() for side in self.sides)
        compared = side_by_side(left.table, right.table)
        self.differences = compared.differences
        differing = changed_cards(self.differences)
        for side in self.sides:
            side.show(differing)
        self.summary.setText(
            f"<b>{len(self.differences)} difference(s)</b>: the cards that differ are outlined, "
            "the facts that differ come first, in bold"
        )
        self._show_facts(compared.rows())
        self.sides[0].bring_into_view(differing)

    def _show_facts(self, rows: list[FactRow]) -> None:
        self.facts.setHorizontalHeaderLabels(["", *(side.title() for side in self.sides)])
        self.facts.setRowCount(len(rows))
        bold = QFont(self.facts.font())
        bold.setBold(True)
        for number, row in enumerate(rows):
            for column, text in enumerate((row.what, row.left, row.right)):
                cell = QTableWidgetItem(text)
                if row.differs:
                    cell.setFont(bold)
                    cell.setBackground(DIFFERS)
                self.facts.setItem(number, column, cell)
        self.facts.resizeRowsToContents()
