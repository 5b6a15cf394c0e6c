"""The app's side of the might ruleset (``app/presentation/views.py``)."""

from __future__ import annotations

from typing import ClassVar

from app.might import inspector, looks
from app.presentation.looks import CardLook, Layout, LookCache
from app.presentation.views import RulesetView
from engine.might.table import MightCard, MightTable


class MightView(RulesetView[MightTable]):
    name: ClassVar[str] = "might"
    top_level_groups: ClassVar[tuple[str, ...]] = ("Play", "Combat")
    stat_names: ClassVar[dict[str, str]] = {"might": "Might"}

    def look(self, table: MightTable, card: MightCard) -> CardLook:
        return looks.card_look(table, card)

    def layout(self, table: MightTable, cache: LookCache) -> Layout:
        return looks.table_layout(table, cache)

    def card_rows(self, table: MightTable, uid: str) -> list[tuple[str, str]]:
        return inspector.card_rows(table, uid)

    def chain_entries(self, table: MightTable) -> list[str]:
        """The chain from bottom to top, each with its kind and controller (M-7)."""
        return [
            f"{item.text} ({'Reaction' if item.reaction else item.kind}, "
            f"{table.players[item.controller].name})"
            for item in table.chain
        ]


VIEW = MightView()
