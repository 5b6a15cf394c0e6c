"""Aliases in the one-pass YAML reader (engine/safe_yaml.py), in process and exact: what an
alias repeats, where its values are said to be, and each refusal's line and message (an
infinite number's too)."""

from __future__ import annotations

import pytest
import yaml

from engine import safe_yaml
from engine.errors import ScenarioError
from engine.safe_yaml import MAX_VALUES, Spot, parse_yaml


def refusal(text: str) -> str:
    """The one-line error ``parse_yaml`` refuses ``text`` with, read as the file ``f.yaml``."""
    with pytest.raises(ScenarioError) as refused:
        parse_yaml(text, "f.yaml")
    return str(refused.value)


def test_an_alias_repeats_the_value_and_its_spots() -> None:
    data, spot = parse_yaml("a: &x [1, 2]\nb:\n  c: *x\n", "f.yaml")
    assert data == {"a": [1, 2], "b": {"c": [1, 2]}}
    assert spot is not None and spot.keys is not None
    b = spot.keys["b"]
    assert b.line == 3 and b.keys is not None
    assert b.keys["c"] == Spot(line=1, items=[Spot(line=1), Spot(line=1)])  # where x was written


def test_an_alias_in_a_sequence_is_each_of_its_items() -> None:
    data, spot = parse_yaml("- &a [1, 2, 3]\n- [*a, *a]\n", "f.yaml")
    assert data == [[1, 2, 3], [[1, 2, 3], [1, 2, 3]]]
    assert spot is not None and spot.items is not None
    assert [s.line for s in spot.items] == [1, 2]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: &x 1\n*x : 2\n", "f.yaml:2: a key must be a plain value, not an alias"),
        ("a: *nope\n", "f.yaml:1: a: the alias *nope names no complete value before it"),
        ("a: &x [1, *x]\n", "f.yaml:1: a[1]: the alias *x names no complete value before it"),
    ],
)
def test_an_alias_that_cannot_be_read_is_refused_on_its_line(text: str, message: str) -> None:
    assert refusal(text) == message


def test_the_values_an_alias_repeats_count_toward_the_limit() -> None:
    """Ten times ten, six times over: a million values from a few lines (billion laughs)."""
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for level in range(1, 7):
        lines.append(f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 10)}]")
    refused = refusal("\n".join(lines) + "\n")
    assert refused.endswith(f"more than {MAX_VALUES} values (aliases count the values they repeat)")
    assert refused.startswith("f.yaml:6: a5")


@pytest.mark.parametrize(
    ("number", "message"),
    [
        ("1" * 32, f"{'1' * 32} is out of range (-1000000000..1000000000)"),  # 32: read
        ("1" * 33, "a number of more than 32 characters"),  # 33: not even read
    ],
)
def test_a_number_is_read_up_to_32_characters(number: str, message: str) -> None:
    assert refusal(f"a: {number}\n") == f"f.yaml:1: a: {message}"
    assert parse_yaml("a: " + "0" * 31 + "7\n", "f.yaml")[0] == {"a": 7}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\n? [1, 2]\n: 3\n", "f.yaml:2: a key must be a plain value, not a mapping or a list"),
        ("a: 1\nb: !!set {x: 1}\n", "f.yaml:2: b: the tag tag:yaml.org,2002:set is not allowed"),
    ],
)
def test_a_collection_that_cannot_be_read_is_refused_on_its_line(text: str, message: str) -> None:
    assert refusal(text) == message


def test_a_collection_counts_as_a_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_yaml, "MAX_VALUES", 3)
    assert refusal("a: 1\nb:\n  - []\n  - []\n") == (
        "f.yaml:3: b[0]: more than 3 values (aliases count the values they repeat)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\n---\nb: 2\n", "f.yaml:2: a scenario file holds one YAML document, not several"),
        (
            "a: 1\nb: [1, 2\n",
            "f.yaml:3: not valid YAML: did not find expected ',' or ']' "
            "(while parsing a flow sequence)",
        ),
        ("a: 1\nb: \x07\n", "f.yaml:2: not valid YAML: control characters are not allowed"),
    ],
)
def test_text_that_is_not_one_yaml_document_is_refused_on_its_line(text: str, message: str) -> None:
    assert refusal(text) == message


