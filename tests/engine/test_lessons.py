"""A lesson's notes and prediction questions (engine/lessons.py): keyed by the script's labels,
each answer one of its choices; a mistake is bad input at its place, with the labels there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.commands import main
from tests.support.lesson_texts import LESSON


def check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    status = main(["check", "--strict", str(path)])
    return status, [line.replace(f"{path}:", "") for line in capsys.readouterr().out.splitlines()]


@pytest.mark.rule("M-7")
def test_notes_and_questions_at_labels_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check(tmp_path, LESSON, capsys)[0] == 0


@pytest.mark.parametrize(
    ("old", "new", "problems"),
    [
        (
            "  spark: The Spark",
            "  sprak: The Spark",
            [
                "  21: notes.sprak: no script action has the label 'sprak' (did you mean "
                "'spark'?); the labels: start, mend, spark"
            ],
        ),
        (
            "  - at: spark\n",
            "  - at: mendd\n",
            [
                "  23: predict[0].at: no script action has the label 'mendd' (did you mean "
                "'mend'?); the labels: start, mend, spark"
            ],
        ),
        (
            "    answer: It survives",
            "    answer: It lives",
            [
                "  23: predict[0]: the answer 'It lives' is not one of the choices: It survives, "
                "It dies"
            ],
        ),
        (
            "  - at: spark\n",
            "  - at: start\n",
            ["  23: predict[0]: a question comes before an action; 'start' is the set-up"],
        ),
    ],
    ids=["note-label-typo", "question-label-typo", "answer-not-a-choice", "question-at-start"],
)
def test_a_note_or_question_that_cannot_be_asked_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, problems: list[str]
) -> None:
    status, report = check(tmp_path, LESSON.replace(old, new), capsys)
    assert status == 2
    assert report[1:-1] == problems
