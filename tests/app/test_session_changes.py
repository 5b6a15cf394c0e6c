"""The session without Qt: every operation returns a record of what it changed and tells its
listeners the same, so that views redraw just that."""

from __future__ import annotations

from app.presentation.authoring import Authored
from app.presentation.card_design import add_to_hand
from app.presentation.session import NOTHING, Changed, Session
from engine.assets import SCENARIOS
from engine.setup_edits import move_card
from engine.souls.scenario import Action

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
DEAL = Action.model_validate({"deal": {"target": "sylva", "amount": 5}})


def test_each_operation_returns_and_tells_what_it_changed() -> None:
    session, heard = Session(), []
    session.listeners.append(heard.append)
    assert session.open(DEMO) == Changed(timeline=True, step=True, authored=True)  # its lesson
    assert session.select(2) == Changed(step=True) and session.index == 2
    assert session.select(2) == NOTHING and not session.select(2)  # nothing moved
    session.select(session.last)
    assert session.act(DEAL) == Changed(timeline=True, step=True, dirty=True)
    assert session.act(DEAL) == Changed(timeline=True, step=True)  # already unsaved
    assert session.undo() == Changed(timeline=True, step=True)
    assert session.redo() == Changed(timeline=True, step=True)
    session.select(3)  # the end of the first action
    branched = session.act(DEAL)  # acting earlier starts a branch
    assert branched == Changed(timeline=True, step=True) and session.branch != "main"
    assert session.rename(session.branch, "early deal") == Changed(timeline=True)  # dirty already
    assert session.switch("main") == Changed(timeline=True, step=True)
    assert session.switch("main") == NOTHING
    assert [change for change in heard if change] == heard  # only real changes are told
    assert len(heard) == 11  # once per operation that changed something


def test_set_up_mode_entered_and_left_says_the_steps_and_the_step_shown_changed() -> None:
    """A new table's set-up, then Start here (nothing to play again: the same step 0, drawn as
    a table in play now); an open file's set-up, then Start here (its actions played again)."""
    session, heard = Session(), list[Changed]()
    session.listeners.append(heard.append)
    assert session.new_table("souls", ["Alice", "Bob"]) == Changed(timeline=True, step=True)
    assert session.start_here() == Changed(timeline=True, step=True)
    assert not session.setting_up and session.start_here() == NOTHING
    assert heard == [Changed(timeline=True, step=True)] * 2
    session.open(DEMO)
    assert session.begin_setup() == Changed(timeline=True, step=True) and session.index == 0
    assert session.start_here() == Changed(timeline=True, step=True)
    assert session.index == session.last > 2  # at the step shown before: the last


def test_a_refused_operation_changes_and_tells_nothing() -> None:
    session, heard = Session(), []
    session.open(DEMO)
    session.listeners.append(heard.append)
    steps, index = list(session.steps), session.index
    refused = Action.model_validate({"deal": {"target": "nobody", "amount": 5}})
    try:
        session.act(refused)
    except Exception:  # noqa: BLE001 (the engine's refusal, whatever its kind)
        pass
    assert session.steps == steps and session.index == index and not session.dirty
    assert heard == []


def test_records_combine() -> None:
    assert Changed(step=True) | Changed(dirty=True) == Changed(step=True, dirty=True)
    assert not (NOTHING | NOTHING)


def test_a_session_with_nothing_open_offers_nothing() -> None:
    """Before a file is opened or a table made: no steps, no branch but main, no set-up mode,
    nothing to undo or redo, and each operation on a table changes nothing."""
    session = Session()
    assert (session.path, session.scenario, session.source, session.play) == (None,) * 4
    assert session.steps == [] and session.step is None and session.table is None
    assert session.actions() == [] and session.waiting is None and session.index == 0
    assert session.branch == "main" and session.parents == {"main": ""}
    assert session.authored == Authored() and not session.dirty and not session.read_only
    assert not session.can_author() and not session.can_answer_again()
    assert not session.acts_at_end() and not session.setting_up
    assert not session.can_undo() and not session.can_redo()
    assert session.undo() == NOTHING and session.redo() == NOTHING
    assert session.switch("a branch") == NOTHING
    assert session.begin_setup() == NOTHING and session.start_here() == NOTHING
    assert not session.changed_on_disk(DEMO)


