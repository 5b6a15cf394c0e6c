"""Dialogs for the choices the engine asks a player to make (replacement order, assignment)."""

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

from engine.choices import Answer, Choice


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
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)

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
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.accept)
        layout.addWidget(self.buttons)
        self._update()

    def _update(self) -> None:
        assigned = sum(spin.value() for spin in self.spins.values())
        self.status.setText(f"Assigned {assigned} of {self.total}")

    def answer(self) -> Answer:
        return {unit: spin.value() for unit, spin in self.spins.items() if spin.value()}
