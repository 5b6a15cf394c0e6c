"""Acting one action at a time (engine/scenario.py ``Playthrough.act`` and ``_inside``): where
each action's steps end while a window is open, what a refused action leaves behind, where a
refusal deep inside an action is reported, the player's answers inside a window, what a pass
resolves and writes (P-24), and an action's answers taken out again."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError, ScenarioError
from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.might.scenario import Action as MightAction
from engine.scenario import Playthrough, TakeBack, validate_scenario, without_answers
from engine.script import ScriptAction
from engine.souls.scenario import Action as SoulsAction
from engine.yaml_source import YamlSource
from tests.support.might_tables import TWO_TAPS
from tests.support.playthroughs import playthrough_of

DUEL = """\
ruleset: souls
title: A duel
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}, B1: {card: Mossback Guard}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""

CHAIN = """\
ruleset: might
title: Orders on the chain
rules: [M-4, M-7]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 1}]
          doublers: [{id: twice}]
      hand: [{card: Spark}, {card: Quick Mend}]
    - name: Bob
      units: [{card: Stone Whelp}]
"""

NICK = SoulsAction.model_validate({"deal": {"target": "mossback-guard", "amount": 1}})
ATTACK = SoulsAction.model_validate({"attack": {"attacker": "thorn-squire", "target": "ember-imp"}})
HEAL = SoulsAction.model_validate({"heal": {"target": "ember-imp", "amount": 5}})
# ending the turn inside a battle window is refused (S-13)
ATTACK_THEN_END = SoulsAction.model_validate(
    {
        "attack": {
            "attacker": "thorn-squire",
            "target": "ember-imp",
            "window": [{"end_turn": {}}],
        }
    }
)
SPARK = MightAction.model_validate({"play": {"card": "spark", "target": "iron-sentinel"}})
DEAL_ONE = MightAction.model_validate({"deal": {"target": "iron-sentinel", "amount": 1}})
GROW = MightAction.model_validate({"might": {"target": "stone-whelp", "amount": 1}})
# ending the turn while the chain is not empty is refused (M-7)
MEND_THEN_END = MightAction.model_validate(
    {
        "play": {
            "card": "quick-mend",
            "target": "iron-sentinel",
            "responses": [{"end_turn": {}}],
        }
    }
)


playthrough = partial(playthrough_of, name="acts.yaml")


def timeline(play: Playthrough) -> list[str]:
    return [f"{step.description} {step.rules}" for step in play.game.steps]


