"""Two tables side by side (app/presentation/comparison.py), as the compare dialog and a lesson
page's branch tab show them: what differs first, the table's facts then the cards', then the
table's facts that are the same, each in words on both sides."""

from __future__ import annotations

from app.presentation.comparison import FactRow, side_by_side
from app.presentation.session import Session
from engine.assets import SCENARIOS

DEMO = SCENARIOS / "souls" / "demo-table.yaml"


def test_what_differs_comes_first_the_tables_then_the_cards_then_what_is_the_same() -> None:
    session = Session()
    session.open(DEMO)
    compared = side_by_side(session.steps[0].table, session.steps[-1].table)
    rows = compared.rows()
    assert rows[0] == FactRow("turn", "1", "3", differs=True)  # the table's own first
    assert FactRow("alice-imp captured", "no", "yes", differs=True) in rows  # in words
    assert FactRow("mossback-guard line", "back", "front", differs=True) in rows
    differing = [row for row in rows if row.differs]
    assert rows[: len(differing)] == differing  # then only the same
    assert rows[len(differing) :] == [row for row in compared.table if not row.differs]
    assert FactRow("turn player", "Alice", "Alice", differs=False) in rows
    assert differing[1:] == compared.cards and len(compared.cards) == 15
    assert [row.what for row in compared.table][0] == "turn"  # every fact of the table's own
    assert len(compared.differences) == 16  # the turn and the cards' 15
    assert {d.card for d in compared.differences} >= {"alice-imp", "firebolt", "sylva"}


def test_two_tables_alike_differ_in_nothing() -> None:
    session = Session()
    session.open(DEMO)
    table = session.steps[-1].table
    compared = side_by_side(table, table)
    assert compared.cards == [] and compared.differences == []
    assert compared.rows() == compared.table and not any(row.differs for row in compared.table)
