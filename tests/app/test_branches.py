"""What-if branches in the app: branching by acting earlier or answering again, switching,
undo per branch, renaming (by the file's rule), saving and reopening, comparing side by side,
"why?" of the unit that died, and the lessons menu."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from app.drawing.card_painter import MIN_TEXT_PX
from app.drawing.table_scene import TableScene
from app.might.dialogs import ReplacementOrderDialog
from app.presentation.session import Session
from app.widgets.compare_dialog import CompareDialog
from app.widgets.main_window import MainWindow
from app.widgets.table_view import TableView
from engine.assets import SCENARIOS
from engine.ruleset import ruleset
from engine.scenario import run_scenario

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
DEMO = SCENARIOS / "souls" / "demo-table.yaml"
HEAL_SAVES = SCENARIOS / "souls" / "battle-3-window-heal-saves.yaml"
SOULS = ruleset("souls").action


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def offered(window: MainWindow) -> list[QAction]:
    """The entries of the card menu last opened, its submenus' included."""
    menu = window.last_menu
    assert menu is not None
    actions = list(menu.actions())
    for action in menu.actions():
        if action.menu():
            actions += action.menu().actions()
    return actions


def click(window: MainWindow, uid: str, text: str) -> None:
    window.card_clicked(uid)
    next(a for a in offered(window) if a.text().startswith(text)).trigger()
    assert window.last_menu is not None
    window.last_menu.close()


def test_acting_earlier_starts_a_branch_and_switching_keeps_each(window: MainWindow) -> None:
    window.open_path(DEMO)
    session = window.session
    main_steps = list(session.steps)
    session.select(3)
    click(window, "alice-imp", "Deal 5 damage")
    assert session.branch == "deal alice-imp 5" and session.parents[session.branch] == "main"
    branch_steps = list(session.steps)
    assert branch_steps[:4] == main_steps[:4] and len(branch_steps) < len(main_steps)
    assert set(window.timeline.branches.items) == {"main", "deal alice-imp 5"}
    session.select(2)
    window.timeline.branches.tree.itemClicked.emit(window.timeline.branches.items["main"], 0)
    assert session.branch == "main" and session.steps == main_steps
    assert session.index == 3  # main is shown at the step it was left at
    session.switch("deal alice-imp 5")
    assert session.steps == branch_steps and session.index == 2  # where the user left it


def test_undo_and_redo_belong_to_their_branch(window: MainWindow) -> None:
    window.open_path(DEMO)
    session = window.session
    session.select(3)
    click(window, "alice-imp", "Deal 5 damage")
    session.select(session.last)
    click(window, "sylva", "Deal 5 damage")
    branched = len(session.steps)
    assert session.undo() and len(session.steps) < branched and session.redo_stack
    session.switch("main")
    assert not session.redo_stack  # main has nothing to redo
    session.switch("deal alice-imp 5")
    assert session.redo() and len(session.steps) == branched


def test_a_branch_acted_from_keeps_what_it_can_redo(qtbot: object) -> None:
    session = Session()
    session.open(DEMO)
    session.select(session.last)
    session.act(SOULS.model_validate({"deal": {"target": "sylva", "amount": 5}}))
    session.undo()  # main can redo the deal
    session.select(3)
    session.act(SOULS.model_validate({"deal": {"target": "alice-imp", "amount": 5}}))
    session.switch("main")
    assert session.redo()  # the deal again, though the branch's action cleared the session's
    assert session.steps[-1].description == "sylva takes 5 damage (HP 40 -> 35)"


@pytest.mark.rule("P-128", "S-13")
def test_acting_at_a_battle_window_step_of_an_earlier_attack_acts_inside_it(
    window: MainWindow,
) -> None:
    """At a step of an earlier attack's battle window, an offer acts there, inside the window,
    in a new branch: the attack is not played again from before it. At its declaration or its
    capture step, the offer is refused, saying where one may act."""
    assert window.open_path(HEAL_SAVES)  # the attack: steps 1 to 7, its window at 2 and 5
    session = window.session
    main_steps = list(session.steps)
    session.select(4)  # inside the Blood Priest's activation, in the window
    window.card_clicked("ash-zealot")
    [refused] = [a for a in offered(window) if a.text().startswith("Deal 5 damage")]
    assert not refused.isEnabled()
    assert "this step is inside an attack (steps 1 to 7): to act, go to its start (step 0), " in (
        refused.text()
    )
    session.select(2)  # the window as it opened, the Zealot at 0 HP
    click(window, "ash-zealot", "Heal 5")
    assert session.branch == "heal ash-zealot 5" and session.waiting is not None
    assert session.steps[:3] == main_steps[:3]  # the declaration and damage, not replayed anew
    assert session.steps[3].description == "ash-zealot heals 5 (damage 15 -> 10)"
    [attack] = session.play.actions  # type: ignore[union-attr]
    assert [action.kind for action in attack.nested()] == ["heal"]


