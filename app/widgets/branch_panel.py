"""The branches of the session as a small tree above the timeline: click one to switch to it,
double-click to rename it; "Compare…" puts two branches side by side."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.widgets.session_signals import SessionSignals

NAME_ROLE = Qt.ItemDataRole.UserRole
TREE_HEIGHT = 92


class BranchPanel(QWidget):
    """``compare_asked`` when the user wants to compare branches."""

    compare_asked = Signal()

    def __init__(self, signals: SessionSignals) -> None:
        super().__init__()
        self.session = signals.session
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setIndentation(12)
        self.tree.setMaximumHeight(TREE_HEIGHT)
        self.tree.setToolTip(
            "Branches: acting at an earlier step, or answering a choice again, starts a new "
            "branch. Click to switch, double-click to rename."
        )
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemChanged.connect(self._renamed)
        self.compare = QPushButton("Compare…")
        self.compare.setToolTip("Two branches (or steps) side by side, with what differs")
        self.compare.clicked.connect(self.compare_asked)
        self.title = QLabel("<b>Branches</b>")
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title)
        top.addStretch()
        top.addWidget(self.compare)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.tree)
        self.items: dict[str, QTreeWidgetItem] = {}
        signals.timeline_changed.connect(self.rebuild)

    def rebuild(self) -> None:
        self.tree.blockSignals(True)
        self.tree.clear()
        self.items = {}
        for name, parent in self.session.parents.items():
            item = QTreeWidgetItem([name])
            item.setData(0, NAME_ROLE, name)
            if parent:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
                self.items[parent].addChild(item)
            else:
                self.tree.addTopLevelItem(item)
            font = item.font(0)
            font.setBold(name == self.session.branch)
            item.setFont(0, font)
            self.items[name] = item
        self.tree.expandAll()
        current = self.items.get(self.session.branch)
        if current is not None:
            self.tree.setCurrentItem(current)
        self.compare.setEnabled(len(self.items) > 1)
        self.tree.blockSignals(False)

    def _clicked(self, item: QTreeWidgetItem) -> None:
        self.session.switch(str(item.data(0, NAME_ROLE)))

    def _renamed(self, item: QTreeWidgetItem) -> None:
        old, new = str(item.data(0, NAME_ROLE)), item.text(0)
        if new == old:
            return
        try:
            self.session.rename(old, new)
        except ValueError:
            self.tree.blockSignals(True)
            item.setText(0, old)  # an empty or taken name: keep the old one
            self.tree.blockSignals(False)
