"""Loading and running scenario files of any ruleset (``engine.ruleset``)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from pathlib import Path
from typing import Any, Protocol, cast

from pydantic import TypeAdapter

from engine.branches import MAIN, AnyBranch, branch_actions, branch_parts, waits
from engine.change_kinds import kinds_schema, verify_change_kinds
from engine.changes import CORE_CHANGES
from engine.choices import Chooser, default_chooser
from engine.errors import RuleError, ScenarioError
from engine.lessons import BranchNotes, verify_teaching, words_as_written
from engine.offers import Judged, Offer, actions_of
from engine.rule_ids import applied_rules, unapplied_rules, verify_rule_ids
from engine.ruleset import (
    Ruleset,
    RulesetPlay,
    Unavailable,
    ruleset,
    ruleset_of,
    rulesets,
)
from engine.script import (
    MAX_FILE_STEPS,
    START,
    ExpectationBase,
    ExpectedError,
    Location,
    ScriptAction,
    ScriptRunner,
    StepMatch,
    check_expectations,
    refused_at,
    script_labels,
)
from engine.step_names import verify_branch
from engine.timeline import Recorder, Step
from engine.windows import Waiting
from engine.yaml_source import YamlSource


class Scenario(Protocol):
    """What every ruleset's scenario model holds, as the shared code reads it (a model that
    subclasses ``engine.scenario_fields.ScenarioFields`` has it, described and checked)."""

    @property
    def ruleset(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    @property
    def script(self) -> Sequence[ScriptAction]: ...
    @property
    def expect(self) -> Sequence[ExpectationBase]: ...
    @property
    def expect_error(self) -> ExpectedError | None: ...
    @property
    def branches(self) -> Sequence[AnyBranch]: ...


@dataclass(frozen=True)
class TakeBack:
    """Undo: replay ``actions`` (the last one left open when ``leave_open``); redo plays
    ``action`` again, with its window open when ``was_open``."""

    actions: list[ScriptAction]
    leave_open: bool
    action: ScriptAction
    was_open: bool


@dataclass
class ScenarioRun:
    """A scenario played to its end: the game (with its timeline) and any failed expectations."""

    path: Path
    scenario: Scenario
    game: Recorder[Any]
    failures: list[str] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)
    # The rule ids its timelines apply, and a located warning per id of ``rules:`` none
    # applies (``rule_ids``): only a run of every timeline (no ``branch``) tells.
    applied: set[str] = field(default_factory=set)
    warnings: list[str] = field(default_factory=list)
    waiting: Waiting | None = None  # what waits at its end (its last action ``waits``)

    @property
    def steps(self) -> list[Step]:
        return self.game.steps


def load_scenario(path: Path) -> tuple[Scenario, YamlSource]:
    """Parse and validate a scenario file; raises ScenarioError naming the file and line."""
    source = YamlSource.read(path)
    return validate_scenario(source), source


def validate_scenario(source: YamlSource) -> Scenario:
    data = source.data
    if not isinstance(data, dict):
        raise source.error((), "expected a mapping of keys at the top of the file")
    name = data.get("ruleset")
    if name not in rulesets().names:
        raise source.error(
            ("ruleset",), f"ruleset must be one of {', '.join(rulesets())}, not {name!r}"
        )
    try:
        chosen = ruleset(name)
    except Unavailable as error:  # registered, but its plug-in is broken: say how
        raise source.error(("ruleset",), str(error)) from None
    words_as_written(source)  # a lesson's Yes is the word, not YAML's boolean
    scenario = cast(Scenario, source.validate(chosen.scenario))
    verify_rule_ids(scenario.rules, source)
    kinds = list(chosen.change_kinds())
    verify_change_kinds(scenario.expect, scenario.branches, kinds, source)
    return scenario


def game_from_yaml(
    text: str, chooser: Chooser = default_chooser, name: str = "<scenario>"
) -> Recorder[Any]:
    """A game of any installed ruleset on the set-up of a scenario given as YAML text (its
    script is not played); ``chooser`` answers the choices the rules leave to a player
    (``engine.choices``); ``name`` is the file its errors name.

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
    'ember-imp is captured: face down, on the slot (damage 10 reached max HP 10)'
    """
    source = YamlSource(Path(name), text)
    scenario = validate_scenario(source)
    return ruleset_of(scenario).game(scenario, source, chooser)


class Playthrough:
    """A scenario's set-up with script actions played on it, the file's and then any more.

    Choices that script actions leave open take the rules' default; ``act`` can ask a player
    instead and writes the answers into the action it returns, so that a replay asks nothing.

    ``act`` may leave the last action open where it waits for the players (a souls battle
    window, a might spell on the chain: ``waiting``); actions played while it waits go inside it
    (its ``window:`` or ``responses:``) and ``proceed`` (pass) finishes it. ``actions`` always
    holds the top-level actions with what was played inside them so far.

    >>> source = YamlSource(Path("duel.yaml"), '''
    ... ruleset: souls
    ... title: A duel
    ... rules: [S-13]
    ... setup:
    ...   players:
    ...     - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    ...     - {name: Bob, slots: {A1: {card: Ember Imp}}}
    ... ''')
    >>> play = Playthrough(validate_scenario(source), source)
    >>> Action = play.ruleset.action  # souls' script actions
    >>> attack = {"attack": {"attacker": "thorn-squire", "target": "ember-imp"}}
    >>> play.act(Action.model_validate(attack)).kind
    'attack'
    >>> play.waiting().pass_label, play.game.table.hp("ember-imp")
    ('Pass: go to the capture step', 0)
    >>> play.why_not(Action.model_validate({"end_turn": {}}))
    'cannot end the turn during a battle window; finish the battle first (rule S-13)'
    >>> _ = play.act(Action.model_validate({"heal": {"target": "ember-imp", "amount": 5}}))
    >>> [action.kind for action in play.actions[0].nested()]  # the heal went inside the attack
    ['heal']
    >>> for step in play.proceed():  # the heal saved the Imp: HP 5, not 0
    ...     print(step.description)
    Capture step: no card is at 0 HP (thorn-squire HP 15, ember-imp HP 5)
    Back to the main phase
    >>> play.waiting() is None
    True
    """

    def __init__(self, scenario: Scenario, source: YamlSource) -> None:
        self.scenario = scenario
        self.ruleset: Ruleset = ruleset_of(scenario)
        self.driver: RulesetPlay = self.ruleset.play(scenario, source)  # the game, driven
        self.runner = ScriptRunner(self.game.steps, source, self.driver.perform)
        self.runner.stop_on = scenario.expect_error  # the file's script may stop at a refusal
        self.actions: list[ScriptAction] = []
        self.open = False  # the last action waits (``waiting``) for more actions or ``proceed``
        self._open_since = 0  # the first step of the open action
        # The steps after which the open action's window stands: as it opened, then after each
        # action inside it (``engine.acting`` acts at one of them, P-128).
        self.window_points: list[int] = []

    @property
    def game(self) -> Recorder[Any]:
        """The game, with its timeline."""
        return self.driver.game

    def run(
        self,
        actions: Sequence[ScriptAction],
        leave_last_open: bool = False,
        where: Location = ("script",),
    ) -> None:
        """Play script actions as a scenario file does (rejections become ScenarioErrors,
        located at ``where`` in the file); with ``leave_last_open`` the last one is played as
        ``act`` plays it: left waiting."""
        closed = actions[:-1] if leave_last_open else actions
        played = self.runner.run(closed, where)
        self.actions += closed[:played]
        if played < len(closed):  # stopped at a refusal, as the file's expect_error allows
            return
        if leave_last_open and actions:
            self._leave_open(actions[-1], (*where, len(closed)))

    def _leave_open(self, action: ScriptAction, place: Location) -> None:
        """Play ``action`` (at ``place`` in the file) as ``act`` does, left waiting; a refusal
        is a ScenarioError at its place, and so is an action written as waiting
        (``ScriptAction.waits``) after which nothing waits."""
        first = len(self.game.steps)
        try:
            self.act(action)
        except RuleError as error:
            raise self.runner.source.error(
                refused_at(place, action, error), error.message, error.rule
            ) from None
        if action.waits and not self.open:
            raise self.runner.source.error(
                (*place, "waits"),
                "nothing waits after this action: only an attack in its battle window or a "
                "spell on the chain can be left waiting",
            )
        self.runner.mark(action, first)

    def saved_actions(self) -> list[ScriptAction]:
        """The actions played, as a file writes them: the last one marked as waiting while it
        waits (``ScriptAction.waits``), no other."""
        actions = [settled(action) for action in self.actions]
        if self.open:
            actions[-1] = actions[-1].evolve(waits=True)
        return actions

    def waiting(self) -> Waiting | None:
        """What waits for the players after the last action, or None."""
        if not self.open:
            return None
        return self.driver.waiting(self._open_since)

    def act(
        self, action: ScriptAction, ask: Chooser = default_chooser, open_windows: bool = True
    ) -> ScriptAction:
        """Play one more action; choices it leaves open go to ``ask`` (the player) and are
        written into the action returned. A refusal propagates and changes nothing: a
        RuleError, or a ScenarioError naming the place in the script of one inside an action
        played as a file plays it (a window with ``open_windows=False``, a response's own
        responses). The file's ``expect_error`` is about its own script: the player's action
        never stops the run.

        While an action waits, ``action`` is played inside it. Otherwise, with ``open_windows``,
        an attack stops at its battle window and a spell waits on the chain (after what is
        already written inside them)."""
        stop_on, self.runner.stop_on = self.runner.stop_on, None
        try:
            return self._act(action, ask, open_windows)
        finally:
            self.runner.stop_on = stop_on

    def _act(self, action: ScriptAction, ask: Chooser, open_windows: bool) -> ScriptAction:
        if self.open:
            return self._inside(action, ask)
        mark = len(self.game.steps)
        place = ("script", len(self.actions), action.kind)
        with self._asking(ask):
            if open_windows and self.driver.opens(action):
                with self.game.transaction():
                    self.driver.open(action)
                    self.open, self._open_since = True, mark
                    self.window_points = [len(self.game.steps) - 1]
                    # a choice made as it opens (a trigger's targets) is written in now
                    self.actions.append(self._answered(action).with_nested(()))
                    self.runner.ends.append(len(self.game.steps) - 1)
                    try:
                        for index, nested in enumerate(action.nested()):
                            self._inside_as_written(nested, ask, index)
                    except BaseException:
                        del self.actions[-1], self.runner.ends[-1]
                        self.open = False
                        raise
                self._close_if_settled()
                return self.actions[-1]
            self.runner.perform(action, place, self.runner)
            action = self._answered(action)
        self.actions.append(action)
        self.runner.ends.append(len(self.game.steps) - 1)
        return action

    def _inside(self, action: ScriptAction, ask: Chooser) -> ScriptAction:
        """Play ``action`` inside the open action, judged as the table stands in its window."""
        outer = self.actions[-1]
        index, key = len(self.actions) - 1, outer.nested_key  # where it goes when saved
        place = ("script", index, outer.kind, key, len(outer.nested()), action.kind)
        with self._asking(ask):
            self.driver.inside(outer, action, place, self.runner)
            action = self._answered(action)
        self.actions[-1] = outer.with_nested((*outer.nested(), action))
        self.runner.ends[-1:] = [len(self.game.steps) - 1]
        self.window_points.append(len(self.game.steps) - 1)
        self._close_if_settled()
        return action

    def _inside_as_written(self, action: ScriptAction, ask: Chooser, index: int) -> None:
        """Play ``action``, written at ``index`` inside the action that waits, as a file plays
        it: one that expects a refusal is judged as the runner judges it, and stays written."""
        expected = action.expect_error
        if expected is None:
            self._inside(action, ask)
            return
        outer = self.actions[-1]
        place = ("script", len(self.actions) - 1, outer.kind, outer.nested_key, index)
        try:
            self._inside(action, ask)
        except RuleError as error:
            self.runner.judge(place, expected, error)
            self.actions[-1] = outer.with_nested((*outer.nested(), action))
            self.window_points.append(len(self.game.steps) - 1)  # refused: no step of its own
            return
        self.runner.judge(place, expected, None)

    def _close_if_settled(self) -> None:
        if self.open and self.waiting() is None:  # e.g. a unit was played: nothing waits
            self.open = False

    def proceed(self, ask: Chooser = default_chooser) -> list[Step]:
        """Pass: finish the waiting action (souls: the capture step; might: the chain
        resolves). Raises RuleError when nothing waits."""
        self._verify_waits()
        outer = self.actions[-1]
        with self._asking(ask):
            steps = self.driver.close(outer)
            self.actions[-1] = self._answered(outer)
        self.open = False
        self.runner.ends[-1:] = [len(self.game.steps) - 1]
        return steps

    def take_back(self) -> TakeBack | None:
        """What undoing the last action means: inside an open action its last nested action,
        else the last action as a whole. None when there is nothing to take back."""
        if not self.actions:
            return None
        actions = list(self.actions)
        last = actions[-1]
        if self.open and last.nested():
            actions[-1] = last.with_nested(tuple(last.nested()[:-1]))
            return TakeBack(actions, True, last.nested()[-1], False)
        return TakeBack(actions[:-1], False, last, self.open)

    def _asking(self, ask: Chooser) -> AbstractContextManager[None]:
        """Choices the actions leave open go to ``ask`` while the block runs."""
        return self.driver.asking(ask)

    def _answered(self, action: ScriptAction) -> ScriptAction:
        """``action`` with the choices the player made written in."""
        return self.driver.answered(action)

    def refusal(self, action: ScriptAction) -> RuleError | None:
        """The rules' refusal of ``action`` now (its rule and reason), or None when it can."""
        try:
            self.driver.verify(action)
        except RuleError as error:
            return error
        return None

    def pass_refusal(self) -> RuleError | None:
        """The rules' refusal of passing (``proceed``) now, or None when it can."""
        try:
            self._verify_waits()
            self.driver.verify_close(self.actions[-1])
        except RuleError as error:
            return error
        return None

    def _verify_waits(self) -> None:
        if not self.open:
            raise RuleError("P-24", "nothing waits for the players: there is nothing to pass")

    def offers(self) -> list[tuple[str | None, Offer]]:
        """What may be tried now: each card's offers (with its id), then the table's (None)."""
        table = self.game.table
        offered: list[tuple[str | None, Offer]] = [
            (uid, offer) for uid in table.cards for offer in self.ruleset.offers(table, uid)
        ]
        offered += [(None, offer) for offer in self.ruleset.global_offers(table, self.waiting())]
        return offered

    def legal_actions(self) -> list[Judged]:
        """Every action offered now (``offers``), each with the rules' refusal or None: an
        offer that picks its targets is tried at each card of the table alone, the pass as
        passing."""
        judged: list[Judged] = []
        cards = list(self.game.table.cards)
        for uid, offer in self.offers():
            if offer.proceeds:
                judged.append(Judged(offer, None, uid, self.pass_refusal()))
            for action in actions_of(offer, cards):
                judged.append(Judged(offer, action, uid, self.refusal(action)))
        return judged

    def why_not(self, action: ScriptAction) -> str | None:
        """Why ``action`` can't be played now (with its rule), or None when it can."""
        error = self.refusal(action)
        return None if error is None else str(error)

    def failures(self, branch: str = MAIN) -> list[str]:
        """The failed expectations of the file (or of branch ``branch``) on this timeline."""
        misses = self.ruleset.card_misses
        expect: Sequence[ExpectationBase] = self.scenario.expect
        where: Location = ("expect",)
        stop = self.runner.stop_failures()
        if branch != MAIN:
            place = [b.name for b in self.scenario.branches].index(branch)
            expect = self.scenario.branches[place].expect
            where = ("branches", place, "expect")
            stop = []
        unreached: set[str] = set()
        if self.runner.stopped is not None:  # the labels the script has after the stop
            unreached = script_labels(self.scenario.script) - set(self.runner.labels)
        return (
            self.runner.failures
            + stop
            + check_expectations(self.game.steps, self.runner, expect, misses, where, unreached)
        )


