"""What one file may make the program play (engine/branches.py): at most MAX_BRANCHES branches,
MAX_ACTIONS actions in one timeline (those inside others and those a branch keeps counted) and
MAX_PLAYED in all its timelines, refused at the first branch or action past the limit before any
is played; a branch's ancestry walked without recursion; and the steps they record
(engine/script.py): MAX_TIMELINE_STEPS in one timeline, MAX_FILE_STEPS in all of them."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.scenario as scenario_module
from app.cli.commands import main
from engine import branches, script
from engine.branches import (
    MAIN,
    MAX_ACTIONS,
    MAX_BRANCHES,
    Branch,
    branch_actions,
    check_branches,
    too_long,
    too_many_branches,
    too_much,
)
from engine.errors import InvalidAt, ScenarioError
from engine.scenario import load_scenario, play_branch, run_scenario
from engine.script import too_many_steps
from engine.souls.scenario import Action, Expectation
from tests.support.souls_tables import scenario_text

GOOD = scenario_text()  # 21 lines, no script
DEAL = "{deal: {target: sylva, amount: 5}}"


def refusal(tmp_path: Path, text: str) -> str:
    """The error the file ``text`` is refused with, from its line on."""
    path = _write(tmp_path, text)
    with pytest.raises(ScenarioError) as refused:
        run_scenario(path)
    return str(refused.value).removeprefix(f"{path}:")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "limits.yaml"
    path.write_text(text)
    return path


def chain(count: int) -> str:
    """``count`` branches, each the parent of the next, each adding one action."""
    lines = [f"  - {{name: b0, keep: 1, script: [{DEAL}]}}\n"]
    lines += [
        f"  - {{name: b{i}, parent: b{i - 1}, keep: {i + 1}, script: [{DEAL}]}}\n"
        for i in range(1, count)
    ]
    return f"script: [{DEAL}]\nbranches:\n" + "".join(lines)


def test_a_chain_of_1000_branches_is_refused_at_the_first_past_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "chain.yaml"
    path.write_text(GOOD + chain(1000))
    assert main(["check", str(path)]) == 2
    line = 22 + 1 + MAX_BRANCHES + 1  # the script, "branches:", then one branch a line
    assert capsys.readouterr().out.splitlines()[1] == (
        f"  {path}:{line}: branches[{MAX_BRANCHES}]: {too_many_branches()}"
    )


def test_a_branchs_actions_are_found_up_a_chain_of_1000_without_recursion() -> None:
    deal = Action.model_validate({"deal": {"target": "sylva", "amount": 5}})
    end = Action.model_validate("end_turn")
    made = [Branch[Action, Expectation](name="b0", keep=1, script=(end,))]
    for i in range(1, 1000):
        made.append(
            Branch[Action, Expectation](name=f"b{i}", parent=f"b{i - 1}", keep=i + 1, script=(end,))
        )
    assert branch_actions([deal], made, "b999") == [deal] + [end] * 1000
    assert branch_actions([deal, deal], made[:3], "b2") == [deal, end, end, end]


def test_a_chain_of_branches_up_to_the_limit_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(branches, "MAX_BRANCHES", 3)
    path = tmp_path / "chain.yaml"
    path.write_text(GOOD + chain(3))
    run = run_scenario(path)
    assert run.failures == [] and len(run.scenario.branches) == 3
    assert refusal(tmp_path, GOOD + chain(4)) == (
        "27: branches[3]: more than 3 branches in one file"
    )


def test_a_script_over_the_action_limit_is_refused_at_the_first_action_past_it(
    tmp_path: Path,
) -> None:
    script = "script:\n" + "  - end_turn\n" * MAX_ACTIONS
    assert refusal(tmp_path, GOOD + script + "  - end_turn\n") == (
        f"{22 + MAX_ACTIONS + 1}: script[{MAX_ACTIONS}]: {too_long()}"
    )


def test_a_script_over_the_limit_is_refused_before_its_actions_are_validated(
    tmp_path: Path,
) -> None:
    """What follows the limit is not even an action: validated first, it would be refused as
    that (and a long flow list of actions validated takes tens of seconds)."""
    script = "script: [" + ", ".join(["end_turn"] * MAX_ACTIONS + ["{bogus: 1}"] * 50_000) + "]\n"
    assert refusal(tmp_path, GOOD + script) == (f"22: script[{MAX_ACTIONS}]: {too_long()}")


def test_actions_inside_others_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(branches, "MAX_ACTIONS", 3)
    attack = "  - attack:\n      attacker: sylva\n      target: ember-imp\n      window:\n"
    window = "        - heal: {target: sylva, amount: 5}\n"
    assert refusal(tmp_path, GOOD + "script:\n" + attack + window * 3) == (
        f"29: script[0].attack.window[2]: {too_long()}"
    )
    validated = Action.model_validate(
        {"attack": {"attacker": "sylva", "target": "ember-imp", "window": ["end_turn"] * 3}}
    )
    with pytest.raises(InvalidAt) as refused:  # validated actions are counted alike
        check_branches([validated], [])
    assert refused.value.place == ("script", 0, "attack", "window", 2)


def test_the_actions_a_branch_keeps_count_in_its_timeline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(branches, "MAX_ACTIONS", 3)
    text = GOOD + "script: [end_turn, end_turn]\nbranches:\n  - name: b\n    keep: 2\n    script:\n"
    assert run_scenario(_write(tmp_path, text + "      - end_turn\n")).failures == []
    assert refusal(tmp_path, text + "      - end_turn\n      - end_turn\n") == (
        f"28: branches[0].script[1]: {too_long()}"
    )


def test_all_the_timelines_together_are_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept actions are played again in every branch; what is written is played at least once,
    and is refused before it is validated."""
    monkeypatch.setattr(branches, "MAX_ACTIONS", 3)
    monkeypatch.setattr(branches, "MAX_PLAYED", 6)
    text = GOOD + "script: [end_turn, end_turn]\nbranches:\n  - {name: a, keep: 2}\n"
    assert run_scenario(_write(tmp_path, text + "  - {name: b, keep: 2}\n")).failures == []
    assert refusal(tmp_path, text + "  - {name: b, keep: 2, script: [end_turn]}\n") == (
        f"25: branches[1]: {too_much()}"
    )
    monkeypatch.setattr(branches, "MAX_PLAYED", 3)
    assert refusal(tmp_path, text + "  - {name: b, script: [end_turn, end_turn]}\n") == (
        f"25: branches[1].script[1]: {too_much()}"
    )


