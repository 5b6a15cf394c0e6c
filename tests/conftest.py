"""Shared test setup. Keep the Qt platform offscreen before anything imports Qt."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402


@pytest.fixture(autouse=True)
def no_waiting_on_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real question box waits forever offscreen (closing a window with unsaved actions asks
    one): unless a test answers questions itself, they are answered Discard."""
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard)
    )
