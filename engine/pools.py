"""Loading card pools: YAML files of card definitions, one pool per file in assets/pools."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from engine.assets import POOLS
from engine.yaml_source import YamlSource

CardT = TypeVar("CardT", bound=BaseModel)


class Pool(BaseModel, Generic[CardT]):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    title: str = ""
    cards: tuple[CardT, ...]


def pool_path(name: str) -> Path:
    return POOLS / f"{name}.yaml"


def pool_names() -> list[str]:
    return sorted(path.stem for path in POOLS.glob("*.yaml"))


def card_name(card: BaseModel) -> str:
    return str(card.model_dump(include={"name"})["name"])


@cache
def load_pool(name: str, card_model: type[CardT]) -> dict[str, CardT]:
    """The cards of a shipped pool by name; a bad pool file raises a located ScenarioError."""
    source = YamlSource.read(pool_path(name))
    pool: Pool[CardT] = source.validate(Pool[card_model])  # type: ignore[valid-type]
    cards: dict[str, CardT] = {}
    for index, card in enumerate(pool.cards):
        if card_name(card) in cards:
            raise source.error(
                ("cards", index, "name"), f"card {card_name(card)!r} is defined twice"
            )
        cards[card_name(card)] = card
    return cards


def scenario_cards(
    source: YamlSource, pool: str | None, inline: tuple[CardT, ...], card_model: type[CardT]
) -> dict[str, CardT]:
    """The cards a scenario may name: its pool's, then its own inline cards (which win)."""
    if pool and not pool_path(pool).exists():
        raise source.error(
            ("pool",), f"there is no card pool {pool!r} (pools: {', '.join(pool_names())})"
        )
    cards = dict(load_pool(pool, card_model)) if pool else {}
    for card in inline:
        cards[card_name(card)] = card
    return cards
