"""One game of random legal play and its checks, and a violation shrunk into the scenario that
reproduces it (the package's docstring says what is played and checked)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from engine.branches import inside
from engine.choices import Answer, Choice, Chooser, default_chooser
from engine.errors import RuleError, ScenarioError
from engine.frozen import ChangedInPlace, Frozen, refusing_changes
from engine.gc_history import freeze_settled, thaw
from engine.ruleset import Broken, Ruleset, at, rule_summaries
from engine.ruleset import ruleset as installed
from engine.scenario import Playthrough, Scenario, load_scenario, validate_scenario
from engine.script import ScriptAction, dump_action
from engine.table_shape import TableShape
from engine.timeline import Step
from engine.yaml_source import YamlSource

PASS = "pass"  # the move that finishes what waits (``Playthrough.proceed``)
Move = ScriptAction | str
SHRINK_BUDGET = 300  # replays a shrink may spend
PICK_SETS = 12  # random sets of targets tried for an offer that picks several
# How much each group of offers weighs (shared among its moves); the rest weigh 3. The turn's
# offers are always legal and would end most turns early; edits are legal on every card.
GROUP_WEIGHTS = {"Turn": 0.3, "Playtester edit": 1.0}


# ----------------------------------------------------------------------------- results


@dataclass
class Violation:
    """An invariant that failed: where, and the actions (top-level, with what was played inside
    them) that led to it; ``probe``: the attempt that showed it, if it was one."""

    invariant: str
    detail: str
    game: int = 0
    setup: str = ""
    actions: list[dict[str, Any]] = field(default_factory=list)
    open: bool = False
    probe: dict[str, Any] | str | None = None
    refusal_rule: str | None = None
    expect: dict[str, Any] | None = None
    shrunk_from: int = 0
    file: str | None = None


@dataclass
class GameResult:
    game: int
    setup: str
    steps: int = 0  # moves played
    timeline: int = 0  # timeline steps recorded
    tried: int = 0
    refused: int = 0
    ended: str = "budget"
    digest: str = ""
    violations: list[Violation] = field(default_factory=list)


class Found(Exception):
    """An invariant failed: play stops and the violation is shrunk."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.invariant}: {violation.detail}")
        self.violation = violation


# ----------------------------------------------------------------------------- set-ups


def setups(ruleset: str) -> list[Path]:
    """The example scenarios of ``ruleset`` (``Ruleset.examples``) whose set-up loads (games
    start there)."""
    return [path for path in _setups(ruleset)]


@cache
def _setups(ruleset: str) -> tuple[Path, ...]:
    found = []
    for path in sorted(installed(ruleset).examples().glob("*.yaml")):
        try:
            load_scenario(path)
        except ScenarioError:
            continue
        found.append(path)
    return tuple(found)


def bare(scenario: Scenario) -> Scenario:
    """The scenario's set-up alone: no script, expectations or branches."""
    assert isinstance(scenario, Frozen)  # every ruleset's scenario model is (ScenarioFields)
    return scenario.evolve(script=(), expect=(), branches=(), expect_error=None)


# ----------------------------------------------------------------------------- invariants


def step_violations(
    ruleset: Ruleset, steps: Sequence[Step[TableShape]], index: int
) -> Iterator[Broken]:
    """What ``steps[index]`` (after the set-up) breaks: the invariants of every ruleset, then
    the ruleset's own (``Invariants.step``)."""
    step = steps[index]
    table = step.table
    where = at(step)
    known = rule_summaries()
    unknown = [rule for rule in step.rules if rule not in known]
    if unknown:
        yield "cited rule exists", f"{where} cites {', '.join(unknown)}", None
    kinds = ruleset.change_kinds()  # what its files' ``steps:`` may name
    unnamed = sorted({change.kind for change in step.changes if change.kind not in kinds})
    if unnamed:
        yield "every change is of a registered kind", f"{where} records {', '.join(unnamed)}", None
    before = steps[index - 1].table
    changed = {uid for uid, card in table.cards.items() if before.cards.get(uid) is not card}
    unnamed_cards = sorted(changed - step.changed_cards())
    if unnamed_cards:  # the app outlines what a step's changes name: these would not show
        yield (
            "every card a step changes is named by a change",
            f"{where} changes {', '.join(unnamed_cards)} and names none of them",
            None,
        )
    made = {uid for change in step.changes for uid in change.made()}  # a token (might, P-61)
    uids = frozenset(before.cards) | made
    if frozenset(table.cards) != uids:
        gone = sorted(uids - set(table.cards))
        new = sorted(set(table.cards) - uids)
        yield "cards conserved", f"{where}: lost {gone}, gained {new}", None
    yield from ruleset.invariants.step(steps, index)


