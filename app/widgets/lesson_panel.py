"""The lesson panel: the lesson's text, the note of the step shown with its rules in our words,
and in predict mode the question asked before a step that decides something, then its answer.
What it shows comes from ``LessonGuide``; the window moves the timeline. A lesson's words are
plain text, shown as written: markup in a note, a question or a choice never renders (nor loads
the image it names). Under it the teacher writes: a note for the step's action, and a question to
ask before it, and the rules the file shows (``note_written``, ``question_written``,
``rules_written``: the window hands them to the session)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.widgets.inspector import rule_title
from engine.lessons import Prediction


def _wrapped(bold: bool = False) -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)  # else Qt guesses rich text from the markup
    label.setWordWrap(True)
    if bold:
        label.setStyleSheet("font-weight: bold")
    return label


class ChoiceButton(QPushButton):
    """A choice's button, its text wrapped to the panel's width as a label's: a QPushButton's
    text does not wrap, and one long choice would widen the panel past its dock."""

    def __init__(self, choice: str) -> None:
        super().__init__()
        self.label = _wrapped()
        self.label.setText(choice)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # the button's
        self.setAccessibleName(choice)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)  # its lines
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.label)


def _field(placeholder: str, height: int) -> QPlainTextEdit:
    """A box of wrapped plain text (pasted markup stays text), ``height`` pixels high."""
    field = QPlainTextEdit()
    field.setPlaceholderText(placeholder)
    field.setFixedHeight(height)
    return field


class LessonWriter(QGroupBox):
    """Where the teacher writes the lesson at the step shown: the note of its action, and a
    question asked before the action (its choices one a line, the answer picked among them).
    ``note_written(text)`` and ``question_written(question, choices, answer, why)`` report a
    click on their buttons, as ``rules_written(text)`` reports the rule ids the file names (a
    file with expectations, notes or questions is a lesson or a test: it names the rules it
    shows); ``refused`` shows why the session did not take one."""

    note_written = Signal(str)
    question_written = Signal(str, list, str, str)
    rules_written = Signal(str)

    def __init__(self) -> None:
        super().__init__("Write the lesson")
        self.about = _wrapped()
        self.about.setStyleSheet("color: #555")
        self.note = _field("What the student should see at this step", 72)
        save_note = QPushButton("Set note")
        save_note.setToolTip("The lesson shows this note while the action's steps are shown")
        save_note.clicked.connect(lambda: self.note_written.emit(self.note.toPlainText()))
        self.question = _field("What will happen?", 48)  # wrapped: a question is a sentence
        self.choices = _field("One choice a line", 56)
        self.choices.textChanged.connect(self._offer_answers)
        self.answer = QComboBox()
        self.why = _field("Why the answer is right", 48)
        ask = QPushButton("Ask before this action")
        ask.setToolTip("Predict mode stops before this action and asks the question")
        ask.clicked.connect(self._ask)
        self.rules = QLineEdit()
        self.rules.setPlaceholderText("Rule ids its steps cite: M-7, P-24")
        name_rules = QPushButton("Set rules")
        name_rules.setToolTip(
            "The file's rules: what it shows; a lesson or a test (with expectations, notes or "
            "questions) names them, and check holds it to them"
        )
        name_rules.clicked.connect(lambda: self.rules_written.emit(self.rules.text()))
        self.rules.returnPressed.connect(name_rules.click)
        self.problem = _wrapped()
        self.problem.setStyleSheet("color: #b00020")
        self.problem.hide()
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # a narrow dock
        form.addRow(self.about)
        form.addRow("Note", self.note)
        form.addRow(save_note)
        form.addRow("Question", self.question)
        form.addRow("Choices", self.choices)
        form.addRow("Answer", self.answer)
        form.addRow("Why", self.why)
        form.addRow(ask)
        form.addRow("Rules the file shows", self.rules)
        form.addRow(name_rules)
        form.addRow(self.problem)

    def show_label(self, label: str, note: str) -> None:
        """The step shown belongs to the action labelled ``label``, whose note is ``note``."""
        self.about.setText(f"At {label!r}: its note, and a question asked before it")
        self.note.setPlainText(note)
        self.problem.hide()

    def show_rules(self, rules: Sequence[str]) -> None:
        """The rule ids the file names."""
        self.rules.setText(", ".join(rules))

    def refused(self, reason: str) -> None:
        self.problem.setText(reason)
        self.problem.setVisible(bool(reason))

    def choice_lines(self) -> list[str]:
        return [line.strip() for line in self.choices.toPlainText().splitlines() if line.strip()]

    def _offer_answers(self) -> None:
        picked = self.answer.currentText()
        self.answer.clear()
        self.answer.addItems(self.choice_lines())
        self.answer.setCurrentText(picked)

    def _ask(self) -> None:
        question, why = self.question.toPlainText(), self.why.toPlainText()
        self.question_written.emit(question, self.choice_lines(), self.answer.currentText(), why)

    def clear_question(self) -> None:
        for field in (self.question, self.choices, self.why):
            field.clear()


class LessonPanel(QScrollArea):
    """``answered(choice)`` reports the student's pick of the question on show. It scrolls: a
    narrow dock gives each wrapped line the height it needs."""

    answered = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.title = _wrapped(bold=True)
        self.description = _wrapped()
        self.step_head = _wrapped(bold=True)
        self.note = _wrapped()
        self.rules = _wrapped()
        self.rules.setStyleSheet("color: #555")
        self.predict = QCheckBox("Predict mode")
        self.predict.setToolTip(
            "Before each step that decides something the timeline stops and asks what will "
            "happen; your answer reveals it, with the reason"
        )
        self.question = _wrapped(bold=True)
        self.verdict = _wrapped()
        self.choices: list[ChoiceButton] = []
        inner = QWidget()
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._layout = QVBoxLayout(inner)
        for widget in (self.title, self.description, self.predict, self.step_head, self.note):
            self._layout.addWidget(widget)
        self._layout.addWidget(self.rules)
        self._layout.addWidget(self.question)
        self._choice_at = self._layout.count()
        self._layout.addWidget(self.verdict)
        self.writer = LessonWriter()
        self._layout.addWidget(self.writer)
        self._layout.addStretch()
        self.clear_question()

    def show_lesson(self, title: str, description: str) -> None:
        self.title.setText(title)
        self.description.setText(" ".join(description.split()))
        self.description.setVisible(bool(description.strip()))
        self.verdict.clear()
        self.clear_question()

    def show_step(self, index: int, description: str, note: str, rules: Sequence[str]) -> None:
        self.step_head.setText(f"Step {index}: {description}")
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.rules.setText("Rules: " + "; ".join(rule_title(rule) for rule in rules))
        self.rules.setVisible(bool(rules))

    def ask(self, question: Prediction) -> None:
        """Show ``question`` with a button per choice; a click reports it (``answered``). The
        verdict of a question just answered stays: a reveal can pass into the next question."""
        self.clear_question()
        self.question.setText(f"Predict: {question.question}")
        self.question.show()
        for n, choice in enumerate(question.choices):
            button = ChoiceButton(choice)
            button.clicked.connect(lambda _=False, c=choice: self.answered.emit(c))
            self._layout.insertWidget(self._choice_at + n, button)
            self.choices.append(button)
        QTimer.singleShot(0, self._scroll_to_question)  # once the buttons are laid out

    def _scroll_to_question(self) -> None:
        """The question and every answer button in view, however small the panel (at 1024x700
        they sat below the lesson's text)."""
        if self.choices:
            self.ensureWidgetVisible(self.choices[-1])
            self.ensureWidgetVisible(self.question)

    def reveal(self, text: str) -> None:
        self.clear_question()
        self.verdict.setText(text)

    def clear_question(self) -> None:
        for button in self.choices:
            self._layout.removeWidget(button)
            button.hide()  # now: deleteLater waits for the event loop
            button.deleteLater()
        self.choices = []
        self.question.hide()

    @property
    def asking(self) -> bool:
        return bool(self.choices)
