"""A lesson followed step by step: its notes by step and, in predict mode, each question asked
before the action it is about is shown, the answer revealed with the step after it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDockWidget

from app.presentation.lesson_guide import LessonGuide, verdict
from app.presentation.session import Session
from app.widgets.lesson_panel import LessonPanel
from engine.lessons import Prediction
from engine.timeline import Step


class PredictQuiz:
    """The open file's lesson (its ``guide``, None for a file that teaches nothing), the
    questions answered and the one waiting; ``pause`` stops the timeline playing."""

    def __init__(
        self,
        session: Session,
        panel: LessonPanel,
        dock: QDockWidget,
        pause: Callable[[], None],
        hide_after: Callable[[int | None], None],
    ) -> None:
        self.session, self.panel, self.dock, self.pause = session, panel, dock, pause
        self.hide_after = hide_after  # the timeline's: what predict mode has not shown yet
        self.guide: LessonGuide | None = None
        self.answered: set[str] = set()  # the questions the student has answered
        self.question: Prediction | None = None  # the question waiting for an answer
        self.shown_index = 0  # the step shown before the one being shown
        self.frontier = 0  # in predict mode, the furthest step shown
        panel.answered.connect(self.answer)
        panel.predict.toggled.connect(self._predicting)

    def _predicting(self, on: bool) -> None:
        """Predict mode on: the timeline tells no step past the one shown; off: all of them."""
        self.frontier = self.shown_index
        self.hide_after(self.frontier if on and self.guide is not None else None)

    def refresh(self) -> None:
        """The timeline changed (the labels' steps move with it), or what the user wrote."""
        self.guide = self._lesson_guide()

    def _lesson_guide(self) -> LessonGuide | None:
        """The lesson as written now: the file's notes and questions and the user's, and in a
        branch the branch's own notes at its labels."""
        play, scenario = self.session.play, self.session.scenario
        if play is None:
            return None
        authored = self.session.authored
        branches = getattr(scenario, "branches", ())
        branch = next((b for b in branches if b.name == self.session.branch), None)
        notes = {**authored.notes, **(branch.notes if branch is not None else {})}
        guide = LessonGuide(notes, authored.predictions, play.runner.starts, play.runner.labels)
        return guide if guide.teaches else None

    def start(self, index: int) -> None:
        """A new file: its lesson panel, shown when it has notes or questions."""
        self.guide = self._lesson_guide()
        self.answered.clear()
        self.question = None
        self.shown_index = index
        self._predicting(self.panel.predict.isChecked())
        scenario = self.session.scenario
        if scenario is not None:
            self.panel.show_lesson(scenario.title, scenario.description)
        self.dock.setVisible(self.guide is not None)
        if self.guide is not None:
            self.dock.raise_()  # in front of the inspector, its tab beside

    def hold(self, index: int) -> bool:
        """In predict mode, moving onto a step that a question comes before goes back to the
        step before it and asks; True when it did."""
        guide, before = self.guide, self.shown_index
        self.shown_index = index
        if guide is None or not self.panel.predict.isChecked():
            return False
        question = guide.question_crossed(before, index, self.answered)
        if question is None:
            return False
        self.pause()  # a question waits for its answer
        self.question = question
        self.panel.ask(question)
        self.session.select(guide.held_at(question))
        return True

    def answer(self, picked: str) -> None:
        question, self.question = self.question, None
        if question is None or self.guide is None:
            return
        self.answered.add(question.at)
        self.panel.reveal(verdict(question, picked))
        self.session.select(self.guide.revealed_at(question))

    def show_step(self, index: int, step: Step) -> None:
        """The note of step ``index`` on the panel, and what the writer is about there; in
        predict mode the timeline now tells the steps up to it."""
        if self.guide is not None and self.panel.predict.isChecked() and index > self.frontier:
            self.frontier = index
            self.hide_after(index)
        note = self.guide.note_at(index) if self.guide is not None else ""
        self.panel.show_step(index, step.description, note, step.rules)
        self.panel.writer.setEnabled(self.session.can_author())
        if self.session.can_author():
            label, _ = self.session.label_at(index)
            self.panel.writer.show_label(label, self.session.authored.notes.get(label, ""))
            self.panel.writer.show_rules(self.session.authored.rules)
