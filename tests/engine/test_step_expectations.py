"""Step expectations: ``before``, ``between``, ``times``, the ``start`` label, and a whole run
expected to stop with an error (the top-level ``expect_error``); labels: where an unknown one is
refused, those of nested actions, and the expectations after one the run never reached."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from sys import modules
from typing import Literal

import pytest

from app.cli.commands import main
from engine.changes import (
    CORE_CHANGES,
    CardChange,
    Change,
    TurnedFaceDown,
    kind_words,
    kinds_of,
)
from engine.errors import ScenarioError
from engine.ruleset import ruleset, rulesets
from engine.scenario import Playthrough, run_scenario, validate_scenario
from engine.script import script_labels
from engine.souls.scenario import Action as SoulsAction
from engine.yaml_source import YamlSource

TABLE = """\
ruleset: souls
title: Three deals
rules: [S-8]
setup:
  players:
    - name: Alice
      slots:
        B1: {card: Sylva}
    - name: Bob
      slots:
        A1: {card: Ember Imp}
"""
# Steps: 0 set-up; 1 sylva takes 5 (label first); 2 ember-imp takes 10, 3 it is captured,
# 4 its trigger ends (label captured); 5 sylva takes 5 (label last).
SCRIPT = """\
script:
  - deal: {target: sylva, amount: 5}
    label: first
  - deal: {target: ember-imp, amount: 10}
    label: captured
  - deal: {target: sylva, amount: 5}
    label: last
