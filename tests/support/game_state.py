"""A game's whole state, comparable with ``==``: what a refused action must leave as it was.

``whole_state(game)`` walks every attribute the game object holds (the ``Recorder``'s table,
phase and steps, and whatever a ruleset adds: souls' pending triggers, battle window, battle
count and capture baseline; might's chooser with its scripted answers and use counts), copying
every mutable container on the way, so that a later change in place shows. The tables, steps and
other frozen models are immutable and kept as they are: the might table carries the chain, the
combat, the turn and the id counter, the souls table the turn and the game's end. Nothing is
listed by name, so an attribute a ruleset adds later is compared too; the ruleset's own
``_save_state()`` is kept beside it, as what its rollback claims to restore.

A ``Playthrough`` (the app's and the scenario runner's driver) is walked the same way: its
actions, its open window, its runner's labels and step ends, and the game inside it.

>>> from engine.scenario import game_from_yaml
>>> from tests.support.souls_tables import scenario_text
>>> game = game_from_yaml(scenario_text())
>>> before = whole_state(game)
>>> whole_state(game) == before
True
>>> game.phase = (*game.phase, "Somewhere else")
>>> whole_state(game) == before
False
>>> whole_state(game).differences(before)
['phase']
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

import pytest
from pydantic import BaseModel

from engine.errors import RuleError
from engine.timeline import Recorder

# Values that cannot change once made: compared as they are.
_ATOMS = (type(None), bool, int, float, complex, str, bytes, range, PurePath, enum.Enum)
# Code is compared by identity (a chooser swapped for another and not put back shows).
_CODE = (FunctionType, BuiltinFunctionType, MethodType, ModuleType, type)


@dataclass(frozen=True)
class Opaque:
    """An object the walk cannot look inside: equal only to a capture of the same object."""

    kind: str
    ident: int


@dataclass(frozen=True)
class Cycle:
    """An object met again inside itself (a window driver holding its game)."""

    kind: str


@dataclass(frozen=True)
class ObjectState:
    """The captured attributes of one mutable object, by name."""

    kind: str
    attributes: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class WholeState:
    """Everything a game (or a playthrough) holds, captured: compare two with ``==``."""

    attributes: tuple[tuple[str, Any], ...]
    saved: Any  # the ruleset's ``_save_state()``, frozen

    def differences(self, other: WholeState) -> list[str]:
        """The names of the attributes that differ (``saved``: the ruleset's own state)."""
        mine, theirs = dict(self.attributes), dict(other.attributes)
        names = [*mine, *(n for n in theirs if n not in mine)]
        found = [n for n in names if mine.get(n, _MISSING) != theirs.get(n, _MISSING)]
        return found + (["saved"] if self.saved != other.saved else [])


_MISSING = Opaque("missing", 0)


def whole_state(game: object) -> WholeState:
    """Capture everything ``game`` holds; equal captures mean nothing changed."""
    walk = _Walk()
    saved = game._save_state() if isinstance(game, Recorder) else None
    captured = walk.value(game)
    assert isinstance(captured, ObjectState)
    return WholeState(captured.attributes, walk.value(saved))


def assert_unchanged(before: WholeState, game: object) -> None:
    """Fail naming every attribute of ``game`` that differs from ``before``."""
    after = whole_state(game)
    assert after == before, f"changed: {', '.join(after.differences(before))}"


def refused_unchanged(game: object, act: Callable[[], object]) -> Exception:
    """Run ``act``, which must raise a RuleError, and check it left ``game`` as it was."""
    before = whole_state(game)
    try:
        act()
    except RuleError as error:
        assert_unchanged(before, game)
        return error
    raise AssertionError("the action was not refused")


def assert_refused(game: object, act: Callable[[], object], rule: str) -> RuleError:
    """``act`` is refused citing ``rule`` and leaves the whole game as it was (``whole_state``:
    the table with its chain, combat and counters, the steps and phase, pending triggers and
    the battle window, the chooser and its answers; of a playthrough also its actions, open
    window and the runner's labels)."""
    before = whole_state(game)
    with pytest.raises(RuleError) as error:
        act()
    assert error.value.rule == rule, error.value
    assert_unchanged(before, game)
    return error.value


class _Walk:
    def __init__(self) -> None:
        self.path: set[int] = set()  # objects being walked: a cycle ends the walk there

    def value(self, value: object) -> object:
        if isinstance(value, _ATOMS) or isinstance(value, _CODE):
            return value
        if isinstance(value, BaseModel) and value.model_config.get("frozen"):
            return value  # frozen models (tables, steps, actions) are replaced, never changed
        if id(value) in self.path:
            return Cycle(type(value).__qualname__)
        self.path.add(id(value))
        try:
            return self._inside(value)
        finally:
            self.path.discard(id(value))

    def _inside(self, value: object) -> object:
        if isinstance(value, tuple | list):
            return (type(value).__name__, tuple(self.value(v) for v in value))
        if isinstance(value, frozenset | set):
            return frozenset(self.value(v) for v in value)
        if isinstance(value, dict):
            return ("dict", tuple((self.value(k), self.value(v)) for k, v in value.items()))
        if isinstance(value, BaseModel):
            return self._object(value, dict(value))
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
            return self._object(value, fields)
        if hasattr(value, "__dict__"):
            return self._object(value, vars(value))
        return Opaque(type(value).__qualname__, id(value))

    def _object(self, value: object, attributes: dict[str, object]) -> ObjectState:
        return ObjectState(
            type(value).__qualname__,
            tuple((name, self.value(v)) for name, v in sorted(attributes.items())),
        )
