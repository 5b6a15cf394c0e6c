"""Behaviour that surviving mutants showed untested (docs/testing.md, "Mutation testing"):
how a card's target is described, how counting statics count captured Souls, and what a
scenario run reports. Each test names the mutants it kills."""

from __future__ import annotations

from engine.scenario import game_from_yaml
from engine.souls.cards import TargetSpec


def test_a_target_on_either_side_reads_a_and_names_its_line() -> None:
    """A target spec open to both sides reads "a ...", and a line it asks for is named."""
    assert TargetSpec(side="any", kind="soul").describe() == "a Soul"
    assert TargetSpec(side="enemy", line="front").describe() == "an enemy Front Line Soul"
    assert TargetSpec(side="own", line="back").describe() == "your Back Line Soul"


def test_a_two_word_target_kind_reads_as_words() -> None:
    """A kind reads in the rules' words, Soul and Realm capitalised (S-15)."""
    assert TargetSpec(side="own", kind="captured_soul").describe() == "your captured Soul"
    assert TargetSpec(side="enemy", kind="soul_or_realm").describe() == ("an enemy Soul or Realm")
    assert TargetSpec(kind="soul_or_realm").describe() == "a Soul or Realm"


COUNTING = """\
ruleset: souls
title: Counting captured Souls
rules: [S-1]
cards:
  - name: Grudge Knight
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each enemy captured Soul.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: enemy}
  - name: Wide Watcher
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each captured Soul, yours or the enemy's.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: any}
  - name: Twin Tally
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each of your captured Souls, +5 for each enemy captured Soul.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: own}
      - {stat: max_hp, amount: 5, counting: captured_souls, side: enemy}
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Thorn Squire, captured: true}
        B1: {card: Ember Imp, captured: true}
        C1: {card: Wide Watcher}
    - name: Bob
      slots:
        A1: {card: Mossback Guard, captured: true}
        B1: {card: Grudge Knight}
        C1: {card: Twin Tally}
"""


def test_the_second_players_enemy_static_counts_the_first_players_captured_souls() -> None:
    """Bob's "each enemy captured Soul" counts Alice's two captured Souls (14.5.3)."""
    table = game_from_yaml(COUNTING).table
    assert table.max_hp("grudge-knight") == 40
    assert table.hp("grudge-knight") == 40


def test_a_static_on_either_side_counts_both_players_captured_souls() -> None:
    """ "Each captured Soul" counts Alice's two and Bob's one (14.5.3)."""
    table = game_from_yaml(COUNTING).table
    assert table.max_hp("wide-watcher") == 50
    assert table.hp("wide-watcher") == 50


def test_two_counting_statics_on_one_card_add_up() -> None:
    """Two statics on the same stat both count: +10 for Bob's own, +5 x 2 for Alice's (14.5.3)."""
    table = game_from_yaml(COUNTING).table
    assert table.max_hp("twin-tally") == 40
    assert table.hp("twin-tally") == 40
