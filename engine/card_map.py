"""An immutable, ordered map of the cards on a table that shares what an update leaves alone.

Every timeline step holds a snapshot of the table; copying a dict of every card for each step
cost memory and time in proportion to the table (issue 11). ``CardMap`` keeps the cards in a
hash array mapped trie (``immutables.Map``), so replacing one card copies a few small nodes, and
the cards' order (the order they were set up in, which hands and the text keep) in a tuple that
only adding or removing a card copies.

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
_HASH_MASK = 2**64 - 1


class CardMap(Mapping[str, V], Generic[V]):
    """A persistent mapping from card id to card, iterated in the order cards were added."""

    __slots__ = ("_hash", "_map", "_order", "_positions", "derived")

    def __init__(self, items: Mapping[str, V] | None = None) -> None:
        items = items or {}
        self._map: immutables.Map[str, V] = immutables.Map(items)
        self._order: tuple[str, ...] = tuple(items)
        self._positions: dict[str, int] | None = None
        self._hash: int | None = None  # made when first asked, then kept up to date by set
        # What a ruleset derives from these cards and keeps with them (its lookup index). The
        # cards never change, so neither does what is derived from them; an updated map starts
        # without it, and the ruleset derives the new one from the old (engine/souls/index.py).
        self.derived: object = None

    @classmethod
    def _of(
        cls,
        map_: immutables.Map[str, V],
        order: tuple[str, ...],
        positions: dict[str, int] | None,
        hash_: int | None,
    ) -> CardMap[V]:
        new = cls.__new__(cls)
        new._map, new._order, new._positions, new.derived = map_, order, positions, None
        new._hash = hash_
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
        old: Any = self._map.get(key, _MISSING)  # Any, not ``cast``: a call on every update
        hash_ = None if self._hash is None else self._rehashed(key, old, value)
        if old is not _MISSING:
            new = self._of(self._map.set(key, value), self._order, self._positions, hash_)
            return old, new
        return None, self._of(self._map.set(key, value), (*self._order, key), None, hash_)

    def delete(self, key: str) -> CardMap[V]:
        """This map without ``key`` (KeyError when it is not there)."""
        order = tuple(k for k in self._order if k != key)
        hash_ = self._rehashed(key, self._map[key], _MISSING)
        return self._of(self._map.delete(key), order, None, hash_)

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
        this compares references, never values.

        >>> cards = CardMap({"a": 1, "b": 2})
        >>> sorted(cards.set("b", 3).set("c", 4).changed_since(cards))
        ['b', 'c']
        """
        missing = object()
        old = before._map
        changed = {key for key, value in self._map.items() if old.get(key, missing) is not value}
        if len(self._order) != len(before._order) or changed:
            changed |= {key for key in before._order if key not in self._map}
        return changed

    def changed_among(self, keys: Iterable[str], before: CardMap[V]) -> list[str]:
        """Those of ``keys`` (each in this map) whose value is not the very same object in
        ``before`` (or is not there), in their order: ``changed_since`` for a few keys, in one
        call.

        >>> cards = CardMap({"a": 1, "b": 2})
        >>> cards.set("b", 3).changed_among(["a", "b"], cards)
        ['b']
        """
        now, old = self._map, before._map
        return [key for key in keys if old.get(key, _MISSING) is not now[key]]

    def position(self, key: str) -> int:
        """Where ``key`` comes in the order (shared by every map with the same keys)."""
        if self._positions is None:
            self._positions = {k: i for i, k in enumerate(self._order)}
        return self._positions[key]

    def __getitem__(self, key: str) -> V:
        return self._map[key]

    @overload
    def get(self, key: str, /) -> V | None: ...

    @overload
    def get(self, key: str, default: V | T, /) -> V | T: ...

    def get(self, key: str, default: object = None, /) -> object:
        return self._map.get(key, default)  # Mapping's own goes through __getitem__ and a try

    def __contains__(self, key: object) -> bool:
        return key in self._map

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardMap):
            return self._map is other._map or self._map == other._map
        if isinstance(other, Mapping):
            return len(self) == len(other) and all(
                key in other and other[key] == value for key, value in self.items()
            )
        return NotImplemented

    def __hash__(self) -> int:
        """The sum of every ``(key, value)``'s hash: by content like ``__eq__``, made once for a
        map and then updated by each ``set`` and ``delete`` (a rules loop's key, P-25)."""
        if self._hash is None:
            self._hash = sum(map(hash, self._map.items())) & _HASH_MASK
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