def test_a_new_table_is_named_new_table_unless_given_a_title() -> None:
    session = Session()
    session.new_table("souls", ["Alice", "Bob"])
    assert session.draft is not None and session.draft["title"] == "New table"
    assert session.parents == {"main": ""} and session.setting_up and not session.dirty


def test_undo_and_redo_take_back_and_give_back_each_action_and_edit_in_turn() -> None:
    session = Session()
    session.open(DEMO)
    assert session.can_undo() and not session.can_redo()  # the file's actions
    steps = len(session.steps)
    session.act(DEAL)
    session.act(DEAL)
    session.undo()
    session.undo()
    assert len(session.steps) == steps and session.can_redo() and session.at_end()
    session.redo()
    session.redo()
    assert len(session.steps) == steps + 2 and not session.can_redo()
    assert session.redo() == NOTHING
    session.name_rules("S-6")
    assert session.undo() == Changed(authored=True)  # no action labelled: no steps replayed
    assert session.can_redo()
    assert session.redo() == Changed(authored=True) and session.authored.rules == ("S-6",)
    session.write_note("Sylva took 10.")  # labels the last deal
    session.undo()
    assert session.authored.notes == {} and session.can_redo()
    session.redo()
    assert session.authored.notes == {"deal": "Sylva took 10."} and not session.can_redo()
    session.undo()  # the note again, not an action
    assert session.authored.notes == {} and len(session.steps) == steps + 2


def test_a_card_defined_while_playing_is_undone_and_redone_with_the_file_it_made() -> None:
    session = Session()
    session.open(SCENARIOS / "might" / "P-41-chosen-targets.yaml")
    add_to_hand(session, {"name": "Cinder Warden", "kind": "unit", "might": 2})
    assert session.at_end()  # the step shown stays the last
    text = session.source.text if session.source else ""
    session.undo()
    assert session.table is not None and "cinder-warden" not in session.table.cards
    session.redo()
    assert session.source is not None and session.source.text == text
    assert session.table is not None and session.table.cards["cinder-warden"].zone == "hand"


def test_a_branch_switched_back_to_is_shown_as_it_was_left() -> None:
    """Its step, the span of its last action, what it can redo."""
    session = Session()
    session.open(DEMO)
    session.act(DEAL)
    assert session.last_action == (25, 25)
    session.select(3)
    session.act(DEAL)  # a branch
    branch = session.branch
    assert (session.index, session.last_action) == (4, (4, 4))
    session.switch("main")
    assert (session.index, session.last_action) == (3, (25, 25))
    session.select(session.last)
    session.act(DEAL)
    session.undo()
    session.switch(branch)
    assert (session.index, session.last_action) == (4, (4, 4))
    session.switch("main")
    assert session.can_redo()
    session.redo()
    assert session.last == 26
    assert session.switch("no such branch") == NOTHING and session.branch == "main"


def test_set_up_mode_is_entered_once_and_an_edit_back_to_the_set_up_leaves_nothing_to_save() -> (
    None
):
    session = Session()
    session.open(DEMO)
    session.begin_setup()
    session.edit_setup(lambda draft: move_card(draft, "sylva", "Alice: hand"))
    assert session.dirty and session.begin_setup() == NOTHING  # already in it
    assert session.draft is not None and session.draft["setup"]["players"][0]["hand"][-1] == {
        "card": "Sylva"
    }
    session.edit_setup(lambda draft: move_card(draft, "sylva", "Alice: slot B1"))
    assert not session.dirty  # the set-up it had
    assert session.can_undo() and not session.can_redo()
    session.undo()
    assert session.dirty and session.can_redo()
