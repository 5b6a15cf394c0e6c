"""An immutable stack that shares what lies under its top: the might chain (M-7).

Every timeline step holds a snapshot of the table, the chain with it. As a tuple, each trigger
put on the chain copied every item under it, so a cascade of triggers cost memory and time in
the square of the chain's length (issue 34). ``Stack`` is a linked list from the top down:
putting an item on and taking the top off make one node or none, and every snapshot shares the
items below.

>>> chain = Stack[str]().pushed("spark").pushed("crow's Feast")
>>> list(chain), chain[-1], len(chain)
(['spark', "crow's Feast"], "crow's Feast", 2)
>>> chain.popped() == ("spark",), chain.popped().popped() == Stack()
(True, True)
>>> list(chain.pushed("imp's Echo").since(chain))
["imp's Echo"]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, get_args, overload

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from engine.frozen import persistent_schema

T = TypeVar("T")


class Stack(Sequence[T], Generic[T]):
    """A persistent stack, iterated from the bottom (the first item pushed) to the top, as a
    tuple of the items in the order they were pushed would be."""

    __slots__ = ("_below", "_size", "_top")

    def __init__(self, items: Sequence[T] = ()) -> None:
        """The stack of ``items``, the last on top."""
        self._below: Stack[T] | None = None
        self._size = 0
        self._top: T | None = None
        if items:
            below: Stack[T] = Stack()
            for item in items[:-1]:
                below = below.pushed(item)
            self._below, self._size, self._top = below, below._size + 1, items[-1]

    def pushed(self, item: T) -> Stack[T]:
        """This stack with ``item`` on top."""
        new: Stack[T] = Stack.__new__(Stack)
        new._below, new._size, new._top = self, self._size + 1, item
        return new

    def popped(self) -> Stack[T]:
        """This stack without its top (IndexError when it is empty)."""
        if self._below is None:
            raise IndexError("pop from an empty stack")
        return self._below

    def _downward(self) -> Iterator[T]:
        node = self
        while node._below is not None:
            yield node._top  # type: ignore[misc]  # set on every node with one below
            node = node._below

    def since(self, before: Stack[T]) -> Iterator[T]:
        """The items of this stack and of ``before`` that the two do not share: those pushed
        and popped between two snapshots of one chain. Costs what changed, as snapshots share
        the items under their tops."""
        mine, theirs = self, before
        while mine is not theirs and (mine._below is not None or theirs._below is not None):
            if mine._size >= theirs._size:
                yield mine._top  # type: ignore[misc]  # a stack this size has a top
                mine = mine._below  # type: ignore[assignment]
            else:
                yield theirs._top  # type: ignore[misc]
                theirs = theirs._below  # type: ignore[assignment]

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[T]:
        return reversed(list(self._downward()))

    def __reversed__(self) -> Iterator[T]:
        return self._downward()

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        depth = -1 - index if index < 0 else self._size - 1 - index
        if not 0 <= depth < self._size:
            raise IndexError("stack index out of range")
        return next(islice(self._downward(), depth, None))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stack):
            if len(self) != len(other):
                return False
            mine, theirs = self, other
            while mine is not theirs and mine._below is not None:  # the rest is shared
                if mine._top != theirs._top:
                    return False
                mine, theirs = mine._below, theirs._below  # type: ignore[assignment]
            return True
        if isinstance(other, tuple):
            return len(self) == len(other) and tuple(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by content, as CardMap is

    def __repr__(self) -> str:
        return f"Stack({list(self)!r})"

    def __deepcopy__(self, memo: dict[int, object]) -> Stack[T]:
        return self  # immutable: a field's default is shared, not copied

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Validated as a list of its item type (a Stack is taken as it is); dumped as one,
        bottom first."""
        (item_type,) = get_args(source) or (Any,)
        as_list = core_schema.list_schema(handler.generate_schema(item_type))
        return persistent_schema(cls, as_list, list)
