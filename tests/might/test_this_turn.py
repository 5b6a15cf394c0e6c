"""What happened this turn (P-55): the plays, moves and damage taken a condition can ask, counted
by the step that does them, kept with each step's table and started afresh as a turn begins;
counted only in games whose cards ask."""

from __future__ import annotations

from typing import cast

from engine.might.conditions import Context, DamageTaken, Moved, Played, holds
from engine.might.game import MightGame
from engine.might.text import render_table
from engine.scenario import game_from_yaml

ASKS = (
    "{name: Watcher, kind: unit, might: 1, abilities: [{when: played, effects: [{do: heal, "
    "target: self, only_if: {moved: self, at_least: 2}}]}]}"
)
BOLT = "{name: Bolt, kind: spell, target: {side: any}, effects: [{do: damage, amount: 2}]}"
WARD = "{name: Ward, kind: spell, target: {side: any}, effects: [{do: prevent, value: all}]}"


def game(cards: str = f"{ASKS}, {BOLT}, {WARD}") -> MightGame:
    text = f"""\
ruleset: might
title: this turn
rules: [P-55]
cards: [{cards}]
setup:
  players:
    - name: Alice
      hand: [{{card: Bolt}}, {{card: Ward}}, {{card: Watcher}}]
      units: [{{card: Iron Sentinel}}]
    - name: Bob
      units: [{{card: Stone Whelp}}]
"""
    return cast(MightGame, game_from_yaml(text))


def test_each_move_and_recall_counts_and_each_step_keeps_its_count() -> None:
    g = game()
    context = Context(me="iron-sentinel", controller=0)
    twice = Moved(moved="self", at_least=2)
    assert not holds(g.table, twice, context)
    there = g.move("iron-sentinel", 0)
    back = g.move("iron-sentinel", None)  # a recall is a move too
    assert holds(g.table, twice, context)
    assert there[0].table.this_turn is not None
    assert there[0].table.this_turn.moves_of("iron-sentinel") == 1  # stepping back: as it was
    assert back[0].table.this_turn is not None
    assert back[0].table.this_turn.moves_of("iron-sentinel") == 2
    assert "moved this turn: iron-sentinel x2" in render_table(g.table)


def test_damage_taken_is_what_was_marked_after_prevention() -> None:
    g = game()
    context = Context(me=None, target="stone-whelp", controller=0)
    g.play("ward", "iron-sentinel")
    g.resolve()
    g.play("bolt", "iron-sentinel")
    g.resolve()
    assert g.table.this_turn is not None
    assert g.table.this_turn.damage_to("iron-sentinel") == 0  # fully prevented: none taken
    assert not holds(g.table, DamageTaken(damage_taken="target", at_least=1), context)


def test_plays_count_per_player_and_spells_among_them() -> None:
    g = game()
    mine, theirs = Context(me=None, controller=0), Context(me=None, controller=1)
    g.play("bolt", "stone-whelp")
    g.resolve()
    g.play("watcher")
    g.resolve()
    assert holds(g.table, Played(played="cards", at_least=2, at_most=2), mine)
    assert holds(g.table, Played(played="spells", at_least=1, at_most=1), mine)
    assert holds(g.table, Played(played="units", at_least=1, at_most=1), mine)
    assert holds(g.table, Played(played="cards", by="opponent", at_least=2), theirs)
    assert holds(g.table, Played(played="cards", at_most=0), theirs)
    assert g.table.this_turn is not None
    assert g.table.this_turn.damage_to("stone-whelp") == 2  # it took 2 and died of them
    whelp = theirs.evolve(target="stone-whelp")  # off the table: it took none (P-36, P-55)
    assert not holds(g.table, DamageTaken(damage_taken="target", at_least=1), whelp)
    assert "Alice played 2 cards this turn (1 spell)" in render_table(g.table)


def test_a_new_turn_starts_the_counts_afresh() -> None:
    g = game()
    g.move("iron-sentinel", 0)
    g.play("bolt", "stone-whelp")
    g.resolve()
    g.end_turn()
    assert g.table.this_turn is not None
    assert g.table.this_turn.moves_of("iron-sentinel") == 0
    assert g.table.this_turn.played_by(0) == 0
    assert g.table.this_turn.damage_to("stone-whelp") == 0


def test_a_game_whose_cards_do_not_ask_counts_nothing() -> None:
    g = game(f"{BOLT}, {WARD}, {{name: Watcher, kind: unit}}")
    g.move("iron-sentinel", 0)
    assert g.table.this_turn is None
    assert "this_turn" not in g.table.model_dump(exclude={"defs"})
    assert "this turn" not in render_table(g.table)


def test_a_unit_off_the_table_has_moved_and_taken_nothing() -> None:
    g = game()
    g.move("iron-sentinel", 0)
    g.return_to_hand("iron-sentinel")
    context = Context(me="iron-sentinel", controller=0)
    assert not holds(g.table, Moved(moved="self", at_least=1), context)
