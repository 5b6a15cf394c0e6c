"""What a card face shows, line by line, before it is painted (``app/drawing/card_painter.py``).

A face has less room than it has to say, so each thing gets room in the order it matters:
what names the card (its name and its id) and its numbers (the stat, HP) always show; then the
step's deltas, their numbers in full whatever the room, the rest folded into "+N more"; then at
least a line of its badges; then its subtitle (a card) or its status (a unit), which give way
to the deltas and badges; then more badges, and the card's own text in the room left.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from app.drawing.chips import BADGE_LINE, PILL_PAD, badge_rows, flow_badges, folded_rows
from app.drawing.fonts import MIN_TEXT_PX, TITLE_PX, font, font_metrics, line_height
from app.presentation.looks import CardLook
from app.presentation.step_marks import Delta

PAD = 5
TOKEN = 20  # the damage token's diameter, at the right end of the stat line or the HP line
TURNED = 26  # room for the "exhausted" mark at the stat line's right end
STAT_ROW = 24  # the stat's line (and the damage token's)
BAR_ROW = 20  # the HP line: its numbers, the bar beside them (and the damage token)
BOTTOM = 3  # the margin under the last line


@dataclass(frozen=True)
class FacePlan:
    title: tuple[str, ...]  # the name band's lines
    title_px: int  # their size
    uid: str  # the id under the band (a card), or ""
    subtitle: tuple[str, ...]  # the subtitle's lines kept (a card)
    deltas: tuple[tuple[str, ...], ...]  # the step's pills, a tuple a line
    badges: tuple[tuple[str, ...], ...]
    footer: tuple[str, ...]  # a unit's status and id, top down

    @property
    def band(self) -> float:
        """The name band's height."""
        return band_height(self.title, self.title_px)


def band_height(title: tuple[str, ...], pixels: int) -> float:
    return len(title) * QFontMetricsF(font(pixels, bold=True)).lineSpacing() + 6


@lru_cache(maxsize=4096)  # a paint asks again for the same few faces: plan each once
def plan_face(look: CardLook, w: float, h: float, deltas: tuple[Delta, ...]) -> FacePlan:
    """The lines of ``look``'s face of ``w`` by ``h`` with the step's ``deltas``: the first way
    of laying it out (``_ways``) that shows every delta and a line of badges, else the first
    that shows the vital deltas and a line of badges, else the last."""
    inner = w - 2 * PAD
    uid = "" if look.form == "unit" or not look.uid else elided(look.uid, inner)
    texts = tuple(pill_text(delta, inner) for delta in deltas)
    kept = tuple(delta.vital for delta in deltas)
    badge_line = 1 if look.badges else 0
    every = len(flow_badges(list(texts), inner)) + badge_line  # every delta unfolded
    least = len(folded_rows(texts, kept, inner, 0, bool(deltas))) + badge_line
    ways = _ways(look, w, h, bool(uid))
    px, title, lines, rows = next(
        (way for way in ways if way[3] >= every),
        next((way for way in ways if way[3] >= least), ways[-1]),
    )
    shown = folded_rows(texts, kept, inner, rows - badge_line, bool(deltas))
    unit = look.form == "unit"
    return FacePlan(
        title=title,
        title_px=px,
        uid=uid,
        subtitle=() if unit else lines,
        deltas=shown,
        badges=badge_rows(look.badges, inner, rows - len(shown)),
        footer=lines if unit else (),
    )


Way = tuple[int, tuple[str, ...], tuple[str, ...], int]  # title size and lines, the lines
# of the subtitle (a card) or the footer (a unit), and the lines of pills left under them


def _ways(look: CardLook, w: float, h: float, uid: bool) -> list[Way]:
    """Each way to lay out the face, the one that gives least way first: the name at the
    title's size, else smaller; the subtitle (or the status) whole, else shorter."""
    inner, line = w - 2 * PAD, line_height()
    numbers = (STAT_ROW if look.stat or look.counter else 0) + (BAR_ROW if look.bar else 0)
    fixed = 3 + (line if uid else 0) + numbers + BOTTOM
    below = _footers(look, inner) if look.form == "unit" else _subtitles(look, inner)
    ways = []
    for px, title in _titles(look.title, inner):
        for given, lines in below:
            room = h - fixed - band_height(title, px) - len(lines) * line - (2 if given else 0)
            ways.append((px, title, lines, int((room + 2) // BADGE_LINE)))
    return ways


def _titles(title: str, width: float) -> list[tuple[int, tuple[str, ...]]]:
    """The name at the title's size, and at the smallest text's where that cuts no word the
    title's size cuts or takes fewer lines: (pixels, lines)."""
    big = wrapped(title, width, 2, TITLE_PX, True)
    small = wrapped(title, width, 2, MIN_TEXT_PX, True)
    whole = " ".join(title.split())
    if " ".join(big) != whole and " ".join(small) == whole:
        return [(MIN_TEXT_PX, small)]
    return [(TITLE_PX, big)] + ([(MIN_TEXT_PX, small)] if len(small) < len(big) else [])


def _subtitles(look: CardLook, width: float) -> list[tuple[bool, tuple[str, ...]]]:
    """A card's subtitle on two lines, one, none: (shown, its lines)."""
    if not look.subtitle:
        return [(False, ())]
    return [(n > 0, wrapped(look.subtitle, width, n)) for n in (2, 1, 0)]


def _footers(look: CardLook, width: float) -> list[tuple[bool, tuple[str, ...]]]:
    """A unit's status and id: on one line where they fit, else the status above the id; or
    the id alone, the status giving way; the id never does (two cards of one name)."""
    status, uid = look.subtitle, elided(look.uid, width) if look.uid else ""
    joined = " · ".join(part for part in (status, uid) if part)
    metrics = QFontMetricsF(font(MIN_TEXT_PX))
    lines: tuple[str, ...]
    if not joined or metrics.horizontalAdvance(joined) <= width:
        lines = (joined,) if joined else ()
    else:
        shown = metrics.elidedText(status, Qt.TextElideMode.ElideRight, width)
        lines = (shown, uid) if uid else (shown,)
    return [(False, lines), (False, (uid,) if uid else ())]


def pill_text(delta: Delta, width: float) -> str:
    """A delta's words on its pill: whole, save one that ``elides`` to a line of ``width``."""
    if not delta.elides:
        return delta.text
    metrics = QFontMetricsF(font(MIN_TEXT_PX, bold=True))
    return metrics.elidedText(delta.text, Qt.TextElideMode.ElideRight, width - 2 * PILL_PAD)


def elided(text: str, width: float) -> str:
    """``text`` in the smallest face font, elided in its middle only where it cannot fit
    (the tooltip says it whole). A text no wider than its length in the widest letters fits
    without being laid out: an id on a first show's hundred strips."""
    metrics = font_metrics(MIN_TEXT_PX)
    if len(text) * metrics.maxWidth() <= width:
        return text
    return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, width)


@lru_cache(maxsize=4096)  # a paint asks again for the same few texts: wrap each once
def wrapped(
    text: str, width: float, most: int, pixels: int = MIN_TEXT_PX, bold: bool = False
) -> tuple[str, ...]:
    """``text`` wrapped to ``width`` in the face font of ``pixels`` (``bold``), at most ``most``
    lines, the last one ending in an ellipsis when the text goes on, a word wider than a line
    elided."""
    if most < 1:
        return ()
    metrics = QFontMetricsF(font(pixels, bold))
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > most:
        rest = " ".join(lines[most - 1 :])
        lines = lines[: most - 1] + [metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)]
    return tuple(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines)
