"""What-if branches without a window (app/presentation/branches.py, session.py): a new branch is
named after what differs, in a few words, never a Python form; answering an action's choices
again branches from the step before it; a branch is renamed as a file could name it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from app.presentation.branches import action_label, answers_label, compact, given_changes
from app.presentation.session import Changed, Session
from engine.assets import SCENARIOS
from engine.choices import Choice
from engine.ruleset import ruleset

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
CHOSEN = SCENARIOS / "might" / "P-41-chosen-targets.yaml"
MIGHT = ruleset("might").action


def combat(order: dict[str, Any] | None = None, assign: dict[str, Any] | None = None) -> Any:
    fight: dict[str, Any] = {"battlefield": "Battlefield 1"}
    if assign is not None:
        fight["assign"] = assign
    return MIGHT.model_validate({"combat": fight} | ({"order": order} if order else {}))


ORDER = {"sentinel-a": ["ward-a", "double-a"]}
ASSIGN = {"Alice": [{"unit": "sentinel-a", "damage": 3}]}


def test_an_action_in_a_few_words() -> None:
    assert compact({"target": "sylva", "amount": 5}) == "sylva 5"
    assert compact({"sentinel-a": ["double-a", "ward-a"]}) == "sentinel-a: double-a, ward-a"
    assert compact(("a", "b")) == "a, b"
    deal = ruleset("souls").action.model_validate({"deal": {"target": "sylva", "amount": 5}})
    assert action_label(deal) == "deal sylva 5"
    assert action_label(ruleset("souls").action.model_validate("end_turn")) == "end turn"
    assert action_label(combat()) == "combat Battlefield 1"
    # an assignment is a tuple of mappings: in words, as a list is
    assert action_label(combat(assign=ASSIGN)) == (
        "combat battlefield: Battlefield 1; assign: Alice: sentinel-a 3"
    )


def test_answers_given_again_are_named_by_what_they_changed() -> None:
    before = combat(ORDER, ASSIGN)
    reordered = combat({"sentinel-a": ["double-a", "ward-a"]}, ASSIGN)
    assert answers_label(before, reordered) == "order sentinel-a: double-a, ward-a"
    both = combat({"sentinel-a": ["double-a", "ward-a"]}, {"Alice": [{"unit": "b", "damage": 3}]})
    assert answers_label(before, both) == (
        "order sentinel-a: double-a, ward-a; combat assign: Alice: b 3"
    )
    # an answer the first playing did not give (the rules' default) counts only alone
    assert answers_label(combat(ORDER), both) == "order sentinel-a: double-a, ward-a"
    assert answers_label(combat(), both) == (
        "order sentinel-a: double-a, ward-a; combat battlefield: Battlefield 1; assign: Alice: b 3"
    )


def test_the_same_answers_given_again_say_so() -> None:
    before = combat(ORDER, ASSIGN)
    assert answers_label(before, combat(ORDER, ASSIGN)) == (
        "combat battlefield: Battlefield 1; assign: Alice: sentinel-a 3, answered the same"
    )


def test_only_what_replaces_something_given_is_a_change() -> None:
    old = {"a": {"b": 1, "c": 2}, "d": 3, "e": {"f": 4}}
    new = {"a": {"b": 1, "c": 5, "g": 6}, "d": 3, "e": 7, "h": 8}
    assert given_changes(old, new) == {"a": {"c": 5}, "e": 7}  # "g", "h": not given before
    assert given_changes({"d": 3}, {"d": {"x": 1}}) == {"d": {"x": 1}}
    assert given_changes(old, old) == {}


def answered(at: int, chooser: Any) -> Session:
    """M8 (its combats end at steps 11 and 21), the choices of the action of step ``at``
    answered again by ``chooser``."""
    session = Session()
    session.open(M8)
    session.select(at)
    session.chooser = chooser
    session.answer_again()
    return session


def default(choice: Choice) -> Any:
    return choice.default


def test_answering_again_at_an_actions_last_step_replays_that_action() -> None:
    session = answered(11, default)
    assert session.branch == "combat Battlefield 1, answered the same"
    assert session.parents[session.branch] == "main"
    assert (session.index, session.last_action) == (1, (1, 11))  # shown from its first step


def test_answering_again_plays_the_actions_before_it_as_they_were() -> None:
    main = Session()
    main.open(M8)
    session = answered(15, default)
    assert session.branch == "combat Battlefield 2, answered the same"
    steps = [step.description for step in session.steps]
    assert steps[:13] == [step.description for step in main.steps][:13]
    assert (session.index, session.last_action) == (12, (12, 22))


def test_the_set_up_has_no_answers_to_give_again() -> None:
    session = Session()
    session.open(M8)
    session.select(0)
    assert not session.can_answer_again()
    session.select(1)
    assert session.can_answer_again()
    session.select(21)  # the last step of the last action
    assert session.can_answer_again()
    demo = Session()
    demo.open(SCENARIOS / "souls" / "demo-table.yaml")  # six actions
    demo.select(demo.last)
    assert demo.can_answer_again()


def test_redo_asks_the_player_again_what_the_action_left_to_the_rules() -> None:
    """An order left to the rules' default is not written into the action: redo plays it
    again through the session's chooser (the app's dialog), as the first playing did."""
    asked: list[str] = []

    def player(choice: Choice) -> Any:
        asked.append(choice.kind)
        return choice.default

    session = answered(3, player)
    first = list(asked)
    assert "replacement_order" in first
    session.undo()
    session.redo()
    assert asked == first * 2
    assert session.branch == "combat Battlefield 1, answered the same"


def test_a_files_branch_is_first_shown_at_its_last_step() -> None:
    """As the file's script is when it opens: the branch played to its end, and switching back
    shows the script where it was left."""
    session = Session()
    session.open(SCENARIOS / "might" / "M-14-a-holder-without-units-loses-it.yaml")
    assert session.index == session.last
    session.select(3)
    assert session.switch("a second unit stays") == Changed(timeline=True, step=True)
    assert session.index == session.last > 3
    session.switch("main")
    assert session.index == 3


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ("main", "x", "'main' is the file's own script"),
        ("nobody chooses", "no damaged enemy", "two branches are named 'no damaged enemy'"),
        ("nobody chooses", "  ", "a name cannot be empty or only spaces"),
        (
            "nobody chooses",
            "No Damaged Enemy",
            "the branch names 'no damaged enemy' and 'No Damaged Enemy' differ only by case",
        ),
    ],
)
def test_a_branch_cannot_be_renamed_as_a_file_could_not_name_it(
    old: str, new: str, why: str
) -> None:
    session = Session()
    session.open(CHOSEN)
    with pytest.raises(ValueError) as refused:
        session.rename(old, new)
    assert str(refused.value).startswith(f"a branch cannot be renamed {new.strip()!r}: {why}")
    assert list(session.parents) == ["main", "nobody chooses", "no damaged enemy"]
    assert not session.dirty
    assert session.rename("nobody chooses", "default") == Changed(timeline=True, dirty=True)


def test_a_branch_renamed_keeps_its_children_and_its_entry_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "chosen.yaml"
    shutil.copy(CHOSEN, path)
    session = Session()
    session.open(path)
    session.switch("nobody chooses")
    session.select(0)
    session.act(MIGHT.model_validate("end_turn"))  # a branch of the branch
    assert session.parents["end turn"] == "nobody chooses"
    session.switch("main")
    assert session.rename("nobody chooses", "  the default ") == Changed(timeline=True)
    assert session.parents == {
        "main": "",
        "the default": "main",
        "no damaged enemy": "main",
        "end turn": "the default",
    }
    session.switch("end turn")
    assert session.rename("end turn", "passed") and session.dirty  # the one shown
    assert session.branch == "passed" and session.parents["passed"] == "the default"
    session.save(path)
    text = path.read_text(encoding="utf-8")
    # its entry keeps its expectations; its child names it as its parent
    assert "  - name: the default\n    keep: 0\n" in text
    assert "targeting stone-whelp (by default" in text
    assert "  - name: passed\n    parent: the default\n" in text
    reopened = Session()
    reopened.open(path)
    assert reopened.parents["passed"] == "the default"


def test_answering_again_after_a_trigger_resolves_it_first_as_the_file_did() -> None:
    """P-41: the Sharpshooter's trigger resolves before Twin Bolt is played; answering Twin
    Bolt's targets again plays the Sharpshooter as it was, its trigger resolved, then the bolt."""
    main = Session()
    main.open(CHOSEN)
    first = main.play.runner.ends[0] + 1 if main.play else 0  # the bolt's first step
    session = Session()
    session.open(CHOSEN)
    session.select(first)
    session.chooser = default
    session.answer_again()
    assert session.branch == (
        "play card: twin-bolt; targets: stone-whelp, iron-sentinel, answered the same"
    )
    steps = [step.description for step in session.steps]
    assert steps[:first] == [step.description for step in main.steps][:first]
    assert steps[first] == "twin-bolt targeting stone-whelp, iron-sentinel goes on the chain"


def test_acting_asks_the_player_what_the_action_leaves_open_earlier_and_at_the_end() -> None:
    def player(choice: Choice) -> Any:  # prevention and doubling: the other order
        reverse = choice.kind == "replacement_order"
        return tuple(reversed(choice.default)) if reverse else choice.default

    session = Session()
    session.open(M8)
    session.chooser = player
    session.select(0)
    session.act(combat())  # a branch from the set-up
    assert session.actions()[-1].order == {"sentinel-a": ("double-a", "ward-a")}
    session.act(MIGHT.model_validate({"combat": {"battlefield": "Battlefield 2"}}))  # its end
    assert session.actions()[-1].order == {"sentinel-b": ("double-b", "ward-b")}
