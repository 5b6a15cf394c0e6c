"""Branches and labels on the command line: ``--branch`` for run, shot and export (strip and
page), and a step named by its number or its script label for shot, diff and ``--steps``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.commands import main
from engine.assets import SCENARIOS
from engine.scenario import load_scenario, play_branch
from engine.step_names import branch_names

P41 = SCENARIOS / "might" / "P-41-chosen-targets.yaml"
BRANCH = "no damaged enemy"


def labelled(label: str, branch: str = BRANCH) -> int:
    scenario, source = load_scenario(P41)
    return play_branch(scenario, source, branch).runner.labels[label]


def test_run_plays_only_the_branch_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(P41), "--branch", BRANCH]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("P-41: chosen targets") and f"[branch '{BRANCH}']" in out
    assert "Pick Off triggers but has no legal target" in out
    assert "twin-bolt targeting" not in out  # the main script's later plays are not here
    assert main(["run", str(P41), "--branch", BRANCH, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["branch"] == BRANCH


@pytest.mark.parametrize(
    "command",
    [["run"], ["shot"], ["export"], ["export", "--png-strip", "--steps", "1"]],
    ids=["run", "shot", "export", "export --png-strip"],
)
def test_a_misspelt_branch_is_bad_input_with_did_you_mean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    output = [] if command == ["run"] else ["-o", str(tmp_path / "out")]
    assert main([*command, str(P41), "--branch", "no damagd enemy", *output]) == 2
    error = capsys.readouterr().err
    assert "there is no branch 'no damagd enemy' (did you mean 'no damaged enemy'?)" in error
    assert "the branches: main, nobody chooses, no damaged enemy" in error
    assert f"{P41}:" in error and f"{P41}:5" not in error  # the mistake is not in the file
    assert not (tmp_path / "out").exists()


def test_shot_takes_a_branch_and_a_label(tmp_path: Path) -> None:
    by_label, by_number = tmp_path / "label.png", tmp_path / "number.png"
    assert main(["shot", str(P41), "--branch", BRANCH, "--step", "nothing to pick",
                 "-o", str(by_label)]) == 0  # fmt: skip
    number = str(labelled("nothing to pick"))
    assert main(["shot", str(P41), "--branch", BRANCH, "--step", number, "-o", str(by_number)]) == 0
    assert by_label.read_bytes() == by_number.read_bytes()
    main_last = tmp_path / "main.png"
    assert main(["shot", str(P41), "-o", str(main_last)]) == 0
    assert main_last.read_bytes() != by_label.read_bytes()


def test_a_misspelt_label_lists_the_labels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["shot", str(P41), "--step", "twin blot", "-o", str(tmp_path / "x.png")]) == 2
    error = capsys.readouterr().err
    assert "branch 'main' has no step or label 'twin blot' (did you mean 'twin bolt'?)" in error
    assert "its labels: start, pick off, twin bolt, flush out" in error
    assert not (tmp_path / "x.png").exists()


def test_a_strip_of_a_branch_by_labels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strip = tmp_path / "strip.png"
    args = ["export", str(P41), "--png-strip", "--branch", BRANCH, "-o", str(strip)]
    assert main([*args, "--steps", "start,nothing to pick"]) == 0
    assert strip.exists()
    assert main([*args, "--steps", "start,nothing to pik", "--force"]) == 2
    assert "did you mean 'nothing to pick'" in capsys.readouterr().err


def test_a_page_opens_on_the_branch_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "lesson.html"
    assert main(["export", str(P41), "--branch", BRANCH, "-o", str(page)]) == 0
    scenario, source = load_scenario(P41)
    steps = sum(len(play_branch(scenario, source, b).game.steps) for b in branch_names(scenario))
    assert capsys.readouterr().out == (
        f"wrote {page}: the lesson page, {steps} steps on 3 timelines\n"
    )
    html = page.read_text()
    assert '<input type="radio" name="branch" id="tab-2" class="tab" checked>' in html
    assert html.count(" checked>") == 1


def test_diff_takes_labels_for_its_steps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(P41), "--step", "pick off", "--step", "twin bolt"]) == 0
    tables = capsys.readouterr().out.split("The tables at ")[1].splitlines()[0]
    assert f"'main' at step {labelled('pick off', 'main')}" in tables
    assert f"'main' at step {labelled('twin bolt', 'main')}" in tables
