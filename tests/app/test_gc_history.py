"""The settled timeline is kept out of the garbage collector's walks, and handed back when
another file replaces it (app/presentation/gc_history.py)."""

from __future__ import annotations

import gc

import pytest

import app.presentation.session
from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
M4 = SCENARIOS / "might" / "M4-prevention-worked-example.yaml"


def test_an_opened_file_is_frozen_and_the_next_one_thaws_it(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(
        app.presentation.session, "thaw", lambda: (calls.append("thaw"), gc.unfreeze())
    )
    gc.unfreeze()
    assert window.open_path(DEMO)
    assert gc.get_freeze_count() > 0  # the demo's timeline is out of the collector's sight
    assert calls == ["thaw"]
    assert window.open_path(M4)
    assert calls == ["thaw", "thaw"] and gc.get_freeze_count() > 0
    gc.unfreeze()