def test_a_branch_can_be_renamed_but_not_to_a_taken_name(window: MainWindow) -> None:
    window.open_path(DEMO)
    session = window.session
    session.select(3)
    click(window, "alice-imp", "Deal 5 damage")
    item = window.timeline.branches.items["deal alice-imp 5"]
    item.setText(0, "imp hurt early")
    assert session.branch == "imp hurt early" and "imp hurt early" in session.parents
    item = window.timeline.branches.items["imp hurt early"]
    item.setText(0, "main")
    assert session.branch == "imp hurt early" and item.text(0) == "imp hurt early"


def test_a_new_branch_is_never_named_like_another(window: MainWindow) -> None:
    window.open_path(DEMO)
    session = window.session
    session.select(3)
    click(window, "alice-imp", "Deal 5 damage")
    session.rename("deal alice-imp 5", "Deal  Alice-imp 5")  # what a file may hold beside it
    session.select(3)
    click(window, "alice-imp", "Deal 5 damage")
    assert session.branch == "deal alice-imp 5 (2)"


def test_branches_save_and_reopen(window: MainWindow, tmp_path: Path) -> None:
    window.open_path(DEMO)
    session = window.session
    session.select(3)
    click(window, "alice-imp", "Deal 5 damage")
    session.select(session.last)
    click(window, "sylva", "Deal 5 damage")
    steps = {name: list(session.branch_play(name).game.steps) for name in session.parents}
    saved = tmp_path / "branched.yaml"
    session.save(saved)
    assert "branches:" in saved.read_text() and "name: deal alice-imp 5" in saved.read_text()
    assert run_scenario(saved).failures == []  # the file's own expectations still hold
    assert window.open_path(saved)
    assert list(session.parents) == ["main", "deal alice-imp 5"]
    for name, expected in steps.items():
        seen = session.branch_play(name).game.steps
        assert [s.description for s in seen] == [s.description for s in expected]