"""


def scenario(tmp_path: Path, expect: str, script: str = SCRIPT, top: str = "") -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(TABLE + top + script + "expect:\n" + expect)
    return path


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def failures(path: Path) -> list[str]:
    return run_scenario(path).failures


def test_times_counts_matching_steps_exactly(tmp_path: Path) -> None:
    right = scenario(tmp_path, "  - steps:\n      - {card: sylva, change: stat, times: 2}\n")
    assert failures(right) == []
    wrong = scenario(tmp_path, "  - steps:\n      - {card: sylva, change: stat, times: 3}\n")
    assert failures(wrong) == [
        f"{wrong}:{line_of(wrong, 'times: 3')}: expect[0] at 'end': 2 steps match "
        "card='sylva', change='stat', expected 3 (steps 1, 5)"
    ]


def test_times_zero_passes_when_nothing_matches(tmp_path: Path) -> None:
    path = scenario(tmp_path, "  - steps:\n      - {card: sylva, change: captured, times: 0}\n")
    assert failures(path) == []


def test_before_looks_only_at_steps_before_the_labels_action(tmp_path: Path) -> None:
    right = scenario(
        tmp_path, "  - steps:\n      - {card: sylva, change: stat, before: captured, times: 1}\n"
    )
    assert failures(right) == []
    wrong = scenario(tmp_path, "  - steps:\n      - {change: captured, before: captured}\n")
    assert failures(wrong) == [
        f"{wrong}:{line_of(wrong, 'before: captured}')}: expect[0] at 'end': no step matches "
        "change='captured', before='captured'"
    ]


def test_between_looks_after_the_first_label_up_to_the_second(tmp_path: Path) -> None:
    right = scenario(
        tmp_path,
        "  - steps:\n      - {change: captured, between: [first, captured], times: 1}\n"
        "    no_steps:\n      - {change: stat, card: sylva, between: [first, captured]}\n",
    )
    assert failures(right) == []
    wrong = scenario(
        tmp_path, "  - steps:\n      - {change: captured, between: [captured, last]}\n"
    )
    assert failures(wrong) == [
        f"{wrong}:{line_of(wrong, 'between')}: expect[0] at 'end': no step matches "
        "change='captured', between=['captured', 'last']"
    ]


def test_start_names_the_set_up_table(tmp_path: Path) -> None:
    right = scenario(
        tmp_path,
        "  - at: start\n    cards: {ember-imp: {captured: false, damage: 0}}\n"
        "    no_steps:\n      - {change: stat}\n"
        "  - steps:\n      - {card: sylva, between: [start, first], times: 1}\n",
    )
    assert failures(right) == []
    wrong = scenario(tmp_path, "  - at: start\n    cards: {ember-imp: {captured: true}}\n")
    assert failures(wrong) == [
        f"{wrong}:{line_of(wrong, 'captured: true')}: expect[0] at 'start': "
        "ember-imp captured: expected True, saw False"
    ]


@pytest.mark.parametrize(
    ("script", "expect", "says"),
    [
        pytest.param(
            SCRIPT.replace("label: first", "label: start"),
            "  - turn: 1\n",
            "the label 'start' names the set-up table",
            id="start-is-reserved",
        ),
        pytest.param(
            SCRIPT,
            "  - steps:\n      - {change: stat, before: nowhere}\n",
            "expect[0].steps[0].before: no script action has the label 'nowhere'",
            id="unknown-before",
        ),
        pytest.param(
            SCRIPT,
            "  - steps:\n      - {change: stat, between: [first, nowhere]}\n",
            "expect[0].steps[0].between[1]: no script action has the label 'nowhere'",
            id="unknown-between",
        ),
        pytest.param(
            SCRIPT,
            "  - no_steps:\n      - {change: stat, times: 1}\n",
            "`times` belongs in `steps`",
            id="times-in-no-steps",
        ),
        pytest.param(
            SCRIPT,
            "  - steps:\n      - {change: stat, times: -1}\n",
            "expect[0].steps[0].times: -1 is not valid here; "
            "valid here: a whole number (0 or more)",
            id="negative-times",
        ),
    ],
)
def test_bad_step_expectation_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str, expect: str, says: str
) -> None:
    path = scenario(tmp_path, expect, script)
    assert main(["check", str(path)]) == 2
    assert says in capsys.readouterr().out


REFUSED = SCRIPT.replace(
    "  - deal: {target: ember-imp, amount: 10}\n",
    "  - deal: {target: ember-imp, amount: 10}\n  - attack: {attacker: sylva, target: sylva}\n",
)


def test_expected_run_error_stops_the_script_at_the_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(
        tmp_path,
        "  - steps:\n      - {change: captured}\n  - at: first\n    cards: {sylva: {damage: 5}}\n",
        REFUSED,
        top='expect_error: {rule: S-13, message: "is not an enemy"}\n',
    )
    run = run_scenario(path)
    assert run.failures == []
    assert len(run.steps) == 5  # nothing after the refusal
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"ok    {path}")


def test_expected_run_error_that_does_not_come_fails(tmp_path: Path) -> None:
    path = scenario(tmp_path, "  - turn: 1\n", top="expect_error: {rule: S-13}\n")
    assert failures(path) == [
        f"{path}:{line_of(path, 'expect_error')}: expect_error: expected the run to stop "
        "citing S-13, but every action was allowed"
    ]


def test_expected_run_error_citing_another_rule_fails(tmp_path: Path) -> None:
    path = scenario(tmp_path, "  - turn: 1\n", REFUSED, top="expect_error: {rule: S-1}\n")
    (failure,) = failures(path)
    assert failure.startswith(
        f"{path}:{line_of(path, 'expect_error')}: expect_error: expected the run to stop "
        "citing S-1, got S-13 at script[2].attack: "
    )


def test_expected_run_error_with_another_message_fails(tmp_path: Path) -> None:
    path = scenario(
        tmp_path, "  - turn: 1\n", REFUSED, top='expect_error: {rule: S-13, message: "nope"}\n'
    )
    (failure,) = failures(path)
    assert failure.startswith(f"{path}:{line_of(path, 'expect_error')}: expect_error: ")
    assert failure.endswith("at script[2].attack lacks 'nope'")


def test_labels_after_the_stop_are_not_reached(tmp_path: Path) -> None:
    path = scenario(
        tmp_path, "  - at: last\n    turn: 1\n", REFUSED, top="expect_error: {rule: S-13}\n"
    )
    assert failures(path) == [
        f"{path}:{line_of(path, 'at: last')}: expect[0]: the label 'last' was not reached: "
        "the run stopped before it"
    ]


def test_refusal_without_expect_error_is_still_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, "  - turn: 1\n", REFUSED)
    assert main(["run", str(path)]) == 2
    assert "script[2].attack" in capsys.readouterr().err


LABELS = """\
ruleset: souls
title: t
rules: [S-4]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
    label: hit
