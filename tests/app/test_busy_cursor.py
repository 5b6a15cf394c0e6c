"""The wait cursor (app/widgets/busy.py): shown while the app acts, redoes, undoes, passes or
opens a file, the normal cursor while a choice dialog or a message box waits for the user, and
none left over however the work ends."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from app.might.dialogs import ReplacementOrderDialog
from app.presentation.offers import offers_for
from app.presentation.session import Session
from app.widgets import message_boxes
from app.widgets.busy import busy
from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS
from engine.choices import ChoiceCancelled
from engine.errors import RuleError
from engine.might.scenario import Action as MightAction
from engine.script import ScriptAction
from tests.support.might_tables import TWO_REPLACEMENTS

WAIT = Qt.CursorShape.WaitCursor
OK = message_boxes.Button.Ok
SPARK = MightAction.model_validate({"play": {"card": "spark", "target": "iron-sentinel"}})
M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"


def cursor() -> Qt.CursorShape | None:
    """The app's override cursor now: its shape, or None when there is none."""
    shown = QApplication.overrideCursor()
    return None if shown is None else shown.shape()


def deal_two(window: MainWindow) -> ScriptAction:
    """Damage to TWO_REPLACEMENTS' Iron Sentinel: its shield and doubler ask their order (M8)."""
    path = Path(window.settings.fileName()).with_name("order.yaml")
    path.write_text(TWO_REPLACEMENTS, encoding="utf-8")
    assert window.open_path(path)
    table = window.session.table
    assert table is not None
    offer = next(o for o in offers_for(table, "iron-sentinel") if o.label.startswith("Deal 2"))
    assert offer.action is not None
    return offer.action


def record(
    monkeypatch: pytest.MonkeyPatch, target: object, name: str, then: Callable[..., Any]
) -> list[Qt.CursorShape | None]:
    """Replace ``target.name`` by one that records the cursor, then does ``then``."""
    seen: list[Qt.CursorShape | None] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        seen.append(cursor())
        return then(*args, **kwargs)

    monkeypatch.setattr(target, name, recording)
    return seen


WORK: dict[str, tuple[str, Callable[[MainWindow], object]]] = {
    "acting": ("act", lambda window: window.try_action(SPARK)),
    "answering again": ("answer_again", lambda window: window.answer_again()),
    "undoing": ("undo", lambda window: window.undo()),
    "redoing": ("redo", lambda window: window.redo()),
    "opening": ("open", lambda window: window.open_path(M8)),
}


@pytest.mark.parametrize("work", WORK, ids=list(WORK))
def test_the_wait_cursor_shows_while_the_session_works_and_goes_after(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, work: str
) -> None:
    name, trigger = WORK[work]
    seen = record(monkeypatch, window.session, name, lambda *a: None)
    assert cursor() is None
    trigger(window)
    assert seen == [WAIT]
    assert cursor() is None


def test_passing_what_waits_shows_the_wait_cursor(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Session, "waiting", property(lambda session: object()))
    seen = record(monkeypatch, window.session, "proceed", lambda: None)
    window.window_bar.proceed()
    assert seen == [WAIT] and cursor() is None


def test_a_choice_dialog_inside_an_action_shows_the_normal_cursor(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal = deal_two(window)
    acting = record(monkeypatch, window.session, "act", window.session.act)

    def answered(dialog: QDialog) -> int:
        dialog.accept()
        return dialog.result()

    asked = record(monkeypatch, ReplacementOrderDialog, "exec", answered)
    assert window.try_action(deal)
    assert acting == [WAIT]
    assert asked == [None]  # the player answers with the normal cursor
    assert len(window.session.actions()) == 1  # played, the order answered
    assert cursor() is None


def test_a_message_box_inside_busy_work_shows_the_normal_cursor_and_the_wait_one_after(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    boxed = record(monkeypatch, QMessageBox, "exec", lambda box: 0)
    with busy():
        message_boxes.shown(message_boxes.Icon.Warning, window, "Busy", "text", OK, OK)
        assert cursor() == WAIT
        with busy():  # nested work shares the one cursor
            assert cursor() == WAIT
        assert cursor() == WAIT
    assert boxed == [None]
    assert cursor() is None


@pytest.mark.parametrize(
    "error",
    [RuleError("P-48", "the action would record more than 50,000 steps"), ChoiceCancelled()],
    ids=["refused", "cancelled"],
)
def test_no_wait_cursor_is_left_when_an_action_is_refused_or_cancelled(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    warned = record(monkeypatch, message_boxes, "warning", lambda *a: None)

    def refuse(*args: object) -> None:
        raise error

    acting = record(monkeypatch, window.session, "act", refuse)
    assert not window.try_action(SPARK)
    assert acting == [WAIT]
    assert warned == ([None] if isinstance(error, RuleError) else [])
    assert cursor() is None


def test_no_wait_cursor_is_left_by_a_bug(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(window.session, "redo", broken)
    with pytest.raises(RuntimeError):
        window.redo()
    assert cursor() is None


def test_offers_are_judged_with_the_wait_cursor(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At an earlier step the offers of a card or the Game menu are judged on a replay."""
    assert window.open_path(M8)
    window.session.select(0)
    judged = record(monkeypatch, window.session, "refusal", window.session.refusal)
    window.card_clicked("sentinel-a")
    assert window.last_menu is not None
    window.last_menu.close()
    window.game_menu.aboutToShow.emit()
    assert judged and set(judged) == {WAIT}
    assert cursor() is None
