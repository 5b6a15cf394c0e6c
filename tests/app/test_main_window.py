"""The main window's files (open dialog, drag and drop, save dialog, errors), layout, playback
and the window bar's pass, driven offscreen."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog

from app.widgets import gui, message_boxes
from app.widgets.main_window import MainWindow
from engine.assets import LESSONS, SCENARIOS
from engine.choices import ChoiceCancelled
from engine.errors import RuleError, ScenarioError
from engine.might.scenario import Action as MightAction
from engine.scenario import Playthrough
from engine.souls.scenario import Action as SoulsAction

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
M4 = SCENARIOS / "might" / "M4-prevention-worked-example.yaml"


class Boxes:
    """Every message box shown: (kind, title, text)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[str, str, str]] = []
        for kind in ("critical", "warning", "information"):
            monkeypatch.setattr(message_boxes, kind, self._record(kind))

    def _record(self, kind: str) -> Any:
        def show(parent: object, title: str, text: str, *rest: object) -> None:
            self.shown.append((kind, title, text))

        return show


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Boxes:
    return Boxes(monkeypatch)


def settings(folder: Path) -> QSettings:
    return QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, boxes: Boxes) -> MainWindow:
    win = MainWindow(settings(tmp_path))
    qtbot.addWidget(win)
    win.show()
    return win


def mime(*paths: Path) -> QMimeData:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return data


def test_dragging_a_scenario_is_accepted_and_dropping_it_opens_it(
    window: MainWindow, tmp_path: Path
) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a scenario", encoding="utf-8")
    other = mime(text)  # the events keep a pointer to their data: keep it alive
    enter = QDragEnterEvent(
        QPoint(5, 5),
        Qt.DropAction.CopyAction,
        other,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter.setAccepted(False)
    window.dragEnterEvent(enter)
    assert not enter.isAccepted()  # only .yaml / .yml files are taken
    data = mime(text, M4)
    enter = QDragEnterEvent(
        QPoint(5, 5),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter.setAccepted(False)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(drop)
    assert window.session.path == M4  # the first scenario among the dropped files
    assert window.files.recent_files() == [str(M4.resolve())]
    assert M4.stem in window.windowTitle() or window.session.scenario.title in window.windowTitle()


def test_open_dialog_opens_the_chosen_file_and_cancel_opens_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter([("", ""), (str(DEMO), "Scenarios (*.yaml *.yml)")])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: next(answers)))
    window.files.open_dialog()
    assert window.session.path is None and window.session.step is None
    window.files.open_dialog()
    assert window.session.path == DEMO and window.session.step is not None


