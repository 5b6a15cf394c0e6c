"""The app's side of the souls ruleset (``app/presentation/views.py``)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from app.presentation.looks import CardLook, Layout, LookCache
from app.presentation.step_marks import Delta
from app.presentation.views import RulesetView
from app.souls import inspector, looks
from engine.changes import Change, StatChanged
from engine.souls.changes import BonusChanged, LineChanged, Refreshed, ShieldChanged
from engine.souls.table import CardState, SoulsTable


class SoulsView(RulesetView[SoulsTable]):
    name: ClassVar[str] = "souls"
    top_level_groups: ClassVar[tuple[str, ...]] = ("Battle", "Play", "Abilities", "Ambush")
    stat_names: ClassVar[dict[str, str]] = {"max_hp": "max HP", "power": "Power"}

    def look(self, table: SoulsTable, card: CardState) -> CardLook:
        return looks.card_look(table, card)

    def layout(self, table: SoulsTable, cache: LookCache) -> Layout:
        return looks.table_layout(table, cache)

    def place(self, table: SoulsTable, card: CardState) -> Hashable:
        return (card.zone, card.slot, card.attached_to, card.owner)

    def frame(self, table: SoulsTable) -> Hashable:
        """The grid, and the players: their names and decks label the zones."""
        return (table.rows, table.columns, table.players)

    def card_rows(self, table: SoulsTable, uid: str) -> list[tuple[str, str]]:
        return inspector.card_rows(table, uid)

    def delta(self, change: Change) -> Delta | None:
        """Damage taken is HP lost, as souls players count it (S-6); a new line is where the
        Soul went (S-2); a bonus is its signed amount, as its source is on the badge; a shield
        what it prevents (P-103, P-104); what a new turn gives back (S-12)."""
        if isinstance(change, StatChanged) and change.stat == "damage":
            return Delta(f"{change.before - change.after:+d} HP", vital=True)
        if isinstance(change, LineChanged):
            return Delta(f"→ {change.after}")
        if isinstance(change, BonusChanged):  # "-10 max HP": the source is on the badge
            amount = change.bonus.split(" from ")[0]
            return Delta(amount if change.kind == "bonus_added" else f"{amount} ends", vital=True)
        if isinstance(change, ShieldChanged):  # "prevent 10", "5 prevented", as the badge says
            if change.kind in ("shield_spent", "prevented"):
                return Delta(f"{change.prevented} prevented")
            amount = change.shield.split(" from ")[0]
            return Delta(amount if change.kind == "shield_added" else f"{amount} ends")
        if isinstance(change, Refreshed):  # "can attack", as a new turn begins (S-12)
            return Delta(f"can {', '.join(change.uses)}")
        return None

    def game_over(self, table: SoulsTable) -> str:
        return f"Game over: {table.result()}" if table.game_over else ""


VIEW = SoulsView()
