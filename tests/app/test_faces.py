"""The faces a table keeps: drawn once for what a card shows at a scale, copied after that, the
least recently used dropped past the budget; and a copy looks as the face drawn directly."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsRectItem, QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from app.drawing import table_scene
from app.drawing.faces import Faces
from app.drawing.table_scene import CardItem
from app.presentation.looks import CardLook, Decoration

RECT = QRectF(-5, -5, 134, 150)
LOOK = CardLook(
    title="Thorn Squire",
    owner=0,
    subtitle="Soul",
    stat="Power 5",
    bar=(10, 20),
    text="When this attacks, deal 5 damage to the Soul it attacks.",
)


def image(width: int = 400, height: int = 400) -> QImage:
    shown = QImage(width, height, QImage.Format.Format_RGB32)
    shown.fill(QColor("#2e5e3e"))
    return shown


def painted(faces: Faces, key: str, scale: float = 1.0, at: tuple[float, float] = (20, 30)) -> int:
    """How many times ``key``'s face is drawn to paint it once."""
    drawn = []
    target = image()
    painter = QPainter(target)
    painter.translate(*at)
    painter.scale(scale, scale)
    faces.paint(painter, key, RECT, lambda p: (drawn.append(key), p.drawRect(0, 0, 10, 10)))
    painter.end()
    return len(drawn)


def test_a_face_is_drawn_once_for_what_it_shows_and_its_scale(qtbot: QtBot) -> None:
    faces = Faces()
    assert painted(faces, "a") == 1
    assert painted(faces, "a", at=(90, 10)) == 0  # kept: copied wherever the card lies
    assert painted(faces, "b") == 1  # another face
    assert painted(faces, "a", scale=0.5) == 1  # zoomed: drawn again at that scale
    assert painted(faces, "a", scale=0.5) == 0
    assert len(faces) == 3


def test_the_faces_least_recently_used_are_dropped_past_the_budget(qtbot: QtBot) -> None:
    one = 134 * 150 * 4  # a face's bytes at 100%
    faces = Faces(budget=2 * one)
    for key in ("a", "b"):
        painted(faces, key)
    painted(faces, "a")  # used again: "b" is now the least recently used
    assert painted(faces, "c") == 1
    assert faces.used <= 2 * one and len(faces) == 2
    assert painted(faces, "a") == 0
    assert painted(faces, "b") == 1  # dropped, drawn again


def test_a_turned_painter_draws_the_face_directly(qtbot: QtBot) -> None:
    faces = Faces()
    drawn = []
    target = image()
    painter = QPainter(target)
    painter.rotate(10)
    faces.paint(painter, "a", RECT, lambda p: drawn.append(p))
    painter.end()
    assert len(drawn) == 1 and len(faces) == 0


@pytest.mark.parametrize(
    ("ratio", "scale", "at"),
    [(1.0, 1.0, (20, 30)), (2.0, 0.75, (23.75, 33.75)), (1.0, 1.25, (21.25, 31.25))],
    ids=["100%", "high-dpi zoomed out", "zoomed in"],
)
def test_a_kept_face_looks_as_the_card_drawn_directly(
    qtbot: QtBot, ratio: float, scale: float, at: tuple[float, float]
) -> None:
    """Where the face lands on whole device pixels (its corner at 20, 30 here), the copy
    matches the drawing, within its item's bounds as Qt clips it, on a screen of any pixel
    ratio and at any zoom, but for the smoothing of its edges (the face is smoothed over a
    clear background, then laid on the table's green)."""
    item = CardItem("thorn-squire", LOOK)
    item.set_look(LOOK, "step")
    assert worst_difference(item, ratio, scale, at) <= 2


# Two cards of one name: each shows its id, the rest of their faces is one face
CARD_WITH_ID = LOOK._replace(uid="thorn-squire-2", tooltip="Thorn Squire (soul, thorn-squire-2)")
STRIP_WITH_ID = CardLook("Firebolt", 1, form="strip", stat="Cost 2", uid="firebolt-of-the-north-2")


