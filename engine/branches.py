"""What-if branches: other ways a scenario could go, kept in the scenario file beside its script.

A branch keeps the first ``keep`` actions of its ``parent`` (the file's ``script`` is the branch
named ``main``), then plays its own ``script``; its ``expect`` is checked on its own timeline.

>>> from engine.ruleset import ruleset
>>> end = ruleset("souls").action.model_validate({"end_turn": {}})
>>> later = Branch[ScriptAction, Frozen](name="end at once", keep=0, script=(end,))
>>> [a.kind for a in branch_actions((end, end), (later,), "end at once")]
['end_turn']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, islice
from typing import Any, Generic, TypeVar

from pydantic import Field

from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.lessons import Notes
from engine.names import Distinct, Name, how_alike, unlike
from engine.plain_errors import did_you_mean
from engine.safe_yaml import describe_location
from engine.script import START, Location, ScriptAction

MAIN = "main"  # the name of the file's own script
ActionT = TypeVar("ActionT", bound=ScriptAction)
ExpectT = TypeVar("ExpectT", bound=Frozen)

# What one file may make the program play: checking it plays every timeline from the set-up on.
MAX_BRANCHES = 256  # branches in a file
MAX_ACTIONS = 10_000  # actions in one timeline, those written inside others and those kept too
MAX_PLAYED = 50_000  # actions in all the file's timelines together


def too_many_branches() -> str:
    return f"more than {MAX_BRANCHES} branches in one file"


def too_long() -> str:
    return (
        f"more than {MAX_ACTIONS} actions in one timeline "
        "(counting the actions inside others and those a branch keeps)"
    )


def too_much() -> str:
    return f"more than {MAX_PLAYED} actions to play in all the file's timelines together"


class Branch(Frozen, Generic[ActionT, ExpectT]):
    """Another way the scenario could go, departing from ``parent`` after ``keep`` actions."""

    name: Name
    """Unique among the branches and not ``main``, nor like ``main`` or another branch's name
    (case, spacing, look-alike letters); ``cardtable diff --branch`` names it."""
    parent: Name = MAIN
    """The timeline it departs from: ``main`` (the file's ``script``) or a branch listed before
    this one."""
    keep: int = Field(default=0, ge=0)
    """How many of the parent's top-level actions come first, at most all of them (0: the
    set-up, then this branch's script)."""
    script: tuple[ActionT, ...] = ()
    """Played after the kept actions, to its end (the file's ``expect_error`` is not about it)."""
    expect: tuple[ExpectT, ...] = ()
    """Checked on this branch's timeline, with its own labels and those of the actions it
    keeps."""
    notes: Notes = {}
    """A lesson's note per action of this branch's timeline, keyed by its label: one of its own
    script or of an action it keeps (``start``: the set-up), as the top-level ``notes``; the
    exported page shows each beside its step in the branch's tab."""


AnyBranch = Branch[Any, Any]


def inside(entry: object, action: type[ScriptAction]) -> tuple[Location, Sequence[object]]:
    """Where in ``entry`` actions are written inside it, and those actions; ``entry`` is an
    action or, before validation, the data of an ``action``."""
    if isinstance(entry, ScriptAction):
        key = entry.nested_key
        return ((entry.kind, key), entry.nested()) if key else ((), ())
    if isinstance(entry, dict):
        for verb in action.VERBS:
            args, key = entry.get(verb.key), verb.nested_key
            if key and isinstance(args, dict) and isinstance(args.get(key), tuple | list):
                return (verb.key, key), args[key]
    return (), ()


def written(
    entries: Sequence[object], where: Location = (), action: type[ScriptAction] = ScriptAction
) -> Iterator[tuple[Location, object]]:
    """Every action of ``entries`` and of those written inside them with its place, in the order
    they are written (``inside`` reads them)."""
    pending = [(where, iter(enumerate(entries)))]
    while pending:
        base, items = pending[-1]
        for index, entry in items:
            yield (*base, index), entry
            key, nested = inside(entry, action)
            if nested:
                pending.append(((*base, index, *key), iter(enumerate(nested))))
                break
        else:
            pending.pop()


def places(
    entries: Sequence[object], where: Location = (), action: type[ScriptAction] = ScriptAction
) -> Iterator[Location]:
    """The place of every action of ``entries`` and of those written inside them."""
    return (place for place, _ in written(entries, where, action))


def unique_labels(script: Sequence[ScriptAction], branches: Sequence[AnyBranch] = ()) -> None:
    """Raise InvalidAt, at the second one, naming the first, when two actions of the file share
    a label, or labels that look alike (``engine.names.look``): its script's and its branches',
    nested ones included (a label is used once in a file, so that a branch's label never hides
    one it keeps); or when one takes the set-up table's."""
    seen = Distinct[Location]()
    scripts: list[tuple[Location, Sequence[ScriptAction]]] = [(("script",), script)]
    scripts += [(("branches", index, "script"), b.script) for index, b in enumerate(branches)]
    for where, actions in scripts:
        for place, action in written(actions, where):
            label = action.label if isinstance(action, ScriptAction) else None
            if not label:
                continue
            if label == START:
                raise InvalidAt(
                    (*place, "label"), f"the label {START!r} names the set-up table: choose another"
                )
            earlier = seen.add(label, place)
            if earlier is not None:
                other, first = earlier
                raise InvalidAt(
                    (*place, "label"),
                    f"the label {label!r} is used twice, first at {describe_location(first)}"
                    if other == label
                    else f"the labels {other!r} (at {describe_location(first)}) and {label!r} "
                    f"{how_alike(other, label)}",
                )


def check_written(data: object, action: type[ScriptAction]) -> None:
    """Refuse the data of a scenario (before its actions are validated, which takes time) when
    it has more branches than a file may, or writes more actions into one script, or into all,
    than a file may play (InvalidAt, at the first branch or action past the limit)."""
    if not isinstance(data, dict):
        return
    branches = data.get("branches")
    branches = branches if isinstance(branches, tuple | list) else ()
    if len(branches) > MAX_BRANCHES:
        raise InvalidAt(("branches", MAX_BRANCHES), too_many_branches())
    scripts = [(("script",), data.get("script"))] + [
        (("branches", index, "script"), branch.get("script"))
        for index, branch in enumerate(branches)
        if isinstance(branch, dict)
    ]
    played = 0
    for where, script in scripts:
        if not isinstance(script, tuple | list):
            continue
        for count, place in enumerate(places(script, where, action), 1):
            played += 1
            if count > MAX_ACTIONS or played > MAX_PLAYED:
                raise InvalidAt(place, too_long() if count > MAX_ACTIONS else too_much())


@dataclass(frozen=True, slots=True)
class _Timeline:
    """A timeline: ``keep`` top-level actions of ``parent``, holding ``base`` actions in all,
    then its own, of which the first ``n`` hold ``own[n]`` actions in all."""

    parent: str
    keep: int
    base: int
    own: list[int]

    def holds(self, timelines: dict[str, _Timeline], count: int) -> int:
        """How many actions, nested ones included, its first ``count`` actions hold."""
        timeline = self
        while count < timeline.keep:  # kept from the parent: at most MAX_BRANCHES steps
            timeline = timelines[timeline.parent]
        return timeline.base + timeline.own[count - timeline.keep]


def _timeline(parent: str, keep: int, base: int, script: Sequence[ScriptAction]) -> _Timeline:
    sizes = (sum(1 for _ in places((action,))) for action in script)
    return _Timeline(parent, keep, base, list(accumulate(sizes, initial=0)))


def _check_length(script: Sequence[ScriptAction], where: Location, kept: int) -> None:
    """Refuse the first action of ``script`` past MAX_ACTIONS, after ``kept`` before it."""
    past = next(islice(places(script, where), MAX_ACTIONS - kept, None), None)
    if past is not None:
        raise InvalidAt(past, too_long())


def waits(script: Sequence[ScriptAction]) -> bool:
    """Whether ``script`` ends with an action left waiting (``ScriptAction.waits``)."""
    return bool(script) and script[-1].waits


def _check_waits(script: Sequence[ScriptAction], where: Location) -> None:
    """Raise InvalidAt at an action that is left waiting though it is not the last top-level
    action of ``script`` (at ``where``), or though it is expected to be refused."""
    last = (*where, len(script) - 1)
    for place, action in written(script, where):
        if not isinstance(action, ScriptAction) or not action.waits:
            continue
        if place != last:
            raise InvalidAt(
                (*place, "waits"),
                "only the last action of a script can be left waiting: the actions after it "
                "are played once it is finished",
            )
        if action.expect_error is not None:
            raise InvalidAt(
                (*place, "waits"), "an action expected to be refused cannot be left waiting"
            )


def check_branches(script: Sequence[ScriptAction], branches: Sequence[AnyBranch]) -> None:
    """Raise ValueError (InvalidAt, placed in the file) unless every branch has a name no other
    has, nor looks like (``unlike``), a parent named before it, keeps no more actions than its
    parent has, and the timelines hold no more actions than a file may play."""
    if len(branches) > MAX_BRANCHES:
        raise InvalidAt(("branches", MAX_BRANCHES), too_many_branches())
    _check_length(script, ("script",), 0)
    _check_waits(script, ("script",))
    seen = Distinct[None]()
    seen.add(MAIN, None)
    timelines = {MAIN: _timeline("", 0, 0, script)}
    played = timelines[MAIN].own[-1]
    for index, branch in enumerate(branches):
        at: Location = ("branches", index)
        try:
            unlike(branch.name, seen)
        except ValueError as error:
            raise InvalidAt((*at, "name"), str(error)) from None
        parent = timelines.get(branch.parent)
        if parent is None:
            raise InvalidAt(
                (*at, "parent"),
                f"branch {branch.name!r}: its parent {branch.parent!r} is not {MAIN!r} or a "
                f"branch named before it{did_you_mean(branch.parent, list(timelines))}; "
                f"the timelines before it: {', '.join(timelines)}",
            )
        length = parent.keep + len(parent.own) - 1
        if branch.keep > length:
            raise InvalidAt(
                (*at, "keep"),
                f"branch {branch.name!r} keeps {branch.keep} actions, but "
                f"{branch.parent!r} has {length}",
            )
        _check_waits(branch.script, (*at, "script"))
        kept = parent.holds(timelines, branch.keep)
        _check_length(branch.script, (*at, "script"), kept)
        timeline = _timeline(branch.parent, branch.keep, kept, branch.script)
        played += timeline.base + timeline.own[-1]
        if played > MAX_PLAYED:
            raise InvalidAt(at, too_much())
        timelines[branch.name] = timeline


def branch_actions(
    script: Sequence[ScriptAction], branches: Sequence[AnyBranch], name: str
) -> list[ScriptAction]:
    """Every action of branch ``name``, from the set-up on (``branch_parts``)."""
    return [action for _, part in branch_parts(script, branches, name) for action in part]


def branch_parts(
    script: Sequence[ScriptAction],
    branches: Sequence[AnyBranch],
    name: str,
    count: int | None = None,
) -> list[tuple[Location, Sequence[ScriptAction]]]:
    """The first ``count`` actions (None: all) of branch ``name``, from the set-up on, in
    parts: walked up its ancestry, the part each timeline adds, as many as the one below
    keeps, with the place in the file of the script it comes from; no part is empty."""
    index = {branch.name: number for number, branch in enumerate(branches)}
    parts: list[tuple[Location, Sequence[ScriptAction]]] = []
    wanted = count  # of the timeline walked: how many of its actions (None: all)
    while name != MAIN:
        branch = branches[index[name]]
        if wanted is None or wanted > branch.keep:
            part = branch.script[: None if wanted is None else wanted - branch.keep]
            parts.append((("branches", index[name], "script"), part))
            wanted = branch.keep
        name = branch.parent
    parts.append((("script",), script[:wanted]))
    return [(where, part) for where, part in reversed(parts) if part]
