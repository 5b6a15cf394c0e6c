"""A menu entry shows its text as written (app/presentation/menu_text.py): Qt reads ``&`` as the
mark of the entry's keyboard letter and would hide it."""

from __future__ import annotations

from app.presentation.menu_text import menu_text


def test_every_ampersand_of_a_name_is_shown() -> None:
    assert menu_text("Salt & Iron") == "Salt && Iron"
    assert menu_text("A && B &amp;") == "A &&&& B &&amp;"
    assert menu_text("Thorn Squire") == "Thorn Squire"
