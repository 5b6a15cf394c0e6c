"""Saving by splicing: the file's own text with only the lines of what changed replaced.

A round trip through ruamel keeps comments and key order but writes every flow collection of
the file again, each on one line; splicing leaves every untouched line as it was, byte for byte.
It handles what a save changes (a script cut and extended, or begun where the file had none, a
branch's name, parent or keep, new branches at the end); anything else (a branch gone or moved,
a script written in flow style) returns None and the caller falls back to the round trip. The
caller checks that the result reads as the wanted data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

if TYPE_CHECKING:
    from app.files.saving import SavedBranch, ScriptEdit

Edit = tuple[int, int, list[str]]  # replace lines [first, end) by these
Dump = Callable[[Any], str]  # data as the files write it: a list at the top level, a scalar


class CannotSplice(Exception):
    """The change is not one splicing makes: the caller falls back to the round trip."""


def splice(
    text: str,
    edit: ScriptEdit,
    branches: Sequence[SavedBranch],
    entry_of: Callable[[SavedBranch], dict[str, Any]],
    changes_of: Callable[[Any, SavedBranch], dict[str, Any]],
    load: Callable[[str], Any],
    dump: Dump,
    scalar: Dump,
) -> str | None:
    """``text`` with its script edited by ``edit`` and its branches as ``branches`` (a new one
    written as ``entry_of`` makes it, a read one changed as ``changes_of`` says), or None;
    ``dump`` writes a list of items, ``scalar`` a value on one line."""
    read = _read(text, load)
    if read is None:
        return None
    document, lines = read
    try:
        edits = _sequence_edit(document, "script", edit.kept, edit.added, lines, len(lines), dump)
        edits += _branch_edits(document, branches, entry_of, changes_of, lines, dump, scalar)
    except CannotSplice:
        return None
    for first, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        lines[first:end] = new
    return "".join(lines)


def _read(text: str, load: Callable[[str], Any]) -> tuple[CommentedMap, list[str]] | None:
    """The document of ``text`` and its lines, each ending with a newline; None for a text that
    does not read as a mapping of keys (the caller falls back to the round trip)."""
    try:
        document = load(text)
    except YAMLError:
        return None
    if not isinstance(document, CommentedMap):
        return None
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return document, lines


def splice_keys(
    text: str,
    lists: Mapping[str, tuple[int, list[Any]]],
    maps: Mapping[str, dict[str, Any]],
    order: Sequence[str],
    load: Callable[[str], Any],
    dump: Dump,
    dump_map: Dump,
) -> str | None:
    """``text`` with top-level lists cut after their first ``kept`` items and extended (``lists``:
    key: (kept, added)) and top-level mappings given new or changed keys (``maps``: key: the
    keys' new values), or None; a key the file lacks goes where ``order`` (the keys in the order
    files write them) puts it. ``dump`` writes a list's items, ``dump_map`` a block mapping."""
    read = _read(text, load)
    if read is None:
        return None
    document, lines = read
    try:
        edits: list[Edit] = []
        for key, (kept, added) in lists.items():
            after = order[order.index(key) + 1 :]
            edits += _sequence_edit(document, key, kept, added, lines, len(lines), dump, after)
        for key, values in maps.items():
            edits += _mapping_edits(document, key, values, lines, dump_map, order)
    except CannotSplice:
        return None
    for first, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        lines[first:end] = new
    return "".join(lines)


def _mapping_edits(
    document: CommentedMap,
    key: str,
    values: dict[str, Any],
    lines: list[str],
    dump: Dump,
    order: Sequence[str],
) -> list[Edit]:
    """The top-level block mapping ``document[key]`` with ``values`` written over its keys or
    after its last one (each line as ``dump`` writes it), or made where ``order`` puts it."""
    mapping = document.get(key)
    if not mapping:
        body = dump(values).splitlines(keepends=True)
        items = [" " * (_column(document) + 2) + line for line in body]
        followers = order[order.index(key) + 1 :]
        return [_new_key(document, key, items, lines, len(lines), followers)]
    if not isinstance(mapping, CommentedMap) or _is_flow(mapping):
        raise CannotSplice
    column = _column(mapping)
    edits: list[Edit] = []
    added: list[str] = []
    for name, value in values.items():
        entry = [" " * column + line for line in dump({name: value}).splitlines(keepends=True)]
        if name not in mapping:
            added += entry
            continue
        if isinstance(mapping[name], CommentedMap | CommentedSeq) or len(entry) != 1:
            raise CannotSplice
        line = mapping.lc.key(name)[0]
        found = re.match(r"[^#\n]*?(\s+#.*)?\n", lines[line])
        comment = found[1] if found and found[1] else ""
        edits.append((line, line + 1, [entry[0].rstrip("\n") + comment + "\n"]))
    if added:
        at = _sequence_end(document, key, lines, len(lines))
        edits.append((at, at, added))
    return edits


