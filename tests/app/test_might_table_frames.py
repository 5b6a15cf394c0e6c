"""The frames of a might table that are not cards: a battlefield's says its abilities as a
unit's tooltip and inspector say its own (P-84, beside its auras, P-47)."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS

TRIGGERS = SCENARIOS / "might" / "P-82-narrowed-and-battlefield-triggers.yaml"


def frames(window: MainWindow) -> dict[str, str]:
    """The frames on show: each one's label, as drawn (elided), and its tooltip."""
    found = {}
    for item in window.scene.items():
        if isinstance(item, QGraphicsRectItem) and item.childItems():
            label = item.childItems()[0]
            assert isinstance(label, QGraphicsSimpleTextItem)
            found[label.text()] = item.toolTip()
    return found


def tooltip_of(window: MainWindow, name: str) -> str:
    return next(tip for label, tip in frames(window).items() if label.startswith(name))


def test_a_battlefields_abilities_are_named_on_its_frame_and_told_in_its_tooltip(
    window: MainWindow,
) -> None:
    window.open_path(TRIGGERS)
    window.session.select(0)  # nobody holds the bridge yet
    assert "Toll Bridge · abilities: Toll, Tribute" in frames(window)
    tip = tooltip_of(window, "Toll Bridge")
    assert "Held by nobody: its abilities do not trigger" in tip
    assert "Ability: Toll: triggered, only when the unit is an enemy unit" in tip
    assert "Ability: Tribute: triggered" in tip
    held = next(i for i, s in enumerate(window.session.steps) if "Alice holds" in s.description)
    window.session.select(held)
    assert "Held by Alice, who controls its abilities" in tooltip_of(window, "Toll Bridge")
    assert "Ability" not in tooltip_of(window, "Battlefield 1")  # one without any
