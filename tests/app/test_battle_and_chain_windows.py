"""Playing inside a souls battle window and answering a might spell on the chain, by clicks."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from PySide6.QtCore import Qt

from app.widgets import message_boxes
from app.widgets.main_window import MainWindow
from app.widgets.window_bar import WindowBar
from engine.assets import SCENARIOS

HEAL_SAVES = SCENARIOS / "souls" / "battle-3-window-heal-saves.yaml"
REACTION = SCENARIOS / "might" / "M5-reaction-before-the-spell-resolves.yaml"


@pytest.fixture(autouse=True)
def questions_answered_yes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(message_boxes, "question", lambda *a, **k: message_boxes.Button.Yes)


def set_up_only(window: MainWindow, path: Path) -> None:
    """Open a copy of ``path`` without its script and expectations, ready for clicks."""
    data = yaml.safe_load(path.read_text())
    del data["script"], data["expect"]
    copy = Path(window.settings.fileName()).with_name(path.name)
    copy.write_text(yaml.safe_dump(data))
    assert window.open_path(copy)


def click_menu(window: MainWindow, text: str) -> None:
    assert window.last_menu is not None
    actions = list(window.last_menu.actions())
    for action in window.last_menu.actions():
        if action.menu():
            actions += action.menu().actions()
    action = next(a for a in actions if a.text().startswith(text))
    assert action.isEnabled(), action.text()
    action.trigger()
    window.last_menu.close()  # as a click on the item does


def bar(window: MainWindow) -> WindowBar:
    found = window.findChild(WindowBar)
    assert found is not None
    return found


def heal_in_the_window(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    set_up_only(window, HEAL_SAVES)
    assert bar(window).isHidden()
    window.card_clicked("thorn-squire")
    click_menu(window, "Attack…")
    window.card_clicked("ash-zealot")
    session = window.session
    assert session.waiting is not None and not bar(window).isHidden()
    assert bar(window).button.text() == "Pass: go to the capture step"
    assert session.steps[-1].table.hp("ash-zealot") == 0  # type: ignore[attr-defined]
    window.card_clicked("ash-zealot")
    click_menu(window, "Heal 10")
    assert session.waiting is not None  # still in the window
    qtbot.mouseClick(bar(window).button, Qt.MouseButton.LeftButton)


def test_a_heal_in_the_battle_window_saves_a_0_hp_soul(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    heal_in_the_window(window, qtbot)
    session = window.session
    assert session.waiting is None and bar(window).isHidden()
    texts = [s.description for s in session.steps]
    saved = "Capture step: no card is at 0 HP (thorn-squire HP 20, ash-zealot HP 10)"
    assert saved in texts
    end = session.steps[-1].table
    assert not end.cards["ash-zealot"].face_down and end.hp("ash-zealot") == 10  # type: ignore[attr-defined]
    attack = session.actions()[-1].attack  # type: ignore[attr-defined]
    assert [a.kind for a in attack.window] == ["heal"]
    # The pass selected its own first step; last_action spans it.
    assert session.last_action == (texts.index(saved), session.last)
    assert session.index == session.last_action[0]


def test_a_reaction_by_clicks_resolves_before_the_spell(window: MainWindow) -> None:
    set_up_only(window, REACTION)
    window.card_clicked("spark")
    click_menu(window, "Play Spark…")
    window.card_clicked("iron-sentinel")
    session = window.session
    assert session.waiting is not None and session.waiting.kind == "chain"
    first = session.last_action
    assert first is not None and session.index == first[0]  # the first step of the action
    window.card_clicked("quick-mend")
    click_menu(window, "Play Quick Mend…")
    window.card_clicked("iron-sentinel")
    assert len(session.steps[-1].table.chain) == 2  # type: ignore[attr-defined]
    window.card_clicked("iron-sentinel")
    assert not next(
        a
        for a in window.last_menu.actions()
        if a.text().startswith("End turn")  # type: ignore[union-attr]
    ).isEnabled()
    click_menu(window, "Pass: resolve the chain")
    texts = [s.description for s in session.steps]
    assert texts.index("quick-mend targeting iron-sentinel resolves") < texts.index(
        "spark targeting iron-sentinel resolves"
    )
    assert session.steps[-1].table.cards["iron-sentinel"].damage == 2  # type: ignore[attr-defined]
    assert session.waiting is None


def test_saved_windows_and_responses_replay_the_same_steps(
    window: MainWindow,
    qtbot,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    heal_in_the_window(window, qtbot)
    texts = [s.description for s in window.session.steps]
    saved = tmp_path / "window.yaml"
    window.session.save(saved)
    assert "window:" in saved.read_text()
    assert window.open_path(saved)
    assert [s.description for s in window.session.steps] == texts

    set_up_only(window, REACTION)
    window.card_clicked("spark")
    click_menu(window, "Play Spark…")
    window.card_clicked("iron-sentinel")
    window.card_clicked("quick-mend")
    click_menu(window, "Play Quick Mend…")
    window.card_clicked("iron-sentinel")
    window.game_menu.aboutToShow.emit()  # the Game menu offers the pass too
    pass_action = next(a for a in window.game_menu.actions() if a.text().startswith("Pass"))
    pass_action.trigger()
    texts = [s.description for s in window.session.steps]
    saved = tmp_path / "responses.yaml"
    window.session.save(saved)
    script = yaml.safe_load(saved.read_text())["script"]
    assert script[-1]["play"]["responses"] == [
        {"play": {"card": "quick-mend", "target": "iron-sentinel"}}
    ]
    assert window.open_path(saved)
    assert [s.description for s in window.session.steps] == texts


def test_undo_inside_the_window_takes_back_the_nested_action_first(
    window: MainWindow,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    set_up_only(window, HEAL_SAVES)
    session = window.session
    window.card_clicked("thorn-squire")
    click_menu(window, "Attack…")
    window.card_clicked("ash-zealot")
    attacked = len(session.steps)
    window.card_clicked("ash-zealot")
    click_menu(window, "Heal 10")
    healed = len(session.steps)
    window.undo()
    assert len(session.steps) == attacked and session.waiting is not None
    assert session.last_action is None
    window.undo()
    assert session.actions() == [] and session.waiting is None
    window.redo()
    assert len(session.steps) == attacked and session.waiting is not None
    window.redo()
    assert len(session.steps) == healed and session.waiting is not None
    assert [a.kind for a in session.actions()[-1].attack.window] == ["heal"]  # type: ignore[attr-defined]


def test_escape_and_a_refused_target_clear_the_target_prompt(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    set_up_only(window, HEAL_SAVES)
    window.card_clicked("thorn-squire")
    click_menu(window, "Attack…")
    assert "Click the Soul or Realm" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.picker.offer is None
    assert "Click the" not in window.statusBar().currentMessage()
    window.card_clicked("thorn-squire")
    click_menu(window, "Attack…")
    steps = window.session.steps
    window.card_clicked("thorn-squire")  # its own card: the engine refuses
    assert window.session.steps is steps and window.picker.offer is None
    assert "Click the" not in window.statusBar().currentMessage()


def test_a_card_menu_pauses_playback(window: MainWindow) -> None:
    assert window.open_path(HEAL_SAVES)
    window.session.select(0)
    window.timeline.toggle_play()
    assert window.timeline.timer.isActive()
    window.card_clicked("thorn-squire")
    assert not window.timeline.timer.isActive()
