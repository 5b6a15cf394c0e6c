"""Loading souls card pools (YAML files of card definitions)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.assets import POOLS
from engine.frozen import Frozen
from engine.souls.cards import CardDef
from engine.yaml_source import YamlSource

STARTER_POOL = "souls-starter"


class SoulsPool(Frozen):
    ruleset: str = "souls"
    title: str = ""
    cards: tuple[CardDef, ...]


def pool_path(name: str) -> Path:
    return POOLS / f"{name}.yaml"


@cache
def load_pool(name: str = STARTER_POOL) -> dict[str, CardDef]:
    """The cards of a shipped pool by name; a bad pool file raises a located ScenarioError."""
    source = YamlSource.read(pool_path(name))
    pool = source.validate(SoulsPool)
    cards: dict[str, CardDef] = {}
    for index, card in enumerate(pool.cards):
        if card.name in cards:
            raise source.error(("cards", index, "name"), f"card {card.name!r} is defined twice")
        cards[card.name] = card
    return cards
