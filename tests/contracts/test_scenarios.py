"""Every shipped scenario passes, cites what it claims, and together they cover the rules; each
ruleset has a dozen lessons, each with a topic and a branch, and every lesson holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.cli.commands import main
from engine.assets import LESSONS, SCENARIOS
from engine.scenario import load_scenario, run_scenario, scenario_files

RULES_DIR = Path(__file__).resolve().parents[3] / "shared" / "rules"
SOULS_CLAUSES = [
    f"14.{a}.{b}" for a, n in ((1, 5), (2, 2), (3, 2), (4, 6), (5, 4)) for b in range(1, n + 1)
]
SOULS_RULINGS = [f"S-{n}" for n in range(1, 18)]
BATTLE_STEPS = ["Declare", "Attack damage", "Battle window", "Capture step"]
MIGHT_PARAGRAPHS = [f"M{n}" for n in range(1, 12)]
# As RULINGS.md lists them (M-14 before M-13).
MIGHT_RULINGS = [
    *(f"M-{n}" for n in range(1, 13)),
    "M-14",
    "M-13",
    "M-15",
    "M-16",
    "M-17",
    "M-18",
    "M-19",
    "M-20",
    "M-21",
    "M-22",
    "M-23",
    "M-24",
    "M-25",
    "M-26",
    "M-27",
    "M-28",
    "M-29",
    "M-30",
    "M-31",
    "M-32",
]
MIGHT_PHASES = [
    "Assignment",
    "Deal",
    "1. Deaths",
    "2. Heal",
    "3. Recall",
    "4. Chain",
    "Combat result",
    "(a) Lethal check",
    "(b) Heal",
    '(c) "This turn" effects end',
    "(d) Rune pools empty",
    "Expiration (restart 1)",
]
SOULS_FILES = scenario_files([SCENARIOS / "souls"])
MIGHT_FILES = scenario_files([SCENARIOS / "might"])
ALL_FILES = SOULS_FILES + MIGHT_FILES


def rule_ids(path: Path, pattern: str) -> list[str]:
    return re.findall(pattern, path.read_text())


@pytest.mark.skipif(not RULES_DIR.exists(), reason="shared/rules is not beside the checkout")
def test_clause_lists_match_the_rules_texts() -> None:
    assert rule_ids(RULES_DIR / "souls.md", r"\*\*(14\.\d\.\d)\*\*") == SOULS_CLAUSES
    rulings = rule_ids(RULES_DIR / "RULINGS.md", r"(?m)^- ([SM]-\d+) ")
    assert rulings == SOULS_RULINGS + MIGHT_RULINGS
    assert rule_ids(RULES_DIR / "might.md", r"(?m)^## (M\d+) ") == MIGHT_PARAGRAPHS


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_cardtable_check_passes_on_all_scenarios(
    capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    status = main(["check", "--strict", str(SCENARIOS / ruleset)])
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize("path", ALL_FILES, ids=[p.stem for p in ALL_FILES])
def test_scenario_cites_the_rules_it_names(path: Path) -> None:
    assert run_scenario(path).warnings == []


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


def test_might_scenarios_cover_every_paragraph_ruling_and_sub_step() -> None:
    named: set[str] = set()
    phases: set[str] = set()
    for path in MIGHT_FILES:
        run = run_scenario(path)
        named |= set(run.scenario.rules)
        phases |= {part for step in run.game.steps for part in step.phase}
    assert not set(MIGHT_PARAGRAPHS) - named, "paragraphs without a scenario"
    assert not set(MIGHT_RULINGS) - named, "rulings without a scenario"
    assert not set(MIGHT_PHASES) - phases, "sub-steps no scenario shows"


def test_every_cited_rule_has_a_summary_for_the_inspector() -> None:
    import yaml

    from engine.assets import ASSETS

    summaries = yaml.safe_load((ASSETS / "rules" / "summaries.yaml").read_text())
    cited = {rule for path in ALL_FILES for step in run_scenario(path).steps for rule in step.rules}
    assert not cited - set(summaries), "rule ids without a summary"
    for rule, entry in summaries.items():
        assert {"title", "summary", "source"} <= set(entry), rule


LESSON_FILES = sorted(LESSONS.rglob("*.yaml"))


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_each_ruleset_has_a_dozen_lessons_with_a_topic_and_a_branch(ruleset: str) -> None:
    files = sorted((LESSONS / ruleset).glob("*.yaml"))
    assert len(files) >= 12
    for path in files:
        scenario, _ = load_scenario(path)
        assert scenario.ruleset == ruleset and scenario.topic, path.name
        assert scenario.branches and all(b.expect for b in scenario.branches), path.name


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_every_lesson_and_its_branches_hold(path: Path) -> None:
    assert run_scenario(path).failures == []


LESSON_FILES = scenario_files([LESSONS])


def test_every_shipped_lesson_has_notes_and_a_third_ask_to_predict() -> None:
    scenarios = [load_scenario(path)[0] for path in LESSON_FILES]
    assert scenarios, "no lessons found"
    without = [
        path.name for path, s in zip(LESSON_FILES, scenarios, strict=True) if "start" not in s.notes
    ]  # type: ignore[attr-defined]
    assert not without, f"lessons without a note on the set-up: {without}"
    asking = [s for s in scenarios if s.predict]  # type: ignore[attr-defined]
    assert 3 * len(asking) >= len(scenarios), f"only {len(asking)} of {len(scenarios)} ask"
