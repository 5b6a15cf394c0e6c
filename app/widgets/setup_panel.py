"""The set-up editor's panel, shown in set-up mode (``Session.setting_up``): the card pool
(searchable; drag a card onto the table, or Add it at the place chosen), the selected card's
numbers and states with what they come to on the table (the engine's reckoning), its owner,
its place and Delete, the table's own numbers, and Start here.

Every edit is an ``engine.setup_edits`` function the session applies (``Session.edit_setup``);
the engine judges it as ``check`` judges a file, and a refusal is shown here and in the status
bar, the set-up as it was. No rules here: which places, settings and cards there are is the
ruleset's to say (``Ruleset.setup_places`` and its neighbours).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
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
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.presentation.session import Session
from app.widgets.pool_list import PoolFace, PoolList
from engine.compare import plain
from engine.errors import ScenarioError
from engine.ruleset import ruleset
from engine.setup_edits import (
    Draft,
    add_card,
    entries,
    entry,
    move_card,
    owners,
    places,
    refusal_text,
    remove_card,
    set_setting,
    set_table,
)
from engine.setup_places import PoolCard, Setting

NAME = Qt.ItemDataRole.UserRole  # a pool item's card name
NUMBERS = "numbers"  # the selected card's numbers as the table has them


class SetupPanel(QWidget):
    """Edits ``session``'s set-up; ``status`` shows a line in the window's status bar."""

    def __init__(self, session: Session, status: Callable[[str], None]) -> None:
        super().__init__()
        self.session, self.status = session, status
        self.selected: str | None = None  # the card whose settings are shown
        self._pool_of: object = None  # what the pool listed was read from (``_pool_key``)
        self._cards: list[PoolCard] = []
        layout = QVBoxLayout(self)
        note = QLabel(
            "<b>Set-up: not yet played.</b> Drag a card from the pool onto its place on the "
            "table, or pick a place and Add. Drag a card on the table to move it; click it to "
            "edit it."
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the pool: name, kind or text")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        layout.addWidget(self.search)
        self.face = PoolFace()  # the chosen card's, under the pool
        self.pool = PoolList(NAME, self.face)
        self.pool.setDragEnabled(True)
        self.pool.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.pool.currentItemChanged.connect(self._preview)
        self.pool.itemActivated.connect(lambda _: self.add())  # Enter or a double-click
        self.pool.setMinimumHeight(110)
        layout.addWidget(self.pool, 1)
        layout.addWidget(self.face, 0, Qt.AlignmentFlag.AlignHCenter)
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
        if self.session.scenario is not None and self._pool_of != _pool_key(draft):
            self._list_pool()
            self._pool_of = _pool_key(draft)
        current = self.place.currentText()
        self.place.clear()
        _list_places(self.place, draft)
        if current:
            self.place.setCurrentText(current)
        if self.selected not in {each.uid for each in entries(draft)}:
            self.selected = None
        self._card_form = self._replace(self.card_layout, self._card_form, self._card_widgets)
        self._table_form = self._replace(self.table_layout, self._table_form, self._table_widgets)

    def _list_pool(self) -> None:
        assert self.session.scenario is not None and self.session.source is not None
        scenario, source = self.session.scenario, self.session.source
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
            shown = [row for row in range(self.pool.count()) if not self.pool.item(row).isHidden()]
            self.pool.setCurrentRow(shown[0] if shown else -1)  # -1: none

    def _preview(self, item: QListWidgetItem | None) -> None:
        card = self.pool_card(item.data(NAME)) if item is not None else None
        self.face.show_card(self.session.draft, card.name if card is not None else None)
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
        rows.addRow(name)  # the whole width: a narrow dock would wrap it a word a line
        rulebook = ruleset(draft["ruleset"])
        for setting in rulebook.card_settings(found.place):
            value = setting.value_in(found.data)
            editor = self._editor(setting, value, partial(self.set_card, setting))
            _row(rows, setting, editor)
        facts = self._facts()
        if facts:
            numbers = QLabel(f"On the table: {facts}")
            numbers.setObjectName(NUMBERS)
            numbers.setWordWrap(True)
            numbers.setToolTip("What its numbers come to on the table as set up")
            rows.addRow(numbers)
        rows.addRow("Owner:", self._owner_box(draft))
        move = _narrow(QComboBox())
        _list_places(move, draft)
        move.setCurrentText(found.place.name)
        move.setToolTip("Move the card to another place (another player's: its owner changes)")
        move.activated.connect(lambda _: self.move_selected(move.currentText()))
        rows.addRow("Place:", move)
        delete = QPushButton("&Delete card")
        delete.clicked.connect(self.delete)
        rows.addRow(delete)
        return form

    def _facts(self) -> str:
        """The selected card's numbers as the engine reckons them on the table shown (its
        ruleset's ``setup_facts``): ``HP 15, max HP 20, power 10``."""
        table, uid = self.session.table, self.selected
        if table is None or uid is None or uid not in table.cards:
            return ""
        rulebook = ruleset(table.ruleset)
        facts = rulebook.card_facts(table, uid)
        shown = [(label, facts[key]) for key, label in rulebook.setup_facts.items() if key in facts]
        return ", ".join(f"{label} {plain(value)}" for label, value in shown)

    def _owner_box(self, draft: Draft) -> QComboBox:
        """The selected card's owner: choosing another player moves it to their place like its
        own (their slot A1, their hand); a player with no such place is not listed."""
        assert self.selected is not None
        uid, names = self.selected, [player["name"] for player in draft["setup"]["players"]]
        found, alike = entry(draft, uid), owners(draft, uid)
        box = _narrow(QComboBox())
        for owner, place in alike.items():
            box.addItem(names[owner], place)
        box.setCurrentIndex(box.findData(found.place.name))  # its own place: its owner's
        box.setToolTip("The player whose card it is: another moves it to their place like this")
        box.activated.connect(lambda index: self.move_selected(box.itemData(index)))
        return box

    def _table_widgets(self) -> QWidget:
        form, rows = _form()
        draft = self.session.draft
        if draft is None:
            return form
        for setting in ruleset(draft["ruleset"]).table_settings(draft["setup"]):
            value = setting.value_in(draft["setup"])
            editor = self._editor(setting, value, partial(self.set_table, setting))
            _row(rows, setting, editor)
        return form

    def _editor(self, setting: Setting, value: Any, changed: Callable[[Any], object]) -> QWidget:
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

    def move_selected(self, place: str) -> bool:
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
            lambda d: set_setting(d, uid, setting, value), f"{uid}: {setting.label} {value}"
        )

    def set_table(self, setting: Setting, value: Any) -> bool:
        return self.edit(
            lambda d: set_table(d, setting.path, value, setting.default),
            f"{setting.label}: {value}",
        )


