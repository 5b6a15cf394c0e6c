"""Where a souls set-up puts its cards, for the set-up editor (``engine.setup_edits``): each
player's Realm, the slots of the grid (S-1) and an Ambush at each, the hand, the Elysium and
the Exile (S-4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.setup_places import Place, PoolCard, Setting
from engine.souls.cards import CardDef

ON_THE_GRID = (
    Setting(("damage",), "Damage", step=5),
    Setting(("captured",), "Captured", "flag", False),
)
ATTACKED = Setting(("attacked",), "Attacked this turn", "flag", False)
PILES = (("hand", "hand"), ("elysium", "Elysium"), ("exile", "Exile"))


def new_setup(players: Sequence[str]) -> dict[str, Any]:
    return {"players": [{"name": name} for name in players]}


def slot_names(setup: Mapping[str, Any]) -> list[str]:
    """The grid's slots, row by row from the Front Line row (S-1): A1, B1, ..., A2, ..."""
    columns, rows = setup.get("columns", 3), setup.get("rows", 2)
    return [f"{chr(ord('A') + c)}{r}" for r in range(1, rows + 1) for c in range(columns)]


def setup_places(setup: Mapping[str, Any]) -> list[Place]:
    found: list[Place] = []
    for index, player in enumerate(setup["players"]):
        name, at = player["name"], ("players", index)
        found.append(Place(f"{name}: Realm", at, index, key="realm", zone=(index, "realm")))
        for slot in slot_names(setup):
            found.append(
                Place(
                    f"{name}: slot {slot}",
                    (*at, "slots"),
                    index,
                    key=slot,
                    zone=(index, "slot", slot),
                )
            )
        for slot in slot_names(setup):  # set on the slot's edge: a drop on the slot sets it
            found.append(
                Place(
                    f"{name}: Ambush at {slot}",
                    (*at, "ambushes"),
                    index,
                    key=slot,
                    zone=(index, "slot", slot),
                )
            )
        found += [
            Place(f"{name}: {word}", (*at, key), index, zone=(index, key)) for key, word in PILES
        ]
    return found


def card_settings(place: Place) -> tuple[Setting, ...]:
    """Damage and capture on the grid and the Realm; a Soul on a slot may have attacked."""
    if place.path[-1] == "slots":
        return (*ON_THE_GRID, ATTACKED)
    return ON_THE_GRID if place.key == "realm" else ()


def pool_card(card: CardDef) -> PoolCard:
    facts = {"rank": card.rank, "HP": card.hp, "power": card.power}
    if card.kind == "realm":
        facts = {"HP": card.hp, "counterblow": card.counterblow}
    if card.kind not in ("soul", "realm"):
        facts = {}
    words = ", ".join(f"{k} {v}" for k, v in facts.items())
    return PoolCard(card.name, card.kind, card.text, words)
