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

CARD_W, CARD_H = 100, 136
MINI_W, MINI_H = 44, 60
GAP = 16
ROW = CARD_H + 36  # room for the Armament strip under a Soul
OWNER_COLORS = ("#2f6db5", "#b5452f")


@dataclass(frozen=True)
class CardLook:
    """The face of a card item; equal looks mean nothing to repaint."""

    title: str
    owner: int
    subtitle: str = ""
    stat: str = ""
    stat_tone: str = "plain"  # plain, up, down
    bar: tuple[int, int] | None = None  # (current, maximum) HP
    counter: int = 0  # marked damage
    badges: tuple[str, ...] = ()
    face_down: bool = False
    back_text: str = ""
    sideways: bool = False
    danger: bool = False  # lethal damage marked, or 0 HP waiting for the capture step
    mini: bool = False
    tooltip: str = ""
    uid: str = ""  # shown on the card when it differs from the card's default id
    tucked: bool = False  # an Armament under its Soul: only its bottom edge shows


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


def layout(table: Frozen) -> Layout:
    if isinstance(table, SoulsTable):
        return souls_layout(table)
    if isinstance(table, MightTable):
        return might_layout(table)
    raise TypeError(f"no layout for {type(table).__name__}")


def tone(current: int, printed: int) -> str:
    """How a stat is drawn: raised, lowered, or as printed."""
    return "up" if current > printed else "down" if current < printed else "plain"


def with_uid(look: CardLook, uid: str, name: str) -> CardLook:
    """Show the id on cards whose id is not simply their name (two cards of one name)."""
    return look if uid == card_id(name) or look.face_down else replace(look, uid=uid)


def turn_banner(table: SoulsTable | MightTable) -> str:
    text = f"Turn {table.turn} · {table.players[table.turn_player].name} to play"
    if isinstance(table, SoulsTable) and table.game_over:
        return f"{text} · Game over: {table.result()}"
    return text


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
            back_text=what,
            tooltip=f"{what}: {card.name} ({card.uid})",
        )
    if definition.kind in ("soul", "realm"):
        hp, max_hp = table.hp(card.uid), table.max_hp(card.uid)
        lines.append(f"HP {hp}/{max_hp}, damage {card.damage}")
        lines += [b.describe() for b in card.bonuses]
        if definition.kind == "soul":
            traits = ", ".join(definition.traits)
            line = table.line(card.uid)
            where = f" · {line.capitalize()} Line" if line else ""
            base_power = definition.power
            power = table.power(card.uid)
            return CardLook(
                title=card.name,
                owner=card.owner,
                subtitle=f"Rank {definition.rank}" + (f" · {traits}" if traits else "") + where,
                stat=f"Power {power}",
                stat_tone=tone(power, base_power),
                bar=(hp, max_hp),
                counter=card.damage,
                badges=tuple("bonus" for _ in card.bonuses),
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
            danger=hp == 0,
            tooltip="\n".join(lines),
        )
    mini = card.zone == "ambush"
    return CardLook(
        title=card.name,
        owner=card.owner,
        subtitle=definition.kind.capitalize(),
        mini=mini,
        face_down=mini,
        back_text="Ambush" if mini else "",
        tucked=card.zone == "armament",
        tooltip="\n".join(lines),
    )


