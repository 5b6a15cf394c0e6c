"""The session's changes as Qt signals, for the widgets to connect to: the thin Qt side of the
Qt-free ``app/presentation/session.py``."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.presentation.session import Changed, Session


class SessionSignals(QObject):
    """``timeline_changed`` when the steps are replaced, ``step_changed(index)`` when another
        step is selected, ``dirty_changed(dirty)`` when there come to be unsaved actions, and when
        they are saved, ``authored_changed`` when the expectations, notes or questions written
    change."""

    timeline_changed = Signal()
    step_changed = Signal(int)
    dirty_changed = Signal(bool)
    authored_changed = Signal()

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        session.listeners.append(self._relay)

    def _relay(self, changed: Changed) -> None:
        if changed.timeline:
            self.timeline_changed.emit()
        if changed.step:
            self.step_changed.emit(self.session.index)
        if changed.dirty:
            self.dirty_changed.emit(self.session.dirty)
        if changed.authored:
            self.authored_changed.emit()
