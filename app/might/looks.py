"""What each might unit and card looks like and where it lies: bases, battlefields with their
auras and abilities (P-47, P-84), hands, trash and the deck's count (P-60), exhausted units
turned (M-1), tokens marked (P-61). Plain data from the engine's table queries; no Qt."""

from __future__ import annotations

from app.presentation.looks import (
    GAP,
    LABEL,
    STRIP_H,
    STRIP_W,
    UNIT_H,
    CardLook,
    Decoration,
    Layout,
    LookCache,
    Placement,
    Region,
    form_size,
    hand_look,
    spread,
    tone,
)
from engine.might import auras, statics
from engine.might.table import (
    Battlefield,
    DeathReplacement,
    DelayedTrigger,
    Doubler,
    MightCard,
    MightTable,
    Shield,
    Status,
)


def drawn_as_unit(table: MightTable, card: MightCard) -> bool:
    """A unit or a gear on the table is drawn as a unit, turned when exhausted (M-1, P-66);
    every other card as a strip."""
    return card.zone in ("base", "battlefield") and table.definition(card.uid).kind in (
        "unit",
        "gear",
    )


def card_size(table: MightTable, card: MightCard) -> tuple[int, int]:
    """The size of ``card_look``'s look, without the look: the layout places every card by
    its size, and makes no look for a card out of sight."""
    if drawn_as_unit(table, card):
        return form_size("unit", card.exhausted)
    return form_size("strip")


def card_look(table: MightTable, card: MightCard) -> CardLook:
    definition = table.definition(card.uid)
    lines = [f"{card.name} ({definition.kind}, {card.uid})", definition.text]
    if not drawn_as_unit(table, card):
        kind = "Reaction" if definition.speed == "reaction" else definition.kind.capitalize()
        cost = f"{definition.cost}◆" if definition.cost else ""
        return hand_look(card.name, card.owner, kind, cost, "\n".join(lines), definition.text)
    if definition.kind == "gear":
        return gear_look(table, card, lines)
    might, base = table.might(card.uid), definition.might
    lines.append(f"Might {might} (base {base})")
    lines += [m.describe() for m in card.modifiers]
    given = auras.contributions(table, card.uid)  # Might other units lend it (M-23)
    lines += [f"{aura.might:+d} Might from {source}'s aura" for source, aura in given]
    lines += [f"Aura: {aura.describe()}" for aura in definition.auras]
    if definition.bonus_damage is not None:  # P-76
        lines.append(f"Bonus Damage: {definition.bonus_damage.describe()}")
    lines.append(
        f"Marked damage {card.damage}; lethal at {max(1, table.lethal_threshold(card.uid))}"
    )
    shields = table.covered(card.uid).shields  # its own and its side's (M-26)
    # typed as their kinds: the joined tuple's would be Lasting, which describes nothing
    on_damage: tuple[Shield | Doubler, ...] = (*shields, *card.doublers)
    lines += [e.describe() for e in on_damage]
    lines += [override.describe() for override in card.lethal]
    effects: tuple[Status | DeathReplacement | DelayedTrigger, ...] = (
        *card.statuses,
        *card.saves,
        *card.delayed,
    )
    lines += [effect.describe() for effect in effects]
    badges = [_shield_badge(s) for s in shields]
    badges += ["×2 damage" for _ in card.doublers]
    if given:
        net = sum(aura.might for _, aura in given)
        badges.append(f"aura {net:+d}" if net else "aura ±0")
    if definition.auras:
        badges.append("aura source")
    if card.stunned:
        badges.append("stunned")  # M-15: adds 0 in combat
    if table.takes_no_damage(card.uid):
        badges.append("no damage")  # M-19
    if card.saves:
        badges.append("saved from death")  # M-20
    if card.delayed:
        badges.append("delayed trigger")  # P-63
    if card.lethal:
        badges.append(f"lethal at {card.lethal[-1].threshold}")
    if card.controller != card.owner:  # drawn on its controller's side (P-107)
        badges.insert(0, f"controlled by {table.players[card.controller].name}")
        lines.append(f"Owned by {table.players[card.owner].name}: {card.control[-1].describe()}")
    if card.token:
        badges.insert(0, "token")  # P-61: it ceases to exist when it leaves the table
    badges += [f"target of {item.card}" for item in table.chain if card.uid in item.targets]
    return CardLook(
        title=card.name,
        owner=card.owner,
        form="unit",
        subtitle=" · ".join(
            [
                *ROLE_WORDS.get(card.role or "", ()),
                *definition.keywords,
                *(word for grant in card.granted for word in grant.keywords),
                *(word for held in statics.active(table, card.uid) for word in held.keywords),
            ]
            + ["Exhausted" if card.exhausted else "Ready"]
        ),
        stat=f"Might {might}",
        stat_tone=tone(might, base),
        counter=card.damage,
        badges=tuple(badges),
        sideways=card.exhausted,
        danger=table.is_lethal(card.uid),
        tooltip="\n".join(lines),
        text=definition.text,
    )


