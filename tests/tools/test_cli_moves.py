"""``cardtable moves``: what may be tried where a script ends, each offer written as a script
entry with the rules' verdict (``Playthrough.legal_actions``)."""

from __future__ import annotations

import json

import pytest
import yaml

from app.cli.commands import main
from engine.assets import SCENARIOS
from engine.scenario import load_scenario, play_branch

ABILITIES = SCENARIOS / "might" / "P-42-activated-abilities.yaml"
DEMO = SCENARIOS / "souls" / "demo-table.yaml"


def test_each_move_is_a_script_entry_judged_as_the_rules_judge_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["moves", str(ABILITIES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    refused_at = lines.index(next(line for line in lines if line.startswith("Refused (")))
    assert lines[0].startswith("Legal now (")
    scenario, source = load_scenario(ABILITIES)
    play = play_branch(scenario, source, "main")
    action = play.ruleset.action
    legal = [line[4:] for line in lines[1 : refused_at - 1]]
    refused = [line[4:] for line in lines[refused_at + 1 :: 2]]
    rules = [line.strip().split(":")[0] for line in lines[refused_at + 2 :: 2]]
    assert legal and refused and "end_turn" in legal  # a bare verb written bare
    for written in legal:
        assert play.refusal(action.model_validate(yaml.safe_load(written))) is None
    for written, rule in zip(refused, rules, strict=True):
        refusal = play.refusal(action.model_validate(yaml.safe_load(written)))
        assert refusal is not None and refusal.rule == rule


def test_json_and_legal_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", str(DEMO), "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert main(["moves", str(DEMO), "--json", "--legal"]) == 0
    legal = json.loads(capsys.readouterr().out)
    assert legal == [move for move in every if move["legal"]] and len(legal) < len(every)
    play = play_branch(*load_scenario(DEMO), "main")  # where the script ends
    assert len(every) == len(play.legal_actions())
    refused = next(move for move in every if not move["legal"])
    assert refused["rule"] and refused["reason"] and refused["action"]


def test_an_unknown_branch_is_named_with_those_there_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["moves", str(DEMO), "--branch", "nope"]) == 2
    assert "there is no branch 'nope'" in capsys.readouterr().err
