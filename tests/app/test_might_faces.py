"""What a might unit's face and inspector say about the states of M-15, M-19 and M-25: a badge
for each, and a line that names the effect and its source."""

from __future__ import annotations

from typing import cast

from app.might.inspector import card_rows
from app.might.looks import card_look
from engine.might.game import MightGame
from engine.scenario import game_from_yaml

TABLE = """\
ruleset: might
title: faces
rules: [M-15]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          stunned: true
          cant_be_dealt_damage: true
          shields: [{id: deflect, value: next}]
    - name: Bob
"""


def test_a_stunned_unit_that_cant_be_dealt_damage_shows_both_and_its_next_event_shield() -> None:
    game = cast(MightGame, game_from_yaml(TABLE))
    table = game.table
    look = card_look(table, table.cards["iron-sentinel"])
    assert look.badges == ("prevent next", "stunned", "no damage")
    assert "stunned (from set-up) this turn" in look.tooltip
    assert "can't be dealt damage (from set-up) this turn" in look.tooltip
    rows = dict(card_rows(table, "iron-sentinel"))
    assert rows["Stun"] == "stunned (from set-up) this turn"
    assert rows["Prevention"] == "prevention deflect (the next damage event) this turn"


def test_a_spent_next_event_shield_shows_0() -> None:
    game = cast(
        MightGame, game_from_yaml(TABLE.replace("          cant_be_dealt_damage: true\n", ""))
    )
    game.deal("iron-sentinel", 3)
    look = card_look(game.table, game.table.cards["iron-sentinel"])
    assert look.badges == ("prevent 0", "stunned")
    assert "prevention deflect (spent) this turn" in look.tooltip


def test_a_unit_saved_from_death_shows_it_until_the_save_is_used() -> None:
    text = TABLE.replace(
        "rules: [M-15]\n",
        "rules: [M-20]\ncards:\n  - name: Brace\n    kind: spell\n    target: {side: any}\n"
        "    effects: [{do: instead_of_dying, then: [exhaust]}]\n",
    ).replace("    - name: Bob\n", "      hand: [{card: Brace}]\n    - name: Bob\n")
    game = cast(MightGame, game_from_yaml(text))
    game.play("brace", "iron-sentinel")
    game.resolve()
    look = card_look(game.table, game.table.cards["iron-sentinel"])
    assert "saved from death" in look.badges
    assert "instead of dying: exhaust (e4, from brace) this turn" in look.tooltip
    assert dict(card_rows(game.table, "iron-sentinel"))["Instead of dying"].startswith("instead")
