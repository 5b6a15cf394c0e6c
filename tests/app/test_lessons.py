"""Lessons that teach in the app: the lesson panel shows the lesson's text and each step's note
with its rules; in predict mode the timeline stops before a step that decides, asks, then shows
it with the reason (app/presentation/lesson_guide.py, app/widgets/lesson_panel.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from app.cli.commands import DEMO
from app.presentation.lesson_guide import LessonGuide, verdict
from app.widgets import message_boxes
from app.widgets.main_window import MainWindow
from engine.assets import LESSONS
from engine.lessons import MAX_TEXT, Prediction
from tests.support.lesson_texts import BRANCH, LESSON

QUESTION = Prediction(
    at="spark",
    question="Does the sentinel survive?",
    choices=("It survives", "It dies"),
    answer="It survives",
    why="Quick Mend resolves first (M5, M-7).",
)


def test_a_refused_actions_note_shows_on_the_table_it_was_refused_at() -> None:
    """A refusal adds no step (its label starts after it ends): its note follows the note of
    the step it was refused after."""
    guide = LessonGuide(
        {"start": "set-up", "no-runes": "refused", "cached": "runes"},
        (),
        starts={"start": 0, "no-runes": 1, "cached": 1},
        ends={"start": 0, "no-runes": 0, "cached": 3},
    )
    assert [guide.note_at(i) for i in (0, 1)] == ["set-up\n\nrefused", "runes"]
    assert guide.notes_by_step(3) == {0: "set-up\n\nrefused", 1: "runes"}


def test_the_note_shown_is_the_innermost_labelled_actions() -> None:
    guide = LessonGuide(
        {"start": "set-up", "spark": "outer", "mend": "inner"},
        (QUESTION,),
        starts={"start": 0, "spark": 1, "mend": 2},
        ends={"start": 0, "spark": 9, "mend": 4},
    )
    assert [guide.note_at(i) for i in (0, 1, 2, 4, 5, 9, 10)] == [
        "set-up",
        "outer",
        "inner",
        "inner",
        "outer",
        "outer",
        "",
    ]
    assert guide.question_crossed(0, 1, set()) is QUESTION
    assert guide.question_crossed(0, 9, set()) is QUESTION  # a jump over it asks too
    assert guide.question_crossed(1, 9, set()) is None  # already inside its action
    assert guide.question_crossed(0, 9, {"spark"}) is None  # answered
    assert (guide.held_at(QUESTION), guide.revealed_at(QUESTION)) == (0, 1)  # its first step
    assert guide.questions_by_step() == {0: [QUESTION]}  # an exported page asks it there
    assert verdict(QUESTION, "It dies") == "Not this time: It survives. " + QUESTION.why
    assert verdict(QUESTION, "It survives").startswith("Right. ")


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    return win


@pytest.mark.rule("M5", "M-7")
def test_predict_mode_asks_before_the_deciding_step_then_reveals_it(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON, encoding="utf-8")
    assert window.open_path(path)
    panel = window.lesson
    assert window.lesson_dock.isVisible() and panel.title.text() == "Notes"
    window.session.select(0)
    assert panel.note.text() == "Bob's sentinel has 4 Might and 2 damage."
    panel.predict.setChecked(True)
    window.session.select(window.session.last)  # a jump past the Spark: held before it, asked
    assert window.session.index == 0 and panel.asking
    assert panel.question.text() == "Predict: Does the sentinel survive?"
    assert [button.label.text() for button in panel.choices] == ["It survives", "It dies"]
    panel.choices[1].click()
    assert not panel.asking
    assert (
        panel.verdict.text() == "Not this time: It survives. Quick Mend resolves first (M5, M-7)."
    )
    spark = window.session.play.runner  # type: ignore[union-attr]
    assert window.session.index == spark.starts["spark"]  # its first step: none skipped
    assert panel.note.text() == "The Spark would make it 4."
    assert "M5" in panel.rules.text()
    window.session.select(0)
    window.session.select(window.session.last)  # answered once: not asked again
    assert not panel.asking and window.session.index == window.session.last


def test_a_branch_shows_its_own_notes_and_main_its_own(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON + BRANCH, encoding="utf-8")
    assert window.open_path(path)
    note = window.lesson.note
    window.session.switch("no answer")
    window.session.select(0)
    assert note.text() == "Bob keeps Quick Mend in hand this time."
    window.session.select(window.session.last)
    assert note.text() == "Nothing answers the Spark, and 2 + 2 damage is lethal."
    window.session.switch("main")
    window.session.select(0)
    assert note.text() == "Bob's sentinel has 4 Might and 2 damage."


def test_a_file_without_notes_shows_no_lesson_panel(window: MainWindow) -> None:
    assert window.open_path(DEMO)
    assert not window.lesson_dock.isVisible()


def test_choices_written_yes_and_no_are_asked_as_those_words(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "lesson.yaml"
    text = LESSON.replace("[It survives, It dies]", "[Yes, No]")
    path.write_text(text.replace("answer: It survives", "answer: Yes"), encoding="utf-8")
    assert window.open_path(path)
    window.session.select(0)
    window.lesson.predict.setChecked(True)
    window.session.select(window.session.last)
    assert [button.label.text() for button in window.lesson.choices] == ["Yes", "No"]


def test_a_note_too_long_to_read_is_refused_and_the_open_lesson_stays(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A note of 1.7 MB took seconds to lay out at each step; the file is refused instead, on
    one line naming the note's line."""
    shown: list[str] = []
    monkeypatch.setattr(message_boxes, "critical", lambda _w, _t, text: shown.append(text))
    path, long = tmp_path / "lesson.yaml", tmp_path / "long.yaml"
    path.write_text(LESSON, encoding="utf-8")
    note = "The Spark would make it 4."
    long.write_text(LESSON.replace(note, "x" * 1_700_000), encoding="utf-8")
    assert window.open_path(path)
    window.session.select(1)
    assert not window.open_path(long)
    assert shown == [
        f"{long}:21: notes.spark: 1,700,000 characters; a lesson's text holds at most {MAX_TEXT:,}"
    ]
    assert window.session.path == path and window.lesson.note.text() == note


