"""Painting one card face from its ``CardLook``: used by the table items and the large preview.
What goes on a face, and in what room, is planned first (``app/drawing/face_plan.py``).

Not colour alone: a stat above its base gets an up triangle, one below a down triangle; a card
in danger (lethal damage marked, 0 HP) a skull by its number and a dashed border.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen, QPixmap, QStaticText

from app.drawing.chips import BADGE_LINE, DELTA_STYLE, PILL_H, folded_rows, paint_rows, pill_width
from app.drawing.face_plan import (
    BAR_ROW,
    PAD,
    STAT_ROW,
    TOKEN,
    TURNED,
    FacePlan,
    elided,
    pill_text,
    plan_face,
    wrapped,
)
from app.drawing.fonts import MIN_TEXT_PX, STAT_PX, font, font_metrics, line_height, stat_font
from app.presentation.looks import OWNER_COLORS, CardLook
from app.presentation.step_marks import Delta

HIGHLIGHT = QColor("#f2c230")
ACTION_OUTLINE = QColor("#f7e08a")
DANGER = QColor("#d92b2b")
INK = QColor("#1b1b1b")
GREY = QColor("#4a4a4a")
UID_INK = QColor("#6b6b6b")
TONES = {"up": "#1f8a3b", "down": "#c0392b"}
TONE_CUES = {"up": " ▲", "down": " ▼"}
DANGER_CUE = " ☠"
BACK_ROWS = 3  # the lines of deltas a face-down card holds under its words
DRAGGED_OPACITY = 0.8  # a card under the mouse while dragged: the place under it shows through
PAPER = QColor("#fbfaf6")
DANGER_BORDER = QPen(DANGER, 3, Qt.PenStyle.DashLine)


@dataclass(frozen=True)
class OwnerInks:
    """A player's colours on a face, made once (a table paints hundreds of faces)."""

    owner: QColor
    border: QPen
    band: QColor  # the name band
    tucked: QColor  # an Armament's strip


@cache
def owner_inks(owner: int) -> OwnerInks:
    colour = QColor(OWNER_COLORS[owner])
    return OwnerInks(
        colour, QPen(colour.darker(130), 1.5), colour.lighter(150), colour.lighter(175)
    )


def paint_card(
    painter: QPainter,
    look: CardLook,
    w: float,
    h: float,
    deltas: tuple[Delta, ...] = (),
    uid: bool = True,
) -> None:
    """Paint ``look`` into the rectangle (0, 0, w, h), with the ``deltas`` of the step shown
    ("-10 HP") in a place of their own on the face, so that they hide none of its text. With
    ``uid`` False the id's place is left blank, for ``paint_uid`` (``shared_face``)."""
    rect = QRectF(0, 0, w, h)
    inks = owner_inks(look.owner % 2)
    owner = inks.owner
    painter.setPen(DANGER_BORDER if look.danger else inks.border)
    if look.face_down:
        _paint_back(painter, look, rect, owner, deltas)
        return
    painter.setBrush(PAPER if not look.tucked else inks.tucked)
    painter.drawRoundedRect(rect, 6, 6)
    if look.form in ("strip", "marker"):
        _paint_strip(painter, look, rect, owner, deltas, uid)
        return
    plan = plan_face(look, w, h, deltas)
    y = _paint_header(painter, plan, w, inks.band, uid)
    y = _paint_numbers(painter, look, w, y)
    if plan.footer:
        _paint_footer(painter, plan.footer, w, h)
    y = paint_rows(painter, plan.deltas, PAD, y, DELTA_STYLE)
    if plan.badges:
        paint_rows(painter, plan.badges, PAD, y)
    elif look.text and not look.badges:  # the face's spare room holds the card's own text
        bottom = h - 3 - len(plan.footer) * line_height()
        _paint_text(painter, look.text, QRectF(PAD, y + 2, w - 2 * PAD, bottom - y - 2))


UID_MARK = "#"  # the id of a shared face: it lays out the id's line, ``paint_uid`` fills it


