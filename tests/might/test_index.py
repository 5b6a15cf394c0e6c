"""The might table's index, updated card by card, always equals one built from scratch.

A forgotten case (a unit dying with damage marked, a lethal override, an effect that ends)
would make a lethal check, a heal or an expiration miss a unit. Checked at every step of every
might scenario and lesson, and over random sessions on a big table.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.might.index import MightIndex
from engine.might.table import LethalOverride, MightModifier, MightTable
from engine.scenario import scenario_files
from tests.support.big_tables import might_game, might_session
from tests.support.playthroughs import branch_timelines

FILES = scenario_files([SCENARIOS / "might", LESSONS / "might"])


def contents(index: MightIndex) -> dict[str, Any]:
    return {
        name: set(getattr(index, name))
        for name in (
            "units",
            "damaged",
            "triggers",
            "lasting",
            "lethal",
            "auras",
            "boosters",
            "watchers",
        )
    }


def by_scanning(table: MightTable) -> dict[str, Any]:
    """What the index should hold, found the slow way: by looking at every card."""
    cards = list(table.cards.values())
    on_table = [c for c in cards if c.zone in ("base", "battlefield")]
    units = [c for c in on_table if table.defs[c.name].kind != "gear"]  # gear is no unit (P-66)
    return {
        "units": {c.uid for c in units},
        "damaged": {c.uid for c in units if c.damage > 0},
        "triggers": {c.uid for c in on_table if table.defs[c.name].abilities},
        "watchers": {c.uid for c in on_table if table.defs[c.name].replaces},
        "lasting": {c.uid for c in cards if c.lasting()},
        "lethal": {c.uid for c in units if c.has_lethal_damage(table.defs[c.name])},
        "auras": {c.uid for c in units if table.defs[c.name].auras},
        "boosters": {c.uid for c in units if table.defs[c.name].bonus_damage},
    }


def assert_index_fresh(table: MightTable, where: str) -> None:
    """The updated index is the one built from scratch, and holds what scanning finds."""
    assert isinstance(table.cards.derived, MightIndex), f"{where}: the update dropped the index"
    fresh = MightTable.model_validate(table.model_dump())  # a new CardMap: built from scratch
    assert contents(table.index) == contents(fresh.index), where
    assert contents(table.index) == by_scanning(table), where
    lethal = {uid for uid in table.cards if table.on_table(uid) and table.is_lethal(uid)}
    assert set(table.lethal_units()) == lethal, f"{where}: lethal with the auras on the table"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_index_matches_a_fresh_one_at_every_step(path) -> None:  # type: ignore[no-untyped-def]
    for name, steps in branch_timelines(path):
        for step in steps[1:]:
            assert isinstance(step.table, MightTable)
            assert_index_fresh(step.table, f"{path.name} {name} step {step.index}")


def test_index_matches_a_fresh_one_over_a_session() -> None:
    game = might_game(60)
    might_session(game, 120)
    assert len(game.steps) > 150
    for step in game.steps[1:]:
        assert isinstance(step.table, MightTable)
        assert_index_fresh(step.table, f"step {step.index}")


UNITS = might_game(18).table  # Vanguard Captain, Iron Sentinel and Stone Whelp, some in hand


@settings(max_examples=300, deadline=None)
@given(
    card=st.sampled_from(list(UNITS.cards)),
    damage=st.integers(0, 8),
    might=st.sampled_from([None, -6, -1, 2]),
    threshold=st.sampled_from([None, 0, 1, 3]),
    zone=st.sampled_from([None, "hand", "base", "battlefield", "trash"]),
)
def test_a_moved_card_updates_the_index_as_a_fresh_build(
    card: str, damage: int, might: int | None, threshold: int | None, zone: str | None
) -> None:
    """``MightIndex.moved``, its shortcut for a card that kept its zone and name (a damage, a
    heal, a modifier) included, gives the index built from scratch for every change of damage,
    Might, lethal requirement and zone."""
    old = UNITS.cards[card]
    effect = {"id": "e1", "created": 1, "source": "test", "owner": 0, "duration": "this_turn"}
    new = old.evolve(
        damage=damage,
        modifiers=() if might is None else (MightModifier(amount=might, **effect),),
        lethal=() if threshold is None else (LethalOverride(threshold=threshold, **effect),),
        **({} if zone is None else {"zone": zone, "battlefield": None}),
    )
    moved = UNITS.index.moved(old, new)
    cards = [new if c.uid == card else c for c in UNITS.cards.values()]
    assert contents(moved) == contents(MightIndex.build(cards, UNITS.defs))


def test_a_table_with_other_definitions_gets_an_index_made_with_them() -> None:
    """The index is kept with the cards, which an ``evolve`` of the definitions shares: the
    table reads the kept one only if it was made with its own definitions (``Indexed.index``
    checks the definitions alone, not the index's class)."""
    table = might_game(18).table
    kept = table.index
    assert table.cards.derived is kept and table.index is kept  # made once, then read
    defs = dict(table.defs)  # the same definitions, in a dict of the other table's own
    other = table.evolve(defs=defs)
    assert other.cards is table.cards
    assert other.index is not kept and other.index.defs is defs
    assert contents(other.index) == by_scanning(other)
    table.cards.derived = None  # cards whose index was dropped: made again
    assert table.index.defs is table.defs and table.cards.derived is table.index
