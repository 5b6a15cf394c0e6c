"""The rule ids a scenario file names in ``rules:``: each must be one a ruleset or a ruling
defines (one with a summary, ``rule_summaries``), and each should be applied somewhere in the
file: cited by a step of one of its timelines or by a refusal it expects."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.branches import written
from engine.errors import first_of
from engine.plain_errors import did_you_mean
from engine.ruleset import rule_summaries
from engine.script import ExpectedError, ScriptAction
from engine.timeline import Step
from engine.yaml_source import YamlSource


def verify_rule_ids(rules: Sequence[str], source: YamlSource) -> None:
    """Raise ScenarioError, at each id of ``rules`` that nothing defines (the others listed
    after the first), with the closest id that is defined."""
    unknown = [
        source.error(("rules", index), problem)
        for index, rule in enumerate(rules)
        if (problem := rule_problem(rule))
    ]
    if unknown:
        raise first_of(unknown)


def rule_problem(rule: str) -> str:
    """Why ``rules:`` cannot name ``rule`` ("": a ruleset or a ruling defines it), with the
    closest id that is defined.

    >>> rule_problem("M-7"), rule_problem("M-77")
    ('', "no ruleset or ruling defines the rule 'M-77' (did you mean 'M-7'?)")
    """
    known = rule_summaries()
    if rule in known:
        return ""
    return f"no ruleset or ruling defines the rule {rule!r}{did_you_mean(rule, list(known))}"


def applied_rules(
    timelines: Iterable[Sequence[Step]],
    scripts: Iterable[Sequence[ScriptAction]],
    stop: ExpectedError | None,
) -> set[str]:
    """The rule ids the steps of ``timelines`` cite, and the refusals the actions written in
    ``scripts`` (nested ones too) and the run's own ``stop`` expect."""
    applied = {rule for steps in timelines for step in steps for rule in step.rules}
    for script in scripts:
        for _, action in written(script):
            expected = action.expect_error if isinstance(action, ScriptAction) else None
            if expected is not None:
                applied.add(expected.rule)
    if stop is not None:
        applied.add(stop.rule)
    return applied


def unapplied_rules(rules: Sequence[str], applied: set[str], source: YamlSource) -> list[str]:
    """A located warning for each id of ``rules`` that is not in ``applied``: a file that names
    a rule it never shows."""
    return [
        f"{source.path}:{source.line_of(('rules', index))}: rules[{index}]: {rule} is named, "
        "but no step applies it and no refusal the file expects cites it"
        for index, rule in enumerate(rules)
        if rule not in applied
    ]
