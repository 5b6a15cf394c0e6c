"""Saving a scenario: its text with a new script, written so that a failure loses nothing.

The new text keeps the file's comments, key order and ``expect`` block: only the lines of what
changed are written again (``splicing``), else the file goes through round-trip YAML, edited in
place down to the values that changed (``merging``). Writing
goes to a temporary file in the target's folder, synced to disk, then put in the target's place
in one step: a failure at any point leaves the old file as it was.
Every failure is a ``SaveError`` naming the file and the reason. No Qt here.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import platformdirs
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from app.files.merging import merge, styled
from app.files.splicing import script_position, splice, splice_keys
from engine import output_files
from engine.assets import ASSETS, LESSONS
from engine.branches import MAIN, written
from engine.errors import ScenarioError
from engine.lessons import words_as_written
from engine.output_files import OutputError, verify_output
from engine.ruleset import ruleset
from engine.safe_yaml import MAX_CHARS
from engine.scenario import validate_scenario
from engine.script import ScriptAction, dump_action, script_labels
from engine.yaml_source import YamlSource, as_tuples


class SaveError(Exception):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"Cannot save {path}:\n{reason}")


class FileChanged(SaveError):
    """The file to save over was changed on disk since it was read: the user decides."""


def is_shipped(path: Path) -> bool:
    """A shipped example or lesson: read-only, saved only as a copy elsewhere."""
    return path.resolve().is_relative_to(ASSETS.resolve())


def copy_location(path: Path, lessons: Path | None = None) -> Path:
    """Where a copy of a shipped file is offered: a shipped lesson's in ``lessons``, the user's
    lessons folder, when given (File > Lessons lists it under My lessons), another in the user's
    documents, in ``Cardtable``."""
    if lessons is not None and path.resolve().is_relative_to(LESSONS.resolve()):
        return lessons / path.name
    return Path(platformdirs.user_documents_dir()) / "Cardtable" / path.name


def lessons_folder(configured: str | None = None) -> Path:
    """The user's own lessons (File > Lessons lists them beside the shipped ones): the folder
    the settings name, else ``Cardtable/lessons`` in the user's data folder; made here, on first
    use, when it can be (else the menu lists none)."""
    data = Path(platformdirs.user_data_dir("Cardtable"))
    folder = Path(configured) if configured else data / "lessons"
    with suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder


# ----------------------------------------------------------------------------- the text


@dataclass(frozen=True)
class SavedBranch:
    """A what-if branch as it is saved: it keeps ``keep`` actions of ``parent``, then plays
    ``actions``. ``origin`` is its place among the file's branches (None for a new one), whose
    entry, its expectations and comments stay as written where the branch did not change it;
    ``written`` is that entry's script as read."""

    name: str
    parent: str
    keep: int
    actions: Sequence[ScriptAction]
    origin: int | None = None
    written: Sequence[ScriptAction] = ()


@dataclass(frozen=True)
class ScriptEdit:
    """How a script changes: its first ``kept`` actions stay as written, ``added`` follow."""

    kept: int
    added: list[dict[str, Any]]

    @classmethod
    def of(cls, written: Sequence[ScriptAction], actions: Sequence[ScriptAction]) -> ScriptEdit:
        kept = _kept(written, actions)
        return cls(kept, [dump_action(action) for action in actions[kept:]])

    def changes(self, written: int) -> bool:
        return bool(self.added) or self.kept < written


def scenario_text(
    source: YamlSource,
    script: Sequence[ScriptAction],
    actions: Sequence[ScriptAction],
    branches: Sequence[SavedBranch] = (),
    authored: Mapping[str, Any] | None = None,
) -> str:
    """The file read as ``source`` (whose script was ``script``) with ``actions`` as its script,
    ``branches`` as its what-if branches and the top-level keys ``authored`` gives (``expect``,
    a lesson's ``notes`` and ``predict``: the data each should hold) as given.

    The leading actions the file already had keep their text and comments, and so does every
    key of a branch (its expectations, its comments) that saving does not change; an authored
    list keeps its leading entries, a mapping the keys it keeps, as written. When the round
    trip does not give back the wanted data exactly (a duplicate key, say), the data is written
    plainly. Raises SaveError when the result could not be opened again: not a valid scenario,
    too large, or a character that cannot be written."""
    branches = _unlabelled(actions, branches)
    edit = ScriptEdit.of(script, actions)
    wanted = dict(source.data)
    if edit.changes(len(script)):  # else a file without ``script:`` gains none
        wanted["script"] = (wanted.get("script") or [])[: edit.kept] + edit.added
    written = wanted.pop("branches", None) or []
    if branches:
        wanted["branches"] = [_branch_entry(written, branch) for branch in branches]
    keys = _key_changes(source.data, authored or {})
    wanted |= keys
    # Unchanged, the file is written as read, to the byte: nothing moves.
    text = source.text if wanted == source.data else _spliced(source.text, edit, branches)
    if text is not None and keys:
        text = _spliced_keys(text, source.data, keys)
    return _settled(
        source,
        text,
        wanted,
        lambda: _round_trip(source.text, edit, branches, keys),
        validate_scenario,
        "the result would not be a valid scenario",
    )


