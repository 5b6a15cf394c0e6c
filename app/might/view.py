"""The app's side of the might ruleset (``app/presentation/views.py``)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from app.might import inspector, looks
from app.presentation.looks import CardLook, Layout, LookCache
from app.presentation.step_marks import Delta
from app.presentation.views import ChangeTable, RulesetView
from engine.changes import Change, PlayerStatChanged, StatChanged
from engine.might.changes import DamageAssigned, EffectChanged, Replaced, RoleChanged
from engine.might.table import MightCard, MightTable
from engine.setup_places import ZoneAddress


class MightView(RulesetView[MightTable]):
    name: ClassVar[str] = "might"
    top_level_groups: ClassVar[tuple[str, ...]] = ("Play", "Combat")
    stat_names: ClassVar[dict[str, str]] = {"might": "Might"}

    def look(self, table: MightTable, card: MightCard) -> CardLook:
        return looks.card_look(table, card)

    def layout(self, table: MightTable, cache: LookCache) -> Layout:
        return looks.table_layout(table, cache)

    def place(self, table: MightTable, card: MightCard) -> Hashable:
        """Its zone, its battlefield, its side, and whether it is turned: an exhausted unit
        is centred in its place by its turned size."""
        return (card.zone, card.battlefield, card.controller, card.owner, card.exhausted)

    def frame(self, table: MightTable) -> Hashable:
        """The battlefields (their holders, auras, abilities) and the players (runes, scores,
        decks, what they are granted), which the frames' names say."""
        return (table.battlefields, table.players, table.scoring)

    def card_rows(self, table: MightTable, uid: str) -> list[tuple[str, str]]:
        return inspector.card_rows(table, uid)

    def delta(self, change: Change) -> Delta | None:
        """A replacement: what prevention took of the damage (``3 prevented``), or what doubling
        made of it (``doubled to 4``), which the damage's own delta counts in; an assignment:
        its amount, dealt at Deal (M-10); a lasting effect gained or ended, a combat role."""
        if isinstance(change, Replaced):
            if change.effect_kind == "prevention":
                return Delta(f"{change.before - change.after} prevented")
            return Delta(f"doubled to {change.after}")
        if isinstance(change, DamageAssigned):
            return Delta(f"{change.amount} assigned", vital=True)
        if isinstance(change, EffectChanged):  # "+stun", "save ends": its badge says more
            what = EFFECT_WORDS.get(change.what, change.what)
            return Delta(f"+{what}" if change.kind == "effect_added" else f"{what} ends")
        if isinstance(change, RoleChanged):  # "attacker", "no role"
            return Delta("no role" if change.after == "none" else change.after)
        return None

    def place_of(self, table: MightTable, change: Change) -> ZoneAddress | None:
        """A player's rune pool and score are written on their base's frame."""
        names = [player.name for player in table.players]
        if isinstance(change, PlayerStatChanged) and change.player in names:
            return (names.index(change.player), "base")
        pools = [player.rune_pool for player in table.players]
        if isinstance(change, StatChanged) and change.card in pools:
            return (pools.index(change.card), "base")
        return None

    def change_tables(self, changes: Sequence[Change]) -> tuple[list[ChangeTable], list[Change]]:
        """A step's replacements in a table, in the order applied (M-4); the rest listed."""
        replaced = [change for change in changes if isinstance(change, Replaced)]
        listed = [change for change in changes if not isinstance(change, Replaced)]
        return ([inspector.replacements_table(replaced)] if replaced else []), listed

    def chain_entries(self, table: MightTable) -> list[str]:
        """The chain from bottom to top, each with its kind and controller (M-7)."""
        return [
            f"{item.text} ({'Reaction' if item.reaction else item.kind}, "
            f"{table.players[item.controller].name})"
            for item in table.chain
        ]


# A lasting effect's kind, as short as a delta chip needs (its badge and the inspector say more).
EFFECT_WORDS = {
    "Might modifier": "modifier",
    "lethal requirement": "threshold",
    "damage immunity": "no damage",
    "death replacement": "save",
    "keyword grant": "keywords",
    "control change": "control",
}


VIEW = MightView()
