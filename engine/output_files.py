"""Every file the program writes (a saved scenario, a lesson page, a strip, a shot, a fuzz
reproducer) goes through here, so that writing can never cost the user a file.

- The new content goes to a temporary file beside the target, is synced to disk, then takes the
  target's place in one step: a failure at any point (a full disk, a read-only folder) leaves
  the old file whole and no partial file behind.
- An output that is one of the run's inputs is refused: the scenario would be lost.
- An existing file that is not of the kind being written (a PNG over a ``.yaml`` or a ``README``)
  is refused unless the caller forces it (``--force``); an empty file holds nothing to lose.

Each refusal is an ``OutputError`` naming the file and the reason in one line. No Qt here.
(The window's settings are QSettings, which Qt writes through QSaveFile: atomically too.)
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

SNIFFED = 512  # bytes read from an existing file to tell what it holds


class OutputError(Exception):
    """A file that cannot or must not be written, said in one line."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class Kind:
    """What a written file holds: its name in messages and how to recognise one by its start."""

    name: str
    recognise: Callable[[bytes], bool]


def _text_start(data: bytes) -> str:
    return data.removeprefix(b"\xef\xbb\xbf").lstrip().decode("utf-8", "replace").lower()


IMAGE_SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"BM", b"GIF8", b"II*\0", b"MM\0*")

PNG = Kind("a PNG image", lambda start: start.startswith(IMAGE_SIGNATURES[0]))
IMAGE = Kind(
    "an image",
    lambda start: (
        start.startswith(IMAGE_SIGNATURES) or (start[:4] == b"RIFF" and start[8:12] == b"WEBP")
    ),
)
HTML = Kind(
    "an HTML page", lambda start: _text_start(start).startswith(("<!doctype html", "<html"))
)


def describe(data: bytes) -> str:
    """A few words on what an existing file seems to hold, for a refusal."""
    if IMAGE.recognise(data):
        return "an image"
    if HTML.recognise(data):
        return "an HTML page"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(data) - 4:  # not just a character cut by the sniffed length
            return "binary data"
    return "text"


def verify_output(
    path: Path, kind: Kind | None, inputs: Sequence[Path] = (), force: bool = False
) -> None:
    """Raise OutputError unless ``path`` may receive a file of ``kind`` (None: any kind, as a
    save the user confirmed in a dialog)."""
    target = path.resolve()
    for source in inputs:
        if same_file(path, source):
            raise OutputError(path, f"it is the input {source}, which would be lost")
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as error:
        raise OutputError(path, _reason(error)) from None
    if stat.S_ISDIR(info.st_mode):
        raise OutputError(path, "it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(path, "it is not a regular file")
    if not os.access(target, os.W_OK):
        raise OutputError(path, "the file is read-only")
    if kind is None or force or info.st_size == 0:
        return
    start = _start(target)
    if not kind.recognise(start):
        raise OutputError(
            path,
            f"it exists and holds {describe(start)}, not {kind.name}: "
            "give another name, or --force to replace it",
        )


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file: through links, hard links too."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet)
        return a.resolve() == b.resolve()


def _start(path: Path) -> bytes:
    try:
        with open(path, "rb") as stream:
            return stream.read(SNIFFED)
    except OSError as error:
        raise OutputError(path, _reason(error)) from None


def write_output(
    path: Path,
    data: bytes,
    kind: Kind | None,
    inputs: Sequence[Path] = (),
    force: bool = False,
) -> None:
    """Check ``path`` (``verify_output``), then replace it by ``data`` atomically."""
    verify_output(path, kind, inputs, force)
    write_atomically(path, data)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` in one step, or raise OutputError and change nothing. A link
    is followed: the file it names is replaced and the link stays."""
    target = path.resolve()
    if target.is_dir():
        raise OutputError(path, "it is a folder, not a file")
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as error:
        raise OutputError(path, _reason(error)) from None
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
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
            raise OutputError(path, _reason(error)) from None
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
