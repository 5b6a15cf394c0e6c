"""How the app shows a tally table: a row of counters per player, what a user can try with a
counter, and the inspector's rows. Plain data (``app/presentation/looks.py``), no Qt and no
rules."""

from __future__ import annotations

from typing import ClassVar

from tally.game import OUT, Counter, TallyTable

from app.presentation.looks import (
    CARD_H,
    CARD_W,
    GAP,
    LABEL,
    CardLook,
    Decoration,
    Layout,
    LookCache,
    Placement,
    Region,
)
from app.presentation.views import RulesetView

ROW = LABEL + CARD_H + GAP  # a player's row: their name over their counters


class TallyView(RulesetView[TallyTable]):
    name: ClassVar[str] = "tally"
    top_level_groups: ClassVar[tuple[str, ...]] = ("Add", "Remove")

    def look(self, table: TallyTable, card: Counter) -> CardLook:
        owner = table.players[card.owner].name
        return CardLook(
            title=card.name,
            owner=card.owner,
            subtitle=f"{owner}'s counter",
            stat=f"Count {card.count}",
            tooltip=f"{card.name} ({card.uid}): {owner}'s, at {card.count}",
            face_down=card.removed,
            back_text=OUT,
        )

    def layout(self, table: TallyTable, looks: LookCache) -> Layout:
        placements: list[Placement] = []
        decorations: list[Decoration] = []
        widest, rows = 1, []
        for owner, player in enumerate(table.players):
            y = owner * ROW
            decorations.append(
                Decoration("label", 0, y, text=f"{player.name} (life {player.life})")
            )
            rows.append(y + LABEL)
            mine = [card for card in table.cards.values() if card.owner == owner]
            widest = max(widest, len(mine))
            for place, card in enumerate(mine):
                x = place * (CARD_W + GAP)
                placements.append(Placement(card.uid, x, y + LABEL, 1.0))
        width = widest * (CARD_W + GAP) - GAP
        bounds = (0.0, 0.0, float(width), float(len(table.players) * ROW - GAP))
        # a counter dropped on a player's row is theirs (``TallyRuleset.setup_places``)
        regions = [Region((owner, "counters"), 0, y, width, CARD_H) for owner, y in enumerate(rows)]
        shape = ("tally", len(table.players), widest)
        return Layout(placements, decorations, shape, bounds, regions)

    def card_rows(self, table: TallyTable, uid: str) -> list[tuple[str, str]]:
        card = table.cards[uid]
        where = [("Where", OUT)] if card.removed else []
        return [("Owner", table.players[card.owner].name), ("Count", str(card.count)), *where]


VIEW = TallyView()
