"""The headless command line: run, run --json, check, schema, demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import DEMO, main
from tests.support.souls_tables import scenario_text


def test_run_prints_every_step_with_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(DEMO)]) == 0
    out = capsys.readouterr().out
    assert "Battle 1 > Capture step" in out and "[9.5.6" in out and "Final table:" in out


def test_run_json_has_steps_and_final_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--json", str(DEMO)]) == 0
    data = json.loads(capsys.readouterr().out)
    step = data["steps"][5]
    assert set(step) >= {"index", "phase", "description", "rules", "cause", "changes"}
    assert all(s["rules"] for s in data["steps"][1:])
    assert data["final_table"]["cards"]["bob-imp"]["face_down"] is True


def test_check_reports_a_failed_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(
        scenario_text(script="- deal: {target: sylva, amount: 10}\n")
        + "expect:\n  - cards:\n      sylva: {damage: 5}\n"
    )
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {path}" in out
    assert f"{path}:26: expect[0] at 'end': sylva damage: expected 5, saw 10" in out


def test_check_a_directory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(DEMO.parent)]) == 0
    assert "scenario(s) checked" in capsys.readouterr().out


def test_schema_is_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"SoulsScenario", "MightScenario"} <= set(schema["$defs"])
    assert "setup" in schema["$defs"]["MightScenario"]["properties"]
    assert len(schema["anyOf"]) == 2


def test_demo_prints_the_demo_timeline(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--print"]) == 0
    assert "captured" in capsys.readouterr().out


def test_demo_opens_the_app_on_the_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = []
    monkeypatch.setattr("app.gui.launch", lambda path: opened.append(path) or 0)
    assert main(["demo"]) == 0 and opened == [DEMO]
