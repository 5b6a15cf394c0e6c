"""How a might gear is drawn (P-66, P-67): at its owner's base, apart from the units, as no
unit (no Might, no damage), turned when exhausted; and what the inspector says of it."""

from __future__ import annotations

from app.might.inspector import card_rows
from app.might.looks import card_look, table_layout
from app.presentation.looks import LookCache
from engine.might.game import MightGame
from engine.scenario import game_from_yaml

TEXT = """\
ruleset: might
title: Gear looks
rules: [P-66]
cards:
  - name: Ember Cannon
    kind: gear
    abilities:
      - {when: activated, name: Fire, cost: {exhaust: true}, effects: [{do: ready, target: self}]}
  - name: Guardian Totem
    kind: gear
    replaces: {then: [recall]}
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp}, {card: Iron Sentinel}]
      gear: [{card: Ember Cannon, exhausted: true}, {card: Guardian Totem}]
    - {name: Bob}
"""


def game() -> MightGame:
    made = game_from_yaml(TEXT)
    assert isinstance(made, MightGame)
    return made


def test_a_gear_looks_like_no_unit_and_turns_when_exhausted() -> None:
    table = game().table
    cannon = card_look(table, table.cards["ember-cannon"])
    assert (cannon.stat, cannon.counter, cannon.sideways, cannon.subtitle) == (
        "Gear",
        0,
        True,
        "Exhausted",
    )
    assert cannon.badges == ("Fire",)
    assert "saves a unit" in card_look(table, table.cards["guardian-totem"]).badges


def test_gear_lies_at_the_right_end_of_its_base_after_the_units() -> None:
    table = game().table
    at = {p.uid: p for p in table_layout(table, LookCache()).placements}
    units = max(at[u].x for u in ("stone-whelp", "iron-sentinel"))
    gear = min(at[g].x for g in ("ember-cannon", "guardian-totem"))
    assert gear > units
    assert abs(at["ember-cannon"].y - at["stone-whelp"].y) < 20  # the same base row


def test_the_inspector_lists_a_gears_status_abilities_and_replacement() -> None:
    table = game().table
    rows = dict(card_rows(table, "guardian-totem"))
    assert rows["Kind"] == "gear" and rows["Status"] == "ready"
    assert "the next time a friendly unit would die" in rows["Instead of dying"]
    assert "Might" not in rows and "Marked damage" not in rows
    assert dict(card_rows(table, "ember-cannon"))["Ability"].startswith("Fire: activated")
