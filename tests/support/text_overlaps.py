"""Where a table's text is drawn, and which texts are covered: every card face and label of a
scene painted through a painter that records the rectangle each text fills, in scene
coordinates (tests/app/test_text_overlaps.py).

A text is covered when another text crosses it, when a card above it hides part of it, or
when an arrow crosses a card's text (a zone's name shows through an arrow's thin line). A card
that hides a text whole (a slot's name under the Soul on it, a card under the top of a pile)
shows the table as it is, so that is no overlap.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPainterPathStroker
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
)

from app.drawing.table_scene import CardItem, TableScene
from engine.assets import LESSONS, SCENARIOS
from engine.branches import MAIN
from engine.scenario import load_scenario, play_branch
from engine.table_shape import TableShape
from engine.timeline import Step

# Every shipped scenario and lesson, which the drawing checks walk step by step
SHIPPED = sorted(SCENARIOS.rglob("*.yaml")) + sorted(LESSONS.rglob("*.yaml"))

SLACK = 1.0  # a text's rectangle may touch its neighbour's by this much (line spacing, bearing)
TOKEN = 6  # the damage token stands this far out of its card's corner


@dataclass(frozen=True)
class DrawnText:
    owner: str  # the card's id, or "label"
    text: str
    rect: QRectF  # in scene coordinates, the part the text's lines fill
    depth: int  # the item's place in the stacking order: 0 is the topmost
    pixels: int = 0  # its font's size at 100% zoom
    ink: str = ""  # its colour, "#rrggbb"
    clipped: bool = False  # wider or taller than the room it was drawn in: cut there

    def __str__(self) -> str:
        r = self.rect
        place = f"({r.x():.0f}, {r.y():.0f}, {r.width():.0f}x{r.height():.0f})"
        return f"{self.owner}: {self.text!r} at {place}"


class TextRecorder(QPainter):
    """A painter that notes where each ``drawText`` and ``drawStaticText`` puts its text, and
    draws nothing."""

    def __init__(self, device: QImage) -> None:
        super().__init__(device)
        self.owner = ""
        self.depth = 0
        self.drawn: list[DrawnText] = []

    def drawText(self, *args: Any) -> None:  # noqa: N802 (Qt's name)
        assert len(args) == 3 and isinstance(args[0], QRectF), f"drawText{args!r}"
        rect, flags, text = args
        used = self.boundingRect(rect, flags if isinstance(flags, int) else int(flags), text)
        if text.strip():
            mapped = self.transform().mapRect(used.intersected(rect))
            pixels, ink = self.font().pixelSize(), self.pen().color().name()
            clipped = used.width() > rect.width() + SLACK or used.height() > rect.height() + SLACK
            drawn = DrawnText(self.owner, text, mapped, self.depth, pixels, ink, clipped)
            self.drawn.append(drawn)

    def drawStaticText(self, *args: Any) -> None:  # noqa: N802 (Qt's name)
        """A line laid out once (``card_painter.laid_out``): it has no room to be cut by; one
        that spills out of its card is found by ``overlaps``."""
        assert len(args) == 2 and isinstance(args[0], QPointF), f"drawStaticText{args!r}"
        point, line = args
        text = line.text()
        if text.strip():
            room = QRectF(point, QSizeF(1e6, 1e6))
            used = self.boundingRect(room, int(Qt.AlignmentFlag.AlignLeft), text)
            pixels, ink = self.font().pixelSize(), self.pen().color().name()
            mapped = self.transform().mapRect(used)
            self.drawn.append(DrawnText(self.owner, text, mapped, self.depth, pixels, ink))


@dataclass(frozen=True)
class Scene:
    texts: list[DrawnText]
    cards: list[tuple[int, str, QRectF]]  # depth, id and the face's rectangle of each card
    arrows: list[tuple[int, QPainterPath]] = field(default_factory=list)  # depth, in the scene


def shown_steps(path: Path) -> Iterator[tuple[str, TableScene, Step[TableShape]]]:
    """Each step of every timeline of the file at ``path`` shown on a scene, as the window
    shows it: its label (``main #3``), the scene and the step."""
    scenario, source = load_scenario(path)
    for branch in [MAIN, *(b.name for b in scenario.branches)]:
        scene = TableScene()
        for step in play_branch(scenario, source, branch).game.steps:
            scene.show_table(step.table, step.changed_cards(), frozenset(), step)
            yield f"{branch} #{step.index}", scene, step


def scene_texts(scene: TableScene) -> Scene:
    """Every text the visible items of ``scene`` draw, where it lands, and where each card is."""
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    recorder = TextRecorder(image)
    labels: list[DrawnText] = []
    cards: list[tuple[int, str, QRectF]] = []
    arrows: list[tuple[int, QPainterPath]] = []
    for depth, item in enumerate(scene.items()):  # topmost first
        if not item.isVisible():
            continue
        if isinstance(item, CardItem):
            w, h = item.look.size
            cards.append((depth, item.uid, item.sceneTransform().mapRect(QRectF(0, 0, w, h))))
            recorder.owner, recorder.depth = item.uid, depth
            recorder.setTransform(item.sceneTransform())
            item.draw(recorder)
        elif isinstance(item, QGraphicsSimpleTextItem):
            rect, pixels = item.sceneBoundingRect(), item.font().pixelSize()
            labels.append(DrawnText("label", item.text(), rect, depth, pixels))
        elif isinstance(item, QGraphicsPathItem):  # an arrow, as wide as its pen
            stroker = QPainterPathStroker()
            stroker.setWidth(item.pen().widthF())
            outline = stroker.createStroke(item.path()) + item.path()
            arrows.append((depth, item.sceneTransform().map(outline)))
    recorder.end()
    return Scene(labels + recorder.drawn, cards, arrows)


def _inner(rect: QRectF) -> QRectF:
    return rect.adjusted(SLACK, SLACK, -SLACK, -SLACK)


def overlaps(drawn: Scene) -> list[str]:
    """Each text another text crosses, a card or an arrow above it hides in part, or that
    spills out of its card."""
    found = []
    texts = drawn.texts
    faces = {uid: face for _, uid, face in drawn.cards}
    for i, a in enumerate(texts):
        inner = _inner(a.rect)
        if a.owner in faces and not faces[a.owner].adjusted(-TOKEN, -TOKEN, TOKEN, TOKEN).contains(
            inner
        ):
            found.append(f"{a} spills out of its card")
        for b in texts[i + 1 :]:
            if inner.intersects(_inner(b.rect)) and not _hidden(drawn, a, b):
                found.append(f"{a} crosses {b}")
        above = [arrow for depth, arrow in drawn.arrows if depth < a.depth]
        if a.owner != "label" and any(arrow.intersects(inner) for arrow in above):
            found.append(f"{a} is under an arrow")  # a zone's name shows through its line
        for depth, uid, face in drawn.cards:
            if depth < a.depth and uid != a.owner and inner.intersects(face):
                if not face.contains(a.rect):
                    found.append(f"{a} is partly under {uid}")
    return found


def _hidden(drawn: Scene, a: DrawnText, b: DrawnText) -> bool:
    """Whether one of the two texts is hidden whole by a card above it (not its own)."""
    return any(
        depth < text.depth and uid != text.owner and face.contains(text.rect)
        for text in (a, b)
        for depth, uid, face in drawn.cards
    )