# ----------------------------------------------------------------------------- one game


def _key(move: Move) -> str:
    return PASS if isinstance(move, str) else repr(move)


def _state(play: Playthrough) -> tuple[object, ...]:
    game = play.game
    return (
        game.table,
        game.phase,
        list(game.steps),
        list(play.actions),
        play.open,
        list(play.runner.ends),
        game.rules_state(),
    )


class FuzzGame:
    """One game: a playthrough from a set-up, moves checked as they are played."""

    def __init__(self, scenario: Scenario, source: YamlSource, rng: random.Random) -> None:
        self.scenario, self.source, self.rng = scenario, source, rng
        self.play = Playthrough(scenario, source)
        self.invariants = self.play.ruleset.invariants
        self._trying: Move | None = None  # the move being tried, while it is
        self.tried = self.refused = self.moves = 0
        self._before_probe: list[ScriptAction] = []
        self._open_before = False

    # --- moves ----------------------------------------------------------------------------

    def candidates(self) -> list[tuple[float, Move]]:
        """Every move the engine offers now (``Playthrough.offers``), weighted: each group of
        offers (Turn, Battle, Playtester edit, ...) weighs ``GROUP_WEIGHTS``, shared among its
        moves; the table's offers are the Turn group."""
        groups: dict[str, list[Move]] = {}
        cards = list(self.play.game.table.cards)
        for uid, offer in self.play.offers():
            moves = groups.setdefault(offer.group if uid else "Turn", [])
            if offer.proceeds:
                moves.append(PASS)
            elif offer.action is not None:
                moves.append(offer.action)
            elif offer.pick is not None:
                moves.extend(offer.pick(targets) for targets in self._picks(cards, offer.most))
        return [
            (GROUP_WEIGHTS.get(group, 3.0) / len(moves), move)
            for group, moves in groups.items()
            for move in moves
        ]

    def _picks(self, cards: list[str], most: int) -> list[tuple[str, ...]]:
        """Targets to try for an offer that picks up to ``most``: each card alone, and a few
        random sets of 2 to ``most`` different cards (all of them would be too many)."""
        picks: list[tuple[str, ...]] = [(uid,) for uid in cards]
        for _ in range(PICK_SETS if most > 1 and len(cards) > 1 else 0):
            size = self.rng.randint(2, min(most, len(cards)))
            picks.append(tuple(self.rng.sample(cards, size)))
        return picks

    def ordered(self) -> list[Move]:
        """The candidates in a weighted random order: the first one the engine takes is drawn
        with probability proportional to its weight among the legal ones."""
        keyed = [(self.rng.random() ** (1 / weight), move) for weight, move in self.candidates()]
        keyed.sort(key=lambda pair: -pair[0])
        return [move for _, move in keyed]

    def expected(self, move: Move) -> RuleError | None:
        """What the engine says about ``move`` before it is tried."""
        if move == PASS:
            return self.play.pass_refusal()
        assert not isinstance(move, str)
        return self.play.refusal(move)

    def attempt(self, move: Move) -> bool:
        """Try ``move``: check ``refusal`` against acting, and that a refusal changes nothing;
        True when it was played (its steps checked)."""
        self.tried += 1
        self._trying = move
        expected = self.expected(move)
        before = _state(self.play)
        mark = len(self.play.game.steps)
        try:
            self._carry_out(move, self.chooser)
        except RuleError as error:
            self.refused += 1
            if _state(self.play) != before:
                self.fail("a refused action changes nothing", f"{_key(move)} changed", move)
            if expected is None:
                self.fail(
                    "refusal agrees with acting",
                    f"refusal said {_key(move)} can be played; acting refused it: {error}",
                    move,
                )
            return False
        if expected is not None:
            self.fail(
                "refusal agrees with acting",
                f"refusal refused {_key(move)} ({expected}); acting played it",
                move,
                expected.rule,
            )
        self.moves += 1
        self.check(mark)
        return True

    def chooser(self, choice: Choice) -> Answer:
        """A random answer the rules accept (``Invariants.answer``) to a choice of a kind its
        ruleset registers (``Ruleset.choices``)."""
        if choice.kind not in self.play.ruleset.choices:
            detail = f"{choice.kind!r} asked of player {choice.player} about {choice.subject}"
            self.fail("every choice is of a registered kind", detail, self._trying)
        return self.invariants.answer(choice, self.rng)

    def check(self, mark: int) -> None:
        steps = self.play.game.steps
        for index in range(max(mark, 1), len(steps)):
            for name, detail, expect in step_violations(self.play.ruleset, steps, index):
                if expect is not None and index < len(steps) - 1:
                    # the correction holds at this step, not at the action's end (a heal may
                    # follow): the file expects the broken step not to happen instead
                    expect = {"no_steps": [{"text": steps[index].description}]}
                self.fail(name, detail, expect=expect)
        for name, detail, expect in self.invariants.settled(self.play.game):
            self.fail(name, detail, expect=expect)

    def fail(
        self,
        invariant: str,
        detail: str,
        probe: Move | None = None,
        rule: str | None = None,
        expect: dict[str, Any] | None = None,
    ) -> None:
        actions = self.play.actions
        if probe is not None:  # the actions as they stood when the probe was tried
            actions = self._before_probe
        raise Found(
            Violation(
                invariant,
                detail,
                actions=[dump_action(a) for a in actions],
                open=self._open_before if probe is not None else self.play.open,
                probe=None
                if probe is None
                else (PASS if isinstance(probe, str) else dump_action(probe)),
                refusal_rule=rule,
                expect=expect,
            )
        )

    def step(self) -> bool:
        """Play one random legal move; False when none is legal."""
        for move in self.ordered():
            self._before_probe = list(self.play.actions)
            self._open_before = self.play.open
            if self.attempt(move):
                return True
        return False

    # --- replay ---------------------------------------------------------------------------

    def replay(self, actions: Sequence[ScriptAction], leave_open: bool) -> None:
        """Play ``actions`` move by move as the fuzzer played them (each checked): an action
        that waits, then what was played inside it, then the pass."""
        for number, action in enumerate(actions):
            last = number == len(actions) - 1
            self._before_probe, self._open_before = list(self.play.actions), self.play.open
            if self.play.driver.opens(action):
                self._play(action.with_nested(()))
                for nested in action.nested():
                    self._play(nested)
                if self.play.open and not (last and leave_open):
                    self._play(PASS)
            else:
                self._play(action)

    def _play(self, move: Move) -> None:
        mark = len(self.play.game.steps)
        self._carry_out(move, default_chooser)
        self.check(mark)

    def _carry_out(self, move: Move, chooser: Chooser) -> None:
        """Play ``move`` with every snapshot guarded (``refusing_changes``): a ruleset that
        changes one in place, which the timeline's earlier steps share, is a violation."""
        try:
            with refusing_changes():
                if move == PASS:
                    self.play.proceed(chooser)
                else:
                    assert not isinstance(move, str)
                    self.play.act(move, chooser)
        except ChangedInPlace as error:
            self.fail("no snapshot is changed in place", f"{_key(move)}: {error}", move)


