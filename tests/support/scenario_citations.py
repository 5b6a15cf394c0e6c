"""The rule ids a played scenario cites: its steps' rules and the rules of the refusals it
expects (nested actions and the run's own expect_error included)."""

from __future__ import annotations

from engine.scenario import ScenarioRun


def cited_rules(run: ScenarioRun) -> set[str]:
    cited = {rule for step in run.game.steps for rule in step.rules}
    pending = list(run.scenario.script)
    while pending:  # rejections count as citations, nested ones (windows, responses) included
        action = pending.pop()
        pending += action.nested()
        if action.expect_error:
            cited.add(action.expect_error.rule)
    if run.scenario.expect_error:  # the refusal the whole run stops at
        cited.add(run.scenario.expect_error.rule)
    return cited
