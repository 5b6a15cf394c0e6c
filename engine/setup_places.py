"""What the set-up editor knows of a ruleset's set-up: where its cards may go (``Place``), which
numbers and states a card or the table has (``Setting``) and which cards may be placed
(``PoolCard``). A ruleset describes them (``engine.ruleset.Ruleset.setup_places`` and its
neighbours); ``engine.setup_edits`` edits any set-up they describe. Data only: no rules here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

SetupPath = tuple[str | int, ...]  # keys from ``setup:`` (or a card's entry) down to a value
# Where the table shows a place: (player, zone, which) as ``(0, "slot", "A1")`` or ``(1, "hand")``
ZoneAddress = tuple[str | int, ...]


@dataclass(frozen=True)
class Place:
    """A place of the set-up where cards go, as the file writes it.

    Its cards are the entries (``{card: NAME, ...}``) of the list at ``path`` in ``setup:``, or,
    with ``key``, the one entry under ``key`` in the mapping at ``path`` (a souls slot, a
    Realm). ``fields`` are what each of its entries says besides its card (a might unit's
    ``at``), written unless equal to their value in ``unwritten`` (what a file leaves out). With
    ``named``, the place is a mapping ``NAME: NUMBER`` (a player's counters, say) whose number
    is the entry's field ``named``.

    ``zone`` is where the table shows the place: the ruleset's view lays out a region of the
    table under the same address (``app.presentation.looks.Region``), and a card dropped there
    comes here. Places that share a zone are tried in their order (a souls slot, then the Ambush
    at it); a place without one takes only cards dropped on its cards."""

    name: str  # as the editor shows it: "Alice: hand", "Alice: slot A1"
    path: SetupPath
    owner: int | None = None  # the index of the player whose place it is, if any
    key: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    unwritten: Mapping[str, Any] = field(default_factory=dict)
    named: str | None = None
    zone: ZoneAddress = ()

    def holds(self, entry: Mapping[str, Any]) -> bool:
        """Whether an entry of the container at ``path`` belongs here (a list may hold the
        entries of several places: a might player's units at the base and at a battlefield)."""
        return all(
            entry.get(name, self.unwritten.get(name)) == value
            for name, value in self.fields.items()
        )


@dataclass(frozen=True)
class Setting:
    """A number or a state the editor sets: a card's (``path`` is its key in the card's entry)
    or the table's (``path`` from ``setup:``). ``player``: a number that picks a player."""

    path: SetupPath
    label: str
    kind: Literal["number", "flag", "player"] = "number"
    default: int | bool = 0
    step: int = 1
    minimum: int = 0


@dataclass(frozen=True)
class PoolCard:
    """A card the set-up may name, as the editor lists it: its name, kind and printed text."""

    name: str
    kind: str = ""
    text: str = ""
    facts: str = ""  # its numbers in a few words ("HP 20, power 10")