def souls_layout(table: SoulsTable) -> Layout:
    placements: list[Placement] = []
    decorations: list[Decoration] = []
    grid_x = CARD_W + 3 * GAP
    zones_x = grid_x + table.columns * (CARD_W + GAP) + 2 * GAP

    def row_y(owner: int, row: int) -> float:
        # Row 1 of each player faces the other player's row 1 across the middle of the table.
        return (row - 1) * ROW + GAP if owner == 0 else -row * ROW

    decorations.append(Decoration("label", 0, -GAP - 4, text=turn_banner(table)))
    for owner, player in enumerate(table.players):
        top = row_y(owner, 1)
        realm_label_y = top - 24 if owner == 1 else top + CARD_H + 4
        decorations.append(Decoration("label", 0, realm_label_y, text=f"{player.name}'s Realm"))
        for row in range(1, table.rows + 1):
            name = "Front Line row" if row == 1 else "Back Line row"
            decorations.append(
                Decoration(
                    "label",
                    grid_x - 4,
                    row_y(owner, row) - 20,
                    text=f"{player.name} · {name} {row}",
                )
            )
        for slot in table.slot_names():
            col, row = ord(slot[0]) - ord("A"), int(slot[1:])
            decorations.append(
                Decoration(
                    "slot",
                    grid_x + col * (CARD_W + GAP),
                    row_y(owner, row),
                    CARD_W,
                    CARD_H,
                    text=slot,
                )
            )
    hand_count = [0, 0]
    pile_count: dict[tuple[int, str], int] = {}
    for card in table.cards.values():
        look = souls_look(table, card)
        owner = card.owner
        if card.zone == "realm":
            x, y, z = 0.0, row_y(owner, 1), 1.0
        elif card.zone in ("slot", "ambush") and card.slot is not None:
            col, row = ord(card.slot[0]) - ord("A"), int(card.slot[1:])
            x, y = grid_x + col * (CARD_W + GAP), row_y(owner, row)
            z = 1.0
            if card.zone == "ambush":
                x, y, z = x + CARD_W - MINI_W / 2, y + 44, 3.0  # on the slot's right edge
        elif card.zone == "armament" and card.attached_to in table.cards:
            host = table.cards[card.attached_to]
            col, row = ord((host.slot or "A1")[0]) - ord("A"), int((host.slot or "A1")[1:])
            x, y, z = grid_x + col * (CARD_W + GAP) + 6, row_y(owner, row) + 26, 0.5
        elif card.zone in ("elysium", "exile"):
            count = pile_count.get((owner, card.zone), 0)
            pile_count[(owner, card.zone)] = count + 1
            index = 0 if card.zone == "elysium" else 1
            y = row_y(owner, 1 + index) if table.rows > index else row_y(owner, 1)
            x, y, z = zones_x + 3 * count, y + 3 * count, 1.0 + count
        else:  # hand
            count = hand_count[owner]
            hand_count[owner] += 1
            hand_y = table.rows * ROW + 2 * GAP if owner == 0 else -(table.rows + 1) * ROW
            x, y, z = grid_x + count * (CARD_W * 0.7), hand_y, 1.0 + count
        placements.append(Placement(card.uid, x, y, z, with_uid(look, card.uid, card.name)))
    for owner in range(len(table.players)):
        for index, zone in enumerate(("elysium", "exile")):
            y = row_y(owner, 1 + index) if table.rows > index else row_y(owner, 1)
            count = pile_count.get((owner, zone), 0)
            decorations.append(
                Decoration(
                    "frame", zones_x, y, CARD_W, CARD_H, text=f"{zone.capitalize()} ({count})"
                )
            )
    for owner, count in enumerate(hand_count):
        if count:
            hand_y = table.rows * ROW + 2 * GAP if owner == 0 else -(table.rows + 1) * ROW
            decorations.append(
                Decoration(
                    "label",
                    0,
                    hand_y + CARD_H / 2,
                    text=f"{table.players[owner].name}'s hand: {count}",
                )
            )
    shape = (
        "souls",
        table.columns,
        table.rows,
        tuple(sorted(pile_count.items())),
        tuple(hand_count),
        turn_banner(table),
    )
    return Layout(placements, decorations, shape)


# --------------------------------------------------------------------------------------- might


def might_look(table: MightTable, card: MightCard) -> CardLook:
    definition = table.definition(card.uid)
    lines = [f"{card.name} ({definition.kind}, {card.uid})", definition.text]
    if definition.kind != "unit" or card.zone not in ("base", "battlefield"):
        cost = f"Cost {definition.cost}" if definition.cost else ""
        subtitle = "Reaction" if definition.speed == "reaction" else definition.kind.capitalize()
        return CardLook(
            title=card.name,
            owner=card.owner,
            subtitle=subtitle,
            stat=cost,
            tooltip="\n".join(lines),
        )
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
    return CardLook(
        title=card.name,
        owner=card.owner,
        subtitle=("Exhausted" if card.exhausted else "Ready")
        + (" · " + ", ".join(definition.keywords) if definition.keywords else ""),
        stat=f"Might {might}",
        stat_tone=tone(might, base),
        counter=card.damage,
        badges=tuple(badges),
        sideways=card.exhausted,
        danger=table.is_lethal(card.uid),
        tooltip="\n".join(lines),
    )


