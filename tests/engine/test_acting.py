"""Where an action played at an earlier step goes (P-128, ``engine.acting``): after an action,
inside the window of one at a step of that window, and nowhere in the middle of one."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.acting import ActingPoint, Replay, acting_point
from engine.assets import SCENARIOS
from engine.errors import RuleError
from engine.scenario import Playthrough, load_scenario
from engine.script import ScriptAction

# Alice's attack (steps 1 to 7): the battle window opens after the attack damage (step 2) and
# Bob's heal inside it ends at step 5; the capture step is step 6.
HEAL_SAVES = SCENARIOS / "souls" / "battle-3-window-heal-saves.yaml"
# The battle-cry is played (steps 1 to 5, its window the step it goes on the chain), then a combat
# (steps 6 to 15), which opens no window.
COMBAT = SCENARIOS / "might" / "M-9-combat-sides-current-might.yaml"


def replayer(path: Path) -> Replay:
    """Plays actions on the file's set-up, the last left open when asked."""
    scenario, source = load_scenario(path)

    def replay(actions: list[ScriptAction], leave_last_open: bool) -> Playthrough:
        play = Playthrough(scenario, source)
        play.run(actions, leave_last_open)
        return play

    return replay


def played(path: Path) -> Playthrough:
    """The file's script, played."""
    return replayer(path)(list(load_scenario(path)[0].script), False)


def point(path: Path, index: int) -> ActingPoint:
    play = played(path)
    return acting_point(replayer(path), play.actions, play.runner.ends, index)


@pytest.mark.rule("P-128", "S-13")
def test_a_step_of_a_window_is_a_place_to_act_at_that_point_of_it() -> None:
    play = played(HEAL_SAVES)
    assert point(HEAL_SAVES, 0) == ActingPoint(0)  # the set-up: before the attack
    assert point(HEAL_SAVES, 7) == ActingPoint(1)  # its last step: after it
    assert point(HEAL_SAVES, 2) == ActingPoint(0, 0)  # the window as it opened
    after_the_heal = point(HEAL_SAVES, 5)
    assert after_the_heal == ActingPoint(0, 1)
    [attack] = after_the_heal.replayed(play.actions)
    assert [action.kind for action in attack.nested()] == ["activate"]
    assert point(HEAL_SAVES, 2).replayed(play.actions)[0].nested() == ()
    assert point(COMBAT, 1) == ActingPoint(1, 0)  # the battle-cry waits on the chain


@pytest.mark.rule("P-128")
@pytest.mark.parametrize(
    ("path", "index", "says"),
    [
        (
            HEAL_SAVES,
            1,  # the declaration, before the window
            "this step is inside an attack (steps 1 to 7): to act, go to its start (step 0), "
            "its end (step 7) or its window (step 2 or 5)",
        ),
        (HEAL_SAVES, 4, "go to its start (step 0)"),  # in the middle of the heal in the window
        (HEAL_SAVES, 6, "go to its start (step 0)"),  # the capture step
        (COMBAT, 3, "this step is inside a play (steps 1 to 5)"),  # the battle-cry resolving
        (
            COMBAT,
            9,  # the combat's Deal: a combat waits for nobody
            "this step is inside a combat (steps 6 to 15): to act, go to its start (step 5) or "
            "its end (step 15)",
        ),
    ],
)
def test_a_step_inside_an_action_outside_its_window_is_refused_saying_where_to_act(
    path: Path, index: int, says: str
) -> None:
    with pytest.raises(RuleError) as refused:
        point(path, index)
    assert refused.value.rule == "P-128"
    assert says in refused.value.message
