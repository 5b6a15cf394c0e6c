"""A verb of a game bound to the arguments of one script action: ``verify`` raises the RuleError
``act`` would meet, ``can`` answers whether ``act`` may be played, ``act`` plays it.

Each ruleset maps every verb of its script actions (``Verb`` in its ``scenario.py``) to its
game's ``verify_x``, ``can_x`` and ``x`` in one ``match`` ending in ``assert_never`` (its
``verbs.py``): the type checker proves that no verb is left out, and ``bind`` that the three
methods take the arguments given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar, TypeVarTuple

from engine.timeline import Step

Args = TypeVarTuple("Args")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Bound:
    """``verify_x``, ``can_x`` and ``x`` of one game, each with the same arguments."""

    verify: Callable[[], None]
    can: Callable[[], bool]
    act: Callable[[], list[Step]]


def bind(
    verify: Callable[[*Args], None],
    can: Callable[[*Args], bool],
    act: Callable[[*Args], list[Step]],
    *args: *Args,
) -> Bound:
    """The three forms of one verb, given the same ``args``."""
    return Bound(partial(verify, *args), partial(can, *args), partial(act, *args))


def given(args: T | None) -> T:
    """The arguments under the key an action's ``kind`` names: set, as ``ScriptAction`` makes
    sure exactly one key is."""
    assert args is not None
    return args