def game_rng(ruleset: str, seed: int, game: int) -> random.Random:
    return random.Random(f"cardtable-fuzz:{ruleset}:{seed}:{game}")


def digest(steps: Sequence[Step]) -> str:
    text = repr([(s.phase, s.description, s.rules, s.cause, s.changes) for s in steps])
    text += steps[-1].table.model_dump_json()
    return hashlib.sha256(text.encode()).hexdigest()


def _load(path: Path) -> tuple[Scenario, YamlSource]:
    scenario, source = load_scenario(path)
    return bare(scenario), source


def play_game(ruleset: str, seed: int, game: int, moves: int) -> tuple[GameResult, FuzzGame]:
    """Play game number ``game`` of a run (no shrinking, no second run)."""
    rng = game_rng(ruleset, seed, game)
    path = rng.choice(setups(ruleset))
    scenario, source = _load(path)
    result = GameResult(game=game, setup=path.name)
    fuzz = FuzzGame(scenario, source, rng)
    try:
        while fuzz.moves < moves:
            if fuzz.invariants.over(fuzz.play.game):
                result.ended = "game over"
                break
            if not fuzz.step():
                result.ended = "no legal move"
                break
            if fuzz.moves % 100 == 0:
                freeze_settled()
    except Found as found:
        found.violation.game, found.violation.setup = game, path.name
        result.violations.append(found.violation)
    finally:
        thaw()
    result.steps, result.tried, result.refused = fuzz.moves, fuzz.tried, fuzz.refused
    result.timeline = len(fuzz.play.game.steps)
    result.digest = digest(fuzz.play.game.steps)
    return result, fuzz


