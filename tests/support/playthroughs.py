"""A ``Playthrough`` of scenario text, as the app makes one of a file (tests name the file), the
error a set-up is refused with, and the steps that say something."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.branches import MAIN
from engine.errors import ScenarioError
from engine.scenario import (
    Playthrough,
    game_from_yaml,
    load_scenario,
    play_branch,
    validate_scenario,
)
from engine.timeline import Step
from engine.yaml_source import YamlSource


def playthrough_of(text: str, name: str = "scenario.yaml") -> Playthrough:
    """Play ``text`` as the file ``name``: errors are located in it by that name."""
    source = YamlSource(Path(name), text)
    return Playthrough(validate_scenario(source), source)


def branch_timelines(path: Path) -> Iterator[tuple[str, list[Step]]]:
    """The timeline of the scenario file's script and of each of its branches, by name."""
    scenario, source = load_scenario(path)
    for name in [MAIN, *(branch.name for branch in scenario.branches)]:
        yield name, play_branch(scenario, source, name).game.steps


def set_up_error(text: str, load: Callable[..., object] = game_from_yaml) -> str:
    """The one-line error of a set-up ``load`` refuses, read as the file ``a.yaml``."""
    with pytest.raises(ScenarioError) as refused:
        load(text, name="a.yaml")
    return str(refused.value)


def steps_matching(steps: list[Step], text: str) -> list[Step]:
    """The steps whose description holds ``text``."""
    return [s for s in steps if text in s.description]
