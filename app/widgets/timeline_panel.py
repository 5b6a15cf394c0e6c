"""The timeline: a tree of turn > phase > sub-step > step, and the transport controls."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QMenu,
    QSlider,
    QStyle,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.drawing.tooltips import plain_tooltip
from app.widgets.branch_panel import BranchPanel
from app.widgets.inspector import rule_title
from app.widgets.session_signals import SessionSignals
from engine.script import START
from engine.timeline import Step

SPEEDS = {"0.5×": 1600, "1×": 800, "2×": 400, "4×": 200}
STEP_ROLE = Qt.ItemDataRole.UserRole
HIDDEN = "…"  # a step predict mode has not shown yet
HIDDEN_TIP = "Predict mode: this step is told when you reach it"
RULES_SHARE, RULES_MAX = 0.3, 140  # the Rules column's part of the tree; longer lists end in "…"


def rules_tooltip(rules: tuple[str, ...]) -> str:
    """Each rule id with its title, for the Rules column's tooltip."""
    return "\n".join(rule_title(rule) for rule in rules)


class TimelinePanel(QWidget):
    """Selecting a row shows the table after that step; the buttons move through the timeline.
    A step's context menu asks to expect the table there (``expect_asked(index)``) or to label
    its action (``label_asked(index)``, a double-click too); step 0's, to edit the set-up
    (``setup_asked``)."""

    expect_asked = Signal(int)
    label_asked = Signal(int)
    setup_asked = Signal()

    def __init__(self, signals: SessionSignals) -> None:
        super().__init__()
        session = self.session = signals.session
        self.rows: list[QTreeWidgetItem] = []
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Step", "Rules"])
        header = self.tree.header()
        header.setStretchLastSection(False)  # the step text gives way; the rule ids stay whole
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.tree.setIndentation(12)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setUniformRowHeights(True)
        self.tree.currentItemChanged.connect(self._row_selected)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._row_menu)
        self.tree.itemDoubleClicked.connect(
            lambda item, _: self.label_asked.emit(int(item.data(0, STEP_ROLE)))
        )
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.valueChanged.connect(session.select)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.speed = QComboBox()
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText("1×")
        self.speed.currentTextChanged.connect(lambda _: self._restart_timer())
        self.speed.setToolTip("Playback speed")
        self.buttons: dict[str, QToolButton] = {}
        controls = QHBoxLayout()
        icons = QStyle.StandardPixmap
        for icon, tip, slot in (
            (icons.SP_MediaSkipBackward, "First step (Home)", lambda: session.select(0)),
            (
                icons.SP_MediaSeekBackward,
                "Previous phase (Ctrl+Left)",
                lambda: session.select(session.phase_start(-1)),
            ),
            (icons.SP_ArrowLeft, "Previous step (Left)", lambda: session.select(session.index - 1)),
            (icons.SP_MediaPlay, "Play / pause (Space)", self.toggle_play),
            (icons.SP_ArrowRight, "Next step (Right)", lambda: session.select(session.index + 1)),
            (
                icons.SP_MediaSeekForward,
                "Next phase (Ctrl+Right)",
                lambda: session.select(session.phase_start(1)),
            ),
            (icons.SP_MediaSkipForward, "Last step (End)", lambda: session.select(session.last)),
        ):
            button = QToolButton()
            button.setIcon(self.style().standardIcon(icon))
            button.setToolTip(tip)
            button.clicked.connect(slot)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            controls.addWidget(button)
            self.buttons[tip.split(" (")[0]] = button
        controls.addStretch()
        scrub = QHBoxLayout()  # beside the slider, so the dock can be narrow
        scrub.addWidget(self.slider, 1)
        scrub.addWidget(self.speed)
        self.branches = BranchPanel(signals)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.branches)
        layout.addLayout(controls)
        layout.addLayout(scrub)
        layout.addWidget(self.tree)
        self.hidden_after: int | None = None  # predict mode: the last step told in words
        signals.timeline_changed.connect(self.rebuild)
        signals.step_changed.connect(self.show_step)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.tree.setColumnWidth(1, min(RULES_MAX, int(self.tree.width() * RULES_SHARE)))

    # ----------------------------------------------------------------------------- building

    def rebuild(self) -> None:
        """One row per step under its phase rows; consecutive steps share their phase rows."""
        self.tree.blockSignals(True)
        self.tree.clear()
        self.rows = []
        path_items: list[tuple[str, QTreeWidgetItem]] = []
        labels = self._labels()
        for step in self.session.steps:
            depth = 0
            parent: QTreeWidgetItem | None = None
            for label in step.phase:
                if depth < len(path_items) and path_items[depth][0] == label:
                    parent = path_items[depth][1]
                else:
                    node = QTreeWidgetItem([label])
                    node.setData(0, STEP_ROLE, step.index)
                    font = node.font(0)
                    font.setBold(True)
                    node.setFont(0, font)
                    if parent is None:
                        self.tree.addTopLevelItem(node)
                    else:
                        parent.addChild(node)
                    del path_items[depth:]
                    path_items.append((label, node))
                    parent = node
                depth += 1
            del path_items[depth:]
            row = QTreeWidgetItem()
            row.setData(0, STEP_ROLE, step.index)
            self._word(row, step, labels.get(step.index, ""))
            if parent is None:
                self.tree.addTopLevelItem(row)
            else:
                parent.addChild(row)
            self.rows.append(row)
        self.tree.expandAll()
        self.tree.blockSignals(False)
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, self.session.last))
        self.slider.blockSignals(False)

    def _word(self, row: QTreeWidgetItem, step: Step, label: str) -> None:
        """A step's row: its number, label, description and rules; only its number while
        predict mode has not shown it yet (``hidden_after``)."""
        if self.hidden_after is not None and step.index > self.hidden_after:
            row.setText(0, f"#{step.index}  {HIDDEN}")
            row.setText(1, "")
            row.setToolTip(0, HIDDEN_TIP)
            row.setToolTip(1, "")
            return
        row.setText(0, f"#{step.index}  {label}{step.description}")
        row.setText(1, ", ".join(step.rules))
        row.setToolTip(0, plain_tooltip(step.description))
        row.setToolTip(1, rules_tooltip(step.rules))

    def hide_after(self, last: int | None) -> None:
        """Show the steps up to ``last`` in words and only the numbers of those after it
        (predict mode: what is coming is not told before it is asked); None shows them all."""
        if last == self.hidden_after:
            return
        self.hidden_after = last
        labels = self._labels()
        for row, step in zip(self.rows, self.session.steps, strict=False):
            self._word(row, step, labels.get(step.index, ""))

    def _labels(self) -> dict[int, str]:
        """Each script label at the step of its table (``start``, the set-up, left out)."""
        play = self.session.play
        ends = play.runner.labels.items() if play else ()
        return {end: f"[{label}]  " for label, end in ends if label != START}

    def show_step(self, index: int) -> None:
        if index >= len(self.rows):
            return
        self.tree.blockSignals(True)
        self.tree.setCurrentItem(self.rows[index])
        self.tree.scrollToItem(self.rows[index])
        self.tree.blockSignals(False)
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        if index >= self.session.last and self.timer.isActive():
            self.toggle_play()

    def _row_menu(self, at: QPoint) -> None:
        item = self.tree.itemAt(at)
        if item is None:
            return
        index = int(item.data(0, STEP_ROLE))
        menu = QMenu(self)
        menu.addAction("Expect this", lambda: self.expect_asked.emit(index))
        menu.addAction("Label this action…", lambda: self.label_asked.emit(index))
        if index == 0:
            menu.addAction("Edit set-up", self.setup_asked.emit)
        self.last_menu = menu  # tests read it
        menu.popup(self.tree.viewport().mapToGlobal(at))

    def _row_selected(self, current: QTreeWidgetItem | None, _: QTreeWidgetItem | None) -> None:
        if current is not None:
            self.session.select(int(current.data(0, STEP_ROLE)))

    # ----------------------------------------------------------------------------- playback

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
        else:
            if self.session.at_end():
                self.session.select(0)
            self._restart_timer(force=True)
        icon = (
            QStyle.StandardPixmap.SP_MediaPause
            if self.timer.isActive()
            else QStyle.StandardPixmap.SP_MediaPlay
        )
        self.buttons["Play / pause"].setIcon(self.style().standardIcon(icon))

    def _restart_timer(self, force: bool = False) -> None:
        if force or self.timer.isActive():
            self.timer.start(SPEEDS[self.speed.currentText()])

    def _tick(self) -> None:
        if self.session.at_end():
            self.toggle_play()
        else:
            self.session.select(self.session.index + 1)