def run_game(ruleset: str, seed: int, game: int, moves: int, twice: bool = True) -> GameResult:
    """Play, check determinism and the saved-session replay, and shrink any violation."""
    result, fuzz = play_game(ruleset, seed, game, moves)
    if not result.violations and twice:
        again, _ = play_game(ruleset, seed, game, moves)
        if again.digest != result.digest:
            result.violations.append(
                Violation(
                    "same seed, same timeline",
                    f"game {game} played twice gave timelines {result.digest[:12]} and "
                    f"{again.digest[:12]}",
                    game=game,
                    setup=result.setup,
                    actions=[dump_action(a) for a in fuzz.play.actions],
                    open=fuzz.play.open,
                )
            )
    if not result.violations:
        problem = reload_problem(fuzz)
        if problem:
            result.violations.append(
                Violation(
                    "a saved session reloads identically",
                    problem,
                    game=game,
                    setup=result.setup,
                    actions=[dump_action(a) for a in fuzz.play.actions],
                    open=fuzz.play.open,
                )
            )
    for violation in result.violations:
        shrink(ruleset, violation)
    return result


def saved_text(source: YamlSource, actions: Sequence[dict[str, Any]], **extra: Any) -> str:
    """The set-up of ``source`` with ``actions`` as its script (expectations left out)."""
    data = {
        k: v
        for k, v in source.data.items()
        if k not in ("script", "expect", "branches", "expect_error")
    }
    data.update(extra)
    data["script"] = list(actions)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=4096)


def reload_problem(fuzz: FuzzGame) -> str | None:
    """Save the game's actions into the scenario and replay the file: None when every step
    comes back the same."""
    play = fuzz.play
    text = saved_text(fuzz.source, [dump_action(a) for a in play.actions])
    source = YamlSource(fuzz.source.path, text)
    try:
        scenario = validate_scenario(source)
        again = Playthrough(scenario, source)
        again.run(scenario.script, leave_last_open=play.open)
    except (ScenarioError, RuleError) as error:
        return f"the saved session does not replay: {error}"
    ours, theirs = play.game.steps, again.game.steps
    for mine, other in zip(ours, theirs, strict=False):
        if mine != other:
            return (
                f"step {mine.index} differs on reload: {mine.description!r} / {other.description!r}"
            )
    if len(ours) != len(theirs):
        return f"{len(ours)} steps played, {len(theirs)} on reload"
    return None


# ----------------------------------------------------------------------------- shrinking


def reproduces(ruleset: str, violation: Violation, actions: Sequence[dict[str, Any]]) -> bool:
    """``actions`` (then the probe, if any) from the violation's set-up show its invariant."""
    return replayed(ruleset, violation, actions) is not None


def replayed(
    ruleset: str, violation: Violation, actions: Sequence[dict[str, Any]]
) -> Violation | None:
    """The violation as ``actions`` (then the probe) show it again from its set-up, or None.
    A violation that is no property of the actions comes back as it was found."""
    scenario, source = _load(installed(ruleset).examples() / violation.setup)
    action_type = installed(ruleset).action
    try:
        parsed = [action_type.model_validate(a) for a in actions]
    except ValueError:
        return None
    if violation.invariant == "same seed, same timeline":
        return violation  # not a property of the actions: kept as found
    if violation.invariant == "a saved session reloads identically":
        fuzz = FuzzGame(scenario, source, random.Random(0))
        try:
            fuzz.replay(parsed, violation.open)
        except (RuleError, Found):
            return None
        return violation if reload_problem(fuzz) is not None else None
    fuzz = FuzzGame(scenario, source, random.Random(0))
    try:
        fuzz.replay(parsed, violation.open)
        if violation.probe is not None:
            probe: Move = (
                PASS if violation.probe == PASS else action_type.model_validate(violation.probe)
            )
            fuzz._before_probe, fuzz._open_before = list(fuzz.play.actions), fuzz.play.open  # noqa: SLF001
            fuzz.attempt(probe)
    except RuleError:
        return None
    except Found as found:
        return found.violation if found.violation.invariant == violation.invariant else None
    return None


