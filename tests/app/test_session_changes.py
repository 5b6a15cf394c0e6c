"""The session without Qt: every operation returns a record of what it changed and tells its
listeners the same, so that views redraw just that."""

from __future__ import annotations

from app.presentation.session import NOTHING, Changed, Session
from engine.assets import SCENARIOS
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
