"""The might choices as dialogs: the order of replacement effects (M8, M-4), the combat
assignment in order (M-10), a triggered ability's targets (P-41) and the deck cards looked at
that go into the hand (P-109).

Every dialog has Cancel, which abandons the whole action (``ChoiceCancelled``); an assignment
the engine refuses is asked again with the numbers typed and the engine's reason.
"""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QListWidget,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.drawing.tooltips import plain_tooltip
from app.widgets.dialogs import RulesetWidgets, heading, ok_cancel, plain_label
from engine.choices import Answer, Assigned, Choice, ChoiceCancelled
from engine.errors import RuleError
from engine.might.assignment import verify_answer
from engine.might.replacements import order_of
from engine.might.targeting import ORDINALS


class ReplacementOrderDialog(QDialog):
    """Drag the replacement effects into the order they apply (M8); the default is creation
    order."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Order the replacement effects")
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for effect in order_of(choice.default, choice.subject):
            self.list.addItem(effect)
            item = self.list.item(self.list.count() - 1)
            item.setToolTip(plain_tooltip(choice.details.get(effect, effect)))
            item.setText(f"{effect}: {choice.details.get(effect, '')}")
            item.setData(256, effect)
        layout = QVBoxLayout(self)
        layout.addWidget(heading(choice, "Drag to reorder; the top one applies first."))
        layout.addWidget(self.list)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)

    def answer(self) -> Answer:
        return tuple(str(self.list.item(i).data(256)) for i in range(self.list.count()))


class AssignmentDialog(QDialog):
    """Assign a side's combat damage to the enemy units in order (M-10): each row is a unit with
    its damage, top first; Up and Down reorder the rows. The engine judges the sequence and
    explains a rejected one."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Assign combat damage")
        default = {e.unit: e.damage for e in choice.default if isinstance(e, Assigned)}
        self.total = choice.total
        self.order = [*default, *(unit for unit in choice.options if unit not in default)]
        self.spins: dict[str, QSpinBox] = {}
        self.labels: dict[str, QLabel] = {}
        self.moves: dict[str, tuple[QToolButton, QToolButton]] = {}
        self.grid = QGridLayout()
        for unit in self.order:
            spin = QSpinBox()
            spin.setRange(0, max(self.total, 0))
            spin.setValue(default.get(unit, 0))
            spin.valueChanged.connect(self._update)
            self.spins[unit] = spin
            detail = choice.details.get(unit)
            self.labels[unit] = plain_label(f"{unit} ({detail})" if detail else unit)
            up, down = QToolButton(), QToolButton()
            up.setArrowType(Qt.ArrowType.UpArrow)
            down.setArrowType(Qt.ArrowType.DownArrow)
            up.setToolTip(plain_tooltip(f"Assign to {unit} earlier"))
            down.setToolTip(plain_tooltip(f"Assign to {unit} later"))
            up.clicked.connect(lambda _=False, u=unit: self.shift(u, -1))
            down.clicked.connect(lambda _=False, u=unit: self.shift(u, 1))
            self.moves[unit] = (up, down)
        self._place()
        self.status = plain_label()
        layout = QVBoxLayout(self)
        layout.addWidget(
            heading(
                choice,
                "Damage is assigned top first: each unit needs lethal before the next gets any.",
            )
        )
        layout.addLayout(self.grid)
        layout.addWidget(self.status)
        self.refusal = plain_label()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        layout.addWidget(self.refusal)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)
        self._update()

    def _place(self) -> None:
        """Lay the rows out in the current order; the first can't go up, the last can't go
        down."""
        for row, unit in enumerate(self.order):
            up, down = self.moves[unit]
            for column, widget in enumerate((self.labels[unit], self.spins[unit], up, down)):
                self.grid.removeWidget(widget)
                self.grid.addWidget(widget, row, column)
            up.setEnabled(row > 0)
            down.setEnabled(row < len(self.order) - 1)

    def shift(self, unit: str, step: int) -> None:
        """Move ``unit`` one row up (``step`` -1) or down (+1) in the assignment order."""
        index = self.order.index(unit)
        other = index + step
        if 0 <= other < len(self.order):
            self.order[index], self.order[other] = self.order[other], self.order[index]
            self._place()

    def _update(self) -> None:
        assigned = sum(spin.value() for spin in self.spins.values())
        self.status.setText(f"Assigned {assigned} of {self.total}")

    def refuse(self, reason: str) -> None:
        """Show why the engine refused the numbers typed; they stay for the next try."""
        self.refusal.setText(f"Not allowed: {reason}")

    def answer(self) -> Answer:
        """The units with damage, in the order of the rows."""
        return tuple(
            Assigned(unit=unit, damage=self.spins[unit].value())
            for unit in self.order
            if self.spins[unit].value()
        )


