"""Painting one card face from its ``CardLook``: used by the table items and the large preview.

Text sizes are in pixels at 100% zoom, so the table's readability can be measured: the smallest
text on a card is ``MIN_TEXT_PX`` times the view's scale.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap

from app.presentation.looks import OWNER_COLORS, CardLook

HIGHLIGHT = QColor("#f2c230")
ACTION_OUTLINE = QColor("#f7e08a")
DANGER = QColor("#d92b2b")
INK = QColor("#1b1b1b")
MIN_TEXT_PX = 12  # the smallest text drawn on a card face
TITLE_PX, STAT_PX = 13, 16
COUNTER = 28  # the damage token's diameter
BADGE_LINE = 19  # a line of badges: a pill and the gap under it
PAD = 5
TONES = {"up": "#1f8a3b", "down": "#c0392b"}
# Not colour alone: a stat above its base gets an up triangle, one below a down triangle.
TONE_CUES = {"up": " ▲", "down": " ▼"}
DRAGGED_OPACITY = 0.8  # a card under the mouse while dragged: the place under it shows through

_FONTS: dict[tuple[int, bool], QFont] = {}


def stat_font(text: str, width: float) -> QFont:
    """The stat's bold font, smaller (down to the smallest text) when ``text`` would not fit
    ``width`` at full size: "Counterblow 10" keeps its number."""
    pixels = STAT_PX
    while pixels > MIN_TEXT_PX:
        if QFontMetricsF(font(pixels, bold=True)).horizontalAdvance(text) <= width:
            break
        pixels -= 1
    return font(pixels, bold=True)


def font(pixels: int, bold: bool = False) -> QFont:
    """A cached font of ``pixels`` height at 100% zoom."""
    key = (pixels, bold)
    if key not in _FONTS:
        made = QFont("DejaVu Sans")
        made.setPixelSize(pixels)
        made.setBold(bold)
        _FONTS[key] = made
    return _FONTS[key]


def paint_card(
    painter: QPainter, look: CardLook, w: float, h: float, deltas: tuple[str, ...] = ()
) -> None:
    """Paint ``look`` into the rectangle (0, 0, w, h), with the ``deltas`` of the step shown
    ("-10 HP") in a place of their own on the face, so that they hide none of its text."""
    rect = QRectF(0, 0, w, h)
    owner = QColor(OWNER_COLORS[look.owner % 2])
    border = DANGER if look.danger else owner.darker(130)
    painter.setPen(QPen(border, 3 if look.danger else 1.5))
    if look.face_down:
        _paint_back(painter, look, rect, owner, bool(deltas))
        if deltas:
            line = QRectF(PAD, h - BADGE_LINE - 2, w - 2 * PAD, BADGE_LINE)
            _paint_chips(painter, deltas, line, DELTA_STYLE)
        return
    painter.setBrush(QColor("#fbfaf6") if not look.tucked else owner.lighter(175))
    painter.drawRoundedRect(rect, 6, 6)
    if look.form in ("strip", "marker"):
        _paint_strip(painter, look, rect, owner, deltas)
        return
    unit = look.form == "unit"
    y = _paint_header(painter, look, rect, owner, uid_below=not unit)
    if look.subtitle and not unit:
        painter.setFont(font(MIN_TEXT_PX))
        painter.setPen(QColor("#4a4a4a"))
        text_rect = QRectF(PAD, y, w - 2 * PAD, h - y)
        used = painter.boundingRect(text_rect, Qt.TextFlag.TextWordWrap, look.subtitle)
        used.setHeight(min(used.height(), 2 * QFontMetricsF(font(MIN_TEXT_PX)).lineSpacing()))
        painter.drawText(used, Qt.TextFlag.TextWordWrap, look.subtitle)
        y = used.bottom() + 2
    if look.stat:
        painter.setPen(QColor(TONES.get(look.stat_tone, "#1b1b1b")))
        stat = look.stat + TONE_CUES.get(look.stat_tone, "")
        painter.setFont(stat_font(stat, w - 2 * PAD))
        painter.drawText(QRectF(PAD, y, w - 2 * PAD, 22), Qt.AlignmentFlag.AlignLeft, stat)
    if look.sideways:  # exhausted: a turned card with its text kept upright
        painter.setPen(QColor("#6b6b6b"))
        painter.setFont(font(STAT_PX, bold=True))
        painter.drawText(QRectF(w - 26, y, 22, 22), Qt.AlignmentFlag.AlignCenter, "↻")
    if look.counter:  # a damage token on the card's top-right corner
        circle = QRectF(w - COUNTER + 6, -6, COUNTER, COUNTER)
        painter.setBrush(DANGER)
        painter.setPen(QPen(QColor("white"), 2))
        painter.drawEllipse(circle)
        painter.setFont(font(TITLE_PX + 1, bold=True))
        painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, str(look.counter))
    y += 24
    if look.bar is not None:
        y = _paint_bar(painter, look.bar, w, y)
    bottom = h - 3
    # a unit's status, keywords and id: last, so its badges get the room first; the id last of
    # all, as it is on the tooltip too ("Defending · Ready" must not be elided away)
    footer = " · ".join(part for part in (look.subtitle, look.uid) if part) if unit else ""
    if footer:
        metrics = QFontMetricsF(font(MIN_TEXT_PX))
        bottom -= metrics.lineSpacing()
        painter.setFont(font(MIN_TEXT_PX))
        painter.setPen(QColor("#4a4a4a"))
        painter.drawText(
            QRectF(PAD, bottom, w - 2 * PAD, metrics.lineSpacing()),
            Qt.AlignmentFlag.AlignLeft,
            metrics.elidedText(footer, Qt.TextElideMode.ElideRight, w - 2 * PAD),
        )
    if deltas:  # what the step did comes first; badges and text get the room left
        y = _paint_chips(painter, deltas, QRectF(PAD, y, w - 2 * PAD, bottom - y), DELTA_STYLE)
    if look.badges:
        _paint_chips(painter, look.badges, QRectF(PAD, y, w - 2 * PAD, bottom - y))
    elif look.text and not look.face_down:  # the face's spare room holds the card's own text
        _paint_text(painter, look.text, QRectF(PAD, y + 2, w - 2 * PAD, bottom - y - 2))


def dragged_pixmap(look: CardLook, scale: float) -> QPixmap:
    """The face of a card being dragged, as the table shows it at ``scale``, see-through."""
    w, h = look.size
    pixmap = QPixmap(max(1, round(w * scale)), max(1, round(h * scale)))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setOpacity(DRAGGED_OPACITY)
    painter.scale(scale, scale)
    paint_card(painter, look, w, h)
    painter.end()
    return pixmap


@lru_cache(maxsize=4096)  # a paint asks again for the same few card texts: wrap each once
def text_lines(text: str, width: float, most: int) -> tuple[str, ...]:
    """``text`` wrapped to ``width`` in the smallest face font, at most ``most`` lines, the last
    one ending in an ellipsis when the text goes on."""
    metrics = QFontMetricsF(font(MIN_TEXT_PX))
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


def _paint_text(painter: QPainter, text: str, room: QRectF) -> None:
    line = QFontMetricsF(font(MIN_TEXT_PX)).lineSpacing()
    most = int(room.height() // line)
    if most < 1:
        return
    painter.setFont(font(MIN_TEXT_PX))
    painter.setPen(QColor("#4a4a4a"))
    for n, shown in enumerate(text_lines(text, room.width(), most)):
        painter.drawText(
            QRectF(room.x(), room.y() + n * line, room.width(), line),
            Qt.AlignmentFlag.AlignLeft,
            shown,
        )


def _paint_header(
    painter: QPainter, look: CardLook, rect: QRectF, owner: QColor, uid_below: bool
) -> float:
    """The owner-coloured name band (two lines at most), then the card's id if it shows one
    (``uid_below``); returns the y below them."""
    w = rect.width()
    title_font = font(TITLE_PX, bold=True)
    line = QFontMetricsF(title_font).lineSpacing()
    room = QRectF(PAD, 3, w - 2 * PAD - (COUNTER - 8 if look.counter else 0), 2 * line)
    painter.setFont(title_font)
    bound = painter.boundingRect(room, Qt.TextFlag.TextWordWrap, look.title)
    band = min(bound.height(), 2 * line) + 6
    painter.fillRect(QRectF(1, 1, w - 2, band), owner.lighter(150))
    painter.setPen(INK)
    painter.drawText(room, Qt.TextFlag.TextWordWrap, look.title)
    y = band + 3
    if look.uid and uid_below:
        painter.setFont(font(MIN_TEXT_PX))
        painter.setPen(QColor("#6b6b6b"))
        metrics = QFontMetricsF(font(MIN_TEXT_PX))
        painter.drawText(
            QRectF(PAD, y, w - 2 * PAD, metrics.lineSpacing()),
            Qt.AlignmentFlag.AlignLeft,
            metrics.elidedText(look.uid, Qt.TextElideMode.ElideMiddle, w - 2 * PAD),
        )
        y += metrics.lineSpacing()
    return y


def _paint_strip(
    painter: QPainter, look: CardLook, rect: QRectF, owner: QColor, deltas: tuple[str, ...]
) -> None:
    """A card shown as a name strip: in hand, an Armament tucked under its Soul, a set Ambush's
    marker. A delta takes the right end (up to 60% of the strip), in place of the stat."""
    painter.fillRect(QRectF(1, 1, 5, rect.height() - 2), owner)
    painter.setPen(INK)
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    metrics = QFontMetricsF(font(MIN_TEXT_PX, bold=True))
    text = ("⚙ " if look.tucked else "") + look.title
    right = f"  {look.stat}" if look.stat and not deltas else ""
    chip = 0.0
    if deltas:
        joined = metrics.elidedText(
            " · ".join(deltas), Qt.TextElideMode.ElideRight, rect.width() * 0.6 - 10
        )
        chip = metrics.horizontalAdvance(joined) + 10
        line = QRectF(rect.width() - PAD - chip, (rect.height() - BADGE_LINE + 2) / 2, chip, 17)
        _paint_chip(painter, line, joined, DELTA_STYLE)
        painter.setFont(font(MIN_TEXT_PX, bold=True))
        painter.setPen(INK)
    room = rect.width() - 2 * PAD - 4 - metrics.horizontalAdvance(right) - (chip + 3 if chip else 0)
    painter.drawText(
        QRectF(PAD + 4, 0, room, rect.height()),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        metrics.elidedText(text, Qt.TextElideMode.ElideRight, room),
    )
    if right:
        painter.setPen(QColor("#4a4a4a"))
        painter.drawText(
            rect.adjusted(PAD, 0, -PAD, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
            right,
        )


def _paint_back(
    painter: QPainter, look: CardLook, rect: QRectF, owner: QColor, deltas: bool
) -> None:
    """Face down: a captured Soul, a shattered Realm, a set Ambush (its name for the owner);
    with ``deltas``, its text keeps clear of their line at the bottom."""
    painter.setBrush(QBrush(owner.darker(170), Qt.BrushStyle.SolidPattern))
    painter.drawRoundedRect(rect, 6, 6)
    if rect.height() > 40:
        painter.setBrush(QBrush(owner.darker(120), Qt.BrushStyle.DiagCrossPattern))
        painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), 4, 4)
    painter.setPen(QColor("white"))
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    painter.drawText(
        rect.adjusted(3, 3, -3, -3 - (BADGE_LINE + 2 if deltas else 0)),
        Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
        look.back_text,
    )


def _paint_bar(painter: QPainter, bar: tuple[int, int], w: float, y: float) -> float:
    """The HP bar and its numbers; returns the y below them."""
    current, maximum = bar
    frame = QRectF(PAD, y, w - 2 * PAD, 9)
    painter.setPen(QPen(QColor("#555"), 1))
    painter.setBrush(QColor("#e3e3e3"))
    painter.drawRect(frame)
    if maximum > 0:
        share = max(0, current) / maximum
        colour = QColor("#3fa34d") if share > 0.5 else QColor("#e0a100") if current else DANGER
        painter.fillRect(QRectF(frame.x(), y, frame.width() * share, 9), colour)
    painter.setPen(INK)
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    painter.drawText(
        QRectF(PAD, y + 10, w - 2 * PAD, 16), Qt.AlignmentFlag.AlignLeft, f"HP {current}/{maximum}"
    )
    return y + 27


@lru_cache(maxsize=4096)  # a paint asks again for the same few badges: flow each set once
def badge_rows(badges: tuple[str, ...], width: float, rows: int) -> tuple[tuple[str, ...], ...]:
    """Badges flowed into at most ``rows`` lines of ``width``. A badge wider than a line is
    wrapped at its spaces onto lines of its own; the badges that do not fit give way to a last
    ``+N more`` badge, so no badge is ever cut; each badge that fits beside the others is
    shown, in order, though an earlier one did not fit; with no room for a line, none."""
    if rows < 1:
        return ()

    def flowed(shown: list[str]) -> list[list[str]]:
        hidden = len(badges) - len(shown)
        return flow_badges([*shown, *([f"+{hidden} more"] if hidden else [])], width)

    shown: list[str] = []
    for badge in badges:
        if len(flowed([*shown, badge])) <= rows:
            shown.append(badge)
    lines = flowed(shown)
    return tuple(map(tuple, lines)) if len(lines) <= rows else ()


def flow_badges(badges: list[str], width: float) -> list[list[str]]:
    """Badges side by side, a new line when one does not fit; a badge wider than a line is
    split at its spaces onto lines of its own, a word wider than a line elided."""
    metrics = QFontMetricsF(font(MIN_TEXT_PX, bold=True))

    def pill(text: str) -> float:
        return metrics.horizontalAdvance(text) + 10

    lines: list[list[str]] = []
    used = width  # the first badge starts a line
    for badge in badges:
        if pill(badge) <= width:
            if used + pill(badge) > width:
                lines.append([])
                used = 0.0
            lines[-1].append(badge)
            used += pill(badge) + 3
            continue
        lines.append([])
        for word in badge.split(" "):
            if pill(word) > width:  # one word wider than the card: elided in its middle
                word = metrics.elidedText(word, Qt.TextElideMode.ElideMiddle, width - 10)
            joined = f"{' '.join(lines[-1])} {word}".strip()
            if lines[-1] and pill(joined) > width:
                lines.append([word])
            else:
                lines[-1] = [joined]
        used = width  # nothing shares a wrapped badge's last line
    return lines


BADGE_STYLE = ("#dbe7f7", "#1d4f91")  # a pill's fill and its text
DELTA_STYLE = ("#141414", "#ffe680")  # what the step did: dark, so it reads as news


def _paint_chip(painter: QPainter, pill: QRectF, text: str, style: tuple[str, str]) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(style[0]))
    painter.drawRoundedRect(pill, 4, 4)
    painter.setPen(QColor(style[1]))
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


def _paint_chips(
    painter: QPainter, chips: tuple[str, ...], area: QRectF, style: tuple[str, str] = BADGE_STYLE
) -> float:
    """Pills flowed into ``area`` (``badge_rows``: wrapped, never cut); returns the y below
    them."""
    metrics = QFontMetricsF(font(MIN_TEXT_PX, bold=True))
    height = BADGE_LINE - 2
    rows = int((area.height() + 2) // BADGE_LINE)
    y = area.y()
    for line in badge_rows(chips, area.width(), rows):
        x = area.x()
        for chip in line:
            width = metrics.horizontalAdvance(chip) + 10
            _paint_chip(painter, QRectF(x, y, width, height), chip, style)
            x += width + 3
        y += height + 2
    return y
