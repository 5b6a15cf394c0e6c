"""A file whose last action ``waits``: a game saved with a battle window open or a spell on the
chain reopens at that same place; the actions after a waiting one, or a waiting action nothing
can wait after, are mistakes located in the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.commands import main
from engine.scenario import load_scenario, play_branch, run_scenario
from engine.souls import scenario as souls
from engine.souls import verbs as souls_verbs

WAITS = """\
ruleset: souls
title: Saved in the window
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - attack:
      attacker: thorn-squire
      target: ember-imp
      window:
        - heal: {target: ember-imp, amount: 5}
    waits: true
    label: in-window
expect:
  - at: in-window
    cards: {ember-imp: {damage: 5, captured: false}}
"""
HEAL = souls.Action.of(souls_verbs.Heal(target="ember-imp", amount=5))


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "waits.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.rule("S-13")
def test_a_waiting_attack_reopens_in_its_battle_window(tmp_path: Path) -> None:
    path = write(tmp_path, WAITS)
    run = run_scenario(path)
    assert run.failures == [] and run.waiting is not None
    assert run.waiting.kind == "battle_window"
    assert not any("Capture step" in step.description for step in run.steps)
    scenario, source = load_scenario(path)
    play = play_branch(scenario, source, "main")
    assert play.open and play.saved_actions() == list(scenario.script)
    play.act(HEAL)  # more actions go into the window, then the pass finishes it
    play.proceed()
    assert not play.open and not play.saved_actions()[-1].waits
    assert any("Capture step" in step.description for step in play.game.steps)


@pytest.mark.rule("S-13")
def test_run_says_what_waits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(write(tmp_path, WAITS))]) == 0
    out = capsys.readouterr().out
    assert "\nWaiting: Battle window after thorn-squire attacked ember-imp" in out
    assert main(["run", "--json", str(write(tmp_path, WAITS))]) == 0
    waiting = json.loads(capsys.readouterr().out)["waiting"]
    assert waiting["kind"] == "battle_window" and f"\nWaiting: {waiting['prompt']}\n" in out


@pytest.mark.rule("S-13")
def test_a_branch_that_goes_on_after_a_waiting_action_finishes_it(tmp_path: Path) -> None:
    tail = "branches:\n  - name: passed\n    keep: 1\n    script:\n      - end_turn\n"
    path = write(tmp_path, WAITS + tail)
    scenario, source = load_scenario(path)
    play = play_branch(scenario, source, "passed")
    assert not play.open
    assert any("Capture step" in step.description for step in play.game.steps)


@pytest.mark.parametrize(
    ("old", "new", "line", "problem"),
    [
        (
            "    label: in-window\n",
            "    label: in-window\n  - end_turn\n",
            14,
            "script[0].waits: only the last action of a script can be left waiting: the actions "
            "after it are played once it is finished",
        ),
        (
            "    waits: true\n",
            "    waits: true\n    expect_error: {rule: S-13}\n",
            14,
            "script[0].waits: an action expected to be refused cannot be left waiting",
        ),
        (
            "  - attack:\n      attacker: thorn-squire\n      target: ember-imp\n      window:\n"
            "        - heal: {target: ember-imp, amount: 5}\n",
            "  - heal:\n      target: ember-imp\n      amount: 5\n",
            12,
            "script[0].waits: nothing waits after this action: only an attack in its battle "
            "window or a spell on the chain can be left waiting",
        ),
    ],
    ids=["not-last", "expected-refusal", "nothing-waits"],
)
def test_a_waiting_action_that_cannot_wait_is_bad_input(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    line: int,
    problem: str,
) -> None:
    path = write(tmp_path, WAITS.replace(old, new))
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().out.splitlines()[1] == f"  {path}:{line}: {problem}"