def might_layout(table: MightTable) -> Layout:
    placements: list[Placement] = []
    decorations: list[Decoration] = []
    per_side = max(
        [4] + [len(table.units_at(i, p)) for i in range(len(table.battlefields)) for p in (0, 1)]
    )
    field_w = per_side * (CARD_W + GAP) + GAP
    field_h = 2 * CARD_H + 3 * GAP
    base_y = {0: field_h / 2 + 3 * GAP, 1: -field_h / 2 - 3 * GAP - CARD_H}
    hand_y = {0: base_y[0] + ROW + GAP, 1: base_y[1] - ROW - GAP}
    width = len(table.battlefields) * (field_w + 3 * GAP)
    decorations.append(Decoration("label", -GAP, hand_y[1] - 40, text=turn_banner(table)))
    for index, battlefield in enumerate(table.battlefields):
        holder = (
            ""
            if battlefield.holder is None
            else f" (held by {table.players[battlefield.holder].name})"
        )
        decorations.append(
            Decoration(
                "frame",
                index * (field_w + 3 * GAP),
                -field_h / 2,
                field_w,
                field_h,
                text=battlefield.name + holder,
            )
        )
    for owner, player in enumerate(table.players):
        decorations.append(
            Decoration(
                "frame",
                0,
                base_y[owner] - GAP / 2,
                width - 3 * GAP,
                CARD_H + GAP,
                text=f"{player.name}'s base",
            )
        )
        decorations.append(
            Decoration(
                "label", width, base_y[owner] + CARD_H / 2 - 10, text=f"Rune pool: {player.runes}"
            )
        )
        for line, grant in enumerate(player.bonus_damage):  # one per line: the table stays narrow
            decorations.append(
                Decoration(
                    "label",
                    width,
                    base_y[owner] + CARD_H / 2 + 12 + 18 * line,
                    text=grant.describe(),
                )
            )
    counts: dict[tuple[object, ...], int] = {}
    for card in table.cards.values():
        owner = card.owner
        key: tuple[object, ...]
        if card.zone == "battlefield" and card.battlefield is not None:
            key = ("field", card.battlefield, owner)
            n = counts.get(key, 0)
            x = card.battlefield * (field_w + 3 * GAP) + GAP + n * (CARD_W + GAP)
            y = -field_h / 2 + GAP if owner == 1 else GAP / 2
        elif card.zone == "base":
            key = ("base", owner)
            n = counts.get(key, 0)
            x, y = GAP + n * (CARD_W + GAP), base_y[owner]
        elif card.zone == "trash":
            key = ("trash", owner)
            n = counts.get(key, 0)
            x, y = width + 3 * n, hand_y[owner] + 3 * n
        elif card.zone == "chain":
            continue  # shown as a chain entry
        else:
            key = ("hand", owner)
            n = counts.get(key, 0)
            x, y = GAP + n * CARD_W * 0.7, hand_y[owner]
        counts[key] = n + 1
        look = with_uid(might_look(table, card), card.uid, card.name)
        placements.append(Placement(card.uid, x, y, 1.0 + n, look))
    for (kind, *rest), count in counts.items():
        if kind == "trash":
            owner = int(rest[0])  # type: ignore[call-overload]
            decorations.append(
                Decoration("label", width, hand_y[owner] + CARD_H + 8, text=f"Trash: {count}")
            )
    if table.chain:
        decorations.append(
            Decoration(
                "label",
                width + CARD_W + 4 * GAP,
                -field_h / 2 - 24,
                text="Chain (the last one resolves first)",
            )
        )
    for depth, item in enumerate(table.chain):
        decorations.append(
            Decoration(
                "chain",
                width + CARD_W + 4 * GAP,
                -field_h / 2 + depth * 44,
                320,
                38,
                text=f"{depth + 1}. {item.text}",
                tooltip=f"{item.kind}, controlled by {table.players[item.controller].name}",
            )
        )
    shape = (
        "might",
        turn_banner(table),
        len(table.battlefields),
        per_side,
        tuple(b.holder for b in table.battlefields),
        tuple((p.runes, p.bonus_damage) for p in table.players),
        table.chain,
        tuple(sorted((k, v) for k, v in counts.items() if k[0] == "trash")),
    )
    return Layout(placements, decorations, shape)
