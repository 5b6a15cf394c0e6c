"""Two tables side by side, as the compare dialog and a lesson page's branch tab show them:
every fact of the table's own (whose turn it is, who holds each battlefield, decks, the chain,
scores...), the same or not, then each fact of a card that differs (``engine.compare``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.compare import TABLE, Difference, differences, plain, table_comparison
from engine.table_shape import TableShape


@dataclass(frozen=True)
class FactRow:
    """One fact, in words, on each side."""

    what: str
    left: str
    right: str
    differs: bool


def fact_row(pair: Difference) -> FactRow:
    return FactRow(pair.what, plain(pair.left), plain(pair.right), pair.left != pair.right)


@dataclass(frozen=True)
class SideBySide:
    table: list[FactRow]  # every fact of the table's own
    cards: list[FactRow]  # each fact of a card that differs
    differences: list[Difference]  # what differs, the table's and the cards'

    def rows(self) -> list[FactRow]:
        """What differs first, the table's then the cards', then the table's facts that are
        the same (who holds a battlefield, shown either way)."""
        same = [row for row in self.table if not row.differs]
        return [row for row in self.table if row.differs] + self.cards + same


def side_by_side(left: TableShape, right: TableShape) -> SideBySide:
    found = differences(left, right)
    return SideBySide(
        [fact_row(pair) for pair in table_comparison(left, right)],
        [fact_row(difference) for difference in found if difference.card != TABLE],
        found,
    )
