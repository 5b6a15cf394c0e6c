"""Shared test setup. Keep the Qt platform offscreen before anything imports Qt."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app import message_boxes  # noqa: E402


@pytest.fixture(autouse=True)
def no_waiting_on_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real question box waits forever offscreen (closing a window with unsaved actions asks
    one): unless a test answers questions itself, they are answered Discard."""
    monkeypatch.setattr(message_boxes, "question", lambda *a, **k: message_boxes.Button.Discard)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test timed by pytest-benchmark is marked ``benchmark``: pyproject's addopts leave
    them out of the normal run (``-m 'not benchmark'``); ``./test.sh -m benchmark`` runs them."""
    for item in items:
        if "benchmark" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.benchmark)
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        fastest_first(items)


def fastest_first(items: list[pytest.Item]) -> None:
    """Under mutmut, the tests that cover a mutant run fastest first (by the durations mutmut
    measured). It stops at the first failure, and most of these tests kill a mutant of what
    they cover, so a killed mutant costs a fraction of a second rather than whatever slow test
    came first in its unordered list (docs/testing.md, "Mutation testing")."""
    from mutmut.state import state  # the forked worker holds mutmut's loaded statistics

    durations = state().duration_by_test
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The main window, shown, with its own settings file; message boxes that would wait for a
    click return at once (a test that reads them patches them itself)."""
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    for name in ("critical", "warning", "information"):
        monkeypatch.setattr(message_boxes, name, lambda *a, **k: None)
    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    return win
