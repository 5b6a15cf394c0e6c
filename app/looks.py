"""What each card looks like on the table and where it lies: plain data, computed from a snapshot.

No Qt and no rules here: every number comes from the engine's table queries (HP, lines, Might).
The scene turns ``Placement`` records into graphics items.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.frozen import Frozen
from engine.might.table import MightCard, MightTable
from engine.script import card_id
from engine.souls.table import CardState, SoulsTable

# Sizes in scene units, which are screen pixels at 100% zoom.
CARD_W, CARD_H = 124, 140  # a souls card
UNIT_W, UNIT_H = 102, 118  # a might unit; exhausted, it lies turned: UNIT_H wide, UNIT_W tall
STRIP_W, STRIP_H = 104, 30  # a card in hand, or an Armament tucked under its Soul
MARKER_W, MARKER_H = 70, 22  # a set Ambush, on its slot's top edge
GAP = 12
ROW_GAP = 8  # between the rows of the might table
LABEL = 18  # room for a zone's label above it
OWNER_COLORS = ("#2f6db5", "#b5452f")
FORMS = {"card": (CARD_W, CARD_H), "unit": (UNIT_W, UNIT_H), "strip": (STRIP_W, STRIP_H)}
FORMS["marker"] = (MARKER_W, MARKER_H)


@dataclass(frozen=True)
class CardLook:
    """The face of a card item; equal looks mean nothing to repaint."""

    title: str
    owner: int
    form: str = "card"  # card, unit, strip (hand, Armament), marker (a set Ambush)
    subtitle: str = ""
    stat: str = ""
    stat_tone: str = "plain"  # plain, up, down
    bar: tuple[int, int] | None = None  # (current, maximum) HP
    counter: int = 0  # marked damage
    badges: tuple[str, ...] = ()
    face_down: bool = False
    back_text: str = ""
    sideways: bool = False  # exhausted: drawn turned, its text upright
    danger: bool = False  # lethal damage marked, or 0 HP waiting for the capture step
    tooltip: str = ""
    uid: str = ""  # shown on the card when it differs from the card's default id
    tucked: bool = False  # an Armament under its Soul

    @property
    def size(self) -> tuple[int, int]:
        w, h = FORMS[self.form]
        return (h, w) if self.sideways else (w, h)


@dataclass(frozen=True)
class Placement:
    uid: str
    x: float
    y: float
    z: float
    look: CardLook


@dataclass(frozen=True)
class Decoration:
    """Static drawing: an empty slot outline, a zone frame or a label."""

    kind: str  # "slot", "frame", "label"
    x: float
    y: float
    w: float = 0
    h: float = 0
    text: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Layout:
    placements: list[Placement]
    decorations: list[Decoration] = field(default_factory=list)
    shape: tuple[object, ...] = ()  # decorations change only when this changes
    bounds: tuple[float, float, float, float] = (0, 0, 0, 0)  # x, y, w, h of the table


def layout(table: Frozen, looks: LookCache | None = None) -> Layout:
    """Where every card lies and what it looks like; ``looks`` keeps the looks of the table
    laid out before and reuses those of cards the engine says did not change."""
    looks = looks or LookCache()
    looks.start(table)
    if isinstance(table, SoulsTable):
        return souls_layout(table, looks)
    if isinstance(table, MightTable):
        return might_layout(table, looks)
    raise TypeError(f"no layout for {type(table).__name__}")


class LookCache:
    """The looks of the last table laid out. A jump between steps of a big table recomputes
    only the looks of the cards that changed (and those whose HP, line or Might changed with
    them): ``differences`` is the engine's."""

    def __init__(self) -> None:
        self._table: SoulsTable | MightTable | None = None
        self._looks: dict[str, CardLook] = {}

    def start(self, table: Frozen) -> None:
        """Lay out ``table`` next: forget the looks that may have changed since the last one
        (all of them when it is another game's table)."""
        assert isinstance(table, SoulsTable | MightTable)
        before, self._table = self._table, table
        if type(before) is not type(table) or before.defs is not table.defs:
            self._looks.clear()
            return
        for uid in table.differences(before):  # type: ignore[arg-type]
            self._looks.pop(uid, None)

    def look(self, table: SoulsTable | MightTable, card: CardState | MightCard) -> CardLook:
        found = self._looks.get(card.uid)
        if found is None:
            if isinstance(table, SoulsTable):
                assert isinstance(card, CardState)
                made = souls_look(table, card)
            else:
                assert isinstance(card, MightCard)
                made = might_look(table, card)
            found = self._looks[card.uid] = with_uid(made, card.uid, card.name)
        return found


