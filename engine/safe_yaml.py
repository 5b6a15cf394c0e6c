"""One pass over a YAML text with libyaml: the data, the line of every value, and limits.

The parser's events are turned into plain data (dicts with string keys, lists, str, int, float,
bool, None) while the line of each value is recorded. Whatever no scenario needs and an
attacker could use is refused with a ScenarioError naming the file, the line and the place:
duplicate keys, deep nesting, aliases that would expand the file, huge numbers, tags other
than YAML's plain scalars, and more than one document.

>>> data, spots = parse_yaml("a: 1\\nb: [x, 'y']\\n", "f.yaml")
>>> data, spots.child("b").child(1).line
({'a': 1, 'b': ['x', 'y']}, 2)
>>> parse_yaml("a: 1\\na: 2\\n", "f.yaml")
Traceback (most recent call last):
engine.errors.ScenarioError: f.yaml:2: key 'a' is given twice (lines 1 and 2)
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    Event,
    MappingStartEvent,
    ScalarEvent,
)
from yaml.resolver import Resolver

from engine.errors import ScenarioError
from engine.names import nfc
from engine.yaml_mistakes import excerpt, explain

LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_CHARS = 2 * 1024 * 1024  # a scenario file's text
MAX_DEPTH = 64  # levels of nesting
MAX_VALUES = 300_000  # values in a file, the values aliases repeat included
MAX_INT = 10**9  # integers lie within -MAX_INT..MAX_INT
MAX_NUMBER_CHARS = 32  # the text of a number, before it is converted

TAG = "tag:yaml.org,2002:"
PLAIN_TAGS = {f"{TAG}{name}" for name in ("str", "timestamp", "merge", "value")}  # kept as text
COLLECTION_TAGS = {f"{TAG}map", f"{TAG}seq"}

_resolver = Resolver()
_constructor = SafeConstructor()


@dataclass(slots=True)
class Spot:
    """Where a value was written: its line (1-based) and the spots of what it holds."""

    line: int
    keys: dict[str, Spot] | None = None  # a mapping's values
    items: list[Spot] | None = None  # a sequence's values
    key_lines: dict[str, int] | None = None  # a mapping's keys: the line each is written on

    def child(self, key: object) -> Spot | None:
        """The spot of the value at ``key`` (an index or a mapping key), if there is one."""
        if isinstance(key, int) and self.items is not None:
            return self.items[key] if 0 <= key < len(self.items) else None
        return self.keys.get(str(key)) if self.keys is not None else None


@dataclass(slots=True)
class _Open:
    """A mapping or sequence whose end has not been read yet."""

    value: dict[str, Any] | list[Any]
    spot: Spot
    anchor: str | None
    counted_before: int  # values read before it began: its size, for aliases
    key: str | None = None  # a mapping's key whose value comes next
    key_lines: dict[str, int] = field(default_factory=dict)


class _Mark(Protocol):  # libyaml's or the Python reader's
    index: int


class _Lines:
    """The line of a mark as an editor counts it: only a newline ends a line (the input file
    made CRLF and CR newlines), where YAML also ends one at NEL, LINE SEPARATOR and PARAGRAPH
    SEPARATOR (kept in quoted strings, refused elsewhere: ``HIDDEN_BREAKS``). Both readers count
    a mark's index in characters."""

    def __init__(self, text: str) -> None:
        self.newlines = [found.start() for found in re.finditer("\n", text)]

    def of(self, mark: _Mark | None) -> int | None:
        return None if mark is None else self.at(mark.index)

    def at(self, index: int) -> int:
        """The line of the character at ``index``."""
        return bisect.bisect_left(self.newlines, index) + 1

    def column(self, index: int) -> int:
        """The column (0-based) of the character at ``index`` on its line."""
        line = self.at(index)
        return index - (self.newlines[line - 2] + 1 if line > 1 else 0)


# Line breaks to YAML, not to an editor: where they are, the reader would see another file than
# the editor shows (a comment ends there and the rest of its line is read as YAML: ``# note<LS>b:
# 2`` adds a key ``b``), so they are refused; only LS and PS in a quoted string are kept as
# written (YAML folds NEL there to a space).
HIDDEN_BREAKS = {
    "\x85": "U+0085 NEXT LINE (NEL)",
    "\u2028": "U+2028 LINE SEPARATOR outside a quoted string",
    "\u2029": "U+2029 PARAGRAPH SEPARATOR outside a quoted string",
}
HIDDEN_BREAK = re.compile(f"[{''.join(HIDDEN_BREAKS)}]")
KEPT_IN_QUOTES = "\u2028\u2029"
QUOTED = ("'", '"')  # the styles of a quoted scalar


