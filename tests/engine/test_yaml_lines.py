"""Lines as editors count them (engine/safe_yaml.py): only a newline ends a line, where YAML also
ends one at NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR; every line the reader records or an
error names is the editor's, with libyaml and with the pure-Python reader."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine import safe_yaml
from engine.errors import ScenarioError
from engine.safe_yaml import parse_yaml
from engine.scenario import run_scenario
from tests.support.souls_tables import scenario_text

LIBYAML = getattr(yaml, "CSafeLoader", None)
READERS = [
    pytest.param(
        LIBYAML, marks=pytest.mark.skipif(LIBYAML is None, reason="no libyaml"), id="libyaml"
    ),
    pytest.param(yaml.SafeLoader, id="python"),
]
BREAKS = {"NEL": "\u0085", "LINE SEPARATOR": "\u2028", "PARAGRAPH SEPARATOR": "\u2029"}
# Multibyte text before the break: were a mark's index counted in bytes, the lines would move.
BEFORE = "a: 'd\u00e9j\u00e0 {0}vu {0}{0}'\n"


@pytest.fixture(params=READERS)
def reader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_yaml, "LOADER", request.param)


def refusal(text: str) -> str:
    with pytest.raises(ScenarioError) as refused:
        parse_yaml(text, "f.yaml")
    return str(refused.value)


@pytest.mark.usefixtures("reader")
@pytest.mark.parametrize("character", BREAKS.values(), ids=BREAKS.keys())
def test_a_value_after_a_yaml_only_line_break_is_on_the_editors_line(character: str) -> None:
    _, spot = parse_yaml(BEFORE.format(character) + "b:\n  - 1\n  - [2, 3]\n", "f.yaml")
    assert spot is not None
    b = spot.child("b")
    assert b is not None and [item.line for item in b.items or ()] == [3, 4]


@pytest.mark.usefixtures("reader")
@pytest.mark.parametrize("character", BREAKS.values(), ids=BREAKS.keys())
def test_an_error_after_a_yaml_only_line_break_names_the_editors_line(character: str) -> None:
    before = BEFORE.format(character)
    assert refusal(before + "b: 1\nb: 2\n") == "f.yaml:3: key 'b' is given twice (lines 2 and 3)"
    assert refusal(before + "b: !!binary aGk=\n") == (
        "f.yaml:2: b: the tag tag:yaml.org,2002:binary is not allowed"
    )
    assert refusal(before + "b: [1, 2\n").startswith("f.yaml:3: not valid YAML: ")  # at the end
    assert refusal(before + "b: 1\n c: 2\n").startswith("f.yaml:3: not valid YAML: ")
    bad = refusal(before + "b: \x07\n")  # the readers word it each its own way
    assert bad.startswith("f.yaml:2: not valid YAML: ") and bad.endswith("are not allowed")


@pytest.mark.parametrize("character", BREAKS.values(), ids=BREAKS.keys())
def test_a_scenario_error_after_a_yaml_only_line_break_names_the_editors_line(
    tmp_path: Path, character: str
) -> None:
    text = scenario_text().replace("title: Test table", f"title: 'Test{character}table'")
    path = tmp_path / "lines.yaml"
    path.write_text(text.replace("{card: Sylva}", "{card: Sylvia}"), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        run_scenario(path)
    assert str(refused.value).startswith(f"{path}:10: setup.players[0].slots.B1.card: ")
