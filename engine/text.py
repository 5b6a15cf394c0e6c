"""Plain-text rendering of any ruleset's table."""

from __future__ import annotations

from engine.frozen import Frozen
from engine.ruleset import ruleset_of


def render_table(table: Frozen) -> str:
    """The table as ``cardtable run`` prints it (its ruleset renders it)."""
    return ruleset_of(table).render_table(table)
