"""What each souls card looks like and where it lies: the grid of slots and lines (S-1, S-2),
the Realm, hands, decks (their count, P-92), Elysium and Exile. Plain data from the engine's
table queries; no Qt."""

from __future__ import annotations

from app.presentation.looks import (
    CARD_H,
    CARD_W,
    GAP,
    LABEL,
    MARKER_H,
    MARKER_W,
    STRIP_H,
    STRIP_W,
    CardLook,
    Decoration,
    Layout,
    LookCache,
    Placement,
    Region,
    hand_look,
    spread,
    tone,
)
from engine.souls.cards import Prevention
from engine.souls.table import CardState, SoulsTable

PILE_DEPTH = 3  # px: a pile is drawn at most this deep (a card title sits 3 px in)


def _prevention_badges(card: CardState, own: Prevention | None, lines: list[str]) -> list[str]:
    """A badge for each shield with what it has left (P-103), and one for the card's own
    prevention, marked used when the engine says it was this turn (P-104); its words go on
    ``lines``, the tooltip."""
    badges = [f"prevent {s.amount}" for s in card.shields]
    if own is not None:
        used = card.prevented_this_turn
        lines.append(own.describe() + (" (used this turn)" if used else ""))
        badges.append("prevent used" if used else f"prevents {own.amount}")
    return badges


def card_look(table: SoulsTable, card: CardState) -> CardLook:
    definition = table.defs[card.name]
    lines = [f"{card.name} ({definition.kind}, {card.uid})", definition.text]
    if card.face_down:
        what = "Shattered Realm" if card.zone == "realm" else "Captured Soul"
        return CardLook(
            title=card.name,
            owner=card.owner,
            face_down=True,
            back_text=f"{what}\n{card.name}",
            tooltip=f"{what}: {card.name} ({card.uid})",
        )
    if card.zone == "hand":
        return hand_look(
            card.name, card.owner, definition.kind, "", "\n".join(lines), definition.text
        )
    if definition.kind in ("soul", "realm"):
        hp, max_hp = table.hp(card.uid), table.max_hp(card.uid)
        lines.append(f"HP {hp}/{max_hp}, damage {card.damage}")
        lines += [b.describe() for b in card.bonuses]
        lines += [s.describe() for s in card.shields]
        badges = tuple(
            [
                *(
                    f"{b.amount:+d} {'Power' if b.stat == 'power' else 'max HP'}"
                    for b in card.bonuses
                ),
                *_prevention_badges(card, definition.prevents, lines),
            ]
        )
        if definition.kind == "soul":
            traits = ", ".join(definition.traits)
            line = table.line(card.uid)
            where = f" · {line.capitalize()} Line" if line else ""
            power = table.power(card.uid)
            return CardLook(
                title=card.name,
                owner=card.owner,
                subtitle=f"Rank {definition.rank}" + (f" · {traits}" if traits else "") + where,
                stat=f"Power {power}",
                stat_tone=tone(power, definition.power),
                bar=(hp, max_hp),
                counter=card.damage,
                badges=badges,
                danger=card.zone == "slot" and hp == 0,
                tooltip="\n".join(lines),
                text=definition.text,
            )
        return CardLook(
            title=card.name,
            owner=card.owner,
            subtitle="Realm",
            stat=f"Counterblow {definition.counterblow}",
            bar=(hp, max_hp),
            counter=card.damage,
            badges=badges,
            danger=hp == 0,
            tooltip="\n".join(lines),
            text=definition.text,
        )
    if card.zone == "ambush":
        return CardLook(
            title=card.name,
            owner=card.owner,
            form="marker",
            face_down=True,
            back_text="Ambush",
            tooltip="\n".join([f"Ambush set at {card.slot}", *lines]),
        )
    return CardLook(
        title=card.name,
        owner=card.owner,
        form="strip" if card.zone == "armament" else "card",
        subtitle=definition.kind.capitalize(),
        tucked=card.zone == "armament",
        tooltip="\n".join(lines),
        text=definition.text,
    )


SOULS_ROW = LABEL + CARD_H + GAP  # a grid row: label band and card; and, in a game with
# Armaments, STRIP_H for the strips tucked under a Soul
ARMAMENT_STEP = 22  # a second Armament's strip, this much under the first: the name above shows


