"""The might choices as dialogs: the order of replacement effects (M8, M-4), the combat
assignment in order (M-10), the division of an effect's damage (P-77), a triggered ability's
targets (P-41, P-73) and battlefield (P-74), and the deck cards looked at that go into the hand
(P-109).

Every dialog has Cancel, which abandons the whole action (``ChoiceCancelled``); an assignment
the engine refuses is asked again with the numbers typed and the engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from app.presentation.picking import judged, next_targets
from app.widgets.dialogs import RulesetWidgets, heading, ok_cancel, plain_label
from engine.choices import Answer, Assigned, Assignment, Choice, ChoiceCancelled
from engine.errors import MoreToChoose, RuleError
from engine.might.assignment import verify_answer
from engine.might.replacements import order_of
from engine.might.targeting import nth


def targets_title(choice: Choice) -> str:
    """A targets dialog's title: whose choice it is, the opponent's where the card says so
    (P-95)."""
    return f"{choice.by} chooses the targets" if choice.by else "Choose the targets"


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

    def answer(self) -> tuple[str, ...]:
        return tuple(str(self.list.item(i).data(256)) for i in range(self.list.count()))


@dataclass(frozen=True)
class Wording:
    """What a dialog of damage among units says: its title, how its limits work, its running
    count and its rows' Up and Down."""

    title: str
    how: str
    so_far: str  # the damage given so far, of the total
    earlier: str  # of a row's unit
    later: str


WORDINGS = {
    "assignment": Wording(
        "Assign combat damage",
        "Damage is assigned top first: each unit needs lethal before the next gets any.",
        "Assigned {} of {}",
        "Assign to {} earlier",
        "Assign to {} later",
    ),
    "split": Wording(
        "Divide the damage",
        "Any division is legal (P-77): no unit needs lethal first, and one left at 0 gets "
        "nothing.<br>Each share is its own damage event, dealt top first.",
        "Divided {} of {}",
        "Deal {}'s share earlier",
        "Deal {}'s share later",
    ),
}


