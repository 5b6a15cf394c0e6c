"""Rule summaries that cannot go stale: each names what holds it (``held_by:`` in
assets/rules/summaries.yaml), a test marked with its rule, an engine constant whose value it
writes or a shipped scenario citing it, and each holder named is there and holds it
(``tests/support/rule_holders.py``; ``scripts/rule_holders.py`` lists a rule's candidates)."""

from __future__ import annotations

import yaml

from engine.assets import ASSETS
from tests.support.rule_holders import problems

SHIPPED = yaml.safe_load((ASSETS / "rules" / "summaries.yaml").read_text(encoding="utf-8"))


def test_every_shipped_summary_names_holders_that_hold_it() -> None:
    found = [
        problem
        for rule, entry in SHIPPED.items()
        for problem in problems(str(rule), entry.get("held_by"), entry["summary"])
    ]
    assert not found, "\n".join(found)


def test_a_holder_that_does_not_hold_its_summary_is_named_with_why() -> None:
    summary = "One action may record at most 50,000 steps."
    assert problems("P-48", None, summary) == [
        "P-48: held_by names no test, engine constant or scenario"
    ]
    held_by = [
        "engine.cascades:ACTION_STEP_LIMIT",  # 50,000: holds it
        "engine.might.cards:MOST_TARGETS",  # 100, which the summary does not write
        "engine.cascades:NO_SUCH_LIMIT",
        "os:sep",
        "tests/might/test_cascades.py::test_a_cascade_past_the_step_limit_is_refused_and_changes_nothing",
        "tests/might/test_cascades.py::test_no_such_test",
        "tests/might/test_expiration.py::test_expiration_heals_before_this_turn_effects_end",
        "assets/scenarios/might/M-13-expiration-restarts.yaml",
        "assets/scenarios/might/P-48-no-such-file.yaml",
    ]
    assert problems("P-48", held_by, summary) == [
        "P-48: engine.might.cards:MOST_TARGETS: its value 100 is not a number the summary writes",
        "P-48: engine.cascades:NO_SUCH_LIMIT: no such engine constant (module:NAME)",
        "P-48: os:sep: not a test (path::name), an engine constant (engine.module:NAME) or a .yaml",
        "P-48: tests/might/test_cascades.py::test_no_such_test: no such test",
        "P-48: tests/might/test_expiration.py::test_expiration_heals_before_this_turn_effects_end: "
        "not marked rule('P-48')",
        "P-48: assets/scenarios/might/M-13-expiration-restarts.yaml: its rules: does not cite P-48",
        "P-48: assets/scenarios/might/P-48-no-such-file.yaml: no such shipped scenario with rules:",
    ]


def test_a_changed_number_on_either_side_is_caught() -> None:
    held_by = ["engine.cascades:ACTION_STEP_LIMIT"]
    assert problems("P-48", held_by, "at most 50,000 steps (P-48)") == []
    assert problems("P-48", held_by, "at most 5,000 steps") == [
        "P-48: engine.cascades:ACTION_STEP_LIMIT: its value 50000 is not a number the summary "
        "writes"
    ]
