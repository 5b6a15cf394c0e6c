"""The published scenario schema (`cardtable schema`) takes every file the program takes: each
shipped scenario and lesson, bare script actions (``- end_turn``) included, as the program reads
it; and it still refuses what the program refuses."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

from engine.assets import LESSONS, SCENARIOS
from engine.scenario import scenario_files, scenario_schema
from engine.yaml_source import YamlSource

SHIPPED = scenario_files([SCENARIOS, LESSONS])


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = scenario_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def problems(validator: jsonschema.Draft202012Validator, data: object) -> list[str]:
    errors = validator.iter_errors(data)
    return [f"{'.'.join(map(str, e.absolute_path)) or 'top'}: {e.message}" for e in errors]


def test_every_shipped_file_is_found() -> None:
    assert len(SHIPPED) > 150
    assert {path.parent.parent for path in SHIPPED} == {SCENARIOS, LESSONS}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_schema_takes_every_shipped_file(
    validator: jsonschema.Draft202012Validator, path: Path
) -> None:
    assert problems(validator, YamlSource.read(path).data) == []


@pytest.mark.parametrize(
    ("entry", "taken"),
    [
        ("end_turn", True),
        ({"end_turn": None}, True),
        ("resolve", False),  # a might word: souls has no chain
        ("end_turns", False),
        ("recruit", False),  # an action with arguments is never bare
    ],
)
def test_a_bare_word_is_a_script_action_without_arguments(
    validator: jsonschema.Draft202012Validator, entry: object, taken: bool
) -> None:
    data = YamlSource.read(SCENARIOS / "souls" / "demo-table.yaml").data
    assert isinstance(data, dict)
    assert (problems(validator, {**data, "script": [entry]}) == []) is taken
