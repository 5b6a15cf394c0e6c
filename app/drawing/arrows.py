"""Where an arrow between two cards runs: in the gap between them, clear of both, and long
enough to read as an arrow whatever the gap (cards facing across a battlefield's narrow middle,
neighbours in a row). The scene cuts out of it every card face and name it would cross: drawn
over the outlines of the cards it joins, it shows in the narrowest gap and hides no text."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker, QPolygonF

GAP = 3  # an arrow stops this far from a card's face
INSET = 14  # nor does it leave or reach a card's edge nearer its corner than this
SHORTEST = 36  # a straight arrow shorter than this leans (or bends) to be seen as one
HEAD = 14  # the head's length
WIDTH = 4  # the line's


def edge_point(rect: QRectF, toward: QPointF) -> QPointF:
    """Where the line from ``rect``'s centre to ``toward`` leaves ``rect``.

    >>> edge_point(QRectF(0, 0, 100, 50), QPointF(50, 200)).toTuple()
    (50.0, 50.0)
    """
    centre = rect.center()
    dx, dy = toward.x() - centre.x(), toward.y() - centre.y()
    if dx == 0 and dy == 0:
        return centre
    reach = min(
        rect.width() / 2 / abs(dx) if dx else math.inf,
        rect.height() / 2 / abs(dy) if dy else math.inf,
    )
    return QPointF(centre.x() + dx * reach, centre.y() + dy * reach)


Route = tuple[QPointF, QPointF, QPointF | None]  # start, end, and where a bent one bends


def _toward(rect: QRectF, x: float) -> float:
    """``x``, kept on ``rect``'s top or bottom edge away from its corners."""
    return min(max(x, rect.left() + INSET), rect.right() - INSET)


def arrow_route(a: QRectF, b: QRectF) -> Route:
    """Where an arrow from card ``a`` to card ``b`` starts and ends, and the point a bent one
    bends toward (None: straight).

    One above the other, it runs between the edges that face each other, each end as near the
    other card as that edge goes, so that the line stays in the gap between the rows; across a
    narrow gap it leans, a downward arrow on the left and an upward one on the right, so that
    two cards that damage each other show two arrows side by side. Side by side in a row, it
    bends over the row (under it when it runs leftward) from one top edge to the other. Cards
    that share no gap (a pile) are joined from centre to centre.

    >>> [p.toTuple() for p in arrow_route(QRectF(0, 0, 100, 50), QRectF(300, 80, 100, 50))[:2]]
    [(86.0, 56.0), (314.0, 74.0)]
    """
    if a.bottom() <= b.top() or b.bottom() <= a.top():
        return _across_rows(a, b)
    if a.right() <= b.left() or b.right() <= a.left():
        return _along_a_row(a, b)
    grown = (-GAP, -GAP, GAP, GAP)
    start = edge_point(a.adjusted(*grown), b.center())
    return start, edge_point(b.adjusted(*grown), a.center()), None


def _across_rows(a: QRectF, b: QRectF) -> Route:
    down = a.bottom() <= b.top()
    y_a, y_b = (a.bottom() + GAP, b.top() - GAP) if down else (a.top() - GAP, b.bottom() + GAP)
    x_a, x_b = _toward(a, b.center().x()), _toward(b, a.center().x())
    if math.hypot(x_b - x_a, y_b - y_a) < SHORTEST:
        side = -1 if down else 1
        x_a, x_b = _toward(a, x_a + side * SHORTEST), _toward(b, x_b + side * GAP)
    return QPointF(x_a, y_a), QPointF(x_b, y_b), None


def _along_a_row(a: QRectF, b: QRectF) -> Route:
    right = a.right() <= b.left()
    if abs(b.center().x() - a.center().x()) - (a.width() + b.width()) / 2 >= SHORTEST:
        x_a, x_b = (a.right(), b.left()) if right else (a.left(), b.right())
        step = GAP if right else -GAP
        y_a = min(max(b.center().y(), a.top() + INSET), a.bottom() - INSET)
        y_b = min(max(a.center().y(), b.top() + INSET), b.bottom() - INSET)
        return QPointF(x_a + step, y_a), QPointF(x_b - step, y_b), None
    edge_a, edge_b = (a.top(), b.top()) if right else (a.bottom(), b.bottom())
    lift = -1 if right else 1  # over the row going right, under it going left
    start = QPointF(_toward(a, b.center().x()), edge_a + lift * GAP)
    end = QPointF(_toward(b, a.center().x()), edge_b + lift * GAP)
    middle = (start + end) / 2
    return start, end, QPointF(middle.x(), middle.y() + lift * 2 * SHORTEST)


def arrow_shape(start: QPointF, end: QPointF, bend: QPointF | None = None) -> QPainterPath:
    """The area an arrow fills: a line ``WIDTH`` wide from ``start`` to ``end`` (a curve toward
    ``bend``) and a head at ``end``, pointing as the line arrives."""
    line = QPainterPath(start)
    if bend is None:
        line.lineTo(end)
        came_from = start
    else:
        line.quadTo(bend, end)
        came_from = bend
    stroker = QPainterPathStroker()
    stroker.setWidth(WIDTH)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    angle = math.atan2(end.y() - came_from.y(), end.x() - came_from.x())
    head = QPainterPath()
    head.addPolygon(
        QPolygonF(
            [
                end,
                end - QPointF(math.cos(angle - 0.45) * HEAD, math.sin(angle - 0.45) * HEAD),
                end - QPointF(math.cos(angle + 0.45) * HEAD, math.sin(angle + 0.45) * HEAD),
                end,
            ]
        )
    )
    return stroker.createStroke(line).united(head)