def with_keys(
    source: YamlSource,
    keys: Mapping[str, Any],
    verify: Callable[[YamlSource], object] = validate_scenario,
) -> str:
    """The file read as ``source`` with its top-level ``keys`` holding the data given (the
    card designer's ``cards`` with a card defined, a ``setup`` with it in a hand), every other
    line as written: the keys spliced in where they can be, else through the round trip, which
    keeps the comments of what it does not write again. Raises SaveError when ``verify`` (a
    scenario's validation, else a card file's) refuses the result."""
    wanted = dict(source.data) | dict(keys)
    changes = _key_changes(source.data, keys)
    text = _spliced_keys(source.text, source.data, changes) if changes else source.text
    return _settled(
        source,
        text,
        wanted,
        lambda: _keys_round_trip(source.text, changes),
        verify,
        "the result would not be valid",
    )


def _settled(
    source: YamlSource,
    text: str | None,
    wanted: Any,
    round_trip: Callable[[], str | None],
    verify: Callable[[YamlSource], object],
    invalid: str,
) -> str:
    """The first text that reads as ``wanted``: the spliced ``text``, else the ``round_trip``
    (comments kept), else the data dumped afresh; checked by ``verify``, or SaveError saying
    ``invalid`` and why."""

    def reads_as_wanted(candidate: str | None) -> bool:
        try:
            return candidate is not None and _readable(source, candidate).data == wanted
        except ScenarioError:  # a splice gone wrong (not YAML): the next way is tried
            return False

    if not reads_as_wanted(text):
        text = round_trip()
    if text is None or not reads_as_wanted(text):
        text = _dump(styled(wanted))
    try:
        verify(_readable(source, text))
    except ScenarioError as error:
        raise SaveError(source.path, f"{invalid}: {error}") from None
    return text


def _key_changes(data: dict[str, Any], authored: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of ``authored`` whose data differs from the file's (a key the file leaves out
    reads as empty: an empty one is not written in)."""
    return {
        key: value
        for key, value in authored.items()
        if data.get(key, type(value)()) != value and (value or key in data)
    }


def _kept(written: Sequence[Any], wanted: Sequence[Any]) -> int:
    """How many leading items of ``wanted`` are those ``written`` has."""
    kept = 0
    while kept < min(len(written), len(wanted)) and written[kept] == wanted[kept]:
        kept += 1
    return kept


def _unlabelled(
    script: Sequence[ScriptAction], branches: Sequence[SavedBranch]
) -> list[SavedBranch]:
    """``branches`` with the labels of their new actions taken out where the file uses them
    already (a label is used once in a file): an action answered again in a new branch is a
    copy of one that has a label."""
    taken = script_labels(script)
    for branch in branches:
        if branch.origin is not None:
            taken |= script_labels(branch.actions)
    saved = []
    for branch in branches:
        if branch.origin is None:
            actions = [_without_labels(action, taken) for action in branch.actions]
            branch = replace(branch, actions=actions)
            taken |= script_labels(actions)
        saved.append(branch)
    return saved


def _without_labels(action: ScriptAction, labels: set[str]) -> ScriptAction:
    """``action`` without the ``labels`` it or the actions inside it give."""
    data = dump_action(action)
    for _, entry in written([data], (), type(action)):
        if isinstance(entry, dict) and entry.get("label") in labels:
            del entry["label"]
    return type(action).model_validate(as_tuples(data))


def _readable(source: YamlSource, text: str) -> YamlSource:
    """``text`` read back as the file it would make in place of ``source`` (``verify_reopens``),
    its data as opening reads it: a lesson's ``Yes`` the word (``words_as_written``), as in
    ``source.data``, or every lesson with one would be written plainly."""
    verify_reopens(source.path, text, source.newline)
    readable = YamlSource(source.path, text, source.newline)
    words_as_written(readable)
    return readable


def verify_reopens(path: Path, text: str, newline: str = "\n") -> None:
    """Raise SaveError unless the reader would take ``text`` saved with ``newline`` line breaks:
    at most the size it reads, no character UTF-8 cannot hold (a lone surrogate)."""
    try:
        size = len(text.encode("utf-8")) + text.count("\n") * (len(newline) - 1)
    except UnicodeEncodeError as error:
        char = text[error.start]
        line = text.count("\n", 0, error.start) + 1
        raise SaveError(
            path, f"line {line} would hold U+{ord(char):04X}, a character a file cannot hold"
        ) from None
    if size > MAX_CHARS:
        raise SaveError(
            path, f"it would be {size} bytes, more than the {MAX_CHARS} a scenario may have"
        )


def _branch_entry(written: list[Any], branch: SavedBranch) -> dict[str, Any]:
    """The data of a branch as saved: the file's entry with what the branch changed."""
    if branch.origin is None:
        script = [dump_action(action) for action in branch.actions]
        return {"name": branch.name, "parent": branch.parent, "keep": branch.keep, "script": script}
    entry = dict(written[branch.origin])
    for key, value in _branch_changes(entry, branch).items():
        if key == "script":
            value = (entry.get("script") or [])[: value.kept] + value.added
        entry[key] = value
    return entry


