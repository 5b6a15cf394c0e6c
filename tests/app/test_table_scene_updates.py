"""A jump updates only the cards it changed, and the table it leaves is the one a fresh scene
draws (issue 40: scrubbing repaints what changed).

``TableScene.show_table`` touches only the items whose look changed and those outlined or
raised before or now when no card moved (``Layout.relaid``); every card keeps its drawing
(``DeviceCoordinateCache``) until its look changes, so a repaint paints only those.
"""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from app.drawing import table_scene
from app.drawing.faces import Faces
from app.drawing.table_scene import CardItem, TableScene
from app.widgets.table_view import TableView
from engine.assets import SCENARIOS
from engine.timeline import Step
from tests.support.big_tables import might_game, might_session, souls_game, souls_session
from tests.support.playthroughs import branch_timelines


def item_state(item: CardItem) -> tuple[object, ...]:
    return (
        item.isVisible(),
        (item.pos().x(), item.pos().y()) if item.isVisible() else None,
        item.zValue() if item.isVisible() else None,
        item.look if item.isVisible() else None,
        item.outline,
        item.deltas,
        item.said,
    )


def scene_state(scene: TableScene) -> dict[str, tuple[object, ...]]:
    return {uid: item_state(item) for uid, item in scene.items_by_uid.items() if item.isVisible()}


def show(scene: TableScene, steps: list[Step], index: int) -> None:
    step = steps[index]
    scene.show_table(step.table, step.changed_cards(), step=step)


def assert_jumps_draw_fresh_tables(steps: list[Step], where: str) -> None:
    """Forward, backward and random jumps on one scene, each against a scene that draws the
    step afresh: the same cards in the same places, faces, outlines, deltas and arrows."""
    order = list(range(len(steps)))
    jumps = order + order[::-1] + random.Random(where).choices(order, k=len(order))
    scene = TableScene()
    for index in jumps:
        show(scene, steps, index)
        fresh = TableScene()
        show(fresh, steps, index)
        assert scene_state(scene) == scene_state(fresh), f"{where}: step {index}"
        assert scene.arrows == fresh.arrows, f"{where}: step {index}"


@pytest.mark.parametrize(
    "name",
    [
        "souls/P-8-recruiting-in-front-moves-a-soul-back.yaml",
        "souls/P-45-another-captured-and-front-line.yaml",
        "might/M9-combat-cleanup-heals-the-whole-table.yaml",
        "might/P-10-combat-bonus-damage.yaml",
    ],
)
def test_jumps_through_a_shipped_timeline_draw_what_a_fresh_scene_draws(
    qtbot: QtBot, name: str
) -> None:
    path = SCENARIOS / name
    for branch, steps in branch_timelines(path):
        assert_jumps_draw_fresh_tables(steps, f"{path.name} {branch}")


def test_jumps_on_a_big_table_draw_what_a_fresh_scene_draws(qtbot: QtBot) -> None:
    """A souls session with captures (Souls behind them move up: the long way) and a might
    session with its ends of turn, on tables of 60 cards."""
    souls = souls_game(60)
    souls_session(souls, 40)
    for uid in ["s0-0", "s0-4", "s1-4"]:
        souls.deal(uid, 30)
    assert_jumps_draw_fresh_tables(souls.steps, "souls")
    might = might_game(60)
    might_session(might, 40)
    assert_jumps_draw_fresh_tables(might.steps, "might")


def test_a_jump_touches_and_repaints_only_the_cards_it_changed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between two steps of an 18-card table that damage a few Souls, only those are laid out
    on the scene again and painted again; the others keep their drawing. Once a card has
    changed, its faces are kept: scrubbing to and fro copies them, paints none."""
    game = souls_game(18)
    for uid in ["s0-1", "s0-2", "s1-3"]:
        game.deal(uid, 5)
    steps = game.steps
    monkeypatch.setattr(table_scene, "FACES", Faces())  # none kept from another test
    scene = TableScene()
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    qtbot.waitExposed(view)
    show(scene, steps, 0)
    view.fit()
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    shown = [item for item in scene.items_by_uid.values() if item.isVisible()]
    assert all(seen.contains(item.sceneBoundingRect()) for item in shown)
    qtbot.wait(20)  # every card drawn once, and kept
    placed: list[str] = []
    painted: list[str] = []
    place, paint = TableScene._place, table_scene.paint_card
    monkeypatch.setattr(
        TableScene, "_place", lambda s, p, o: (placed.append(p.uid), place(s, p, o))
    )
    monkeypatch.setattr(
        table_scene,
        "paint_card",
        lambda pa, look, *a: (painted.append(look.title), paint(pa, look, *a)),
    )
    show(scene, steps, len(steps) - 1)
    qtbot.wait(20)  # painted as the screen is
    changed = steps[-1].table.differences(steps[0].table)
    assert set(placed) == changed == {"s0-1", "s0-2", "s1-3"}
    assert len(painted) == len(changed)
    placed.clear()
    painted.clear()
    view.viewport().repaint()  # the whole table: nothing changed, nothing painted
    assert painted == [] and placed == []
    show(scene, steps, 0)  # back: drawn again (a first show keeps no face twice), and kept
    qtbot.wait(20)
    assert len(painted) == len(changed)
    for index in (len(steps) - 1, 0):  # scrubbing to and fro: every face is kept now
        placed.clear()
        painted.clear()
        show(scene, steps, index)
        qtbot.wait(20)
        assert set(placed) == changed and painted == []
