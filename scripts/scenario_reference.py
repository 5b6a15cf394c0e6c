"""Write the reference part of docs/scenarios.md: the tables of every key of the scenario format,
made from the models and their docstrings (engine/reference.py), and docs/rules.md, the rule
summaries (engine/rules_page.py), and assets/rules/citations.yaml, the rules each ruling builds
on (engine/rule_citations.py, from docs/rulings.md and ../shared/rules/RULINGS.md), and
docs/cookbook.md, the printed-card patterns of assets/cookbook (engine/cookbook.py). Run it
after changing a model of the format, a summary, a ruling or a cookbook file;
tests/tools/test_schema_descriptions.py, test_cookbook.py and test_rule_command.py fail while a
page is not current.

    .venv/bin/python scripts/scenario_reference.py
"""

from __future__ import annotations

import json
from pathlib import Path

from app.cli.json_output import SCHEMA as OUTPUT_SCHEMA
from engine.card_examples import card_examples
from engine.cookbook import cookbook_page
from engine.reference import card_reference, reference, with_reference
from engine.rule_citations import CITATIONS, citations_file
from engine.rules_page import rules_page
from engine.ruleset import rule_summaries
from engine.scenario import scenario_schema

PAGE = Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"
RULES = PAGE.with_name("rules.md")
COOKBOOK = PAGE.with_name("cookbook.md")
CARDS = PAGE.with_name("card-language.md")
OUTPUT = PAGE.with_name("json-output.schema.json")
RULINGS = [PAGE.with_name("rulings.md"), PAGE.parents[2] / "shared" / "rules" / "RULINGS.md"]

if __name__ == "__main__":
    page = PAGE.read_text(encoding="utf-8")
    PAGE.write_text(with_reference(page, reference(scenario_schema())), encoding="utf-8")
    print(f"wrote the reference in {PAGE}")
    RULES.write_text(rules_page(rule_summaries()), encoding="utf-8")
    print(f"wrote the rule summaries in {RULES}")
    texts = [path.read_text(encoding="utf-8") for path in RULINGS]  # shared/ beside the checkout
    CITATIONS.write_text(citations_file(texts, rule_summaries()), encoding="utf-8")
    print(f"wrote the rulings' citations in {CITATIONS}")
    COOKBOOK.write_text(cookbook_page(), encoding="utf-8")
    print(f"wrote the cookbook in {COOKBOOK}")
    page = CARDS.read_text(encoding="utf-8")
    schema = scenario_schema()
    cards = card_reference(schema, card_examples(schema))
    CARDS.write_text(with_reference(page, cards), encoding="utf-8")
    print(f"wrote the card-language reference in {CARDS}")
    OUTPUT.write_text(json.dumps(OUTPUT_SCHEMA, indent=2) + "\n", encoding="utf-8")
    print(f"wrote the schema of the commands' JSON in {OUTPUT}")
