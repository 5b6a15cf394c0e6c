"""Regression test for the PySide6 6.12.0 / CPython 3.11 virtual-override trap.

PySide6 6.12.0 on CPython 3.11 mishandles a reference to ``None`` on every call from C++
into a Python override of a Qt virtual (``QWidget.paintEvent``, ``QGraphicsItem.paint``,
...): ``sys.getrefcount(None)`` drops by 1-2 per call until CPython aborts with
"Fatal Python error: none_dealloc". 6.11.3 and 6.10 are fine, and Python 3.12+ is
unaffected (``None`` is immortal there). pyproject.toml pins around it; these tests make
sure the pin keeps working. The loops watch None's refcount and fail early with a clear
message instead of letting the whole pytest process abort.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import PySide6
import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

CALLS = 5000
CHECK_EVERY = 100
# A healthy build keeps None's refcount roughly flat; 6.12.0 on 3.11 drains ~1-2 per call.
MAX_NONE_REFCOUNT_DRAIN = 1000


def call_many_times(call: Callable[[], object], times: int = CALLS) -> None:
    """Run ``call`` ``times`` times, failing early if the refcount of None keeps falling."""
    start = sys.getrefcount(None)
    for i in range(1, times + 1):
        call()
        if i % CHECK_EVERY == 0:
            drained = start - sys.getrefcount(None)
            if drained > MAX_NONE_REFCOUNT_DRAIN:
                pytest.fail(
                    f"refcount of None fell by {drained} after {i} calls into a Python Qt "
                    f"override (PySide6 {PySide6.__version__}, Python "
                    f"{sys.version.split()[0]}); this build would abort the interpreter. "
                    "See pyproject.toml for the PySide6 pin."
                )


class CountingWidget(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.paint_calls = 0

    def paintEvent(self, event: QPaintEvent) -> None:
        self.paint_calls += 1
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("darkgreen"))
        painter.end()


class CountingItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.paint_calls = 0

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 16, 16)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        self.paint_calls += 1
        painter.fillRect(self.boundingRect(), QColor("white"))


def test_pyside6_version_is_not_the_broken_one_on_py311() -> None:
    if sys.version_info >= (3, 12):
        pytest.skip("the 6.12.0 None-refcount bug only affects CPython < 3.12")
    assert tuple(PySide6.__version_info__[:3]) != (6, 12, 0), (
        f"PySide6 {PySide6.__version__} on Python {sys.version.split()[0]}: 6.12.0 "
        "over-releases None on every call into a Python Qt virtual override and aborts; "
        "see pyproject.toml"
    )


def test_many_python_paintevent_calls(qtbot: QtBot) -> None:
    widget = CountingWidget()
    qtbot.addWidget(widget)
    widget.resize(QSize(16, 16))
    image = QImage(16, 16, QImage.Format.Format_ARGB32_Premultiplied)
    call_many_times(lambda: widget.render(image))  # synchronous: one paintEvent per call
    assert widget.paint_calls == CALLS


def test_many_python_graphicsitem_paint_calls(qtbot: QtBot) -> None:
    scene = QGraphicsScene()
    item = CountingItem()
    scene.addItem(item)
    image = QImage(16, 16, QImage.Format.Format_ARGB32_Premultiplied)
    target = QRectF(0, 0, 16, 16)
    painter = QPainter(image)
    try:
        call_many_times(lambda: scene.render(painter, target, item.boundingRect()))
    finally:
        painter.end()
    assert item.paint_calls == CALLS
