"""The fields of the card designer's form, one kind of editor per kind of value the engine's
form names (``engine.card_forms``): a number, a word, a text, yes/no, a list, a model's keys,
a choice of forms. Each editor shows a value as the YAML writes it and gives it back
(``value``; ``MISSING``: the key is left out), and shows a problem at its place (``mark``).

A value a field cannot show (a mapping where a number goes, a list of a fixed length) is shown
as YAML in a line of its own, so that nothing the YAML holds is lost by the form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.card_examples import flow
from engine.card_forms import (
    Anything,
    CardForm,
    Choice,
    Key,
    Kind,
    ListOf,
    ModelOf,
    Number,
    Option,
    Text,
    Word,
    YesNo,
    fits,
    read_card,
)
from engine.errors import ScenarioError

MISSING: Any = object()  # a key left out of the card
Place = tuple[object, ...]
Changed = Callable[[], None]
INVALID = "invalid"  # the property a field with a problem has: the designer's style outlines it
LABEL_WIDTH = 96  # the card's own keys line up; a nested model's take the room they need


def repolish(widget: QWidget, invalid: bool) -> None:
    """Outline ``widget`` (the designer's style sheet reads the property) or not."""
    if bool(widget.property(INVALID)) != invalid:
        widget.setProperty(INVALID, invalid)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


class Editor:
    """A field of the form: ``widget`` shows the value; ``changed`` is called on every edit."""

    widget: QWidget

    def value(self) -> Any:
        raise NotImplementedError

    def find(self, place: Place) -> Editor | None:
        """The editor of the value at ``place`` under this one (itself for ``()``)."""
        return self if not place else None

    def mark(self, place: Place, message: str) -> bool:
        """Show ``message`` at ``place`` under this editor; False: the caller shows it on this
        editor's row."""
        return False

    def clear(self) -> None:
        """Take every problem shown off."""


def editor_for(form: CardForm, kind: Kind, value: Any, changed: Changed, hint: str = "") -> Editor:
    """The editor of a value of ``kind`` showing ``value`` (``MISSING``: none yet); ``hint``:
    an example of such a value, shown while the field is empty."""
    if value is not MISSING and not fits(kind, value):
        return YamlLine(value, changed)
    if isinstance(kind, Number | Text):
        return LineField(value, changed, hint, number=isinstance(kind, Number))
    if isinstance(kind, Word):
        return WordField(kind, value, changed, hint)
    if isinstance(kind, YesNo):
        return YesNoField(value, changed)
    if isinstance(kind, ListOf):
        return ListField(form, kind, value, changed)
    if isinstance(kind, ModelOf):
        return KeysField(form, kind.name, value, changed)
    if isinstance(kind, Choice):
        return ChoiceField(form, kind, value, changed)
    assert isinstance(kind, Anything)
    return YamlLine(value, changed)


class LineField(Editor):
    """A text, or a whole number (a text that is none is given back as written: the check
    says why it is not valid there)."""

    def __init__(self, value: Any, changed: Changed, hint: str, number: bool) -> None:
        self.number = number
        self.widget = self.line = QLineEdit("" if value is MISSING else str(value))
        self.line.setPlaceholderText(hint)
        self.line.textEdited.connect(lambda _: changed())

    def value(self) -> Any:
        text = self.line.text()
        if not text:
            return MISSING
        return int(text) if self.number and re.fullmatch(r"-?\d{1,9}", text.strip()) else text


class WordField(Editor):
    """A word of a fixed set, picked from a list; a word may be typed too (one written by a
    pattern, ``target_2``, or a wrong one the check names)."""

    def __init__(self, kind: Word, value: Any, changed: Changed, hint: str) -> None:
        self.widget = self.box = QComboBox()
        self.box.setEditable(True)
        self.box.addItems(["", *kind.words])
        self.box.setCurrentText("" if value is MISSING else str(value))
        line = self.box.lineEdit()
        assert line is not None
        line.setPlaceholderText(hint or kind.free or "choose")
        self.box.currentTextChanged.connect(lambda _: changed())

    def value(self) -> Any:
        return self.box.currentText() or MISSING


class YesNoField(Editor):
    def __init__(self, value: Any, changed: Changed) -> None:
        self.widget = self.box = QCheckBox("yes")
        self.box.setChecked(value is True)
        self.box.toggled.connect(lambda _: changed())

    def value(self) -> Any:
        return self.box.isChecked()


class YamlLine(Editor):
    """A value the form has no field for, written as one line of YAML."""

    def __init__(self, value: Any, changed: Changed) -> None:
        self.widget = self.line = QLineEdit("" if value is MISSING else flow(value))
        self.line.setToolTip("Written as YAML: the form has no field for a value of this kind")
        self.line.textEdited.connect(lambda _: changed())

    def value(self) -> Any:
        text = self.line.text()
        if not text.strip():
            return MISSING
        try:
            return read_card(text)
        except ScenarioError:
            return text  # as written: the check says what is wrong with it


def error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("problem")
    label.setWordWrap(True)
    label.hide()
    return label


def show_problem(label: QLabel, field: QWidget, message: str) -> None:
    label.setText(message)
    label.show()
    repolish(field, True)
    field.setToolTip(message)


def hide_problem(label: QLabel, field: QWidget) -> None:
    label.hide()
    repolish(field, False)


class _Row:
    """A key of a model's form: its name, its field, a remove button (a key a card may leave
    out) and its problem under the field."""

    def __init__(self, owner: KeysField, key: Key, value: Any) -> None:
        self.key = key
        self.widget = QWidget()
        grid = QGridLayout(self.widget)
        grid.setContentsMargins(0, 2, 0, 2)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(1)
        name = QLabel(f"<b>{key.key}</b>" if key.required else key.key)
        if owner.top:
            name.setFixedWidth(LABEL_WIDTH)
        name.setToolTip(_about(key))
        name.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        hint = key.example.split(": ", 1)[-1] if key.example else ""
        self.editor = editor_for(owner.form, key.kind, value, owner.changed, hint)
        self.editor.widget.setToolTip(_about(key))
        grid.addWidget(name, 0, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.editor.widget, 0, 1)
        grid.setColumnStretch(1, 1)
        if not key.required:
            remove = QToolButton()
            remove.setText("✕")
            remove.setToolTip(f"Leave {key.key} out")
            remove.clicked.connect(lambda: owner.remove(self))
            grid.addWidget(remove, 0, 2, Qt.AlignmentFlag.AlignTop)
        self.error = error_label()
        grid.addWidget(self.error, 1, 1, 1, 2)

    def mark(self, place: Place, message: str) -> None:
        if not self.editor.mark(place, message):
            show_problem(self.error, self.editor.widget, message)

    def clear(self) -> None:
        hide_problem(self.error, self.editor.widget)
        self.editor.widget.setToolTip(_about(self.key))
        self.editor.clear()


def _about(key: Key) -> str:
    """A key's tooltip: its meaning and the shipped files' example."""
    example = f"\n\nE.g. {key.example}" if key.example else ""
    return f"{key.key}: {key.meaning}{example}"


class KeysField(Editor):
    """A model's keys: those a card must write and those written, each a row, and a list of
    the others to add. ``fixed``: keys a choice above has written (``do: damage``), not shown;
    ``top``: the card's own keys."""

    def __init__(
        self,
        form: CardForm,
        name: str,
        value: Any,
        changed: Changed,
        fixed: dict[str, str] | None = None,
        top: bool = False,
    ) -> None:
        self.form, self.model, self.changed = form, form.models[name], changed
        self.fixed, self.top = fixed or {}, top
        written: dict[str, Any] = {} if value is MISSING else dict(value)
        self.widget = QFrame()
        self.widget.setObjectName("keys")
        self.widget.setToolTip(self.model.meaning)
        self.layout = QVBoxLayout(self.widget)
        self.layout.setContentsMargins(6, 2, 0, 2)
        self.layout.setSpacing(0)
        self.error = error_label()
        self.layout.addWidget(self.error)
        self.rows: dict[str, _Row] = {}
        for key in self.model.keys:
            if key.key not in self.fixed and (key.required or key.key in written):
                self._add_row(key, written.pop(key.key, MISSING))
        for unknown, item in written.items():  # kept as written: the check names them
            if unknown not in self.fixed:
                self._add_row(Key(unknown, Anything(), "not a key of this model", "", False), item)
        self.adder = QComboBox()
        self.adder.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.adder.activated.connect(self._add_chosen)
        self.layout.addWidget(self.adder)
        self.layout.addStretch(1)  # the rows keep their height in a tall pane
        self._fill_adder()

    def _add_row(self, key: Key, value: Any) -> _Row:
        row = _Row(self, key, value)
        self.rows[key.key] = row
        at = sum(1 for other in self.rows if self._rank(other) < self._rank(key.key))
        self.layout.insertWidget(1 + at, row.widget)  # after the model's own problem
        return row

    def _rank(self, key: str) -> int:
        """Where the model lists ``key`` (a key it does not know: after its own)."""
        return _rank(key, [k.key for k in self.model.keys])

    def _fill_adder(self) -> None:
        self.adder.clear()
        self.adder.addItem("+ key…")
        for key in self.model.keys:
            if key.key not in self.rows and key.key not in self.fixed:
                self.adder.addItem(key.key)
                self.adder.setItemData(
                    self.adder.count() - 1, _about(key), Qt.ItemDataRole.ToolTipRole
                )
        self.adder.setVisible(self.adder.count() > 1)

    def _add_chosen(self, index: int) -> None:
        key = self.model.key(self.adder.itemText(index)) if index > 0 else None
        if key is None:
            return
        row = self._add_row(key, _empty(key.kind))
        self._fill_adder()
        row.editor.widget.setFocus()
        self.changed()

    def add(self, key: str) -> Editor:
        """Add the row of ``key`` (as "+ key…" does) and return its field."""
        self._add_chosen(self.adder.findText(key))
        return self.rows[key].editor

    def remove(self, row: _Row) -> None:
        del self.rows[row.key.key]
        row.widget.deleteLater()
        self._fill_adder()
        self.changed()

    def value(self) -> Any:
        """The keys written, in the order the rows show them (the model's)."""
        data: dict[str, Any] = dict(self.fixed)
        for key in sorted(self.rows, key=self._rank):
            value = self.rows[key].editor.value()
            if value is not MISSING:
                data[key] = value
        return data

    def find(self, place: Place) -> Editor | None:
        if not place:
            return self
        row = self.rows.get(str(place[0]))
        return row.editor.find(place[1:]) if row is not None else None

    def mark(self, place: Place, message: str) -> bool:
        row = self.rows.get(str(place[0])) if place else None
        if row is not None:
            row.mark(place[1:], message)
        else:  # the model's own problem, or a key it does not show (a missing one)
            where = f"{place[0]}: " if place and place[0] not in self.fixed else ""
            show_problem(self.error, self.widget, where + message)
        return True

    def clear(self) -> None:
        hide_problem(self.error, self.widget)
        for row in self.rows.values():
            row.clear()


def _rank(key: str, order: Sequence[str]) -> int:
    return order.index(key) if key in order else len(order)


def _empty(kind: Kind) -> Any:
    """What a key just added holds: a model or a list is written at once, empty; a choice of
    forms, its first; anything else waits to be typed."""
    if isinstance(kind, ModelOf):
        return {}
    if isinstance(kind, ListOf):
        return []
    if isinstance(kind, YesNo):
        return True
    if isinstance(kind, Choice):
        return _empty(kind.options[0].kind)
    return MISSING


class ListField(Editor):
    """A list: each item a field under its number, with a remove button; "+ add" below (for a
    choice of forms, a menu of them)."""

    def __init__(self, form: CardForm, kind: ListOf, value: Any, changed: Changed) -> None:
        self.form, self.kind, self.changed = form, kind, changed
        self.widget = QFrame()
        self.widget.setObjectName("list")
        self.layout = QVBoxLayout(self.widget)
        self.layout.setContentsMargins(0, 0, 0, 0)
        self.layout.setSpacing(2)
        self.items: list[tuple[QWidget, Editor, QLabel]] = []
        self.add_button = QPushButton("+ add")
        self.add_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        item = kind.item
        if isinstance(item, Choice):  # pick the form first: its keys follow
            menu = QMenu(self.add_button)
            for option in item.options:
                # partial: mypy cannot type a lambda with a default among addAction's overloads
                menu.addAction(option.label, partial(self._add_option, item, option))
            self.add_button.setMenu(menu)
        else:
            self.add_button.clicked.connect(lambda: self.add(_empty(item)))
        self.layout.addWidget(self.add_button)
        for each in [] if value is MISSING else value:
            self._add_item(each)

    def _add_item(self, value: Any) -> Editor:
        box = QFrame()
        box.setObjectName("item")
        grid = QGridLayout(box)
        grid.setContentsMargins(4, 2, 2, 2)
        grid.setSpacing(2)
        editor = editor_for(self.form, self.kind.item, value, self.changed)
        number = QLabel(f"{len(self.items) + 1}.")
        number.setAlignment(Qt.AlignmentFlag.AlignTop)
        remove = QToolButton()
        remove.setText("✕")
        remove.setToolTip("Take this item out")
        remove.clicked.connect(lambda: self.remove(box))
        error = error_label()
        grid.addWidget(number, 0, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(editor.widget, 0, 1)
        grid.addWidget(remove, 0, 2, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(error, 1, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        self.layout.insertWidget(len(self.items), box)
        self.items.append((box, editor, error))
        return editor

    def add(self, value: Any) -> Editor:
        """Add an item showing ``value`` and return its field."""
        editor = self._add_item(value)
        self.changed()
        return editor

    def _add_option(self, choice: Choice, option: Option) -> Editor:
        return self.add(_empty_option(choice, option))

    def remove(self, box: QWidget) -> None:
        self.items = [item for item in self.items if item[0] is not box]
        box.deleteLater()
        for number, (each, _, _) in enumerate(self.items, 1):
            grid = each.layout()
            assert grid is not None  # _add_item's, its number the first item
            first = grid.itemAt(0)
            assert first is not None
            label = first.widget()
            assert isinstance(label, QLabel)
            label.setText(f"{number}.")
        self.changed()

    def value(self) -> Any:
        values = [editor.value() for _, editor, _ in self.items]
        return [None if value is MISSING else value for value in values]

    def find(self, place: Place) -> Editor | None:
        if not place:
            return self
        index = place[0]
        if isinstance(index, int) and 0 <= index < len(self.items):
            return self.items[index][1].find(place[1:])
        return None

    def mark(self, place: Place, message: str) -> bool:
        index = place[0] if place else None
        if not (isinstance(index, int) and 0 <= index < len(self.items)):
            return False
        _, editor, error = self.items[index]
        if not editor.mark(place[1:], message):
            show_problem(error, editor.widget, message)
        return True

    def clear(self) -> None:
        for _, editor, error in self.items:
            hide_problem(error, editor.widget)
            editor.clear()


def _empty_option(choice: Choice, option: Any) -> Any:
    """A new value of ``option`` of ``choice``: a model of a tagged union with its tag."""
    empty = _empty(option.kind)
    return {choice.tag: option.label} if choice.tag else empty


class ChoiceField(Editor):
    """A value of one of several forms: the form is picked first (its tag's word, ``damage``;
    the key only it has, ``might_of``; or what it is, ``number``), then its field follows."""

    def __init__(self, form: CardForm, kind: Choice, value: Any, changed: Changed) -> None:
        self.form, self.kind, self.changed = form, kind, changed
        self.widget = QWidget()
        self.layout = QVBoxLayout(self.widget)
        self.layout.setContentsMargins(0, 0, 0, 0)
        self.layout.setSpacing(2)
        head = QHBoxLayout()
        self.picker = QComboBox()
        self.picker.addItems([option.label for option in kind.options])
        self.picker.setToolTip(f"Pick the form{f' (its {kind.tag})' if kind.tag else ''}")
        head.addWidget(self.picker)
        head.addStretch(1)
        self.layout.addLayout(head)
        chosen = kind.option_for(value) if value is not MISSING else 0
        self.picker.setCurrentIndex(chosen if chosen is not None else -1)
        self.current: Editor = self._editor(chosen, value)
        self.layout.addWidget(self.current.widget)
        self.picker.currentIndexChanged.connect(self._picked)

    def _editor(self, chosen: int | None, value: Any) -> Editor:
        if chosen is None:
            return YamlLine(value, self.changed)
        option = self.kind.options[chosen]
        if self.kind.tag and isinstance(option.kind, ModelOf):
            fixed = {self.kind.tag: option.label}
            return KeysField(self.form, option.kind.name, value, self.changed, fixed)
        return editor_for(self.form, option.kind, value, self.changed)

    def _picked(self, index: int) -> None:
        self.current.widget.deleteLater()
        option = self.kind.options[index]
        self.current = self._editor(index, _empty_option(self.kind, option))
        self.layout.addWidget(self.current.widget)
        self.changed()

    def pick(self, label: str) -> Editor:
        """Pick the form ``label`` (as the list above the field does); its field."""
        self.picker.setCurrentText(label)
        return self.current

    def value(self) -> Any:
        return self.current.value()

    def find(self, place: Place) -> Editor | None:
        return self.current.find(place)  # the form picked holds the value

    def mark(self, place: Place, message: str) -> bool:
        return self.current.mark(place, message)

    def clear(self) -> None:
        self.current.clear()
