"""Pills on a card face: its badges (what lasts: "prevent 2") and the deltas of the step shown
("-10 HP"), flowed into lines, wrapped, never cut. Those without room give way to a last
"+N more" (the card's tooltip lists them), save the ones kept: a delta's number always shows."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from app.drawing.fonts import MIN_TEXT_PX, font

BADGE_LINE = 18  # a line of pills: a pill and the gap under it
PILL_H = BADGE_LINE - 2
PILL_PAD = 4  # between a pill's text and its ends
BADGE_STYLE = ("#dbe7f7", "#1d4f91")  # a pill's fill and its text
DELTA_STYLE = ("#141414", "#ffe680")  # what the step did: dark, so it reads as news


def _metrics() -> QFontMetricsF:
    return QFontMetricsF(font(MIN_TEXT_PX, bold=True))


def pill_width(text: str) -> float:
    return _metrics().horizontalAdvance(text) + 2 * PILL_PAD


@lru_cache(maxsize=4096)  # a paint asks again for the same few pills: flow each set once
def folded_rows(
    chips: tuple[str, ...], kept: tuple[bool, ...], width: float, rows: int, always: bool = False
) -> tuple[tuple[str, ...], ...]:
    """``chips`` flowed into at most ``rows`` lines of ``width``. The ``kept`` ones always show
    (on more lines if they must); each other one that fits beside them is shown, in order,
    though an earlier one did not fit, and those left give way to a last ``+N more`` (``+N``
    where that saves a line). With no room for a line and nothing kept, none, unless
    ``always``: then the ``+N more`` shows."""

    def flowed(shown: list[int]) -> list[list[str]]:
        """The ``shown`` chips and, for the rest, ``+N more``, or ``+N`` where that is a line
        less."""
        hidden = len(chips) - len(shown)
        texts = [chips[i] for i in shown]
        if not hidden:
            return flow_badges(texts, width)
        lines = flow_badges([*texts, f"+{hidden} more"], width)
        short = flow_badges([*texts, f"+{hidden}"], width)
        return short if len(short) < len(lines) else lines

    shown = [i for i, keep in enumerate(kept) if keep]
    for i, keep in enumerate(kept):
        if not keep and len(flowed(sorted([*shown, i]))) <= rows:
            shown = sorted([*shown, i])
    lines = flowed(shown)
    return tuple(map(tuple, lines)) if len(lines) <= rows or shown or always else ()


def badge_rows(badges: tuple[str, ...], width: float, rows: int) -> tuple[tuple[str, ...], ...]:
    """Badges flowed into at most ``rows`` lines of ``width`` (``folded_rows``, none kept)."""
    return folded_rows(badges, (False,) * len(badges), width, rows)


def flow_badges(badges: list[str], width: float) -> list[list[str]]:
    """Badges side by side, a new line when one does not fit; a badge wider than a line is
    split at its spaces onto lines of its own, a word wider than a line elided."""
    metrics = _metrics()
    lines: list[list[str]] = []
    used = width  # the first badge starts a line
    for badge in badges:
        if pill_width(badge) <= width:
            if used + pill_width(badge) > width:
                lines.append([])
                used = 0.0
            lines[-1].append(badge)
            used += pill_width(badge) + 3
            continue
        lines.append([])
        for word in badge.split(" "):
            if pill_width(word) > width:  # one word wider than the card: elided in its middle
                word = metrics.elidedText(word, Qt.TextElideMode.ElideMiddle, width - 2 * PILL_PAD)
            joined = f"{' '.join(lines[-1])} {word}".strip()
            if lines[-1] and pill_width(joined) > width:
                lines.append([word])
            else:
                lines[-1] = [joined]
        used = width  # nothing shares a wrapped badge's last line
    return lines


def paint_pill(painter: QPainter, pill: QRectF, text: str, style: tuple[str, str]) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(style[0]))
    painter.drawRoundedRect(pill, 4, 4)
    painter.setPen(QColor(style[1]))
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


def paint_rows(
    painter: QPainter,
    rows: tuple[tuple[str, ...], ...],
    x: float,
    y: float,
    style: tuple[str, str] = BADGE_STYLE,
) -> float:
    """Lines of pills from (``x``, ``y``) down; returns the y below them."""
    for line in rows:
        left = x
        for chip in line:
            width = pill_width(chip)
            paint_pill(painter, QRectF(left, y, width, PILL_H), chip, style)
            left += width + 3
        y += BADGE_LINE
    return y
