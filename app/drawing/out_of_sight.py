"""What a table has laid out but not yet made into items, kept by where it lies, so that the
scene makes only what comes into sight: a thousand-card table scrolls, and most of its cards
and zones are never seen at its first show."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import floor
from typing import Generic, TypeVar

CELL = 256.0  # scene units: what lies out of sight is kept, and looked for, by squares of this side

Key = TypeVar("Key", bound=Hashable)


def cells(x: float, y: float, w: float, h: float) -> Iterator[tuple[int, int]]:
    """The cells the rectangle (x, y, w, h) touches."""
    for column in range(floor(x / CELL), floor((x + w) / CELL) + 1):
        for row in range(floor(y / CELL), floor((y + h) / CELL) + 1):
            yield column, row


class OutOfSight(Generic[Key]):
    """Keys (a card's id, a zone's number) with their rectangles, by cell: a rectangle no
    bigger than a cell in the cell of its top-left corner alone (a first show adds a thousand
    cards: one entry each), a bigger one in every cell it touches."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[tuple[Key, float, float, float, float]]] = {}

    def __bool__(self) -> bool:
        return bool(self._cells)

    def clear(self) -> None:
        self._cells.clear()

    def add(self, key: Key, x: float, y: float, w: float, h: float) -> None:
        entry = (key, x, y, w, h)
        if w <= CELL and h <= CELL:
            self._cells.setdefault((floor(x / CELL), floor(y / CELL)), []).append(entry)
            return
        for cell in cells(x, y, w, h):
            self._cells.setdefault(cell, []).append(entry)

    def take(self, area: tuple[float, float, float, float] | None) -> list[Key]:
        """The keys whose rectangles meet ``area`` (x, y, w, h), every key for None, forgotten
        here; a key kept in several cells may come again from a later call: the caller makes
        each once."""
        if area is None:
            every = [entry[0] for entries in self._cells.values() for entry in entries]
            self._cells.clear()
            return list(dict.fromkeys(every))
        ax, ay, aw, ah = area
        right, bottom = ax + aw, ay + ah
        taken = []
        # a small rectangle that meets the area has its corner at most a cell left of or above it
        for cell in cells(ax - CELL, ay - CELL, aw + CELL, ah + CELL):
            entries = self._cells.pop(cell, None)
            if entries is None:
                continue
            kept = []
            for entry in entries:
                _, x, y, w, h = entry
                if x <= right and ax <= x + w and y <= bottom and ay <= y + h:
                    taken.append(entry[0])
                else:
                    kept.append(entry)
            if kept:
                self._cells[cell] = kept
        return list(dict.fromkeys(taken))  # a big one once, though met in several cells
