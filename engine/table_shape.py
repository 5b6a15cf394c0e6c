"""What the shared code reads of every ruleset's table, and the type of a ruleset's table.

Each ruleset has a table model of its own (a ``Frozen``); the shared code (the timeline, the
expectations, the app's banner and inspector) reads a few of its fields by name, the ones
``TableShape`` lists. A ruleset's table has them as fields of its own types: ``Literal["souls"]``
is a ``str``, a ``CardMap[CardState]`` a ``Mapping`` of cards, a ``tuple`` of players a
``Sequence`` of them. The code of one ruleset is generic over its own table (``TableT``:
``Recorder[MightTable]``, ``Ruleset[MightTable]``), so it reads all of its fields typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from typing_extensions import TypeVar


@runtime_checkable  # a plug-in's tables are checked against it (tests/contracts)
class CardShape(Protocol):
    """What the shared code reads of every card: a message names one by them (``no_card``)."""

    @property
    def uid(self) -> str:
        """Its id on the table, as scenario files name it."""
        ...

    @property
    def name(self) -> str:
        """Its printed name."""
        ...


@runtime_checkable
class PlayerShape(Protocol):
    """What the shared code reads of every player."""

    @property
    def name(self) -> str:
        """Their name, as scenario files give it."""
        ...


@runtime_checkable
class TableShape(Protocol):
    """What the shared code reads of every ruleset's table (read-only: a table is frozen)."""

    @property
    def ruleset(self) -> str:
        """The name of its ruleset, which finds its ``Ruleset`` and ``RulesetView``."""
        ...

    @property
    def cards(self) -> Mapping[str, CardShape]:
        """Every card of the game, by id, from the set-up on."""
        ...

    @property
    def players(self) -> Sequence[PlayerShape]:
        """The players, in turn order (the banner names the turn player)."""
        ...

    @property
    def turn(self) -> int:
        """The turn number, from 1 (a ``turn:`` expectation reads it)."""
        ...

    @property
    def turn_player(self) -> int:
        """The index in ``players`` of the player whose turn it is."""
        ...


# The table of one ruleset: ``Recorder[MightTable]``. The default, Any, is a table the code does
# not name: the registries' (``Ruleset[Any]``), and a bare ``Step`` (a ruleset's action
# returning ``list[Step]`` returns its ``list[Step[MightTable]]``). Pydantic validates a bare
# ``Step``'s table as that Any, and dumps it as what it is: its own model.
TableT = TypeVar("TableT", bound=TableShape, default=Any)
# A step is frozen: a step of a might table is a step of a table (``Step[TableShape]``).
TableT_co = TypeVar("TableT_co", bound=TableShape, covariant=True, default=Any)
