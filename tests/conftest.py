"""Shared test setup, without Qt: engine tests run where PySide6 is not installed. The Qt
fixtures are in tests/app/conftest.py. The Qt platform is set offscreen here, before any test
imports Qt."""

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.frozen import refusing_changes
from tests.support.plugins import install_tally

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# A scenario file named for a rule ("P-25-trigger-damages-itself.yaml") is about that rule.
NAMED_FOR = re.compile(r"(14\.\d\.\d|[SMP]-\d+|M\d+)-.*\.yaml")


@pytest.fixture(scope="session")
def tally_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tally, the third ruleset, installed from its wheel (built once a session): the
    folder to put on the path to have it installed (tests/support/plugins.py)."""
    return install_tally(tmp_path_factory.mktemp("tally"))


@pytest.fixture(autouse=True)
def snapshots_refuse_changes(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test runs with ``refusing_changes`` on, so that a snapshot or record changed in
    place raises; a benchmark times the models as the app has them (engine/frozen.py)."""
    if request.node.get_closest_marker("benchmark"):
        yield
        return
    with refusing_changes():
        yield


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="only the tests of rule ID (marked rule(ID), or run on a shipped scenario named for "
        "it); 14.4 takes 14.4.1 to 14.4.6 too; repeat for several rules",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test timed by pytest-benchmark is marked ``benchmark``: pyproject's addopts leave
    them out of the normal run (``-m 'not benchmark'``); ``./test.sh -m benchmark`` runs them.
    A test run on a shipped scenario named for a rule is marked ``rule`` with it; ``--rule``
    keeps only the tests of the rules it names (docs/testing.md, "A rule's tests")."""
    for item in items:
        if "benchmark" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.benchmark)
        for value in getattr(getattr(item, "callspec", None), "params", {}).values():
            named = NAMED_FOR.fullmatch(value.name) if isinstance(value, Path) else None
            if named:
                item.add_marker(pytest.mark.rule(named.group(1)))
    if config.getoption("rule"):
        keep_rules(config, items)
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        fastest_first(items)


def rule_ids(item: pytest.Item) -> set[str]:
    return {rule for mark in item.iter_markers("rule") for rule in mark.args}


def keep_rules(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the items marked with a rule ``--rule`` names, or with one of its clauses."""
    wanted = config.getoption("rule")

    def of_a_wanted_rule(item: pytest.Item) -> bool:
        return any(r == w or r.startswith(w + ".") for r in rule_ids(item) for w in wanted)

    config.hook.pytest_deselected(items=[i for i in items if not of_a_wanted_rule(i)])
    items[:] = [i for i in items if of_a_wanted_rule(i)]


def fastest_first(items: list[pytest.Item]) -> None:
    """Under mutmut, the tests that cover a mutant run fastest first (by the durations mutmut
    measured). It stops at the first failure, and most of these tests kill a mutant of what
    they cover, so a killed mutant costs a fraction of a second rather than whatever slow test
    came first in its unordered list (docs/testing.md, "Mutation testing")."""
    from mutmut.state import state  # the forked worker holds mutmut's loaded statistics

    durations = state().duration_by_test
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