def shared_face(look: CardLook) -> tuple[CardLook, bool]:
    """The face ``look`` shares with every card that differs from it only by its id (and its
    tooltip, which no face shows), and whether ``paint_uid`` must then draw the id over it: a
    big table has a thousand cards and a few dozen faces. A unit's id shares its footer line
    with its status, so a unit shares no face with another card of its name."""
    if not look.uid or look.face_down or look.form in ("unit", "marker"):
        return look._replace(tooltip=""), False
    if look.tucked:  # its one line holds its name alone
        return look._replace(tooltip="", uid=""), False
    return look._replace(tooltip="", uid=UID_MARK), True


def paint_uid(painter: QPainter, look: CardLook, shared: CardLook, w: float, h: float) -> None:
    """``look``'s id alone on its ``shared`` face (``shared_face``), where ``paint_card`` draws
    it (with no deltas): under a card's name band, at the left of a strip's lower line."""
    if look.form == "strip":
        _paint_strip_uid(painter, look, _strip_lines(QRectF(0, 0, w, h))[1])
        return
    band = plan_face(shared, w, h, ()).band  # planned for the shared face already: kept
    painter.setPen(UID_INK)
    _paint_lines(painter, (elided(look.uid, w - 2 * PAD),), PAD, band + 3, line_height())


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


@lru_cache(maxsize=8192)  # a face painted again (a jump back) lays out none of its text
def laid_out(text: str, pixels: int, bold: bool) -> QStaticText:
    """A line of text in the face font of ``pixels`` (``bold``), laid out once."""
    line = QStaticText(text)
    line.setTextFormat(Qt.TextFormat.PlainText)
    return line


def _paint_lines(
    painter: QPainter,
    lines: tuple[str, ...],
    x: float,
    y: float,
    step: float,
    pixels: int = MIN_TEXT_PX,
    bold: bool = False,
) -> float:
    """Each of ``lines`` (each fits the face: ``face_plan``) left-aligned under the one before,
    in the face font of ``pixels`` and the pen set; returns the y below them."""
    painter.setFont(font(pixels, bold))
    for shown in lines:
        painter.drawStaticText(QPointF(x, y), laid_out(shown, pixels, bold))
        y += step
    return y


def _paint_text(painter: QPainter, text: str, room: QRectF) -> None:
    line = line_height()
    most = int(room.height() // line)
    painter.setPen(GREY)
    _paint_lines(painter, wrapped(text, room.width(), most), room.x(), room.y(), line)


def _paint_header(
    painter: QPainter, plan: FacePlan, w: float, band_ink: QColor, uid: bool = True
) -> float:
    """The owner-coloured name band, then a card's id (its line blank without ``uid``) and
    subtitle; returns the y below them."""
    band = plan.band
    painter.fillRect(QRectF(1, 1, w - 2, band), band_ink)
    painter.setPen(INK)
    title_line = line_height(plan.title_px, bold=True)
    _paint_lines(painter, plan.title, PAD, 3, title_line, plan.title_px, bold=True)
    y = band + 3
    if plan.uid:
        if uid:
            painter.setPen(UID_INK)
            _paint_lines(painter, (plan.uid,), PAD, y, line_height())
        y += line_height()
    if plan.subtitle:
        painter.setPen(GREY)
        y = _paint_lines(painter, plan.subtitle, PAD, y, line_height()) + 2
    return y


def _paint_numbers(painter: QPainter, look: CardLook, w: float, y: float) -> float:
    """The stat line (its tone's triangle), then the HP line; the damage token at the right
    end of the last of them, the exhausted mark at the stat line's. The danger skull by the
    HP, else by the stat where it fits (the dashed border says it too). Returns the y below
    them."""
    cue = DANGER_CUE if look.danger else ""
    token = look.counter
    if look.stat or (token and look.bar is None):
        right = w - PAD - (TURNED if look.sideways else 0)
        if token and look.bar is None:
            _paint_token(painter, token, QRectF(right - TOKEN, y + 1, TOKEN, TOKEN))
            right -= TOKEN + 2
        stat = look.stat + TONE_CUES.get(look.stat_tone, "")
        stat = _fitting(stat + ("" if look.bar else cue), stat, right - PAD)
        painter.setPen(QColor(TONES.get(look.stat_tone, "#1b1b1b")))
        painter.setFont(stat_font(stat, right - PAD))
        painter.drawText(QRectF(PAD, y, right - PAD, 22), Qt.AlignmentFlag.AlignLeft, stat)
        if look.sideways:  # exhausted: a turned card with its text kept upright
            painter.setPen(QColor("#6b6b6b"))
            painter.setFont(font(STAT_PX, bold=True))
            painter.drawText(QRectF(w - 26, y, 22, 22), Qt.AlignmentFlag.AlignCenter, "↻")
        y += STAT_ROW
    if look.bar is not None:
        right = w - PAD
        if token:
            _paint_token(painter, token, QRectF(right - TOKEN, y, TOKEN, TOKEN))
            right -= TOKEN + 4
        _paint_bar(painter, look.bar, cue, right, y)
        y += BAR_ROW
    return y


def _fitting(text: str, shorter: str, width: float) -> str:
    """``text`` where the smallest stat font fits it in ``width``, else ``shorter``."""
    fits = QFontMetricsF(font(MIN_TEXT_PX, bold=True)).horizontalAdvance(text) <= width
    return text if fits else shorter


def _paint_token(painter: QPainter, damage: int, circle: QRectF) -> None:
    """The damage marked on the card, a number in a red disc."""
    painter.setBrush(DANGER)
    painter.setPen(QPen(QColor("white"), 2))
    painter.drawEllipse(circle)
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, str(damage))