class Reversed:
    """A player who orders a unit's replacements the other way round from the default (M-4)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, choice: Choice) -> Answer:
        self.asked.append(choice.subject)
        assert choice.kind == "replacement_order"
        return tuple(str(option) for option in reversed(choice.default))


@pytest.mark.rule("S-13")
def test_an_open_attack_ends_where_its_window_actions_end() -> None:
    # act: an attack stops at its battle window (S-13) and its steps end there; _inside: an
    # action in the window moves that end to its own last step, the earlier actions keep theirs
    play = playthrough(DUEL)
    play.act(NICK)
    play.act(NICK)
    before = list(play.runner.ends)
    assert before == [1, 2]
    play.act(ATTACK)
    assert play.waiting() is not None
    assert play.runner.ends == [*before, len(play.game.steps) - 1]
    assert play.runner.ends[-1] > before[-1]
    play.act(HEAL)
    assert play.waiting() is not None  # still in the window
    assert [action.kind for action in play.actions] == ["deal", "deal", "attack"]
    assert [action.kind for action in play.actions[-1].nested()] == ["heal"]
    assert play.runner.ends == [*before, len(play.game.steps) - 1]
    assert play.game.steps[-1].description.startswith("ember-imp")  # the heal's step
    play.proceed()
    replay = playthrough(DUEL)
    replay.run(play.actions)
    assert timeline(replay) == timeline(play)


@pytest.mark.rule("S-13")
def test_the_first_action_left_open_ends_where_its_window_action_ends() -> None:
    # _inside with one action only: its end is replaced, not added to (S-13)
    play = playthrough(DUEL)
    play.act(ATTACK)
    play.act(HEAL)
    assert play.runner.ends == [len(play.game.steps) - 1]


@pytest.mark.rule("S-13")
def test_a_refused_window_action_takes_the_whole_attack_back() -> None:
    # act: an attack whose written window holds a refused action (S-13: no end of turn in a
    # battle window) is refused as a whole; the actions before it, their ends, the steps and
    # the undo stay as they were, nothing waits, and the next action is played on its own
    play = playthrough(DUEL)
    play.act(NICK)
    play.act(NICK)
    actions, ends, steps = list(play.actions), list(play.runner.ends), timeline(play)
    with pytest.raises(RuleError) as refused:
        play.act(ATTACK_THEN_END)
    assert refused.value.rule == "S-13"
    assert play.actions == actions
    assert play.runner.ends == ends
    assert timeline(play) == steps
    assert play.waiting() is None
    assert play.take_back() == TakeBack(actions[:1], False, actions[1], False)
    play.act(NICK)
    assert [action.kind for action in play.actions] == ["deal", "deal", "deal"]
    assert all(not action.nested() for action in play.actions)


@pytest.mark.rule("S-13")
def test_a_refused_window_action_of_the_first_action_leaves_nothing() -> None:
    # act: the same refusal with nothing played before (S-13)
    play = playthrough(DUEL)
    with pytest.raises(RuleError):
        play.act(ATTACK_THEN_END)
    assert play.actions == [] and play.runner.ends == [] and len(play.game.steps) == 1
    assert play.waiting() is None and play.take_back() is None


@pytest.mark.rule("S-13")
def test_a_refusal_in_a_closed_attacks_window_names_its_place_in_the_script() -> None:
    # act without open windows: the window is played as a file plays it, so the refusal (S-13)
    # names the action's place in the script it would be written into, and changes nothing
    play = playthrough(DUEL)
    play.act(NICK)
    with pytest.raises(ScenarioError) as refused:
        play.act(ATTACK_THEN_END, open_windows=False)
    assert refused.value.where == "script[1].attack.window[0].end_turn"
    assert refused.value.rule == "S-13"
    assert play.actions == [NICK] and play.runner.ends == [1] and len(play.game.steps) == 2


@pytest.mark.rule("M-7")
def test_a_refusal_inside_a_reaction_on_the_chain_names_the_waiting_spell() -> None:
    # _inside: a Reaction played while Spark waits (M-7) with a response of its own that is
    # refused (M-7: no end of turn while the chain is not empty) is reported under the
    # waiting spell's place in the script, script[1], and changes nothing
    play = playthrough(CHAIN)
    play.act(GROW)
    play.act(SPARK)
    actions, ends, steps = list(play.actions), list(play.runner.ends), timeline(play)
    with pytest.raises(ScenarioError) as refused:
        play.act(MEND_THEN_END)
    assert refused.value.rule == "M-7"
    # where it is written in the saved file: Spark's responses, then the Reaction's own
    assert refused.value.where == "script[1].play.responses[0].play.responses[0].end_turn"
    assert play.actions == actions and play.runner.ends == ends and timeline(play) == steps
    assert play.waiting() is not None


@pytest.mark.rule("M-7", "M-4")
def test_a_players_order_inside_the_chain_window_is_asked_and_written() -> None:
    # act while Spark waits (M-7) -> _inside: the damage inside the window asks the player for
    # the sentinel's order (M-4: two replacements, none written), and the answer is written
    # into the nested action so that a replay asks nothing
    play = playthrough(CHAIN)
    play.act(SPARK)
    player = Reversed()
    written = play.act(DEAL_ONE, player)
    assert player.asked == ["iron-sentinel"]
    assert getattr(written, "order", None) == {"iron-sentinel": ("twice", "ward")}
    assert play.actions[0].nested() == (written,)
    replay = playthrough(CHAIN)
    replay.run(play.actions, leave_last_open=True)
    assert timeline(replay) == timeline(play)


@pytest.mark.rule("M-7", "M-4")
def test_a_players_order_for_a_written_response_is_asked_and_written() -> None:
    # act of a spell with a written response, left waiting on the chain (M-7): the response's
    # choice (M-4) goes to the player, and the answer is written into the response
    play = playthrough(CHAIN)
    spark = SPARK.evolve(play=SPARK.play.evolve(responses=(DEAL_ONE,)))  # type: ignore[union-attr]
    player = Reversed()
    play.act(spark, player)
    assert player.asked == ["iron-sentinel"]
    assert play.waiting() is not None
    [response] = play.actions[0].nested()
    assert getattr(response, "order", None) == {"iron-sentinel": ("twice", "ward")}


@pytest.mark.rule("S-13")
def test_a_players_refused_action_never_stops_the_files_run() -> None:
    # act: the file's expect_error (S-13) is about its own script. A player's action refused
    # deep inside (a window played as a file plays it) is a located ScenarioError, as without
    # expect_error, and the file's run is not marked stopped by it: its failures stay
    play = playthrough_of(DUEL + "expect_error: {rule: S-13}\n", name="stops.yaml")
    failures = play.runner.stop_failures()
    assert failures == [
        "stops.yaml:8: expect_error: expected the run to stop citing S-13, "
        "but every action was allowed"
    ]
    with pytest.raises(ScenarioError) as refused:
        play.act(ATTACK_THEN_END, open_windows=False)
    assert refused.value.where == "script[0].attack.window[0].end_turn"
    assert play.runner.stopped is None and play.runner.stop_failures() == failures
    assert play.runner.stop_on is not None and play.runner.stop_on.rule == "S-13"
    assert play.actions == [] and len(play.game.steps) == 1
    play.act(NICK)  # and the player plays on
    assert [action.kind for action in play.actions] == ["deal"]


def test_undoing_the_first_action_of_a_fresh_playthrough_replays_it_closed() -> None:
    # take_back: nothing was ever open, so redoing the action leaves no window open
    play = playthrough(DUEL)
    play.act(NICK)
    assert play.take_back() == TakeBack([], False, NICK, False)


TAP_1 = might.Action.of(might_verbs.Play(card="tap-1", target="iron-sentinel"))


TAP_2 = might.Action.of(might_verbs.Play(card="tap-2", target="iron-sentinel"))


CAPTAIN = might.Action.of(might_verbs.Play(card="vanguard-captain"))


NOTHING_WAITS = "nothing waits for the players: there is nothing to pass"


DOUBLING_FIRST = {"iron-sentinel": ("twice", "ward")}  # the default is the ward first


def reversed_order(choice: Choice) -> Answer:
    """A player who orders the replacements the other way round from the default."""
    assert choice.kind == "replacement_order"
    return tuple(reversed([str(entry) for entry in choice.default]))


def taps() -> Playthrough:
    source = YamlSource(Path("taps.yaml"), TWO_TAPS)
    return Playthrough(validate_scenario(source), source)


def replayed(
    actions: Sequence[ScriptAction],
    leave_open: bool,
    fresh: Playthrough,
) -> Playthrough:
    """The actions played again on ``fresh``, as the app does after an undo."""
    fresh.run(actions, leave_last_open=leave_open)
    return fresh


@pytest.mark.rule("P-24")
def test_passing_resolves_the_chain_asking_the_player_and_writing_the_answers() -> None:
    """P-24: the pass resolves the chain; the choices it asks go to the player who passed and
    are written into the spell, and each action ends at its own last step."""
    play = taps()
    play.act(TAP_1)
    assert play.waiting() is not None and play.runner.ends == [1]
    steps = play.proceed(reversed_order)
    assert steps[-1].description == "Cleanup: no unit has lethal damage"
    assert (
        "twice (doubling) 1 -> 2; ward (prevention) 2 -> 0, spent 2, 7 left" in (timeline(play)[3])
    )
    tap_1 = TAP_1.evolve(order=DOUBLING_FIRST)
    assert play.actions == [tap_1]
    assert play.runner.ends == [len(play.game.steps) - 1] == [6]
    assert play.waiting() is None
    assert play.take_back() == TakeBack([], False, tap_1, False)

    # A unit played waits for nothing: the pass has nothing to resolve, undo takes it back whole.
    play.act(CAPTAIN)
    assert play.waiting() is None and play.runner.ends == [6, 7]
    with pytest.raises(RuleError) as refused:
        play.proceed(reversed_order)
    assert str(refused.value) == f"{NOTHING_WAITS} (rule P-24)"
    before_captain = timeline(play)[:7]
    back = play.take_back()
    assert back == TakeBack([tap_1], False, CAPTAIN, False)
    undone = replayed(back.actions, back.leave_open, taps())
    assert timeline(undone) == before_captain and undone.waiting() is None

    # The next spell is an action of its own, not one inside the unit's play.
    play.act(TAP_2)
    play.proceed(reversed_order)
    tap_2 = TAP_2.evolve(order=DOUBLING_FIRST)
    assert play.actions == [tap_1, CAPTAIN, tap_2]
    assert play.runner.ends == [6, 7, len(play.game.steps) - 1] == [6, 7, 13]
    assert play.take_back() == TakeBack([tap_1, CAPTAIN], False, tap_2, False)
    replay = taps()
    replay.run(play.actions)  # the answers written in: the same timeline, asking nothing
    assert timeline(replay) == timeline(play) and replay.runner.ends == play.runner.ends


@pytest.mark.rule("M-10", "M-4")
def test_without_answers_takes_out_the_order_and_the_assignment() -> None:
    """Answering again (M-10 assignment, M-4 order) starts from an action that answers nothing."""
    answered = might.Action.model_validate(
        {
            "combat": {
                "battlefield": "Battlefield 1",
                "assign": {"Alice": [{"unit": "sentinel-a", "damage": 5}]},
            },
            "order": {"sentinel-a": ["ward-a", "double-a"]},
        }
    )
    assert without_answers(answered) == might.Action.model_validate(
        {"combat": {"battlefield": "Battlefield 1"}}
    )
