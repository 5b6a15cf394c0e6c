"""The round trip's edit of a file read with its comments (ruamel) to hold new data: in place,
down to the values that changed, so that every line it keeps keeps its comments and its flow or
block style (``merge``).

ruamel keeps a comment on a line of its own in one of two places: with the entry before it, at
the end of that entry's end-of-line comment when it has one, else with the entry after it. A
collection edited here first has every such comment between two entries put with the entry
after it (``_comments_before_entries``): it then stays above the entry it is about when the one
before is removed or another is put after it. The comments after a collection's last entry
(before whatever follows the collection) move to the new last entry when one is appended, and
to the one before when the last is removed.
"""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.scalarstring import DoubleQuotedScalarString
from ruamel.yaml.tokens import CommentToken

Collection = CommentedMap | CommentedSeq
BEFORE = 1  # where ``ca.items`` keeps the comment lines above an entry
OPENING = 3  # and those between a key and the first entry of its block
# where it keeps an entry's end-of-line comment (and the comment lines after it, if any)
END_OF_LINE = {CommentedMap: 2, CommentedSeq: 0}


def merge(old: Any, new: Any) -> bool:
    """``old`` (read for the round trip) edited in place to hold ``new`` when both are mappings
    or both lists: keys and items gone removed, new ones inserted, a changed value merged in
    turn, else replaced. False (nothing done) when they are not both mappings or both lists,
    or ``new`` is empty (written ``{}`` or ``[]`` in its place: an emptied block is no YAML)."""
    if not new:
        return False
    if isinstance(old, CommentedMap) and isinstance(new, dict):
        _merge_mapping(old, new)
    elif isinstance(old, CommentedSeq) and isinstance(new, list):
        _merge_sequence(old, new)
    else:
        return False
    return True


def _merge_mapping(old: CommentedMap, new: dict[Any, Any]) -> None:
    """A new key goes after the key ``new`` has before it."""
    _comments_before_entries(old)
    for name in [name for name in old if name not in new]:
        _remove(old, name)
    at = 0
    for name, item in new.items():
        if name not in old:
            _insert(old, at, name, styled(item))
        elif old[name] != item and not merge(old[name], item):
            _replace(old, name, styled(item))
        at = list(old).index(name) + 1


def _merge_sequence(old: CommentedSeq, new: list[Any]) -> None:
    """The items both have stay where they are (difflib matches them, as it matches lines), so
    that a card taken out of a hand leaves the others' comments on theirs; a changed item is
    merged with the one in its place, the others removed or inserted."""
    _comments_before_entries(old)
    matcher = SequenceMatcher(None, item_texts(old), item_texts(new), autojunk=False)
    for tag, first, end, new_first, new_end in reversed(matcher.get_opcodes()):
        if tag == "equal":
            continue
        paired = min(end - first, new_end - new_first)
        for offset in range(paired):
            item = new[new_first + offset]
            if not merge(old[first + offset], item):
                _replace(old, first + offset, styled(item))
        for index in reversed(range(first + paired, end)):
            _remove(old, index)
        for offset, item in enumerate(new[new_first + paired : new_end]):
            _insert(old, first + paired + offset, first + paired + offset, styled(item))


def item_texts(items: list[Any]) -> list[str]:
    """Each item as a text two equal items share (difflib compares hashable items)."""
    return [json.dumps(item, sort_keys=True, default=str) for item in items]


# ----------------------------------------------------------------------------- entries


def _keys(collection: Collection) -> list[Any]:
    return list(collection) if isinstance(collection, CommentedMap) else [*range(len(collection))]


def _remove(collection: Collection, key: Any) -> None:
    """The entry ``key`` removed; the comment lines above it stay above the next entry, or,
    when it was the last, go after the one before it with those that followed it."""
    keys = _keys(collection)
    place = keys.index(key)
    above = _take_above(collection, key)
    below = _take_below(collection, key)
    if place + 1 < len(keys):
        _put_above(collection, keys[place + 1], above)
    elif place > 0:
        _put_below(collection, keys[place - 1], above + below)
    del collection[key]