def tone(current: int, printed: int) -> str:
    """How a stat is drawn: raised, lowered, or as printed."""
    return "up" if current > printed else "down" if current < printed else "plain"


def with_uid(look: CardLook, uid: str, name: str) -> CardLook:
    """Show the id on cards whose id is not simply their name (two cards of one name)."""
    return look if uid == card_id(name) or look.face_down else replace(look, uid=uid)


def turn_banner(table: SoulsTable | MightTable) -> str:
    return f"{table.players[table.turn_player].name} to play (turn {table.turn})"


def game_over_text(table: Frozen) -> str:
    """``Game over: ...`` once the game has ended, else empty."""
    if isinstance(table, SoulsTable) and table.game_over:
        return f"Game over: {table.result()}"
    return ""


def chain_entries(table: Frozen) -> list[str]:
    """The might chain from bottom to top, as people read it."""
    if not isinstance(table, MightTable):
        return []
    return [
        f"{item.text} ({'Reaction' if item.reaction else item.kind}, "
        f"{table.players[item.controller].name})"
        for item in table.chain
    ]


def hand_look(title: str, owner: int, subtitle: str, stat: str, tooltip: str) -> CardLook:
    """A card in hand: a strip with its name (the preview shows it whole)."""
    return CardLook(
        title=title, owner=owner, form="strip", subtitle=subtitle, stat=stat, tooltip=tooltip
    )


def spread(count: int, room: float, size: float) -> float:
    """The distance between ``count`` cards of ``size`` laid in a line in ``room``: a small gap
    while they fit, overlapping once they do not."""
    step = size + 4
    return step if count * step <= room or count < 2 else (room - size) / (count - 1)


# --------------------------------------------------------------------------------------- souls


def souls_look(table: SoulsTable, card: CardState) -> CardLook:
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
        return hand_look(card.name, card.owner, definition.kind, "", "\n".join(lines))
    if definition.kind in ("soul", "realm"):
        hp, max_hp = table.hp(card.uid), table.max_hp(card.uid)
        lines.append(f"HP {hp}/{max_hp}, damage {card.damage}")
        lines += [b.describe() for b in card.bonuses]
        badges = tuple(
            f"{b.amount:+d} {'Power' if b.stat == 'power' else 'max HP'}" for b in card.bonuses
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
    )


SOULS_ROW = LABEL + CARD_H + STRIP_H + GAP  # a grid row: label band, card, Armament strip