def _branch_changes(entry: Any, branch: SavedBranch) -> dict[str, Any]:
    """The keys of the file's entry of ``branch`` that saving changes, with their new values
    (a ScriptEdit for the script); a key left out with its default value stays left out."""
    changes: dict[str, Any] = {}
    for key, value, default in (("name", branch.name, None), ("parent", branch.parent, MAIN)):
        if entry.get(key, default) != value:
            changes[key] = value
    if entry.get("keep", 0) != branch.keep:
        changes["keep"] = branch.keep
    edit = ScriptEdit.of(branch.written, branch.actions)
    if edit.changes(len(branch.written)):
        changes["script"] = edit
    return changes


def _yaml() -> YAML:
    writer = YAML()  # round trip: builds plain mappings, lists and scalars only, never objects
    writer.indent(mapping=2, sequence=4, offset=2)  # as the scenario files are written
    writer.width = 4096  # long lines stay as written
    writer.preserve_quotes = True
    writer.allow_duplicate_keys = True  # the comparison with the file's data catches them
    return writer


def _spliced(text: str, edit: ScriptEdit, branches: Sequence[SavedBranch]) -> str | None:
    """The file's text with only the lines of what changed replaced (``splicing``)."""
    return splice(
        text,
        edit,
        branches,
        lambda branch: _branch_entry([], branch),
        _branch_changes,
        _yaml().load,
        lambda items: _dump(styled(items)),
        _scalar_text,
    )


def _spliced_keys(text: str, data: dict[str, Any], keys: dict[str, Any]) -> str | None:
    """``text`` (read as ``data``) with the top-level ``keys`` changed: a list's new entries
    after those it keeps, a mapping's new and changed keys (one that lost a key: None)."""
    lists, maps = {}, {}
    for key, value in keys.items():
        old = data.get(key) or type(value)()
        if isinstance(value, list) and isinstance(old, list):
            kept = _kept(old, value)
            lists[key] = (kept, value[kept:])
        elif isinstance(value, dict) and isinstance(old, dict) and old.keys() <= value.keys():
            maps[key] = {name: item for name, item in value.items() if old.get(name) != item}
        else:
            return None
    return splice_keys(
        text,
        lists,
        maps,
        _key_order(data),
        _yaml().load,
        lambda items: _dump(styled(items)),
        lambda mapping: _dump(_block(mapping)),
    )


def _key_order(data: dict[str, Any]) -> list[str]:
    """The top-level keys of a file of ``data``'s ruleset, in the order files write them."""
    return list(ruleset(data["ruleset"]).scenario.model_fields)


def _block(mapping: dict[str, Any]) -> CommentedMap:
    """A mapping written a key a line (``notes``), its values as ``styled`` writes them."""
    return CommentedMap((key, styled(value)) for key, value in mapping.items())


def _scalar_text(value: Any) -> str:
    """A value as a file writes it after ``key: ``."""
    return _dump(CommentedMap([("v", styled(value))])).removeprefix("v: ").rstrip("\n")


