"""Tables of any size for the benchmarks and the cost tests, as scenario YAML.

A souls table of ``cards`` cards: per player a Realm, Souls on a grid of up to 25 x 9 slots
(Thorn Squires, with a Sylva, whose max HP counts captured Underlings, every fifth slot), Iron
Mail on every third Soul, and the rest in hand. A might table: per player units (with no triggered
ability) split between the base and two battlefields, some shielded, the rest in hand.

>>> game = game_from_yaml(souls_text(1000))
>>> len(game.table.cards), len(game.table.souls())
(1000, 450)
>>> len(might_game(18).table.cards)
18
"""

from __future__ import annotations

import math
import random

from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame

MAX_SOULS = 225  # 25 columns x 9 rows a player


def souls_layout(per_player: int) -> tuple[int, int, int, int]:
    """Souls, Armaments and cards in hand per player, and the grid's columns."""
    souls = min(MAX_SOULS, math.ceil((per_player - 1) * 0.5))
    armaments = math.ceil(souls / 3)
    hand = per_player - 1 - souls - armaments
    columns = min(25, max(3, math.ceil(math.sqrt(souls)), math.ceil(souls / 9)))
    return souls, armaments, hand, columns


def souls_text(cards: int) -> str:
    per_player = cards // 2
    souls, _, hand, columns = souls_layout(per_player)
    rows = math.ceil(souls / columns)
    players = []
    for owner, name in enumerate(("Alice", "Bob")):
        lines = [f"    - name: {name}", f"      realm: {{card: Old Keep, id: realm{owner}}}"]
        lines.append("      slots:")
        for i in range(souls):
            card = "Sylva" if i % 5 == 4 else "Thorn Squire"
            mail = f", armament: [{{card: Iron Mail, id: m{owner}-{i}}}]" if i % 3 == 0 else ""
            slot = f"{chr(65 + i % columns)}{i // columns + 1}"
            lines.append(f"        {slot}: {{card: {card}, id: s{owner}-{i}{mail}}}")
        if hand:
            lines.append("      hand:")
            lines += [f"        - {{card: Firebolt, id: h{owner}-{i}}}" for i in range(hand)]
        players.append("\n".join(lines))
    return (
        "ruleset: souls\ntitle: A big table\nrules: [S-1]\nsetup:\n"
        f"  columns: {columns}\n  rows: {rows}\n  players:\n" + "\n".join(players) + "\n"
    )


# No triggered abilities: an effect on every enemy unit here (Thornback) costs what it changes,
# which grows with the table; the benchmarks measure what one change costs.
MIGHT_UNITS = ["Vanguard Captain", "Iron Sentinel", "Stone Whelp"]


def might_text(cards: int) -> str:
    per_player = cards // 2
    units = max(3, per_player // 2)
    players = []
    for owner, name in enumerate(("Alice", "Bob")):
        lines = [f"    - name: {name}", "      runes: 2", "      units:"]
        for i in range(units):
            place = ("", ", at: Battlefield 1", ", at: Battlefield 2")[i % 3]
            shield = ", shields: [{value: 2}]" if i % 4 == 0 else ""
            card = MIGHT_UNITS[i % len(MIGHT_UNITS)]
            lines.append(f"        - {{card: {card}, id: u{owner}-{i}{place}{shield}}}")
        hand = per_player - units
        if hand:
            lines.append("      hand:")
            lines += [f"        - {{card: Spark, id: h{owner}-{i}}}" for i in range(hand)]
        players.append("\n".join(lines))
    return (
        "ruleset: might\ntitle: A big table\nrules: [M-1]\nsetup:\n  players:\n"
        + "\n".join(players)
        + "\n"
    )


def souls_session(game: SoulsGame, actions: int, seed: int = 1) -> None:
    """Playtester edits on random Souls: 5 damage, or a heal of a damaged one; an end of turn
    every 50 actions."""
    uids = [uid for uid in game.table.cards if uid.startswith("s")]
    picks = random.Random(seed).choices(uids, k=actions)  # drawn at once: time the engine
    for number, uid in enumerate(picks, start=1):
        if number % 50 == 0:
            game.end_turn()
            continue
        if game.table.cards[uid].damage:
            game.heal(uid, 5)
        else:
            game.deal(uid, 5)


def souls_game(cards: int) -> SoulsGame:
    game = game_from_yaml(souls_text(cards))
    assert isinstance(game, SoulsGame)
    return game


def might_game(cards: int) -> MightGame:
    return game_from_yaml(might_text(cards))


def might_session(game: MightGame, actions: int, seed: int = 1) -> None:
    """Playtester edits on the units in turn (from a place given by ``seed``): 1 spell damage,
    then a heal of it, with +1 Might this turn instead every seventh time; an end of turn (with
    its expiration) every 50 actions. The same work on every table, whatever its size."""
    uids = [uid for uid in game.table.cards if uid.startswith("u")]
    for number in range(1, actions + 1):
        if number % 50 == 0:
            game.end_turn()
            continue
        uid = uids[(seed + number // 2) % len(uids)]
        if number % 14 == 0:
            game.modify_might(uid, 1)
        elif game.table.cards[uid].damage:
            game.heal(uid)
        else:
            game.deal(uid, 1)
