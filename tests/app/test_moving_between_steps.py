"""Moving along the timeline without Qt (app/presentation/session.py): a step picked is kept
on the timeline, and the keys that jump a phase land on a phase's first step (a battle's
steps are one phase)."""

from __future__ import annotations

from app.presentation.session import NOTHING, Changed, Session
from engine.assets import SCENARIOS

DEMO = SCENARIOS / "souls" / "demo-table.yaml"


def opened() -> Session:
    """The demo: turn 1's main phase is steps 0-3, its battle 4-9, main 10, end 11-12; turn 2
    begins at 13, ... the last step, 24, begins turn 3."""
    session = Session()
    session.open(DEMO)
    return session


def test_a_step_past_either_end_selects_the_end() -> None:
    session = opened()
    assert session.last == 24 and session.at_end()
    assert session.select(99) == NOTHING and session.index == 24
    assert session.select(-5) == Changed(step=True) and session.index == 0
    assert not session.at_end()
    assert Session().select(3) == NOTHING  # nothing open


def test_the_next_phase_begins_after_every_step_of_this_one() -> None:
    session = opened()
    starts = {}
    for index in (0, 3, 4, 5, 9, 10, 11, 24):
        session.select(index)
        starts[index] = session.phase_start(+1)
    # a battle's declare, damage, window and capture steps are one phase: 4 to 9
    assert starts == {0: 4, 3: 4, 4: 10, 5: 10, 9: 10, 10: 11, 11: 13, 24: 24}


def test_back_goes_to_this_phases_first_step_or_from_there_to_the_last_phases() -> None:
    session = opened()
    starts = {}
    for index in (0, 2, 4, 5, 9, 10, 11, 12, 14, 15):
        session.select(index)
        starts[index] = session.phase_start(-1)
    assert starts == {0: 0, 2: 0, 4: 0, 5: 4, 9: 4, 10: 4, 11: 10, 12: 11, 14: 13, 15: 14}


def test_back_from_the_first_actions_own_phase_reaches_the_set_up() -> None:
    """M-10's first combat begins at step 1: back from there is the set-up's phase, step 0."""
    session = Session()
    session.open(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
    session.select(1)
    assert (session.phase_start(-1), session.phase_start(+1)) == (0, 11)
    session.select(2)
    assert session.phase_start(-1) == 1