def _pool_key(draft: Draft) -> object:
    """What the pool's cards come from: the ruleset, its pool and the cards the set-up defines
    (the card designer adds to them)."""
    return draft.get("ruleset"), draft.get("pool"), draft.get("cards")


def _form() -> tuple[QWidget, QFormLayout]:
    """A form whose long labels put their field under them in a narrow dock."""
    form = QWidget()
    rows = QFormLayout(form)
    rows.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    rows.setContentsMargins(0, 0, 0, 0)
    return form, rows


def _row(rows: QFormLayout, setting: Setting, editor: QWidget) -> None:
    """A setting's row, its hint (what the number means) on its label and its editor."""
    label = QLabel(setting.label + ":")
    label.setToolTip(setting.hint)
    editor.setToolTip(setting.hint)
    rows.addRow(label, editor)


def _list_places(box: QComboBox, draft: Draft) -> None:
    """The draft's places in ``box``, a line between two players' (the owner of a card is
    the player of its place)."""
    owner: int | None = None
    for place in places(draft):
        if box.count() and place.owner != owner:
            box.insertSeparator(box.count())
        owner = place.owner
        box.addItem(place.name)


def _narrow(box: QComboBox) -> QComboBox:
    """A list that takes the dock's width, not its longest place name's."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    return box