def gear_look(table: MightTable, card: MightCard, lines: list[str]) -> CardLook:
    """A gear at its base: no Might and no damage, its abilities as badges, turned when
    exhausted (P-66, P-67)."""
    definition = table.definition(card.uid)
    lines += [f"Ability: {ability.describe()}" for ability in definition.abilities]
    badges = [ability.label() for ability in definition.abilities]
    if definition.replaces is not None:
        lines.append(f"Instead of dying: {definition.replaces.describe()}")
        badges.append("saves a unit")  # from dying (P-67)
    status = "Exhausted" if card.exhausted else "Ready"
    lines.append(status)
    return CardLook(
        title=card.name,
        owner=card.owner,
        form="unit",
        subtitle=status,
        stat="Gear",
        badges=tuple(badges),
        sideways=card.exhausted,
        tooltip="\n".join(lines),
        text=definition.text,
    )


def _shield_badge(shield: Shield) -> str:
    if shield.value == "next":
        return "prevent next" if not shield.spent else "prevent 0"
    return f"prevent {'all' if shield.remaining is None else shield.remaining}"


def _field_words(table: MightTable, battlefield: Battlefield) -> tuple[str, str]:
    """A battlefield's frame: its name, holder, auras (P-47) and abilities (P-84) in a line, and
    in its tooltip each in full, as a unit's tooltip and inspector say its own."""
    holder = battlefield.holder
    name = None if holder is None else table.players[holder].name
    line = [battlefield.name, *([f"held by {name}"] if name else [])]
    line += [aura.describe() for aura in battlefield.auras]
    if battlefield.abilities:
        line.append(f"abilities: {', '.join(a.label() for a in battlefield.abilities)}")
    full = [battlefield.name]
    if battlefield.abilities:  # whose they are, or why they wait (P-84)
        full.append(
            f"Held by {name}, who controls its abilities"
            if name
            else "Held by nobody: its abilities do not trigger"
        )
    elif name:
        full.append(f"Held by {name}")
    full += [f"Aura: {aura.describe()}" for aura in battlefield.auras]
    full += [f"Ability: {ability.describe()}" for ability in battlefield.abilities]
    line += [battlefield.text] if battlefield.text else []  # printed words (P-111)
    full += [battlefield.text] if battlefield.text else []
    return " · ".join(line), "\n".join(full)


UNIT_SLOT = UNIT_H + 2  # room for a unit, ready or turned
ROW_GAP = 8  # between the rows of the table
SIDE_GAP = 18  # between the two players' units on a battlefield: the sides never touch
ROLE_WORDS = {"attacker": ("Attacking",), "defender": ("Defending",)}  # in a combat (M-28)
MIN_SIDE = 3  # unit places reserved per player on a battlefield (more as more come)