expect:
  - cards: {ember-imp: {damage: 5}}
"""


@pytest.mark.parametrize(
    ("tail", "line"),
    [
        ("    at: nowhere\n", "13: expect[0].at"),
        (
            "    steps:\n      - {rule: S-1}\n    no_steps:\n      - {rule: S-13,\n"
            "         before: nowhere}\n",
            "17: expect[0].no_steps[0].before",
        ),
        (
            "    steps:\n      - {rule: S-1}\n      - {rule: S-1,\n         before: nowhere}\n",
            "16: expect[0].steps[1].before",
        ),
        (
            "    no_steps:\n      - {rule: S-13,\n         between: [hit, nowhere]}\n",
            "15: expect[0].no_steps[0].between[1]",
        ),
    ],
)
def test_an_unknown_label_is_refused_where_it_is_written(
    tail: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "labels.yaml"
    path.write_text(LABELS + tail, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().out.splitlines()[1] == (
        f"  {path}:{line}: no script action has the label 'nowhere'; the labels: start, hit"
    )


def test_script_labels_include_nested_actions_and_only_written_labels() -> None:
    script = [
        SoulsAction.model_validate(
            {
                "attack": {
                    "attacker": "thorn-squire",
                    "target": "ember-imp",
                    "window": [{"heal": {"target": "ember-imp", "amount": 5}, "label": "in"}],
                },
                "label": "a",
            }
        ),
        SoulsAction.model_validate({"end_turn": {}}),
        SoulsAction.model_validate({"end_turn": {}, "label": "b"}),
    ]
    assert script_labels(script) == {"a", "in", "b"}
    assert script_labels([]) == set()


STOPPED = """\
ruleset: souls
title: t
rules: [S-4]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
    label: hit
  - deal: {target: nobody, amount: 5}
  - deal: {target: ember-imp, amount: 5}
    label: later
expect_error: {rule: S-4}
expect:
  - at: later
    cards: {ember-imp: {damage: 10}}
  - at: hit
    cards: {ember-imp: {damage: 10}}
  - steps:
      - {rule: S-4, times: 2}
    turn:
      2
  - steps:
      - {text: "The table as set up", times: 1}
"""


def test_after_an_unreached_label_the_other_expectations_are_still_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each failure on its own line; step 0 (the set-up) is a step expectations can match."""
    path = tmp_path / "stopped.yaml"
    path.write_text(STOPPED, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"FAIL  {path}  (t)",
        f"  {path}:16: expect[0]: the label 'later' was not reached: the run stopped before it",
        f"  {path}:19: expect[1] at 'hit': ember-imp damage: expected 10, saw 5",
        f"  {path}:21: expect[2] at 'end': 0 steps match rule='S-4', expected 2",
        f"  {path}:23: expect[2] at 'end': turn: expected 2, saw 1",
        "1 scenario(s) checked: 0 ok, 1 failed, 0 bad input",
    ]


def test_before_start_is_before_the_set_up(tmp_path: Path) -> None:
    """``before: start`` looks at no step at all; the runner's ends are each action's last step."""
    text = LABELS + "    no_steps:\n      - {text: The table as set up, before: start}\n"
    path = tmp_path / "start.yaml"
    path.write_text(text, encoding="utf-8")
    run = run_scenario(path)
    assert run.failures == []
    source = YamlSource(path, text)
    play = Playthrough(validate_scenario(source), source)
    play.run(validate_scenario(source).script)
    assert play.runner.ends == [len(play.game.steps) - 1]
    assert play.runner.starts["start"] == 0


