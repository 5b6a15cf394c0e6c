"""The plain-text picture of a table (engine/text.py), for a table of no ruleset."""

from __future__ import annotations

import pytest

from engine.frozen import Frozen
from engine.text import render_table


def test_render_table_refuses_an_unknown_table() -> None:
    class Other(Frozen):
        pass

    with pytest.raises(TypeError, match="Other belongs to no ruleset"):
        render_table(Other())