def test_predict_mode_tells_no_step_before_the_student_reaches_it(
    window: MainWindow, tmp_path: Path
) -> None:
    """The timeline shows only the numbers of the steps predict mode has not shown yet: the
    answer is not read off the list; each step is told as it is reached, one at a time after
    the answer, and all of them again when predict mode is off."""
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON, encoding="utf-8")
    assert window.open_path(path)
    window.session.select(0)
    window.lesson.predict.setChecked(True)
    rows = window.timeline.rows

    def told() -> list[bool]:
        return [not row.text(0).endswith("…") for row in rows]

    assert told() == [True] + [False] * (len(rows) - 1)
    assert rows[-1].toolTip(0) == "Predict mode: this step is told when you reach it"
    window.session.select(window.session.last)  # held before the Spark, asked
    assert told()[1:] == [False] * (len(rows) - 1)
    window.lesson.choices[0].click()  # answered: the Spark's first step is shown
    first = window.session.index
    assert told() == [i <= first for i in range(len(rows))]
    window.session.select(first + 1)
    assert told() == [i <= first + 1 for i in range(len(rows))]
    window.lesson.predict.setChecked(False)
    assert all(told()) and rows[-1].text(0).startswith(f"#{len(rows) - 1}  ")


def test_the_question_and_its_answers_are_in_view_at_1024x700(
    window: MainWindow, qtbot: Any
) -> None:
    """The lesson's text sat above them and the answer buttons were out of view at 1024x700:
    asking scrolls the panel to the question and every answer."""
    window.resize(1024, 700)
    assert window.open_path(LESSONS / "might" / "01-enfeeble-makes-old-damage-lethal.yaml")
    window.session.select(0)
    window.lesson.predict.setChecked(True)
    window.session.select(window.session.last)
    assert window.lesson.asking
    qtbot.wait(50)  # the scroll waits for the buttons' layout
    shown = [window.lesson.question, *window.lesson.choices]
    assert all(not widget.visibleRegion().isEmpty() for widget in shown)
