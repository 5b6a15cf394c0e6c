"""A big table makes the items of its cards and zones as they come into sight (issue 40: a
first show of a thousand cards makes what is seen), and what comes into sight is what a scene
that made everything at once shows: after any jump, with the step's marks and a pick under way.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from app.drawing.out_of_sight import CELL, OutOfSight, cells
from app.drawing.table_scene import TableScene
from app.widgets.main_window import MainWindow
from app.widgets.table_view import TableView
from engine.timeline import Step
from tests.app.test_desktop_app import attack_targets
from tests.app.test_table_scene_updates import scene_state, show
from tests.support.big_tables import souls_game, souls_session


@pytest.fixture
def steps() -> list[Step]:
    """A 400-card souls session: Souls damaged and healed all over the grid, and captured."""
    game = souls_game(400)
    souls_session(game, 60)
    for uid in ["s0-0", "s1-60", "s0-99"]:
        game.deal(uid, 40)
    return game.steps


def shown_view(qtbot: QtBot, scene: TableScene, size: tuple[int, int] = (640, 480)) -> TableView:
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return view


def sight(view: TableView) -> QRectF:
    return view.mapToScene(view.viewport().rect()).boundingRect()


def everything(steps: list[Step], index: int) -> TableScene:
    """The step drawn on a scene no view shows: every card and zone made at once."""
    fresh = TableScene()
    show(fresh, steps, index)
    return fresh


def test_a_first_show_makes_what_is_in_sight_and_a_scroll_the_rest(
    qtbot: QtBot, steps: list[Step]
) -> None:
    scene = TableScene()
    view = shown_view(qtbot, scene)
    show(scene, steps, 0)
    fresh = everything(steps, 0)
    faces = {uid: fresh.face(item) for uid, item in fresh.items_by_uid.items()}
    made = set(scene.items_by_uid)
    assert 0 < len(made) < len(faces) / 2
    assert {uid for uid, face in faces.items() if sight(view).intersects(face)} <= made
    assert 0 < len(scene._decorations) < len(fresh._decorations)
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().maximum())
    qtbot.wait(20)  # painted: what came into sight was made before it was painted
    in_sight = {uid for uid, face in faces.items() if sight(view).intersects(face)}
    assert in_sight - made  # others than at first
    assert in_sight <= set(scene.items_by_uid)


def test_cards_made_after_jumps_show_what_a_scene_made_at_once_shows(
    qtbot: QtBot, steps: list[Step]
) -> None:
    """Jumps (forward, back, at random) with only a corner of the table in sight, each table
    then scrolled over whole: every card and zone is what a scene that made them all shows."""
    order = list(range(len(steps)))
    jumps = order[::7] + order[::-5] + random.Random(4).choices(order, k=12)
    scene = TableScene()
    view = shown_view(qtbot, scene, (400, 300))
    for index in jumps:
        show(scene, steps, index)
        assert len(scene.items_by_uid) < len(scene.laid_out())  # not yet all made
        scene.realize()
        fresh = everything(steps, index)
        assert scene_state(scene) == scene_state(fresh), f"step {index}"
        assert len(scene._decorations) == len(fresh._decorations)
        scene.reset()  # and afresh, for the next jump to make only what it sees
        show(scene, steps, 0)
    assert view.isVisible()


def test_a_card_asked_for_is_made_and_one_off_the_table_is_not(
    qtbot: QtBot, steps: list[Step]
) -> None:
    scene = TableScene()
    shown_view(qtbot, scene, (300, 200))
    show(scene, steps, 0)
    far = next(uid for uid in reversed(scene.laid_out()) if uid not in scene.items_by_uid)
    item = scene.items_by_uid[far]  # out of sight: made now, where it lies
    assert scene.items_by_uid.get(far) is item
    assert scene_state(scene)[far] == scene_state(everything(steps, 0))[far]
    with pytest.raises(KeyError):
        scene.items_by_uid["no-such-card"]


def test_a_step_marks_cards_out_of_sight(qtbot: QtBot, steps: list[Step]) -> None:
    """The step's deltas and outlines are on its cards wherever they lie."""
    scene = TableScene()
    shown_view(qtbot, scene, (300, 200))
    show(scene, steps, len(steps) - 1)
    fresh = everything(steps, len(steps) - 1)
    assert scene.deltas == fresh.deltas and scene.deltas
    assert scene.arrows == fresh.arrows
    for uid in fresh.deltas:
        assert scene_state(scene)[uid] == scene_state(fresh)[uid]