class _Builder:
    def __init__(self, file: str, lines: _Lines) -> None:
        self.file = file
        self.lines = lines
        self.open: list[_Open] = []
        self.anchors: dict[str, tuple[Any, Spot, int]] = {}
        self.counted = 0
        self.documents = 0
        self.root: tuple[Any, Spot] | None = None
        self.quoted: list[tuple[int, int]] = []  # where the quoted scalars are written
        self.reached = 0  # the end of the last event taken

    def take(self, event: Event) -> None:
        line = self.lines.of(event.start_mark) or 1
        self.reached = event.end_mark.index if event.end_mark else self.reached
        if isinstance(event, DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.error(line, "a scenario file holds one YAML document, not several")
        elif isinstance(event, ScalarEvent):
            if event.style in QUOTED and event.start_mark and event.end_mark:
                self.quoted.append((event.start_mark.index, event.end_mark.index))
            if self._wants_key():
                self._key(event.value, line)
            else:
                self._count(1, line)
                self._add(self._scalar(event, line), Spot(line), event.anchor, 1)
        elif isinstance(event, AliasEvent):
            self._alias(str(event.anchor), line)
        elif isinstance(event, CollectionStartEvent):
            self._start(event, line)
        elif isinstance(event, CollectionEndEvent):
            closed = self.open.pop()
            size = self.counted - closed.counted_before
            self._add(closed.value, closed.spot, closed.anchor, size)

    def _wants_key(self) -> bool:
        return (
            bool(self.open)
            and isinstance(self.open[-1].value, dict)
            and (self.open[-1].key is None)
        )

    def _key(self, key: str, line: int) -> None:
        key = nfc(key)  # two spellings of one name are one key, and given twice when both are
        mapping = self.open[-1]
        if key in mapping.key_lines:
            first = mapping.key_lines[key]
            raise self.error(line, f"key {key!r} is given twice (lines {first} and {line})", 0)
        mapping.key_lines[key] = line
        mapping.key = key

    def _start(self, event: CollectionStartEvent, line: int) -> None:
        if self._wants_key():
            raise self.error(line, "a key must be a plain value, not a mapping or a list", 0)
        if event.tag is not None and event.tag not in COLLECTION_TAGS:
            raise self.error(line, f"the tag {event.tag} is not allowed")
        if len(self.open) >= MAX_DEPTH:
            raise self.error(line, f"more than {MAX_DEPTH} levels of nesting")
        self._count(1, line)
        value: dict[str, Any] | list[Any] = {} if isinstance(event, MappingStartEvent) else []
        if isinstance(value, dict):
            key_lines: dict[str, int] = {}  # one dict: read for duplicates, kept for errors
            spot = Spot(line, keys={}, key_lines=key_lines)
            self.open.append(_Open(value, spot, event.anchor, self.counted - 1, None, key_lines))
        else:
            self.open.append(_Open(value, Spot(line, items=[]), event.anchor, self.counted - 1))

    def _alias(self, anchor: str, line: int) -> None:
        if self._wants_key():
            raise self.error(line, "a key must be a plain value, not an alias", 0)
        if anchor not in self.anchors:
            raise self.error(line, f"the alias *{anchor} names no complete value before it")
        value, spot, size = self.anchors[anchor]
        self._count(size, line)
        self._add(value, spot, None, size)

    def _count(self, values: int, line: int) -> None:
        self.counted += values
        if self.counted > MAX_VALUES:
            raise self.error(
                line, f"more than {MAX_VALUES} values (aliases count the values they repeat)"
            )

    def _add(self, value: Any, spot: Spot, anchor: str | None, size: int) -> None:
        if anchor is not None:
            self.anchors[anchor] = (value, spot, size)
        if not self.open:
            self.root = (value, spot)
            return
        parent = self.open[-1]
        if isinstance(parent.value, list):
            assert parent.spot.items is not None
            parent.value.append(value)
            parent.spot.items.append(spot)
        else:
            assert parent.key is not None and parent.spot.keys is not None
            parent.value[parent.key] = value
            parent.spot.keys[parent.key] = spot
            parent.key = None

    def _scalar(self, event: ScalarEvent, line: int) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolver.resolve(  # type: ignore[no-untyped-call]
                yaml.ScalarNode, event.value, event.implicit
            )
        if tag in PLAIN_TAGS:
            return event.value
        if tag == f"{TAG}null":
            return None
        if tag == f"{TAG}bool":
            if event.value.lower() not in _constructor.bool_values:
                raise self.error(line, f"{event.value!r} is not true or false")
            return _constructor.bool_values[event.value.lower()]
        if tag in (f"{TAG}int", f"{TAG}float"):
            return self._number(tag, event.value, line)
        raise self.error(line, f"the tag {tag} is not allowed")

    def _number(self, tag: str, text: str, line: int) -> int | float:
        if len(text) > MAX_NUMBER_CHARS:
            raise self.error(line, f"a number of more than {MAX_NUMBER_CHARS} characters")
        node = yaml.ScalarNode(tag, text)
        try:
            number: int | float = (
                _constructor.construct_yaml_int(node)
                if tag == f"{TAG}int"
                else _constructor.construct_yaml_float(node)
            )
        except ValueError:
            raise self.error(line, f"{text!r} is not a number") from None
        if isinstance(number, int) and abs(number) > MAX_INT:
            raise self.error(line, f"{text} is out of range (-{MAX_INT}..{MAX_INT})")
        if not math.isfinite(number):
            raise self.error(line, f"{text} is not a finite number")
        return number

    def error(self, line: int, message: str, trim: int = 1) -> ScenarioError:
        """An error at ``line``; its place is the value being read (``trim=0``: its mapping)."""
        place: list[object] = [
            len(frame.value) if isinstance(frame.value, list) else frame.key for frame in self.open
        ]
        if not trim and place:
            place.pop()
        return ScenarioError(self.file, describe_location(place), message, line)


def describe_location(location: Sequence[object]) -> str:
    """``('script', 2, 'attack')`` -> ``script[2].attack``; a key that would not show as itself
    (a newline, a zero-width space) is quoted with its escapes.

    >>> print(describe_location(("cards", "ember\\u200bimp", "hp")))
    cards['ember\\u200bimp'].hp
    """
    text = ""
    for key in location:
        if isinstance(key, int):
            text += f"[{key}]"
        elif not str(key).isprintable():
            text += f"[{str(key)!r}]"
        else:
            text += f".{key}" if text else str(key)
    return text


def parse_yaml(text: str, file: str) -> tuple[Any, Spot | None]:
    """The data of a one-document YAML ``text`` and the spots of its values (None: empty)."""
    if len(text) > MAX_CHARS:
        raise ScenarioError(file, "", f"the file is larger than {MAX_CHARS} bytes")
    lines = _Lines(text)
    builder = _Builder(file, lines)
    try:
        try:
            for event in yaml.parse(text, Loader=LOADER):
                builder.take(event)
        except yaml.MarkedYAMLError as error:
            raise _syntax_error(error, text, file, lines, builder) from None
        except yaml.reader.ReaderError as error:  # a character YAML does not allow
            # libyaml counts the position in UTF-8 bytes, the Python reader in characters.
            if LOADER is yaml.SafeLoader:
                line = text.count("\n", 0, error.position) + 1
            else:
                line = text.encode("utf-8").count(b"\n", 0, error.position) + 1
            raise ScenarioError(file, "", f"not valid YAML: {error.reason}", line) from None
    except ScenarioError:
        _refuse_hidden_breaks(text, file, builder, builder.reached)  # they would be the cause
        raise
    _refuse_hidden_breaks(text, file, builder, len(text))
    if builder.root is None:
        return None, None
    return builder.root


def _syntax_error(
    error: yaml.MarkedYAMLError, text: str, file: str, lines: _Lines, builder: _Builder
) -> ScenarioError:
    """The parser's error at its line, in the file's words where ``yaml_mistakes`` knows them,
    with the line shown and a caret under what is wrong."""
    mark = error.problem_mark or error.context_mark
    if mark is None:
        return ScenarioError(file, "", f"not valid YAML: {error.problem}")
    builder.reached = mark.index
    line, column = lines.at(mark.index), lines.column(mark.index)
    begun = error.context_mark
    at = None if begun is None else (lines.at(begun.index), lines.column(begun.index))
    said = explain(error.problem, error.context, line, column, at, text)
    context = f" ({error.context})" if error.context else ""
    message = said.message if said else f"{error.problem}{context}"
    shown = excerpt(text, line, said.column if said else column)
    return ScenarioError(file, "", f"not valid YAML: {message}", line, excerpt=shown)


def _refuse_hidden_breaks(text: str, file: str, builder: _Builder, end: int) -> None:
    """Raise a ScenarioError, on the editor's line, at the first break of ``HIDDEN_BREAKS``
    before ``end`` that is not kept in a quoted string."""
    starts = [first for first, _ in builder.quoted]  # in the order they are written
    for found in HIDDEN_BREAK.finditer(text, 0, end):
        quote = bisect.bisect_right(starts, found.start()) - 1
        quoted = quote >= 0 and found.start() < builder.quoted[quote][1]
        if not quoted or found[0] not in KEPT_IN_QUOTES:
            raise ScenarioError(
                file,
                "",
                f"{HIDDEN_BREAKS[found[0]]}: YAML ends a line there (a comment too), where an "
                "editor shows none; write a plain line break, or the escape "
                f"\\u{ord(found[0]):04x} inside double quotes",
                builder.lines.at(found.start()),
            )
