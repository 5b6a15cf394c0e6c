"""Refusals of a scenario file's top-level keys, each with its exact line and words (surviving
mutants of engine/scenario.py, engine/pools.py and engine/yaml_source.py)."""

from __future__ import annotations

from engine.pools import pool_names
from tests.support.playthroughs import playthrough_of, set_up_error

TWO_PLAYERS = "  players: [{name: A, slots: {}}, {name: B, slots: {}}]\n"
PLAYERS = "setup:\n" + TWO_PLAYERS


def test_an_unknown_ruleset_is_refused_with_the_ones_there_are() -> None:
    assert set_up_error("title: x\nruleset: chess\n", playthrough_of) == (
        "a.yaml:2: ruleset: ruleset must be one of might, souls, not 'chess'"
    )


def test_an_unknown_pool_is_refused_with_the_pools_there_are() -> None:
    text = "ruleset: souls\ntitle: x\nrules: [S-1]\npool: nope\n" + PLAYERS
    assert set_up_error(text) == (
        f"a.yaml:4: pool: there is no card pool 'nope' (pools: {', '.join(pool_names())})"
    )


def test_a_file_that_is_not_a_mapping_is_refused() -> None:
    assert (
        set_up_error("- 1\n- 2\n") == "a.yaml:1: expected a mapping of keys at the top of the file"
    )


def test_a_number_written_as_text_is_refused() -> None:
    """Validation is strict: "3" is not the number 3."""
    text = "ruleset: souls\ntitle: x\nrules: [S-1]\nsetup:\n  columns: '3'\n" + TWO_PLAYERS
    assert set_up_error(text) == "a.yaml:5: setup.columns: Input should be a valid integer"
