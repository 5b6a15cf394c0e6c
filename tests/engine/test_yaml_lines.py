"""Lines as editors count them (engine/safe_yaml.py): only a newline ends a line, where YAML also
ends one at NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR; every line the reader records or an
error names is the editor's, with libyaml and with the pure-Python reader. Those breaks are
refused where the reader would see another text than the editor shows: all but LS and PS in a
quoted string."""

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
KEPT = {"LINE SEPARATOR": "\u2028", "PARAGRAPH SEPARATOR": "\u2029"}  # in quotes, as written
BREAKS = {"NEL": "\u0085", **KEPT}
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
@pytest.mark.parametrize("character", KEPT.values(), ids=KEPT.keys())
def test_a_value_after_a_yaml_only_line_break_is_on_the_editors_line(character: str) -> None:
    _, spot = parse_yaml(BEFORE.format(character) + "b:\n  - 1\n  - [2, 3]\n", "f.yaml")
    assert spot is not None
    b = spot.child("b")
    assert b is not None and [item.line for item in b.items or ()] == [3, 4]


@pytest.mark.usefixtures("reader")
@pytest.mark.parametrize("character", KEPT.values(), ids=KEPT.keys())
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


@pytest.mark.parametrize("character", KEPT.values(), ids=KEPT.keys())
def test_a_scenario_error_after_a_yaml_only_line_break_names_the_editors_line(
    tmp_path: Path, character: str
) -> None:
    text = scenario_text().replace("title: Test table", f"title: 'Test{character}table'")
    path = tmp_path / "lines.yaml"
    path.write_text(text.replace("{card: Sylva}", "{card: Sylvia}"), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        run_scenario(path)
    assert str(refused.value).startswith(f"{path}:10: setup.players[0].slots.B1.card: ")


@pytest.mark.usefixtures("reader")
@pytest.mark.parametrize("character", BREAKS.values(), ids=BREAKS.keys())
@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: 1\nb: 2  # a note{0}c: 3\n", 2),  # YAML would read a key c the editor shows as note
        ("a: 1\n# a note{0} : [\n", 2),  # what follows it would not be YAML
        ("a: 1\nb: x{0}y\n", 2),  # a plain string
        ("a: 1\nb: |\n  x{0}y\n", 3),  # a block of text
        ("a: 'd\u00e9j\u00e0 \u2028vu'\n#{0}\n", 2),  # after one kept in quotes
    ],
    ids=["comment", "comment-then-bad-yaml", "plain", "block", "after-a-quoted-one"],
)
def test_a_yaml_only_line_break_outside_quotes_is_refused_on_the_editors_line(
    character: str, text: str, line: int
) -> None:
    said = {
        "\u0085": "U+0085 NEXT LINE (NEL)",
        "\u2028": "U+2028 LINE SEPARATOR outside a quoted string",
        "\u2029": "U+2029 PARAGRAPH SEPARATOR outside a quoted string",
    }
    assert refusal(text.format(character)) == (
        f"f.yaml:{line}: {said[character]}: YAML ends a line "
        "there (a comment too), where an editor shows none; write a plain line break, or the "
        f"escape \\u{ord(character):04x} inside double quotes"
    )


@pytest.mark.usefixtures("reader")
@pytest.mark.parametrize("character", KEPT.values(), ids=KEPT.keys())
def test_a_line_or_paragraph_separator_in_quotes_is_kept_as_written(character: str) -> None:
    text = f"a: 'one{character}line'\nb: \"{character}\"\n"
    assert parse_yaml(text, "f.yaml")[0] == {"a": f"one{character}line", "b": character}


@pytest.mark.usefixtures("reader")
def test_a_nel_in_quotes_which_yaml_reads_as_a_space_is_refused() -> None:
    assert refusal("a: 1\nb: 'one\x85line'\n").startswith("f.yaml:2: U+0085 NEXT LINE (NEL): ")
