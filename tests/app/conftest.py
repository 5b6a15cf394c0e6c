"""The app's Qt fixtures: a shown main window, and message boxes that never wait offscreen."""

from __future__ import annotations

import pytest

from app.widgets import message_boxes


@pytest.fixture(autouse=True)
def no_waiting_on_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real question box waits forever offscreen (closing a window with unsaved actions asks
    one): unless a test answers questions itself, they are answered Discard."""
    monkeypatch.setattr(message_boxes, "question", lambda *a, **k: message_boxes.Button.Discard)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The main window, shown, with its own settings file; message boxes that would wait for a
    click return at once (a test that reads them patches them itself)."""
    from PySide6.QtCore import QSettings

    from app.widgets.main_window import MainWindow

    for name in ("critical", "warning", "information"):
        monkeypatch.setattr(message_boxes, name, lambda *a, **k: None)
    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    return win
