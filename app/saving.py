"""Saving a scenario: its text with a new script, written so that a failure loses nothing.

The new text keeps the file's comments, key order and ``expect`` block (round-trip YAML); only
the ``script`` changes. Writing goes to a temporary file in the target's folder, synced to disk,
then put in the target's place in one step: a failure at any point leaves the old file as it was.
Every failure is a ``SaveError`` naming the file and the reason. No Qt here.
"""

from __future__ import annotations

import io
import os
import secrets
import stat
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

import platformdirs
import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from engine.assets import ASSETS
from engine.errors import ScenarioError
from engine.scenario import validate_scenario
from engine.script import ScriptAction
from engine.yaml_source import YamlSource


class SaveError(Exception):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"Cannot save {path}:\n{reason}")


def is_shipped(path: Path) -> bool:
    """A shipped example or lesson: read-only, saved only as a copy elsewhere."""
    return path.resolve().is_relative_to(ASSETS.resolve())


def copy_location(path: Path) -> Path:
    """Where a copy of a shipped example is offered: the user's documents, in ``Cardtable``."""
    return Path(platformdirs.user_documents_dir()) / "Cardtable" / path.name


# ----------------------------------------------------------------------------- the text


def dump_action(action: ScriptAction) -> dict[str, Any]:
    """An action as a scenario file writes it."""
    return action.model_dump(mode="json", exclude_none=True, exclude_defaults=True)


def scenario_text(
    source: YamlSource,
    script: Sequence[ScriptAction],
    actions: Sequence[ScriptAction],
    branches: Sequence[dict[str, object]] = (),
) -> str:
    """The file read as ``source`` (whose script was ``script``) with ``actions`` as its script
    and ``branches`` as its what-if branches.

    The leading actions the file already had keep their text and comments, and so do its
    branches while they are unchanged. When the round trip does not give back the file's data
    exactly (a duplicate key, say), the data is written plainly. Raises SaveError when the result
    would not be a valid scenario."""
    new_script = [dump_action(action) for action in actions]
    kept = 0
    while kept < min(len(script), len(actions)) and script[kept] == actions[kept]:
        kept += 1
    written = source.data.get("script") or []
    wanted = {**source.data, "script": written[:kept] + new_script[kept:]}
    wanted.pop("branches", None)
    if branches:
        wanted["branches"] = list(branches)
    text = _round_trip(source.text, kept, new_script[kept:], wanted.get("branches"))
    if text is None or YamlSource(source.path, text).data != wanted:
        text = _dump(_styled(wanted))
    try:
        validate_scenario(YamlSource(source.path, text))
    except ScenarioError as error:
        raise SaveError(source.path, f"the result would not be a valid scenario: {error}") from None
    return text


def _yaml() -> YAML:
    writer = YAML()  # round trip: builds plain mappings, lists and scalars only, never objects
    writer.indent(mapping=2, sequence=4, offset=2)  # as the scenario files are written
    writer.width = 4096  # long lines stay as written
    writer.preserve_quotes = True
    writer.allow_duplicate_keys = True  # the comparison with the file's data catches them
    return writer


def _round_trip(
    text: str, kept: int, added: list[dict[str, Any]], branches: list[Any] | None
) -> str | None:
    try:
        document = _yaml().load(text)
    except YAMLError:
        return None
    if not isinstance(document, CommentedMap):
        return None
    script = document.get("script")
    if not isinstance(script, CommentedSeq):
        script = CommentedSeq()
    del script[kept:]
    script.extend(_styled(added))
    if "script" not in document and "expect" in document:
        document.insert(list(document).index("expect"), "script", script)
    else:
        document["script"] = script
    if branches is None:
        document.pop("branches", None)
    elif document.get("branches") != branches:  # as written while unchanged, comments too
        document["branches"] = _styled(branches)
    return _dump(document)


def _styled(value: Any) -> Any:
    """Data as scenario files write it: a collection of plain values on one line; a string
    quoted when the reading side (YAML 1.1) would take it for something else (``yes``, ``1:20``)."""
    if isinstance(value, str):
        return value if _reads_as(value) == value else DoubleQuotedScalarString(value)
    if isinstance(value, dict):
        items = list(value.values())
        styled: CommentedMap | CommentedSeq = CommentedMap(
            (_styled(key), _styled(item)) for key, item in value.items()
        )
    elif isinstance(value, list):
        items = value
        styled = CommentedSeq(_styled(item) for item in value)
    else:
        return value
    if not any(isinstance(item, dict | list) for item in items):
        styled.fa.set_flow_style()
    return styled


def _reads_as(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def _dump(document: Any) -> str:
    stream = io.StringIO()
    _yaml().dump(document, stream)
    return stream.getvalue()


# ----------------------------------------------------------------------------- writing


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` in one step, or raise SaveError and change nothing."""
    target = path.resolve()  # through a link, to the file it names
    if is_shipped(target):
        raise SaveError(path, "it is a shipped example, which is read-only: save a copy elsewhere")
    if target.is_dir():
        raise SaveError(path, "it is a folder, not a file")
    if target.exists() and not os.access(target, os.W_OK):
        raise SaveError(path, "the file is read-only")
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as error:
        raise SaveError(path, _reason(error)) from None
    try:
        try:
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if target.exists():
            os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
        os.replace(temp, target)
    except BaseException as error:
        with suppress(OSError):
            temp.unlink()
        if isinstance(error, OSError):
            raise SaveError(path, _reason(error)) from None
        raise
    _sync_folder(target.parent)


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _sync_folder(folder: Path) -> None:
    """Make the replacement itself durable, where a folder can be opened (not on Windows)."""
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
