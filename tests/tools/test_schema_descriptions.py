"""`cardtable schema` describes every definition and every field of the scenario format (the
models' class and attribute docstrings, engine/frozen.py), and the reference part of
docs/scenarios.md is made of them (engine/reference.py): the checked-in text is current, covers
every key, and every link of the page names one of its headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.cli.commands import main
from engine.reference import BEGIN, END, keyed, reference, slug, with_reference
from engine.rules_page import rules_page
from engine.ruleset import rule_summaries
from engine.scenario import scenario_schema

PAGE = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
COMMAND = ".venv/bin/python scripts/scenario_reference.py"


def undescribed(schema: dict[str, object]) -> list[str]:
    """The definitions, and ``definition.property`` names, of ``schema`` with no description."""
    definitions = schema["$defs"]
    assert isinstance(definitions, dict)
    missing: list[str] = []
    for name, written in sorted(definitions.items()):
        definition = keyed(written)  # a script action's keys, beside its bare words
        if not definition.get("description"):
            missing.append(name)
        for field, subschema in definition.get("properties", {}).items():
            if not subschema.get("description"):
                missing.append(f"{name}.{field}")
    return missing


def test_every_definition_and_property_has_a_description() -> None:
    schema = scenario_schema()
    assert schema["$defs"], "the schema has no definitions"
    missing = ", ".join(undescribed(schema))
    assert not missing, f"give these a class docstring or a docstring under the field: {missing}"


def test_a_missing_description_is_named() -> None:
    schema = {
        "$defs": {
            "Card": {"description": "A card.", "properties": {"name": {"type": "string"}}},
            "Plain": {"properties": {"hp": {"description": "Its HP.", "type": "integer"}}},
        }
    }
    assert undescribed(schema) == ["Card.name", "Plain"]


def test_the_reference_in_the_docs_is_current() -> None:
    page = PAGE.read_text(encoding="utf-8")
    current = with_reference(page, reference(scenario_schema()))
    assert page == current, f"docs/scenarios.md's reference is not current: run {COMMAND}"


def test_the_reference_has_a_table_row_for_every_key() -> None:
    """Every definition has its heading, and under it, before the next, a row for each key."""
    schema = scenario_schema()
    text = reference(schema)
    sections = re.split(r"^### ", text, flags=re.MULTILINE)[1:]
    by_heading = {section.split("\n", 1)[0]: section for section in sections}
    assert len(by_heading) == len(schema["$defs"]) == len(sections)
    rows = {tuple(re.findall(r"^\| `(\w+)` \|", s, flags=re.MULTILINE)) for s in sections}
    keys = {tuple(keyed(d).get("properties", {})) for d in schema["$defs"].values()}
    assert rows == keys


def test_every_link_in_the_page_names_a_heading() -> None:
    """The guide links into the reference's headings: a renamed model must not leave a link
    going nowhere."""
    page = PAGE.read_text(encoding="utf-8")
    prose = re.sub(r"^```.*?^```", "", page, flags=re.MULTILINE | re.DOTALL)
    headings = {slug(h) for h in re.findall(r"^#{1,6} (.+)$", prose, flags=re.MULTILINE)}
    broken = sorted(set(re.findall(r"\]\(#([^)]+)\)", page)) - headings)
    assert not broken, f"links to no heading of docs/scenarios.md: {', '.join(broken)}"


def test_a_page_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="no '<!-- reference"):
        with_reference("# A page\n", "text")
    page = f"intro\n{BEGIN}\nold\n{END}\nafter\n"
    assert with_reference(page, "new") == f"intro\n{BEGIN}\n\nnew\n\n{END}\nafter\n"


def test_cardtable_schema_markdown_prints_the_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["schema", "--markdown"]) == 0
    assert capsys.readouterr().out == reference(scenario_schema()) + "\n"


def test_a_schema_of_one_ruleset_is_its_scenario_model() -> None:
    """With one ruleset installed the schema is its model itself, with no shared part."""
    schema = {
        "title": "ChessScenario",
        "properties": {
            "ruleset": {"const": "chess", "description": "Selects chess."},
            "seats": {"type": "integer", "maximum": 2, "description": "Players."},
            "notes": {"default": None, "description": "Anything."},
            "clock": {
                "type": "array",
                "prefixItems": [{"type": "string"}, {"type": "integer"}],
                "description": "A player and minutes.",
            },
        },
        "required": ["ruleset", "clock"],
    }
    assert reference(schema).splitlines()[:2] == ["## Chess", ""]
    assert "| `seats` | integer ≤ 2 | none | Players. |" in reference(schema)
    assert "| `notes` | any value | none | Anything. |" in reference(schema)
    assert "| `clock` | [string, integer] | required | A player and minutes. |" in reference(schema)


def test_the_reference_lists_the_shared_kinds_of_change_and_each_rulesets_own() -> None:
    """Under StepMatch the kinds every file's ``change`` names; under a ruleset's top-level keys
    the kinds only its files name (``Ruleset.changes``), each with its class docstring."""
    sections = re.split(r"^### ", reference(scenario_schema()), flags=re.MULTILINE)[1:]
    by_heading = {section.split("\n", 1)[0]: section for section in sections}
    shared, might, souls = (
        by_heading[heading]
        for heading in ("Shared StepMatch", "Might top-level keys", "Souls top-level keys")
    )
    assert "- `died`: A card died: it left `place`" in shared
    assert "- `replacement`: A replacement effect changed a damage event" in might
    assert "- `captured` and `shattered`: A card turned face down on its slot" in souls
    assert "- `replacement`" not in shared + souls and "- `captured`" not in shared + might


def test_the_card_text_table_names_shipped_scenarios_that_use_what_it_shows() -> None:
    """Each row of "Card texts and the format" names a shipped might scenario, and each `do:`
    it shows is an effect the format accepts."""
    page = PAGE.read_text(encoding="utf-8")
    section = page.split("### Card texts and the format")[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    shipped = PAGE.parents[1] / "assets" / "scenarios" / "might"
    named = {name for row in rows for name in re.findall(r"`([MP]\d*-[\w-]+)`", row)}
    assert len(named) >= 15
    assert sorted(n for n in named if not (shipped / f"{n}.yaml").exists()) == []
    effects = set(re.findall(r"do: (\w+)", section))
    schema = scenario_schema()
    known = {
        value
        for definition in schema["$defs"].values()
        for value in [definition.get("properties", {}).get("do", {}).get("const")]
        + definition.get("properties", {}).get("do", {}).get("enum", [])
        if value
    }
    assert effects and effects <= known, effects - known


RULES_PAGE = PAGE.with_name("rules.md")


def test_the_rule_summaries_page_is_current_with_an_anchor_per_id() -> None:
    summaries = rule_summaries()
    page = RULES_PAGE.read_text(encoding="utf-8")
    assert page == rules_page(summaries), f"docs/rules.md is not current: run {COMMAND}"
    missing = [rule for rule in summaries if f'<a id="{rule}"></a>{rule} |' not in page]
    assert not missing, f"rule ids without their row: {missing}"


def test_the_docs_point_only_to_what_a_clone_holds() -> None:
    docs = [PAGE.parents[1] / "README.md", *PAGE.parent.glob("*.md")]
    outside = [doc.name for doc in docs if "../shared" in doc.read_text(encoding="utf-8")]
    assert not outside, f"these pages send readers outside the repository: {outside}"
