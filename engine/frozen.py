"""The immutable base model every snapshot and record is built from."""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict

_set = object.__setattr__  # frozen models refuse plain attribute assignment


class Frozen(BaseModel):
    """A frozen pydantic model: updates go through ``evolve`` and share everything unchanged."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def evolve(self, **changes: object) -> Self:
        """Return a copy with ``changes`` applied; every other field is shared, not copied.

        ``model_copy(update=...)`` without its copies of the bookkeeping: an update of a
        snapshot is the engine's hottest path (docs/performance.md). Like ``model_copy``, the
        values are taken as they are, not validated: callers pass the fields' own types.

        >>> class Card(Frozen):
        ...     name: str
        ...     damage: int = 0
        >>> card = Card(name="Sylva")
        >>> card.evolve(damage=5), card
        (Card(name='Sylva', damage=5), Card(name='Sylva', damage=0))
        """
        new = self.__class__.__new__(self.__class__)
        _set(new, "__dict__", {**self.__dict__, **changes})
        fields_set = self.__pydantic_fields_set__
        _set(
            new,
            "__pydantic_fields_set__",
            fields_set if changes.keys() <= fields_set else fields_set | changes.keys(),
        )
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", self.__pydantic_private__)
        return new
