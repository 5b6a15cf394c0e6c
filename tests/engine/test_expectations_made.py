"""Expectations made from a table (``engine.authoring``, the app's "Expect this") pass ``check``
on the table they were made from, and say only what the script changed (and where a card is)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assets import LESSONS, SCENARIOS
from engine.authoring import card_expectation, expectation_model, table_expectation
from engine.ruleset import ruleset_of
from engine.scenario import load_scenario, play_branch
from engine.script import step_misses

FILES = [
    SCENARIOS / "souls" / "14.1.1-damage-sources.yaml",
    LESSONS / "might" / "03-last-stand-raises-the-threshold.yaml",
    SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml",
]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_expectation_made_holds_where_it_was_made(path: Path) -> None:
    scenario, source = load_scenario(path)
    play = play_branch(scenario, source, "main")
    model = expectation_model(type(scenario))
    steps = play.game.steps
    for step in (steps[len(steps) // 2], steps[-1]):
        made = [table_expectation(type(scenario), steps[0].table, step.table, "start")]
        made += [
            card_expectation(type(scenario), steps[0].table, step.table, uid, "start")
            for uid in step.table.cards
        ]
        for entry in made:
            expectation = model.model_validate(entry)
            misses = ruleset_of(step.table).card_misses(step, expectation)
            assert misses + step_misses([step], expectation, play.runner) == [], entry


def test_a_card_says_what_changed_and_where_it_is_in_the_files_key_order() -> None:
    scenario, source = load_scenario(FILES[0])
    steps = play_branch(scenario, source, "main").game.steps
    first, last = steps[0].table, steps[-1].table
    entry = card_expectation(type(scenario), first, last, "bob-squire", "attack")
    assert entry == {
        "at": "attack",
        "cards": {"bob-squire": {"hp": 0, "damage": 20, "captured": True, "zone": "slot"}},
    }
    assert list(entry["cards"]["bob-squire"]) == ["hp", "damage", "captured", "zone"]
    unchanged = card_expectation(type(scenario), first, last, "old-keep", "end")
    assert unchanged == {"cards": {"old-keep": {"zone": "realm"}}}  # ``at: end`` left out


def test_the_table_says_its_turn_and_what_changed() -> None:
    scenario, source = load_scenario(FILES[1])
    steps = play_branch(scenario, source, "main").game.steps
    entry = table_expectation(type(scenario), steps[0].table, steps[-1].table, "end")
    assert entry == {"turn": 1, "holders": {"Battlefield 1": "Alice", "Battlefield 2": None}}
