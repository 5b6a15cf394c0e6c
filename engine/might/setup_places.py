"""Where a might set-up puts its cards, for the set-up editor (``engine.setup_edits``): each
player's base (units, and gear apart: P-66), their side of each battlefield (M-1), the hand,
the trash and the deck (P-60); and each player's rune pool (P-19) and score (P-110)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from engine.decks import deck_id
from engine.might.cards import MightCardDef
from engine.setup_places import Listed, Place, PoolCard, Setting

BATTLEFIELDS = ("Battlefield 1", "Battlefield 2")  # a set-up's default (``MightSetup``)
BASE = {"at": "base"}  # a unit's ``at`` that a file leaves out
THIS_TURN = {"duration": "this_turn"}  # a set-up effect's default duration
UNIT = (
    Setting(("damage",), "Damage", hint="Marked damage; lethal when it reaches its Might (M-8)"),
    Setting(
        ("might",),
        "Might modifier",
        listed=Listed("amount", unwritten=THIS_TURN),
        hint="Added to its Might this turn (M-2)",
    ),
    Setting(
        ("shields",),
        "Shield",
        listed=Listed("value", unwritten={**THIS_TURN, "scope": "all"}),
        hint="A shield that prevents this much damage this turn (M3, M-5)",
    ),
    Setting(("exhausted",), "Exhausted", "flag", False),
    Setting(("stunned",), "Stunned", "flag", False),
    Setting(("cant_be_dealt_damage",), "Can't be dealt damage", "flag", False),
)
GEAR = (Setting(("exhausted",), "Exhausted", "flag", False),)


def new_setup(players: Sequence[str]) -> dict[str, Any]:
    return {"players": [{"name": name} for name in players]}


def setup_places(setup: Mapping[str, Any]) -> list[Place]:
    found: list[Place] = []
    fields = setup.get("battlefields", BATTLEFIELDS)
    for index, player in enumerate(setup["players"]):
        name, at = player["name"], ("players", index)
        units = (*at, "units")
        base = (index, "base")  # its gear lies at its right end (P-66)
        found.append(Place(f"{name}: base", units, index, fields=BASE, unwritten=BASE, zone=base))
        found.append(Place(f"{name}: gear", (*at, "gear"), index, zone=base))
        found += [
            Place(
                f"{field}: {name}'s side",
                units,
                index,
                fields={"at": field},
                unwritten=BASE,
                zone=(index, "battlefield", field),
            )
            for field in fields
        ]
        found += [
            Place(f"{name}: {pile}", (*at, pile), index, zone=(index, pile))
            for pile in ("hand", "trash")
        ]
        found.append(
            Place(
                f"{name}: deck",
                (*at, "deck"),
                index,
                bare_id=partial(deck_id, name),
                zone=(index, "deck"),
            )
        )
    return found


def card_settings(place: Place) -> tuple[Setting, ...]:
    if place.path[-1] == "units":
        return UNIT
    return GEAR if place.path[-1] == "gear" else ()


def table_settings(setup: Mapping[str, Any]) -> list[Setting]:
    return [
        Setting(("players", index, key), f"{player['name']}'s {key}")
        for index, player in enumerate(setup["players"])
        for key in ("runes", "score")
    ]


def pool_card(card: MightCardDef) -> PoolCard:
    facts = f"cost {card.cost}" + (f", Might {card.might}" if card.kind == "unit" else "")
    return PoolCard(card.name, card.kind, card.text, facts)