def settled(action: ScriptAction) -> ScriptAction:
    """``action`` not marked as waiting: what it is once finished."""
    return action.evolve(waits=False) if action.waits else action


def without_answers(action: ScriptAction) -> ScriptAction:
    """``action`` with the answers to its choices taken out (a replacement order, an
    assignment), so that playing it asks them again."""
    return ruleset_of(action).without_answers(action)


def play_branch(scenario: Scenario, source: YamlSource, name: str) -> Playthrough:
    """Branch ``name`` of the scenario played from the set-up (``main``: the file's script)."""
    play = Playthrough(scenario, source)
    if name == MAIN:
        play.run(scenario.script, waits(scenario.script))
        return play
    play.runner.stop_on = None  # a branch's script is played to its end
    place = [b.name for b in scenario.branches].index(name)
    branch = scenario.branches[place]
    kept = branch_parts(scenario.script, scenario.branches, branch.parent, branch.keep)
    for where, part in kept:
        last = not branch.script and part is kept[-1][1]  # else what follows finishes it
        try:
            play.run(part, last and waits(part), where)
        except ScenarioError as error:  # fine where it is written: the keep is the mistake
            raise source.error(
                ("branches", place, "keep"),
                f"branch {name!r} keeps {branch.keep} actions of {branch.parent!r}, and "
                f"{error.where} is refused: {error.message}",
                error.rule,
            ) from None
    play.run(branch.script, waits(branch.script), ("branches", place, "script"))
    return play


