"""Why a card is as it is (app/presentation/why.py): the steps that changed it up to the step
shown, newest first, then the set-up, where every card's story starts."""

from __future__ import annotations

from app.presentation.session import Session
from app.presentation.why import CardHistory
from engine.assets import SCENARIOS
from engine.timeline import Step

DEMO = SCENARIOS / "souls" / "demo-table.yaml"


def history() -> CardHistory:
    session = Session()
    session.open(DEMO)
    return CardHistory(session.steps)


def indexes(found: list[Step]) -> list[int]:
    return [step.index for step in found]


def test_a_cards_story_is_the_steps_that_changed_it_newest_first() -> None:
    """The Thorn Squire is buffed (2), attacks (4), is hit back (7), loses its buff at the end
    of the turn (12), may attack again as the next turn begins (13), is attacked (14) and
    damaged (15)."""
    why = history()
    assert indexes(why.why("thorn-squire", 24)) == [15, 14, 13, 12, 7, 4, 2, 0]
    assert indexes(why.why("thorn-squire", 12)) == [12, 7, 4, 2, 0]  # the step shown counts
    assert indexes(why.why("thorn-squire", 11)) == [7, 4, 2, 0]  # later steps do not
    assert indexes(why.why("thorn-squire", 1)) == [0]  # nothing yet: the set-up


def test_a_card_no_step_changed_has_the_set_up_alone() -> None:
    why = history()
    assert indexes(why.why("sylva", 20)) == [0]  # changed only at 21
    assert indexes(why.why("no-such-card", 24)) == [0]
    assert why.why("sylva", 24)[0].description.startswith("alice-imp is captured")
    assert why.why("sylva", 24)[-1].description == "The table as set up"
