"""What every ruleset's scenario scripts share: labels, expected rejections, step expectations.

A ruleset supplies how to carry out one of its actions and how to compare one of its cards; this
module runs the script, records labels and checks the expectations, naming file and line.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Self

from pydantic import Field, GetJsonSchemaHandler, create_model, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from engine.errors import RuleError
from engine.frozen import Frozen
from engine.names import Distinct, Name, how_alike
from engine.plain_errors import did_you_mean, no_card
from engine.table_shape import TableShape
from engine.timeline import Step
from engine.verbs import Verb, Verbs
from engine.yaml_source import YamlSource, describe_location

Location = tuple[object, ...]


@cache  # a view asks it for every card it shows
def card_id(name: str) -> str:
    """The default id of a card: its name in lower case with dashes.

    >>> card_id("Final Resting Place")
    'final-resting-place'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class SetUpIds:
    """The ids of a set-up's cards as it is built: an id given twice, or one that looks like
    another (``engine.names.look``), is refused at its place, naming the other's line."""

    def __init__(self, source: YamlSource) -> None:
        self.source = source
        self.ids = Distinct[Location]()

    def claim(self, uid: str, where: Location) -> str:
        """``uid``, the id of the card written at ``where``, once no other card has it."""
        earlier = self.ids.add(uid, where)
        if earlier is None:
            return uid
        other, place = earlier
        if other == uid:
            raise self.source.error(
                where,
                f"two cards have the id {uid!r} (the other at line {self.source.line_of(place)})"
                ": give one an explicit id",
            )
        raise self.source.error(
            where,
            f"the ids {other!r} (line {self.source.line_of(place)}) and {uid!r} "
            f"{how_alike(other, uid)}; give one another id",
        )


class ExpectedError(Frozen):
    """A refusal expected: the rule it must cite, and words its message must hold."""

    rule: str
    """The rule id the refusal must cite, compared exactly (quoting an id such as "14.5.2"
    keeps it a string whatever its shape)."""
    message: str | None = None
    """Text the refusal's message must contain (case-sensitive), its ``(rule ...)`` suffix left
    out; omitted: any message."""


