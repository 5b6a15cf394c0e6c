"""Every shipped scenario passes, cites what it claims, and together they cover the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.cli import main
from engine.assets import SCENARIOS
from engine.scenario import run_scenario, scenario_files

RULES_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"
SOULS_CLAUSES = [
    f"14.{a}.{b}" for a, n in ((1, 5), (2, 2), (3, 2), (4, 6), (5, 4)) for b in range(1, n + 1)
]
SOULS_RULINGS = [f"S-{n}" for n in range(1, 18)]
BATTLE_STEPS = ["Declare", "Attack damage", "Battle window", "Capture step"]
SOULS_FILES = scenario_files([SCENARIOS / "souls"])


def rule_ids(path: Path, pattern: str) -> list[str]:
    return re.findall(pattern, path.read_text())


@pytest.mark.skipif(not RULES_DIR.exists(), reason="shared/rules is not beside the checkout")
def test_clause_lists_match_the_rules_texts() -> None:
    assert rule_ids(RULES_DIR / "souls.md", r"\*\*(14\.\d\.\d)\*\*") == SOULS_CLAUSES
    assert (
        sorted(set(rule_ids(RULES_DIR / "RULINGS.md", r"\b(S-\d+) ")), key=lambda r: int(r[2:]))
        == SOULS_RULINGS
    )


def test_cardtable_check_passes_on_all_souls_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(SCENARIOS / "souls")])
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize("path", SOULS_FILES, ids=[p.stem for p in SOULS_FILES])
def test_scenario_cites_the_rules_it_names(path: Path) -> None:
    run = run_scenario(path)
    cited = {rule for step in run.game.steps for rule in step.rules}
    cited |= {a.expect_error.rule for a in run.scenario.script if a.expect_error}
    cited |= {
        w.expect_error.rule
        for a in run.scenario.script
        if a.attack
        for w in a.attack.window
        if w.expect_error
    }
    missing = set(run.scenario.rules) - cited
    assert not missing, f"{path.name} names {sorted(missing)} but no step cites them"


def test_souls_scenarios_cover_every_clause_ruling_and_battle_step() -> None:
    named: set[str] = set()
    phases: set[str] = set()
    for path in SOULS_FILES:
        run = run_scenario(path)
        named |= set(run.scenario.rules)
        phases |= {part for step in run.game.steps for part in step.phase}
    assert not set(SOULS_CLAUSES) - named, "clauses without a scenario"
    assert not set(SOULS_RULINGS) - named, "rulings without a scenario"
    assert not set(BATTLE_STEPS) - phases, "battle steps without a scenario"
