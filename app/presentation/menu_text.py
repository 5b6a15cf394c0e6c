"""Menu entries that show their text as written. Qt reads ``&`` in a menu entry as the mark of
its keyboard letter and hides it, so a card named ``Salt & Iron`` or a title holding ``&amp;``
would lose a character."""

from __future__ import annotations


def menu_text(text: str) -> str:
    """``text`` as a menu entry's text that shows every character: each ``&`` doubled."""
    return text.replace("&", "&&")
