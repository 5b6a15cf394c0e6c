"""The frames of a might table that are not cards: a battlefield's says its abilities as a
unit's tooltip and inspector say its own (P-84, beside its auras, P-47), and the deck's frame
shows only on a table with a deck, its place kept so that the hand never moves (P-60)."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS

TRIGGERS = SCENARIOS / "might" / "P-82-narrowed-and-battlefield-triggers.yaml"
DECKS = SCENARIOS / "might" / "P-60-cards-off-the-table.yaml"
NO_DECK = SCENARIOS / "might" / "P-47-a-battlefield-with-an-aura.yaml"


def frames(window: MainWindow) -> dict[str, str]:
    """The frames on show: each one's label, as drawn (elided), and its tooltip."""
    found = {}
    for item in window.scene.items():
        if isinstance(item, QGraphicsRectItem) and item.childItems():
            label = item.childItems()[0]
            assert isinstance(label, QGraphicsSimpleTextItem)
            found[label.text()] = item.toolTip()
    return found


def label_x(window: MainWindow, start: str) -> float:
    """Where the label that starts with ``start`` lies across the table."""
    texts = [i for i in window.scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    return next(i.scenePos().x() for i in texts if i.text().startswith(start))


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


def test_the_deck_frame_shows_only_on_a_table_with_a_deck_and_the_hand_stays_put(
    window: MainWindow,
) -> None:
    window.open_path(DECKS)
    window.session.select(window.session.last)  # Alice's deck drawn empty, Bob's left
    shown = frames(window)
    assert "Deck (0)" in shown and "Deck (2)" in shown
    x = label_x(window, "Alice's hand")
    window.open_path(NO_DECK)
    assert not [label for label in frames(window) if label.startswith("Deck")]
    assert label_x(window, "Alice's hand") == x