def test_a_pick_under_way_marks_cards_made_later(qtbot: QtBot, steps: list[Step]) -> None:
    scene = TableScene()
    shown_view(qtbot, scene, (300, 200))
    show(scene, steps, 0)
    unmade = [uid for uid in scene.laid_out() if uid not in scene.items_by_uid]
    scene.mark_targets(unmade[:2], source=None, picked=unmade[:1])
    scene.realize()
    assert scene.items_by_uid[unmade[0]].target and scene.items_by_uid[unmade[0]].picked
    assert scene.items_by_uid[unmade[1]].target and not scene.items_by_uid[unmade[1]].picked
    assert scene.items_by_uid[unmade[2]].target is False  # dimmed: not one of them
    scene.mark_targets(None)
    assert all(item.target is None for item in scene.items_by_uid.values())


def test_an_image_of_the_scene_draws_every_card(qtbot: QtBot, steps: list[Step]) -> None:
    scene = TableScene()
    shown_view(qtbot, scene, (300, 200))
    show(scene, steps, 0)
    image = QImage(200, 150, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter)
    painter.end()
    assert set(scene.items_by_uid) == set(scene.laid_out())


def test_out_of_sight_gives_the_keys_whose_rectangles_meet_the_area() -> None:
    kept: OutOfSight[str] = OutOfSight()
    kept.add("a", 10, 10, 100, 100)
    kept.add("b", CELL - 50, 10, 100, 100)  # its corner in one cell, itself across two
    kept.add("wide", -10, 5, 3 * CELL, 10)  # bigger than a cell: kept in each it touches
    assert list(cells(CELL - 50, 10, 100, 100)) == [(0, 0), (1, 0)]
    assert sorted(kept.take((CELL + 10, 0, 10, 10))) == ["b", "wide"]
    assert kept.take((0, 50, 5, 5)) == []  # "a" begins at 10: out of that area, kept
    assert kept.take((0, 50, 10, 10)) == ["a"]
    assert kept.take((2 * CELL + 5, 8, 1, 1)) == ["wide"]  # again: the caller makes it once
    kept.add("c", -600, -600, 10, 10)
    assert sorted(kept.take(None)) == ["c", "wide"] and not kept


rectangles = st.tuples(
    st.floats(-2000, 2000), st.floats(-2000, 2000), st.floats(0, 600), st.floats(0, 600)
)


@given(st.lists(rectangles, max_size=40), st.lists(rectangles, max_size=6))
def test_out_of_sight_takes_each_rectangle_when_an_area_first_meets_it(
    kept: list[tuple[float, float, float, float]], areas: list[tuple[float, float, float, float]]
) -> None:
    """What each area takes is what meets it of what is left; the rest comes with None."""
    out: OutOfSight[int] = OutOfSight()
    for key, rectangle in enumerate(kept):
        out.add(key, *rectangle)
    left = set(range(len(kept)))
    for ax, ay, aw, ah in areas:
        meets = {
            key
            for key in left
            if (x := kept[key][0]) <= ax + aw
            and ax <= x + kept[key][2]
            and (y := kept[key][1]) <= ay + ah
            and ay <= y + kept[key][3]
        }
        assert set(out.take((ax, ay, aw, ah))) - (set(range(len(kept))) - left) == meets
        left -= meets
    assert set(out.take(None)) >= left and not out


def test_a_pick_offers_the_targets_out_of_sight(window: MainWindow, qtbot: QtBot) -> None:
    """The legal targets of an attack are every Soul it may attack, those the window does not
    show too, and each is outlined once it comes into sight."""
    window.resize(420, 320)  # the table scrolls
    legal = attack_targets(window)
    unmade = [uid for uid in legal if uid not in window.scene.items_by_uid]
    assert unmade, "a target out of sight"
    window.scene.realize()
    assert all(window.scene.items_by_uid[uid].target is True for uid in legal)
    big = TableScene()
    show(big, window.session.steps, window.session.last)
    assert set(legal) == {
        uid
        for uid in big.laid_out()
        if window.session.refusal(window.picker.offer.pick([uid])) is None  # type: ignore[misc]
    }