def test_answering_again_branches_and_compare_shows_the_unit_that_died(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's flow: branch at the order choice, compare both outcomes, ask why."""
    window.open_path(M8)
    session = window.session
    session.select(3)  # Battlefield 1's assignment: prevention first

    def doubling_first(dialog: ReplacementOrderDialog) -> int:
        dialog.list.insertItem(0, dialog.list.takeItem(1))
        return 1

    monkeypatch.setattr(ReplacementOrderDialog, "exec", doubling_first)
    assert window.answer_again()
    assert session.parents[session.branch] == "main"
    assert session.branch == "order sentinel-a: double-a, ward-a"  # named after what differs
    assert session.steps[-1].table.cards["sentinel-a"].zone == "trash"  # type: ignore[attr-defined]
    dialog = window.compare_branches()
    left, right = dialog.sides
    assert left.branches.currentText() == session.branch  # the branch shown, and another
    assert right.branches.currentText() == "main"
    right.step_box.setValue(11)  # main after its first combat
    assert ["sentinel-a zone", "trash", "battlefield"] in fact_rows(dialog)
    assert right.scene.items_by_uid["sentinel-a"].outline == "step"
    assert "sentinel-b" not in {d.card for d in dialog.differences}  # the same in both
    dialog.close()
    died = next(s.index for s in session.steps if any(c.kind == "died" for c in s.changes))
    window.card_clicked("sentinel-a")
    window.last_menu.close()  # type: ignore[union-attr]
    session.select(died)
    assert any(s.index == died for s in window._why(died))
    assert "Why is sentinel-a like this?" in window.inspector.toHtml()


def fact_rows(dialog: CompareDialog) -> list[list[str]]:
    """The rows of the compare dialog's facts: what, then its value on each side."""
    return [
        [dialog.facts.item(row, column).text() for column in range(3)]
        for row in range(dialog.facts.rowCount())
    ]


def on_screen_widths(view: TableView, scene: TableScene) -> dict[tuple[str, float], float]:
    """Each card's width on screen, by its id and its width on the table (a card in the trash
    is a strip there, a unit on a battlefield)."""
    return {
        (uid, item.look.size[0]): view.on_screen(item).width()
        for uid, item in scene.items_by_uid.items()
    }


@pytest.mark.parametrize("size", [(1024, 700), (1600, 1000)])
def test_compared_cards_are_as_large_as_the_main_tables_and_readable(
    window: MainWindow, size: tuple[int, int]
) -> None:
    """Each half holds its table at the main table's scale at least (the issue saw 65 px cards
    with 6 px text): where a half cannot hold it, both scroll, together."""
    window.resize(*size)
    window.open_path(M8)
    settle()
    main_scale = window.view.scale_factor
    main_widths = on_screen_widths(window.view, window.scene)
    dialog = window.compare_branches()
    settle()
    assert (dialog.width(), dialog.height()) == size  # the main window's size
    for side in dialog.sides:
        assert side.view.scale_factor >= main_scale
        assert MIN_TEXT_PX * side.view.scale_factor >= 10  # the least text on a card, in px
        widths = on_screen_widths(side.view, side.scene)
        same = widths.keys() & main_widths.keys()
        assert same and all(widths[card] >= main_widths[card] for card in same)
        assert side.view.strip.caption.fontInfo().pixelSize() >= 10
    assert dialog.facts.fontInfo().pixelSize() >= 10
    left, right = (side.view.verticalScrollBar() for side in dialog.sides)
    assert left.maximum() > 0  # the half does not hold the whole table at this scale
    left.setValue(left.maximum() // 3)
    assert right.value() == left.value()
    dialog.close()


def test_compare_shows_who_holds_each_battlefield_the_same_or_not(window: MainWindow) -> None:
    window.open_path(M8)
    dialog = window.compare_branches()
    left, right = dialog.sides
    right.branches.setCurrentText(left.branches.currentText())  # one branch, two steps
    right.step_box.setValue(0)
    rows = {what: (a, b) for what, a, b in fact_rows(dialog)}
    tables = [side.step().table for side in dialog.sides]
    for field in tables[0].battlefields:  # type: ignore[attr-defined]
        holders = tuple(
            "nobody" if f.holder is None else table.players[f.holder].name
            for table in tables
            for f in table.battlefields  # type: ignore[attr-defined]
            if f.name == field.name
        )
        assert rows[f"{field.name} holder"] == holders
    assert "Battlefield 1 holder" in rows and rows["Battlefield 1 holder"] == ("Bob", "nobody")
    bold = {
        dialog.facts.item(row, 0).text()
        for row in range(dialog.facts.rowCount())
        if dialog.facts.item(row, 0).font().bold()
    }
    assert bold == {d.what for d in dialog.differences}  # what differs, and only that
    right.step_box.setValue(right.step_box.maximum())  # the same step: nothing differs
    assert not dialog.differences and not any(
        dialog.facts.item(row, 0).font().bold() for row in range(dialog.facts.rowCount())
    )
    assert "Battlefield 1 holder" in {what for what, _, _ in fact_rows(dialog)}
    dialog.close()


def test_lessons_are_grouped_by_topic_and_read_only(window: MainWindow) -> None:
    souls = next(a.menu() for a in window.lessons_menu.actions() if a.text() == "souls")
    souls.aboutToShow.emit()
    topics = {a.text(): a.menu() for a in souls.actions()}
    assert len(topics) >= 3 and all(menu is not None for menu in topics.values())
    lesson = next(iter(topics.values())).actions()[0]
    lesson.trigger()
    assert window.session.path == Path(lesson.data()) and window.session.read_only
    assert len(window.session.parents) >= 2  # the lesson's branch is there to switch to


@pytest.mark.parametrize(
    ("new", "why"),
    [
        ("Main", "the branch names 'main' and 'Main' differ only by case or spacing"),
        (
            "ma\u200bin",
            "'ma\\u200bin' holds U+200B ZERO WIDTH SPACE, an invisible formatting character",
        ),
        ("   ", "a name cannot be empty or only spaces"),
        ("main", "two branches are named 'main'"),
    ],
)
def test_the_app_renames_a_branch_by_the_files_rule(qtbot: object, new: str, why: str) -> None:
    session = Session()
    session.open(M8)
    with pytest.raises(ValueError) as refused:
        session.rename("doubling first", new)
    assert str(refused.value) == f"a branch cannot be renamed {new.strip()!r}: {why}"
    assert "doubling first" in session.parents


def test_the_app_renames_a_branch_in_nfc(qtbot: object) -> None:
    session = Session()
    session.open(M8)
    session.rename("doubling first", "  doublé first ".replace("\u00e9", "e\u0301"))
    assert list(session.parents) == ["main", "doubl\u00e9 first"]