class AssignmentDialog(QDialog):
    """Assign a side's combat damage to the enemy units in order (M-10), or divide an effect's
    damage among the units it reaches (P-77), each in its own words (``WORDINGS``): each row is
    a unit with its damage, top first; Up and Down reorder the rows. The engine judges the
    sequence and explains a rejected one."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = WORDINGS[choice.kind]
        self.setWindowTitle(self.words.title)
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
            up.setToolTip(plain_tooltip(self.words.earlier.format(unit)))
            down.setToolTip(plain_tooltip(self.words.later.format(unit)))
            up.clicked.connect(lambda _=False, u=unit: self.shift(u, -1))
            down.clicked.connect(lambda _=False, u=unit: self.shift(u, 1))
            self.moves[unit] = (up, down)
        self._place()
        self.status = plain_label()
        layout = QVBoxLayout(self)
        layout.addWidget(heading(choice, self.words.how))
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
        self.status.setText(self.words.so_far.format(assigned, self.total))

    def refuse(self, reason: str) -> None:
        """Show why the engine refused the numbers typed; they stay for the next try."""
        self.refusal.setText(f"Not allowed: {reason}")

    def answer(self) -> Assignment:
        """The units with damage, in the order of the rows."""
        return tuple(
            Assigned(unit=unit, damage=self.spins[unit].value())
            for unit in self.order
            if self.spins[unit].value()
        )


class TargetsDialog(QDialog):
    """A box for each unit a triggered ability may target, in order (P-41). Each box offers the
    units the engine allows after the boxes above it, as the table's click picking offers a
    played card's (``next_targets``): a unit again where it may be chosen again, only the units
    that fit its entry of a list, and "none" where the ability may choose no more ("up to",
    P-73). The default units start chosen; OK once the engine takes the answer, and the line
    under the boxes says what is missing."""

    NONE = "(none)"

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(targets_title(choice))
        assert choice.judge is not None  # the engine judges every targets choice it asks
        self.refusal = judged(choice.judge)
        self.options, self.details = choice.options, choice.details
        layout = QVBoxLayout(self)
        layout.addWidget(
            heading(choice, f"A unit for each target, in order; {self.NONE} for no more.")
        )
        grid = QGridLayout()
        self.boxes: list[QComboBox] = []
        for entry in range(choice.total):
            box = QComboBox()
            box.currentIndexChanged.connect(lambda _=0, n=entry: self._changed(n))
            grid.addWidget(plain_label(f"{nth(entry + 1).capitalize()} target"), entry, 0)
            grid.addWidget(box, entry, 1)
            self.boxes.append(box)
        layout.addLayout(grid)
        self.status = plain_label()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)
        self._fill(0, [str(uid) for uid in choice.default])

    def _fill(self, start: int, wanted: list[str]) -> None:
        """Offer in the boxes from ``start`` on what the engine allows after the units above,
        each showing its ``wanted`` unit (by box) where it still may, else "none" where it may,
        else the first unit; a box under a "none" offers nothing."""
        picked = self.answer()[:start]
        for number in range(start, len(self.boxes)):
            box = self.boxes[number]
            box.blockSignals(True)  # filled as a whole, then judged once
            box.clear()
            if len(picked) == number:  # every box above chose a unit
                if self.refusal(picked) is None:
                    box.addItem(self.NONE, "")
                for uid in next_targets(self.refusal, picked, self.options)[0]:
                    box.addItem(f"{uid}: {self.details.get(uid, '')}", uid)
            want = wanted[number] if number < len(wanted) else ""
            box.setCurrentIndex(max(box.findData(want), 0))
            box.setEnabled(box.count() > 0)
            box.blockSignals(False)
            if box.currentData():
                picked = (*picked, str(box.currentData()))
        self._update()

    def _changed(self, number: int) -> None:
        """Box ``number`` changed: the boxes under it offer what may follow it now."""
        self._fill(number + 1, [str(box.currentData() or "") for box in self.boxes])

    def _update(self) -> None:
        refusal = self.refusal(self.answer())
        if refusal is None:
            self.status.setText("")
        elif isinstance(refusal, MoreToChoose):
            self.status.setText(f"{refusal.message[0].upper()}{refusal.message[1:]}")
        else:
            self.status.setText(f"Not allowed: {refusal}")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(refusal is None)

    def answer(self) -> tuple[str, ...]:
        """The units of the boxes, down to the first "none"."""
        chosen: list[str] = []
        for box in self.boxes:
            if not box.currentData():
                break
            chosen.append(str(box.currentData()))
        return tuple(chosen)


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

    def answer(self) -> tuple[str, ...]:
        """Every card, in the order of the rows: those for the hand first."""
        return tuple(str(self.list.item(i).data(256)) for i in range(self.list.count()))


class BattlefieldDialog(QDialog):
    """Pick the battlefield a triggered ability moves units to (P-74): one row for each, with
    who holds it; the default is the first."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{choice.by} chooses a battlefield" if choice.by else "Battlefield")
        self.list = QListWidget()
        for name in choice.options:
            self.list.addItem(f"{name}: {choice.details.get(name, '')}")
            self.list.item(self.list.count() - 1).setData(256, name)
        self.list.setCurrentRow(choice.options.index(str(choice.default[0])))
        layout = QVBoxLayout(self)
        layout.addWidget(heading(choice, "Pick one; its units move there as it resolves."))
        layout.addWidget(self.list)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)

    def answer(self) -> tuple[str, ...]:
        """The battlefield of the row picked."""
        return (str(self.list.currentItem().data(256)),)


OrderingDialog = ReplacementOrderDialog | PickDialog | TargetsDialog | BattlefieldDialog
"""The dialogs that answer with options in order; the other is the ``AssignmentDialog``."""


class MightWidgets(RulesetWidgets):
    name: ClassVar[str] = "might"

    def ask(self, choice: Choice, parent: QWidget | None) -> Answer:
        """A dialog for the order of replacements, for targets, for a trigger's battlefield,
        for the deck cards looked at or for an assignment; an assignment is judged by the engine
        before it is returned, and asked again with the reason while the engine refuses it."""
        ordering: dict[str, type[OrderingDialog]] = {
            "replacement_order": ReplacementOrderDialog,
            "pick": PickDialog,
            "targets": TargetsDialog,
            "battlefield": BattlefieldDialog,
        }
        asking = ordering.get(choice.kind)
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
