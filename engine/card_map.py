"""An immutable, ordered map of the cards on a table that shares what an update leaves alone.

Every timeline step holds a snapshot of the table; copying a dict of every card for each step
cost memory and time in proportion to the table (issue 11). ``CardMap`` keeps the cards in a
tree of tuples three levels deep, each card at the place its position gives (the order cards
were added in, which hands and the text keep): replacing one card copies three small tuples,
about 370 bytes on 1,000 cards, half of what a hash array mapped trie's 32-way nodes copied
(docs/performance.md, issue 40). Where each key lies is kept apart (``_Keys``), in a map that
every card map with the same keys shares, and that only adding or removing a card changes.

>>> cards = CardMap({"a": 1, "b": 2})
>>> later = cards.set("a", 10)
>>> list(later.items()), list(cards.items())
([('a', 10), ('b', 2)], [('a', 1), ('b', 2)])
>>> later.set("c", 3).delete("a") == {"b": 2, "c": 3}
True
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar, get_args, overload

import immutables
from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from engine.frozen import persistent_schema

V = TypeVar("V")
T = TypeVar("T")
_MISSING = object()
_GONE = object()  # the place of a removed card, until the tree is laid out again
_HASH_MASK = 2**64 - 1
Path = tuple[int, int, int]
Tree = tuple[tuple[tuple[Any, ...], ...], ...]


class _Keys:
    """Where the cards of every map with these keys lie: each key's path in the tree (three
    indexes, one a level, each under ``fanout``), the key at each place (None where a card was
    removed) and the keys in their order. Shared by the maps of a game: made anew only when a
    card is added or removed."""

    __slots__ = ("fanout", "order", "paths", "places", "positions")

    def __init__(
        self,
        fanout: int,
        paths: immutables.Map[str, Path],
        places: tuple[str | None, ...],
        order: tuple[str, ...],
    ) -> None:
        self.fanout = fanout
        self.paths = paths
        self.places = places
        self.order = order
        self.positions: dict[str, int] | None = None  # made when first asked

    @classmethod
    def laid_out(cls, order: tuple[str, ...]) -> _Keys:
        """The keys of ``order`` at places 0, 1, ..., in a tree with room for a quarter more."""
        fanout = 2
        while fanout**3 < len(order) + len(order) // 4 + 8:
            fanout += 1
        paths = immutables.Map({key: _path(place, fanout) for place, key in enumerate(order)})
        return cls(fanout, paths, order, order)

    def added(self, key: str) -> _Keys:
        """These keys and ``key``, at the next place (the tree has room: ``room``)."""
        path = _path(len(self.places), self.fanout)
        order = (*self.order, key)
        places = order if self.order is self.places else (*self.places, key)  # none removed: one
        return _Keys(self.fanout, self.paths.set(key, path), places, order)

    def removed(self, key: str) -> _Keys:
        """These keys without ``key``, whose place stays empty."""
        place = _place(self.paths[key], self.fanout)
        return _Keys(
            self.fanout,
            self.paths.delete(key),
            (*self.places[:place], None, *self.places[place + 1 :]),
            tuple(k for k in self.order if k != key),
        )

    def room(self) -> bool:
        """Whether the tree has a place for one more card."""
        return len(self.places) < self.fanout**3

    def position(self, key: str) -> int:
        if self.positions is None:
            self.positions = {k: i for i, k in enumerate(self.order)}
        return self.positions[key]


def _path(place: int, fanout: int) -> Path:
    return place // (fanout * fanout), place // fanout % fanout, place % fanout


def _place(path: Path, fanout: int) -> int:
    """The place at ``path``: ``_path``'s inverse."""
    return (path[0] * fanout + path[1]) * fanout + path[2]


def _tree(values: list[Any], fanout: int) -> Tree:
    """``values`` at places 0, 1, ...: leaves of ``fanout`` values, ``fanout`` leaves a node."""
    leaves = [tuple(values[i : i + fanout]) for i in range(0, len(values), fanout)]
    return tuple(tuple(leaves[i : i + fanout]) for i in range(0, len(leaves), fanout))


