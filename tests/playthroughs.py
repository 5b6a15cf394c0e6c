"""A ``Playthrough`` of scenario text, as the app makes one of a file (tests name the file)."""

from __future__ import annotations

from pathlib import Path

from engine.scenario import Playthrough, validate_scenario
from engine.yaml_source import YamlSource


def playthrough_of(text: str, name: str = "scenario.yaml") -> Playthrough:
    """Play ``text`` as the file ``name``: errors are located in it by that name."""
    source = YamlSource(Path(name), text)
    return Playthrough(validate_scenario(source), source)
