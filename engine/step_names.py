"""Branches and steps as a user names them on the command line: a branch by its name
(``main`` for the file's script), a step by its number or by a script label, each refused in
one line that names the file (not a line of it: the mistake is on the command line), lists
what there is and says "did you mean" when one is close.

>>> from engine.assets import SCENARIOS
>>> from engine.scenario import load_scenario, play_branch
>>> scenario, source = load_scenario(SCENARIOS / "might" / "P-41-chosen-targets.yaml")
>>> from engine.errors import ScenarioError
>>> try:
...     verify_branch(scenario, source, "nobody choses")
... except ScenarioError as error:
...     for part in str(error).partition(".yaml: ")[2].split("; "):
...         print(part)
there is no branch 'nobody choses' (did you mean 'nobody chooses'?)
the branches: main, nobody chooses, no damaged enemy
>>> play = play_branch(scenario, source, "main")
>>> step_index(play, "twin bolt", source, "main"), step_index(play, "3", source, "main")
(16, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.branches import MAIN
from engine.errors import ScenarioError
from engine.plain_errors import did_you_mean
from engine.yaml_source import YamlSource

if TYPE_CHECKING:
    from engine.scenario import Playthrough, Scenario


def branch_names(scenario: Scenario) -> list[str]:
    return [MAIN, *(branch.name for branch in scenario.branches)]


def verify_branch(scenario: Scenario, source: YamlSource, name: str) -> None:
    """Raise ScenarioError unless the scenario has a branch ``name``."""
    names = branch_names(scenario)
    if name not in names:
        raise ScenarioError(
            str(source.path),
            "",
            f"there is no branch {name!r}{did_you_mean(name, names)}; the branches: "
            + ", ".join(names),
        )


def step_index(play: Playthrough, text: str | int | None, source: YamlSource, branch: str) -> int:
    """The step ``text`` names in ``play`` (branch ``branch``): a number, a label of its
    script, or None for the last."""
    last = len(play.game.steps) - 1
    if text is None:
        return last
    word = str(text).strip()
    if word.isascii() and word.isdigit():
        index = int(word)
        if index > last:
            raise ScenarioError(
                str(source.path), "", f"branch {branch!r} has steps 0 to {last}, not {index}"
            )
        return index
    labels = play.runner.labels
    if word not in labels:
        listed = ", ".join(labels) or "none"
        raise ScenarioError(
            str(source.path),
            "",
            f"branch {branch!r} has no step or label {word!r}{did_you_mean(word, list(labels))}"
            f"; its labels: {listed}; its steps: 0 to {last}",
        )
    return labels[word]
