"""Tooltips that show their text as written. Qt takes a tooltip for rich text when it looks like
markup (``Qt.mightBeRichText``), and a tooltip often quotes a file: a card or player named
``<img src=...>`` would load and show that image."""

from __future__ import annotations

from PySide6.QtGui import Qt


def plain_tooltip(text: str) -> str:
    """``text`` as a tooltip that Qt shows literally, its line breaks and spaces kept. Unchanged
    when Qt would take it as plain anyway, so that an ordinary tooltip keeps its look."""
    if not Qt.mightBeRichText(text):
        return text
    return Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre)