def _insert(collection: Collection, at: int, key: Any, value: Any) -> None:
    """``value`` inserted as entry ``at`` (under ``key`` in a mapping); put last, it takes the
    comment lines that followed the last entry."""
    keys = _keys(collection)
    below = _take_below(collection, keys[-1]) if keys and at == len(keys) else ""
    if isinstance(collection, CommentedMap):
        collection.insert(at, key, value)
    else:
        collection.insert(at, value)
    if below:
        _put_below(collection, key, below)


def _replace(collection: Collection, key: Any, value: Any) -> None:
    """``value`` in the place of entry ``key``, its end-of-line comment and the comment lines
    after it kept, and those its block began with put after it."""
    slot = _slot(collection, key)
    inside, slot[OPENING] = _text(slot[OPENING] or []), None
    below = inside + _take_below(collection, key)
    collection[key] = value
    if below:
        _put_below(collection, key, below)


# ----------------------------------------------------------------------------- comments


def _comments_before_entries(collection: Collection) -> None:
    keys = _keys(collection)
    for earlier, key in zip(keys, keys[1:], strict=False):
        below = _take_below(collection, earlier)
        if below:
            _put_above(collection, key, below)


def _slot(collection: Collection, key: Any) -> list[Any]:
    """The comments ruamel keeps for entry ``key`` of ``collection``."""
    slot: list[Any] = collection.ca.items.setdefault(key, [None, None, None, None])
    return slot


def _last_line(collection: Collection, key: Any) -> tuple[Collection, Any]:
    """The entry that ends entry ``key``: itself, or the last of its block collection's."""
    value = collection[key]
    while isinstance(value, Collection) and value and not value.fa.flow_style():
        collection, key = value, _keys(value)[-1]
        value = collection[key]
    return collection, key


def _take_below(collection: Collection, key: Any) -> str:
    """The comment lines after entry ``key`` (its end-of-line comment stays), as written."""
    holder, last = _last_line(collection, key)
    slot, at = _slot(holder, last), END_OF_LINE[type(holder)]
    token = slot[at]
    if token is None:
        return ""
    text = str(token.value)
    cut = text.find("\n") + 1
    if not cut or cut == len(text):
        return ""
    if text[:cut].strip():
        token.value = text[:cut]
    else:
        slot[at] = None
    return text[cut:]


def _put_below(collection: Collection, key: Any, lines: str) -> None:
    """``lines`` (comment lines as written) after the end of entry ``key``."""
    if not lines:
        return
    holder, last = _last_line(collection, key)
    slot, at = _slot(holder, last), END_OF_LINE[type(holder)]
    if slot[at] is None:
        slot[at] = _token("\n" + lines)[0]
    else:
        slot[at].value += lines


def _take_above(collection: Collection, key: Any) -> str:
    """The comment lines above entry ``key``, as written."""
    slot = _slot(collection, key)
    tokens, slot[BEFORE] = slot[BEFORE] or [], None
    return _text(tokens)


def _text(tokens: list[CommentToken]) -> str:
    """Comment lines as written."""
    return "".join(" " * token.column + token.value for token in tokens)


def _put_above(collection: Collection, key: Any, lines: str) -> None:
    if lines:
        slot = _slot(collection, key)
        slot[BEFORE] = _token(lines) + (slot[BEFORE] or [])


def _token(lines: str) -> list[CommentToken]:
    """Comment lines as written, their indent included, as ruamel keeps them."""
    return [CommentToken(lines, CommentMark(0))] if lines else []


# ----------------------------------------------------------------------------- new values


def styled(value: Any) -> Any:
    """Data as scenario files write it: a collection of plain values on one line; a string
    quoted when the reading side (YAML 1.1) would take it for something else (``yes``, ``1:20``)."""
    if isinstance(value, str):
        return value if _reads_as(value) == value else DoubleQuotedScalarString(value)
    if isinstance(value, dict):
        items = list(value.values())
        pairs = ((styled(key), styled(item)) for key, item in value.items())
        written: Collection = CommentedMap(pairs)
    elif isinstance(value, list):
        items = value
        written = CommentedSeq(styled(item) for item in value)
    else:
        return value
    if not any(isinstance(item, dict | list) for item in items):
        written.fa.set_flow_style()
    return written


def _reads_as(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None
