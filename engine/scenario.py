"""Loading and running scenario files of any ruleset."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, TypeAdapter

from engine.choices import Chooser, default_chooser
from engine.errors import RuleError
from engine.might import runner as might_runner
from engine.might.game import MightGame
from engine.might.scenario import Action as MightAction
from engine.might.scenario import MightScenario
from engine.script import Perform, ScriptAction, ScriptRunner, check_expectations
from engine.souls import runner as souls_runner
from engine.souls.game import SoulsGame
from engine.souls.runner import TableBuilder
from engine.souls.scenario import SoulsScenario
from engine.timeline import Step
from engine.yaml_source import YamlSource

Scenario = SoulsScenario | MightScenario
RULESETS: dict[str, type[BaseModel]] = {"souls": SoulsScenario, "might": MightScenario}


@dataclass
class ScenarioRun:
    """A scenario played to its end: the game (with its timeline) and any failed expectations."""

    path: Path
    scenario: Scenario
    game: SoulsGame | MightGame
    failures: list[str] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)

    @property
    def steps(self) -> list[Step]:
        return self.game.steps


def load_scenario(path: Path) -> tuple[Scenario, YamlSource]:
    """Parse and validate a scenario file; raises ScenarioError naming the file and line."""
    source = YamlSource.read(path)
    return validate_scenario(source), source


def validate_scenario(source: YamlSource) -> Scenario:
    data = source.data
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    if ruleset not in RULESETS:
        raise source.error(
            ("ruleset",), f"ruleset must be one of {', '.join(RULESETS)}, not {ruleset!r}"
        )
    scenario = source.validate(RULESETS[ruleset])
    assert isinstance(scenario, SoulsScenario | MightScenario)
    return scenario


def game_from_yaml(text: str, name: str = "<scenario>") -> SoulsGame:
    """A souls game on the set-up of a scenario given as YAML text (its script is not played).

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


def might_game_from_yaml(
    text: str, chooser: Chooser = default_chooser, name: str = "<scenario>"
) -> MightGame:
    """A might game on the set-up of a scenario given as YAML text (its script is not played)."""
    source = YamlSource(Path(name), text)
    scenario = source.validate(MightScenario)
    return MightGame(might_runner.TableBuilder(scenario, source).build(), chooser)


class Playthrough:
    """A scenario's set-up with script actions played on it, the file's and then any more.

    Choices that script actions leave open take the rules' default; ``act`` can ask a player
    instead and writes the answers into the action it returns, so that a replay asks nothing.
    """

    def __init__(
        self, scenario: Scenario, source: YamlSource, fallback: Chooser = default_chooser
    ) -> None:
        self.scenario = scenario
        self._might: might_runner.MightPlay | None = None
        if isinstance(scenario, SoulsScenario):
            souls_game = SoulsGame(TableBuilder(scenario, source).build())
            self.game: SoulsGame | MightGame = souls_game
            perform: Perform = lambda a, p, r: souls_runner.perform(a, p, r, souls_game)  # noqa: E731
        else:
            self._might = might_runner.MightPlay(scenario, source)
            self.game, perform = self._might.game, self._might.perform
        self.runner = ScriptRunner(self.game.steps, source, perform)
        self.actions: list[ScriptAction] = []

    def run(self, actions: Sequence[ScriptAction]) -> None:
        """Play script actions as a scenario file does (rejections become ScenarioErrors)."""
        self.runner.run(actions)
        self.actions += actions

    def act(self, action: ScriptAction, ask: Chooser = default_chooser) -> ScriptAction:
        """Play one more action; choices it leaves open go to ``ask`` (the player) and are
        written into the action returned. A RuleError propagates and changes nothing."""
        if self._might is None:
            self.runner.perform(action, ("script", len(self.actions), action.kind), self.runner)
        else:
            assert isinstance(action, MightAction)
            self._might.chooser.fallback = ask
            try:
                self.runner.perform(action, ("script", len(self.actions), action.kind), self.runner)
            finally:
                self._might.chooser.fallback = default_chooser
            action = self._might.answered(action)
        self.actions.append(action)
        self.runner.ends.append(len(self.game.steps) - 1)
        return action

    def why_not(self, action: ScriptAction) -> str | None:
        """Why ``action`` can't be played now (with its rule), or None when it can."""
        try:
            if isinstance(self.game, SoulsGame):
                souls_runner.verify(action, self.game)
            else:
                might_runner.verify(action, self.game)
        except RuleError as error:
            return str(error)
        return None

    def failures(self) -> list[str]:
        misses = (
            souls_runner.card_misses
            if isinstance(self.scenario, SoulsScenario)
            else might_runner.card_misses
        )
        return self.runner.failures + check_expectations(
            self.game.steps, self.runner.labels, self.scenario.expect, self.runner.source, misses
        )


def run_scenario(path: Path) -> ScenarioRun:
    """Build the table, play the script and check the expectations.

    A script action the rules reject (and that does not expect it) raises ScenarioError.
    """
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    return ScenarioRun(path, scenario, play.game, play.failures(), play.runner.labels)


def scenario_files(paths: list[Path]) -> list[Path]:
    """Expand directories into the scenario files below them, sorted."""
    files: list[Path] = []
    for path in paths:
        files += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return files


def scenario_schema() -> dict[str, object]:
    """The JSON Schema of scenario files (either ruleset)."""
    return TypeAdapter(Scenario).json_schema()
