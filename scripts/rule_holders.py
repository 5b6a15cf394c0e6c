"""Print what could hold a rule summary (``held_by:`` in assets/rules/summaries.yaml): the shipped
scenarios named for the rule, then the other ones citing it, then the tests marked with it, the
likeliest first (marked with it alone, named with the summary's words). Choose among
them by reading them; tests/contracts/test_rule_summaries.py checks what a summary names.

    .venv/bin/python scripts/rule_holders.py M-10 P-25     # those rules' candidates
    .venv/bin/python scripts/rule_holders.py               # every summary's without a holder
"""

from __future__ import annotations

import re
import sys
from collections.abc import Collection

from engine.ruleset import RuleSummary, rule_summaries
from tests.support.rule_holders import marked_tests, scenario_rules

WORD = re.compile(r"[a-z]{4,}")


def words(text: str) -> set[str]:
    return set(WORD.findall(text.lower().replace("_", " ")))


def likeliest_first(node: str, rules: Collection[str], summary: RuleSummary) -> tuple[bool, int]:
    """Sorts the likeliest holder first: marked with its rule alone, then by how many words of
    the summary its name shares."""
    said = words(f"{summary['title']} {summary['summary']}")
    return len(rules) != 1, -len(words(node.split("::")[-1]) & said)


def candidates(rule: str, summary: RuleSummary) -> list[str]:
    named = re.compile(rf"{re.escape(rule)}-[a-z]")
    scenarios = [path for path, rules in scenario_rules().items() if rule in rules]
    scenarios.sort(key=lambda path: not named.match(path.rpartition("/")[2]))
    tests = [(node, rules) for node, rules in marked_tests().items() if rule in rules]
    tests.sort(key=lambda pair: likeliest_first(pair[0], pair[1], summary))
    return scenarios + [node for node, _ in tests]


if __name__ == "__main__":
    summaries = rule_summaries()
    asked = sys.argv[1:] or [rule for rule, entry in summaries.items() if not entry.get("held_by")]
    for rule in asked:
        print(f"{rule} {summaries[rule]['title']}")
        for holder in candidates(rule, summaries[rule]) or ["(nothing: mark a test or add one)"]:
            print(f"  {holder}")