def _paint_bar(painter: QPainter, bar: tuple[int, int], cue: str, right: float, y: float) -> None:
    """The HP numbers and, beside them up to ``right``, the bar."""
    current, maximum = bar
    text = f"HP {current}/{maximum}{cue}"
    painter.setFont(font(MIN_TEXT_PX, bold=True))
    painter.setPen(INK)
    painter.drawText(QRectF(PAD, y + 1, right - PAD, 16), Qt.AlignmentFlag.AlignLeft, text)
    left = PAD + QFontMetricsF(font(MIN_TEXT_PX, bold=True)).horizontalAdvance(text) + 6
    frame = QRectF(left, y + 4, max(right - left, 0), 9)
    painter.setPen(QPen(QColor("#555"), 1))
    painter.setBrush(QColor("#e3e3e3"))
    painter.drawRect(frame)
    if maximum > 0:
        share = max(0, current) / maximum
        colour = QColor("#3fa34d") if share > 0.5 else QColor("#e0a100") if current else DANGER
        painter.fillRect(QRectF(frame.x(), frame.y(), frame.width() * share, 9), colour)


def _paint_footer(painter: QPainter, footer: tuple[str, ...], w: float, h: float) -> None:
    """A unit's status and id, at the bottom of its face."""
    line = line_height()
    painter.setPen(GREY)
    _paint_lines(painter, footer, PAD, h - 3 - len(footer) * line, line)


def _paint_strip(
    painter: QPainter,
    look: CardLook,
    rect: QRectF,
    owner: QColor,
    deltas: tuple[Delta, ...],
    uid: bool = True,
) -> None:
    """A card shown as a name strip: in hand, in a trash, an Armament tucked under its Soul.
    Its name has the top line to itself; under it the step's deltas, else its id and its stat
    (a cost, "Reaction") at the right end. An Armament shows one line, its top under its Soul:
    the name, and the deltas at the right end."""
    painter.fillRect(QRectF(1, 1, 5, rect.height() - 2), owner)
    line = QRectF(PAD + 4, 0, rect.width() - 2 * PAD - 4, rect.height())  # the whole strip
    texts = tuple(pill_text(delta, line.width()) for delta in deltas)
    kept = tuple(delta.vital for delta in deltas)
    if look.tucked:
        if deltas:
            _paint_at_right_end(
                painter, folded_rows(texts, kept, line.width() * 0.6, 1, True)[0], line
            )
        _paint_name(painter, "⚙ " + look.title, line)
        return
    if not (deltas or look.stat or look.uid):  # the name alone, in the middle
        _paint_name(painter, look.title, line)
        return
    line, under = _strip_lines(rect)
    if deltas:  # what does not fit the line under the name goes to the name's right end
        chips = folded_rows(texts, kept, line.width(), 1, True)
        paint_rows(painter, chips[:1], under.x(), under.y(), DELTA_STYLE)
        for more in chips[1:]:
            _paint_at_right_end(painter, more, line)
    else:
        painter.setFont(font(MIN_TEXT_PX))
        painter.setPen(GREY)
        if look.stat:
            painter.drawText(
                under, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, look.stat
            )
        if look.uid and uid:  # two cards of one name
            _paint_strip_uid(painter, look, under)
    _paint_name(painter, look.title, line)


