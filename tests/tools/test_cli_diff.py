"""``cardtable diff`` settles an argument: it names the first step where two timelines
diverge, shows the steps that differ side by side with their descriptions (the replacement
arithmetic, the assignments, the choices), then the table differences in plain words; ``--json``
carries the same."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from app.cli.commands import diff_text, main
from app.cli.terminal_text import one_line
from engine.assets import SCENARIOS
from engine.compare import Side, StepPair, compare
from engine.scenario import load_scenario

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"

TWO_ASSIGNMENTS = """\
ruleset: might
title: Two assignments, one end
rules: [M-10]
setup:
  players:
    - name: Alice
      units:
        - {card: Vanguard Captain, at: Battlefield 1, might: [{amount: 2, duration: permanent}]}
    - name: Bob
      units:
        - {card: Stone Whelp, at: Battlefield 1}
        - {card: Iron Sentinel, at: Battlefield 1}
script:
  - combat:
      battlefield: Battlefield 1
      assign: {Alice: [{unit: stone-whelp, damage: 2}, {unit: iron-sentinel, damage: 5}]}
branches:
  - name: rest on the whelp
    script:
      - combat:
          battlefield: Battlefield 1
          assign: {Alice: [{unit: stone-whelp, damage: 3}, {unit: iron-sentinel, damage: 4}]}
"""


def diff(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["diff", *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_first_line_names_the_step_where_the_orders_diverge(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = diff(capsys, str(M8), "--branch", "main", "--branch", "doubling first")
    assert lines[0].startswith("'main' and 'doubling first' diverge at step 2 (M8: ")
    main_row, doubling_row = lines[2:4]  # the assignment step, side by side
    assert lines[1] == lines[4] == ""  # a blank line before each pair of steps
    assert main_row.startswith("  main            #2   Alice assigns 5")
    assert "Bob's order ward-a, then double-a" in main_row and "= 0" in main_row
    assert doubling_row.startswith("  doubling first  #2   Alice assigns 5")
    assert "Bob's order double-a, then ward-a" in doubling_row and "= 4" in doubling_row
    cleanup = "  main            #8   Cleanup: no unit has lethal damage  [M-8, M1, P-15, M-29]"
    assert lines[lines.index(cleanup) + 1] == "  doubling first  —    (no step here)"


def test_table_differences_read_as_words(capsys: pytest.CaptureFixture[str]) -> None:
    lines = diff(capsys, str(M8), "--branch", "main", "--branch", "doubling first")
    tables = lines.index("The tables at 'main' at step 21 / 'doubling first' at step 10:")
    assert lines[tables - 1] == ""
    assert "  sentinel-a shields: ward-a 1 / none" in lines[tables:]
    assert not any("{" in line or "False" in line or "None" in line for line in lines[tables:])


def test_assignments_differ_though_the_ends_do_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two-assignments.yaml"
    path.write_text(TWO_ASSIGNMENTS)
    lines = diff(capsys, str(path), "--branch", "main", "--branch", "rest on the whelp")
    assert lines[0] == "'main' and 'rest on the whelp' diverge at step 2 (Two assignments, one end)"
    assert "stone-whelp 2 (needs 2 for lethal); then iron-sentinel 5 (needs 4" in lines[2]
    assert "stone-whelp 3 (needs 2 for lethal); then iron-sentinel 4 (needs 4" in lines[3]
    assert lines[-1] == "  no difference"  # both die either way
    assert (
        main(["diff", str(path), "--branch", "main", "--branch", "rest on the whelp", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["diverge"] == 2 and data["differences"] == []
    assert (data["file"], data["title"]) == (str(path), "Two assignments, one end")
    first = data["steps"][0]
    assert (first["left"]["index"], first["right"]["index"]) == (2, 2)
    assert "iron-sentinel 4" in first["right"]["description"] and "M-10" in first["right"]["rules"]


def test_a_timeline_against_itself_does_not_diverge(capsys: pytest.CaptureFixture[str]) -> None:
    lines = diff(capsys, str(M8))
    assert lines[0].startswith("'main' and 'main' do not diverge: the same 22 steps (M8: ")
    assert lines[-1] == "  no difference"
    assert main(["diff", str(M8), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["diverge"] is None and data["steps"] == []


def test_a_timeline_that_stops_earlier_diverges_where_it_stops(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = diff(capsys, str(M8), "--step", "5")
    assert lines[0].startswith("'main' and 'main' diverge at step 6 (")
    assert lines[2] == "  main  —    (no step here)" and lines[3].startswith("  main  #6   ")


def test_more_than_two_sides_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["--branch", "main"] * 3, ["--step", "1"] * 3):
        assert main(["diff", str(M8), *extra]) == 2
        assert capsys.readouterr().err == (
            f"error: {M8}: give at most two --branch and two --step\n"
        )


def test_a_step_that_cites_no_rule_shows_no_brackets() -> None:
    scenario, source = load_scenario(M8)
    comparison = compare(scenario, source, Side("main"), Side("doubling first"))
    left, right = comparison.steps[0].left, comparison.steps[0].right
    assert left is not None and right is not None and left.rules
    bare = StepPair(left.model_copy(update={"rules": ()}), right)
    lines = diff_text("M8", dataclasses.replace(comparison, steps=[bare]))
    assert lines[2] == f"  main            #{left.index:<3} {one_line(left.with_effect_ids())}"
    assert lines[3].endswith(f"  [{', '.join(right.rules)}]")
