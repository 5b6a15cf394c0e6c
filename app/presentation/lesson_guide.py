"""What the lesson panel shows at a step: the lesson's text, the note of the action the step
belongs to, and the question to ask before an action that decides something (predict mode).
No Qt here: the panel (app/widgets/lesson_panel.py) draws what this says."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from engine.lessons import Prediction


@dataclass(frozen=True)
class LessonGuide:
    """A file's notes and questions, placed on its timeline: each label's first and last step
    (``starts``, ``ends``: the runner's, where ``start``, the set-up, is step 0 to 0)."""

    notes: Mapping[str, str]
    predictions: Sequence[Prediction]
    starts: Mapping[str, int]
    ends: Mapping[str, int]

    @property
    def teaches(self) -> bool:
        return bool(self.notes or self.predictions)

    def note_at(self, index: int) -> str:
        """The note of the innermost labelled action step ``index`` belongs to ("" if none),
        then the notes of the actions refused right after it: a refusal adds no step, so its
        note shows on the table it was refused at."""
        inside = [
            (self.starts[label], label)
            for label in self.notes
            if label in self.ends and self.starts[label] <= index <= self.ends[label]
        ]
        refused = [
            self.notes[label]
            for label in self.notes
            if label in self.ends and self.starts[label] > self.ends[label] == index
        ]
        return "\n\n".join([*([self.notes[max(inside)[1]]] if inside else []), *refused])

    def question_crossed(
        self, before: int, after: int, answered: Collection[str]
    ) -> Prediction | None:
        """The first question not yet ``answered`` whose action begins after step ``before``
        and by step ``after``: moving from one to the other would show its outcome unasked."""
        crossed = [
            (self.starts[question.at], n, question)
            for n, question in enumerate(self.predictions)
            if question.at in self.starts
            and question.at not in answered
            and before < self.starts[question.at] <= after
        ]
        return min(crossed, key=lambda found: found[:2])[2] if crossed else None

    def notes_by_step(self, last: int) -> dict[int, str]:
        """Each note at the first step (up to ``last``) it shows on: a page shows it once."""
        found: dict[int, str] = {}
        shown = ""
        for index in range(last + 1):
            note = self.note_at(index)
            if note and note != shown:
                found[index] = note
            shown = note
        return found

    def questions_by_step(self) -> dict[int, list[Prediction]]:
        """The questions by the step each is asked at (``held_at``), in the file's order; one at
        a label the timeline does not play is left out."""
        found: dict[int, list[Prediction]] = {}
        for question in self.predictions:
            if question.at in self.starts:
                found.setdefault(self.held_at(question), []).append(question)
        return found

    def held_at(self, question: Prediction) -> int:
        """The step to hold at while ``question`` waits: the one before its action."""
        return max(0, self.starts[question.at] - 1)

    def revealed_at(self, question: Prediction) -> int:
        """The step to show once ``question`` is answered: the first of its action, so that
        the student walks through every step of it, none skipped."""
        return self.starts[question.at]


def verdict(question: Prediction, picked: str) -> str:
    """What the student is told after picking ``picked``."""
    head = "Right." if picked == question.answer else f"Not this time: {question.answer}."
    return f"{head} {question.why}"
