"""What holds a rule summary (``held_by:`` in assets/rules/summaries.yaml): a test marked with the
rule, an engine constant whose value the summary writes, or a shipped scenario that cites the
rule. Read without running anything: the tests' markers from their source (``ast``), the
scenarios' ``rules:`` from their YAML, a constant by importing its module.

A holder is written as pytest names a test (``tests/might/test_x.py::test_y``, a class's
``tests/x.py::Class::test_y``), as a constant's module and name (``engine.cascades:LIMIT``),
or as a scenario's path from the checkout (``assets/scenarios/might/M-13-....yaml``).
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FOLDERS = ("assets/scenarios", "assets/lessons")
# A whole number as a summary writes it ("50,000", "100."), not a part of an id (M-13, 14.4.2) or a
# date (2026-11-30).
NUMBER = re.compile(r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+)(?![\w-]|[.,]\d)")


def problems(rule: str, held_by: object, summary: str) -> list[str]:
    """Why the ``held_by`` of ``rule``'s summary does not hold it: it names nothing; a test
    that is not there or not marked with the rule; a constant that is not there, or whose
    value ``summary`` does not write (the number changed on one side only); a scenario that is
    not shipped or does not cite the rule."""
    if not isinstance(held_by, list) or not held_by:
        return [f"{rule}: held_by names no test, engine constant or scenario"]
    return [
        f"{rule}: {holder}: {why}" for holder in held_by if (why := _problem(rule, holder, summary))
    ]


def _problem(rule: str, holder: object, summary: str) -> str:
    if not isinstance(holder, str):
        return "not a name"
    if "::" in holder:
        if holder not in marked_tests():
            return "no such test"
        return "" if rule in marked_tests()[holder] else f"not marked rule({rule!r})"
    if holder.endswith(".yaml"):
        if holder not in scenario_rules():
            return "no such shipped scenario with rules:"
        return "" if rule in scenario_rules()[holder] else f"its rules: does not cite {rule}"
    if not holder.startswith("engine."):
        return "not a test (path::name), an engine constant (engine.module:NAME) or a .yaml"
    try:
        value = constant_value(holder)
    except (ImportError, AttributeError, ValueError):
        return "no such engine constant (module:NAME)"
    if not isinstance(value, int) or value not in numbers_in(summary):
        return f"its value {value!r} is not a number the summary writes"
    return ""


def _rule_marks(decorators: list[ast.expr]) -> set[str]:
    """The ids of every ``@pytest.mark.rule(...)`` among ``decorators``."""
    found: set[str] = set()
    for decorator in decorators:
        if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "pytest.mark.rule":
            found |= {str(arg.value) for arg in decorator.args if isinstance(arg, ast.Constant)}
    return found


def _tests_of(body: list[ast.stmt], prefix: str, marks: set[str]) -> Iterator[tuple[str, set[str]]]:
    for node in body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            yield f"{prefix}::{node.name}", marks | _rule_marks(node.decorator_list)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            inherited = marks | _rule_marks(node.decorator_list)
            yield from _tests_of(node.body, f"{prefix}::{node.name}", inherited)


@cache
def marked_tests() -> dict[str, frozenset[str]]:
    """Every test function of tests/, by node id, with the rules its own markers name (a
    test a shipped scenario marks as it runs, ``tests/conftest.py``, is held by the scenario)."""
    found: dict[str, frozenset[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        prefix = path.relative_to(ROOT).as_posix()
        found |= {node: frozenset(rules) for node, rules in _tests_of(tree.body, prefix, set())}
    return found


@cache
def scenario_rules() -> dict[str, tuple[str, ...]]:
    """Every shipped scenario and lesson file, by its path from the checkout, with the rules
    its ``rules:`` names."""
    found: dict[str, tuple[str, ...]] = {}
    for folder in SCENARIO_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and "rules" in data:
                found[path.relative_to(ROOT).as_posix()] = tuple(map(str, data["rules"]))
    return found


def constant_value(holder: str) -> object:
    """The value of the constant ``module:NAME``; AttributeError or ImportError when none."""
    module, _, name = holder.partition(":")
    return getattr(importlib.import_module(module), name)


def numbers_in(text: str) -> set[int]:
    """The whole numbers ``text`` writes, ids and dates aside.

    >>> sorted(numbers_in("At most 50,000 steps (P-48, 14.4.2, 2026-11-30), or 100."))
    [100, 50000]
    """
    return {int(number.replace(",", "")) for number in NUMBER.findall(text)}
