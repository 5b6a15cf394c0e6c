"""From playtest to test, and lessons written in the app: actions played, expectations of a card
and of a step, a note and a question, saved into a file that ``cardtable check`` passes and that
reads as a person would write it (tests/app/authored.yaml); undo takes an edit back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QInputDialog, QMenu, QPushButton

from app.cli.commands import main
from app.widgets.main_window import MainWindow
from engine.souls.scenario import Action

HERE = Path(__file__).parent
SMALL = """\
# A small table to test with: Alice's Firebolt, then her squire's attack.
ruleset: souls
title: Firebolt, then an attack
rules: [14.1.1, S-13]
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Thorn Squire,
             id: alice-squire}  # a person's line break, kept
      hand:
        - {card: Firebolt}
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Thorn Squire, id: bob-squire}  # the squire Alice burns
"""


def item(menu: QMenu | None, text: str):  # type: ignore[no-untyped-def]
    assert menu is not None
    return next(action for action in menu.actions() if action.text() == text)


def button(window: MainWindow, text: str) -> QPushButton:
    return next(b for b in window.lesson.writer.findChildren(QPushButton) if b.text() == text)


def play_three(window: MainWindow) -> None:
    """Firebolt on Bob's squire, an attack on it (passed: the capture step), the end of turn."""
    assert window.try_action(
        Action.model_validate({"play": {"card": "firebolt", "target": "bob-squire"}})
    )
    assert window.try_action(
        Action.model_validate({"attack": {"attacker": "alice-squire", "target": "bob-squire"}})
    )
    window.window_bar.proceed()
    assert window.try_action(Action.model_validate("end_turn"))
    assert window.session.play is not None and window.session.play.runner.ends == [3, 7, 9]


def expect_from_menus(window: MainWindow) -> None:
    """Bob's squire after the attack (its card menu), the table at the last step (the
    timeline's menu on its row)."""
    window.session.select(6)  # inside the attack: the expectation is about its end, step 7
    window.card_clicked("bob-squire")
    item(window.last_menu, "Expect this").trigger()
    timeline = window.timeline
    row = timeline.tree.visualItemRect(timeline.rows[9]).center()
    timeline._row_menu(QPoint(row))
    item(timeline.last_menu, "Expect this").trigger()


def write_lesson(window: MainWindow) -> None:
    """A note at the Firebolt, a question before the attack."""
    writer = window.lesson.writer
    window.session.select(2)
    writer.note.setPlainText("Firebolt's 10 damage stays on the squire.")
    button(window, "Set note").click()
    assert window.lesson.note.text() == "Firebolt's 10 damage stays on the squire."  # at once
    window.session.select(5)
    writer.question.setPlainText("Is Bob's squire captured?")
    writer.choices.setPlainText("Yes\nNo")
    writer.answer.setCurrentText("Yes")
    writer.why.setPlainText("The attack brings it to 0 HP; the capture step takes it (14.4.2).")
    button(window, "Ask before this action").click()


def test_a_playtest_saved_as_a_test_reads_as_written_by_hand(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "firebolt.yaml"
    path.write_text(SMALL, encoding="utf-8")
    assert window.open_path(path)
    play_three(window)
    expect_from_menus(window)
    write_lesson(window)
    # The attack's label renamed by a double-click: what names it follows.
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("captured", True))
    timeline = window.timeline
    timeline.tree.itemDoubleClicked.emit(timeline.rows[7], 0)
    assert timeline.rows[7].text(0).startswith("#7  [captured]")
    assert window.files.save()
    assert path.read_text(encoding="utf-8") == (HERE / "authored.yaml").read_text(encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert window.open_path(path)  # reopened: the lesson teaches from the file
    window.session.select(2)
    assert window.lesson.note.text() == "Firebolt's 10 damage stays on the squire."
    assert [q.at for q in window.session.authored.predictions] == ["captured"]


def test_undo_takes_an_expectation_back_and_redo_brings_it(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "firebolt.yaml"
    path.write_text(SMALL, encoding="utf-8")
    assert window.open_path(path)
    play_three(window)
    expect_from_menus(window)
    assert len(window.session.authored.expect) == 2
    window.undo()
    assert len(window.session.authored.expect) == 1
    window.undo()  # the first one, and the label it gave the attack
    assert window.session.authored.expect == ()
    assert window.session.actions()[1].label is None
    window.undo()  # then the actions
    assert len(window.session.actions()) == 2
    window.redo()
    window.redo()
    assert window.session.actions()[1].label == "attack"
    assert window.session.authored.expect[0]["at"] == "attack"


def test_a_question_the_rules_of_a_lesson_refuse_is_said_and_nothing_changes(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "firebolt.yaml"
    path.write_text(SMALL, encoding="utf-8")
    assert window.open_path(path)
    play_three(window)
    window.session.select(5)
    writer = window.lesson.writer
    writer.question.setPlainText("Is it captured?")
    writer.choices.setPlainText("Yes\nyes")
    writer.why.setPlainText("Because.")
    button(window, "Ask before this action").click()
    assert writer.problem.isVisibleTo(window.lesson)
    assert "choices" in writer.problem.text() and "\n" not in writer.problem.text()
    assert window.session.authored.predict == () and window.session.history == [None] * 4


def test_the_users_lessons_are_listed_and_open_at_their_start(
    qtbot,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    folder = tmp_path / "my lessons"
    settings.setValue("lessons/folder", str(folder))
    (tmp_path / "my lessons").mkdir()
    (folder / "firebolt.yaml").write_text(
        (HERE / "authored.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    window = MainWindow(settings)
    qtbot.addWidget(window)
    mine = item(window.lessons_menu, "My lessons").menu()
    mine.aboutToShow.emit()
    topic = mine.actions()[0].menu()
    item(topic, "Firebolt, then an attack").trigger()
    assert window.session.path == folder / "firebolt.yaml"
    assert window.session.index == 0


def test_the_rules_a_file_shows_are_named_in_the_writer_checked_and_undone(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "firebolt.yaml"
    path.write_text(SMALL, encoding="utf-8")
    assert window.open_path(path)
    writer = window.lesson.writer
    window.session.select(0)
    assert writer.rules.text() == "14.1.1, S-13"  # the file's own
    writer.rules.setText("14.1.1 S-13, 14.4.22")
    button(window, "Set rules").click()
    assert writer.problem.text() == (
        "no ruleset or ruling defines the rule '14.4.22' (did you mean '14.4.2'?)"
    )
    assert window.session.authored.rules == ("14.1.1", "S-13")
    writer.rules.setText("14.1.1, 14.1.1")
    button(window, "Set rules").click()
    assert writer.problem.text() == "the rule '14.1.1' is named twice"
    writer.rules.setText("14.1.1, S-13, 14.4.2")
    button(window, "Set rules").click()
    assert writer.problem.isHidden() and window.session.authored.rules[-1] == "14.4.2"
    window.undo()
    assert window.session.authored.rules == ("14.1.1", "S-13")
    window.redo()
    play_three(window)
    assert window.files.save()
    assert "\nrules: [14.1.1, S-13, 14.4.2]\n" in path.read_text(encoding="utf-8")
    assert main(["check", "--strict", str(path)]) == 0
