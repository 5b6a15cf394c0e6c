"""The card designer (Edit > Design a card…): a card's form, built from the card language's own
models (``engine.card_forms``), beside its YAML, kept in step both ways; its problems on the
fields that are wrong and in a list; its face as the table's preview draws it; and buttons
that put it in the open scenario (a hand, its ``cards``; in set-up mode, a place of the set-up
chosen beside Add) or in a card file. With no scenario open it designs a card of a ruleset the
user picks: the face is drawn on an empty table of it, and a card file can hold the card.

Editing the form writes the YAML again; editing the YAML, once it parses, fills the form
again; YAML that does not parse is said at its line and leaves the form as it was. Every
judgement is the engine's: the problems are those ``check`` finds, the scenario the card makes
is read and replayed by the session.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QFont, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.files.card_files import cards_folder, save_card_file
from app.files.saving import SaveError
from app.presentation.card_design import (
    add_to_hand,
    can_hold,
    card_face,
    define_card,
    face_table,
)
from app.presentation.session import Changed, Session
from app.widgets import message_boxes
from app.widgets.busy import busy
from app.widgets.card_fields import MISSING, KeysField
from app.widgets.table_view import CardPreview
from engine.card_examples import card_model, card_rulesets
from engine.card_forms import card_form, card_text, read_card, written_card
from engine.errors import RuleError, ScenarioError
from engine.setup_edits import place_names, turn_hand
from engine.yaml_source import describe_location

STYLE = (
    '*[invalid="true"] { border: 2px solid #c62828; border-radius: 3px; }'
    " QLabel#problem { color: #b71c1c; }"
    " QFrame#keys { border-left: 2px solid #d6cfbb; }"
    " QFrame#item { background: #f6f3ea; border-radius: 4px; }"
    " QLabel#heading { font-weight: bold; }"
)
YAML_PAUSE_MS = 300  # the YAML is read once typing pauses this long


class CardDesigner(QWidget):
    """A window designing one card of ruleset ``ruleset`` for ``session``'s scenario; ``save``
    saves the open scenario (the main window's File > Save)."""

    def __init__(
        self,
        session: Session,
        ruleset: str,
        save: Callable[[], bool],
        card: dict[str, Any] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session, self.save_scenario = session, save
        self.designing: str | None = None  # the id of the card whose design it opened on
        self.form = card_form(ruleset)
        self.setWindowTitle(f"Design a {ruleset} card")
        self.setStyleSheet(STYLE)
        self.root: KeysField = KeysField(
            self.form, self.form.root, {}, self._form_changed, top=True
        )
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.yaml = QPlainTextEdit()
        self.yaml.setFont(QFont("monospace"))
        self.yaml.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.yaml_state = QLabel()
        self.yaml_state.setObjectName("problem")
        self.yaml_state.setWordWrap(True)
        self.problems = QListWidget()
        self.problems.setWordWrap(True)  # a problem is read whole, never scrolled to
        self.problems.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.problems.itemActivated.connect(self._go_to_problem)
        self.face = CardPreview(self)
        self.face.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        self.face_note = QLabel()
        self.face_note.setWordWrap(True)
        self.face_note.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.add_button = QPushButton("Add to hand")
        self.place = QComboBox()  # where Add puts the card in set-up mode
        self.place.setToolTip("The place of the set-up that Add puts the card at")
        self.define_button = QPushButton("Save to scenario")
        self.file_button = QPushButton("Save to card file…")
        self._lay_out()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(YAML_PAUSE_MS)
        self._timer.timeout.connect(self.read_yaml)
        self.yaml.textChanged.connect(self._timer.start)
        self.add_button.clicked.connect(self.add_to_hand)
        self.define_button.clicked.connect(self.save_to_scenario)
        self.file_button.clicked.connect(self.save_to_card_file)
        self.session.listeners.append(self._session_changed)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.destroyed.connect(partial(_forget, session, self._session_changed))
        self._follow_setup()
        self.fill(card or {})

    def _lay_out(self) -> None:
        self.scroll_area.setWidget(self.root.widget)
        form = _column("The card", self.scroll_area)
        yaml = _column("Its YAML", self.yaml, self.yaml_state, QLabel("Problems"), self.problems)
        self.face_area = QScrollArea()
        self.face_area.setWidget(self.face)
        self.face_area.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.face_area.setMinimumHeight(120)
        face = _column("Its face in hand", self.face_area, self.face_note)
        splitter = QSplitter()
        for pane, stretch in ((form, 6), (yaml, 4), (face, 3)):
            splitter.addWidget(pane)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        splitter.setSizes([600, 400, 300])  # the form, nested, needs the most room
        buttons = QHBoxLayout()
        for button, tip in (
            (
                self.add_button,
                "Define the card in the open scenario and put a copy in the "
                "hand of the player whose turn it is (undo takes it back)",
            ),
            (self.define_button, "Define the card in the open scenario's cards and save it"),
            (
                self.file_button,
                "Write the card into a card file that scenarios name as their pool (docs/app.md)",
            ),
        ):
            button.setToolTip(tip)
            buttons.addWidget(button)
            if button is self.add_button:
                buttons.addWidget(self.place)
        buttons.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)

    # ----------------------------------------------------------------------------- in step

    def card(self) -> Any:
        """The card as the form writes it."""
        value = self.root.value()
        return {} if value is MISSING else value

    def fill(self, card: dict[str, Any]) -> None:
        """Show ``card`` in the form and the YAML."""
        self._refill(card)
        self._form_changed()

    def _refill(self, card: dict[str, Any]) -> None:
        old = self.root.widget
        self.root = KeysField(self.form, self.form.root, card, self._form_changed, top=True)
        self.scroll_area.setWidget(self.root.widget)  # the scroll area deletes the old form
        del old

    def _form_changed(self) -> None:
        card = self.card()
        self.yaml.blockSignals(True)  # the YAML is the form's: nothing to read back
        self.yaml.setPlainText(card_text(card))
        self.yaml.blockSignals(False)
        self._yaml_parsed()
        self._check(card)

    def read_yaml(self) -> None:
        """Fill the form from the YAML, once it parses; else say why at its line."""
        self._timer.stop()
        try:
            card = read_card(self.yaml.toPlainText())
        except ScenarioError as error:
            self._yaml_refused(error.line, error.message)
            return
        if not isinstance(card, dict):
            self._yaml_refused(1, "a card is a mapping of keys (name: ..., kind: ...)")
            return
        self._yaml_parsed()
        self._refill(card)
        self._check(card)

    def _yaml_refused(self, line: int | None, message: str) -> None:
        """The YAML does not parse: the form stays as it was, the line is marked."""
        self.yaml_state.setText(f"line {line}: {message}" if line else message)
        self.yaml_state.show()
        selections = []
        if line:
            mark = QTextEdit.ExtraSelection()
            mark.format.setBackground(QColor("#f9d6d5"))
            mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            mark.cursor = QTextCursor(self.yaml.document().findBlockByNumber(line - 1))
            selections.append(mark)
        self.yaml.setExtraSelections(selections)
        for button in (self.add_button, self.define_button, self.file_button):
            button.setEnabled(False)

    def _yaml_parsed(self) -> None:
        self.yaml_state.hide()
        self.yaml.setExtraSelections([])

    def _check(self, card: Any) -> None:
        """Show the card's problems on its fields and in the list; its face when it has none."""
        problems = self.form.problems(card)
        self.root.clear()
        self.problems.clear()
        for place, message in problems:
            self.root.mark(place, message)
            self.problems.addItem(f"{describe_location(place) or 'the card'}: {message}")
            self.problems.item(self.problems.count() - 1).setData(Qt.ItemDataRole.UserRole, place)
        if not problems:
            self.problems.addItem("No problems: check finds none in this card")
        self._show_face(card if not problems else None)
        self._buttons(valid=not problems)

    def _go_to_problem(self, item: Any) -> None:
        place = item.data(Qt.ItemDataRole.UserRole)
        editor = self.root.find(tuple(place)) if place is not None else None
        if editor is not None:
            self.scroll_area.ensureWidgetVisible(editor.widget)
            editor.widget.setFocus()

    def _show_face(self, card: Any) -> None:
        """The card's face in the turn player's hand, on the open scenario (else on an empty
        table of the ruleset, with what to do to put it in a hand)."""
        why = can_hold(self.session, self.form.ruleset)
        if card is None:
            self.face.show_look(None)
            self.face_note.setText("The face shows once the card has no problems.")
            return
        try:
            look = card_face(*face_table(self.session, self.form.ruleset), card)
        except (ValueError, ScenarioError) as error:
            self.face.show_look(None)
            self.face_note.setText(str(error))
            return
        self.face.show_look(look)  # at a fixed size: its scroll area keeps it whole
        frame = 2 * self.face_area.frameWidth()
        self.face_area.setMinimumWidth(self.face.width() + frame)  # the splitter gives it room
        self.face_note.setText(f"{look.tooltip}\n\n{why}" if why else look.tooltip)

    def _buttons(self, valid: bool) -> None:
        """A valid card can be put somewhere; where the open scenario cannot take it, Add and
        Save to scenario say what to do."""
        why = can_hold(self.session, self.form.ruleset)
        for button in (self.add_button, self.define_button, self.file_button):
            button.setEnabled(valid)
            button.setStatusTip(why if button is not self.file_button else "")

    def _session_changed(self, changed: Changed) -> None:
        """Another scenario opened, or this one edited: the face and the buttons follow."""
        if changed.timeline:
            self._follow_setup()
            self._check(self.card())

    def _follow_setup(self) -> None:
        """In set-up mode Add puts the card at a place of the set-up, chosen beside it (the
        turn player's hand at first); else in the turn player's hand."""
        draft = self.session.draft if self.session.setting_up else None
        setting_up = draft is not None and not can_hold(self.session, self.form.ruleset)
        self.add_button.setText("Add to set-up at" if setting_up else "Add to hand")
        self.place.setVisible(setting_up)
        if draft is None or not setting_up:
            return
        chosen = self.place.currentText() or turn_hand(draft) or ""
        self.place.clear()
        self.place.addItems(place_names(draft))
        self.place.setCurrentText(chosen)

    # ----------------------------------------------------------------------------- putting it

    def add_to_hand(self) -> bool:
        """Define the card in the open scenario and put a copy in the turn player's hand (in
        set-up mode, at the place chosen)."""
        place = self.place.currentText() if self.place.isVisibleTo(self) else ""
        return self._into_scenario(
            lambda: add_to_hand(self.session, self.card(), place), "Cannot add it"
        )

    def save_to_scenario(self) -> bool:
        """Define the card in the open scenario's ``cards`` and save the scenario."""
        return (
            self._into_scenario(lambda: define_card(self.session, self.card()), "Cannot define it")
            and self.save_scenario()
        )

    def _into_scenario(self, edit: Callable[[], object], title: str) -> bool:
        why = can_hold(self.session, self.form.ruleset)
        if why:
            message_boxes.information(self, title, why)
            return False
        try:
            edit()
        except (ValueError, SaveError, ScenarioError, RuleError) as error:
            message_boxes.warning(self, title, str(error))
            return False
        return True

    def save_to_card_file(self, path: Path | None = None) -> bool:
        """Write the card into a card file the user picks (a new one, or one of this ruleset
        whose card of that name it replaces)."""
        if path is None:
            folder = cards_folder()
            name, _ = QFileDialog.getSaveFileName(
                self, "Save the card to a card file", str(folder), "Card files (*.yaml)"
            )
            if not name:
                return False
            path = Path(name)
        try:
            save_card_file(path, self.form.ruleset, self.card())
        except SaveError as error:
            message_boxes.warning(self, "Cannot save the card", str(error))
            return False
        return True


def _forget(session: Session, listener: Callable[[Changed], None]) -> None:
    if listener in session.listeners:
        session.listeners.remove(listener)


def _column(title: str, *widgets: QWidget) -> QWidget:
    column = QWidget()
    layout = QVBoxLayout(column)
    layout.setContentsMargins(4, 4, 4, 4)
    heading = QLabel(title)
    heading.setObjectName("heading")
    layout.addWidget(heading)
    for widget in widgets:
        layout.addWidget(widget, 1 if isinstance(widget, QScrollArea | QPlainTextEdit) else 0)
    return column


def open_designer(
    parent: QWidget, session: Session, save: Callable[[], bool], uid: str | None = None
) -> CardDesigner | None:
    """Open the designer for the open scenario's ruleset (with none open, for a ruleset the user
    picks): on a new card, or on the definition of card ``uid`` as its file or pool writes it;
    None (said in a box) when that ruleset's scenarios define no cards. A designer already
    open on the same card (or on a new card) of that ruleset is raised instead of a second."""
    scenario = session.scenario
    ruleset = scenario.ruleset if scenario is not None else _pick_ruleset(parent)
    if ruleset is None:
        return None
    for open_one in parent.findChildren(CardDesigner):
        if open_one.isVisible() and (open_one.form.ruleset, open_one.designing) == (ruleset, uid):
            open_one.raise_()
            open_one.activateWindow()
            return open_one
    if card_model(ruleset) is None:
        message_boxes.information(parent, "Design a card", f"{ruleset} scenarios define no cards.")
        return None
    try:
        with busy():  # the form is read from the card language's models once
            designer = CardDesigner(session, ruleset, save, _written(session, uid), parent)
    except ScenarioError as error:  # a shipped file its examples come from cannot be read
        message_boxes.critical(parent, "Cannot open the card designer", str(error))
        return None
    designer.designing = uid
    designer.resize(1280, 820)
    designer.show()
    return designer


def _pick_ruleset(parent: QWidget) -> str | None:
    """With no scenario open, the ruleset to design a card of: asked when there is a choice;
    None when the user cancels or no ruleset's scenarios define cards."""
    names = card_rulesets()
    if not names:
        message_boxes.information(parent, "Design a card", "No installed ruleset defines cards.")
        return None
    if len(names) == 1:
        return names[0]
    name, chosen = QInputDialog.getItem(
        parent,
        "Design a card",
        "No scenario is open. Design a card of the ruleset:",
        names,
        0,
        False,
    )
    return name if chosen else None


def _written(session: Session, uid: str | None) -> dict[str, Any] | None:
    """Card ``uid`` of the table shown, as its file or pool writes it (None: a new card)."""
    scenario, table, source = session.scenario, session.table, session.source
    if uid is None or scenario is None or table is None or source is None:
        return None
    if uid not in table.cards:
        return None
    return written_card(source.data, getattr(scenario, "pool", None), table.cards[uid].name)