# ----------------------------------------------------------------------------- steps


def test_a_timeline_is_refused_after_the_action_that_takes_it_past_the_step_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cascade (P-48: up to 50,000 steps an action) repeated holds millions of steps; checked
    after each action, a timeline holds at most that action's steps past the limit."""
    text = GOOD + "script: [end_turn, end_turn, end_turn, end_turn]\n"
    ends = play_branch(*load_scenario(_write(tmp_path, text)), MAIN).runner.ends
    held = [end + 1 for end in ends]  # the steps the timeline holds after each action
    monkeypatch.setattr(script, "MAX_TIMELINE_STEPS", held[1])
    assert refusal(tmp_path, text) == f"22: script[2]: {too_many_steps()}"
    monkeypatch.setattr(script, "MAX_TIMELINE_STEPS", held[3])
    assert run_scenario(_write(tmp_path, text)).failures == []


def test_all_the_timelines_together_hold_a_bounded_number_of_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = GOOD + "script: [end_turn, end_turn]\nbranches:\n" + "  - {name: a, keep: 2}\n"
    text += "  - {name: b, keep: 1}\n  - {name: c, keep: 2}\n"
    scenario, source = load_scenario(_write(tmp_path, text))
    sizes = [len(play_branch(scenario, source, name).game.steps) for name in (MAIN, "a", "b")]
    monkeypatch.setattr(scenario_module, "MAX_FILE_STEPS", sum(sizes) - 1)
    assert refusal(tmp_path, text) == (
        f"25: branches[1]: more than {sum(sizes) - 1:,} steps in all the file's timelines together"
    )
