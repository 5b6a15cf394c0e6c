"""What the set-up editor knows of a ruleset's set-up: where its cards may go (``Place``), which
numbers and states a card or the table has (``Setting``) and which cards may be placed
(``PoolCard``). A ruleset describes them (``engine.ruleset.Ruleset.setup_places`` and its
neighbours); ``engine.setup_edits`` edits any set-up they describe. Data only: no rules here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    is the entry's field ``named``. A place with ``key`` holds one card, by ``rule`` (which the
    refusal of a second cites). With ``bare_id``, the list may also name a card by its name
    alone (a deck's card), whose id is ``bare_id`` of its index in the list.

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
    rule: str | None = None
    bare_id: Callable[[int], str] | None = field(default=None, compare=False)
    zone: ZoneAddress = ()

    def holds(self, entry: Mapping[str, Any]) -> bool:
        """Whether an entry of the container at ``path`` belongs here (a list may hold the
        entries of several places: a might player's units at the base and at a battlefield)."""
        return all(
            entry.get(name, self.unwritten.get(name)) == value
            for name, value in self.fields.items()
        )


@dataclass(frozen=True)
class Listed:
    """Where a setting's number is kept in a list of entries (a card's ``bonuses``): in the
    field ``number`` of the first entry it owns. It owns an entry that says ``picks`` and
    nothing else but ``unwritten`` (each its value, or left out as a file leaves a default)
    and a whole number: one it could have written itself. Others (a ``this_combat`` modifier
    a file gives) are not its own, and stay as they are."""

    number: str
    picks: Mapping[str, Any] = field(default_factory=dict)
    unwritten: Mapping[str, Any] = field(default_factory=dict)

    def owns(self, entry: Any) -> bool:
        return (
            isinstance(entry, dict)
            and set(entry) <= {*self.picks, *self.unwritten, self.number}
            and all(entry.get(name) == value for name, value in self.picks.items())
            and all(entry.get(name, value) == value for name, value in self.unwritten.items())
            and type(entry.get(self.number)) is int  # not a shield's "all"
        )

    def owned_in(self, entries: Any) -> int | None:
        """The index in ``entries`` (a list, as written) of the entry it owns, if any."""
        if not isinstance(entries, list):
            return None
        return next((n for n, entry in enumerate(entries) if self.owns(entry)), None)

    def entry(self, value: int) -> dict[str, Any]:
        """The entry it writes for ``value``: what picks it and the number, no defaults."""
        return {**self.picks, self.number: value}


@dataclass(frozen=True)
class Setting:
    """A number or a state the editor sets: a card's (``path`` is its key in the card's entry)
    or the table's (``path`` from ``setup:``). ``player``: a number that picks a player. With
    ``listed``, the number is kept in an entry of the list at ``path`` (``Listed``). ``hint``
    says what it means, where the label cannot."""

    path: SetupPath
    label: str
    kind: Literal["number", "flag", "player"] = "number"
    default: int | bool = 0
    step: int = 1
    minimum: int = 0
    listed: Listed | None = None
    hint: str = ""

    def value_in(self, data: Any) -> Any:
        """Its value in ``data`` (a card's entry, or ``setup:``): its default where the file
        leaves it out."""
        for key in self.path:
            if isinstance(data, dict):
                data = data.get(key)
            elif isinstance(data, list) and isinstance(key, int) and key < len(data):
                data = data[key]
            else:
                data = None
            if data is None:
                return self.default
        if self.listed is not None:
            owned = self.listed.owned_in(data)
            return self.default if owned is None else data[owned][self.listed.number]
        return data


@dataclass(frozen=True)
class PoolCard:
    """A card the set-up may name, as the editor lists it: its name, kind and printed text."""

    name: str
    kind: str = ""
    text: str = ""
    facts: str = ""  # its numbers in a few words ("HP 20, power 10")
