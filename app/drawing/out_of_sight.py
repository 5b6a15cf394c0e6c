"""What a table has laid out but not yet made into items, kept by where it lies, so that the
scene makes only what comes into sight: a thousand-card table scrolls, and most of its cards
and zones are never seen at its first show."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import floor
from typing import Generic, TypeVar

CELL = 256.0  # scene units: what lies out of sight is kept, and made, by squares of this side

Key = TypeVar("Key", bound=Hashable)


def cells(x: float, y: float, w: float, h: float) -> Iterator[tuple[int, int]]:
    """The cells the rectangle (x, y, w, h) touches."""
    for column in range(floor(x / CELL), floor((x + w) / CELL) + 1):
        for row in range(floor(y / CELL), floor((y + h) / CELL) + 1):
            yield column, row


class OutOfSight(Generic[Key]):
    """Keys (a card's id, a zone's number) by the cells their rectangles touch."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[Key]] = {}

    def __bool__(self) -> bool:
        return bool(self._cells)

    def clear(self) -> None:
        self._cells.clear()

    def add(self, key: Key, x: float, y: float, w: float, h: float) -> None:
        for column in range(floor(x / CELL), floor((x + w) / CELL) + 1):  # ``cells``, unrolled:
            for row in range(floor(y / CELL), floor((y + h) / CELL) + 1):  # a first show adds
                self._cells.setdefault((column, row), []).append(key)  # a thousand cards

    def take(self, area: tuple[float, float, float, float] | None) -> list[Key]:
        """The keys in the cells ``area`` (x, y, w, h) touches, every key for None, forgotten
        here; a key that lies across cells may come again from another call: the caller makes
        each once."""
        if area is None:
            taken = [key for keys in self._cells.values() for key in keys]
            self._cells.clear()
            return taken
        return [key for cell in cells(*area) for key in self._cells.pop(cell, ())]
