"""Saving by splicing: the file's own text with only the lines of what changed replaced.

A round trip through ruamel keeps comments and key order but writes every flow collection of
the file again, each on one line; splicing leaves every untouched line as it was, byte for byte.
It handles what a save changes (a script cut and extended, or begun where the file had none, a
branch's name, parent or keep, new branches at the end, a top-level mapping's keys changed down
to the entries of its block mappings and lists: a set-up edited); anything else (a branch gone
or moved, a script written in flow style) returns None and the caller falls back to the round
trip. The caller checks that the result reads as the wanted data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from difflib import SequenceMatcher
from typing import TYPE_CHECKING, Any, NamedTuple

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from app.files.merging import item_texts

if TYPE_CHECKING:
    from app.files.saving import SavedBranch, ScriptEdit

Edit = tuple[int, int, list[str]]  # replace lines [first, end) by these
Dump = Callable[[Any], str]  # data as the files write it: a list at the top level, a scalar


class CannotSplice(Exception):
    """The change is not one splicing makes: the caller falls back to the round trip."""


class Writers(NamedTuple):
    """How new lines are written: ``items`` a list's items, ``entry`` a mapping's keys."""

    items: Dump
    entry: Dump


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
    return _applied(lines, edits)


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
            edits += _mapping_edits(document, key, values, lines, Writers(dump, dump_map), order)
    except CannotSplice:
        return None
    return _applied(lines, edits)


def _mapping_edits(
    document: CommentedMap,
    key: str,
    values: dict[str, Any],
    lines: list[str],
    write: Writers,
    order: Sequence[str],
) -> list[Edit]:
    """The top-level block mapping ``document[key]`` with ``values`` written over its keys (a
    block mapping or list edited down to its entries that changed) or after its last one, or
    made where ``order`` puts it."""
    mapping = document.get(key)
    dump = write.entry
    if not mapping:
        body = dump(values).splitlines(keepends=True)
        items = [" " * (_column(document) + 2) + line for line in body]
        followers = order[order.index(key) + 1 :]
        return [_new_key(document, key, items, lines, len(lines), followers)]
    if not isinstance(mapping, CommentedMap) or _is_flow(mapping):
        raise CannotSplice
    column = _column(mapping)
    ends = _entry_ends(lines, mapping, _sequence_end(document, key, lines, len(lines)))
    edits: list[Edit] = []
    added: list[str] = []
    for name, value in values.items():
        entry = [" " * column + line for line in dump({name: value}).splitlines(keepends=True)]
        if name not in mapping:
            added += entry
            continue
        if _nested(mapping[name], value):
            edits += _block_edits(mapping[name], value, lines, ends[name], write)
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
    return _joined(edits)


def _nested(old: Any, new: Any) -> bool:
    """Whether ``old`` is a block collection that ``new``, a non-empty one of its kind, is
    spliced into entry by entry."""
    if isinstance(old, CommentedMap):
        kind: type = dict
    elif isinstance(old, CommentedSeq):
        kind = list
    else:
        return False
    return bool(old) and not _is_flow(old) and isinstance(new, kind) and bool(new)


def _block_edits(node: Any, new: Any, lines: list[str], end: int, write: Writers) -> list[Edit]:
    """The block collection ``node`` (whose last line is before line ``end``) made to hold
    ``new`` (``_nested``): the entries gone taken out, the new ones written in after the entry
    before them, a changed one edited in turn or written again; the comment lines between
    entries stay, above the entry after them."""
    if isinstance(node, CommentedMap):
        return _block_mapping_edits(node, new, lines, end, write)
    return _block_list_edits(node, new, lines, end, write)


def _block_mapping_edits(
    node: CommentedMap, new: dict[Any, Any], lines: list[str], end: int, write: Writers
) -> list[Edit]:
    """A new key goes after the key ``new`` has before it."""
    column, ends = _column(node), _entry_ends(lines, node, end)
    first = node.lc.key(next(iter(node)))[0]
    dashed = "-" in lines[first][:column]  # the mapping is a list's item: its dash is there
    if dashed and (next(iter(new)) not in node or next(iter(node)) not in new):
        raise CannotSplice
    edits: list[Edit] = []
    at = _before_comments(lines, first, column)
    for name, value in new.items():
        written = [" " * column + line for line in write.entry({name: value}).splitlines(True)]
        if name not in node:
            edits.append((at, at, written))
            continue
        at = ends[name]
        if node[name] != value:
            edits += _entry_edits(node, name, value, lines, at, written, write)
    for name in node:
        if name not in new:
            edits.append((node.lc.key(name)[0], ends[name], []))
    return edits


def _block_list_edits(
    node: CommentedSeq, new: list[Any], lines: list[str], end: int, write: Writers
) -> list[Edit]:
    """The items both have stay as written (difflib matches them, as it matches lines)."""
    dash, ends = _dash_column(node, lines), _entry_ends(lines, node, end)
    starts = [node.lc.item(index)[0] for index in range(len(node))]
    if any(lines[line][dash : dash + 1] != "-" for line in starts):
        raise CannotSplice  # an item begun on the line after its dash
    matcher = SequenceMatcher(None, item_texts(node), item_texts(new), autojunk=False)
    edits: list[Edit] = []
    for tag, first, last, new_first, new_last in matcher.get_opcodes():
        if tag == "equal":
            continue
        paired = min(last - first, new_last - new_first)
        for offset in range(paired):
            value = new[new_first + offset]
            written = _items([value], dash, write.items)
            edits += _entry_edits(
                node, first + offset, value, lines, ends[first + offset], written, write
            )
        if new_first + paired < new_last:
            after = first + paired
            at = ends[after - 1] if after else _before_comments(lines, starts[0], dash)
            edits.append((at, at, _items(new[new_first + paired : new_last], dash, write.items)))
        edits += [(starts[index], ends[index], []) for index in range(first + paired, last)]
    return edits


def _entry_edits(
    node: CommentedMap | CommentedSeq,
    key: Any,
    value: Any,
    lines: list[str],
    end: int,
    written: list[str],
    write: Writers,
) -> list[Edit]:
    """Entry ``key`` of ``node`` (ending before line ``end``) made to hold ``value``: edited
    in turn (``_nested``), else its lines replaced by ``written``, as its first line begins
    (a list's dash), with its end-of-line comment when it is one line, then the comment lines
    it had."""
    if _nested(node[key], value):
        return _block_edits(node[key], value, lines, end, write)
    first, column = node.lc.key(key) if isinstance(node, CommentedMap) else node.lc.item(key)
    if isinstance(node, CommentedSeq):  # ``written`` begins at the dash
        column = _dash_column(node, lines)
    new = [lines[first][:column] + written[0][column:], *written[1:]]
    slot = (node.ca.items.get(key) or [None] * 4)[2 if isinstance(node, CommentedMap) else 0]
    on_its_line = slot is not None and slot.value.startswith("#")  # not the lines after it
    if on_its_line and first <= slot.start_mark.line < end and len(new) == 1:
        line = lines[slot.start_mark.line]
        comment = line[: slot.column].rstrip(" ")
        new = [new[0].rstrip("\n") + line[len(comment) :]]
    inside = [line for line in lines[first + 1 : end] if line.lstrip(" ").startswith("#")]
    return [(first, end, new + inside)]  # the comment lines of a block written again stay


def _entry_ends(lines: list[str], node: CommentedMap | CommentedSeq, end: int) -> dict[Any, int]:
    """Where each entry of the block ``node`` ends: where the next begins, less the comments
    just above it (they are its), the last where the block does (``end``)."""
    keys = list(node) if isinstance(node, CommentedMap) else list(range(len(node)))
    starts = [
        node.lc.key(k)[0] if isinstance(node, CommentedMap) else node.lc.item(k)[0] for k in keys
    ]
    column = _column(node) if isinstance(node, CommentedMap) else _dash_column(node, lines)
    follows = [*starts[1:], end]
    return {
        k: _before_comments(lines, after, column) for k, after in zip(keys, follows, strict=True)
    }


def _applied(lines: list[str], edits: list[Edit]) -> str:
    """``lines`` with ``edits`` made, the last lines first so that each edit's line numbers
    hold (of two insertions at one line, the later one given is written first)."""
    for first, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        lines[first:end] = new
    return "".join(lines)


def _joined(edits: list[Edit]) -> list[Edit]:
    """``edits`` with the insertions at one line made one, written in the order given (the
    end of a block, then what follows it), which is the order of a mapping's edits down to
    its entries'."""
    joined: list[Edit] = []
    insertions: dict[int, int] = {}  # a line: where ``joined`` has its insertion
    for first, end, new in edits:
        if first == end and first in insertions:
            at = insertions[first]
            joined[at] = (first, end, joined[at][2] + new)
            continue
        if first == end:
            insertions[first] = len(joined)
        joined.append((first, end, new))
    return joined


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
    line: int  # ruamel types the item's (line, column) as Any
    column: int
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
