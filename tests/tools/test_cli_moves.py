"""``cardtable moves``: what may be tried where a script ends, each offer written as a script
entry with the rules' verdict (``Playthrough.legal_actions``)."""

from __future__ import annotations

import json
from pathlib import Path

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
    assert lines[refused_at - 1] == "" and lines[refused_at] == f"Refused ({len(refused)}):"
    assert lines[0] == f"Legal now ({len(legal)}):"
    assert len(lines) == refused_at + 1 + 2 * len(refused)  # each refused: its entry, its rule
    for written in legal:
        assert play.refusal(action.model_validate(yaml.safe_load(written))) is None
    for written, rule in zip(refused, rules, strict=True):
        refusal = play.refusal(action.model_validate(yaml.safe_load(written)))
        assert refusal is not None and refusal.rule == rule


def test_json_and_legal_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", str(DEMO), "--json"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('[\n  {\n    "card": ')  # indented, for a reader too
    every = json.loads(out)
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


def test_an_entry_is_written_as_a_file_writes_it_in_one_line_however_long(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["moves", str(SCENARIOS / "souls" / "P-104-a-soul-that-prevents.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    # the fields in the verb's order, not sorted, on one line (past column 80)
    wanted = "bonus: {target: stoneskin-sentinel, stat: max_hp, amount: 10, duration: end_of_turn}"
    assert f"  - {wanted}" in lines


def test_legal_only_leaves_the_refused_heading_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", str(ABILITIES), "--legal"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Legal now ({len(lines) - 1}):" and lines[-1] == "  - end_turn"


def test_a_game_over_has_no_legal_move(capsys: pytest.CaptureFixture[str]) -> None:
    ended = SCENARIOS / "souls" / "14.4.6-realm-shatters-game-ends.yaml"
    assert main(["moves", str(ended)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == ["Legal now (0):", "  none", "", f"Refused ({(len(lines) - 4) // 2}):"]


WAITS = """\
ruleset: souls
title: Saved in the window
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - attack: {attacker: thorn-squire, target: ember-imp}
    waits: true
"""


def test_a_file_saved_while_a_window_waits_offers_the_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "waits.yaml"
    path.write_text(WAITS, encoding="utf-8")
    assert main(["moves", str(path), "--legal"]) == 0
    assert "  - pass" in capsys.readouterr().out.splitlines()
    assert main(["moves", str(path), "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)
    waiting = play_branch(*load_scenario(path), "main").waiting()
    assert waiting is not None
    passing = [move for move in moves if move["action"] is None]
    assert passing == [
        {
            "card": None,  # the table's offer, not a card's
            "label": waiting.pass_label,
            "group": "Turn",
            "action": None,
            "legal": True,
            "rule": None,
            "reason": None,
        }
    ]
    attack = next(move for move in moves if move["card"] == "thorn-squire")
    assert set(attack) == set(passing[0]) and attack["label"] and attack["group"]
