"""Souls behaviour no other test pinned down, found by surviving mutants of engine/souls/
(docs/testing.md, "Mutation testing"): each test names what it kills."""

from __future__ import annotations

from engine.scenario import game_from_yaml
from tests.support.playthroughs import playthrough_of
from tests.support.souls_tables import COUNTED_CAPTURE


def test_exiling_a_counted_soul_lists_every_stat_it_changes() -> None:
    # the exile's description: each counted change after "; " (14.5.3, 14.5.4, S-14)
    game = game_from_yaml(COUNTED_CAPTURE)
    steps = game.exile("thorn-squire")
    assert steps[0].description == (
        "thorn-squire is exiled: slot A1 is free again; "
        "grudge-knight max_hp 30 -> 20; grudge-knight power 10 -> 5"
    )
    assert steps[0].rules == ("14.5.4", "S-14", "P-5", "14.5.3")


BONUS = """\
ruleset: souls
title: A bonus written in a script
rules: [S-5, S-6]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - bonus: {target: thorn-squire, stat: power, amount: 5, duration: end_of_turn}
"""


def test_a_scripted_bonus_keeps_its_duration() -> None:
    # the script's bonus is the game's own, "until end of turn" (S-6)
    play = playthrough_of(BONUS, "bonus.yaml")
    play.run(play.scenario.script)
    by_hand = game_from_yaml(BONUS)
    by_hand.add_bonus("thorn-squire", "power", 5, "end_of_turn")
    assert [s.description for s in play.game.steps] == [s.description for s in by_hand.steps]
    assert play.game.table == by_hand.table
