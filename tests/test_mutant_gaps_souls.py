"""Souls behaviour no other test pinned down, found by surviving mutants of engine/souls/
(docs/testing.md, "The sample of the rules modules"): each test names what it kills."""

from __future__ import annotations

from pathlib import Path

from engine.scenario import Playthrough, game_from_yaml, validate_scenario
from engine.yaml_source import YamlSource

TABLE = """\
ruleset: souls
title: Gaps
rules: [S-1]
cards:
  - name: Grudge Knight
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP and +5 power for each enemy captured Soul.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: enemy}
      - {stat: power, amount: 5, counting: captured_souls, side: enemy}
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Grudge Knight}
    - name: Bob
      slots:
        A1: {card: Thorn Squire, captured: true}
        B1: {card: Ember Imp}
"""


def test_exiling_a_counted_soul_lists_every_stat_it_changes() -> None:
    # SoulsGame._exile's description: each counted change after "; " (14.5.3, 14.5.4, S-14)
    game = game_from_yaml(TABLE)
    steps = game.exile("thorn-squire")
    assert steps[0].description == (
        "thorn-squire is exiled: slot A1 is free again; "
        "grudge-knight max_hp 30 -> 20; grudge-knight power 10 -> 5"
    )
    assert steps[0].rules == ("14.5.4", "S-14", "P-5", "14.5.3")


def test_every_missed_card_and_the_winner_are_reported_on_their_lines() -> None:
    # runner.card_misses: an unknown card does not hide the cards after it; the winner's
    # failure is on the winner's line (S-1)
    text = (
        TABLE
        + """\
expect:
  - cards:
      nobody: {zone: hand}
      ember-imp: {damage: 5}
    winner: Alice
"""
    )
    source = YamlSource(Path("gaps.yaml"), text)
    play = Playthrough(validate_scenario(source), source)
    assert play.failures() == [
        "gaps.yaml:25: expect[0] at 'end': card 'nobody' is not on the table",
        "gaps.yaml:26: expect[0] at 'end': ember-imp damage: expected 5, saw 0",
        "gaps.yaml:27: expect[0] at 'end': winner: expected Alice, saw None",
    ]
