"""How the engine tells a rules loop that never ends (P-25).

Trigger resolution, capture repetition, the chain and expiration restart until nothing changes.
A card combination can make that never happen; the engine then stops the action that started it
and refuses it with ``LoopError`` (rule P-25): the table and the timeline stay as they were, and
``can_x`` answers False for it, as ``x`` would refuse it.

A loop is a repeated state, not a count: each tick names what resolves (a card's trigger, a
chain item, an expiration restart) and the state it resolves in (the table and what is pending).
Play is decided by that state, so one source resolving again in a state it already resolved in
would do so for ever. A source that comes back any number of times while the state moves on (a
counter that grows) is no loop, nor are a thousand different triggers resolving once each.

>>> guard = LoopGuard()
>>> for damage in range(1000):  # one trigger a thousand times, its unit's damage growing: no loop
...     guard.tick("imp's trigger Echo", ("imp", damage))
>>> try:
...     guard.tick("imp's trigger Echo", ("imp", 7))  # back in a state it resolved in: a loop
... except LoopError as error:
...     print(error.rule, error.message.partition(":")[0])
P-25 imp's trigger Echo came back to a state it already resolved in
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from engine.errors import RuleError
from engine.stack import Stack

T = TypeVar("T")


class LoopError(RuleError):
    """An action whose rules loop would never end (P-25)."""

    def __init__(self, what: str) -> None:
        super().__init__(
            "P-25",
            f"{what} came back to a state it already resolved in: the cards loop forever, "
            "so the action is refused",
        )


class Part:
    """A part of a state, hashed once: the parts that stay from tick to tick (the items waiting
    under the one that resolves) cost a stored number, not a hash of all they hold."""

    __slots__ = ("hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Part) and self.hash == other.hash and self.value == other.value


class StackKey:
    """A stack as part of a state: its top's ``Part`` on the key of the stack under it, hashed
    once. Two keys of one guard share the key of the items they share, so comparing them stops
    where their stacks meet, and a long chain costs a tick only the items pushed since."""

    __slots__ = ("below", "hash", "top")

    def __init__(self, top: Part, below: StackKey | None) -> None:
        self.top, self.below = top, below
        self.hash: int = hash((top.hash, below.hash if below else 0))

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        mine: StackKey | None = self
        theirs = other if isinstance(other, StackKey) else None
        if theirs is None:
            return False
        while mine is not theirs:  # walked, not recursed: a chain may be thousands deep
            if mine is None or theirs is None or mine.hash != theirs.hash or mine.top != theirs.top:
                return False
            mine, theirs = mine.below, theirs.below
        return True


class LoopGuard:
    """The states each source resolved in during one rules loop of an action; ``tick`` raises
    LoopError when a source resolves in one of them again.

    A tick costs a hash of the state's key: the rulesets make it of the table's card map, which
    keeps its hash up to date card by card (``CardMap.__hash__``), a few small fields, and the
    pending items as ``part``s hashed once each.
    """

    def __init__(self) -> None:
        self.seen: set[tuple[str, Hashable]] = set()
        self.parts: dict[int, tuple[object, Part]] = {}  # by id(): each object kept alive here
        self.stacks: dict[int, tuple[object, StackKey]] = {}  # by id() of a stack's node, too

    def part(self, thing: T, key: Callable[[T], Hashable] | None = None) -> Part:
        """``thing`` (or ``key(thing)``) as a ``Part``, made once for each object while the
        guard lives."""
        found = self.parts.get(id(thing))
        if found is None:
            value = thing if key is None else key(thing)
            found = self.parts[id(thing)] = (thing, Part(value))
        return found[1]

    def stack(self, stack: Stack[T], key: Callable[[T], Hashable] | None = None) -> Hashable:
        """``stack`` as a ``StackKey`` (its items as ``part``s): made once for each of its
        nodes while the guard lives, so a tick costs the items pushed since the last one."""
        fresh: list[Stack[T]] = []  # from the top down to the first node already keyed
        node = stack
        while node and id(node) not in self.stacks:
            fresh.append(node)
            node = node.popped()
        below = self.stacks[id(node)][1] if node else None
        for node in reversed(fresh):
            below = StackKey(self.part(node[-1], key), below)
            self.stacks[id(node)] = (node, below)
        return below

    def tick(self, what: str, state: Hashable) -> None:
        """``what`` resolves in ``state``; LoopError if it already resolved in that state."""
        key = (what, state)
        if key in self.seen:
            raise LoopError(what)
        self.seen.add(key)
