"""Tables that keep a lookup index with their cards and update it card by card (issue 11).

A ruleset's index (``engine/souls/index.py``, ``engine/might/index.py``) answers "which cards
are ..." without scanning every card. It is derived from the cards alone, so it is kept with the
``CardMap`` (its ``derived`` slot): every snapshot sharing those cards shares it, and an update
of one card derives the new index from the old by what that card was and is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine.card_map import CardMap


class CardIndex(Protocol):
    """What a ruleset's index offers: made from every card, moved by one card's change."""

    @property
    def defs(self) -> Mapping[str, Any]:
        """The definitions it was made with."""

    @classmethod
    def build(cls, cards: Iterable[Any], defs: Mapping[str, Any]) -> Self: ...

    def moved(self, old: Any, new: Any) -> Self: ...


IndexT = TypeVar("IndexT", bound=CardIndex)


class Indexed(Generic[IndexT]):
    """Mixed into a table model with ``cards: CardMap`` and ``defs``."""

    index_class: ClassVar[type[Any]]
    cards: CardMap[Any]
    defs: Mapping[str, Any]

    if TYPE_CHECKING:

        def evolve(self, **changes: object) -> Self: ...  # Frozen's

    @property
    def index(self) -> IndexT:
        """The lookups kept with the cards: built once for a table, then updated card by card."""
        index: Any = self.cards.derived
        # None: new cards. Another table's definitions: its cards shared by an ``evolve`` of
        # ``defs`` (each ruleset's tables have their own ``defs``, so this also tells an index
        # of another class, without reading ``__class__``: read several times a step).
        if index is None or index.defs is not self.defs:
            index = self.cards.derived = self.index_class.build(self.cards.values(), self.defs)
        return index  # type: ignore[no-any-return]

    def _replaced(self, old: Any, new: Any, cards: CardMap[Any]) -> Self:
        """The table with ``cards``, in which one card went from ``old`` to ``new``."""
        table = self.evolve(cards=cards)
        cards.derived = self.index.moved(old, new)
        return table
