"""The immutable base model every snapshot and record is built from."""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """A frozen pydantic model: updates go through ``evolve`` and share everything unchanged."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def evolve(self, **changes: object) -> Self:
        """Return a copy with ``changes`` applied; every other field is shared, not copied."""
        return self.model_copy(update=changes)