class TargetsDialog(QDialog):
    """Tick the units a triggered ability targets, up to its count (P-41); the default ones
    start ticked. OK needs at least one and no more than the count."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose the targets")
        self.most = choice.total
        self.list = QListWidget()
        for uid in choice.options:
            self.list.addItem(f"{uid}: {choice.details.get(uid, '')}")
            item = self.list.item(self.list.count() - 1)
            item.setData(256, uid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            ticked = uid in choice.default
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        layout = QVBoxLayout(self)
        layout.addWidget(heading(choice, f"Tick 1 to {self.most}."))
        layout.addWidget(self.list)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)
        self.list.itemChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(1 <= len(self.answer()) <= self.most)

    def answer(self) -> Answer:
        return tuple(
            str(self.list.item(i).data(256))
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        )


class TargetEachDialog(QDialog):
    """A unit for each target of a list, in order (P-41): one box per target, offering only
    the units that fit it, the default ones chosen first. OK needs different units."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose the targets")
        layout = QVBoxLayout(self)
        layout.addWidget(heading(choice, "Choose a different unit for each target, in order."))
        grid = QGridLayout()
        self.boxes: list[QComboBox] = []
        for entry in range(choice.total):
            box = QComboBox()
            for uid in choice.options:
                if entry in choice.groups.get(uid, ()):
                    box.addItem(f"{uid}: {choice.details.get(uid, '')}", uid)
            if entry < len(choice.default):
                box.setCurrentIndex(max(box.findData(choice.default[entry]), 0))
            box.currentIndexChanged.connect(self._update)
            grid.addWidget(plain_label(f"{ORDINALS[entry].capitalize()} target"), entry, 0)
            grid.addWidget(box, entry, 1)
            self.boxes.append(box)
        layout.addLayout(grid)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)
        self._update()

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        answer = self.answer()
        ok.setEnabled(len(set(answer)) == len(answer) == len(self.boxes))

    def answer(self) -> Answer:
        return tuple(str(box.currentData()) for box in self.boxes if box.currentData())


class PickDialog(QDialog):
    """Order the deck cards looked at (P-109): the top ones go into the hand, as many as the
    effect keeps, and the rest to the bottom of the deck in the order below them, the last
    lowest. The default is the order they were in."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose the cards for the hand")
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for uid in choice.options:
            self.list.addItem(f"{uid}: {choice.details.get(uid, '')}")
            self.list.item(self.list.count() - 1).setData(256, uid)
        layout = QVBoxLayout(self)
        layout.addWidget(
            heading(
                choice,
                f"Drag to reorder: the top {choice.total} go into the hand, the rest to the "
                "bottom of the deck in this order.",
            )
        )
        layout.addWidget(self.list)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)

    def answer(self) -> Answer:
        """Every card, in the order of the rows: those for the hand first."""
        return tuple(str(self.list.item(i).data(256)) for i in range(self.list.count()))


class MightWidgets(RulesetWidgets):
    name: ClassVar[str] = "might"

    def ask(self, choice: Choice, parent: QWidget | None) -> Answer:
        """A dialog for the order of replacements, for targets, for the deck cards looked at
        or for an assignment; an assignment is judged by the engine before it is returned, and
        asked again with the reason while the engine refuses it."""
        asking = {
            "replacement_order": ReplacementOrderDialog,
            "pick": PickDialog,
            "targets": TargetEachDialog if choice.groups else TargetsDialog,  # a list: one each
        }.get(choice.kind)
        if asking is not None:
            asked = asking(choice, parent)
            if asked.exec() != QDialog.DialogCode.Accepted:
                raise ChoiceCancelled(choice.prompt)
            return asked.answer()
        dialog = AssignmentDialog(choice, parent)
        while dialog.exec() == QDialog.DialogCode.Accepted:
            answer = dialog.answer()
            try:
                verify_answer(choice, answer)
            except RuleError as error:
                dialog.refuse(str(error))
                continue
            return answer
        raise ChoiceCancelled(choice.prompt)


WIDGETS = MightWidgets()