def _units(
    actions: Sequence[dict[str, Any]], kind: type[ScriptAction]
) -> list[tuple[int, int | None]]:
    """Each action and each action inside one, as (top-level number, nested number)."""
    units: list[tuple[int, int | None]] = []
    for number, action in enumerate(actions):
        units.append((number, None))
        units += [(number, inner) for inner in range(len(inside(action, kind)[1]))]
    return units


def _without(
    actions: Sequence[dict[str, Any]], unit: tuple[int, int | None], kind: type[ScriptAction]
) -> list[dict[str, Any]]:
    number, inner = unit
    if inner is None:
        return [a for i, a in enumerate(actions) if i != number]
    action = dict(actions[number])
    place, nested = inside(action, kind)
    key, holder = (str(name) for name in place)  # the action's key, the key of those inside it
    args = dict(action[key])
    kept = [a for i, a in enumerate(nested) if i != inner]
    if kept:
        args[holder] = kept
    else:
        args.pop(holder, None)
    action[key] = args
    return [action if i == number else a for i, a in enumerate(actions)]


def shrink(ruleset: str, violation: Violation, budget: int = SHRINK_BUDGET) -> None:
    """Drop actions one by one (the last ones first) while the violation still shows."""
    kind = installed(ruleset).action
    actions = list(violation.actions)
    violation.shrunk_from = len(_units(actions, kind))
    if not reproduces(ruleset, violation, actions):
        violation.detail += " (did not reproduce on replay: not shrunk)"
        return
    changed = True
    while changed and budget > 0:
        changed = False
        for unit in reversed(_units(actions, kind)):
            if budget <= 0:
                break
            budget -= 1
            if unit[0] >= len(actions) or (
                unit[1] is not None and unit[1] >= len(inside(actions[unit[0]], kind)[1])
            ):
                continue
            smaller = _without(actions, unit, kind)
            if reproduces(ruleset, violation, smaller):
                actions, changed = smaller, True
    violation.actions = actions
    # the shrunk game may break at another step: the file describes and expects that one
    shown = replayed(ruleset, violation, actions)
    if shown is not None and shown is not violation:
        violation.detail, violation.expect = shown.detail, shown.expect


def violation_text(ruleset: str, violation: Violation, seed: int) -> str:
    """A scenario that reproduces ``violation``: its set-up, the shrunk script (the probe last,
    expected to be refused when the engine said so), a comment naming the invariant."""
    _, source = load_scenario(installed(ruleset).examples() / violation.setup)
    kind = installed(ruleset).action
    script = list(violation.actions)
    if isinstance(violation.probe, dict):
        probe = dict(violation.probe)
        if violation.refusal_rule is not None:
            probe["expect_error"] = {"rule": violation.refusal_rule}
        script.append(probe)
    extra: dict[str, Any] = {
        "title": f"fuzz: {violation.invariant}",
        "description": f"{violation.detail}\nFound by cardtable fuzz --ruleset {ruleset} "
        f"--seed {seed} (game {violation.game}, set-up {violation.setup}).",
    }
    if violation.expect:
        extra["expect"] = [violation.expect]
    text = saved_text(source, script, **extra)
    header = [
        f"# cardtable fuzz: invariant violated: {violation.invariant}",
        f"# {violation.detail}",
        f"# seed {seed}, game {violation.game}, set-up {violation.setup}; shrunk from "
        f"{violation.shrunk_from} to {len(_units(violation.actions, kind))} actions",
    ]
    if violation.probe == PASS:
        header.append("# the violation shows when the players pass after the last action")
    if violation.open:
        header.append(
            "# the fuzzer left the last action waiting (its window or chain open); "
            "the file plays it to its end"
        )
    header = [" ".join(line.split()) for line in header]
    return "\n".join(header) + "\n" + text
