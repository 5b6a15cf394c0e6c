"""Behaviour that surviving mutants showed untested (docs/testing.md, "Mutation testing"):
how a card's target is described, how counting statics count captured Souls, and what a
scenario run reports. Each test names the mutants it kills."""

from __future__ import annotations

from pathlib import Path

from engine.scenario import game_from_yaml, run_scenario
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


WRONG_GUESSES = """\
ruleset: souls
title: Wrong guesses
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Mossback Guard}}}
script:
  - deal: {target: mossback-guard, amount: 5}
    label: first
  - deal: {target: mossback-guard, amount: 5}
    label: second
expect:
  - cards: {mossback-guard: {damage: 5}}
branches:
  - name: harder
    script:
      - deal: {target: mossback-guard, amount: 20}
    expect:
      - cards: {mossback-guard: {damage: 15}}
"""


def test_a_scenario_run_reports_its_file_labels_and_every_failure(tmp_path: Path) -> None:
    """A run keeps its file and the step of each label, and lists the main script's failures
    before each branch's."""
    path = tmp_path / "wrong-guesses.yaml"
    path.write_text(WRONG_GUESSES, encoding="utf-8")
    run = run_scenario(path)
    assert run.path == path
    assert run.labels == {"start": 0, "first": 1, "second": 2}
    assert run.failures == [
        f"{path}:14: expect[0] at 'end': mossback-guard damage: expected 5, saw 10",
        f"{path}:20: branches[0].expect[0] at 'end': mossback-guard damage: expected 15, saw 20",
    ]
    assert [step.description for step in run.steps] == [
        "The table as set up",
        "mossback-guard takes 5 damage (HP 40 -> 35)",
        "mossback-guard takes 5 damage (HP 35 -> 30)",
    ]