@pytest.mark.parametrize("look", [CARD_WITH_ID, STRIP_WITH_ID], ids=["card", "strip"])
@pytest.mark.parametrize(
    ("ratio", "scale", "at"),
    [(1.0, 1.0, (20, 30)), (2.0, 0.75, (23.75, 33.75)), (1.0, 0.8, (24, 34))],
    ids=["100%", "high-dpi zoomed out", "fitted"],
)
def test_a_shared_face_with_its_id_drawn_over_looks_as_the_card_drawn_directly(
    qtbot: QtBot, look: CardLook, ratio: float, scale: float, at: tuple[float, float]
) -> None:
    """A card first shown is copied from the face it shares with the cards of its name, its
    id drawn over that where ``paint_card`` draws it."""
    item = CardItem(look.uid, look)
    assert not item.changes  # as first shown
    assert worst_difference(item, ratio, scale, at) <= 2


def test_cards_of_one_name_share_their_face(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table first shown paints one face for the cards that differ only by their ids (and
    tooltips); a card whose look changed, or a unit (its id shares a line with its status),
    has a face of its own."""
    faces = Faces()
    monkeypatch.setattr(table_scene, "FACES", faces)
    drawn: list[str] = []
    paint = table_scene.paint_card
    monkeypatch.setattr(
        table_scene, "paint_card", lambda p, look, *a: (drawn.append(look.uid), paint(p, look, *a))
    )
    cards = [
        CardItem(f"thorn-squire-{n}", LOOK._replace(uid=f"thorn-squire-{n}", tooltip=f"{n}"))
        for n in range(2, 6)
    ]
    units = [
        CardItem(f"whelp-{n}", CardLook("Stone Whelp", 0, "unit", uid=f"whelp-{n}"))
        for n in range(2)
    ]
    target = image()
    painter = QPainter(target)
    for item in [*cards, *units]:
        item.paint(painter, None, None)  # type: ignore[arg-type]  # the option is not read
    first = list(drawn)
    cards[0].set_look(LOOK._replace(uid="thorn-squire-2", counter=5), "")  # 5 damage
    cards[0].paint(painter, None, None)  # type: ignore[arg-type]
    painter.end()
    assert first == ["#", "whelp-0", "whelp-1"]
    assert drawn[3:] == ["thorn-squire-2"]


def worst_difference(item: CardItem, ratio: float, scale: float, at: tuple[float, float]) -> int:
    """The largest difference of a colour channel between ``item`` painted (its face kept or
    shared) and drawn directly, at ``scale`` and ``at`` on a screen of ``ratio``."""
    kept, direct = image(), image()
    for target, copied in ((kept, True), (direct, False)):
        target.setDevicePixelRatio(ratio)
        painter = QPainter(target)
        painter.translate(*at)
        painter.scale(scale, scale)
        if copied:
            item.paint(painter, None, None)  # type: ignore[arg-type]  # the option is not read
        else:
            painter.setClipRect(item.boundingRect())
            item.draw(painter)
        painter.end()
    return max(
        abs(a - b)
        for y in range(kept.height())
        for x in range(kept.width())
        for a, b in zip(
            kept.pixelColor(x, y).getRgb()[:3], direct.pixelColor(x, y).getRgb()[:3], strict=True
        )
    )


@pytest.mark.parametrize("kind", ["slot", "frame"])
def test_zones_of_one_kind_and_size_share_their_outline(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A table's hundreds of slots draw one outline at a scale and copy it; the copy looks as
    the outline drawn directly."""
    faces = Faces()
    monkeypatch.setattr(table_scene, "FACES", faces)
    scene = table_scene.TableScene()
    zones = [
        # the pen's half-width out: each outline's corner on a whole pixel, where copies land
        scene._decoration_item(Decoration(kind, 10.75 + 130 * n, 20.75, 124, 140, text=f"A{n}"))
        for n in range(3)
    ]
    kept, direct = image(450, 200), image(450, 200)
    for target, copied in ((kept, True), (direct, False)):
        painter = QPainter(target)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for zone in zones:
            painter.save()
            painter.translate(zone.pos())
            if copied:
                zone.paint(painter, QStyleOptionGraphicsItem(), None)
            else:
                QGraphicsRectItem.paint(zone, painter, QStyleOptionGraphicsItem(), None)
            painter.restore()
        painter.end()
    assert len(faces) == 1
    worst = max(
        abs(a - b)
        for y in range(kept.height())
        for x in range(kept.width())
        for a, b in zip(
            kept.pixelColor(x, y).getRgb()[:3], direct.pixelColor(x, y).getRgb()[:3], strict=True
        )
    )
    assert worst <= 2