def _strip_lines(rect: QRectF) -> tuple[QRectF, QRectF]:
    """A strip's two lines: its name's, and the one under it."""
    line = QRectF(PAD + 4, 0, rect.width() - 2 * PAD - 4, line_height())
    return line, QRectF(line.x(), line.bottom(), line.width(), rect.height() - line.bottom())


def _paint_strip_uid(painter: QPainter, look: CardLook, under: QRectF) -> None:
    """A strip's id, at the left of its lower line, clear of its stat at the right end."""
    painter.setFont(font(MIN_TEXT_PX))
    painter.setPen(GREY)
    room = under.width() - font_metrics(MIN_TEXT_PX).horizontalAdvance(look.stat) - 6
    uid = QRectF(under.x(), under.y(), room, under.height())
    align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
    painter.drawText(uid, align, elided(look.uid, room))


def _paint_at_right_end(painter: QPainter, chips: tuple[str, ...], line: QRectF) -> None:
    """A line of pills at the right end of a strip's ``line``, which they take from it."""
    width = sum(pill_width(chip) + 3 for chip in chips) - 3
    top = line.y() + (line.height() - PILL_H) / 2
    paint_rows(painter, (chips,), line.right() - width, top, DELTA_STYLE)
    line.setWidth(line.width() - width - 3)


def _paint_name(painter: QPainter, name: str, line: QRectF) -> None:
    """A strip's name, elided where it does not fit (its tooltip says it)."""
    bold = font(MIN_TEXT_PX, bold=True)
    painter.setFont(bold)
    painter.setPen(INK)
    shown = QFontMetricsF(bold).elidedText(name, Qt.TextElideMode.ElideRight, line.width())
    painter.drawText(line, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, shown)


def _paint_back(
    painter: QPainter, look: CardLook, rect: QRectF, owner: QColor, deltas: tuple[Delta, ...]
) -> None:
    """Face down: a captured Soul, a shattered Realm, a set Ambush (its tab); with ``deltas``,
    its words keep clear of their lines at the bottom (an Ambush's tab shows only the deltas:
    its tooltip says it is one)."""
    painter.setBrush(QBrush(owner.darker(170), Qt.BrushStyle.SolidPattern))
    painter.drawRoundedRect(rect, 6, 6)
    if rect.height() > 40:
        painter.setBrush(QBrush(owner.darker(120), Qt.BrushStyle.DiagCrossPattern))
        painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), 4, 4)
    rows: tuple[tuple[str, ...], ...] = ()
    if deltas:
        room = int((rect.height() - 4) // BADGE_LINE)
        texts = tuple(pill_text(delta, rect.width() - 2 * PAD) for delta in deltas)
        kept = tuple(delta.vital for delta in deltas)
        rows = folded_rows(texts, kept, rect.width() - 2 * PAD, min(BACK_ROWS, room), True)
        top = rect.height() - 2 - len(rows) * BADGE_LINE
        paint_rows(painter, rows, PAD, max(top, (rect.height() - PILL_H) / 2), DELTA_STYLE)
    words = rect.adjusted(3, 3, -3, -3 - len(rows) * BADGE_LINE)
    if words.height() >= line_height():  # a set Ambush's tab has room for its deltas only
        painter.setPen(QColor("white"))
        painter.setFont(font(MIN_TEXT_PX, bold=True))
        align = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.drawText(words, align, look.back_text)
