"""A plain-text picture of a souls table, for the terminal."""

from __future__ import annotations

from engine.decks import deck_line
from engine.souls.table import CardState, SoulsTable


def describe_card(table: SoulsTable, card: CardState) -> str:
    definition = table.defs[card.name]
    if card.face_down:
        return f"{card.uid} [{'shattered' if card.zone == 'realm' else 'captured'}, face down]"
    if definition.kind in ("soul", "realm"):
        stats = f"HP {table.hp(card.uid)}/{table.max_hp(card.uid)}"
        if card.damage:
            stats += f" (damage {card.damage})"
        if definition.kind == "soul":
            stats += f", power {table.power(card.uid)}, {table.line(card.uid)} line"
        marks = "; ".join(
            [*(b.describe() for b in card.bonuses), *(s.describe() for s in card.shields)]
        )
        return f"{card.uid} ({card.name}) {stats}" + (f" [{marks}]" if marks else "")
    return f"{card.uid} ({card.name})"


def render_table(table: SoulsTable) -> str:
    """Both players' Realm, slots, ambushes and zones, one line each, and a deck's count."""
    lines = [f"Turn {table.turn}, {table.players[table.turn_player].name} to play"]
    if table.game_over:
        lines.append(f"Game over: {table.result()}")
    for owner, player in enumerate(table.players):
        lines.append(f"{player.name}:")
        realm = table.realm(owner)
        if realm is not None:
            lines.append(f"  Realm  {describe_card(table, realm)}")
        for slot in table.slot_names():
            occupant = table.occupant(owner, slot)
            ambushes = [
                c.uid
                for c in table.cards.values()
                if c.owner == owner and c.zone == "ambush" and c.slot == slot
            ]
            if occupant is None and not ambushes:
                continue
            text = describe_card(table, occupant) if occupant else "(empty)"
            if occupant is not None:
                text += "".join(f" + armament {a.uid}" for a in table.armaments(occupant.uid))
            text += "".join(f" + ambush {a}" for a in ambushes)
            lines.append(f"  {slot}     {text}")
        for zone in ("hand", "elysium", "exile"):
            cards = [c.uid for c in table.cards.values() if c.owner == owner and c.zone == zone]
            if cards:
                lines.append(f"  {zone}: {', '.join(cards)}")
        lines += deck_line(len(player.deck))  # hidden: its count only (P-92)
    return "\n".join(lines)
