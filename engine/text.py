"""Plain-text rendering of any ruleset's table."""

from __future__ import annotations

from engine.frozen import Frozen
from engine.might.table import MightTable
from engine.might.text import render_table as render_might
from engine.souls.table import SoulsTable
from engine.souls.text import render_table as render_souls


def render_table(table: Frozen) -> str:
    if isinstance(table, SoulsTable):
        return render_souls(table)
    if isinstance(table, MightTable):
        return render_might(table)
    raise TypeError(f"no text rendering for {type(table).__name__}")
