"""A lesson's notes and prediction questions (engine/lessons.py): keyed by the script's labels,
one question per action, each answer one of its choices, the choices told apart, the words read
as written and bounded; a mistake is bad input at its place, with the labels there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.commands import main
from engine.lessons import MAX_CHOICE, MAX_TEXT
from engine.might.scenario import MightScenario
from engine.scenario import load_scenario
from tests.support.lesson_texts import BRANCH, LESSON

CHOICES = "    choices: [It survives, It dies]"
BRANCH_NOTE = "      alone: Nothing answers"


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
        (
            CHOICES,
            "    choices: [It survives, It dies, It dies]",
            ["  25: predict[0].choices[2]: the choice 'It dies' is given twice"],
        ),
        (
            CHOICES,
            "    choices: [It survives, It dies, it Dies]",
            [
                "  25: predict[0].choices[2]: the choices 'It dies' and 'it Dies' differ only "
                "by case or spacing"
            ],
        ),
        (
            CHOICES,
            "    choices: [It survives, Caf\u00e9, Cafe\u0301]",  # one composed, one not
            ["  25: predict[0].choices[2]: the choice 'Caf\u00e9' is given twice"],
        ),
        (
            CHOICES,
            "    choices: [It survives, It dies, It di\u0435s]",  # a Cyrillic e
            [
                "  25: predict[0].choices[2]: the choices 'It dies' and 'It di\u0435s' look "
                "alike: the second has U+0435 CYRILLIC SMALL LETTER IE for U+0065 LATIN SMALL "
                "LETTER E"
            ],
        ),
        (
            CHOICES,
            "    choices: [It survives, It dies, ' ']",
            ["  25: predict[0].choices[2]: a choice cannot be empty or only spaces"],
        ),
        (
            CHOICES,
            "    choices: [It survives, ' ']",  # one problem: not also "too few choices"
            ["  25: predict[0].choices[1]: a choice cannot be empty or only spaces"],
        ),
        (
            "    why: Quick Mend resolves first (M5, M-7).",
            "    why: ' '",
            ["  27: predict[0].why: a lesson's text cannot be empty or only spaces"],
        ),
        (
            CHOICES,
            "    choices: [It survives, It dies, 'It\u200bsurvives']",
            [
                "  25: predict[0].choices[2]: 'It\\u200bsurvives' holds U+200B ZERO WIDTH SPACE, "
                "an invisible formatting character"
            ],
        ),
        (
            CHOICES,
            f"    choices: [It survives, It dies, {'y' * (MAX_CHOICE + 1)}]",
            [
                f"  25: predict[0].choices[2]: {MAX_CHOICE + 1} characters; a choice holds at most "
                f"{MAX_CHOICE}"
            ],
        ),
        (
            "  spark: The Spark would make it 4.",
            f"  spark: {'x' * (MAX_TEXT + 1)}",
            [
                f"  21: notes.spark: {MAX_TEXT + 1:,} characters; a lesson's text holds at most "
                f"{MAX_TEXT:,}"
            ],
        ),
        (
            "    why: Quick Mend resolves first (M5, M-7).\n",
            "    why: Quick Mend resolves first (M5, M-7).\n"
            "  - at: spark\n    question: Or does it?\n    choices: [Yes, No]\n"
            "    answer: 'No'\n    why: It does.\n",
            [
                "  28: predict[1].at: predict[0] already asks before 'spark': one question per "
                "action"
            ],
        ),
    ],
    ids=[
        "note-label-typo",
        "question-label-typo",
        "answer-not-a-choice",
        "question-at-start",
        "choice-twice",
        "choices-differ-by-case-or-spacing",
        "choices-differ-by-unicode-spelling",
        "choices-that-look-alike",
        "empty-choice",
        "empty-choice-of-two",
        "empty-why",
        "invisible-character-in-choice",
        "choice-too-long",
        "note-too-long",
        "two-questions-at-one-action",
    ],
)
def test_a_note_or_question_that_cannot_be_asked_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, problems: list[str]
) -> None:
    status, report = check(tmp_path, LESSON.replace(old, new), capsys)
    assert status == 2
    assert report[1:-1] == problems


def test_a_branchs_notes_at_the_labels_of_its_timeline_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check(tmp_path, LESSON + BRANCH, capsys)[0] == 0
    scenario, _ = load_scenario(tmp_path / "lesson.yaml")
    assert scenario.branches[0].notes == {
        "start": "Bob keeps Quick Mend in hand this time.",
        "alone": "Nothing answers the Spark, and 2 + 2 damage is lethal.",
    }


@pytest.mark.parametrize(
    ("label", "problem"),
    [
        ("alnoe", "no script action has the label 'alnoe' (did you mean 'alone'?)"),
        # main's label, of an action this branch does not keep
        ("spark", "no script action has the label 'spark' (did you mean 'start'?)"),
    ],
    ids=["a-typo", "a-label-of-main-it-does-not-keep"],
)
def test_a_branchs_note_at_a_label_its_timeline_does_not_play_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], label: str, problem: str
) -> None:
    text = LESSON + BRANCH.replace(BRANCH_NOTE, f"      {label}: Nothing answers")
    assert text.splitlines()[34].startswith(f"      {label}: ")  # line 35
    status, report = check(tmp_path, text, capsys)
    assert status == 2
    assert report[1:-1] == [
        f"  35: branches[0].notes.{label}: branch 'no answer': {problem}; the labels: start, alone"
    ]


@pytest.mark.parametrize(
    ("written", "answer", "read"),
    [
        ("[Yes, No]", "'Yes'", ("Yes", "No")),
        ("[yes, no]", "no", ("yes", "no")),
        ("[on, off, true, FALSE]", "off", ("on", "off", "true", "FALSE")),
        ("[3, 4, 4.50]", "4.50", ("3", "4", "4.50")),
    ],
)
def test_choices_are_read_as_the_words_written_not_as_yaml_values(
    tmp_path: Path, written: str, answer: str, read: tuple[str, ...]
) -> None:
    """YAML 1.1 reads a plain Yes as true and 4.50 as 4.5; a teacher wrote words. Elsewhere in
    the file a boolean stays one."""
    path = tmp_path / "lesson.yaml"
    text = LESSON.replace(CHOICES, f"    choices: {written}")
    text = text.replace("    answer: It survives", f"    answer: {answer}")
    text = text.replace("  start: Bob's", "  start: yes\n  mend: Bob's")
    text += BRANCH.replace("start: Bob keeps Quick Mend in hand this time.", "start: no")
    text = text.replace(
        "{card: Iron Sentinel, damage: 2}", "{card: Iron Sentinel, damage: 2, exhausted: yes}"
    )
    path.write_text(text, encoding="utf-8")
    scenario, _ = load_scenario(path)
    assert isinstance(scenario, MightScenario)
    (question,) = scenario.predict
    assert question.choices == read
    assert question.answer == answer.strip("'")
    assert scenario.notes["start"] == "yes"
    assert scenario.branches[0].notes["start"] == "no"
    assert scenario.setup.players[1].units[0].exhausted is True
