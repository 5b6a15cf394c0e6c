"""The engine's record of where play stands, actions that wait inside a window (what the battle
window says, what undo inside it takes back), and the typed changes every step records."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.assets import SCENARIOS
from engine.changes import Declared, Played, StatusChanged
from engine.choices import Assigned, Choice
from engine.errors import RuleError
from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.might.assignment import only_assignment, verify_answer
from engine.scenario import Playthrough, TakeBack, load_scenario
from engine.script import ScriptAction, StepMatch, step_matches
from engine.souls import scenario as souls
from engine.souls import verbs as souls_verbs

HEAL_SAVES = SCENARIOS / "souls" / "battle-3-window-heal-saves.yaml"
REACTION = SCENARIOS / "might" / "M5-reaction-before-the-spell-resolves.yaml"

ATTACK = souls.Action.of(souls_verbs.Attack(attacker="thorn-squire", target="ash-zealot"))
HEAL = souls.Action.of(souls_verbs.Heal(target="ash-zealot", amount=10))
SPARK = might.Action.of(might_verbs.Play(card="spark", target="iron-sentinel"))
MEND = might.Action.of(might_verbs.Play(card="quick-mend", target="iron-sentinel"))


def fresh(path) -> Playthrough:  # type: ignore[no-untyped-def]
    scenario, source = load_scenario(path)
    return Playthrough(scenario, source)


def descriptions(play: Playthrough) -> list[str]:
    return [step.description for step in play.game.steps]


def test_an_attack_waits_in_its_battle_window_until_the_pass() -> None:
    play = fresh(HEAL_SAVES)
    assert play.waiting() is None
    play.act(ATTACK)
    waiting = play.waiting()
    assert waiting is not None and waiting.kind == "battle_window"
    assert waiting.since == 1 and "S-13" in waiting.rules and "14.4.2" in waiting.rules
    assert waiting.pass_label == "Pass: go to the capture step"
    assert "thorn-squire attacked ash-zealot" in waiting.prompt
    assert waiting.players == ("Alice", "Bob")
    assert play.game.table.hp("ash-zealot") == 0  # at 0 HP and still active in the window
    assert play.why_not(HEAL) is None  # healing it is allowed inside the window
    play.act(HEAL)
    assert play.actions == [ATTACK.with_nested((HEAL,))]  # written into its window
    steps = play.proceed()
    assert steps[0].description == (
        "Capture step: no card is at 0 HP (thorn-squire HP 20, ash-zealot HP 10)"
    )
    assert play.waiting() is None and not play.game.table.cards["ash-zealot"].face_down
    with pytest.raises(RuleError):
        play.proceed()  # nothing waits any more


def test_outside_the_window_the_same_heal_comes_too_late() -> None:
    play = fresh(HEAL_SAVES)
    play.act(ATTACK, open_windows=False)  # the whole battle at once, as a file without window
    assert play.waiting() is None and play.game.table.cards["ash-zealot"].face_down
    assert play.why_not(HEAL) is not None


def test_a_spell_waits_on_the_chain_and_a_reaction_goes_into_its_responses() -> None:
    play = fresh(REACTION)
    play.act(SPARK)
    waiting = play.waiting()
    assert waiting is not None and waiting.kind == "chain"
    assert waiting.pass_label == "Pass: resolve the chain" and "P-24" in waiting.rules
    play.act(MEND)
    assert play.actions == [SPARK.with_nested((MEND,))]
    assert "quick-mend targeting iron-sentinel, then spark" in play.waiting().prompt  # type: ignore[union-attr]
    play.proceed()
    text = descriptions(play)
    assert text.index("quick-mend targeting iron-sentinel resolves") < text.index(
        "spark targeting iron-sentinel resolves"
    )
    assert play.game.table.cards["iron-sentinel"].damage == 2 and play.waiting() is None
    # The file written from these actions replays the same timeline.
    replay = fresh(REACTION)
    replay.run(play.actions)
    assert descriptions(replay) == text


def test_a_unit_played_leaves_nothing_waiting() -> None:
    play = fresh(REACTION)
    play.act(might.Action.of(might_verbs.EndTurn()))
    assert play.waiting() is None and not play.open


def test_a_replay_can_leave_the_last_action_open_and_take_back_steps_out_of_it() -> None:
    play = fresh(HEAL_SAVES)
    play.act(ATTACK)
    play.act(HEAL)
    replay = fresh(HEAL_SAVES)
    replay.run(play.actions, leave_last_open=True)
    assert descriptions(replay) == descriptions(play) and replay.waiting() is not None
    back = replay.take_back()
    assert back is not None and back.leave_open and back.action == HEAL and not back.was_open
    assert back.actions == [ATTACK]
    undone = fresh(HEAL_SAVES)
    undone.run(back.actions, back.leave_open)
    back = undone.take_back()
    assert back is not None and back.actions == [] and back.action == ATTACK and back.was_open


def test_a_refused_action_inside_the_window_changes_nothing() -> None:
    play = fresh(HEAL_SAVES)
    play.act(ATTACK)
    before, actions = descriptions(play), list(play.actions)
    with pytest.raises(RuleError) as error:
        play.act(souls.Action.of(souls_verbs.EndTurn()))
    assert error.value.rule == "S-13"
    assert descriptions(play) == before and play.actions == actions and play.waiting()


def test_typed_changes_for_declarations_plays_and_status() -> None:
    play = fresh(HEAL_SAVES)
    play.act(ATTACK)
    declare = play.game.steps[1]
    assert Declared(card="thorn-squire", target="ash-zealot") in declare.changes
    assert {"thorn-squire", "ash-zealot"} <= declare.changed_cards()
    assert step_matches(declare, StepMatch(change="declared", card="ash-zealot"))
    assert "thorn-squire attacks ash-zealot" in [c.describe() for c in declare.changes]

    might_play = fresh(REACTION)
    might_play.act(might.Action.of(might_verbs.Exhaust(unit="iron-sentinel")))
    status = might_play.game.steps[-1]
    assert StatusChanged(card="iron-sentinel", before="ready", after="exhausted") in status.changes
    assert status.changes[0].describe() == "iron-sentinel ready -> exhausted"
    might_play.act(SPARK)
    assert Played(card="spark", to="chain") in might_play.game.steps[-1].changes


def test_might_combat_declares_attackers_and_defenders() -> None:
    scenario, source = load_scenario(SCENARIOS / "might" / "M-11-deal-all-at-once.yaml")
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    declared = [c for s in play.game.steps for c in s.changes if isinstance(c, Declared)]
    assert {c.role for c in declared} == {"attacks", "defends"}


def test_souls_recruit_and_play_record_played() -> None:
    scenario, source = load_scenario(SCENARIOS / "souls" / "demo-table.yaml")
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    assert any(isinstance(c, Played) for s in play.game.steps for c in s.changes)


def test_only_one_legal_assignment_is_named_and_answers_are_judged() -> None:
    assert only_assignment({"a": 2}, 5) == (Assigned(unit="a", damage=5),)
    assert only_assignment({"a": 2, "b": 4}, 6) == (
        Assigned(unit="a", damage=2),
        Assigned(unit="b", damage=4),
    )
    assert only_assignment({"a": 2, "b": 4}, 5) is None
    assert only_assignment({"a": 2, "b": None}, 2) is None
    choice = Choice(
        kind="assignment",
        player=0,
        subject="Alice",
        prompt="",
        options=("a", "b"),
        default=(Assigned(unit="a", damage=2), Assigned(unit="b", damage=3)),
        total=5,
        needs={"a": 2, "b": 4},
    )
    verify_answer(choice, (Assigned(unit="a", damage=2), Assigned(unit="b", damage=3)))
    with pytest.raises(RuleError, match="a gets 3 but lethal is 2"):
        verify_answer(choice, (Assigned(unit="a", damage=3), Assigned(unit="b", damage=2)))
    with pytest.raises(RuleError, match="b gets 3, less than the 4"):
        verify_answer(choice, (Assigned(unit="b", damage=3), Assigned(unit="a", damage=2)))


def heal(amount: int) -> souls.Action:
    return souls.Action.of(souls_verbs.Heal(target="ash-zealot", amount=amount))


def timeline(play: Playthrough) -> list[str]:
    return [f"{step.description} {step.rules}" for step in play.game.steps]


def replayed(
    actions: Sequence[ScriptAction],
    leave_open: bool,
    fresh: Playthrough,
) -> Playthrough:
    """The actions played again on ``fresh``, as the app does after an undo."""
    fresh.run(actions, leave_last_open=leave_open)
    return fresh


@pytest.mark.rule("S-13")
def test_undo_inside_a_battle_window_takes_back_only_the_last_action_in_it() -> None:
    """S-13: actions played in the battle window go inside the attack; undo takes back the
    last of them and leaves the window open, with the earlier ones still in it."""
    scenario, source = load_scenario(HEAL_SAVES)
    play = Playthrough(scenario, source)
    play.act(ATTACK)
    play.act(heal(5))
    before = timeline(play)
    play.act(heal(3))
    assert play.actions == [ATTACK.with_nested((heal(5), heal(3)))]
    back = play.take_back()
    assert back == TakeBack([ATTACK.with_nested((heal(5),))], True, heal(3), False)
    undone = replayed(back.actions, back.leave_open, Playthrough(scenario, source))
    assert timeline(undone) == before and undone.waiting() is not None


@pytest.mark.rule("S-13", "14.4.2", "P-1")
def test_a_battle_window_says_what_passing_does() -> None:
    """S-13, 14.4.2, P-1: the window after an attack names the attack, says nothing is captured
    in it, and that passing goes to the capture step (SoulsWindows.waiting)."""
    scenario, source = load_scenario(HEAL_SAVES)
    play = Playthrough(scenario, source)
    play.act(ATTACK)
    waiting = play.waiting()
    assert waiting is not None
    assert waiting.prompt == (
        "Battle window after thorn-squire attacked ash-zealot: actions may follow "
        "(nothing is captured here); pass to go to the capture step"
    )
    assert (waiting.pass_label, waiting.rules) == (
        "Pass: go to the capture step",
        ("S-13", "14.4.2", "P-1"),
    )
