"""Loading and running scenario files of any ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.script import ScriptRunner, check_expectations
from engine.souls.game import SoulsGame
from engine.souls.runner import TableBuilder, card_misses, perform
from engine.souls.scenario import SoulsScenario
from engine.yaml_source import YamlSource

RULESETS = ("souls",)


@dataclass
class ScenarioRun:
    """A scenario played to its end: the game (with its timeline) and any failed expectations."""

    path: Path
    scenario: SoulsScenario
    game: SoulsGame
    failures: list[str] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)


def load_scenario(path: Path) -> tuple[SoulsScenario, YamlSource]:
    """Parse and validate a scenario file; raises ScenarioError naming the file and line."""
    source = YamlSource.read(path)
    data = source.data
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    if ruleset not in RULESETS:
        raise source.error(
            ("ruleset",), f"ruleset must be one of {', '.join(RULESETS)}, not {ruleset!r}"
        )
    return source.validate(SoulsScenario), source


def game_from_yaml(text: str, name: str = "<scenario>") -> SoulsGame:
    """A game on the set-up of a scenario given as YAML text (its script is not played).

    >>> game = game_from_yaml('''
    ... ruleset: souls
    ... title: Two Souls
    ... rules: [S-1]
    ... setup:
    ...   players:
    ...     - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    ...     - {name: Bob, slots: {A1: {card: Ember Imp}}}
    ... ''')
    >>> game.table.hp("ember-imp")
    10
    >>> [step.description for step in game.attack("thorn-squire", "ember-imp")][-1]
    'thorn-squire takes 5 damage (HP 20 -> 15)'
    >>> game.finish_battle()[0].description
    'ember-imp is captured: face down, on the slot'
    """
    source = YamlSource(Path(name), text)
    scenario = source.validate(SoulsScenario)
    return SoulsGame(TableBuilder(scenario, source).build())


def run_scenario(path: Path) -> ScenarioRun:
    """Build the table, play the script and check the expectations.

    A script action the rules reject (and that does not expect it) raises ScenarioError.
    """
    scenario, source = load_scenario(path)
    game = SoulsGame(TableBuilder(scenario, source).build())
    runner = ScriptRunner(game.steps, source, lambda a, p, r: perform(a, p, r, game))
    runner.run(scenario.script)
    failures = runner.failures + check_expectations(
        game.steps, runner.labels, scenario.expect, source, card_misses
    )
    return ScenarioRun(path, scenario, game, failures, runner.labels)


def scenario_files(paths: list[Path]) -> list[Path]:
    """Expand directories into the scenario files below them, sorted."""
    files: list[Path] = []
    for path in paths:
        files += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return files


def scenario_schema() -> dict[str, object]:
    """The JSON Schema of scenario files."""
    return SoulsScenario.model_json_schema()
