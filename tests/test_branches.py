"""What-if branches (issue 9, points 1-3): in scenario files, in `cardtable check` and `diff`, and
in the app: branching by acting earlier or answering again, switching, undo per branch, renaming,
saving and reopening, comparing side by side, and "why?" of the unit that died."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.dialogs import ReplacementOrderDialog
from app.main_window import MainWindow
from engine.assets import LESSONS, SCENARIOS
from engine.branches import MAIN
from engine.compare import Side, changed_cards, compare_sides
from engine.errors import ScenarioError
from engine.scenario import load_scenario, run_scenario

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
DEMO = SCENARIOS / "souls" / "demo-table.yaml"


def m8_with(tmp_path: Path, branches: str) -> Path:
    text = M8.read_text().split("branches:")[0] + "branches:\n" + branches
    path = tmp_path / "m8.yaml"
    path.write_text(text)
    return path


# ---------------------------------------------------------------------------- the file format


def test_every_branch_is_checked(tmp_path: Path) -> None:
    assert run_scenario(M8).failures == []
    wrong = m8_with(
        tmp_path,
        """  - name: doubling first
    script:
      - combat: {battlefield: Battlefield 1}
        order: {sentinel-a: [double-a, ward-a]}
    expect:
      - cards:
          sentinel-a: {zone: battlefield}
""",
    )
    failures = run_scenario(wrong).failures
    assert len(failures) == 1
    assert "branches[0].expect[0]" in failures[0] and "sentinel-a zone" in failures[0]
    assert failures[0].startswith(f"{wrong}:")


@pytest.mark.parametrize(
    ("branches", "message"),
    [
        ("  - {name: a}\n  - {name: a}\n", "two branches are named 'a'"),
        ("  - {name: a, parent: b}\n", "its parent 'b' is not 'main' or a branch named before it"),
        ("  - {name: a, keep: 9}\n", "branch 'a' keeps 9 actions, but 'main' has 2"),
    ],
)
def test_a_broken_branch_list_is_refused(tmp_path: Path, branches: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario(m8_with(tmp_path, branches))


def test_a_branch_action_the_rules_refuse_is_located_in_its_branch(tmp_path: Path) -> None:
    path = m8_with(tmp_path, "  - name: a\n    script:\n      - move: {unit: nobody, to: base}\n")
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert "branches[0].script[0]" in str(caught.value)


def test_diff_names_what_differs_between_two_branches(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["diff", str(M8), "--branch", "main", "--branch", "doubling first", "--step", "11"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "'main' at step 11 / 'doubling first' at step 10" in text
    assert "sentinel-a zone: battlefield / trash" in text
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"card": "sentinel-a", "fact": "zone", "left": "battlefield", "right": "trash"} in data[
        "differences"
    ]
    assert data["left"] == {"branch": "main", "step": 11, "description": "Combat is over"}
    assert main(["diff", str(M8), "--branch", "nope"]) == 2
    assert "there is no branch 'nope'" in capsys.readouterr().err


WHAT_IF = """\
ruleset: {ruleset}
title: What if
rules: [S-1]
setup:
  players:
    - {{name: Alice{alice}}}
    - {{name: Bob{bob}}}
script:
  - end_turn: {{}}
branches:
  - name: {branch}
    keep: 0
    script: [{script}]
"""
SQUIRE = ", slots: {A1: {card: Thorn Squire}}"


@pytest.mark.parametrize(
    ("ruleset", "alice", "bob", "branch", "script", "expected", "cards"),
    [
        (
            "souls",
            SQUIRE,
            "",
            "stay",
            "",
            ["table turn: 2 / 1", "table turn player: Bob / Alice"],
            set(),
        ),
        (
            "souls",
            SQUIRE,
            ", realm: {card: Ember Citadel}",
            "shatter",
            "{deal: {target: ember-citadel, amount: 50}}",
            [
                "table turn: 2 / 1",
                "table turn player: Bob / Alice",
                "table result: under way / Alice wins",
            ],
            {"ember-citadel"},
        ),
        (
            "might",
            ", units: [{card: Stone Whelp}]",
            "",
            "runes",
            "{add_runes: {player: Alice, amount: 2}}",
            ["table turn: 2 / 1", "table turn player: Bob / Alice", "table Alice's runes: 0 / 2"],
            set(),
        ),
    ],
)
def test_diff_names_what_differs_in_the_table_itself(
    tmp_path: Path,
    ruleset: str,
    alice: str,
    bob: str,
    branch: str,
    script: str,
    expected: list[str],
    cards: set[str],
) -> None:
    """Whose turn it is, how the game stands and the rune pools are facts of the table, not of
    a card: they come first, and no card is outlined for them (M-13, S-1, P-23)."""
    path = tmp_path / "what-if.yaml"
    text = WHAT_IF.format(ruleset=ruleset, alice=alice, bob=bob, branch=branch, script=script)
    path.write_text(text)
    scenario, source = load_scenario(path)
    _, found = compare_sides(scenario, source, Side(MAIN), Side(branch))
    described = [difference.describe() for difference in found]
    assert described[: len(expected)] == expected
    assert not any(line.startswith("table ") for line in described[len(expected) :])
    assert changed_cards(found) == cards


# ------------------------------------------------------------------------------------ the app


def click(window: MainWindow, uid: str, text: str) -> None:
    window.card_clicked(uid)
    menu = window.last_menu
    assert menu is not None
    actions = list(menu.actions())
    for action in menu.actions():
        if action.menu():
            actions += action.menu().actions()
    next(a for a in actions if a.text().startswith(text)).trigger()
    menu.close()


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
    assert "sentinel-a zone: trash / battlefield" in [
        dialog.found.item(i).text() for i in range(dialog.found.count())
    ]
    assert right.scene.items_by_uid["sentinel-a"].outline == "step"
    assert "sentinel-b" not in {d.card for d in dialog.differences}  # the same in both
    dialog.close()
    died = next(s.index for s in session.steps if any(c.kind == "died" for c in s.changes))
    window.card_clicked("sentinel-a")
    window.last_menu.close()  # type: ignore[union-attr]
    session.select(died)
    assert any(s.index == died for s in window._why(died))
    assert "Why is sentinel-a like this?" in window.inspector.toHtml()


# ------------------------------------------------------------------------------- the lessons


LESSON_FILES = sorted(LESSONS.rglob("*.yaml"))


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_each_ruleset_has_a_dozen_lessons_with_a_topic_and_a_branch(ruleset: str) -> None:
    files = sorted((LESSONS / ruleset).glob("*.yaml"))
    assert len(files) >= 12
    for path in files:
        scenario, _ = load_scenario(path)
        assert scenario.ruleset == ruleset and scenario.topic, path.name
        assert scenario.branches and all(b.expect for b in scenario.branches), path.name


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_every_lesson_and_its_branches_hold(path: Path) -> None:
    assert run_scenario(path).failures == []


def test_lessons_are_grouped_by_topic_and_read_only(window: MainWindow) -> None:
    souls = next(a.menu() for a in window.lessons_menu.actions() if a.text() == "souls")
    souls.aboutToShow.emit()
    topics = {a.text(): a.menu() for a in souls.actions()}
    assert len(topics) >= 3 and all(menu is not None for menu in topics.values())
    lesson = next(iter(topics.values())).actions()[0]
    lesson.trigger()
    assert window.session.path == Path(lesson.data()) and window.session.read_only
    assert len(window.session.parents) >= 2  # the lesson's branch is there to switch to
