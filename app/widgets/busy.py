"""The wait cursor while the app works on something that can take seconds: an action whose
cascade the engine plays (up to its 50,000 steps, P-48), a redo or an undo (a replay), opening a
big file. A dialog that waits for the user inside such work (a choice the rules ask a player, a
message box) shows the normal cursor: ``waiting_for_the_user`` suspends the wait cursor around it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

_depth = 0  # the busy blocks open (nested ones share one wait cursor)


@contextmanager
def busy() -> Iterator[None]:
    """The wait cursor over the app while the block runs; restored however the block ends (an
    error included). Blocks nest: the outermost one sets and restores the cursor."""
    global _depth
    if _depth == 0:
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0:
            QApplication.restoreOverrideCursor()


@contextmanager
def waiting_for_the_user() -> Iterator[None]:
    """The normal cursor while a dialog waits for the user inside a busy block, the wait cursor
    again after it (nothing changes outside one)."""
    global _depth
    suspended, _depth = _depth, 0
    if suspended:
        QApplication.restoreOverrideCursor()
    try:
        yield
    finally:
        if suspended:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        _depth = suspended
