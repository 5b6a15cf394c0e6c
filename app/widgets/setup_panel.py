"""The set-up editor's panel, shown in set-up mode (``Session.setting_up``): the card pool
(searchable; drag a card onto the table, or Add it at the place chosen), the selected card's
numbers and states, its place and Delete, the table's own numbers, and Start here.

Every edit is an ``engine.setup_edits`` function the session applies (``Session.edit_setup``);
the engine judges it as ``check`` judges a file, and a refusal is shown here and in the status
bar, the set-up as it was. No rules here: which places, settings and cards there are is the
ruleset's to say (``Ruleset.setup_places`` and its neighbours).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.presentation.session import Session
from engine.errors import ScenarioError
from engine.ruleset import ruleset
from engine.setup_edits import (
    Draft,
    add_card,
    entries,
    entry,
    move_card,
    place_names,
    refusal_text,
    remove_card,
    set_card,
    set_table,
)
from engine.setup_places import PoolCard, Setting

NAME = Qt.ItemDataRole.UserRole  # a pool item's card name


class SetupPanel(QWidget):
    """Edits ``session``'s set-up; ``status`` shows a line in the window's status bar."""

    def __init__(self, session: Session, status: Callable[[str], None]) -> None:
        super().__init__()
        self.session, self.status = session, status
        self.selected: str | None = None  # the card whose settings are shown
        self._pool_of: object = None  # the scenario whose pool is listed
        self._cards: list[PoolCard] = []
        layout = QVBoxLayout(self)
        note = QLabel(
            "<b>Set-up: not yet played.</b> Drag a card from the pool onto a card's place on "
            "the table, or pick a place and Add. Click a card to edit it."
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the pool: name, kind or text")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        layout.addWidget(self.search)
        self.pool = QListWidget()
        self.pool.setDragEnabled(True)
        self.pool.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.pool.currentItemChanged.connect(self._preview)
        self.pool.itemActivated.connect(lambda _: self.add())  # Enter or a double-click
        self.pool.setMinimumHeight(110)
        layout.addWidget(self.pool, 1)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.preview)
        row = QHBoxLayout()
        self.place = _narrow(QComboBox())
        self.place.setToolTip("Where Add puts the card chosen in the pool")
        row.addWidget(self.place, 1)
        self.add_button = QPushButton("&Add")
        self.add_button.clicked.connect(self.add)
        row.addWidget(self.add_button)
        layout.addLayout(row)
        self.card_box = QGroupBox("Card")
        self.card_layout = QVBoxLayout(self.card_box)
        layout.addWidget(self.card_box)
        self.table_box = QGroupBox("Table")
        self.table_layout = QVBoxLayout(self.table_box)
        layout.addWidget(self.table_box)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setStyleSheet("color: #b00020")
        layout.addWidget(self.error)
        self.start_button = QPushButton("&Start here")
        self.start_button.setToolTip("The set-up is done: play from this table")
        layout.addWidget(self.start_button)
        self._card_form = QWidget()
        self._table_form = QWidget()

    # ----------------------------------------------------------------------------- showing

    def refresh(self) -> None:
        """Show the session's draft: its places, the selected card's settings, the table's."""
        draft = self.session.draft
        if draft is None:
            return
        if self.session.scenario is not None and self._pool_of != draft["ruleset"]:
            self._list_pool()
        current = self.place.currentText()
        self.place.clear()
        self.place.addItems(place_names(draft))
        if current:
            self.place.setCurrentText(current)
        if self.selected not in {each.uid for each in entries(draft)}:
            self.selected = None
        self._card_form = self._replace(self.card_layout, self._card_form, self._card_widgets)
        self._table_form = self._replace(self.table_layout, self._table_form, self._table_widgets)

    def _list_pool(self) -> None:
        assert self.session.scenario is not None and self.session.source is not None
        scenario, source = self.session.scenario, self.session.source
        self._pool_of = scenario.ruleset
        self._cards = ruleset(scenario.ruleset).pool_cards(scenario, source)
        self.pool.clear()
        for card in self._cards:
            item = QListWidgetItem(f"{card.name}  ({card.kind})" if card.kind else card.name)
            item.setData(NAME, card.name)
            item.setToolTip(card.text)
            self.pool.addItem(item)
        self._filter(self.search.text())
        self.pool.setCurrentRow(0)

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for row, card in enumerate(self._cards):
            seen = f"{card.name} {card.kind} {card.text}".lower()
            self.pool.item(row).setHidden(not all(word in seen for word in words))
        current = self.pool.currentItem()
        if current is None or current.isHidden():  # the preview and Add follow what is shown
            shown = [self.pool.item(row) for row in range(self.pool.count())]
            self.pool.setCurrentItem(next((item for item in shown if not item.isHidden()), None))

    def _preview(self, item: QListWidgetItem | None) -> None:
        card = self.pool_card(item.data(NAME)) if item is not None else None
        if card is None:
            self.preview.clear()
            return
        lines = [card.name, ", ".join(part for part in (card.kind, card.facts) if part)]
        self.preview.setText("\n".join([*lines, "", card.text]).strip())

    def pool_card(self, name: str) -> PoolCard | None:
        return next((card for card in self._cards if card.name == name), None)

    def chosen_card(self) -> str | None:
        item = self.pool.currentItem()
        return None if item is None or item.isHidden() else str(item.data(NAME))

    @staticmethod
    def _replace(layout: QVBoxLayout, old: QWidget, build: Callable[[], QWidget]) -> QWidget:
        """A new form in ``layout`` in ``old``'s place; ``old`` goes once its signals are done
        (a spin box's edit rebuilds the form that holds it)."""
        new = build()
        layout.addWidget(new)
        old.hide()
        old.deleteLater()
        return new

    def _card_widgets(self) -> QWidget:
        form, rows = _form()
        draft = self.session.draft
        if self.selected is None or draft is None:
            hint = QLabel("Click a card on the table to edit it.")
            hint.setWordWrap(True)  # else its width widens the panel past a narrow dock
            rows.addRow(hint)
            return form
        found = entry(draft, self.selected)
        name = QLabel(f"{found.name} ({found.uid})")
        name.setWordWrap(True)
        rows.addRow("Card:", name)
        rulebook = ruleset(draft["ruleset"])
        for setting in rulebook.card_settings(found.place):
            value = _value(found.data, setting)
            rows.addRow(
                setting.label + ":",
                self._editor(setting, value, lambda v, s=setting: self.set_card(s, v)),
            )
        move = _narrow(QComboBox())
        move.addItems(place_names(draft))
        move.setCurrentText(found.place.name)
        move.setToolTip("Move the card to another place")
        move.activated.connect(lambda _: self.move(move.currentText()))
        rows.addRow("Place:", move)
        delete = QPushButton("&Delete card")
        delete.clicked.connect(self.delete)
        rows.addRow(delete)
        return form

    def _table_widgets(self) -> QWidget:
        form, rows = _form()
        draft = self.session.draft
        if draft is None:
            return form
        for setting in ruleset(draft["ruleset"]).table_settings(draft["setup"]):
            value = _value(draft["setup"], setting)
            rows.addRow(
                setting.label + ":",
                self._editor(setting, value, lambda v, s=setting: self.set_table(s, v)),
            )
        return form

    def _editor(self, setting: Setting, value: Any, changed: Callable[[Any], None]) -> QWidget:
        """A spin box, a check box, or a list of the players, for ``setting``."""
        if setting.kind == "flag":
            box = QCheckBox()
            box.setChecked(bool(value))
            box.toggled.connect(changed)
            return box
        if setting.kind == "player":
            players = _narrow(QComboBox())
            draft = self.session.draft
            assert draft is not None
            players.addItems([player["name"] for player in draft["setup"]["players"]])
            players.setCurrentIndex(int(value))
            players.activated.connect(changed)
            return players
        spin = QSpinBox()
        spin.setRange(-999, 999)  # the engine says what a number may be (S-5, P-6, ...)
        spin.setSingleStep(setting.step)
        spin.setValue(int(value))
        spin.setKeyboardTracking(False)  # an edit when typing ends, not at each digit
        spin.valueChanged.connect(changed)
        return spin

    # ----------------------------------------------------------------------------- editing

    def edit(self, edit: Callable[[Draft], Draft], done: str) -> bool:
        """Apply ``edit`` through the session; a refusal is shown and the panel shows the set-up
        as it stayed."""
        try:
            self.session.edit_setup(edit)
        except ScenarioError as error:
            text = f"Not allowed: {refusal_text(error)}"
            self.error.setText(text)
            self.status(text)
            self.refresh()  # the widget that asked shows the value kept
            return False
        self.error.clear()
        self.status(done)
        return True

    def add(self, place: str | None = None) -> bool:
        """Put the card chosen in the pool at ``place`` (by default the place chosen here)."""
        name, where = self.chosen_card(), place or self.place.currentText()
        if name is None or not where:
            self.status("Choose a card in the pool first")
            return False
        return self.edit(lambda d: add_card(d, where, name), f"{name} added: {where}")

    def move(self, place: str) -> bool:
        uid = self.selected
        if uid is None:
            return False
        return self.edit(lambda d: move_card(d, uid, place), f"{uid} moved: {place}")

    def delete(self) -> bool:
        uid = self.selected
        if uid is None:
            return False
        return self.edit(lambda d: remove_card(d, uid), f"{uid} deleted")

    def set_card(self, setting: Setting, value: Any) -> bool:
        uid = self.selected
        if uid is None:
            return False
        return self.edit(
            lambda d: set_card(d, uid, setting.path, value, setting.default),
            f"{uid}: {setting.label} {value}",
        )

    def set_table(self, setting: Setting, value: Any) -> bool:
        return self.edit(lambda d: set_table(d, setting.path, value), f"{setting.label}: {value}")


def _form() -> tuple[QWidget, QFormLayout]:
    """A form whose long labels put their field under them in a narrow dock."""
    form = QWidget()
    rows = QFormLayout(form)
    rows.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    rows.setContentsMargins(0, 0, 0, 0)
    return form, rows


def _narrow(box: QComboBox) -> QComboBox:
    """A list that takes the dock's width, not its longest place name's."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    return box


def _value(data: Any, setting: Setting) -> Any:
    """The setting's value in ``data`` (its default where the file leaves it out)."""
    for key in setting.path:
        if isinstance(data, dict):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and key < len(data):
            data = data[key]
        else:
            data = None
        if data is None:
            return setting.default
    return data
