"""Drag and drop on the table in set-up mode (issue 37): a pool card dropped on a place of the
table, an empty one too, goes there (souls, might, the tally plug-in); a card of the set-up
dragged elsewhere moves; the place under a held card is lit and the status bar says what the
drop will do; a place the engine refuses takes the drop and says why, the table as it was; a
drag that leaves changes nothing; edits undo and redo; the pool shows the chosen card's face.

The drags are real Qt drag events sent to the window at points computed from the scene's zone
regions; the drag of a table card starts with real mouse events on the table."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.presentation.setup_drops import Dragged, drop_places, judge
from app.widgets.main_window import MainWindow
from app.widgets.setup_drops import NOWHERE
from engine.setup_edits import entries, new_draft
from engine.setup_places import ZoneAddress
from tests.app.test_setup_editor import choose, new_table, refused, tally  # noqa: F401 (fixture)

MOVE = Qt.DropAction.MoveAction


def at_zone(window: MainWindow, zone: ZoneAddress) -> QPoint:
    """The middle of a zone of the table, in the table's viewport, scrolled into view as a user
    would (a table whose text would be under 10 px fitted whole scrolls)."""
    region = window.scene.region(zone)
    assert region is not None, zone
    middle = QPointF(region.x + region.w / 2, region.y + region.h / 2)
    window.view.ensureVisible(middle.x(), middle.y(), 1, 1)
    return window.view.mapFromScene(middle)


def at_card(window: MainWindow, uid: str) -> QPoint:
    window.view.ensureVisible(window.scene.items_by_uid[uid])
    return window.view.on_screen(window.scene.items_by_uid[uid]).center().toPoint()


def pool_data(window: MainWindow, card: str) -> QMimeData:
    """What dragging ``card`` from the pool carries (the pool list's own drag data)."""
    choose(window, card)
    pool = window.setup_panel.pool
    return pool.mimeData([pool.currentItem()])


def hold(window: MainWindow, data: QMimeData, at: QPoint) -> QDragMoveEvent:
    """A drag entering the window and held at ``at`` (in the table's viewport)."""
    point = window.view.viewport().mapTo(window, at)
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(window, QDragEnterEvent(point, MOVE, data, buttons, keys))
    move = QDragMoveEvent(point, MOVE, data, buttons, keys)
    QApplication.sendEvent(window, move)
    return move


def drop(window: MainWindow, data: QMimeData, at: QPoint) -> bool:
    """Held at ``at`` and dropped there where the window takes it: whether it was."""
    if not hold(window, data, at).isAccepted():
        return False
    point = QPointF(window.view.viewport().mapTo(window, at))
    keys = Qt.KeyboardModifier.NoModifier
    dropped = QDropEvent(point, MOVE, data, Qt.MouseButton.LeftButton, keys)
    QApplication.sendEvent(window, dropped)
    return dropped.isAccepted()


def drop_pool_card(window: MainWindow, card: str, at: QPoint) -> None:
    assert drop(window, pool_data(window, card), at)


def place_of(window: MainWindow, uid: str) -> str:
    return next(each.place.name for each in entries(window.session.draft) if each.uid == uid)


def lit(window: MainWindow, zone: ZoneAddress, refused: bool = False) -> None:
    """The place lit is ``zone``'s region, refused or not, and nothing else."""
    region = window.scene.region(zone)
    assert region is not None
    shown = window.scene.drop_shown
    assert shown is not None
    assert shown[0].getRect() == (region.x, region.y, region.w, region.h)
    assert shown[1] is refused


def test_souls_pool_cards_dropped_on_empty_places_go_there(window: MainWindow) -> None:
    new_table(window, "souls")
    data = pool_data(window, "Thorn Squire")
    hold(window, data, at_zone(window, (0, "slot", "A2")))
    lit(window, (0, "slot", "A2"))
    assert window.statusBar().currentMessage() == "Drop: Thorn Squire to Alice: slot A2"
    assert drop(window, data, at_zone(window, (0, "slot", "A2")))
    assert window.scene.drop_shown is None
    assert place_of(window, "thorn-squire") == "Alice: slot A2"
    assert window.statusBar().currentMessage() == "Thorn Squire added: Alice: slot A2"
    drop_pool_card(window, "Old Keep", at_zone(window, (1, "realm")))
    drop_pool_card(window, "Firebolt", at_zone(window, (1, "hand")))
    drop_pool_card(window, "Mending Light", at_zone(window, (0, "elysium")))
    # An Ambush is no Soul: dropped on an empty slot, it is set at that slot (S-5)
    drop_pool_card(window, "Pitfall", at_zone(window, (0, "slot", "B1")))
    # Dropped on a card: at that card's place, or the one after it sharing its zone
    drop_pool_card(window, "Sudden Ward", at_card(window, "thorn-squire"))
    # An Armament dropped on a Soul is attached to it (S-5)
    drop_pool_card(window, "Iron Mail", at_card(window, "thorn-squire"))
    assert {each.uid: each.place.name for each in entries(window.session.draft)} == {
        "thorn-squire": "Alice: slot A2",
        "iron-mail": "Alice: Armament on A2",
        "pitfall": "Alice: Ambush at B1",
        "sudden-ward": "Alice: Ambush at A2",
        "mending-light": "Alice: Elysium",
        "old-keep": "Bob: Realm",
        "firebolt": "Bob: hand",
    }
    assert sorted(window.scene.laid_out()) == sorted(e.uid for e in entries(window.session.draft))


def test_a_pool_card_dragged_shows_its_face_and_lands_where_released(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_table(window, "might")
    choose(window, "Iron Sentinel")
    target = at_zone(window, (1, "battlefield", "Battlefield 1"))
    shown: list[tuple[int, int]] = []

    def released_there(drag: QDrag, *_: object) -> Qt.DropAction:
        shown.append(drag.pixmap().size().toTuple())
        return MOVE if drop(window, drag.mimeData(), target) else Qt.DropAction.IgnoreAction

    monkeypatch.setattr(QDrag, "exec", released_there)
    window.setup_panel.pool.startDrag(MOVE)
    assert shown == [window.setup_panel.face.look.size]  # its face, at 100%
    assert place_of(window, "iron-sentinel") == "Battlefield 1: Bob's side"


def test_might_pool_cards_dropped_on_a_battlefield_side_a_base_and_a_hand(
    window: MainWindow,
) -> None:
    new_table(window, "might")
    drop_pool_card(window, "Iron Sentinel", at_zone(window, (0, "battlefield", "Battlefield 2")))
    drop_pool_card(window, "Stone Whelp", at_zone(window, (1, "battlefield", "Battlefield 2")))
    drop_pool_card(window, "Thornback", at_zone(window, (1, "base")))
    drop_pool_card(window, "Spark", at_zone(window, (0, "hand")))
    drop_pool_card(window, "Meteor", at_zone(window, (1, "trash")))
    drop_pool_card(window, "Hollow Golem", at_card(window, "iron-sentinel"))
    choose(window, "Spark")
    assert window.setup_panel.add("Bob: deck")  # a deck is shown once a player has one (P-60)
    drop_pool_card(window, "Meteor", at_zone(window, (1, "deck")))
    assert [
        entry.uid for entry in entries(window.session.draft) if entry.place.name == "Bob: deck"
    ] == [
        "spark-2",
        "meteor-2",
    ]
    assert {
        each.uid: each.place.name
        for each in entries(window.session.draft)
        if "deck" not in each.place.name
    } == {
        "iron-sentinel": "Battlefield 2: Alice's side",
        "hollow-golem": "Battlefield 2: Alice's side",
        "thornback": "Bob: base",
        "stone-whelp": "Battlefield 2: Bob's side",
        "spark": "Alice: hand",
        "meteor": "Bob: trash",
    }
    assert window.session.table.cards["thornback"].zone == "base"


def test_a_gear_dropped_on_a_base_goes_among_its_gear() -> None:
    """The base's units refuse a gear (M-1); its gear, which shares the base's zone, takes it."""
    draft = new_draft("might", ["Alice", "Bob"])
    draft["cards"] = [{"name": "Ember Cannon", "kind": "gear", "cost": 1, "text": "A cannon."}]
    tried = drop_places(draft, [(0, "base")])
    assert tried == ["Alice: base", "Alice: gear"]
    drop = judge(draft, Dragged("Ember Cannon"), tried)
    assert drop is not None and (drop.place, drop.refusal) == ("Alice: gear", "")
    assert drop.edit(draft)["setup"]["players"][0]["gear"] == [{"card": "Ember Cannon"}]


@pytest.mark.usefixtures("tally")
def test_the_example_plug_in_takes_a_counter_dropped_on_a_players_row(
    qtbot: Any, tmp_path: Any
) -> None:
    from PySide6.QtCore import QSettings

    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    new_table(window, "tally")
    drop_pool_card(window, "Pears", at_zone(window, (1, "counters")))
    drop_pool_card(window, "Apples", at_zone(window, (0, "counters")))
    assert place_of(window, "pears") == "Bob: counters"
    assert place_of(window, "apples") == "Alice: counters"
    assert window.session.table.cards["pears"].owner == 1


def test_a_card_dragged_on_the_table_moves_and_undo_takes_it_back(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_table(window, "souls")
    drop_pool_card(window, "Thorn Squire", at_zone(window, (0, "slot", "A1")))
    target = at_zone(window, (0, "slot", "C2"))
    held: list[str] = []

    def dragged_to_c2(drag: QDrag, *_: object) -> Qt.DropAction:
        """The drag as the platform runs it: the mouse over Alice's slot C2, then released."""
        held.append(window.statusBar().currentMessage())
        return MOVE if drop(window, drag.mimeData(), target) else Qt.DropAction.IgnoreAction

    monkeypatch.setattr(QDrag, "exec", dragged_to_c2)
    viewport, start = window.view.viewport(), at_card(window, "thorn-squire")
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(40, 30))
    assert place_of(window, "thorn-squire") == "Alice: slot C2"
    assert window.setup_panel.selected == "thorn-squire"
    assert window.statusBar().currentMessage() == "thorn-squire moved: Alice: slot C2"
    window.undo()
    assert place_of(window, "thorn-squire") == "Alice: slot A1"
    window.redo()
    assert place_of(window, "thorn-squire") == "Alice: slot C2"
    # Held over its own place, it stays: nothing lit, nothing to undo
    data = QMimeData()
    data.setData("application/x-cardtable-setup-card", b"thorn-squire")
    hold(window, data, at_card(window, "thorn-squire"))
    assert window.scene.drop_shown is None
    assert window.statusBar().currentMessage() == "Drop: thorn-squire stays at Alice: slot C2"
    draft = window.session.draft
    assert drop(window, data, at_card(window, "thorn-squire"))
    assert window.session.draft is draft


def test_a_card_pressed_and_released_without_moving_is_clicked(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_table(window, "souls")
    drop_pool_card(window, "Thorn Squire", at_zone(window, (0, "slot", "A1")))
    monkeypatch.setattr(QDrag, "exec", lambda *_: pytest.fail("a click is no drag"))
    viewport, at = window.view.viewport(), at_card(window, "thorn-squire")
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert window.last_menu is None  # the press alone may begin a drag
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert window.setup_panel.selected == "thorn-squire"
    assert [a.text() for a in window.last_menu.actions()] == ["&Move to", "&Delete"]


def test_a_drag_the_platform_ends_without_a_drop_changes_nothing(window: MainWindow) -> None:
    """Offscreen, as after Escape, the drag ends at once and nothing is dropped."""
    new_table(window, "souls")
    drop_pool_card(window, "Thorn Squire", at_zone(window, (0, "slot", "A1")))
    draft = window.session.draft
    assert window.drops.drag_card("thorn-squire", at_card(window, "thorn-squire")) == (
        Qt.DropAction.IgnoreAction
    )
    assert window.session.draft is draft
    assert window.statusBar().currentMessage() == "Not moved: thorn-squire stays where it was"


def test_a_refused_drop_leaves_the_table_as_it_was_and_says_why(window: MainWindow) -> None:
    new_table(window, "souls")
    draft = window.session.draft
    data = pool_data(window, "Firebolt")
    hold(window, data, at_zone(window, (0, "slot", "A1")))
    lit(window, (0, "slot", "A1"), refused=True)
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Drop: Firebolt to Alice: slot A1 — not allowed: ")
    )
    assert drop(window, data, at_zone(window, (0, "slot", "A1")))  # taken: the engine judges
    refused(window, "Firebolt is a spell, not a Soul")
    assert window.session.draft is draft and not window.scene.items_by_uid
    assert not window.session.can_undo()


def test_no_place_under_the_drag_takes_no_drop(window: MainWindow) -> None:
    new_table(window, "souls")
    draft = window.session.draft
    slot = window.scene.region((0, "slot", "A1"))
    assert slot is not None
    between = window.view.mapFromScene(QPointF(slot.x - 6, slot.y + 10))  # the green gap
    assert not drop(window, pool_data(window, "Thorn Squire"), between)
    assert window.scene.drop_shown is None
    assert window.statusBar().currentMessage() == NOWHERE
    outside = window.view.viewport().mapFrom(window, window.setup_panel.mapTo(window, QPoint()))
    assert not drop(window, pool_data(window, "Thorn Squire"), outside)  # over the panel
    assert window.session.draft is draft


def test_a_drag_that_leaves_the_table_unlights_it_and_changes_nothing(window: MainWindow) -> None:
    """As Escape does mid-drag: Qt ends the drag with a leave event."""
    new_table(window, "might")
    draft = window.session.draft
    hold(window, pool_data(window, "Iron Sentinel"), at_zone(window, (1, "base")))
    lit(window, (1, "base"))
    QApplication.sendEvent(window, QDragLeaveEvent())
    assert window.scene.drop_shown is None
    assert window.statusBar().currentMessage() == ""
    assert window.session.draft is draft


@pytest.mark.parametrize(
    ("ruleset", "card", "form", "stat"),
    [
        ("souls", "Thorn Squire", "card", "Power 10"),
        ("souls", "Old Keep", "card", "Counterblow 10"),
        ("might", "Iron Sentinel", "unit", "Might 4"),
        ("might", "Spark", "strip", ""),  # a spell: in hand, a strip
    ],
)
def test_the_pool_shows_the_chosen_cards_face_as_the_table_draws_it(
    window: MainWindow, ruleset: str, card: str, form: str, stat: str
) -> None:
    new_table(window, ruleset)
    choose(window, card)
    face = window.setup_panel.face
    assert face.isVisibleTo(window) and face.look is not None
    assert (face.look.title, face.look.form, face.look.stat) == (card, form, stat)
    text = window.setup_panel.pool_card(card).text
    assert face.look.text == text and text in window.setup_panel.preview.text()
    assert face.card_size() == face.face_size()  # its whole text is the panel's, not boxed
    assert face.width() <= window.setup_panel.width()
