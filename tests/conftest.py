"""Shared test setup, without Qt: engine tests run where PySide6 is not installed. The Qt
fixtures are in tests/app/conftest.py. The Qt platform is set offscreen here, before any test
imports Qt."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test timed by pytest-benchmark is marked ``benchmark``: pyproject's addopts leave
    them out of the normal run (``-m 'not benchmark'``); ``./test.sh -m benchmark`` runs them."""
    for item in items:
        if "benchmark" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.benchmark)
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        fastest_first(items)


def fastest_first(items: list[pytest.Item]) -> None:
    """Under mutmut, the tests that cover a mutant run fastest first (by the durations mutmut
    measured). It stops at the first failure, and most of these tests kill a mutant of what
    they cover, so a killed mutant costs a fraction of a second rather than whatever slow test
    came first in its unordered list (docs/testing.md, "Mutation testing")."""
    from mutmut.state import state  # the forked worker holds mutmut's loaded statistics

    durations = state().duration_by_test
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
