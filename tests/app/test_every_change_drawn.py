"""Every change of a step drawn, every damage with its arrow, no text cut or covered (issue 38,
item 4): each shipped scenario and lesson, every branch, every step, drawn as the app draws it.

- Each change about a card on the table has its mark on that card: its delta in full, or,
  for a change without a number, folded into a "+N more" whose tooltip says the change (a
  number, damage or HP, always shows in full); and no card hides it (a marked card lies over a
  pile it came to, though two that came in one step lie one on the other).
- Each damage, and each share of combat damage assigned, has an arrow from a card it came from
  when one is on the table (a declaration's target one from its attacker), and enough of the
  arrow shows over the cards' outlines to be seen; else the names it came from are written on
  the damaged card ("← Spark": a spell on the chain).
- What names a card is drawn: its name and its id whole, or, where one cannot fit, elided (its
  tooltip says it): a strip's name at its end, an id in its middle; no text under 12 px at 100%
  (10 px at 1024x700, the view's smallest scale: tests/app/test_table_view.py); no text crosses
  another, hides under a card or an arrow, or spills out of its card
  (tests/support/text_overlaps.py).

A change about no card has its delta on the place it concerns (a rune pool's and a score's on
their player's base); the phase strip says a phase and the end of the game, the chain panel a
spell played on it, a deck's label its count. The scene does not depend on the window (the
view scales it whole), so one pass covers 1024x700 and 1600x1000 alike.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from app.drawing.chips import DELTA_STYLE
from app.drawing.fonts import MIN_TEXT_PX
from app.drawing.table_scene import CardItem, TableScene
from app.presentation.step_marks import delta_of
from app.presentation.views import view_of
from engine.changes import Change, Declared, StatChanged
from engine.might.changes import DamageAssigned
from engine.table_shape import TableShape
from engine.timeline import Step
from tests.support.text_overlaps import (
    SHIPPED,
    DrawnText,
    Scene,
    overlaps,
    scene_texts,
    shown_steps,
)

SEEN = 40.0  # square pixels of an arrow that must show outside every card: its head, at least


def shown(scene: TableScene, uid: str) -> CardItem | None:
    item = scene.items_by_uid.get(uid)
    return item if item is not None and item.isVisible() else None


def unmarked(scene: TableScene, step: Step[TableShape], pills: dict[str, list[str]]) -> list[str]:
    """Each change about a card on the table whose delta is not drawn on it (``pills``: the
    text of the step's pills drawn on each card, in order)."""
    view = view_of(step.table)
    problems = []
    for change in step.changes:
        item = shown(scene, getattr(change, "card", ""))
        delta = delta_of(change, view)
        place = view.place_of(step.table, change)
        if item is None and place is not None:
            pill = scene.place_items.get(place)
            words = " ".join(
                child.text()
                for child in (pill.childItems() if pill else ())
                if isinstance(child, QGraphicsSimpleTextItem)
            )
            if delta.text not in words:
                problems.append(f"{change.describe()!r}: {delta.text!r} not on {place}")
        if item is None:
            continue
        drawn = " ".join(pills.get(item.uid, []))
        counted = any(re.fullmatch(r"\+\d+( more)?", pill) for pill in pills.get(item.uid, []))
        folded = counted and change.describe() in item.toolTip()
        if delta.text not in drawn and (delta.vital or not folded):
            problems.append(f"{change.describe()!r}: {delta.text!r} not on {item.uid} ({drawn!r})")
    return problems


def hidden_marks(scene: TableScene, drawn: Scene) -> list[str]:
    """Each delta under another card: a card the step marked lies over the cards it would hide
    (the top of a pile), but two that came to one pile in one step lie one on the other."""
    marked = set(scene.drawn.deltas)
    return [
        f"{text} is under {uid}"
        for text in drawn.texts
        if text.ink == DELTA_STYLE[1]
        for depth, uid, face in drawn.cards
        if depth < text.depth
        and uid != text.owner
        and face.intersects(text.rect)
        and uid not in marked
    ]


def damage_sources(change: Change) -> tuple[str, ...]:
    """The cards a change's damage came from, itself left out (HP paid is its own)."""
    if isinstance(change, DamageAssigned) or (
        isinstance(change, StatChanged) and change.stat == "damage" and change.after > change.before
    ):
        return tuple(source for source in change.sources if source != change.card)
    return ()


def unarrowed(scene: TableScene, step: Step[TableShape], pills: dict[str, list[str]]) -> list[str]:
    """Each damage (and each declaration's target) without a visible arrow from a card it came
    from on the table, and, with none of them on it, without their names on the card."""
    problems = []
    for change in step.changes:
        card = getattr(change, "card", "")
        sources = damage_sources(change)
        if isinstance(change, Declared) and shown(scene, change.target) is not None:
            card, sources = change.target, (change.card,)
        if not sources or shown(scene, card) is None:
            continue
        on_table = [source for source in sources if shown(scene, source) is not None]
        if not on_table:
            if not any(pill.startswith("← ") for pill in pills.get(card, [])):
                problems.append(f"{change.describe()!r}: no arrow and no '← source' on {card}")
            continue
        arrows = [scene.arrow_items[s, card] for s in on_table if (s, card) in scene.arrow_items]
        arrow = arrows[0] if arrows else None
        area = 0.0 if arrow is None else polygon_area(arrow)
        if area < SEEN:
            problems.append(f"{change.describe()!r}: arrow to {card} shows {area:.0f} px²")
    return problems


def polygon_area(item: object) -> float:
    """The area an arrow item fills."""
    total = 0.0
    for polygon in item.path().toFillPolygons():  # type: ignore[attr-defined]
        points = [polygon.at(i) for i in range(polygon.count())]
        total += abs(
            sum(
                a.x() * b.y() - b.x() * a.y()
                for a, b in zip(points, points[1:] + points[:1], strict=True)
            )
        )
    return total / 2


def cut_names(scene: TableScene, texts: list[DrawnText]) -> list[str]:
    """Each card on show whose name or id is not drawn: whole, or where it cannot fit, elided
    (its tooltip says it): a name strip's name at its end, an id in its middle. A strip gives
    its id's line to the step's delta, a set Ambush's tab its word."""
    drawn: dict[str, list[str]] = defaultdict(list)
    for text in texts:
        if text.ink != DELTA_STYLE[1]:
            drawn[text.owner] += text.text.split("\n")
    problems = []
    for item in scene.items_by_uid.values():
        look, lines = item.look, drawn[item.uid]
        if not item.isVisible() or (look.face_down and look.form == "marker" and item.deltas):
            continue
        if look.face_down:
            if look.back_text.split("\n")[-1] not in lines:
                problems.append(f"{item.uid}: its back {look.back_text!r} is not drawn")
            continue
        strip = look.form == "strip"
        if not any(named(look.title, line, strip) for line in (" ".join(lines), *lines)):
            problems.append(f"{item.uid}: its name {look.title!r} is cut ({lines!r})")
        uid_shown = any(
            line.split(" · ")[-1] == look.uid or elided_id(look.uid, line) for line in lines
        )
        if look.uid and not uid_shown and not (strip and item.deltas):
            problems.append(f"{item.uid}: its id is not drawn ({lines!r})")
    return problems


def named(title: str, line: str, strip: bool) -> bool:
    """Whether ``line`` holds ``title`` whole, or elided at its end on a name strip."""
    stem = line.removeprefix("⚙ ").removesuffix("…").rstrip()
    return title in line or (strip and line.endswith("…") and title.startswith(stem))


def elided_id(uid: str, line: str) -> bool:
    """Whether ``line`` is ``uid`` elided in its middle."""
    head, _, tail = line.partition("…")
    return bool(head and tail) and uid.startswith(head) and uid.endswith(tail)


def small_or_clipped(texts: list[DrawnText]) -> list[str]:
    """Each text drawn under the smallest size, or cut by the room it was drawn in."""
    small = [f"{t} is {t.pixels} px" for t in texts if 0 < t.pixels < MIN_TEXT_PX]
    return small + [f"{t} is cut by its room" for t in texts if t.clipped]


def step_problems(scene: TableScene, step: Step[TableShape]) -> list[str]:
    drawn = scene_texts(scene)
    pills: dict[str, list[str]] = defaultdict(list)
    for text in drawn.texts:
        if text.ink == DELTA_STYLE[1]:
            pills[text.owner].append(text.text)
    return [
        *hidden_marks(scene, drawn),
        *unmarked(scene, step, pills),
        *unarrowed(scene, step, pills),
        *cut_names(scene, drawn.texts),
        *small_or_clipped(drawn.texts),
        *overlaps(drawn),
    ]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_change_is_drawn_at_every_step(qapp, path: Path) -> None:  # type: ignore[no-untyped-def]
    problems = [
        f"{where}: {problem}"
        for where, scene, step in shown_steps(path)
        for problem in step_problems(scene, step)
    ]
    assert problems == []


def test_polygon_area_measures_what_an_arrow_fills(qapp) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPainterPath
    from PySide6.QtWidgets import QGraphicsPathItem

    square = QPainterPath()
    square.addRect(QRectF(0, 0, 10, 4))
    assert polygon_area(QGraphicsPathItem(square)) == pytest.approx(40)