class ScriptAction(Frozen):
    """One script entry: exactly one verb, under its key, and the fields every entry may carry
    besides it. A ruleset's action model is made from its verbs (``with_verbs``): one optional
    field per verb, the verb its key names."""

    label: Name | None = None
    """Names the table after the last step this action recorded (after the actions inside it
    too; for a refused action, the table before it); ``expect`` refers to it with ``at``. Used
    once in a file, nested actions included; ``start`` names the set-up and cannot be taken."""
    expect_error: ExpectedError | None = None
    """The action must be refused citing this rule: it changes nothing and the script goes on.
    Allowed, or refused citing another rule, it is a failed expectation (status 1)."""

    waits: bool = False
    """Left waiting, as a save made while it waited writes it: the attack's battle window or the
    spell's chain stays open after the actions written inside it, for more actions or a pass.
    Only the last action of a script (the file's, or a branch's own) may wait."""

    VERBS: ClassVar[Verbs] = Verbs()

    @classmethod
    def with_verbs(cls, verbs: Verbs) -> type[Self]:
        """This model with one optional field per verb of ``verbs``, under its key, described by
        the verb's docstring: the action model of a ruleset's files. A verb that holds actions
        (``nested_key``) annotates them ``tuple[Action, ...]``: the model made here."""
        fields: dict[str, Any] = {
            verb.key: (verb | None, Field(default=None, description=inspect.getdoc(verb)))
            for verb in verbs
        }
        model = create_model(  # named as every ruleset's files have called it
            "Action", __base__=cls, __module__=cls.__module__, __doc__=cls.__doc__, **fields
        )
        model.VERBS = verbs
        for verb in verbs:  # one that holds actions names their model ``Action``: the first made
            if verb.nested_key and not verb.__pydantic_complete__:
                verb.model_rebuild(_types_namespace={"Action": model})
        model.model_rebuild()
        return model

    @classmethod
    def of(cls, verb: Verb, **qualifiers: Any) -> Self:
        """The action playing ``verb``: ``Action.of(Recall(unit="scout"), label="back")``."""
        return cls.model_validate({verb.key: verb, **qualifiers})

    @model_validator(mode="before")
    @classmethod
    def _bare_actions(cls, data: object) -> object:
        bare = cls.VERBS.bare()
        if isinstance(data, str) and data in bare:
            return {data: {}}
        if isinstance(data, dict):
            return {k: {} if k in bare and v is None else v for k, v in data.items()}
        return data

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        # The published schema takes every file the program takes: the bare words too.
        json_schema: dict[str, Any] = handler(core_schema)
        bare = cls.VERBS.bare()
        if not bare:
            return json_schema
        return {"anyOf": [json_schema, {"enum": list(bare)}]}

    @classmethod
    def action_names(cls) -> list[str]:
        return list(cls.VERBS.keys())

    def keys(self) -> list[str]:
        """The action keys that are set (exactly one, checked by ``_one_action``)."""
        return [name for name in self.action_names() if getattr(self, name) is not None]

    @property
    def verb(self) -> Verb:
        """The verb this action plays."""
        verb: Verb = getattr(self, self.kind)
        return verb

    @property
    def kind(self) -> str:
        return self.keys()[0]

    @model_validator(mode="after")
    def _one_action(self) -> ScriptAction:
        keys = self.keys()
        if len(keys) != 1:
            found = ", ".join(keys) or "none"
            raise ValueError(
                f"give exactly one action of {', '.join(self.action_names())} (found: {found})"
            )
        return self

    def with_verb(self, verb: Verb) -> Self:
        """This action (its label, expected error, ...) playing ``verb`` instead."""
        return self.evolve(**{self.kind: None, verb.key: verb})

    @property
    def nested_key(self) -> str | None:
        """The key of the verb's arguments that holds the actions written inside it."""
        return self.verb.nested_key

    def nested(self) -> Sequence[ScriptAction]:
        """Actions written inside this one (a battle window, responses on the chain)."""
        return self.verb.nested()

    def with_nested(self, nested: tuple[ScriptAction, ...]) -> Self:
        """This action with ``nested`` as the actions written inside it."""
        return self.with_verb(self.verb.with_nested(nested))


def dump_action(action: ScriptAction) -> dict[str, Any]:
    """An action as a scenario file writes it."""
    return action.model_dump(mode="json", exclude_none=True, exclude_defaults=True)


class StepMatch(Frozen):
    """Matches a timeline step: every given field must fit (``text`` is a substring)."""

    rule: str | None = None
    """The step cites exactly this rule id."""
    card: Name | None = None
    """With ``change``: that change is about this card (a ``declared`` change is about its
    attacker and its target). Without: the step changes this card or its cause is this card."""
    change: str | None = None
    """The step records a change of this kind: one every ruleset's steps may record (``stat``,
    ``moved``, ``died``, ..., listed below) or one the file's ruleset records alone (souls'
    ``captured``, might's ``replacement``, ..., listed under its top-level keys); another word
    is refused. ``player_stat``, ``phase`` and ``game_over`` changes name no card."""
    text: str | None = None
    """The step's description contains this text, ignoring case."""
    phase: str | None = None
    """One part of the step's phase path is exactly this: ``Turn 2 (Bob)``, ``Main phase``,
    ``Battle window``, ..."""
    # Where and how often, in the steps up to the expectation's ``at``:
    before: Name | None = None
    """Only the steps before this label's action (before its first step)."""
    between: tuple[Name, Name] | None = None
    """Only the steps after the table with the first label, up to and including the table with
    the second."""
    times: int | None = Field(default=None, ge=0)
    """Exactly this many steps match (in ``steps`` only): ``times: 0`` says the step never
    happens, as a ``no_steps`` entry does."""


