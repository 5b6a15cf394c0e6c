"""Nothing on the table covers text (issue 21, item 5): every shipped scenario and lesson, every
branch, every step, drawn as the app draws it, its deltas included; no text crosses another, no
card hides part of one, none spills out of its card.

The scene's layout does not depend on the window (the view scales it whole), so one pass covers
1024x700 and 1600x1000 alike; what the window adds over the table, the chain, is checked at
both sizes in tests/app/test_table_view.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.text_overlaps import (
    SHIPPED,
    DrawnText,
    Scene,
    overlaps,
    scene_texts,
    shown_steps,
)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_text_is_covered_at_any_step(qapp, path: Path) -> None:  # type: ignore[no-untyped-def]
    problems = [
        f"{where}: {overlap}"
        for where, scene, _ in shown_steps(path)
        for overlap in overlaps(scene_texts(scene))
    ]
    assert problems == []


def test_the_check_sees_a_crossing_a_partial_cover_and_a_spill() -> None:
    """The checker itself: what each kind of problem looks like, and what is no problem (a text
    a card hides whole)."""
    from PySide6.QtCore import QRectF

    def text(owner: str, x: float, y: float, depth: int) -> DrawnText:
        return DrawnText(owner, "t", QRectF(x, y, 40, 14), depth)

    card = (0, "a", QRectF(0, 0, 100, 100))
    crossing = Scene([text("a", 10, 10, 0), text("a", 20, 15, 0)], [card])
    assert len(overlaps(crossing)) == 1
    partly = Scene([text("label", 90, 50, 5)], [card])
    assert overlaps(partly) == ["label: 't' at (90, 50, 40x14) is partly under a"]
    hidden = Scene([text("label", 30, 50, 5)], [card])
    assert overlaps(hidden) == []
    spilling = Scene([text("a", 80, 10, 0)], [card])
    assert overlaps(spilling) == ["a: 't' at (80, 10, 40x14) spills out of its card"]
