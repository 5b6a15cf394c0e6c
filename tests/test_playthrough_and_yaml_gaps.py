"""Interactive play and scenario reading that no other test pinned down, found by mutants of
engine/scenario.py and engine/safe_yaml.py: what passing does and records (P-24), what undo takes
back, answers taken out again, the scenario files listed, and located errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from engine.choices import Answer, Choice
from engine.errors import RuleError, ScenarioError
from engine.might import scenario as might
from engine.safe_yaml import parse_yaml
from engine.scenario import (
    Playthrough,
    TakeBack,
    load_scenario,
    might_game_from_yaml,
    scenario_files,
    validate_scenario,
    without_answers,
)
from engine.script import ScriptAction
from engine.souls import scenario as souls
from engine.yaml_source import YamlSource
from tests.support.might_tables import TWO_TAPS

TAP_1 = might.Action(play=might.PlayArgs(card="tap-1", target="iron-sentinel"))
TAP_2 = might.Action(play=might.PlayArgs(card="tap-2", target="iron-sentinel"))
CAPTAIN = might.Action(play=might.PlayArgs(card="vanguard-captain"))
NOTHING_WAITS = "nothing waits for the players: there is nothing to pass"
DOUBLING_FIRST = {"iron-sentinel": ("twice", "ward")}  # the default is the ward first

HEAL_SAVES = SCENARIOS / "souls" / "battle-3-window-heal-saves.yaml"
ATTACK = souls.Action(attack=souls.AttackArgs(attacker="thorn-squire", target="ash-zealot"))


def heal(amount: int) -> souls.Action:
    return souls.Action(heal=souls.AmountArgs(target="ash-zealot", amount=amount))


def reversed_order(choice: Choice) -> Answer:
    """A player who orders the replacements the other way round from the default."""
    assert choice.kind == "replacement_order"
    return tuple(reversed([str(entry) for entry in choice.default]))


def timeline(play: Playthrough) -> list[str]:
    return [f"{step.description} {step.rules}" for step in play.game.steps]


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


def test_scenario_files_lists_every_path_given(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    (folder / "sub").mkdir(parents=True)
    for name in ("b.yaml", "a.yaml", "sub/c.yaml", "notes.txt"):
        (folder / name).write_text("", encoding="utf-8")
    single = tmp_path / "single.yaml"
    single.write_text("", encoding="utf-8")
    below = [folder / "a.yaml", folder / "b.yaml", folder / "sub" / "c.yaml"]
    assert scenario_files([folder, single]) == [*below, single]
    assert scenario_files([single, folder]) == [single, *below]


def test_a_might_scenario_given_as_text_is_named_scenario_in_its_errors() -> None:
    with pytest.raises(ScenarioError) as raised:
        might_game_from_yaml("ruleset: might\ntitle: No rules\n")
    assert str(raised.value) == "<scenario>:1: rules: Field required (and 1 more problem)"


def test_a_place_below_a_plain_value_is_located_on_its_line() -> None:
    """A problem reported below a number or a list (an order given as 5) keeps its line."""
    text = TWO_TAPS + "script:\n  - end_turn: {}\n    order: {iron-sentinel: 5}\n"
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(YamlSource(Path("taps.yaml"), text))
    assert str(raised.value).startswith("taps.yaml:26: script[0].order.iron-sentinel")
    _, spot = parse_yaml("a: 1\nb: [2]\n", "f.yaml")
    assert spot is not None
    a, b = spot.child("a"), spot.child("b")
    assert a is not None and b is not None
    assert a.child("x") is None and a.child(0) is None and b.child("x") is None
    source = YamlSource(Path("f.yaml"), "a: 1\nb: [2]\n")
    assert source.line_of(("a", "x")) == 1 and source.line_of(("b", "x", 0)) == 2


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
