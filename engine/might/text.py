"""A plain-text picture of a might table, for the terminal."""

from __future__ import annotations

from engine.decks import deck_line
from engine.might.table import MightCard, MightTable


def describe_unit(table: MightTable, card: MightCard) -> str:
    base_might = table.definition(card.uid).might
    might = table.might(card.uid)
    parts = [f"Might {might}" + (f" (base {base_might})" if might != base_might else "")]
    if card.damage:
        parts.append(f"damage {card.damage}" + (" LETHAL" if table.is_lethal(card.uid) else ""))
    if card.exhausted:
        parts.append("exhausted")
    parts += [effect.describe() for effect in card.lasting()]
    if card.controller != card.owner:  # listed with its controller's units (P-107)
        parts.append(f"owned by {table.players[card.owner].name}")
    standing = table.definition(card.uid).bonus_damage
    if standing is not None:  # P-76
        parts.append(standing.describe())
    return f"{card.uid} ({card.name}) " + ", ".join(parts)


def render_table(table: MightTable) -> str:
    """Each player's rune pool, units by place and gear, hand, trash and deck count, then the
    battlefields and the chain."""
    lines = [f"Turn {table.turn}, {table.players[table.turn_player].name} to play"]
    for owner in range(len(table.players)):
        lines += _player_lines(table, owner)
    if table.this_turn is not None:  # a card asks what happened this turn (P-55)
        lines += table.this_turn.describe((table.players[0].name, table.players[1].name))
    for field in table.battlefields:
        if field.holder is not None:
            lines.append(f"{field.name} is held by {table.players[field.holder].name}")
    if table.chain:
        lines.append("Chain (top last): " + "; ".join(item.text for item in table.chain))
    return "\n".join(lines)


def _player_lines(table: MightTable, owner: int) -> list[str]:
    """A player's rune pool, units by place, gear, hand and trash, and deck count."""
    player = table.players[owner]
    lines = [
        f"{player.name}: rune pool {player.runes}"
        + (f"; score {player.score}" if table.scoring else "")  # P-110
        + "".join(f"; {g.describe()}" for g in player.bonus_damage)
        + "".join(f"; {d.describe()}" for d in player.delayed)
    ]
    for unit in table.units(owner):
        lines.append(f"  {unit.place(table):<15} {describe_unit(table, unit)}")
    gear = [  # at the base, and no unit (P-66)
        c.uid + (" (exhausted)" if c.exhausted else "")
        for c in table.cards.values()
        if c.owner == owner and table.is_gear(c.uid)
    ]
    if gear:
        lines.append(f"  gear: {', '.join(gear)}")
    for zone in ("hand", "trash"):
        cards = [c.uid for c in table.cards.values() if c.owner == owner and c.zone == zone]
        if cards:
            lines.append(f"  {zone}: {', '.join(cards)}")
    return lines + deck_line(len(player.deck))  # hidden: its count only (P-60)