def table_layout(table: SoulsTable, looks: LookCache) -> Layout:
    """Each player's side: hand strips, the Realm, the grid of slots, Elysium and Exile.

    Row 1 of each player faces the other player's row 1 across the middle of the table; the
    extent depends only on the grid, so the table does not move between steps."""
    placements: list[Placement] = []
    decorations: list[Decoration] = []
    realm_x = STRIP_W + 2 * GAP
    grid_x = realm_x + CARD_W + 2 * GAP
    step_x = CARD_W + GAP
    zones_x = grid_x + table.columns * step_x + GAP
    pile_columns = 1 if table.rows > 1 else 2
    width = zones_x + pile_columns * step_x - GAP
    # Room under each row for Armaments only where the game has one: the set of cards never
    # changes within a game, so neither does the table's extent.
    armaments = any(table.definition(uid).kind == "armament" for uid in table.cards)
    row_h = SOULS_ROW + (STRIP_H if armaments else 0)
    side = table.rows * row_h

    def card_y(owner: int, row: int) -> float:
        if owner == 0:
            return GAP + LABEL + (row - 1) * row_h
        return -GAP - row * row_h + LABEL

    def pile_place(owner: int, zone: str) -> tuple[float, float]:
        index = 0 if zone == "elysium" else 1
        if pile_columns == 2:
            return zones_x + index * step_x, card_y(owner, 1)
        return zones_x, card_y(owner, 1 + index)

    hand_room = side - 2 * LABEL - GAP  # the hand's column, the deck's label under it
    hands: dict[int, list[CardState]] = {0: [], 1: []}
    piles: dict[tuple[int, str], int] = {}
    under: dict[str, int] = {}  # Armament placed under each Soul so far
    for card in table.cards.values():
        owner = card.owner
        if card.zone == "realm":
            x, y, z = float(realm_x), card_y(owner, 1), 1.0
        elif card.zone in ("slot", "ambush") and card.slot is not None:
            col, row = ord(card.slot[0]) - ord("A"), int(card.slot[1:])
            x, y, z = grid_x + col * step_x, card_y(owner, row), 1.0
            if card.zone == "ambush":  # a tab on the slot's top edge, clear of the HP bar
                x, y, z = x + (CARD_W - MARKER_W) / 2, y - MARKER_H + 2, 3.0
        elif (
            card.zone == "armament"
            and card.attached_to is not None
            and card.attached_to in table.cards
        ):
            host = table.cards[card.attached_to].slot or "A1"
            col, row = ord(host[0]) - ord("A"), int(host[1:])
            # each further Armament lies over the one before, its name a line lower, so every
            # name shows (the first's above, on its own strip's top line)
            armed = under.get(card.attached_to, 0)
            under[card.attached_to] = armed + 1
            x = grid_x + col * step_x
            y, z = card_y(owner, row) + CARD_H - 4 + armed * ARMAMENT_STEP, 0.5 + armed * 0.01
        elif card.zone in ("elysium", "exile"):
            count = piles.get((owner, card.zone), 0)
            piles[(owner, card.zone)] = count + 1
            px, py = pile_place(owner, card.zone)
            # a pile, one pixel further for each card, no more than a title's inset: each card
            # under the top one shows as an edge, and no title peeks out from under another
            x, y, z = px + min(count, PILE_DEPTH), py + min(count, PILE_DEPTH), 1.0 + count
        elif card.zone == "deck":
            continue  # hidden: the hand's label counts it (P-92)
        else:
            hands[owner].append(card)
            continue
        placements.append(Placement(card.uid, x, y, z))
    for owner, held in hands.items():
        top = card_y(owner, 1 if owner == 0 else table.rows)
        step = spread(len(held), hand_room, STRIP_H)
        for n, card in enumerate(held):
            placements.append(Placement(card.uid, 0, top + n * step, 1.0 + n))
    regions: list[Region] = []
    for owner, player in enumerate(table.players):
        top = card_y(owner, 1 if owner == 0 else table.rows)
        decorations.append(
            Decoration("label", 0, top - LABEL, text=f"{player.name}'s hand ({len(hands[owner])})")
        )
        regions.append(Region((owner, "hand"), 0, top, STRIP_W, hand_room))
        regions.append(Region((owner, "realm"), realm_x, card_y(owner, 1), CARD_W, CARD_H))
        decorations.append(  # hidden but for its count, under the hand it feeds (P-92)
            Decoration("label", 0, top + hand_room + GAP / 2, text=f"Deck ({len(player.deck)})")
        )
        decorations.append(
            Decoration("label", realm_x, card_y(owner, 1) - LABEL, text=f"{player.name}'s Realm")
        )
        for slot in table.slot_names():
            col, row = ord(slot[0]) - ord("A"), int(slot[1:])
            x, y = grid_x + col * step_x, card_y(owner, row)
            regions.append(Region((owner, "slot", slot), x, y, CARD_W, CARD_H))
            decorations.append(
                Decoration(
                    "slot",
                    x,
                    y,
                    CARD_W,
                    CARD_H,
                    text=f"{slot}\n{player.name}",
                    tooltip=f"{player.name}'s slot {slot}: row {row}"
                    + (" (faces the other player)" if row == 1 else " (behind row 1)"),
                )
            )
        for zone in ("elysium", "exile"):
            px, py = pile_place(owner, zone)
            count = piles.get((owner, zone), 0)
            decorations.append(
                Decoration("frame", px, py, CARD_W, CARD_H, text=f"{zone.capitalize()} ({count})")
            )
            regions.append(Region((owner, zone), px, py, CARD_W, CARD_H))
    top = -GAP - side
    bounds = (0.0, float(top), float(width), float(2 * GAP + 2 * side))
    shape = (
        "souls",
        table.columns,
        table.rows,
        tuple(sorted(piles.items())),
        tuple(len(h) for h in hands.values()),
        tuple(len(p.deck) for p in table.players),
    )
    return Layout(placements, decorations, shape, bounds, regions)