def souls_layout(table: SoulsTable, looks: LookCache) -> Layout:
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
    side = table.rows * SOULS_ROW

    def card_y(owner: int, row: int) -> float:
        if owner == 0:
            return GAP + LABEL + (row - 1) * SOULS_ROW
        return -GAP - row * SOULS_ROW + LABEL

    def pile_place(owner: int, zone: str) -> tuple[float, float]:
        index = 0 if zone == "elysium" else 1
        if pile_columns == 2:
            return zones_x + index * step_x, card_y(owner, 1)
        return zones_x, card_y(owner, 1 + index)

    hands: dict[int, list[CardState]] = {0: [], 1: []}
    piles: dict[tuple[int, str], int] = {}
    under: dict[str, int] = {}  # Armament placed under each Soul so far
    for card in table.cards.values():
        look = looks.look(table, card)
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
            armed = under.get(card.attached_to, 0)  # a second Armament peeks out below the first
            under[card.attached_to] = armed + 1
            x = grid_x + col * step_x
            y, z = card_y(owner, row) + CARD_H - 4 + armed * 6, 0.5 - armed * 0.01
        elif card.zone in ("elysium", "exile"):
            count = piles.get((owner, card.zone), 0)
            piles[(owner, card.zone)] = count + 1
            px, py = pile_place(owner, card.zone)
            x, y, z = px + 2 * min(count, 6), py + 2 * min(count, 6), 1.0 + count
        else:
            hands[owner].append(card)
            continue
        placements.append(Placement(card.uid, x, y, z, look))
    for owner, held in hands.items():
        top = card_y(owner, 1 if owner == 0 else table.rows)
        step = spread(len(held), side - LABEL - GAP, STRIP_H)
        for n, card in enumerate(held):
            look = looks.look(table, card)
            placements.append(Placement(card.uid, 0, top + n * step, 1.0 + n, look))
    for owner, player in enumerate(table.players):
        top = card_y(owner, 1 if owner == 0 else table.rows)
        decorations.append(
            Decoration("label", 0, top - LABEL, text=f"{player.name}'s hand ({len(hands[owner])})")
        )
        decorations.append(
            Decoration("label", realm_x, card_y(owner, 1) - LABEL, text=f"{player.name}'s Realm")
        )
        for slot in table.slot_names():
            col, row = ord(slot[0]) - ord("A"), int(slot[1:])
            decorations.append(
                Decoration(
                    "slot",
                    grid_x + col * step_x,
                    card_y(owner, row),
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
    top = -GAP - table.rows * SOULS_ROW
    bounds = (0.0, float(top), float(width), float(2 * GAP + 2 * side))
    shape = (
        "souls",
        table.columns,
        table.rows,
        tuple(sorted(piles.items())),
        tuple(len(h) for h in hands.values()),
    )
    return Layout(placements, decorations, shape, bounds)


# --------------------------------------------------------------------------------------- might


def might_look(table: MightTable, card: MightCard) -> CardLook:
    definition = table.definition(card.uid)
    lines = [f"{card.name} ({definition.kind}, {card.uid})", definition.text]
    if definition.kind != "unit" or card.zone not in ("base", "battlefield"):
        kind = "Reaction" if definition.speed == "reaction" else definition.kind.capitalize()
        cost = f"{definition.cost}◆" if definition.cost else ""
        return hand_look(card.name, card.owner, kind, cost, "\n".join(lines))
    might, base = table.might(card.uid), definition.might
    lines.append(f"Might {might} (base {base})")
    lines += [m.describe() for m in card.modifiers]
    lines.append(
        f"Marked damage {card.damage}; lethal at {max(1, table.lethal_threshold(card.uid))}"
    )
    lines += [e.describe() for e in (*card.shields, *card.doublers)]
    lines += [override.describe() for override in card.lethal]
    badges = [f"prevent {'all' if s.remaining is None else s.remaining}" for s in card.shields]
    badges += ["×2 damage" for _ in card.doublers]
    if card.lethal:
        badges.append(f"lethal at {card.lethal[-1].threshold}")
    badges += [f"target of {item.card}" for item in table.chain if item.target == card.uid]
    return CardLook(
        title=card.name,
        owner=card.owner,
        form="unit",
        subtitle=" · ".join([*definition.keywords, "Exhausted" if card.exhausted else "Ready"]),
        stat=f"Might {might}",
        stat_tone=tone(might, base),
        counter=card.damage,
        badges=tuple(badges),
        sideways=card.exhausted,
        danger=table.is_lethal(card.uid),
        tooltip="\n".join(lines),
    )


UNIT_SLOT = UNIT_H + 2  # room for a unit, ready or turned
MIN_SIDE = 4  # unit places reserved per player on a battlefield


def might_layout(table: MightTable, looks: LookCache) -> Layout:
    """Rows from top to bottom: the second player's hand and base, the battlefields (their units
    above, the first player's below), the first player's base and hand. The chain and the phase
    are shown by the view, over the table, so they never resize it."""
    placements: list[Placement] = []
    decorations: list[Decoration] = []
    fields = max(1, len(table.battlefields))
    per_side = max([MIN_SIDE] + [len(table.units_at(i, p)) for i in range(fields) for p in (0, 1)])
    field_w = per_side * UNIT_SLOT + GAP
    width = fields * field_w + (fields - 1) * GAP
    in_base = [sum(1 for u in table.units(p) if u.zone == "base") for p in (0, 1)]
    base_slots = max(int(width // UNIT_SLOT), *in_base)
    width = max(width, base_slots * UNIT_SLOT)
    field_h = 2 * UNIT_SLOT + ROW_GAP
    base_h = UNIT_SLOT + ROW_GAP
    # Rows from the top, each under its label: hand (and trash), base, battlefields, base, hand.
    hand_y = {1: float(LABEL)}
    base_y = {1: hand_y[1] + STRIP_H + ROW_GAP + LABEL}
    field_y = base_y[1] + base_h + ROW_GAP + LABEL
    base_y[0] = field_y + field_h + ROW_GAP + LABEL
    hand_y[0] = base_y[0] + base_h + ROW_GAP + LABEL
    hand_x = STRIP_W + GAP
    in_hand = [
        sum(1 for c in table.cards.values() if c.owner == p and c.zone == "hand") for p in (0, 1)
    ]
    hand_step = [spread(n, width - hand_x, STRIP_W) for n in in_hand]
    for index, battlefield in enumerate(table.battlefields):
        holder = battlefield.holder
        held = "" if holder is None else f" · held by {table.players[holder].name}"
        decorations.append(
            Decoration(
                "frame",
                index * (field_w + GAP),
                field_y,
                field_w,
                field_h,
                text=battlefield.name + held,
            )
        )
    for owner, player in enumerate(table.players):
        extras = [f"Runes {player.runes}"] + [
            f"Bonus Damage: {grant.describe()}" for grant in player.bonus_damage
        ]
        decorations.append(
            Decoration(
                "frame",
                0,
                base_y[owner],
                width,
                base_h,
                text=f"{player.name}'s base · " + " · ".join(extras),
            )
        )
    counts: dict[tuple[object, ...], int] = {}
    for card in table.cards.values():
        owner = card.owner
        key: tuple[object, ...]
        look = looks.look(table, card)
        w, h = look.size
        if card.zone == "battlefield" and card.battlefield is not None:
            key = ("field", card.battlefield, owner)
            n = counts.get(key, 0)
            x = card.battlefield * (field_w + GAP) + GAP / 2 + n * UNIT_SLOT + (UNIT_SLOT - w) / 2
            top = field_y + ROW_GAP / 2 + (0 if owner == 1 else UNIT_SLOT)
            y = top + (UNIT_SLOT - h) / 2
        elif card.zone == "base":
            key = ("base", owner)
            n = counts.get(key, 0)
            x = n * UNIT_SLOT + (UNIT_SLOT - w) / 2
            y = base_y[owner] + ROW_GAP / 2 + (UNIT_SLOT - h) / 2
        elif card.zone == "chain":
            continue  # the view lists the chain
        else:
            key = ("trash" if card.zone == "trash" else "hand", owner)
            n = counts.get(key, 0)
            if key[0] == "trash":  # a pile at the row's left end, under its name, fanned right
                x, y = 2 * min(n, 4), hand_y[owner]
            else:
                x, y = hand_x + n * hand_step[owner], hand_y[owner]
        counts[key] = n + 1
        placements.append(Placement(card.uid, x, y, 1.0 + n, look))
    for owner, player in enumerate(table.players):
        trash = counts.get(("trash", owner), 0)
        decorations.append(
            Decoration(
                "label",
                hand_x,
                hand_y[owner] - LABEL,
                text=f"{player.name}'s hand ({in_hand[owner]})",
            )
        )
        decorations.append(
            Decoration("frame", 0, hand_y[owner], STRIP_W, STRIP_H, text=f"Trash ({trash})")
        )
    top, bottom = 0.0, hand_y[0] + STRIP_H
    shape = (
        "might",
        fields,
        per_side,
        width,
        tuple(b.holder for b in table.battlefields),
        tuple((p.runes, p.bonus_damage) for p in table.players),
        tuple(sorted((k, v) for k, v in counts.items() if k[0] in ("trash", "hand"))),
    )
    return Layout(placements, decorations, shape, (0.0, top, float(width), bottom - top))