def _round_trip(
    text: str, edit: ScriptEdit, branches: Sequence[SavedBranch], keys: dict[str, Any]
) -> str | None:
    document = _with_keys(text, keys)
    if document is None:
        return None
    if edit.changes(len(document.get("script") or ())):
        if "script" not in document:
            document.insert(script_position(document), "script", CommentedSeq())
        elif not isinstance(document["script"], CommentedSeq):
            document["script"] = CommentedSeq()
        _edit_seq(document, "script", edit)
    written = document.get("branches")
    if not branches:
        document.pop("branches", None)
    elif not isinstance(written, CommentedSeq):
        document["branches"] = styled([_branch_entry([], b) for b in branches])
    else:
        entries = [_edited_branch(written, branch) for branch in branches]
        if entries != list(written):  # a branch added or gone: the list is made anew
            document["branches"] = CommentedSeq(entries)
    return _dump(document)


def _keys_round_trip(text: str, keys: dict[str, Any]) -> str | None:
    """``text`` through the round trip with its top-level ``keys`` set (``_set_key``)."""
    document = _with_keys(text, keys)
    return None if document is None else _dump(document)


def _with_keys(text: str, keys: dict[str, Any]) -> CommentedMap | None:
    """``text`` read for the round trip, its top-level ``keys`` set; None for a text that is
    not a mapping of keys."""
    try:
        document = _yaml().load(text)
    except YAMLError:
        return None
    if not isinstance(document, CommentedMap):
        return None
    for key, value in keys.items():
        _set_key(document, key, value)
    return document


def _set_key(document: CommentedMap, key: str, value: Any) -> None:
    """Top-level ``key`` of ``document`` made to hold ``value``: a list or a mapping edited in
    place (``merging``), what it keeps keeping its comments; a new key goes where files write it."""
    old = document.get(key)
    if key in document and merge(old, value):
        return
    new = _block(value) if isinstance(value, dict) else styled(value)
    if key in document:
        document[key] = new
    else:
        order = _key_order(dict(document))
        document.insert(script_position(document, order[order.index(key) + 1 :]), key, new)


def _edited_branch(written: CommentedSeq, branch: SavedBranch) -> Any:
    """The file's entry of ``branch`` edited in place (its comments stay), or a new entry."""
    if branch.origin is None or not isinstance(written[branch.origin], CommentedMap):
        return styled(_branch_entry([], branch))
    entry = written[branch.origin]
    position = {"name": 0, "parent": 1, "keep": 2}
    for key, value in _branch_changes(entry, branch).items():
        if key == "script":
            if not isinstance(entry.get("script"), CommentedSeq):
                entry["script"] = CommentedSeq()
            _edit_seq(entry, "script", value)
        elif key in entry:
            entry[key] = styled(value)
        else:  # beside the name, where a reader looks for it
            entry.insert(min(position[key], len(entry)), key, styled(value))
    return entry


def _edit_seq(mapping: CommentedMap, key: str, edit: ScriptEdit) -> None:
    sequence = mapping[key]
    del sequence[edit.kept :]
    sequence.extend(styled(edit.added))


def _dump(document: Any) -> str:
    stream = io.StringIO()
    _yaml().dump(document, stream)
    return stream.getvalue()


# ----------------------------------------------------------------------------- writing


def save_text(path: Path, text: str, newline: str = "\n") -> str | None:
    """Replace ``path`` by ``text`` in one step, its line breaks written as ``newline`` (the
    file's own), or raise SaveError and change nothing.

    Returns what the user must be told, else None: a file that has other names (hard links)
    is replaced all the same, as a file written in place could be left half written, and its
    other names keep the old text (``unlinked``)."""
    if is_shipped(path.resolve()):  # through a link, to the file it names
        raise SaveError(path, "it is a shipped example, which is read-only: save a copy elsewhere")
    try:
        verify_output(path, None)
        names = _names(path)
        output_files.write_atomically(path, text.replace("\n", newline).encode("utf-8"))
    except OutputError as error:
        raise SaveError(path, error.reason) from None
    return unlinked(path, names - 1) if names > 1 else None


def _names(path: Path) -> int:
    """How many names (hard links) the file at ``path`` has; 0 for no file."""
    try:
        return os.stat(path).st_nlink
    except FileNotFoundError:
        return 0
    except OSError as error:
        raise OutputError(path, error.strerror or str(error)) from None


def unlinked(path: Path, others: int) -> str:
    """What a save over a file with ``others`` other names says."""
    names = "another name" if others == 1 else f"{others} other names"
    them = "it still holds" if others == 1 else "they still hold"
    return (
        f"{path} had {names} (a hard link): {them} the text from before this save. A save "
        "writes a new file and puts it in the old one's place, so that a failure never leaves "
        "a half-written file, and the new file has only the name it was saved under."
    )