def verify_lesson(scenario: Scenario, source: YamlSource) -> None:
    """Raise ScenarioError at a note or question of the file whose label its timeline does not
    play: the file's script for the top-level ones, a branch's own timeline for its notes."""
    branches = [
        BranchNotes(index, branch.name, branch.notes, timeline_labels(scenario, branch.name))
        for index, branch in enumerate(scenario.branches)
        if branch.notes
    ]
    notes, predict = getattr(scenario, "notes", {}), getattr(scenario, "predict", ())
    verify_teaching(notes, predict, timeline_labels(scenario, MAIN), source, branches)


def timeline_labels(scenario: Scenario, name: str) -> set[str]:
    """The labels branch ``name`` plays (``main``: the file's script), ``start`` included."""
    actions = branch_actions(scenario.script, scenario.branches, name)
    return script_labels(actions) | {START}


def run_scenario(path: Path, branch: str | None = None) -> ScenarioRun:
    """Build the table, play the script and check the expectations; with ``branch``, only
    that branch's timeline and expectations (``main``: the file's script).

    A script action the rules reject (and that does not expect it) raises ScenarioError.

    >>> from engine.assets import SCENARIOS
    >>> run = run_scenario(SCENARIOS / "souls" / "demo-table.yaml")
    >>> run.failures
    []
    >>> run.steps[0].description
    'The table as set up'
    """
    scenario, source = load_scenario(path)
    if branch is not None:
        verify_branch(scenario, source, branch)
        play = play_branch(scenario, source, branch)
        failures = play.failures() if branch == MAIN else play.failures(branch)
        return ScenarioRun(
            path, scenario, play.game, failures, play.runner.labels, waiting=play.waiting()
        )
    play = play_branch(scenario, source, MAIN)
    verify_lesson(scenario, source)
    failures = play.failures()
    timelines = [play.game.steps]
    for number, other in enumerate(scenario.branches):  # every what-if branch is checked too
        branch_play = play_branch(scenario, source, other.name)
        failures += branch_play.failures(other.name)
        timelines.append(branch_play.game.steps)
        if sum(map(len, timelines)) > MAX_FILE_STEPS:
            raise source.error(
                ("branches", number),
                f"more than {MAX_FILE_STEPS:,} steps in all the file's timelines together",
            )
    scripts = [scenario.script, *(other.script for other in scenario.branches)]
    applied = applied_rules(timelines, scripts, scenario.expect_error)
    warnings = unapplied_rules(scenario.rules, applied, source)
    return ScenarioRun(
        path, scenario, play.game, failures, play.runner.labels, applied, warnings, play.waiting()
    )


def scenario_files(paths: list[Path]) -> list[Path]:
    """Expand directories into the scenario files below them, sorted."""
    files: list[Path] = []
    for path in paths:
        files += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return files


def scenario_schema() -> dict[str, object]:
    """The JSON Schema of scenario files of every installed ruleset (any of their models), with
    the kinds of change their ``steps:`` name: the shared ones and each ruleset's own."""
    installed = list(rulesets().values())
    models: Any = reduce(or_, (each.scenario for each in installed))
    shapes = {StepMatch: CORE_CHANGES} | {each.scenario: each.changes for each in installed}
    return TypeAdapter(models).json_schema(schema_generator=kinds_schema(shapes))
