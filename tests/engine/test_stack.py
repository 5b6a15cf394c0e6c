"""The persistent stack the might chain is: snapshots share the items under their tops, it reads
as the tuple of its items would, and it is validated and dumped as a list."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.stack import Stack


def test_pushing_and_popping_share_the_items_below() -> None:
    bottom = Stack[str]().pushed("spark")
    top = bottom.pushed("feast")
    assert top.popped() is bottom  # nothing under the top was copied
    assert list(bottom) == ["spark"] and list(top) == ["spark", "feast"]  # the old one is kept
    with pytest.raises(IndexError):
        Stack[str]().popped()


def test_it_reads_as_the_tuple_of_its_items() -> None:
    items = ("a", "b", "c", "d")
    stack = Stack(items)
    assert (len(stack), list(stack), list(reversed(stack))) == (4, list(items), list("dcba"))
    assert [stack[i] for i in range(-4, 4)] == [items[i] for i in range(-4, 4)]
    assert stack[1:-1] == items[1:-1]
    assert bool(stack) and not Stack()
    for index in (4, -5):
        with pytest.raises(IndexError):
            stack[index]


def test_stacks_are_equal_by_their_items_shared_or_not() -> None:
    built, pushed = Stack(("a", "b")), Stack[str]().pushed("a").pushed("b")
    assert built == pushed and built == ("a", "b") and Stack() == ()
    assert built != Stack(("a", "c")) and built != Stack(("a",)) and built != ("a", "c")
    assert built.pushed("c").popped() == built


def test_since_lists_only_what_was_pushed_or_popped_between_two_snapshots() -> None:
    base = Stack(tuple(f"item-{n}" for n in range(1000)))
    later = base.popped().pushed("new").pushed("newer")
    assert sorted(later.since(base)) == ["item-999", "new", "newer"]
    assert list(base.since(base)) == [] and list(Stack(("x",)).since(Stack(("x",)))) == ["x", "x"]


def test_it_is_validated_and_dumped_as_a_list_bottom_first() -> None:
    adapter = TypeAdapter(Stack[int])
    stack = adapter.validate_python([1, 2, 3])
    assert isinstance(stack, Stack) and stack[-1] == 3
    assert adapter.validate_python(stack) is stack  # a stack is taken as it is
    assert adapter.dump_python(stack) == [1, 2, 3]
    assert adapter.validate_json(adapter.dump_json(stack)) == stack
