r"""A YAML syntax error said in the file's words: what the parser's problem means for the lines a
person typed (an entry out of line with its list, a key under a bare word, a tab), with the
line shown and a caret under the place, as ruff and rustc show it.

>>> text = "script:\n  - end_turn\n    label: over\n"
>>> said = explain("mapping values are not allowed in this context", None, 3, 9, None, text)
>>> print(said.message)  # doctest: +ELLIPSIS
`label:` is under `- end_turn`, a bare word that takes no keys: write `- end_turn: {}` and ...
>>> print("\n".join(excerpt(text, 3, said.column)))
3 |     label: over
  |     ^
"""

from __future__ import annotations

import re
from typing import NamedTuple

TAB_HINT = "a tab: YAML indents with spaces only"


class Explained(NamedTuple):
    message: str
    column: int  # 0-based: where the caret goes, the start of what is wrong


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _above(lines: list[str], line: int) -> tuple[int, str] | None:
    """The last line before ``line`` (1-based) that holds something, and its number."""
    for number in range(line - 1, 0, -1):
        text = lines[number - 1]
        if text.strip() and not text.lstrip().startswith("#"):
            return number, text
    return None


def _key(text: str) -> str:
    return text.strip().removeprefix("- ").split(":", 1)[0].strip()


def _bare_word(entry: str) -> str | None:
    """The word of a list entry that is nothing but a word (``- end_turn``)."""
    match = re.fullmatch(r"\s*- ([\w-]+)\s*(#.*)?", entry)
    return match.group(1) if match else None


def _under_a_bare_word(word: str, key: str) -> str:
    return (
        f"`{key}:` is under `- {word}`, a bare word that takes no keys: write `- {word}: {{}}` "
        f"and put `{key}:` under it, in line with `{word}`"
    )


def _values_here(lines: list[str], line: int, column: int) -> str | None:
    """``mapping values are not allowed``: a ``key:`` where a plain value was being read."""
    text = lines[line - 1]
    if ": " in text[:column]:  # the value of a key on this line holds `: `
        first = text[: column + 1].split(": ", 1)[0].strip().removeprefix("- ")
        return (
            f"a second `: ` on the line of `{first}:`: a value that holds `: ` is quoted "
            f'(`{first}: "..."`)'
        )
    above = _above(lines, line)
    if above is None:
        return None
    number, previous = above
    key = _key(text)
    if word := _bare_word(previous):
        return _under_a_bare_word(word, key)
    if ":" not in previous:
        return f"line {number} holds `{previous.strip()}` without a colon: a key is written `key:`"
    if _indent(text) > _indent(previous):
        return (
            f"`{key}:` is indented under `{_key(previous)}:` (line {number}), which has a value "
            f"already: a key goes in line with the keys beside it, or under a key that ends its "
            "line with `:`"
        )
    return None


def _out_of_line(lines: list[str], line: int, start: int, column: int, items: str) -> str:
    """A line of a list or mapping begun at line ``start``, column ``column``, that is not in
    line with its other ``items``."""
    text = lines[line - 1]
    here = _indent(text)
    if items == "entries" and not text.strip().startswith("-"):
        above = _above(lines, line)
        if above and (word := _bare_word(above[1])):
            return _under_a_bare_word(word, _key(text))
        return (
            f"`{_key(text)}:` is where an entry of the list begun at line {start} must come "
            f"(`- `, at column {column + 1}): to give an entry a key, indent it in line with "
            "that entry's first key"
        )
    return (
        f"this line is indented {here} spaces, but the {items} of the "
        f"{'list' if items == 'entries' else 'mapping'} begun at line {start} are at {column}: "
        f"the {items} of one {'list' if items == 'entries' else 'mapping'} start in one column"
    )


def explain(
    problem: str | None,
    context: str | None,
    line: int,
    column: int,
    context_at: tuple[int, int] | None,
    text: str,
) -> Explained | None:
    """What the parser's ``problem`` (at ``line``, 1-based, and ``column``, 0-based) means in
    the file's words and where its caret goes, or None when there is nothing better to say
    than the parser's."""
    lines = text.splitlines() or [""]
    if not 1 <= line <= len(lines):
        return None
    here = lines[line - 1]
    if problem == "found character that cannot start any token" and "\t" in here:
        return Explained(TAB_HINT, here.index("\t"))
    if problem == "mapping values are not allowed in this context":
        said = _values_here(lines, line, column)
        at_key = ": " not in here[:column]  # else the second `: ` of one line
        return Explained(said, _indent(here) if at_key else column) if said else None
    if context_at is not None and (problem, context) in (
        ("did not find expected '-' indicator", "while parsing a block collection"),
        ("did not find expected key", "while parsing a block mapping"),
    ):
        items = "entries" if "collection" in (context or "") else "keys"
        return Explained(_out_of_line(lines, line, *context_at, items), _indent(here))
    return None


def excerpt(text: str, line: int, column: int) -> tuple[str, ...]:
    """The line as written, numbered, and a caret under ``column`` (0-based); a character
    that is not printable is shown as one that is, in its place (a tab as ``→``), so that
    the file cannot write to the terminal and the caret stays under its place."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ()
    shown = "".join(
        each if each.isprintable() else "→" if each == "\t" else "?"
        for each in lines[line - 1][:120]
    )
    gutter = " " * len(str(line))
    return (f"{line} | {shown}", f"{gutter} | {' ' * min(column, len(shown))}^")
