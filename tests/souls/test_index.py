"""The souls table's index, updated card by card, always equals one built from scratch.

The index (engine/souls/index.py) replaces scans of every card: if an update forgot a case (an
Armament moving between Souls, a capture changing what a static counts, a bonus that ends with
the turn), a query would answer from stale data. Checked at every step of every souls scenario
and lesson, and under random playtester edits.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.errors import RuleError
from engine.scenario import game_from_yaml, scenario_files
from engine.souls.cards import GrantingStatic
from engine.souls.index import SoulsIndex
from engine.souls.table import SoulsTable
from tests.support.playthroughs import branch_timelines
from tests.support.souls_edits import EDITS, apply
from tests.support.souls_tables import scenario_text

FILES = scenario_files([SCENARIOS / "souls", LESSONS / "souls"])


def contents(index: SoulsIndex) -> dict[str, Any]:
    """The index as plain data; a group's order does not matter (queries sort by card order)."""
    fields = ("slots", "ambushes", "realms", "armaments", "captured")
    data: dict[str, Any] = {
        name: {
            key: sorted(v) if isinstance(v, tuple) else v for key, v in getattr(index, name).items()
        }
        for name in fields
    }
    for name in ("statics", "grants", "triggers", "expiring"):
        data[name] = set(getattr(index, name))
    return data


def by_scanning(table: SoulsTable) -> dict[str, Any]:
    """What the index should hold, found the slow way: by looking at every card."""
    cards = list(table.cards.values())
    on_table = [c for c in cards if c.zone in ("slot", "realm")]
    data: dict[str, Any] = {"slots": {}, "ambushes": {}, "realms": {}, "armaments": {}}
    for card in cards:
        group, key = {
            "slot": ("slots", (card.owner, card.slot)),
            "ambush": ("ambushes", (card.owner, card.slot)),
            "realm": ("realms", card.owner),
            "armament": ("armaments", card.attached_to),
        }.get(card.zone, (None, None))
        if group is not None:
            data[group].setdefault(key, []).append(card.uid)
    data = {name: {k: sorted(v) for k, v in groups.items()} for name, groups in data.items()}
    captured: dict[tuple[int, str | None], int] = {}
    for card in cards:
        if card.zone == "slot" and card.face_down:
            for trait in {None, *table.defs[card.name].traits}:
                captured[(card.owner, trait)] = captured.get((card.owner, trait), 0) + 1
    data["captured"] = captured
    data["statics"] = {
        c.uid
        for c in on_table
        if any(not isinstance(s, GrantingStatic) for s in table.defs[c.name].statics)
    }
    data["grants"] = {
        c.uid
        for c in on_table
        if any(isinstance(s, GrantingStatic) for s in table.defs[c.name].statics)
    }
    data["triggers"] = {
        c.uid
        for c in on_table
        if any(  # every ability a player does not use fires by itself
            a.when not in ("activated", "sprung") for a in table.defs[c.name].abilities
        )
    }
    data["expiring"] = {
        c.uid
        for c in cards
        if c.attacked_this_turn
        or c.prevented_this_turn  # its own once-a-turn prevention, used (P-104)
        or any(b.duration == "end_of_turn" for b in (*c.bonuses, *c.shields))  # P-103
    }
    return data


def from_scratch(table: SoulsTable) -> SoulsIndex:
    fresh = SoulsTable.model_validate(table.model_dump())  # no memo: a new CardMap
    return fresh.index


def assert_index_fresh(table: SoulsTable, where: str) -> None:
    """The updated index is the one built from scratch, and holds what scanning finds."""
    assert isinstance(table.cards.derived, SoulsIndex), f"{where}: the update dropped the index"
    assert contents(table.index) == contents(from_scratch(table)), where
    assert contents(table.index) == by_scanning(table), where


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_index_matches_a_fresh_one_at_every_step(path) -> None:  # type: ignore[no-untyped-def]
    for name, steps in branch_timelines(path):
        for step in steps[1:]:
            assert isinstance(step.table, SoulsTable)
            assert_index_fresh(step.table, f"{path.name} {name} step {step.index}")


@settings(max_examples=60, deadline=None)
@given(st.lists(EDITS, max_size=12))
def test_index_matches_a_fresh_one_under_random_edits(edits) -> None:  # type: ignore[no-untyped-def]
    game = game_from_yaml(scenario_text())
    assert game.table.index  # built once; from here on every update carries it
    for edit in edits:
        try:
            apply(game, edit)
        except RuleError:
            pass
        assert_index_fresh(game.table, f"after {edit}")


ARMED = """\
ruleset: souls
title: Iron Mail on Sylva
rules: [S-1]
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Sylva, damage: 30, armament: [{card: Iron Mail}]}
        B1: {card: Thorn Squire}
    - name: Bob
      slots: {A1: {card: Ember Imp}}
"""


def test_a_moved_armament_changes_both_souls_hp() -> None:
    """Iron Mail (+10 max HP) moved from Sylva (30 damage) to the Squire: both Souls' HP may
    have changed, so a capture check looks at both, and Sylva, now at 0 HP, is captured."""
    game = game_from_yaml(ARMED)
    assert game.table.hp("sylva") == 10
    mail = game.table.cards["iron-mail"]
    assert game.table.index.affected(mail, mail.evolve(attached_to="thorn-squire")) == {
        "iron-mail",
        "sylva",
        "thorn-squire",
    }
    game._stale.clear()
    game._set(mail.evolve(attached_to="thorn-squire"))
    assert game._at_zero() == ["sylva"]
    assert_index_fresh(game.table, "armament moved")


TWO_ARMAMENTS = """\
ruleset: souls
title: Two Armaments on Sylva, the later named first in the alphabet
rules: [S-1]
setup:
  players:
    - name: Alice
      slots:
        A1:
          card: Sylva
          armament: [{card: Iron Mail, id: zeta-mail}, {card: Ember Blade, id: alpha-blade}]
        B1: {card: Thorn Squire}
    - name: Bob
      slots: {A1: {card: Ember Imp}}
"""


def test_queries_answer_in_the_order_of_the_cards() -> None:
    table = game_from_yaml(TWO_ARMAMENTS).table
    assert [c.uid for c in table.armaments("sylva")] == ["zeta-mail", "alpha-blade"]
    assert table.result() == "under way"
    assert [c.uid for c in table.column(0, "A")] == ["sylva"]
    assert table.column(0, "C") == []


def test_a_card_taken_off_the_table_leaves_the_index() -> None:
    table = game_from_yaml(TWO_ARMAMENTS).table
    assert table.index
    without = table.without_card("zeta-mail")
    assert [c.uid for c in without.armaments("sylva")] == ["alpha-blade"]
    assert_index_fresh(without, "an Armament removed")
    gone = without.without_card("thorn-squire")
    assert gone.occupant(0, "B1") is None
    assert_index_fresh(gone, "a Soul removed")