def test_a_file_over_the_size_limit_is_refused_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_yaml, "MAX_CHARS", 10)
    assert refusal("a: 1\nb: 2222\n") == "f.yaml: the file is larger than 10 bytes"


def test_an_alias_counts_exactly_the_values_it_repeats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mapping, ``a``'s list and its two items, then the same three again for ``*x``: 7."""
    monkeypatch.setattr(safe_yaml, "MAX_VALUES", 7)
    assert parse_yaml("a: &x [1, 2]\nb: *x\n", "f.yaml")[0] == {"a": [1, 2], "b": [1, 2]}
    monkeypatch.setattr(safe_yaml, "MAX_VALUES", 6)
    refusal("a: &x [1, 2]\nb: *x\n")


LIBYAML = getattr(yaml, "CSafeLoader", None)  # PyYAML's wheels bring it; the reader falls back
needs_libyaml = pytest.mark.skipif(LIBYAML is None, reason="libyaml's own wording")


@needs_libyaml
def test_an_error_without_context_is_named_alone() -> None:
    assert refusal("a: 1\nb: c: 2\n") == (
        "f.yaml:2: not valid YAML: a second `: ` on the line of `b:`: a value that holds `: ` is "
        'quoted (`b: "..."`)'
    )


def test_a_file_of_exactly_the_size_limit_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_yaml, "MAX_CHARS", 13)
    assert parse_yaml("a: 1\nb: 2222\n", "f.yaml")[0] == {"a": 1, "b": 2222}


@pytest.mark.parametrize(
    "loader", [pytest.param(LIBYAML, marks=needs_libyaml, id="libyaml"), yaml.SafeLoader]
)
def test_a_bad_character_is_placed_on_its_line_after_multibyte_text(
    loader: type[yaml.SafeLoader], monkeypatch: pytest.MonkeyPatch
) -> None:
    """libyaml places the character in bytes, the Python reader in characters: both give line 3,
    counted from the file's start (which is a newline) and never past the character."""
    monkeypatch.setattr(safe_yaml, "LOADER", loader)
    text = "\na: " + "é" * 10 + "\nb: \x07\nc: 1\nd: 2\ne: 3\n"
    refused = refusal(text)
    assert refused.startswith("f.yaml:3: not valid YAML: ")
    assert refused.endswith("characters are not allowed")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!bool maybe\n", "f.yaml:1: a: 'maybe' is not true or false"),
        ("a: !!binary aGk=\n", "f.yaml:1: a: the tag tag:yaml.org,2002:binary is not allowed"),
        ("a: 1000000001\n", "f.yaml:1: a: 1000000001 is out of range (-1000000000..1000000000)"),
    ],
)
def test_a_scalar_yaml_reads_but_a_scenario_does_not_take(text: str, message: str) -> None:
    assert refusal(text) == message


def test_scalars_the_reader_takes() -> None:
    """A tag that only says "a string" or nothing at all, and the widest integers in range."""
    assert parse_yaml("a: !!str 5\nb: ! 5\n", "f.yaml")[0] == {"a": "5", "b": 5}
    numbers = parse_yaml("a: 1000000000\nb: -1000000000\n", "f.yaml")[0]
    assert numbers == {"a": 10**9, "b": -(10**9)}


def test_nesting_up_to_the_limit_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_yaml, "MAX_DEPTH", 2)
    assert parse_yaml("a: {b: 1}\n", "f.yaml")[0] == {"a": {"b": 1}}
    assert refusal("a:\n  b: {c: 1}\n") == "f.yaml:2: a.b: more than 2 levels of nesting"


def test_a_scalar_counts_one_value_on_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three values: the mapping, ``5``, and ``*x``, which repeats one."""
    monkeypatch.setattr(safe_yaml, "MAX_VALUES", 3)
    assert parse_yaml("a: &x 5\nb: *x\n", "f.yaml")[0] == {"a": 5, "b": 5}
    assert refusal("a: 1\nb: 2\nc: 3\n") == (
        "f.yaml:3: c: more than 3 values (aliases count the values they repeat)"
    )


def test_an_infinite_number_is_refused_on_its_line() -> None:
    from engine.safe_yaml import parse_yaml

    with pytest.raises(ScenarioError) as refused:
        parse_yaml("a: 1\nb: .inf\n", "f.yaml")
    assert str(refused.value) == "f.yaml:2: b: .inf is not a finite number"
