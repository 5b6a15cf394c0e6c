"""The desktop app, driven offscreen with pytest-qt."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.drawing.table_scene import CardItem
from app.might.dialogs import ReplacementOrderDialog
from app.widgets import message_boxes
from app.widgets.inspector import Inspector, step_html
from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS
from engine.scenario import run_scenario

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
M4 = SCENARIOS / "might" / "M4-prevention-worked-example.yaml"
ATTACK_REFUSAL = (
    "cannot declare another attack during a battle window; finish the battle first (rule S-13)"
)


@pytest.fixture(autouse=True)
def questions_answered_yes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(message_boxes, "question", lambda *a, **k: message_boxes.Button.Yes)


def item(win: MainWindow, uid: str) -> CardItem:
    return win.scene.items_by_uid[uid]


def step_where(win: MainWindow, text: str) -> int:
    return next(s.index for s in win.session.steps if text in s.description)


def test_stepping_with_keys_and_buttons_shows_the_table_then(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    assert window.open_path(DEMO)
    session = window.session
    assert session.at_end()
    captured = step_where(window, "bob-imp is captured")
    session.select(captured - 1)
    assert not item(window, "bob-imp").look.face_down
    assert item(window, "bob-imp").look.counter == 10  # at 0 HP, waiting for the capture step
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert session.index == captured
    assert item(window, "bob-imp").look.face_down
    assert item(window, "bob-imp").highlighted
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert session.index == 0 and not item(window, "bob-imp").look.face_down
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert session.at_end()
    window.timeline.buttons["First step"].click()
    assert session.index == 0
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert session.steps[session.index].phase[:2] != session.steps[0].phase[:2]
    assert item(window, "sylva").look.bar == (30, 30)


def test_timeline_rows_and_inspector(window: MainWindow) -> None:
    window.open_path(DEMO)
    assert len(window.timeline.rows) == len(window.session.steps)
    captured = step_where(window, "bob-imp is captured")
    window.timeline.tree.setCurrentItem(window.timeline.rows[captured])
    assert window.session.index == captured
    html = window.inspector.toHtml()
    assert "14.4.1" in html and "Capture step" in html
    window.card_clicked("sylva")
    window.last_menu.close()
    assert "Sylva" in window.inspector.toHtml()


def test_shield_shows_what_is_left(window: MainWindow) -> None:
    window.open_path(M4)
    first = step_where(window, "fully prevented")
    window.session.select(first)
    assert "prevent 1" in item(window, "iron-sentinel").look.badges
    window.session.select(window.session.last)
    assert "prevent 0" in item(window, "iron-sentinel").look.badges
    assert item(window, "iron-sentinel").look.counter == 2


def test_the_inspector_shows_a_steps_replacements_in_a_table() -> None:
    """Might's view puts a step's replacements in a table, in the order applied, and lists the
    rest (``RulesetView.change_tables``)."""
    steps = run_scenario(M4).steps
    prevented = next(
        s for s in steps if s.description.endswith("fully prevented: not dealt, nothing triggers")
    )
    html = step_html(prevented)
    assert "<p><b>Damage replacements, in the order applied</b></p>" in html
    assert "<tr><td>iron-sentinel</td><td>ward (prevention)</td><td>2</td><td>0</td>" in html
    assert "<li>iron-sentinel: prevention" not in html  # not listed again
    other = next(s for s in steps if s.changes and all(c.kind != "replacement" for c in s.changes))
    assert "Damage replacements" not in step_html(other) and "<b>Changes</b>" in step_html(other)


def words_broken(inspector: Inspector) -> list[str]:
    """The lines of the inspector's text, tables' cells included, that end inside a word."""
    broken = []
    block = inspector.document().begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for number in range(layout.lineCount() - 1):
            line = layout.lineAt(number)
            end = line.textStart() + line.textLength()
            if text[end - 1 : end].isalnum() and text[end : end + 1].isalnum():
                broken.append(text)
        block = block.next()
    return broken


def test_the_inspectors_table_wraps_at_word_boundaries_in_a_narrow_dock(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A table wider than the dock keeps its words whole ("amount before", "iron-sentinel")
    and scrolls sideways, rather than reading "amo unt befo re"."""
    steps = run_scenario(M4).steps
    prevented = next(s for s in steps if s.description.endswith("nothing triggers"))
    inspector = Inspector()
    qtbot.addWidget(inspector)
    inspector.resize(240, 300)  # the dock's width at 1024x700
    inspector.show_step(prevented)
    inspector.show()
    assert words_broken(inspector) == []
    assert inspector.horizontalScrollBar().maximum() > 0


def menu_action(window: MainWindow, text: str):  # type: ignore[no-untyped-def]
    actions = list(window.last_menu.actions())
    for action in window.last_menu.actions():
        if action.menu():
            actions += action.menu().actions()
    return next(a for a in actions if a.text().startswith(text))


