"""Expectations, notes, questions, rules and labels written through the session, without a
window (app/presentation/session.py): each about the label of the selected step's action (a
new one on an action that has none), refused in a line saying why, and undone as one edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.presentation.session import Changed, Session
from engine.assets import SCENARIOS
from engine.ruleset import ruleset
from engine.souls.scenario import Action

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
MIGHT = ruleset("might").action
RUNES = """\
ruleset: might
title: Runes and Might
setup:
  players:
    - {name: Alice, units: [{card: Iron Sentinel, id: sentinel-a}]}
    - {name: Bob}
"""


@pytest.fixture
def session() -> Session:
    """The demo: its actions end at steps 3 (a play), 10 (the attack labelled
    ``imp-captured``, from step 4), 13 (an end of turn), 17, 22 (``sylva-grows``, from 18), 24."""
    session = Session()
    session.open(DEMO)
    return session


def labels(session: Session) -> list[str | None]:
    return [action.label for action in session.actions()]


def test_a_step_is_about_its_actions_label_or_a_new_one_on_it(session: Session) -> None:
    assert session.label_at(0) == ("start", 0)  # the set-up
    assert [session.label_at(i) for i in (4, 9, 10)] == [("imp-captured", 10)] * 3
    assert session.label_at(20) == ("sylva-grows", 22)
    assert [session.label_at(i) for i in (1, 3)] == [("play", 3)] * 2  # none yet: its kind
    assert session.label_at(11) == ("end-turn", 13)
    assert labels(session)[0] is None  # only asked: nothing labelled


def test_an_expectation_labels_its_action_and_undo_takes_both_back(session: Session) -> None:
    session.select(2)
    assert session.expect_card("thorn-squire") == ("play", 3)
    assert session.authored.expect[-1] == {
        "at": "play",
        "cards": {"thorn-squire": {"power": 20, "zone": "slot"}},
    }
    assert labels(session)[0] == "play" and session.dirty
    session.select(12)
    assert session.expect_step()[0] == "end-turn"  # a second new label, on its own action
    assert labels(session)[2] == "end-turn" and session.authored.expect[-1]["at"] == "end-turn"
    session.undo()
    assert labels(session)[2] is None and len(session.authored.expect) == 4
    session.undo()
    assert labels(session)[0] is None and len(session.authored.expect) == 3
    session.redo()
    assert labels(session)[0] == "play" and len(session.authored.expect) == 4


def test_a_card_not_on_the_table_cannot_be_expected(session: Session) -> None:
    session.select(2)
    with pytest.raises(ValueError, match="^nobody is not on the table at step 3$"):
        session.expect_card("nobody")
    assert len(session.authored.expect) == 3 and labels(session)[0] is None


def test_a_note_is_written_trimmed_and_an_empty_one_takes_it_out(session: Session) -> None:
    session.select(5)
    assert session.write_note("  Bob's imp is captured.\n") == "imp-captured"
    assert session.authored.notes == {"imp-captured": "Bob's imp is captured."}
    assert session.write_note("   ") == "imp-captured"
    assert session.authored.notes == {}
    session.select(1)
    assert session.write_note("") == "play"  # nothing to take out: no label is made for it
    assert labels(session)[0] is None
    with pytest.raises(ValueError) as refused:
        session.write_note("x" * 5000)
    assert str(refused.value) == (
        "notes.play: 5,000 characters; a lesson's text holds at most 2,000"
    )


def test_a_question_is_asked_before_the_action_or_refused_saying_why(session: Session) -> None:
    session.select(6)
    with pytest.raises(ValueError) as twice:
        session.ask_before("Captured?", ["Yes", "Yes"], "Yes", "14.4.2.")
    assert str(twice.value) == "the choice 'Yes' is given twice"  # no empty place before it
    with pytest.raises(ValueError) as wrong:
        session.ask_before("Captured?", ["Yes", "No"], "Maybe", "14.4.2.")
    assert str(wrong.value) == "the answer 'Maybe' is not one of the choices: Yes, No"
    assert session.authored.predict == ()
    assert session.ask_before("Captured?", ["Yes", "No"], "Yes", "14.4.2.") == "imp-captured"
    [question] = session.authored.predictions
    assert (question.at, question.answer) == ("imp-captured", "Yes")
    assert question.choices == ("Yes", "No")


def test_the_rules_shown_are_named_at_commas_and_spaces_each_once(session: Session) -> None:
    assert session.name_rules("S-4,  14.5.3") == ("S-4", "14.5.3")
    assert session.authored.rules == ("S-4", "14.5.3")
    with pytest.raises(ValueError, match="^no ruleset or ruling defines the rule 'nope'"):
        session.name_rules("S-4, nope")
    with pytest.raises(ValueError, match="^the rule 'S-4' is named twice$"):
        session.name_rules("S-4 14.1.1 S-4")
    assert session.authored.rules == ("S-4", "14.5.3")
    session.undo()
    assert session.authored.rules == ("14.1.1", "14.4.2", "14.5.3", "9.5.6", "14.1.3", "S-6")


def test_a_label_renamed_is_renamed_in_what_names_it(session: Session) -> None:
    assert session.relabel(10, " first attack ") == Changed(
        timeline=True, step=True, dirty=True, authored=True
    )
    assert labels(session)[1] == "first attack"
    assert [entry.get("at") for entry in session.authored.expect] == [
        "first attack",
        "sylva-grows",
        None,
    ]
    session.relabel(3, "banner")
    assert labels(session)[0] == "banner"
    session.relabel(3, "")  # unused: taken off
    assert labels(session)[0] is None
    session.undo()
    assert labels(session)[0] == "banner"


@pytest.mark.parametrize(
    ("index", "name", "why"),
    [
        (9, "x", "step 9 ends no action of the script: no label names it"),
        (3, "sylva-grows", "'sylva-grows' names another table already"),
        (3, "Sylva-Grows", "the labels 'sylva-grows' and 'Sylva-Grows' differ only by case"),
        (3, "start", "'start' names another table already"),
        (3, "end", "'end' names another table already"),
        (10, "", "the label 'imp-captured' is used by an expectation, a note or a question"),
    ],
)
def test_a_label_an_action_could_not_have_is_refused(
    session: Session, index: int, name: str, why: str
) -> None:
    with pytest.raises(ValueError) as refused:
        session.relabel(index, name)
    assert str(refused.value).startswith(why)
    assert labels(session) == [None, "imp-captured", None, None, "sylva-grows", None]


def test_an_action_keeps_its_own_label_renamed_alike(session: Session) -> None:
    session.relabel(10, "Imp-Captured")  # only its own label looks like it
    assert labels(session)[1] == "Imp-Captured"
    assert session.authored.expect[0]["at"] == "Imp-Captured"


def test_only_the_files_own_script_is_written_about(session: Session) -> None:
    session.select(3)
    session.act(Action.model_validate({"deal": {"target": "sylva", "amount": 5}}))
    assert session.branch != "main" and not session.can_author()
    for write in (
        lambda: session.label_at(2),
        lambda: session.write_note("x"),
        lambda: session.name_rules("S-4"),
        lambda: session.relabel(3, "x"),
    ):
        with pytest.raises(ValueError, match="switch to the branch 'main' to write them"):
            write()


def test_a_new_label_renames_nothing_a_file_left_empty(tmp_path: Path) -> None:
    """A step match written ``before: null`` names no label: labelling an action that had
    none leaves it as written."""
    text = DEMO.read_text(encoding="utf-8").replace(
        "      - {rule: 14.5.3, card: sylva, change: stat}",
        "      - {rule: 14.5.3, card: sylva, change: stat, before: null}",
    )
    path = tmp_path / "demo.yaml"
    path.write_text(text, encoding="utf-8")
    session = Session()
    session.open(path)
    session.relabel(3, "banner")
    assert labels(session)[0] == "banner"
    assert session.authored.expect[1]["steps"] == [
        {"rule": "14.5.3", "card": "sylva", "change": "stat", "before": None}
    ]


def test_a_note_or_a_question_about_an_unlabelled_action_labels_it(session: Session) -> None:
    session.select(1)
    assert session.write_note("The banner goes on the squire.") == "play"
    assert labels(session)[0] == "play"  # the label the note names is on its action
    session.select(12)
    assert session.ask_before("Does anything heal?", ["Yes", "No"], "No", "14.1.3.") == "end-turn"
    assert labels(session)[2] == "end-turn"


def test_a_new_label_is_numbered_past_those_the_file_has(session: Session) -> None:
    session.relabel(3, "attack")  # the name the second attack's label would have
    assert session.label_at(15) == ("attack-2", 17)


def test_a_label_written_at_the_last_step_keeps_it_shown(session: Session) -> None:
    assert session.at_end()
    session.write_note("Turn 3 begins.")
    assert labels(session)[-1] == "end-turn" and session.at_end()


def test_an_edit_undone_on_another_branch_is_undone_on_main_where_it_was_made(
    session: Session,
) -> None:
    session.select(3)
    session.act(Action.model_validate({"deal": {"target": "sylva", "amount": 5}}))
    branch = session.branch
    session.switch("main")
    session.select(12)
    session.write_note("Nothing heals.")  # labels the end of turn
    session.switch(branch)
    session.undo()
    assert session.branch == "main" and session.authored.notes == {}
    assert labels(session)[2] is None


def test_rules_are_named_on_a_table_without_actions() -> None:
    session = Session()
    session.new_table("souls", ["Alice", "Bob"])
    session.start_here()
    assert session.name_rules("S-13") == ("S-13",)
    with pytest.raises(ValueError, match="^step 0 ends no action of the script"):
        session.relabel(0, "x")


def test_an_expectation_says_what_changed_since_the_set_up(tmp_path: Path) -> None:
    """Not since the first step: what the first action changed is said too."""
    path = tmp_path / "runes.yaml"
    path.write_text(RUNES, encoding="utf-8")
    more_might = MIGHT.model_validate({"might": {"target": "sentinel-a", "amount": 1}})
    runes = MIGHT.model_validate({"add_runes": {"player": "Alice", "amount": 2}})
    for first, then in ((more_might, runes), (runes, more_might)):
        session = Session()
        session.open(path)
        session.act(first)
        session.act(then)
        session.expect_card("sentinel-a")
        session.expect_step()
        card, table = session.authored.expect
        assert card["cards"]["sentinel-a"]["might"] == 5
        assert table["runes"] == {"Alice": 2, "Bob": 0}