def test_an_internal_error_while_opening_is_reported_and_the_session_stays(
    window: MainWindow, boxes: Boxes, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.open_path(DEMO)
    steps = list(window.session.steps)

    def broken(path: Path) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(window.session, "open", broken)
    assert not window.open_path(M4)
    kind, title, text = boxes.shown[-1]
    assert (kind, title) == ("critical", "Cannot open the scenario")
    assert str(M4) in text and "internal error" in text and "KeyError" in text
    assert window.session.path == DEMO and window.session.steps == steps

    def refused(path: Path) -> None:
        raise RuleError("S-13", "no attack here")

    monkeypatch.setattr(window.session, "open", refused)
    assert not window.open_path(M4)
    assert boxes.shown[-1] == (
        "critical",
        "Cannot open the scenario",
        f"{M4}: no attack here (rule S-13)",
    )
    assert window.session.path == DEMO


def test_save_dialog_saves_where_asked_and_not_on_cancel(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not window.files.save_dialog()  # nothing is open: nothing to save
    own = tmp_path / "mine.yaml"
    shutil.copy(DEMO, own)
    assert window.open_path(own)
    target = tmp_path / "saved.yaml"
    answers = iter([("", ""), (str(target), "")])
    asked: list[str] = []

    def choose(parent: object, caption: str, start: str, filters: str) -> tuple[str, str]:
        asked.append(start)
        return next(answers)

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(choose))
    assert not window.files.save_dialog() and not target.exists()
    assert window.files.save_dialog()
    assert asked == [str(own), str(own)]  # the dialog starts at the open file
    assert target.read_text(encoding="utf-8") == own.read_text(encoding="utf-8")
    assert window.session.path == target and window.files.recent_files()[0] == str(target.resolve())


def test_reset_layout_shows_both_docks_again(window: MainWindow) -> None:
    window.timeline_dock.hide()
    window.inspector_dock.hide()
    window.reset_layout()
    assert window.timeline_dock.isVisible() and window.inspector_dock.isVisible()


def test_the_layout_is_remembered_for_the_next_window(qtbot: Any, tmp_path: Path) -> None:
    first = MainWindow(settings(tmp_path))
    qtbot.addWidget(first)
    first.show()
    first.inspector_dock.hide()
    first.close()
    second = MainWindow(settings(tmp_path))
    qtbot.addWidget(second)
    second.show()
    assert not second.inspector_dock.isVisible() and second.timeline_dock.isVisible()
    assert settings(tmp_path).value("geometry") is not None


def test_redo_reports_a_cancelled_choice_and_a_refusal(
    window: MainWindow, boxes: Boxes, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.open_path(DEMO)

    def cancelled() -> None:
        raise ChoiceCancelled()

    monkeypatch.setattr(window.session, "redo", cancelled)
    window.redo()
    assert window.statusBar().currentMessage() == "Cancelled"

    def refused() -> None:
        raise RuleError("S-13", "not now")

    monkeypatch.setattr(window.session, "redo", refused)
    window.redo()
    assert boxes.shown[-1] == ("warning", "Cannot redo", "not now (rule S-13)")


def test_playback_steps_forward_and_stops_at_the_end(window: MainWindow) -> None:
    assert window.open_path(DEMO)
    timeline = window.timeline
    assert window.session.at_end()
    timeline.toggle_play()  # at the end, play starts again from the first step
    assert timeline.timer.isActive() and window.session.index == 0
    timeline.speed.setCurrentText("4×")
    assert timeline.timer.interval() == 200
    for expected in range(1, window.session.last + 1):
        timeline._tick()
        assert window.session.index == expected
    assert not timeline.timer.isActive()  # reaching the last step stops the playback
    timeline.toggle_play()
    assert timeline.timer.isActive() and window.session.index == 0
    timeline.toggle_play()
    assert not timeline.timer.isActive() and window.session.index == 0


def test_launch_opens_the_window_on_the_file(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[MainWindow] = []

    class Window(MainWindow):
        def __init__(self) -> None:
            super().__init__(settings(tmp_path))
            qtbot.addWidget(self)
            opened.append(self)

    monkeypatch.setattr("app.widgets.main_window.MainWindow", Window)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    assert gui.launch(M4) == 0
    assert [w.session.path for w in opened] == [M4] and opened[0].isVisible()
    shown: list[str] = []
    monkeypatch.setattr(message_boxes, "critical", lambda parent, title, text: shown.append(text))
    sys.excepthook(KeyError, KeyError("x"), None)  # a bug out of a slot, at the top
    assert shown == ["Cardtable: internal error: KeyError: 'x'"]


def test_launch_without_a_display_says_how_to_render_headless(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The command it prints works as printed, from another folder, with no ``cardtable`` on
    ``PATH``: it renders the table it was asked to open."""
    monkeypatch.setattr(gui, "has_display", lambda: False)
    assert gui.launch(M4) == 2
    said = capsys.readouterr().err.splitlines()
    assert said[0].startswith("cardtable: no display to open a window on")
    command = said[-1].strip()
    assert command == gui.shot_command(M4) and str(M4.resolve()) in command
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        command, shell=True, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert (elsewhere / "table.png").stat().st_size > 0


CHAIN = """\
ruleset: might
title: Orders on the chain
rules: [M-7]
setup:
  players:
    - name: Alice
      units: [{card: Iron Sentinel}]
      hand: [{card: Spark}, {card: Quick Mend}]
    - name: Bob
      units: [{card: Stone Whelp}]
"""


@pytest.mark.rule("M-7")
def test_a_refusal_deep_inside_an_action_is_shown_and_changes_nothing(
    window: MainWindow, boxes: Boxes, tmp_path: Path
) -> None:
    """A Reaction played while Spark waits, with a response of its own that is refused (M-7:
    no end of turn while the chain is not empty): the located refusal is a dialog, not an
    exception in the slot, and the session is as it was."""
    path = tmp_path / "chain.yaml"
    path.write_text(CHAIN, encoding="utf-8")
    assert window.open_path(path)
    spark = MightAction.model_validate({"play": {"card": "spark", "target": "iron-sentinel"}})
    assert window.try_action(spark)
    steps, actions = window.session.last, list(window.session.play.actions)
    mend_then_end = MightAction.model_validate(
        {"play": {"card": "quick-mend", "target": "iron-sentinel", "responses": [{"end_turn": {}}]}}
    )
    assert not window.try_action(mend_then_end)
    kind, title, text = boxes.shown[-1]
    assert (kind, title) == ("warning", "Not allowed")
    assert "script[0].play.responses[0].play.responses[0].end_turn" in text and "M-7" in text
    assert window.session.last == steps and window.session.play.actions == actions


def test_a_located_refusal_on_redo_is_shown_and_ends_the_redo_stack(
    window: MainWindow, boxes: Boxes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redo replays the undone action; if it is refused deep inside (a located ScenarioError),
    the refusal is a dialog and nothing is left to redo, as for a RuleError."""
    assert window.open_path(DEMO)
    deal = SoulsAction.model_validate({"deal": {"target": "sylva", "amount": 5}})
    assert window.try_action(deal)
    assert window.session.undo() and window.session.redo_stack

    def refused(*args: object, **kwargs: object) -> None:
        raise ScenarioError("demo.yaml", "script[3].deal", "not now", rule="S-13")

    monkeypatch.setattr(Playthrough, "act", refused)
    window.redo()
    assert boxes.shown[-1][:2] == ("warning", "Cannot redo")
    assert "not now" in boxes.shown[-1][2] and not window.session.redo_stack


def test_app_open_reports_an_internal_error_and_keeps_the_session(
    qtbot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    from PySide6.QtCore import QSettings

    from app.presentation.session import Session
    from app.widgets import message_boxes
    from app.widgets.main_window import MainWindow

    shown: list[str] = []
    monkeypatch.setattr(message_boxes, "critical", lambda parent, title, text: shown.append(text))
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(DEMO)
    steps = len(window.session.steps)

    def failing(self: Session, path: Path) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Session, "open", failing)
    assert not window.open_path(tmp_path / "x.yaml")
    assert shown == [f"{tmp_path / 'x.yaml'}: internal error: ZeroDivisionError: a bug"]
    assert len(window.session.steps) == steps


def test_a_lesson_opens_at_its_start_and_says_how_to_follow_it(window: MainWindow) -> None:
    lesson = next(iter(sorted((LESSONS / "might").glob("*.yaml"))))
    assert window.open_path(lesson)
    assert window.session.index == 0 and window.session.last > 0
    assert window.statusBar().currentMessage().startswith("Lesson: ")
    assert window.open_path(SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml")
    assert window.session.index == window.session.last  # an example opens at its end
