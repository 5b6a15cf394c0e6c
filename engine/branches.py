"""What-if branches: other ways a scenario could go, kept in the scenario file beside its script.

A branch keeps the first ``keep`` actions of its ``parent`` (the file's ``script`` is the branch
named ``main``), then plays its own ``script``; its ``expect`` is checked on its own timeline.

>>> from engine.souls.scenario import Action, Expectation
>>> end = Action.model_validate({"end_turn": {}})
>>> later = Branch[Action, Expectation](name="end at once", keep=0, script=(end,))
>>> [a.kind for a in branch_actions((end, end), (later,), "end at once")]
['end_turn']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from pydantic import Field

from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.names import Name, look, unlike
from engine.script import ScriptAction

MAIN = "main"  # the name of the file's own script
ActionT = TypeVar("ActionT", bound=ScriptAction)
ExpectT = TypeVar("ExpectT", bound=Frozen)


class Branch(Frozen, Generic[ActionT, ExpectT]):
    """Another way the scenario could go, departing from ``parent`` after ``keep`` actions."""

    name: Name
    parent: Name = MAIN
    keep: int = Field(default=0, ge=0)
    script: tuple[ActionT, ...] = ()
    expect: tuple[ExpectT, ...] = ()


AnyBranch = Branch[Any, Any]


def check_branches(script: Sequence[ScriptAction], branches: Sequence[AnyBranch]) -> None:
    """Raise ValueError (InvalidAt, placed in the file) unless every branch has a name no other
    has, nor looks like (``unlike``), a parent named before it and keeps no more actions than its
    parent has."""
    seen = {look(MAIN): MAIN}
    lengths = {MAIN: len(script)}
    for index, branch in enumerate(branches):
        at = ("branches", index)
        try:
            unlike(branch.name, seen)
        except ValueError as error:
            raise InvalidAt((*at, "name"), str(error)) from None
        if branch.parent not in lengths:
            raise InvalidAt(
                (*at, "parent"),
                f"branch {branch.name!r}: its parent {branch.parent!r} is not "
                f"{MAIN!r} or a branch named before it",
            )
        if branch.keep > lengths[branch.parent]:
            raise InvalidAt(
                (*at, "keep"),
                f"branch {branch.name!r} keeps {branch.keep} actions, but "
                f"{branch.parent!r} has {lengths[branch.parent]}",
            )
        lengths[branch.name] = branch.keep + len(branch.script)


def branch_actions(
    script: Sequence[ScriptAction], branches: Sequence[AnyBranch], name: str
) -> list[ScriptAction]:
    """Every action of branch ``name``, from the set-up on."""
    if name == MAIN:
        return list(script)
    branch = next(b for b in branches if b.name == name)
    return branch_actions(script, branches, branch.parent)[: branch.keep] + list(branch.script)
