"""docs/card-language.md is the reference of the card language, made from the models a card
reaches (engine/reference.py, card_reference): current, a section per ruleset, every example a
model gives validates against it, and so does every example the shipped files give
(engine/card_examples.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, TypeAdapter

from engine.card_examples import ModelExamples, card_examples, collect, shipped_cards
from engine.might.card_effects import EFFECTS, Damage
from engine.might.cards import TargetSpec
from engine.might.unit_filters import Every
from engine.reference import card_reference, with_reference
from engine.scenario import scenario_schema
from engine.yaml_source import as_tuples

PAGE = Path(__file__).resolve().parents[2] / "docs" / "card-language.md"
EXAMPLES = [
    (cls, example)
    for cls in EFFECTS
    for example in dict(cls.model_config.get("json_schema_extra") or {}).get("examples", [])
]


SHIPPED = collect(shipped_cards())


def test_the_card_language_page_is_current() -> None:
    page = PAGE.read_text(encoding="utf-8")
    schema = scenario_schema()
    current = with_reference(page, card_reference(schema, card_examples(schema)))
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


@pytest.mark.parametrize(("model", "examples"), SHIPPED.items(), ids=lambda v: str(v)[:40])
def test_every_shipped_example_validates_and_is_on_the_page(
    model: type[BaseModel], examples: ModelExamples
) -> None:
    assert examples.whole is not None
    model.model_validate(as_tuples(yaml.safe_load(examples.whole.text)), strict=True)
    page = PAGE.read_text("utf-8")
    assert f"Example (from `{examples.whole.file}`): `{examples.whole.text}`" in page
    fields = {info.alias or name: info for name, info in model.model_fields.items()}
    for key, example in examples.keys.items():
        value = yaml.safe_load(example.text)[key]
        TypeAdapter(fields[key].rebuild_annotation()).validate_python(as_tuples(value), strict=True)
        assert f"E.g. `{example.text}`" in page


def test_a_model_a_shipped_file_writes_shows_its_example() -> None:
    page = PAGE.read_text("utf-8")
    damage, every = page.split("### Might Damage", 1)[1], page.split("### Might Every", 1)[1]
    assert "Example (from `assets/" in damage.split("###", 1)[0]
    assert "Example (from `assets/" in every.split("###", 1)[0]
    assert SHIPPED[Damage].keys["amount"].text.startswith("amount: ")
    assert "every" in SHIPPED[Every].keys


def test_a_key_no_shipped_file_writes_has_no_example() -> None:
    page = PAGE.read_text("utf-8")
    assert "might_at_least" not in SHIPPED[TargetSpec].keys
    row = next(line for line in page.splitlines() if line.startswith("| `might_at_least`"))
    assert "E.g." not in row


def test_no_word_of_the_format_is_broken_across_a_line() -> None:
    """A docstring wrapped inside a ``word`` prints it with a space in the middle on the page
    (``until_your_next_ turn``), which a reader copies as written."""
    schema = scenario_schema()
    pages = [card_reference(schema), PAGE.with_name("scenarios.md").read_text(encoding="utf-8")]
    for page in pages:
        broken = re.findall(r"`[a-z0-9]+(?:_[a-z0-9]+)*_ [a-z0-9_]+`", page)
        assert broken == []