def shapes(shape: type[Change] = Change) -> Iterator[type[Change]]:
    """Every subclass of ``shape`` defined at the top of a module of the engine."""
    for sub in shape.__subclasses__():
        module = modules[sub.__module__]
        if module.__name__.startswith("engine.") and getattr(module, sub.__name__, None) is sub:
            yield sub
        yield from shapes(sub)


def test_a_step_expectation_can_name_every_kind_of_change_a_step_records() -> None:
    """Every kind of change the engine defines is registered where its files can name it: a
    shared one in engine/changes.py, a ruleset's own by the ruleset whose package holds it."""
    installed = {name: ruleset(name) for name in rulesets()}  # each imports its package
    for shape in shapes():
        if not kind_words(shape):  # a shape a ruleset gives its own words (TurnedFaceDown)
            continue
        package = shape.__module__.split(".")[1]
        registered = installed[package].changes if package in installed else CORE_CHANGES
        assert shape in registered, f"{shape.__module__}.{shape.__name__} is not registered"
    assert set(kinds_of(CORE_CHANGES)) >= {"stat", "moved", "died", "status", "played"}
    assert set(installed["souls"].change_kinds()) - set(kinds_of(CORE_CHANGES)) == {
        "captured",
        "shattered",
        "line",
        "bonus_added",
        "bonus_ended",
        "shield_added",
        "shield_spent",
        "shield_ended",
        "prevented",
        "refreshed",
    }
    assert {"replacement", "role", "effect_added", "effect_ended"} <= set(
        installed["might"].change_kinds()
    )


class Dying(CardChange):
    """A second shape that says ``died``."""

    kind: Literal["died"] = "died"

    def describe(self) -> str:
        return f"{self.card} dies"


def test_a_kind_named_twice_or_not_named_is_refused() -> None:
    """Two shapes with one word would make ``change: died`` mean either; a shape whose kind is
    an open ``str`` has no word a file could name."""
    with pytest.raises(ValueError, match="two kinds of change are named 'died': Died and Dying"):
        kinds_of((*CORE_CHANGES, Dying))
    with pytest.raises(ValueError, match="TurnedFaceDown gives its kind no word"):
        kinds_of((TurnedFaceDown,))


OTHERS_KIND = """\
  - steps:
      - {change: stat}
      - {change: replacement}
"""
BRANCH_TYPO = """\
  - turn: 1
branches:
  - name: other
    expect:
      - no_steps:
          - {change: capturd}
"""


def test_a_change_its_ruleset_does_not_record_is_refused_at_its_place(tmp_path: Path) -> None:
    """A souls file naming might's ``replacement`` (or a typo) would match nothing: it is bad
    input, listing the kinds a souls step records, a branch's expectations too."""
    path = scenario(tmp_path, OTHERS_KIND)
    with pytest.raises(ScenarioError) as refused:
        validate_scenario(YamlSource.read(path))
    assert str(refused.value) == (
        f"{path}:{line_of(path, 'replacement')}: expect[0].steps[1].change: 'replacement' is "
        "not valid here; valid here: stat, player_stat, moved, died, status, triggered, "
        "activated, phase, game_over, played, declared, captured, shattered, line, "
        "bonus_added, bonus_ended, shield_added, shield_spent, shield_ended, prevented, refreshed"
    )
    path = scenario(tmp_path, BRANCH_TYPO)
    with pytest.raises(ScenarioError) as refused:
        validate_scenario(YamlSource.read(path))
    assert refused.value.where == "branches[0].expect[0].no_steps[0].change"
    assert "'capturd' is not valid here (did you mean 'captured'?)" in str(refused.value)
