"""Card pools: YAML files of card definitions shipped in assets/pools, named by their file stem.

A scenario names a pool, never a path: only the shipped pools can be named, and a pool of the
other ruleset is refused at the scenario's ``pool:`` line.
"""

from __future__ import annotations

from functools import cache
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


@cache
def pool_names() -> tuple[str, ...]:
    """The shipped pools' names."""
    return tuple(sorted(path.stem for path in POOLS.glob("*.yaml") if path.is_file()))


@cache
def pool_source(name: str) -> YamlSource:
    return YamlSource.read(POOLS / f"{name}.yaml")


def card_name(card: BaseModel) -> str:
    return str(card.model_dump(include={"name"})["name"])


@cache
def load_pool(name: str, card_model: type[CardT]) -> dict[str, CardT]:
    """The cards of a shipped pool by name; a bad pool file raises a located ScenarioError."""
    source = pool_source(name)
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
    cards: dict[str, CardT] = {}
    if pool is not None:
        if pool not in pool_names():
            raise source.error(
                ("pool",), f"there is no card pool {pool!r} (pools: {', '.join(pool_names())})"
            )
        ruleset = source.data.get("ruleset")
        pool_ruleset = pool_source(pool).data.get("ruleset")
        if pool_ruleset != ruleset:
            raise source.error(
                ("pool",), f"the card pool {pool!r} is for {pool_ruleset}, not for {ruleset}"
            )
        cards = dict(load_pool(pool, card_model))
    for card in inline:
        cards[card_name(card)] = card
    return cards
