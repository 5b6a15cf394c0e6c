"""Behaviour no other test pinned down, found by a random sample of mutants of engine/
(docs/testing.md, "Mutation testing"): each test names what it kills."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.choices import Choice
from engine.errors import RuleError, ScenarioError
from engine.scenario import Playthrough, load_scenario, might_game_from_yaml
from tests.support.might_tables import SHIELDED_PAIRS


def test_a_unit_cannot_move_where_it_already_is() -> None:
    game = might_game_from_yaml(SHIELDED_PAIRS)
    with pytest.raises(RuleError) as refused:
        game.verify_move("stone-whelp", 0)
    assert str(refused.value) == "stone-whelp is already there (rule M-1)"


def test_what_lethal_needs_counts_the_shield_left() -> None:
    asked: list[Choice] = []

    def player(choice: Choice):  # type: ignore[no-untyped-def]
        asked.append(choice)
        return choice.default

    game = might_game_from_yaml(SHIELDED_PAIRS, player)
    game.combat(1)
    needs = [c.needs for c in asked if c.kind == "assignment" and "guard" in c.needs]
    assert needs and needs[0]["guard"] == 4 + 10  # its Might, plus the 10 the shield would stop


def test_a_unit_set_up_with_lethal_damage_is_refused() -> None:
    with pytest.raises(ScenarioError) as refused:
        might_game_from_yaml(
            SHIELDED_PAIRS.replace(
                "{card: Vanguard Captain, at: Battlefield 2}",
                "{card: Vanguard Captain, at: Battlefield 2, damage: 5}",
            )
        )
    assert str(refused.value).endswith("(rule M-8)")


THRICE = """\
ruleset: might
title: One spell, three hits, three orders
rules: [M8]
cards:
  - name: Triple Tap
    kind: spell
    text: Deal 1 damage to a unit three times.
    target: {side: any}
    effects: [{do: damage, amount: 1}, {do: damage, amount: 1}, {do: damage, amount: 1}]
setup:
  players:
    - name: Alice
      hand: [{card: Triple Tap}]
    - name: Bob
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 5}]
          doublers: [{id: twice}]
script:
  - play: {card: triple-tap, target: iron-sentinel}
    order: {iron-sentinel: [[twice, ward], [ward, twice], [twice, ward]]}
"""


def test_three_orders_for_one_unit_are_used_in_turn(tmp_path: Path) -> None:
    # the orders are used in the order written: 1 then 2 then 3, not 1, 3, 2
    path = tmp_path / "thrice.yaml"
    path.write_text(THRICE)
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    orders = [
        step.description.split("Bob's order ")[1].split(";")[0]
        for step in play.game.steps
        if "Bob's order " in step.description
    ]
    assert orders == ["twice, then ward", "ward, then twice", "twice, then ward"]


def test_here_is_the_battlefield_the_unit_left_even_the_second(tmp_path: Path) -> None:
    """P-21 at Battlefield 2: the step names Battlefield 2, not the first battlefield."""
    from engine.assets import SCENARIOS

    text = (SCENARIOS / "might" / "P-21-here-after-leaving.yaml").read_text()
    path = tmp_path / "p21-second.yaml"
    path.write_text(text.replace("Battlefield 1", "Battlefield 2"))
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    assert any(
        step.description.startswith(
            'thornback has left Battlefield 2: "here" is still Battlefield 2'
        )
        for step in play.game.steps
    )
    assert not play.failures()


SOURCE = """\
ruleset: might
title: Striking back at the source
rules: [M-7]
cards:
  - name: Spiked Shell
    kind: unit
    might: 3
    text: When this is damaged, deal 1 damage to the unit that damaged it.
    abilities:
      - when: takes_damage
        name: Spikes
        effects: [{do: damage, amount: 1, target: source}]
setup:
  players:
    - name: Alice
      units: [{card: Thornback, at: Battlefield 1}]
      hand: [{card: Spark}]
    - name: Bob
      units: [{card: Spiked Shell, at: Battlefield 1}]
"""


def test_an_ability_strikes_its_source_only_while_it_is_on_the_table() -> None:
    # Thornback's Barbed Hide (on the table) is struck back; a spell
    # (in the trash by then) is not
    game = might_game_from_yaml(SOURCE)
    game.play("spark", "thornback")
    game.resolve()
    struck = [s for s in game.steps if s.description.startswith("thornback takes")]
    assert [c.describe() for s in struck for c in s.changes] == [
        "thornback damage 0 -> 2",  # the Spark
        "thornback damage 2 -> 3",  # Spikes strikes back; it dies, so the next finds it gone
    ]
    assert "the source thornback has left the table" in game.steps[-2].description
    spell = might_game_from_yaml(SOURCE)
    spell.play("spark", "spiked-shell")
    spell.resolve()
    assert not [s for s in spell.steps if s.description.startswith("thornback takes")]
    assert any("no legal target" in s.description for s in spell.steps)
