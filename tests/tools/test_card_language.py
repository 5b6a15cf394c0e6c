"""docs/card-language.md is the reference of the card language, made from the models a card
reaches (engine/reference.py, card_reference): current, a section per ruleset, and every example
a model gives validates against it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.might.card_effects import EFFECTS
from engine.reference import card_reference, with_reference
from engine.scenario import scenario_schema

PAGE = Path(__file__).resolve().parents[2] / "docs" / "card-language.md"
EXAMPLES = [
    (cls, example)
    for cls in EFFECTS
    for example in dict(cls.model_config.get("json_schema_extra") or {}).get("examples", [])
]


def test_the_card_language_page_is_current() -> None:
    page = PAGE.read_text(encoding="utf-8")
    current = with_reference(page, card_reference(scenario_schema()))
    assert page == current, "run .venv/bin/python scripts/scenario_reference.py"


def test_the_page_starts_at_each_rulesets_card_and_reaches_its_effects() -> None:
    text = card_reference(scenario_schema())
    for heading in ("### Might MightCardDef", "### Might Grant", "### Might Every"):
        assert heading in text
    assert "### Souls CardDef" in text and "### Souls GainBonus" in text
    assert "### Shared" not in text and "StepMatch" not in text


@pytest.mark.parametrize(("cls", "example"), EXAMPLES, ids=lambda v: str(v)[:40])
def test_every_example_validates_and_is_on_the_page(cls: Any, example: Any) -> None:
    cls.model_validate(example)
    assert json.dumps(example, ensure_ascii=False, sort_keys=True) in PAGE.read_text("utf-8")


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 3