class ExpectationBase(Frozen):
    """Checked on the table after the action labelled ``at`` (or at the end)."""

    at: Name = "end"
    """The label of the table checked, with the steps from the set-up up to it: ``end`` is
    after the last step, ``start`` the set-up. A label no action has is bad input."""
    steps: tuple[StepMatch, ...] = ()
    """Each entry matches at least one step (exactly ``times`` steps, when given)."""
    no_steps: tuple[StepMatch, ...] = ()
    """No step matches any of these entries."""
    turn: int | None = None
    """The turn number on the table."""

    @model_validator(mode="after")
    def _times_only_in_steps(self) -> ExpectationBase:
        if any(match.times is not None for match in self.no_steps):
            raise ValueError("`times` belongs in `steps` (`times: 0` says a step never happens)")
        return self


START = "start"  # the label of the set-up table
END = "end"  # what ``at`` names by default: the table after the last step


def script_labels(script: Sequence[ScriptAction]) -> set[str]:
    """Every label written in ``script``, nested actions included."""
    labels: set[str] = set()
    pending = list(script)
    while pending:
        action = pending.pop()
        pending += action.nested()
        labels |= {action.label} if action.label else set()
    return labels


def unique_names(names: Sequence[str], what: str = "cards") -> None:
    """Raise ValueError when two inline cards (or two players) share a name."""
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"{what} named twice: {', '.join(twice)}")


Perform = Callable[[ScriptAction, Location, "ScriptRunner"], None]

# The steps a file's scripts may make the program record (their actions are bounded apart, in
# engine/branches.py): a step is about a kilobyte and a few dozen microseconds, so checking a
# file stays within seconds and a few hundred megabytes. One action may record 50,000 (P-48).
MAX_TIMELINE_STEPS = 100_000  # steps in one timeline, refused after the action past it
MAX_FILE_STEPS = 200_000  # steps in all the file's timelines together, refused at the branch


def too_many_steps() -> str:
    return (
        f"the timeline holds more than {MAX_TIMELINE_STEPS:,} steps after this action: "
        "a script that long is refused"
    )


def refused_at(place: Location, action: ScriptAction, error: RuleError) -> Location:
    """Where the file says what refused ``action`` (at ``place``): the answer the refusal is
    about (``RuleError.at``), else the action's verb."""
    return (*place, *(error.at or (action.kind,)))


class ScriptStopped(Exception):
    """The run stopped at a rejected action, as the file's top-level ``expect_error`` allows."""


class ScriptRunner:
    """Plays a script: labels map to the last step of their action (``starts``: to its first);
    expected rejections are checked, unexpected ones become a ScenarioError naming the file,
    line and rule, or, with ``stop_on`` (the file's ``expect_error``), stop the run."""

    def __init__(self, steps: list[Step], source: YamlSource, perform: Perform) -> None:
        self.steps = steps
        self.source = source
        self.perform = perform
        self.labels: dict[str, int] = {START: 0}
        self.starts: dict[str, int] = {START: 0}
        self.failures: list[str] = []
        self.ends: list[int] = []  # the last step of each top-level action
        self.stop_on: ExpectedError | None = None
        self.stopped: tuple[Location, RuleError] | None = None

    def run(self, actions: Sequence[ScriptAction], where: Location = ("script",)) -> int:
        """Play ``actions``; the number played (fewer when the run stopped)."""
        for index, action in enumerate(actions):
            place = (*where, index)
            first = len(self.steps)
            try:
                self._run_one(action, place)
            except ScriptStopped:
                if where[-1] != "script":
                    raise
                return index
            self.mark(action, first)
            if len(self.steps) > MAX_TIMELINE_STEPS:
                raise self.source.error(place, too_many_steps())
            if where[-1] == "script":  # a top-level action: the file's or a branch's
                self.ends.append(len(self.steps) - 1)
        return len(actions)

    def _run_one(self, action: ScriptAction, place: Location) -> None:
        expected = action.expect_error
        try:
            self.perform(action, (*place, action.kind), self)
        except RuleError as error:
            if expected is None and self.stop_on is not None:
                self.stopped = ((*place, action.kind), error)
                raise ScriptStopped from None
            if expected is None:
                raise self.source.error(
                    refused_at(place, action, error), error.message, error.rule
                ) from None
            self.judge(place, expected, error)
            return
        if expected is not None:
            self.judge(place, expected, None)

    def mark(self, action: ScriptAction, first: int) -> None:
        """Name by ``action``'s label, if it has one, its steps: from ``first`` to the last."""
        if action.label:
            self.labels[action.label] = len(self.steps) - 1
            self.starts[action.label] = first

    def judge(self, place: Location, expected: ExpectedError, error: RuleError | None) -> None:
        """Record how the action at ``place`` missed the refusal it expected (``error``: the
        refusal it met, None when it was allowed); nothing when it met the one expected."""
        if error is None:
            self._fail(
                place, f"expected a rejection citing {expected.rule}, but the action was allowed"
            )
        elif error.rule != expected.rule:
            self._fail(
                place,
                f"expected a rejection citing {expected.rule}, got {error.rule}: {error.message}",
            )
        elif expected.message and expected.message not in error.message:
            self._fail(place, f"rejection message {error.message!r} lacks {expected.message!r}")

    def _fail(self, place: Location, message: str) -> None:
        line = self.source.line_of(place)
        self.failures.append(f"{self.source.path}:{line}: {describe_location(place)}: {message}")

    def stop_failures(self) -> list[str]:
        """How the run missed the file's ``expect_error`` (none when it stopped as expected)."""
        expected = self.stop_on
        if expected is None:
            return []
        line = self.source.line_of(("expect_error",))
        head = f"{self.source.path}:{line}: expect_error: "
        if self.stopped is None:
            return [
                head + f"expected the run to stop citing {expected.rule}, "
                "but every action was allowed"
            ]
        place, error = self.stopped
        at = describe_location(place)
        if error.rule != expected.rule:
            return [
                head + f"expected the run to stop citing {expected.rule}, "
                f"got {error.rule} at {at}: {error.message}"
            ]
        if expected.message and expected.message not in error.message:
            return [
                head + f"rejection message {error.message!r} at {at} lacks {expected.message!r}"
            ]
        return []