def test_attack_and_end_turn_by_clicks(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    refused: list[str] = []
    monkeypatch.setattr(message_boxes, "warning", lambda parent, title, text: refused.append(text))
    window.open_path(DEMO)
    window.session.select(window.session.last)  # Turn 3, Alice to play
    before = len(window.session.steps)
    window.card_clicked("thorn-squire")
    menu_action(window, "Attack").trigger()
    window.card_clicked("mossback-guard")
    assert len(window.session.steps) > before
    assert any("attacks mossback-guard" in s.description for s in window.session.steps)
    steps = list(window.session.steps)
    window.card_clicked("sylva")
    attack = menu_action(window, "Attack")  # no target is legal in the open window: said before
    assert not attack.isEnabled() and f"no legal target: {ATTACK_REFUSAL}" in attack.text()
    assert refused == [] and window.session.steps == steps
    window.last_menu.close()
    window.card_clicked("sylva")
    assert not menu_action(window, "End turn").isEnabled()  # the battle window is open
    menu_action(window, "Pass: go to the capture step").trigger()
    window.card_clicked("sylva")
    menu_action(window, "End turn").trigger()
    assert window.session.steps[-1].table.turn == 4  # type: ignore[attr-defined]


def test_illegal_action_is_disabled_with_the_reason(window: MainWindow) -> None:
    window.open_path(DEMO)
    window.card_clicked("thorn-squire")
    capture = menu_action(window, "Capture")
    assert capture.isEnabled()
    window.last_menu.close()
    window.card_clicked("bob-imp")  # captured: effects that do not ask for one can't touch it
    deal = menu_action(window, "Deal 5 damage")
    assert not deal.isEnabled() and "14.5.1" in deal.text()


def test_replacement_order_dialog_answer_is_recorded(window: MainWindow, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    window.open_path(M4)
    table_text = M4.read_text().replace(
        "shields: [{id: ward, value: 3, duration: this_turn}]",
        "shields: [{id: ward, value: 3}]\n          doublers: [{id: twice}]",
    )
    path = window.settings.fileName().replace("settings.ini", "order.yaml")
    Path(path).write_text(table_text.split("script:")[0])
    window.open_path(Path(path))
    asked = []

    def fake_exec(dialog: ReplacementOrderDialog) -> int:
        asked.append(dialog.answer())
        dialog.list.insertItem(0, dialog.list.takeItem(1))  # doubling first
        return 1

    monkeypatch.setattr(ReplacementOrderDialog, "exec", fake_exec)
    window.card_clicked("iron-sentinel")
    menu_action(window, "Deal 2 damage").trigger()
    assert asked == [("ward", "twice")]
    last = window.session.actions()[-1]
    assert last.order == {"iron-sentinel": ("twice", "ward")}  # type: ignore[attr-defined]
    assert window.session.table.cards["iron-sentinel"].damage == 2  # type: ignore[union-attr]


def test_save_and_reopen_replays_the_same_timeline(window: MainWindow, tmp_path: Path) -> None:
    window.open_path(DEMO)
    damage = window.session.table.cards["sylva"].damage  # type: ignore[union-attr]
    window.card_clicked("sylva")
    menu_action(window, "Deal 5 damage").trigger()
    assert window.session.table.cards["sylva"].damage == damage + 5  # type: ignore[union-attr]
    descriptions = [s.description for s in window.session.steps]
    assert "sylva takes 5 damage" in " ".join(descriptions[-3:])  # the deal took effect
    saved = tmp_path / "saved.yaml"
    window.session.save(saved)
    assert window.open_path(saved)
    assert [s.description for s in window.session.steps] == descriptions
    assert window.session.table.cards["sylva"].damage == damage + 5  # type: ignore[union-attr]


def test_broken_file_keeps_the_session(window: MainWindow, tmp_path: Path) -> None:
    window.open_path(DEMO)
    steps, path = window.session.steps, window.session.path
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: souls\ntitle: [oops\n")
    assert not window.open_path(broken)
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text(DEMO.read_text().replace("target: alice-imp", "target: nobody"))
    assert not window.open_path(hostile)  # the script names a card that does not exist
    assert window.session.steps is steps and window.session.path == path


def test_undo_redo_and_acting_on_an_earlier_step(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.open_path(DEMO)
    full = len(window.session.steps)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(window.session.steps) < full
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert len(window.session.steps) == full
    window.session.select(3)
    window.card_clicked("alice-imp")
    menu_action(window, "Deal 5 damage").trigger()
    first, last = window.session.last_action  # type: ignore[misc]
    assert window.session.index == first and last == window.session.last  # its first step shown
    assert len(window.session.steps) < full


def test_no_display_names_the_headless_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.widgets.gui import launch

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert launch(DEMO) == 2
    assert "cardtable shot" in capsys.readouterr().err


def test_shot_renders_a_png(tmp_path: Path) -> None:
    from app.cli.commands import main

    output = tmp_path / "table.png"
    assert main(["shot", str(M4), "--step", "3", "-o", str(output)]) == 0
    assert output.stat().st_size > 1000
    assert main(["shot", str(M4), "--step", "999", "-o", str(output)]) == 2


def attack_targets(window: MainWindow) -> list[str]:
    """The demo table at its last step (turn 3, Alice to play), Thorn Squire's attack begun:
    the legal targets of its pick."""
    window.open_path(DEMO)
    window.session.select(window.session.last)
    window.card_clicked("thorn-squire")
    menu_action(window, "Attack").trigger()
    assert window.picker.offer is not None
    return window.picker.legal_targets(window.picker.offer)[0]


def test_while_picking_a_target_the_legal_ones_are_outlined_and_the_rest_dimmed(
    window: MainWindow,
) -> None:
    legal = attack_targets(window)
    assert legal and "thorn-squire" not in legal  # its own side is no target
    items = window.scene.items_by_uid
    assert all(items[uid].target is True and items[uid].opacity() == 1.0 for uid in legal)
    assert items["thorn-squire"].target is None  # the attacker is shown as usual
    others = [u for u, item in items.items() if u not in legal and u != "thorn-squire"]
    assert others and all(items[u].target is False and items[u].opacity() < 1.0 for u in others)
    window.cancel_pick()
    assert all(item.target is None and item.opacity() == 1.0 for item in items.values())


EACH = SCENARIOS / "might" / "P-41-a-different-effect-for-each-target.yaml"


def test_a_list_of_targets_is_picked_one_by_one_each_from_its_own_legal_units(
    window: MainWindow,
) -> None:
    window.open_path(EACH)
    window.session.select(0)
    window.card_clicked("rout")
    menu_action(window, "Play Rout").trigger()
    assert window.picker.offer is not None
    assert window.picker.legal_targets(window.picker.offer)[0] == ["pikeman", "iron-sentinel"]
    window.card_clicked("pikeman")
    assert window.picker.picked == ("pikeman",)
    assert "Choose the second target too: a unit you control" in (
        window.statusBar().currentMessage()
    )
    picker = window.picker
    assert picker.offer is not None
    assert picker.legal_targets(picker.offer)[0] == ["vanguard-captain", "stone-whelp"]
    assert item(window, "pikeman").target is True and item(window, "pikeman").picked
    window.card_clicked("vanguard-captain")
    assert window.picker.offer is None
    [rout] = window.session.table.chain  # type: ignore[union-attr]  # waits for the passes
    assert rout.targets == ("pikeman", "vanguard-captain")


def test_up_to_two_targets_keeps_picking_until_the_count_or_enter(window: MainWindow) -> None:
    window.open_path(EACH)
    window.session.select(0)
    window.card_clicked("split-shot")
    menu_action(window, "Play Split Shot").trigger()
    window.card_clicked("iron-sentinel")
    assert window.picker.picked == ("iron-sentinel",) and window.picker.offer is not None
    assert "click another target, or press Enter to play" in window.statusBar().currentMessage()
    assert window.finish_shortcut.isEnabled()
    window.finish_pick()
    assert window.picker.offer is None and not window.finish_shortcut.isEnabled()
    [shot] = window.session.table.chain  # type: ignore[union-attr]
    assert shot.targets == ("iron-sentinel",)
    assert window.session.play.actions[-1].play.target == "iron-sentinel"  # type: ignore[union-attr]
    window.session.select(0)
    window.card_clicked("split-shot")
    menu_action(window, "Play Split Shot").trigger()
    window.card_clicked("iron-sentinel")
    window.card_clicked("pikeman")  # the second of two: played at once
    assert window.picker.offer is None
    [shot] = window.session.table.chain  # type: ignore[union-attr]
    assert shot.targets == ("iron-sentinel", "pikeman")


def test_a_steps_effect_id_is_out_of_its_caption_and_in_the_inspectors_changes(
    window: MainWindow,
) -> None:
    """The table reads the step as words; the author finds the id a file's ``order:`` names it
    by in the inspector's list of the step's changes."""
    assert window.open_path(SCENARIOS / "might" / "M-2-might-at-or-below-zero.yaml")
    boost = next(s for s in window.session.steps if s.effect_ids == ("e4",))
    window.session.select(boost.index)
    caption = window.view.strip.caption.full_text
    assert caption == "iron-sentinel gets +2 Might from battle-cry this turn: Might 7 -> 9"
    assert "<li>effect <b>e4</b>, as a file names it</li>" in step_html(boost)
