"""Card pools: YAML files of card definitions shipped in assets/pools, or the user's card files
in their cards folder (``engine.assets.user_cards_folder``), named by their file stem.

A scenario names a pool, never a path: a shipped pool, else a card file of the user's cards
folder (a plain word: no folder, no ``..``), and a pool of the other ruleset is refused at the
scenario's ``pool:`` line. A shipped pool's name is never the user's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from engine.assets import POOLS, user_cards_folder
from engine.names import Distinct, how_alike
from engine.plain_errors import did_you_mean
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


_WORD = re.compile(
    r"[A-Za-z0-9][A-Za-z0-9_-]*"
)  # a user's card file is named, never reached by a path


def user_pool_names() -> tuple[str, ...]:
    """The user's card files' names (those a shipped pool's name does not hide), sorted."""
    folder = user_cards_folder()
    if not folder.is_dir():
        return ()
    stems = (path.stem for path in folder.glob("*.yaml") if path.is_file())
    return tuple(sorted(s for s in stems if _WORD.fullmatch(s) and s not in pool_names()))


def pool_path(name: str) -> Path | None:
    """The file of the pool ``name``: the shipped pool's, else the user's card file; None when
    there is neither."""
    if name in pool_names():
        return POOLS / f"{name}.yaml"
    path = user_cards_folder() / f"{name}.yaml"
    return path if _WORD.fullmatch(name) and path.is_file() else None


@cache
def pool_source(name: str) -> YamlSource:
    return YamlSource.read(pool_path(name) or POOLS / f"{name}.yaml")


def forget_pools() -> None:
    """Read the pools afresh when next named: a card file was written since."""
    for cached in (pool_source, load_pool):
        cached.cache_clear()


def card_name(card: BaseModel) -> str:
    return str(card.model_dump(include={"name"})["name"])


@cache
def load_pool(name: str, card_model: type[CardT]) -> dict[str, CardT]:
    """The cards of a shipped pool by name; a bad pool file raises a located ScenarioError."""
    return read_pool(pool_source(name), card_model)


def read_pool(source: YamlSource, card_model: type[CardT]) -> dict[str, CardT]:
    """The cards of the pool file read as ``source``, by name; a ScenarioError at the place of
    its first problem (a card refused, two cards of one name)."""
    pool: Pool[CardT] = source.validate(Pool[card_model])  # type: ignore[valid-type]
    names = Distinct[str]()
    for index, card in enumerate(pool.cards):
        defined(names, card_name(card), source, index, "line")
    return {card_name(card): card for card in pool.cards}


def defined(names: Distinct[str], name: str, source: YamlSource, index: int, at: str) -> None:
    """Add card ``name``, defined at ``cards[index]`` of ``source``, to ``names``, as ``at`` and
    its line ("line 7"); refuse it at its place when it is, or looks like, one of them."""
    place = ("cards", index, "name")
    earlier = names.add(name, f"{at} {source.line_of(place)}")
    if earlier is None:
        return
    other, other_at = earlier
    if other == name:
        raise source.error(place, f"card {name!r} is defined twice")
    raise source.error(
        place,
        f"the card names {other!r} ({other_at}) and {name!r} {how_alike(other, name)}; rename one",
    )


def scenario_cards(
    source: YamlSource, pool: str | None, inline: tuple[CardT, ...], card_model: type[CardT]
) -> dict[str, CardT]:
    """The cards a scenario may name: its pool's, then its own inline cards (which win: one
    named as a pool's card replaces it, one that looks like a pool's card is refused)."""
    cards: dict[str, CardT] = {}
    names = Distinct[str]()
    if pool is not None:
        if pool_path(pool) is None:
            named = ", ".join((*pool_names(), *user_pool_names()))
            raise source.error(("pool",), f"there is no card pool {pool!r} (pools: {named})")
        ruleset = source.data.get("ruleset")
        pool_ruleset = pool_source(pool).data.get("ruleset")
        if pool_ruleset != ruleset:
            raise source.error(
                ("pool",), f"the card pool {pool!r} is for {pool_ruleset}, not for {ruleset}"
            )
        cards = dict(load_pool(pool, card_model))
        for index, name in enumerate(cards):  # told apart already by load_pool
            defined(names, name, pool_source(pool), index, f"pool {pool!r}, line")
    for index, card in enumerate(inline):
        if card_name(card) not in cards:
            defined(names, card_name(card), source, index, "line")
        cards[card_name(card)] = card
    return cards


def card_named(
    cards: Mapping[str, CardT],
    name: str,
    pool: str | None,
    source: YamlSource,
    where: Sequence[object],
) -> CardT:
    """The definition of the card ``name`` a set-up entry names at ``where``, among a scenario's
    ``cards`` (``scenario_cards``); refused there when neither its ``pool`` nor its own cards
    define one."""
    definition = cards.get(name)
    if definition is None:
        raise source.error(
            where,
            f"unknown card {name!r}{did_you_mean(name, list(cards))}: it is neither in the pool "
            f"{pool!r} nor in this scenario's cards",
        )
    return definition
