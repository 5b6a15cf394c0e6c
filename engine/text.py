"""Plain-text rendering of any ruleset's table."""

from __future__ import annotations

from engine.ruleset import ruleset_of
from engine.table_shape import TableShape


def render_table(table: TableShape) -> str:
    """The table as ``cardtable run`` prints it (its ruleset renders it)."""
    return ruleset_of(table).render_table(table)
