"""How the app shows each ruleset, and the registry of the installed views.

A ruleset's view is what the rest of the app asks of it: how a card looks and where the cards
lie, what a user can try with a card, what the inspector says of it, the deltas of a step, and
what floats over the table (a chain, the end of the game). Views register through the
packaging entry point group ``cardtable.views`` under their ruleset's name (the built-in ones
too), so a package adds one as it adds its ruleset (``engine/ruleset.py``). No Qt here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from engine.changes import Change
from engine.ruleset import Plugins, Unavailable
from engine.setup_places import ZoneAddress
from engine.table_shape import TableShape, TableT
from engine.yaml_source import YamlSource

if TYPE_CHECKING:
    from app.presentation.looks import CardLook, Layout, LookCache
    from app.presentation.step_marks import Delta

ENTRY_POINTS = "cardtable.views"  # the group a ruleset's view registers in


@dataclass(frozen=True)
class ChangeTable:
    """Changes of a step the inspector shows side by side in a table, not a line each: a
    ruleset's own kind whose fields read best in columns."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]  # a row per change, a cell per column, in words


class RulesetView(ABC, Generic[TableT]):
    """The app's side of a ruleset. Generic over its table, whose fields its methods read
    typed: ``class MightView(RulesetView[MightTable])``."""

    name: ClassVar[str]  # the ruleset's name
    # Groups of a card's offers shown at the top of its menu, not in a submenu.
    top_level_groups: ClassVar[tuple[str, ...]] = ()
    # How a step's delta names a stat (``+1 Might``); others by their key, ``_`` a space.
    stat_names: ClassVar[dict[str, str]] = {}

    @abstractmethod
    def look(self, table: TableT, card: Any) -> CardLook:
        """What ``card`` of ``table`` looks like (a card of the ruleset's own type)."""

    @abstractmethod
    def layout(self, table: TableT, looks: LookCache) -> Layout:
        """Where every card lies (their looks from ``looks``) and the table's decorations."""

    def place(self, table: TableT, card: Any) -> Hashable | None:
        """What of ``card`` decides where it lies (its zone, its slot, ...): while the cards a
        step changed keep theirs, and the ``frame`` stays, no card moves and a jump lays out
        only the looks that changed (``LookCache.layout``). None: not said, every jump lays the
        whole table out."""
        return None

    def frame(self, table: TableT) -> Hashable | None:
        """What of ``table`` besides its cards the layout reads (its players, its grid): the
        zones, their names and the table's extent. None: not said (see ``place``)."""
        return None

    @abstractmethod
    def card_rows(self, table: TableT, uid: str) -> list[tuple[str, str]]:
        """The inspector's rows for card ``uid``: (what, value), in words."""

    def delta(self, change: Change) -> Delta | None:
        """A few words for ``change`` on its card where this ruleset says it its own way (vital
        when they give a number); None for the common words (``app/presentation/step_marks.py``).
        """
        return None

    def place_of(self, table: TableT, change: Change) -> ZoneAddress | None:
        """Where on the table a change about no card is drawn (a player's rune pool, their
        score): the address of a region of the layout (``Region.zone``); None for one the view
        says elsewhere (a phase, the end of the game, in the strip over the table)."""
        return None

    def change_tables(self, changes: Sequence[Change]) -> tuple[list[ChangeTable], list[Change]]:
        """The inspector's tables of a step's ``changes``, and the changes it lists a line each
        (none and all of them here)."""
        return [], list(changes)

    def banner(self, table: TableT) -> str:
        """Who is to play, over the table."""
        return f"{table.players[table.turn_player].name} to play (turn {table.turn})"

    def game_over(self, table: TableT) -> str:
        """``Game over: ...`` once the game has ended, else empty."""
        return ""

    def chain_entries(self, table: TableT) -> list[str]:
        """What waits on a chain or stack, bottom to top, as people read it (none here)."""
        return []


@cache
def views() -> Plugins[RulesetView[Any]]:
    """The installed views that load, by their ruleset's name; each is loaded when first
    looked up (``engine.ruleset.Plugins``), so a broken one costs only its own ruleset. Each
    is the view of its own table, which the shared app does not know: ``RulesetView[Any]``."""
    return Plugins(ENTRY_POINTS, RulesetView, "view")  # type: ignore[type-abstract]  # an ABC


def view_of(table: TableShape) -> RulesetView[Any]:
    """The view of the ruleset of ``table``; Unavailable (a KeyError) saying why there is
    none."""
    return views()[table.ruleset]


def verify_view(ruleset: str, source: YamlSource) -> None:
    """Raise a ScenarioError at the ``ruleset:`` of ``source`` unless the view of ``ruleset``
    loads: a file the app cannot show is refused as it opens, not drawn halfway."""
    try:
        views()[ruleset]
    except Unavailable as error:
        raise source.error(("ruleset",), str(error)) from None
