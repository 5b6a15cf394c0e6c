"""A rule's tests are found by its id: ``--rule ID`` (tests/conftest.py) keeps the tests marked
``@pytest.mark.rule(ID)``, those of its clauses (14.4 takes 14.4.2), and those run on a shipped
scenario named for it; docs/testing.md, "A rule's tests"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    "tests/souls/test_battle.py",
    "tests/souls/test_capture.py",
    "tests/might/test_lethal.py",
    "tests/might/test_expiration.py",
    "tests/contracts/test_scenarios.py",
    "tests/contracts/test_rejections.py",
]


def collected(*rules: str) -> set[str]:
    """The ids of the tests of FILES that ``--rule`` keeps for each of ``rules`` (all: none)."""
    selection = [option for rule in rules for option in ("--rule", rule)]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-o", "addopts=", "-q"]
        + ["-p", "no:cacheprovider", *FILES, *selection],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return {line for line in done.stdout.splitlines() if "::" in line}


@pytest.fixture(scope="module")
def every() -> set[str]:
    return collected()


@pytest.fixture(scope="module")
def chapter() -> set[str]:
    return collected("14.4")


@pytest.fixture(scope="module")
def exact() -> set[str]:
    return collected("14.4.2", "M1", "P-25")


def test_a_rule_keeps_its_marked_tests_and_those_of_its_clauses(
    every: set[str], chapter: set[str]
) -> None:
    assert chapter < every
    assert {
        "tests/souls/test_battle.py::test_attack_captures_only_at_the_capture_step",  # 14.4.2
        "tests/souls/test_capture.py::test_realm_shatters_and_ends_the_game",  # 14.4.6
        "tests/souls/test_capture.py::test_a_capture_of_a_realm_does_nothing",  # 14.4.4
    } <= chapter
    assert "tests/souls/test_capture.py::test_sylva_counts_captured_underlings" not in chapter
    assert not any(test.startswith("tests/might/") for test in chapter)


def test_an_id_is_kept_whole_and_several_keep_the_tests_of_any(
    every: set[str], exact: set[str]
) -> None:
    souls = {test for test in exact if test.startswith("tests/souls/")}
    might = {test for test in exact if test.startswith("tests/might/")}
    assert souls == {"tests/souls/test_battle.py::test_attack_captures_only_at_the_capture_step"}
    assert might == {
        "tests/might/test_lethal.py::test_lethal_needs_nonzero_damage_at_least_might",
        "tests/might/test_lethal.py::test_a_cleanups_survivors_are_compared_and_cited_as_each_alone",
    }
    assert exact < every  # M1 is not the start of M10 or M11, nor 14.4.2 of 14.4.2x


def test_a_shipped_scenario_named_for_a_rule_and_a_refusal_case_are_its_tests(
    exact: set[str],
) -> None:
    scenarios = {test for test in exact if test.startswith("tests/contracts/test_scenarios.py")}
    refusals = {test for test in exact if test.startswith("tests/contracts/test_rejections.py")}
    named = ("[P-25-", "[14.4.2-", "[M1-")  # P-25-trigger-damages-itself.yaml and so on
    assert scenarios and all(any(name in test for name in named) for test in scenarios)
    loop = "test_a_refused_action_cites_its_rule_and_changes_nothing[might-loop]"  # P-25
    assert f"tests/contracts/test_rejections.py::{loop}" in refusals
