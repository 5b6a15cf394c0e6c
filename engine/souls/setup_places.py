"""Where a souls set-up puts its cards, for the set-up editor (``engine.setup_edits``): each
player's Realm, the slots of the grid (S-1), the Armament on each Soul there, an Ambush at each
slot, the hand, the Elysium, the Exile (S-4) and the deck (P-92)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from engine.decks import deck_id
from engine.setup_places import Listed, Place, PoolCard, Setting
from engine.souls.cards import HP_STEP, CardDef
from engine.souls.table import COLUMNS, ROWS

DAMAGE = Setting(("damage",), "Damage", step=HP_STEP, hint="HP = max HP - damage (S-6)")
CAPTURED = Setting(("captured",), "Captured", "flag", False)
ATTACKED = Setting(("attacked",), "Attacked this turn", "flag", False)


def bonus(stat: str, words: str) -> Setting:
    """A lasting bonus to ``stat`` (``words`` names it) from the set-up (S-6), a multiple of
    ``HP_STEP`` (S-5)."""
    listed = Listed("amount", {"stat": stat}, {"duration": "permanent"})
    hint = f"Added to its {words} for good, as from the set-up (S-6); a multiple of {HP_STEP} (S-5)"
    label = f"{words[0].upper()}{words[1:]} bonus"
    return Setting(("bonuses",), label, step=HP_STEP, listed=listed, hint=hint)


MAX_HP_BONUS = bonus("max_hp", "max HP")
POWER_BONUS = bonus("power", "power")
PILES = (("hand", "hand"), ("elysium", "Elysium"), ("exile", "Exile"))


def new_setup(players: Sequence[str]) -> dict[str, Any]:
    return {"players": [{"name": name} for name in players]}


def slot_names(setup: Mapping[str, Any]) -> list[str]:
    """The grid's slots, row by row from the Front Line row (S-1): A1, B1, ..., A2, ..."""
    columns, rows = setup.get("columns", COLUMNS), setup.get("rows", ROWS)
    return [f"{chr(ord('A') + c)}{r}" for r in range(1, rows + 1) for c in range(columns)]


def setup_places(setup: Mapping[str, Any]) -> list[Place]:
    found: list[Place] = []
    for index, player in enumerate(setup["players"]):
        name, at = player["name"], ("players", index)
        found.append(
            Place(f"{name}: Realm", at, index, key="realm", rule="S-1", zone=(index, "realm"))
        )
        slots = (*at, "slots")  # a Soul onto an empty slot (S-3)
        for slot in slot_names(setup):
            found.append(
                Place(
                    f"{name}: slot {slot}",
                    slots,
                    index,
                    key=slot,
                    rule="S-3",
                    zone=(index, "slot", slot),
                )
            )
        for slot in player.get("slots") or {}:  # a Soul's Armament (S-5): dropped on its Soul
            found.append(
                Place(
                    f"{name}: Armament on {slot}",
                    (*slots, slot, "armament"),
                    index,
                    zone=(index, "slot", slot),
                )
            )
        ambushes = (*at, "ambushes")  # one Ambush at each slot of the grid (S-1), set on its edge
        for slot in slot_names(setup):
            found.append(
                Place(
                    f"{name}: Ambush at {slot}",
                    ambushes,
                    index,
                    key=slot,
                    rule="S-1",
                    zone=(index, "slot", slot),
                )
            )
        found += [
            Place(f"{name}: {word}", (*at, key), index, zone=(index, key)) for key, word in PILES
        ]
        found.append(Place(f"{name}: deck", (*at, "deck"), index, bare_id=partial(deck_id, name)))
    return found


def card_settings(place: Place) -> tuple[Setting, ...]:
    """Damage, a bonus and capture on the grid and the Realm; a Soul on a slot may have a power
    bonus and have attacked."""
    if place.path[-1] == "slots":
        return (DAMAGE, MAX_HP_BONUS, POWER_BONUS, CAPTURED, ATTACKED)
    return (DAMAGE, MAX_HP_BONUS, CAPTURED) if place.key == "realm" else ()


def pool_card(card: CardDef) -> PoolCard:
    facts = {"rank": card.rank, "HP": card.hp, "power": card.power}
    if card.kind == "realm":
        facts = {"HP": card.hp, "counterblow": card.counterblow}
    if card.kind not in ("soul", "realm"):
        facts = {}
    words = ", ".join(f"{k} {v}" for k, v in facts.items())
    return PoolCard(card.name, card.kind, card.text, words)
