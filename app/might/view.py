"""The app's side of the might ruleset (``app/presentation/views.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from app.might import inspector, looks
from app.presentation.looks import CardLook, Layout, LookCache
from app.presentation.views import ChangeTable, RulesetView
from engine.changes import Change
from engine.frozen import Frozen
from engine.might.changes import Replaced
from engine.might.table import MightTable


class MightView(RulesetView):
    name: ClassVar[str] = "might"
    top_level_groups: ClassVar[tuple[str, ...]] = ("Play", "Combat")
    stat_names: ClassVar[dict[str, str]] = {"might": "Might"}

    def look(self, table: Frozen, card: Any) -> CardLook:
        assert isinstance(table, MightTable)
        return looks.card_look(table, card)

    def layout(self, table: Frozen, cache: LookCache) -> Layout:
        assert isinstance(table, MightTable)
        return looks.table_layout(table, cache)

    def card_rows(self, table: Frozen, uid: str) -> list[tuple[str, str]]:
        assert isinstance(table, MightTable)
        return inspector.card_rows(table, uid)

    def delta(self, change: Change) -> str | None:
        """A replacement: what it made of the damage (``prevented 3 → 1``)."""
        if isinstance(change, Replaced):
            verb = "prevented" if change.effect_kind == "prevention" else "doubled"
            return f"{verb} {change.before} → {change.after}"
        return None

    def change_tables(self, changes: Sequence[Change]) -> tuple[list[ChangeTable], list[Change]]:
        """A step's replacements in a table, in the order applied (M-4); the rest listed."""
        replaced = [change for change in changes if isinstance(change, Replaced)]
        listed = [change for change in changes if not isinstance(change, Replaced)]
        return ([inspector.replacements_table(replaced)] if replaced else []), listed

    def chain_entries(self, table: Frozen) -> list[str]:
        """The chain from bottom to top, each with its kind and controller (M-7)."""
        assert isinstance(table, MightTable)
        return [
            f"{item.text} ({'Reaction' if item.reaction else item.kind}, "
            f"{table.players[item.controller].name})"
            for item in table.chain
        ]


VIEW = MightView()
