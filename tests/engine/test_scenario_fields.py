"""The keys every ruleset's scenario model shares (engine/scenario_fields.py): a model that
subclasses them holds them in the order files write them, a key it overrides in its shared place
and with its shared description unless it gives its own, and their checks run on its own action
model."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
from pydantic import Field

from engine import branches
from engine.descriptions import field_docstrings
from engine.errors import ScenarioError
from engine.scenario import validate_scenario
from engine.scenario_fields import CardScenarioFields, ScenarioFields
from engine.souls.cards import CardDef
from engine.souls.scenario import Action, Expectation, SoulsSetup
from engine.yaml_source import YamlSource


class Plain(ScenarioFields[SoulsSetup, Action, Expectation]):
    """A format without lessons or cards of its own: only its name is its own."""

    ruleset: Literal["plain"]


class Carded(CardScenarioFields[SoulsSetup, Action, Expectation, CardDef]):
    """A format with lessons and cards, which says its rules its own way."""

    ruleset: Literal["carded"]
    rules: tuple[str, ...] = Field(min_length=1)
    """Its own words."""
    pool: str | None = "carded-starter"


def test_the_keys_keep_the_order_files_write_them_in() -> None:
    assert list(Plain.model_fields) == [
        "ruleset",
        "title",
        "description",
        "topic",
        "rules",
        "setup",
        "script",
        "expect",
        "expect_error",
        "branches",
    ]
    assert list(Carded.model_fields) == [
        "ruleset",
        "title",
        "description",
        "topic",
        "notes",
        "predict",
        "rules",
        "pool",
        "cards",
        "setup",
        "script",
        "expect",
        "expect_error",
        "branches",
    ]


def test_an_overridden_key_keeps_the_shared_description_unless_it_says_its_own() -> None:
    carded, plain = field_docstrings(Carded), field_docstrings(Plain)
    assert carded["rules"] == "Its own words."
    assert plain["rules"].startswith("The rule ids the scenario shows;")
    assert carded["ruleset"] == plain["ruleset"] == "Selects this format."
    assert carded["pool"].startswith("A card pool by name")
    assert Carded.model_fields["pool"].default == "carded-starter"


def test_the_actions_inside_the_rulesets_own_are_counted_before_they_are_validated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``check_written`` finds the actions written inside others (a souls attack's ``window``)
    through the model of the script's actions, and refuses a script too long before any of its
    actions is validated (a bad one past the limit is not what is said)."""
    monkeypatch.setattr(branches, "MAX_ACTIONS", 2)
    text = """
ruleset: plain
title: A long window
rules: [S-13]
setup: {players: [{name: Alice}, {name: Bob}]}
script:
  - attack: {attacker: a, target: b, window: [{deal: {target: b, amount: 5}}, {nothing: {}}]}
"""
    with pytest.raises(ScenarioError) as refused:
        YamlSource(Path("long.yaml"), text).validate(Plain)
    assert refused.value.where == "script[0].attack.window[1]"
    assert refused.value.message == branches.too_long()


SANDBOX = """\
ruleset: souls
title: A table to play on
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""


def test_a_sandbox_needs_no_rules() -> None:
    assert validate_scenario(YamlSource(Path("sandbox.yaml"), SANDBOX)).rules == ()
    empty = SANDBOX.replace("setup:", "rules: []\nsetup:")
    assert validate_scenario(YamlSource(Path("sandbox.yaml"), empty)).rules == ()


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ("topic: Battles\n", "topic"),
        ("notes: {start: Look.}\n", "notes"),
        ("expect:\n  - {turn: 1}\n", "expect"),
        ("expect_error: {rule: S-13}\n", "expect_error"),
        (
            "branches:\n  - {name: other, keep: 0, expect: [{turn: 1}]}\n",
            "a branch's expect",
        ),
        (
            "branches:\n  - {name: other, keep: 0, notes: {start: Look.}}\n",
            "a branch's notes",
        ),
    ],
)
def test_a_lesson_or_a_test_still_names_its_rules(extra: str, named: str) -> None:
    with pytest.raises(ScenarioError) as refused:
        validate_scenario(YamlSource(Path("test.yaml"), SANDBOX + extra))
    assert refused.value.where == "rules"
    assert refused.value.message.startswith(f"a file with {named} is a lesson or a test")
    assert "only a sandbox" in refused.value.message