def table_layout(table: MightTable, looks: LookCache) -> Layout:
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
    gear = [  # at the base's right end, a slot apart from the units (P-66)
        sum(1 for c in table.cards.values() if c.owner == p and table.is_gear(c.uid))
        for p in (0, 1)
    ]
    in_base = [n + g + 1 if g else n for n, g in zip(in_base, gear, strict=True)]
    base_slots = max(int(width // UNIT_SLOT), *in_base)
    width = max(width, base_slots * UNIT_SLOT)
    field_h = 2 * UNIT_SLOT + ROW_GAP + SIDE_GAP
    base_h = UNIT_SLOT + ROW_GAP
    # Rows from the top, each under its label: hand (and trash), base, battlefields, base, hand.
    hand_y = {1: float(LABEL)}
    base_y = {1: hand_y[1] + STRIP_H + ROW_GAP + LABEL}
    field_y = base_y[1] + base_h + ROW_GAP + LABEL
    base_y[0] = field_y + field_h + ROW_GAP + LABEL
    hand_y[0] = base_y[0] + base_h + ROW_GAP + LABEL
    # The trash, then the deck (hidden but for its count, P-60), at the row's left end; the hand
    # after them, to the right end, which the chain panel may cover when the hand is short.
    deck_x = STRIP_W + GAP
    hand_x = deck_x + STRIP_W + GAP
    in_hand = [
        sum(1 for c in table.cards.values() if c.owner == p and c.zone == "hand") for p in (0, 1)
    ]
    hand_step = [spread(n, width - hand_x, STRIP_W) for n in in_hand]
    regions: list[Region] = []
    half = ROW_GAP / 2 + UNIT_SLOT + SIDE_GAP / 2  # the second player's side, above the first's
    for index, battlefield in enumerate(table.battlefields):
        text, tooltip = _field_words(table, battlefield)
        field_x = index * (field_w + GAP)
        decorations.append(
            Decoration("frame", field_x, field_y, field_w, field_h, text=text, tooltip=tooltip)
        )
        regions.append(
            Region((1, "battlefield", battlefield.name), field_x, field_y, field_w, half)
        )
        regions.append(
            Region(
                (0, "battlefield", battlefield.name),
                field_x,
                field_y + half,
                field_w,
                field_h - half,
            )
        )
    for owner, player in enumerate(table.players):
        extras = [f"Runes {player.runes}", *([f"Score {player.score}"] if table.scoring else [])]
        extras += [f"Bonus Damage: {grant.describe()}" for grant in player.bonus_damage]
        extras += [trigger.describe() for trigger in player.delayed]  # a side's (P-63)
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
        regions.append(Region((owner, "base"), 0, base_y[owner], width, base_h))
        regions.append(Region((owner, "trash"), 0, hand_y[owner], STRIP_W, STRIP_H))
        regions.append(Region((owner, "hand"), hand_x, hand_y[owner], width - hand_x, STRIP_H))
    counts: dict[tuple[object, ...], int] = {}
    for card in table.cards.values():
        owner = card.controller  # a unit taken is on its controller's side (P-107)
        key: tuple[object, ...]
        if card.zone in ("chain", "deck", "gone"):
            continue  # the view lists the chain; a deck is its count; a gone token is no card
        w, h = card_size(table, card)  # a unit is centred in its place
        if card.zone == "battlefield" and card.battlefield is not None:
            key = ("field", card.battlefield, owner)
            n = counts.get(key, 0)
            x = card.battlefield * (field_w + GAP) + GAP / 2 + n * UNIT_SLOT + (UNIT_SLOT - w) / 2
            top = field_y + ROW_GAP / 2 + (0 if owner == 1 else UNIT_SLOT + SIDE_GAP)
            y = top + (UNIT_SLOT - h) / 2
        elif table.is_gear(card.uid):  # drawn apart from the units at its base (P-66)
            key = ("gear", owner)
            n = counts.get(key, 0)
            x = width - (n + 1) * UNIT_SLOT + (UNIT_SLOT - w) / 2
            y = base_y[owner] + ROW_GAP / 2 + (UNIT_SLOT - h) / 2
        elif card.zone == "base":
            key = ("base", owner)
            n = counts.get(key, 0)
            x = n * UNIT_SLOT + (UNIT_SLOT - w) / 2
            y = base_y[owner] + ROW_GAP / 2 + (UNIT_SLOT - h) / 2
        else:
            key = ("trash" if card.zone == "trash" else "hand", owner)
            n = counts.get(key, 0)
            if key[0] == "trash":  # a pile at the row's left end, under its name, fanned right
                x, y = 2 * min(n, 4), hand_y[owner]
            else:
                x, y = hand_x + n * hand_step[owner], hand_y[owner]
        counts[key] = n + 1
        placements.append(Placement(card.uid, x, y, 1.0 + n))
    decks = any(player.deck for player in table.players)  # a table without them shows none
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
        if decks:  # its place is kept without one: the hand never moves (P-60)
            decorations.append(
                Decoration(
                    "frame",
                    deck_x,
                    hand_y[owner],
                    STRIP_W,
                    STRIP_H,
                    text=f"Deck ({len(player.deck)})",
                )
            )
            regions.append(Region((owner, "deck"), deck_x, hand_y[owner], STRIP_W, STRIP_H))
    top, bottom = 0.0, hand_y[0] + STRIP_H
    shape = (
        "might",
        fields,
        per_side,
        width,
        tuple(b.holder for b in table.battlefields),
        tuple((p.runes, p.score, p.bonus_damage, len(p.deck), p.delayed) for p in table.players),
        tuple(sorted((k, v) for k, v in counts.items() if k[0] in ("trash", "hand"))),
    )
    bounds = (0.0, top, float(width), bottom - top)
    return Layout(placements, decorations, shape, bounds, regions)