def _branch_edits(
    document: CommentedMap,
    branches: Sequence[SavedBranch],
    entry_of: Callable[[SavedBranch], dict[str, Any]],
    changes_of: Callable[[Any, SavedBranch], dict[str, Any]],
    lines: list[str],
    dump: Dump,
    scalar: Dump,
) -> list[Edit]:
    written = document.get("branches")
    read = [branch for branch in branches if branch.origin is not None]
    count = len(written) if isinstance(written, CommentedSeq) else 0
    if [branch.origin for branch in branches[: len(read)]] != list(range(count)):
        raise CannotSplice  # a branch gone or moved, or a new one before one read
    if not branches:
        return []
    if not isinstance(written, CommentedSeq) or not written or _is_flow(written):
        raise CannotSplice
    edits: list[Edit] = []
    for branch in read:
        assert branch.origin is not None
        entry = written[branch.origin]
        if not isinstance(entry, CommentedMap) or _is_flow(entry):
            raise CannotSplice
        end = _item_end(document, "branches", branch.origin, lines)
        for key, value in changes_of(entry, branch).items():
            if key == "script":
                edits += _sequence_edit(entry, key, value.kept, value.added, lines, end, dump)
            else:
                edits.append(_scalar_edit(entry, key, scalar(value), lines))
    new = [entry_of(branch) for branch in branches[len(read) :]]
    if new:
        at = _sequence_end(document, "branches", lines, len(lines))
        edits.append((at, at, _items(new, _dash_column(written, lines), dump)))
    return edits


def _sequence_edit(
    mapping: CommentedMap,
    key: str,
    kept: int,
    added: list[Any],
    lines: list[str],
    limit: int,
    dump: Dump,
    followers: Sequence[str] = (),
) -> list[Edit]:
    """Cut the block sequence ``mapping[key]`` after ``kept`` items and add ``added``; a
    sequence missing or empty is written anew (a script before the keys it precedes, another
    key before the first of ``followers``)."""
    sequence = mapping.get(key)
    if kept == len(sequence or ()) and not added:
        return []
    if not sequence:
        return [_new_sequence(mapping, key, added, lines, limit, dump, followers)]
    if not isinstance(sequence, CommentedSeq) or _is_flow(sequence):
        raise CannotSplice
    end = _sequence_end(mapping, key, lines, limit)
    first = sequence.lc.item(kept)[0] if kept < len(sequence) else end
    return [(first, end, _items(added, _dash_column(sequence, lines), dump) if added else [])]


SCRIPT_BEFORE = ("expect", "expect_error", "branches")  # the top-level keys a script precedes


def script_position(document: CommentedMap, followers: Sequence[str] = SCRIPT_BEFORE) -> int:
    """Where a file lacking ``script:`` (or another key, preceding ``followers``) gets one among
    its top-level keys: before the first of those it precedes, else last."""
    keys = list(document)
    return next((keys.index(key) for key in keys if key in followers), len(keys))


def _new_sequence(
    mapping: CommentedMap,
    key: str,
    added: list[Any],
    lines: list[str],
    limit: int,
    dump: Dump,
    followers: Sequence[str] = (),
) -> Edit:
    """``key:`` with ``added`` as its block sequence (``_new_key``)."""
    return _new_key(
        mapping, key, _items(added, _column(mapping) + 2, dump), lines, limit, followers
    )


def _column(mapping: CommentedMap) -> int:
    """The column of ``mapping``'s keys (0 for an empty one)."""
    return mapping.lc.key(next(iter(mapping)))[1] if mapping else 0


