"""Groups of Souls with a filter (P-102): whom they reach, when they are read, in what order,
and what a card may not say with them."""

from __future__ import annotations

import pytest

from engine.assets import SCENARIOS
from engine.errors import ScenarioError
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.game import SoulsGame
from tests.support.playthroughs import steps_matching

P102 = SCENARIOS / "souls" / "P-102-groups-with-a-filter.yaml"

# Alice's spells reach groups; both players have damaged and undamaged Souls, one captured.
TABLE = """\
ruleset: souls
title: Groups
rules: [S-1]
cards:
  - name: Wide Mending
    kind: spell
    text: Heal 5 to each damaged Soul.
    effects: [{do: heal, amount: 5, target: {every: souls, state: damaged}}]
  - name: Culling Flames
    kind: spell
    text: Deal 10 damage to each enemy Soul with 10 HP or less.
    effects: [{do: damage, amount: 10, target: {every: enemy_souls, hp_at_most: 10}}]
  - name: Rally Horn
    kind: soul
    hp: 20
    power: 5
    text: "Mend: heal 5 to each of your other damaged Souls."
    abilities:
      - name: Mend
        effects:
          - {do: heal, amount: 5, target: {every: own_souls, state: damaged, other: true}}
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Rally Horn, damage: 5}
        B1: {card: Thorn Squire, damage: 5}
        C1: {card: Sylva}
      hand: [{card: Wide Mending}, {card: Culling Flames}]
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Mossback Guard, damage: 10}
        B1: {card: Ember Imp, captured: true}
        C1: {card: Blood Priest}
"""


def game() -> SoulsGame:
    made = game_from_yaml(TABLE)
    assert isinstance(made, SoulsGame)
    return made


@pytest.mark.rule("P-102")
def test_the_teaching_scenario_plays_as_it_expects() -> None:
    run = run_scenario(P102)
    assert not run.failures and not run.warnings


@pytest.mark.rule("P-102")
@pytest.mark.rule("P-26")
def test_a_group_reaches_both_players_damaged_souls_turn_player_first_and_says_whom() -> None:
    g = game()
    g.play("wide-mending")
    [reach] = steps_matching(g.steps, "heal reaches every damaged Soul")
    assert reach.description.endswith(": rally-horn, thorn-squire, mossback-guard")
    assert reach.rules == ("P-102", "P-26")
    healed = [s.description.split()[0] for s in g.steps if " heals 5 " in s.description]
    assert healed == ["rally-horn", "thorn-squire", "mossback-guard"]  # one order (P-26)
    assert g.table.card("sylva").damage == 0 and g.table.card("blood-priest").damage == 0


@pytest.mark.rule("P-102")
def test_numbers_are_read_as_the_effect_resolves_and_a_captured_soul_is_never_reached() -> None:
    g = game()
    g.play("culling-flames")  # nobody has 10 HP or less: the Guard has 30
    [reach] = steps_matching(g.steps, "damage reaches every enemy Soul with 10 HP or less")
    assert reach.description.endswith(": none, so nothing happens")
    g.deal("mossback-guard", 20)  # now at 10 HP: the same words reach it
    g.table = g.table.with_card(g.table.card("culling-flames").evolve(zone="hand"))
    g.play("culling-flames")
    assert g.table.card("mossback-guard").face_down  # captured after the step (S-12)
    assert g.table.card("ember-imp").damage == 0  # captured before: no HP to read (14.5.1)


@pytest.mark.rule("P-102")
def test_other_leaves_out_the_abilitys_own_soul() -> None:
    g = game()
    g.activate("rally-horn", 0)
    assert g.table.card("rally-horn").damage == 5
    assert g.table.card("thorn-squire").damage == 0


@pytest.mark.rule("P-102")
@pytest.mark.parametrize(
    ("card", "where", "message"),
    [
        (
            "{name: Odd, kind: spell, effects: [{do: exile, target: {every: enemy_souls}}]}",
            "cards[0].effects[0].target",
            "exile acts on captured Souls, and a group `every:` reaches active Souls only",
        ),
        (
            "{name: Odd, kind: soul, hp: 20, abilities: [{effects: [{do: return_to_hand, "
            "target: {every: souls}}]}]}",
            "cards[0].abilities[0].effects[0].target",
            "return_to_hand acts on captured Souls",
        ),
        (
            "{name: Odd, kind: spell, effects: [{do: heal, amount: 5, target: {every: "
            "own_souls, other: true}}]}",
            "cards[0].effects[0].target.other",
            "a spell has no card of its own for `other` to leave out (P-102)",
        ),
        (
            "{name: Odd, kind: spell, effects: [{do: heal, amount: 5, target: {every: "
            "own_captured}}]}",
            "cards[0].effects[0].target.every",
            "own_captured",
        ),
    ],
)
def test_what_a_group_cannot_say_is_refused_at_its_key(card: str, where: str, message: str) -> None:
    text = (
        f"ruleset: souls\ntitle: Odd\nrules: [P-102]\ncards:\n  - {card}\n"
        "setup:\n  players:\n    - {name: Alice, realm: {card: Old Keep}}\n"
        "    - {name: Bob, realm: {card: Ember Citadel}}\n"
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert error.value.where == where
    assert message in str(error.value)