def _replaced(tree: Tree, path: Path, value: object) -> Tree:
    """``tree`` with ``value`` at ``path``: the three tuples on the way copied, the rest shared."""
    a, b, c = path
    node = tree[a]
    cells = list(node[b])
    cells[c] = value
    leaves = list(node)
    leaves[b] = tuple(cells)
    nodes = list(tree)
    nodes[a] = tuple(leaves)
    return tuple(nodes)


def _appended(tree: Tree, path: Path, value: object) -> Tree:
    """``tree`` with ``value`` at the next place, ``path`` (a new leaf or node if it starts
    one)."""
    a, b, _ = path
    nodes = list(tree)
    if a == len(nodes):
        nodes.append(())
    leaves = list(nodes[a])
    if b == len(leaves):
        leaves.append(())
    leaves[b] = (*leaves[b], value)
    nodes[a] = tuple(leaves)
    return tuple(nodes)


class CardMap(Mapping[str, V], Generic[V]):
    """A persistent mapping from card id to card, iterated in the order cards were added."""

    __slots__ = ("_hash", "_keys", "_tree", "derived")

    def __init__(self, items: Mapping[str, V] | None = None) -> None:
        items = items or {}
        self._keys = _Keys.laid_out(tuple(items))
        self._tree: Tree = _tree(list(items.values()), self._keys.fanout)
        self._hash: int | None = None  # made when first asked, then kept up to date by set
        # What a ruleset derives from these cards and keeps with them (its lookup index). The
        # cards never change, so neither does what is derived from them; an updated map starts
        # without it, and the ruleset derives the new one from the old (engine/souls/index.py).
        self.derived: object = None

    @classmethod
    def _of(cls, keys: _Keys, tree: Tree, hash_: int | None) -> CardMap[V]:
        new = cls.__new__(cls)
        new._keys, new._tree, new._hash, new.derived = keys, tree, hash_, None
        return new

    def set(self, key: str, value: V) -> CardMap[V]:
        """This map with ``key`` set to ``value`` (a new key goes last)."""
        return self.swap(key, value)[1]

    def swap(self, key: str, value: V) -> tuple[V | None, CardMap[V]]:
        """What ``key`` held (None: nothing) and ``set(key, value)``, with one look-up: a
        table's ``with_card`` needs both, on every update.

        >>> CardMap({"a": 1}).swap("a", 2)[0], CardMap({"a": 1}).swap("b", 2)[0]
        (1, None)
        """
        keys = self._keys
        path = keys.paths.get(key)
        if path is not None:
            tree = self._tree
            old = tree[path[0]][path[1]][path[2]]
            hash_ = None if self._hash is None else self._rehashed(key, old, value)
            return old, self._of(keys, _replaced(tree, path, value), hash_)
        hash_ = None if self._hash is None else self._rehashed(key, _MISSING, value)
        if not keys.room():  # laid out again, with room for a quarter more
            return None, CardMap({**self, key: value})._hashed(hash_)
        added = keys.added(key)
        return None, self._of(added, _appended(self._tree, added.paths[key], value), hash_)

    def delete(self, key: str) -> CardMap[V]:
        """This map without ``key`` (KeyError when it is not there)."""
        hash_ = self._rehashed(key, self[key], _MISSING)
        keys = self._keys
        return self._of(keys.removed(key), _replaced(self._tree, keys.paths[key], _GONE), hash_)

    def _hashed(self, hash_: int | None) -> CardMap[V]:
        self._hash = hash_
        return self

    def _rehashed(self, key: str, old: object, new: object) -> int | None:
        """The hash once ``key`` goes from ``old`` to ``new``: a card's worth of work, not the
        table's (None until some map of the game was hashed)."""
        hash_ = self._hash
        if hash_ is None:
            return None
        if old is not _MISSING:
            hash_ -= hash((key, old))
        if new is not _MISSING:
            hash_ += hash((key, new))
        return hash_ & _HASH_MASK

    def changed_since(self, before: CardMap[V]) -> builtins.set[str]:
        """The keys whose value is not the very same object in ``before`` (or is not there),
        and those ``before`` had that this map has not. Snapshots share what did not change, so
        this compares references, never values: with the same keys, only the tuples of the two
        trees that are not the same.

        >>> cards = CardMap({"a": 1, "b": 2})
        >>> sorted(cards.set("b", 3).set("c", 4).changed_since(cards))
        ['b', 'c']
        """
        keys = self._keys
        if before._keys is keys:
            return self._differing(before._tree)
        changed = {key for key, value in self.items() if before.get(key, _MISSING) is not value}
        if len(self) != len(before) or changed:
            changed |= {key for key in before if key not in self}
        return changed

    def _differing(self, tree: Tree) -> builtins.set[str]:
        """The keys whose value differs from ``tree``'s, a tree of these keys: of the same
        shape, tuple for tuple."""
        changed = set()
        places, fanout = self._keys.places, self._keys.fanout
        for a, (node, was) in enumerate(zip(self._tree, tree, strict=True)):
            if node is was:
                continue
            for b, (leaf, was_leaf) in enumerate(zip(node, was, strict=True)):
                if leaf is was_leaf:
                    continue
                for c, (value, was_value) in enumerate(zip(leaf, was_leaf, strict=True)):
                    if value is not was_value:  # never a removed one: the same keys
                        changed.add(places[_place((a, b, c), fanout)])
        return changed  # type: ignore[return-value]

    def changed_among(self, keys: Iterable[str], before: CardMap[V]) -> list[str]:
        """Those of ``keys`` (each in this map) whose value is not the very same object in
        ``before`` (or is not there), in their order: ``changed_since`` for a few keys, in one
        call.

        >>> cards = CardMap({"a": 1, "b": 2})
        >>> cards.set("b", 3).changed_among(["a", "b"], cards)
        ['b']
        """
        if before._keys is not self._keys:
            return [key for key in keys if before.get(key, _MISSING) is not self[key]]
        paths, now, was = self._keys.paths, self._tree, before._tree
        changed = []
        for key in keys:  # a loop, not a comprehension: a cleanup asks for one or two keys
            a, b, c = paths[key]
            if now[a][b][c] is not was[a][b][c]:
                changed.append(key)
        return changed

    def position(self, key: str) -> int:
        """Where ``key`` comes in the order (shared by every map with the same keys)."""
        return self._keys.position(key)

    def __getitem__(self, key: str) -> V:
        a, b, c = self._keys.paths[key]  # KeyError for a key not there
        return self._tree[a][b][c]  # type: ignore[no-any-return]

    @overload
    def get(self, key: str, /) -> V | None: ...

    @overload
    def get(self, key: str, default: V | T, /) -> V | T: ...

    def get(self, key: str, default: object = None, /) -> object:
        path = self._keys.paths.get(key)  # Mapping's own goes through __getitem__ and a try
        if path is None:
            return default
        return self._tree[path[0]][path[1]][path[2]]

    def __contains__(self, key: object) -> bool:
        return key in self._keys.paths

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys.order)

    def __len__(self) -> int:
        return len(self._keys.order)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardMap) and other._tree is self._tree and other._keys is self._keys:
            return True
        if isinstance(other, Mapping):
            return len(self) == len(other) and all(
                key in other and other[key] == value for key, value in self.items()
            )
        return NotImplemented

    def __hash__(self) -> int:
        """The sum of every ``(key, value)``'s hash: by content like ``__eq__``, made once for a
        map and then updated by each ``set`` and ``delete`` (a rules loop's key, P-25)."""
        if self._hash is None:
            self._hash = sum(map(hash, self.items())) & _HASH_MASK
        return self._hash

    def __repr__(self) -> str:
        return f"CardMap({dict(self.items())!r})"

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Validated as a dict of its value type (a CardMap is taken as it is); dumped as one."""
        (value_type,) = get_args(source) or (Any,)
        as_dict = core_schema.dict_schema(
            core_schema.str_schema(), handler.generate_schema(value_type)
        )
        return persistent_schema(cls, as_dict, dict)