CardMisses = Callable[[Step, ExpectationBase], list[tuple[Location, str]]]


def unknown_label(label: str, labels: Sequence[str]) -> str:
    """What an expectation at a label no action has is told: did you mean, and the labels."""
    hint, listed = did_you_mean(label, labels), ", ".join(labels) or "none"
    return f"no script action has the label {label!r}{hint}; the labels: {listed}"


def verify_expected_cards(
    step: Step[TableShape], expectation: ExpectationBase, place: Location, source: YamlSource
) -> None:
    """Raise ScenarioError when ``expectation`` (at ``place``, about ``step``) names a card that
    is not on the table: a card's name where its id belongs, or a typo. No action adds or
    removes a card, so such an id is a mistake in the file, never a failed expectation."""
    cards = step.table.cards
    for uid in getattr(expectation, "cards", {}):
        if uid not in cards:
            raise source.error((*place, "cards", uid), no_card(uid, cards.values()))


def check_expectations(
    steps: Sequence[Step],
    runner: ScriptRunner,
    expectations: Sequence[ExpectationBase],
    ruleset_misses: CardMisses,
    where: Location = ("expect",),
    unreached: Collection[str] = (),
) -> list[str]:
    """Every failed expectation as ``file:line: expect[i] at 'label': expected X, saw Y``
    (``where`` is the expectations' place in the file: a branch's are under ``branches[i]``;
    ``unreached``: the script's labels a stopped run did not reach)."""
    source = runner.source
    failures: list[str] = []
    for index, expectation in enumerate(expectations):
        place: Location = (*where, index)
        labels = [((*place, "at"), expectation.at)] if expectation.at != END else []
        for number, match in enumerate(expectation.steps + expectation.no_steps):
            key = "steps" if number < len(expectation.steps) else "no_steps"
            sub = (*place, key, number if key == "steps" else number - len(expectation.steps))
            labels += [((*sub, "before"), match.before)] if match.before else []
            labels += [((*sub, "between", i), label) for i, label in enumerate(match.between or ())]
        missing = [(at, label) for at, label in labels if label not in runner.labels]
        for at, label in missing:
            if label not in unreached:
                raise source.error(at, unknown_label(label, [*runner.labels, *unreached]))
        if missing:
            failures.append(
                f"{source.path}:{source.line_of(missing[0][0])}: {describe_location(place)}: "
                f"the label {missing[0][1]!r} was not reached: the run stopped before it"
            )
            continue
        last = len(steps) - 1 if expectation.at == END else runner.labels[expectation.at]
        seen = steps[: last + 1]
        verify_expected_cards(seen[-1], expectation, place, source)
        misses = ruleset_misses(seen[-1], expectation) + step_misses(seen, expectation, runner)
        failures += [
            f"{source.path}:{source.line_of((*place, *sub))}: "
            f"{describe_location(place)} at {expectation.at!r}: {message}"
            for sub, message in misses
        ]
    return failures