def _new_key(
    mapping: CommentedMap,
    key: str,
    items: list[str],
    lines: list[str],
    limit: int,
    followers: Sequence[str],
) -> Edit:
    """``key:`` with ``items`` (its lines, indented) under it, over the line of an empty
    ``key:`` (its comment kept), else as a new key of ``mapping`` (ending at ``limit``) where
    a script goes (``script_position``), or another key before the first of ``followers``."""
    keys = list(mapping)
    column = _column(mapping)
    if key in mapping:
        line = mapping.lc.key(key)[0]
        empty = rf"( *){re.escape(key)}:\s*(?:\[\s*\]|\{{\s*\}}|~|null)?\s*(#.*)?\n"
        found = re.fullmatch(empty, lines[line])
        if found is None:
            raise CannotSplice
        comment = f"  {found[2]}" if found[2] else ""
        return (line, line + 1, [f"{found[1]}{key}:{comment}\n", *items])
    at = script_position(mapping, followers or SCRIPT_BEFORE)
    end = limit if at == len(keys) else _before_comments(lines, mapping.lc.key(keys[at])[0], column)
    if len(items) == 1 and items[0].lstrip().startswith("["):  # a list of plain values
        return (end, end, [" " * column + f"{key}: {items[0].lstrip()}"])  # on its key's line
    return (end, end, [" " * column + f"{key}:\n", *items])


def _scalar_edit(mapping: CommentedMap, key: str, value: str, lines: list[str]) -> Edit:
    """``key: value`` (``value`` as written) in place of its line, its comment kept, or a new
    line after the first key's when the mapping lacks it."""
    if "\n" in value:
        raise CannotSplice
    if key not in mapping:
        line, column = mapping.lc.key(next(iter(mapping)))
        return (line + 1, line + 1, [" " * column + f"{key}: {value}\n"])
    if isinstance(mapping[key], CommentedMap | CommentedSeq):
        raise CannotSplice
    line, column = mapping.lc.key(key)
    found = re.match(rf"(.{{{column}}}){re.escape(key)}:\s*[^#\n]*?(\s+#.*)?\n", lines[line])
    if found is None:
        raise CannotSplice
    return (line, line + 1, [f"{found[1]}{key}: {value}{found[2] or ''}\n"])


def _items(values: list[Any], dash: int, dump: Dump) -> list[str]:
    """``values`` as block sequence items whose dashes stand at column ``dash``."""
    text = dump(values)
    lines = text.splitlines(keepends=True)
    offset = len(lines[0]) - len(lines[0].lstrip(" "))  # where the dumper put its dashes
    return [" " * dash + line[offset:] if line.strip() else line for line in lines]


def _dash_column(sequence: CommentedSeq, lines: list[str]) -> int:
    line, column = sequence.lc.item(0)
    dash = lines[line].rfind("-", 0, column)
    if dash < 0:
        raise CannotSplice
    return dash


def _sequence_end(mapping: CommentedMap, key: str, lines: list[str], limit: int) -> int:
    """The line after the last one of ``mapping[key]``: where the next key of ``mapping``
    begins, less the comments just above it (they are that key's), or ``limit``."""
    keys = list(mapping)
    after = keys.index(key) + 1
    end = mapping.lc.key(keys[after])[0] if after < len(keys) else limit
    return _before_comments(lines, end, mapping.lc.key(key)[1])


def _item_end(mapping: CommentedMap, key: str, index: int, lines: list[str]) -> int:
    """The line after the last one of item ``index`` of the sequence ``mapping[key]``."""
    sequence = mapping[key]
    if index + 1 < len(sequence):
        return _before_comments(lines, sequence.lc.item(index + 1)[0], 0)
    return _sequence_end(mapping, key, lines, len(lines))


def _before_comments(lines: list[str], end: int, column: int) -> int:
    """``end``, moved up over the blank lines and comments (at ``column`` or left of it) just
    above it."""
    while end > 0:
        line = lines[end - 1]
        stripped = line.lstrip(" ")
        comment = stripped.startswith("#") and len(line) - len(stripped) <= column
        if stripped.strip() and not comment:
            break
        end -= 1
    return end


def _is_flow(collection: CommentedMap | CommentedSeq) -> bool:
    return bool(collection.fa.flow_style())
