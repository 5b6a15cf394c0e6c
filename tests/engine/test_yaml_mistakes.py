"""YAML syntax errors said in the file's words (``engine.yaml_mistakes``): what the parser's
problem means for the lines as typed, on the line to change, with that line shown and a caret
under the place; a problem it knows no better words for keeps the parser's."""

from __future__ import annotations

import pytest
import yaml

from engine.errors import ScenarioError
from engine.safe_yaml import parse_yaml

needs_libyaml = pytest.mark.skipif(
    getattr(yaml, "CSafeLoader", None) is None, reason="libyaml's own problems"
)


def refused(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_yaml(text, "f.yaml")
    return caught.value


CASES = {
    "an entry out of line with its list": (
        "script:\n  - deal: {a: 1}\n   - heal: {a: 1}\n",
        "f.yaml:3: not valid YAML: this line is indented 3 spaces, but the entries of the list "
        "begun at line 2 are at 2: the entries of one list start in one column",
        ("3 |    - heal: {a: 1}", "  |    ^"),
    ),
    "a key under a bare action word": (
        "script:\n  - end_turn\n    label: over\n",
        "f.yaml:3: not valid YAML: `label:` is under `- end_turn`, a bare word that takes no "
        "keys: write `- end_turn: {}` and put `label:` under it, in line with `end_turn`",
        ("3 |     label: over", "  |     ^"),
    ),
    "a key in line with the list's entries": (
        "script:\n  - end_turn\n  label: over\n",
        "f.yaml:3: not valid YAML: `label:` is under `- end_turn`, a bare word that takes no "
        "keys: write `- end_turn: {}` and put `label:` under it, in line with `end_turn`",
        ("3 |   label: over", "  |   ^"),
    ),
    "a key where a list entry must come": (
        "script:\n  - deal: {a: 1}\n  label: over\n",
        "f.yaml:3: not valid YAML: `label:` is where an entry of the list begun at line 2 must "
        "come (`- `, at column 3): to give an entry a key, indent it in line with that entry's "
        "first key",
        ("3 |   label: over", "  |   ^"),
    ),
    "a key out of line with its mapping": (
        "setup:\n  players:\n    - name: A\n   title: x\n",
        "f.yaml:4: not valid YAML: this line is indented 3 spaces, but the keys of the mapping "
        "begun at line 2 are at 2: the keys of one mapping start in one column",
        ("4 |    title: x", "  |    ^"),
    ),
    "a key under a key that has a value": (
        "setup:\n  players: 1\n    title: x\n",
        "f.yaml:3: not valid YAML: `title:` is indented under `players:` (line 2), which has a "
        "value already: a key goes in line with the keys beside it, or under a key that ends "
        "its line with `:`",
        ("3 |     title: x", "  |     ^"),
    ),
    "a key without its colon": (
        "setup:\n  players\n  title: x\n",
        "f.yaml:3: not valid YAML: line 2 holds `players` without a colon: a key is written `key:`",
        ("3 |   title: x", "  |   ^"),
    ),
    "a tab": (
        "setup:\n\tplayers: 1\n",
        "f.yaml:2: not valid YAML: a tab: YAML indents with spaces only",
        ("2 | →players: 1", "  | ^"),
    ),
    "a problem it has no words for": (
        "a: 1\nb: [1, 2\n",
        "f.yaml:3: not valid YAML: did not find expected ',' or ']' (while parsing a flow "
        "sequence)",
        (),  # the end of the file: no line to show
    ),
}


@needs_libyaml
@pytest.mark.parametrize(("text", "message", "excerpt"), CASES.values(), ids=CASES)
def test_a_syntax_error_in_the_files_words(
    text: str, message: str, excerpt: tuple[str, ...]
) -> None:
    error = refused(text)
    assert (str(error), error.excerpt) == (message, excerpt)


@needs_libyaml
def test_the_line_shown_cannot_write_to_the_terminal() -> None:
    """A bidi override YAML allows is shown as ``?``, in its place: the caret stays under it."""
    error = refused("a: 1\nb: \u202e c: 2\n")
    assert error.excerpt == ("2 | b: ? c: 2", "  |       ^")