def window(steps: Sequence[Step], match: StepMatch, runner: ScriptRunner) -> Sequence[Step]:
    """The steps ``match`` looks at: all of ``steps``, cut by its ``before`` and ``between``."""
    first, end = 0, len(steps)
    if match.before is not None:
        end = min(end, runner.starts[match.before])
    if match.between is not None:
        after, upto = match.between
        first, end = max(first, runner.labels[after] + 1), min(end, runner.labels[upto] + 1)
    return steps[first:end]


def step_misses(
    steps: Sequence[Step[TableShape]], expectation: ExpectationBase, runner: ScriptRunner
) -> list[tuple[Location, str]]:
    misses: list[tuple[Location, str]] = []
    for index, match in enumerate(expectation.steps):
        hits = [step.index for step in window(steps, match, runner) if step_matches(step, match)]
        if match.times is not None and len(hits) != match.times:
            seen = f" (steps {', '.join(map(str, hits))})" if hits else ""
            misses.append(
                (
                    ("steps", index),
                    f"{len(hits)} steps match {describe_match(match)}, "
                    f"expected {match.times}{seen}",
                )
            )
        elif match.times is None and not hits:
            misses.append((("steps", index), f"no step matches {describe_match(match)}"))
    for index, match in enumerate(expectation.no_steps):
        found = [step for step in window(steps, match, runner) if step_matches(step, match)]
        if found:
            misses.append(
                (
                    ("no_steps", index),
                    f"step {found[0].index} ({found[0].description}) "
                    f"matches {describe_match(match)}, which should not happen",
                )
            )
    turn = steps[-1].table.turn
    if expectation.turn is not None and turn != expectation.turn:
        misses.append((("turn",), f"turn: expected {expectation.turn}, saw {turn}"))
    return misses


def card_fact_misses(
    expected: Mapping[str, Frozen], facts: Callable[[str], Mapping[str, object]]
) -> list[tuple[Location, str]]:
    """How the cards differ from an expectation's ``cards`` (card id: the fields it must have,
    those not given not compared), ``facts(uid)`` being what the card is: each at its place in
    the expectation, as ``ember-imp hp: expected 5, saw 10``."""
    misses: list[tuple[Location, str]] = []
    for uid, expect in expected.items():
        seen = facts(uid)
        misses += [
            (("cards", uid, field), f"{uid} {field}: expected {want}, saw {seen.get(field)}")
            for field, want in expect.model_dump(exclude_none=True).items()
            if seen.get(field) != want
        ]
    return misses


def step_matches(step: Step, match: StepMatch) -> bool:
    if match.rule is not None and match.rule not in step.rules:
        return False
    if match.text is not None and match.text.lower() not in step.description.lower():
        return False
    if match.phase is not None and match.phase not in step.phase:
        return False
    if match.change is not None:
        return any(
            change.kind == match.change and (match.card is None or match.card in change.cards())
            for change in step.changes
        )
    if match.card is not None:
        return match.card in step.changed_cards() or step.cause.card == match.card
    return True


def describe_match(match: StepMatch) -> str:
    """``rule='S-13', before='b'``: the fields given, ``times`` left out (said apart)."""
    fields = match.model_dump(exclude_none=True, exclude={"times"})
    return ", ".join(f"{k}={list(v) if isinstance(v, tuple) else v!r}" for k, v in fields.items())
