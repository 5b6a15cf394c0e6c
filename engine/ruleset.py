"""What a ruleset gives the rest of the program, and the registry of the installed ones.

A ruleset is a package that hands the shared code one ``Ruleset`` object: its scenario model,
how a play of a scenario starts, how expectations and comparisons read its tables, and how a
table reads as text. Rulesets register through the packaging entry point group
``cardtable.rulesets`` (the built-in ones too, in ``pyproject.toml``), so installing a package
adds a ruleset; nothing outside a ruleset's own package names it.

>>> sorted(rulesets())
['might', 'souls']
>>> ruleset("souls").name
'souls'
>>> ruleset("chess")
Traceback (most recent call last):
KeyError: "no ruleset 'chess' is installed (the rulesets: might, souls)"
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from random import Random
from typing import Any, ClassVar, Protocol, TypeVar

import yaml

from engine.assets import ASSETS, SCENARIOS
from engine.choices import Answer, Choice, Chooser, default_chooser
from engine.frozen import Frozen
from engine.script import ExpectationBase, Location, ScriptAction, ScriptRunner
from engine.timeline import Recorder, Step
from engine.windows import Windows
from engine.yaml_source import YamlSource

ENTRY_POINTS = "cardtable.rulesets"  # the group a ruleset registers in
T = TypeVar("T")


class RulesetPlay(Windows, Protocol):
    """One game of a ruleset played from a scenario's set-up by script actions: what a
    ``Playthrough`` drives. Its ``Windows`` say how an action waits for the players."""

    @property
    def game(self) -> Recorder[Any]:
        """The game, with its timeline."""
        ...

    def perform(self, action: ScriptAction, place: Location, runner: ScriptRunner) -> None:
        """Play one script action as a scenario file does (a refusal raises RuleError)."""
        ...

    def verify(self, action: ScriptAction) -> None:
        """Raise RuleError, changing nothing, unless ``action`` can be played now."""
        ...

    def asking(self, ask: Chooser) -> AbstractContextManager[None]:
        """While the block runs, the choices actions leave open go to ``ask``."""
        ...

    def answered(self, action: ScriptAction) -> ScriptAction:
        """``action`` with the answers given while it was played written in (a replay then
        asks nothing)."""
        ...


Broken = tuple[str, str, dict[str, Any] | None]
"""An invariant that does not hold: its name, what was seen where, and an expectation (an entry
of a scenario's ``expect:``) that fails while it does not hold, or None."""


def at(step: Step) -> str:
    """The step a broken invariant was seen at, as its detail names it."""
    return f"step {step.index} ({step.description})"


class Invariants(ABC):
    """What holds in every game of a ruleset, and how random play answers its choices: what
    the fuzz harness (``fuzz/``) checks besides what holds for every ruleset (every cited rule
    exists, no card appears or vanishes)."""

    @abstractmethod
    def step(self, steps: Sequence[Step], index: int) -> Iterator[Broken]:
        """What ``steps[index]`` breaks, after the steps before it."""

    @abstractmethod
    def settled(self, game: Recorder[Any]) -> Iterator[Broken]:
        """What the table breaks once a move is over (an action played or left waiting, a
        pass)."""

    def answer(self, choice: Choice, rng: Random) -> Answer:
        """A random answer to ``choice`` that the rules accept (the rules' default by default:
        a ruleset that asks no choice)."""
        return choice.default

    def over(self, game: Recorder[Any]) -> bool:
        """The game is over: random play stops (never by default)."""
        return False


class Ruleset(ABC):
    """A ruleset: its scenario model, its plays, how its tables are read and what holds in its
    games."""

    name: ClassVar[str]  # ``ruleset:`` in its scenario files and its tables
    scenario: ClassVar[type[Frozen]]  # its scenario model
    action: ClassVar[type[ScriptAction]]  # its script actions' model
    invariants: ClassVar[Invariants]  # checked by the fuzz harness on random games
    # Its own rule ids' summaries, a YAML file written as assets/rules/summaries.yaml is (which
    # holds the shipped rulesets'): ``rule_summaries`` reads it.
    summaries: ClassVar[Path | None] = None
    # How a comparison says the facts whose keys do not read as words (``max_hp``: "max HP");
    # any other key is said with spaces for its underscores.
    fact_words: ClassVar[dict[str, str]] = {}

    @abstractmethod
    def play(self, scenario: Any, source: YamlSource) -> RulesetPlay:
        """A game on the set-up of ``scenario`` (read from ``source``), no action played."""

    def game(
        self, scenario: Any, source: YamlSource, chooser: Chooser = default_chooser
    ) -> Recorder[Any]:
        """A game on the set-up of ``scenario``, no action played, whose open choices go to
        ``chooser`` (by default its play's game: a ruleset whose rules ask nobody)."""
        return self.play(scenario, source).game

    @abstractmethod
    def card_misses(self, step: Step, expectation: ExpectationBase) -> list[tuple[Location, str]]:
        """What ``expectation`` says of cards and the table that the table of ``step`` does
        not hold: (place in the expectation, what was seen)."""

    @abstractmethod
    def card_facts(self, table: Frozen, uid: str) -> dict[str, object]:
        """What a comparison of two tables looks at for one card."""

    @abstractmethod
    def table_facts(self, table: Frozen) -> dict[str, object]:
        """What a comparison of two tables looks at for the table as a whole."""

    @abstractmethod
    def render_table(self, table: Frozen) -> str:
        """The table in plain text, as ``cardtable run`` prints it."""

    def examples(self) -> Path:
        """The folder of its example scenarios, whose set-ups ``cardtable fuzz`` starts its
        games from (a shipped ruleset's: assets/scenarios/NAME)."""
        return SCENARIOS / self.name

    def without_answers(self, action: ScriptAction) -> ScriptAction:
        """``action`` with the answers to its choices taken out, so that playing it asks them
        again (none by default: a ruleset whose actions leave no choice open)."""
        return action


def registered(group: str, kind: type[T]) -> dict[str, T]:
    """What the entry points of ``group`` give, by name, in the order of their names: each a
    ``kind`` (or a class of one) named as its entry point."""
    found: dict[str, T] = {}
    for point in sorted(entry_points(group=group), key=lambda point: point.name):
        loaded = point.load()
        instance = loaded() if isinstance(loaded, type) else loaded
        if not isinstance(instance, kind) or getattr(instance, "name", None) != point.name:
            raise TypeError(
                f"the entry point {point.name!r} of {group} gives {instance!r}, not the "
                f"{kind.__name__} named {point.name!r}"
            )
        found[point.name] = instance
    return found


@cache
def rulesets() -> dict[str, Ruleset]:
    """Every installed ruleset by name, in the order of their names."""
    return registered(ENTRY_POINTS, Ruleset)  # type: ignore[type-abstract]  # an ABC, checked


def ruleset(name: str) -> Ruleset:
    """The installed ruleset ``name``; KeyError listing the installed ones."""
    try:
        return rulesets()[name]
    except KeyError:
        names = ", ".join(rulesets()) or "none: install cardtable (pip install -e .)"
        raise KeyError(f"no ruleset {name!r} is installed (the rulesets: {names})") from None


def ruleset_of(thing: object) -> Ruleset:
    """The ruleset of a table, a scenario or anything else that carries ``ruleset``, or of a
    script action."""
    if isinstance(thing, ScriptAction):
        return next(each for each in rulesets().values() if isinstance(thing, each.action))
    name = getattr(thing, "ruleset", None)
    if not isinstance(name, str):
        raise TypeError(f"{type(thing).__name__} belongs to no ruleset")
    return ruleset(name)


RuleSummary = dict[str, str]  # title, summary, source


def rule_summaries() -> dict[str, RuleSummary]:
    """Every rule id's summary, by id: the shipped file's, then each installed ruleset's own
    (``Ruleset.summaries``)."""
    return _summaries(tuple(rulesets().values()))


@cache  # by the rulesets installed: a registry read again (``rulesets.cache_clear``) reads theirs
def _summaries(installed: tuple[Ruleset, ...]) -> dict[str, RuleSummary]:
    files = [ASSETS / "rules" / "summaries.yaml"]
    files += [each.summaries for each in installed if each.summaries is not None]
    found: dict[str, RuleSummary] = {}
    for file in files:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        found |= {str(rule): summary for rule, summary in data.items()}
    return found


def scenario_models() -> Iterator[type[Frozen]]:
    """The scenario model of every installed ruleset."""
    return (each.scenario for each in rulesets().values())
