"""The set-up panel's card pool (``app/widgets/setup_panel.py``): a list whose dragged card
carries its name to the table (``app/widgets/setup_drops.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QMimeData, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem

POOL_CARD = "application/x-cardtable-pool-card"  # a drag's data: a pool card's name


class PoolList(QListWidget):
    """The pool: each item's card name is its data of ``role``; a drag carries it."""

    def __init__(self, role: Qt.ItemDataRole) -> None:
        super().__init__()
        self.role = role

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:  # noqa: N802 (Qt)
        data = super().mimeData(items)
        if items:
            data.setData(POOL_CARD, QByteArray(str(items[0].data(self.role)).encode()))
        return data
