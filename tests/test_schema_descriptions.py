"""`cardtable schema` describes every definition and every field of the scenario format: the
descriptions are the models' class and attribute docstrings (engine/frozen.py turns them on),
and docs/scenarios.md's reference is made of them."""

from __future__ import annotations

from engine.scenario import scenario_schema


def undescribed(schema: dict[str, object]) -> list[str]:
    """The definitions, and ``definition.property`` names, of ``schema`` with no description."""
    definitions = schema["$defs"]
    assert isinstance(definitions, dict)
    missing: list[str] = []
    for name, definition in sorted(definitions.items()):
        if not definition.get("description"):
            missing.append(name)
        for field, subschema in definition.get("properties", {}).items():
            if not subschema.get("description"):
                missing.append(f"{name}.{field}")
    return missing


def test_every_definition_and_property_has_a_description() -> None:
    schema = scenario_schema()
    assert schema["$defs"], "the schema has no definitions"
    missing = undescribed(schema)
    assert not missing, "give these a class docstring or a docstring under the field: " + ", ".join(
        missing
    )


def test_a_missing_description_is_named() -> None:
    schema = {
        "$defs": {
            "Card": {"description": "A card.", "properties": {"name": {"type": "string"}}},
            "Plain": {"properties": {"hp": {"description": "Its HP.", "type": "integer"}}},
        }
    }
    assert undescribed(schema) == ["Card.name", "Plain"]
