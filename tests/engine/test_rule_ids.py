"""``rules:`` is checked: an id no ruleset or ruling defines is bad input (exit 2); an id the
file names but never applies (no step of any timeline, no refusal it expects) is a warning, and
bad input under ``check --strict``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.commands import main

PROBE = """\
ruleset: souls
title: Probe
rules: {rules}
setup:
  players:
    - {{name: Alice, slots: {{A1: {{card: Thorn Squire}}}}}}
    - {{name: Bob, slots: {{A1: {{card: Mossback Guard}}}}}}
script:
  - deal: {{target: mossback-guard, amount: 5}}
"""
NOT_APPLIED = "is named, but no step applies it and no refusal the file expects cites it"


def write(tmp_path: Path, rules: str, tail: str = "") -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(PROBE.format(rules=rules) + tail, encoding="utf-8")
    return path


@pytest.mark.rule("14.1.1")
def test_an_id_nothing_defines_is_bad_input_each_with_the_closest_defined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, '["14.1.1", "99.9", S-99]')
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"ERROR {path}",
        f"  {path}:3: rules[1]: no ruleset or ruling defines the rule '99.9'",
        f"  {path}:3: rules[2]: no ruleset or ruling defines the rule 'S-99' (did you mean 'S-9'?)",
        "1 scenario(s) checked: 0 ok, 0 failed, 1 bad input",
    ]


@pytest.mark.rule("14.1.1")
def test_an_id_never_applied_is_a_warning_and_bad_input_under_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, '["14.1.1", "14.4.4"]')
    warning = f"{path}:3: rules[1]: 14.4.4 {NOT_APPLIED}"
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"ok    {path}  (Probe)",
        f"  warning: {warning}",
        "1 scenario(s) checked: 1 ok, 0 failed, 0 bad input; 1 warning(s)",
    ]
    assert main(["check", "--strict", str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"ERROR {path}",
        f"  {warning}",
        "1 scenario(s) checked: 0 ok, 0 failed, 1 bad input",
    ]
    assert main(["check", "--strict", "--json", str(path)]) == 2
    checked = json.loads(capsys.readouterr().out)["files"][0]
    assert (checked["title"], checked["problems"]) == ("Probe", [warning])  # played: titled
    assert main(["run", str(path)]) == 0
    assert capsys.readouterr().err == f"warning: {warning}\n"
    assert main(["run", "--json", str(path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["warnings"] == [warning]
    assert captured.err == f"warning: {warning}\n"


@pytest.mark.rule("14.4.4", "S-11")
def test_a_branch_step_or_an_expected_refusal_applies_a_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 14.4.4 only in a branch's step, S-11 only in a refusal the script expects
    tail = (
        "  - pay_hp: {card: thorn-squire, amount: 25}\n"
        "    expect_error: {rule: S-11}\n"
        "branches:\n"
        "  - name: snared\n"
        "    script:\n"
        "      - capture: {target: mossback-guard}\n"
    )
    path = write(tmp_path, '["14.1.1", "14.4.4", S-11]', tail)
    assert main(["check", "--strict", str(path)]) == 0
    assert "warning" not in capsys.readouterr().out


def test_check_help_names_strict(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--strict a warning (a rule named in rules: that no step applies) makes its file" in text
    assert "with --strict, a warning too" in text
