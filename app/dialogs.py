"""Dialogs for the choices the engine asks a player to make (replacement order, assignment).

Every dialog has Cancel, which abandons the whole action (``ChoiceCancelled``); a choice with
only one legal answer (the engine says so) is not asked; an assignment the engine refuses is
asked again with the numbers typed and the engine's reason.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.choices import Answer, Choice, ChoiceCancelled
from engine.errors import RuleError
from engine.might.combat import verify_answer


class ReplacementOrderDialog(QDialog):
    """Drag the replacement effects into the order they apply (M8); the default is creation
    order."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Order the replacement effects")
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for effect in choice.default if isinstance(choice.default, tuple) else choice.options:
            self.list.addItem(effect)
            item = self.list.item(self.list.count() - 1)
            item.setToolTip(choice.details.get(effect, effect))
            item.setText(f"{effect}: {choice.details.get(effect, '')}")
            item.setData(256, effect)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                f"<b>{choice.prompt}</b><br>{choice.limits}<br>"
                "Drag to reorder; the top one applies first."
            )
        )
        layout.addWidget(self.list)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)

    def answer(self) -> Answer:
        return tuple(str(self.list.item(i).data(256)) for i in range(self.list.count()))


class AssignmentDialog(QDialog):
    """Split a side's combat damage among the enemy units, within the limits the engine states
    (M-10); the engine judges the result and explains a rejected one."""

    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Assign combat damage")
        default = choice.default if isinstance(choice.default, dict) else {}
        self.total = sum(default.values())
        self.spins: dict[str, QSpinBox] = {}
        form = QFormLayout()
        for unit in choice.options:
            spin = QSpinBox()
            spin.setRange(0, max(self.total, 0))
            spin.setValue(default.get(unit, 0))
            spin.valueChanged.connect(self._update)
            self.spins[unit] = spin
            form.addRow(
                f"{unit} ({choice.details[unit]})" if unit in choice.details else unit, spin
            )
        self.status = QLabel()
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{choice.prompt}</b><br>{choice.limits}"))
        layout.addLayout(form)
        layout.addWidget(self.status)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        layout.addWidget(self.refusal)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)
        self._update()

    def _update(self) -> None:
        assigned = sum(spin.value() for spin in self.spins.values())
        self.status.setText(f"Assigned {assigned} of {self.total}")

    def refuse(self, reason: str) -> None:
        """Show why the engine refused the numbers typed; they stay for the next try."""
        self.refusal.setText(f"Not allowed: {reason}")

    def answer(self) -> Answer:
        return {unit: spin.value() for unit, spin in self.spins.items() if spin.value()}


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def ask(choice: Choice, parent: QWidget | None = None) -> Answer:
    """Answer ``choice`` with a dialog; raises ChoiceCancelled on Cancel. Not asked when the
    engine says only one answer is legal; an assignment is judged by the engine before it is
    returned, and asked again with the reason while the engine refuses it."""
    if choice.only_answer is not None:
        return choice.only_answer
    if choice.kind == "replacement_order":
        order = ReplacementOrderDialog(choice, parent)
        if order.exec() != QDialog.DialogCode.Accepted:
            raise ChoiceCancelled(choice.prompt)
        return order.answer()
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
