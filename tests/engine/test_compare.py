"""Comparing two tables or two branches (engine/compare.py): the facts of a card, what
differs, and the sides a comparison is asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.branches import MAIN
from engine.compare import (
    Side,
    card_facts,
    changed_cards,
    compare,
    differences,
    table_comparison,
    table_facts,
)
from engine.errors import ScenarioError
from engine.scenario import game_from_yaml, validate_scenario
from engine.yaml_source import YamlSource
from tests.support.might_tables import TABLE

TWO_SOULS = """\
ruleset: souls
title: Deal 5 or 10
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
branches:
  - name: ten
    script:
      - deal: {target: ember-imp, amount: 10}
"""


def test_souls_facts_list_the_bonuses_or_none() -> None:
    game = game_from_yaml(TWO_SOULS)
    before = game.table
    game.add_bonus("thorn-squire", "power", 5, "permanent")
    game.add_bonus("thorn-squire", "max_hp", 10, "end_of_turn")
    assert card_facts(before, "thorn-squire") == {
        "damage": 0,
        "captured": False,
        "zone": "slot",
        "slot": "A1",
        "attached_to": None,
        "line": "front",
        "hp": 20,
        "max_hp": 20,
        "power": 10,
        "bonuses": "none",
    }
    assert card_facts(game.table, "thorn-squire")["bonuses"] == (
        "+5 power from playtester, +10 max HP from playtester until end of turn"
    )


def test_might_facts_list_the_modifiers_or_none() -> None:
    game = game_from_yaml(TABLE)
    before = game.table
    game.modify_might("stone-whelp", 2)
    game.modify_might("stone-whelp", -1, "permanent")
    assert card_facts(before, "stone-whelp") == {
        "damage": 0,
        "zone": "battlefield",
        "at": "Battlefield 1",
        "exhausted": False,
        "shields": {},
        "doublers": 0,
        "stunned": False,
        "cant_be_dealt_damage": False,
        "might": 2,
        "lethal": False,
        "modifiers": "none",
    }
    assert [d.describe() for d in differences(before, game.table)] == [
        "stone-whelp might: 2 / 3",
        "stone-whelp modifiers: none / +2 Might from playtester this turn,"
        " -1 Might from playtester",
    ]


def test_a_card_on_one_side_only_is_absent_on_the_other() -> None:
    table = game_from_yaml(TWO_SOULS).table
    without = table.without_card("ember-imp")
    assert differences(table, table) == []
    gone = [d.describe() for d in differences(table, without)]
    came = [d.describe() for d in differences(without, table)]
    assert gone[0] == "ember-imp damage: 0 / —" and gone[-1] == "ember-imp bonuses: none / —"
    assert came[0] == "ember-imp damage: — / 0" and came[-1] == "ember-imp bonuses: — / none"
    assert len(gone) == len(came) == 10
    assert changed_cards(differences(table, without)) == {"ember-imp"}


def test_compare_sides_at_a_step_and_refusing_unknown_branches_and_steps() -> None:
    source = YamlSource(Path("what-if.yaml"), TWO_SOULS)
    scenario = validate_scenario(source)
    found = compare(scenario, source, Side(MAIN, 0), Side("ten"))
    assert [s.index for s in found.shown] == [0, 3]
    assert [d.describe() for d in found.differences][:2] == [
        "ember-imp damage: 0 / 10",
        "ember-imp captured: no / yes",
    ]
    same = compare(scenario, source, Side("ten", 3), Side("ten", 3))
    assert [s.index for s in same.shown] == [3, 3] and same.differences == []
    assert same.diverge is None and same.steps == []
    with pytest.raises(ScenarioError) as error:
        compare(scenario, source, Side(MAIN), Side("eleven"))
    assert error.value.message == "there is no branch 'eleven'; the branches: main, ten"
    with pytest.raises(ScenarioError) as error:
        compare(scenario, source, Side("ten", 4), Side(MAIN))
    assert error.value.message == "branch 'ten' has steps 0 to 3, not 4"
    with pytest.raises(ScenarioError) as error:
        compare(scenario, source, Side("ten", -1), Side(MAIN))
    assert error.value.message.startswith("branch 'ten' has no step or label '-1'; its labels:")


HOLDERS = """\
ruleset: might
title: Who holds Battlefield 2
rules: [M-12]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp, at: Battlefield 2}]
    - name: Bob
script:
  - combat: {battlefield: Battlefield 2}
branches:
  - name: no combat
    keep: 0
    script: []
"""


def test_two_branches_that_end_with_different_holders_differ() -> None:
    """Every fact the table shows is compared, a battlefield's holder too (M-14): the two
    timelines end on the same turn with the same runes, and only the holder (beside the
    unit's place) tells them apart."""
    source = YamlSource(Path("h.yaml"), HOLDERS)
    scenario = validate_scenario(source)
    comparison = compare(scenario, source, Side(MAIN), Side("no combat"))
    table = [d.describe() for d in comparison.differences if d.card == "table"]
    assert table == ["table Battlefield 2 holder: Alice / nobody"]


def test_the_tables_own_facts_are_paired_the_same_or_not() -> None:
    """``table_comparison`` pairs every fact of the two tables' own, in the ruleset's order, so
    a view can show who holds each battlefield either way; ``differences`` keeps those that
    differ, named as a row names them."""
    source = YamlSource(Path("h.yaml"), HOLDERS)
    scenario = validate_scenario(source)
    comparison = compare(scenario, source, Side(MAIN), Side("no combat"))
    left, right = (step.table for step in comparison.shown)
    pairs = table_comparison(left, right)
    assert [pair.fact for pair in pairs] == list(table_facts(left))
    holders = {pair.what: (pair.left, pair.right) for pair in pairs if "holder" in pair.fact}
    assert holders == {
        "Battlefield 1 holder": ("nobody", "nobody"),
        "Battlefield 2 holder": ("Alice", "nobody"),
    }
    differing = [pair for pair in pairs if pair.left != pair.right]
    assert differing == [d for d in comparison.differences if d.card == "table"]
    assert [d.what for d in comparison.differences] == ["Battlefield 2 holder"]
    source = YamlSource(Path("what-if.yaml"), TWO_SOULS)
    ten = compare(validate_scenario(source), source, Side(MAIN), Side("ten"))
    assert ten.differences[0].what == "ember-imp damage"  # a card's fact, by the card's id
