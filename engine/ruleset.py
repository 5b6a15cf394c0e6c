"""What a ruleset gives the rest of the program, and the registry of the installed ones.

A ruleset is a package that hands the shared code one ``Ruleset`` object: its scenario model,
how a play of a scenario starts, how expectations and comparisons read its tables, and how a
table reads as text. Rulesets register through the packaging entry point group
``cardtable.rulesets`` (the built-in ones too, in ``pyproject.toml``), so installing a package
adds a ruleset; nothing outside a ruleset's own package names it. A ruleset is loaded when it
is first needed, and a broken plug-in costs only its own name (``Plugins``).

>>> sorted(rulesets())
['might', 'souls']
>>> ruleset("souls").name
'souls'
>>> ruleset("chess")
Traceback (most recent call last):
engine.ruleset.Unavailable: no ruleset 'chess' is installed (installed: might, souls)
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from random import Random
from typing import Any, ClassVar, Generic, NotRequired, Protocol, TypedDict, TypeVar, get_args

import yaml

from engine.assets import ASSETS, SCENARIOS
from engine.changes import CORE_CHANGES, Change, kinds_of
from engine.choices import Answer, Choice, Chooser, default_chooser
from engine.errors import one_line
from engine.frozen import Frozen
from engine.offers import Offer, offers_of
from engine.pools import scenario_cards
from engine.script import ExpectationBase, Location, ScriptAction, ScriptRunner
from engine.setup_places import Place, PoolCard, Setting
from engine.table_shape import TableT
from engine.timeline import Recorder, Step
from engine.windows import Waiting, Windows
from engine.yaml_source import YamlSource

ENTRY_POINTS = "cardtable.rulesets"  # the group a ruleset registers in
T = TypeVar("T")


class RulesetPlay(Windows, Protocol[TableT]):
    """One game of a ruleset played from a scenario's set-up by script actions: what a
    ``Playthrough`` drives. Its ``Windows`` say how an action waits for the players."""

    @property
    def game(self) -> Recorder[TableT]:
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


class AsksNothing:
    """For a ``RulesetPlay`` whose actions leave no choice open (souls', say): there is
    nothing to send to a player while it plays, and nothing to write into an action after."""

    def asking(self, ask: Chooser) -> AbstractContextManager[None]:
        return nullcontext()

    def answered(self, action: ScriptAction) -> ScriptAction:
        return action


Broken = tuple[str, str, dict[str, Any] | None]
"""An invariant that does not hold: its name, what was seen where, and an expectation (an entry
of a scenario's ``expect:``) that fails while it does not hold, or None."""


def at(step: Step) -> str:
    """The step a broken invariant was seen at, as its detail names it."""
    return f"step {step.index} ({step.description})"


class Invariants(ABC, Generic[TableT]):
    """What holds in every game of a ruleset, and how random play answers its choices: what
    the fuzz harness (``fuzz/``) checks besides what holds for every ruleset (every cited rule
    exists, every change and choice is of a registered kind, no card appears or vanishes)."""

    @abstractmethod
    def step(self, steps: Sequence[Step[TableT]], index: int) -> Iterator[Broken]:
        """What ``steps[index]`` breaks, after the steps before it."""

    @abstractmethod
    def settled(self, game: Recorder[TableT]) -> Iterator[Broken]:
        """What the table breaks once a move is over (an action played or left waiting, a
        pass)."""

    def answer(self, choice: Choice, rng: Random) -> Answer:
        """A random answer to ``choice`` that the rules accept (the rules' default by default:
        a ruleset that asks no choice)."""
        return choice.default

    def over(self, game: Recorder[TableT]) -> bool:
        """The game is over: random play stops (never by default)."""
        return False


class Ruleset(ABC, Generic[TableT]):
    """A ruleset: its scenario model, its plays, how its tables are read and what holds in its
    games. Generic over its table: ``class MightRuleset(Ruleset[MightTable])``."""

    name: ClassVar[str]  # ``ruleset:`` in its scenario files and its tables
    scenario: ClassVar[type[Frozen]]  # its scenario model
    action: ClassVar[type[ScriptAction]]  # its script actions' model
    # Checked by the fuzz harness on random games (a ClassVar cannot name ``TableT``).
    invariants: ClassVar[Invariants[Any]]
    # Its own rule ids' summaries, a YAML file written as assets/rules/summaries.yaml is (which
    # holds the shipped rulesets'): ``rule_summaries`` reads it.
    summaries: ClassVar[Path | None] = None
    # How a comparison says the facts whose keys do not read as words (``max_hp``: "max HP");
    # any other key is said with spaces for its underscores.
    fact_words: ClassVar[dict[str, str]] = {}
    # The facts of a card (``card_facts``) the set-up editor shows beside its settings, by key,
    # each with its label: what the card's numbers come to on the table built (HP from damage).
    setup_facts: ClassVar[Mapping[str, str]] = {}
    # Its own kinds of change, besides those every ruleset shares (``engine.changes``): the
    # subclasses of ``Change`` its steps record, which a ``steps:`` expectation names by kind.
    changes: ClassVar[tuple[type[Change], ...]] = ()
    # The kinds of choice its rules ask a player (``Choice.kind``), each with what is asked.
    choices: ClassVar[Mapping[str, str]] = {}

    @abstractmethod
    def play(self, scenario: Any, source: YamlSource) -> RulesetPlay[TableT]:
        """A game on the set-up of ``scenario`` (read from ``source``), no action played."""

    def game(
        self, scenario: Any, source: YamlSource, chooser: Chooser = default_chooser
    ) -> Recorder[TableT]:
        """A game on the set-up of ``scenario``, no action played, whose open choices go to
        ``chooser`` (by default its play's game: a ruleset whose rules ask nobody)."""
        return self.play(scenario, source).game

    @abstractmethod
    def card_misses(
        self, step: Step[TableT], expectation: ExpectationBase
    ) -> list[tuple[Location, str]]:
        """What ``expectation`` says of cards and the table that the table of ``step`` does
        not hold: (place in the expectation, what was seen)."""

    @abstractmethod
    def card_facts(self, table: TableT, uid: str) -> dict[str, object]:
        """What a comparison of two tables looks at for one card."""

    @abstractmethod
    def table_facts(self, table: TableT) -> dict[str, object]:
        """What a comparison of two tables looks at for the table as a whole."""

    def table_expectation(self, table: TableT) -> dict[str, object]:
        """What an ``expect:`` entry may say of the table as a whole, by its key, as the table
        holds it (None: not said); the turn by default, a ruleset adds its own keys."""
        return {"turn": table.turn}

    @abstractmethod
    def render_table(self, table: TableT) -> str:
        """The table in plain text, as ``cardtable run`` prints it."""

    def examples(self) -> Path:
        """The folder of its example scenarios, whose set-ups ``cardtable fuzz`` starts its
        games from (a shipped ruleset's: assets/scenarios/NAME)."""
        return SCENARIOS / self.name

    def change_kinds(self) -> Mapping[str, type[Change]]:
        """Every kind of change its steps may record, by word: the shared ones, then its own."""
        return kinds_of((*CORE_CHANGES, *self.changes))

    def without_answers(self, action: ScriptAction) -> ScriptAction:
        """``action`` with the answers to its choices taken out, so that playing it asks them
        again (none by default: a ruleset whose actions leave no choice open)."""
        return action

    def offers(self, table: TableT, uid: str) -> list[Offer]:
        """What may be tried with card ``uid``: what its verbs offer (the rules judge each)."""
        return offers_of(self.action, table, uid, None)

    def global_offers(self, table: TableT, waiting: Waiting | None) -> list[Offer]:
        """What may be tried with no card: the pass while something waits, then what the
        verbs offer with the table (end the turn, ...)."""
        passing = [Offer(waiting.pass_label, "Turn", proceeds=True)] if waiting else []
        return passing + offers_of(self.action, table, None, waiting)

    # The set-up editor (``engine.setup_edits``): a ruleset that describes its set-up's places
    # can be built in the app from an empty table. The rules judge every edit as they judge a
    # file: by validating the scenario and building its table.

    def new_setup(self, players: Sequence[str]) -> dict[str, Any] | None:
        """``setup:`` of an empty table for ``players``, as a file writes it; None (by default)
        when the editor does not know this ruleset's set-up."""
        return None

    def setup_places(self, setup: Mapping[str, Any]) -> list[Place]:
        """Every place of ``setup`` (a file's ``setup:`` data, valid) where a card may go."""
        return []

    def card_settings(self, place: Place) -> tuple[Setting, ...]:
        """The numbers and states a card's entry at ``place`` may set."""
        return ()

    def table_settings(self, setup: Mapping[str, Any]) -> list[Setting]:
        """The numbers of the table: the turn and whose it is (every ruleset's set-up has them,
        as every table has: ``engine.table_shape``), then a ruleset's own."""
        return [
            Setting(("turn",), "Turn", default=1, minimum=1),
            Setting(("turn_player",), "Whose turn", "player"),
        ]

    def pool_cards(self, scenario: Any, source: YamlSource) -> list[PoolCard]:
        """The cards the set-up of ``scenario`` may name: its pool's and its own inline ones
        (``engine.pools``), or none for a format without a pool."""
        if not hasattr(scenario, "pool"):
            return []
        model = get_args(type(scenario).model_fields["cards"].annotation)[0]
        cards = scenario_cards(source, scenario.pool, scenario.cards, model)
        return [self.pool_card(card) for card in cards.values()]

    def pool_card(self, card: Any) -> PoolCard:
        """A card definition of the pool as the editor lists it."""
        return PoolCard(card.name, getattr(card, "kind", ""), getattr(card, "text", ""))


class Unavailable(KeyError):
    """A plug-in asked for by a name that none registers, or whose plug-in failed to load."""

    def __str__(self) -> str:
        return str(self.args[0])  # the message, not the quoted repr of a KeyError


class Plugins(Mapping[str, T]):
    """The plug-ins of an entry point group that load, by name in the order of their names:
    each a ``kind`` (or a class of one, which is called) named as its entry point.

    ``names`` lists every registered name without loading anything; a plug-in is loaded the
    first time its name is looked up, and iterating loads them all. One that fails to load
    (its module missing or raising on import, even ``sys.exit()``; no such object; an object
    of another kind or name) is reported once, a warning line on stderr naming its
    distribution, its entry point and the reason, and its name is then unavailable: looking
    it up raises ``Unavailable`` saying why, iterating skips it. Distributions that register
    one name alike are all refused, whatever the order of the path: none is loaded.
    """

    def __init__(self, group: str, kind: type[T], noun: str) -> None:
        self.group, self.kind, self.noun = group, kind, noun  # noun: what one is, in messages
        points: dict[str, list[EntryPoint]] = {}
        for point in entry_points(group=group):
            points.setdefault(point.name, []).append(point)
        self._points = dict(sorted(points.items()))
        self._loaded: dict[str, T] = {}
        self._failed: dict[str, str] = {}  # why, by name

    @property
    def names(self) -> list[str]:
        """Every name registered in the group, in order, loaded or not (nothing is loaded)."""
        return list(self._points)

    def __getitem__(self, name: str) -> T:
        if not isinstance(name, str) or name not in self._points:
            installed = ", ".join(self) or "none"
            raise Unavailable(f"no {self.noun} {name!r} is installed (installed: {installed})")
        found = self._load(name)
        if found is None:
            raise Unavailable(f"the {self.noun} {name!r} is unavailable: {self._failed[name]}")
        return found

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._points and self._load(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter([name for name in self._points if self._load(name) is not None])

    def __len__(self) -> int:
        return len(list(iter(self)))

    def _load(self, name: str) -> T | None:
        """The plug-in ``name``, loaded once; None when it failed (reported once)."""
        if name in self._loaded or name in self._failed:
            return self._loaded.get(name)
        try:
            self._loaded[name] = self._instance(name)
        except PluginFailed as failure:
            self._failed[name] = str(failure)
            if sys.stderr is not None:  # None: started without one (print would use stdout)
                print(f"cardtable: warning: {failure}", file=sys.stderr)
            return None
        return self._loaded[name]

    def _instance(self, name: str) -> T:
        points = self._points[name]
        if len(points) > 1:
            distributions = " and ".join(sorted(distribution(point) for point in points))
            raise PluginFailed(
                f"plug-ins {distributions} each register {name!r} in {self.group}: "
                "none is loaded (keep one installed)"
            )
        point = points[0]
        where = f"plug-in {distribution(point)} (entry point {name!r} of {self.group})"
        try:
            loaded = point.load()
            instance = loaded() if isinstance(loaded, type) else loaded
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit too: a plug-in never ends the program
            reason = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
            raise PluginFailed(f"{where} failed to load: {one_line(reason)}") from None
        if not isinstance(instance, self.kind) or getattr(instance, "name", None) != name:
            raise PluginFailed(
                f"{where} failed to load: it gives {one_line(repr(instance))}, not the "
                f"{self.kind.__name__} named {name!r}"
            )
        return instance


class PluginFailed(Exception):
    """Why a plug-in did not load, in a line."""


def distribution(point: EntryPoint) -> str:
    """The name of the distribution that registers ``point``, as its metadata gives it."""
    return point.dist.name if point.dist is not None else "(no distribution)"


@cache
def rulesets() -> Plugins[Ruleset[Any]]:
    """The installed rulesets that load, by name in the order of their names; each is loaded
    when first looked up, every one when they are iterated (``names`` loads none). Each is a
    ``Ruleset`` of its own table, which the shared code does not know: ``Ruleset[Any]``."""
    return Plugins(ENTRY_POINTS, Ruleset, "ruleset")  # type: ignore[type-abstract]  # an ABC


def ruleset(name: str) -> Ruleset[Any]:
    """The installed ruleset ``name``; Unavailable (a KeyError) saying why there is none."""
    return rulesets()[name]


def ruleset_of(thing: object) -> Ruleset[Any]:
    """The ruleset of a table, a scenario or anything else that carries ``ruleset``, or of a
    script action."""
    if isinstance(thing, ScriptAction):
        return next(each for each in rulesets().values() if isinstance(thing, each.action))
    name = getattr(thing, "ruleset", None)
    if not isinstance(name, str):
        raise TypeError(f"{type(thing).__name__} belongs to no ruleset")
    return ruleset(name)


class RuleSummary(TypedDict):
    """A rule id's summary, as assets/rules/summaries.yaml writes it."""

    title: str
    summary: str  # what the rule says, in our words
    source: str  # the rules text or rulings file it summarises
    # What holds the summary true (tests/contracts/test_rule_summaries.py checks each): tests
    # marked with the rule, engine constants whose values it writes, scenarios citing it.
    held_by: NotRequired[list[str]]


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
