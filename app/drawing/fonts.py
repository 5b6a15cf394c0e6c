"""The fonts a card face is drawn in, cached. Sizes are in pixels at 100% zoom, so the table's
readability can be measured: the smallest text on the table is ``MIN_TEXT_PX`` times the view's
scale."""

from __future__ import annotations

from functools import cache, lru_cache

from PySide6.QtGui import QFont, QFontMetricsF

MIN_TEXT_PX = 12  # the smallest text drawn on the table
TITLE_PX, STAT_PX = 13, 16

_FONTS: dict[tuple[int, bool], QFont] = {}


def font(pixels: int, bold: bool = False) -> QFont:
    """A cached font of ``pixels`` height at 100% zoom."""
    key = (pixels, bold)
    if key not in _FONTS:
        made = QFont("DejaVu Sans")
        made.setPixelSize(pixels)
        made.setBold(bold)
        _FONTS[key] = made
    return _FONTS[key]


@cache  # a few sizes in all
def font_metrics(pixels: int, bold: bool = False) -> QFontMetricsF:
    """The metrics of ``font(pixels, bold)``, made once."""
    return QFontMetricsF(font(pixels, bold))


@lru_cache(maxsize=1024)  # a table's stats are a few texts in a few widths
def stat_font(text: str, width: float) -> QFont:
    """The stat's bold font, smaller (down to the smallest text) when ``text`` would not fit
    ``width`` at full size: "Counterblow 10" keeps its number."""
    pixels = STAT_PX
    while pixels > MIN_TEXT_PX:
        if QFontMetricsF(font(pixels, bold=True)).horizontalAdvance(text) <= width:
            break
        pixels -= 1
    return font(pixels, bold=True)


@cache
def line_height(pixels: int = MIN_TEXT_PX, bold: bool = False) -> float:
    """A line of text of ``pixels`` (the smallest text's unless said)."""
    return QFontMetricsF(font(pixels, bold)).lineSpacing()
