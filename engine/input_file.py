"""Reading an input file: only a regular file, only up to a size, only UTF-8 text.

A FIFO named ``x.yaml`` would block a reader for ever and ``/dev/zero`` would never end, so the
file is inspected before it is opened (and again once open, in case it was swapped) and at
most the limit and one byte are read.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from engine.errors import ScenarioError
from engine.safe_yaml import MAX_CHARS


def file_kind(mode: int) -> str | None:
    """What a non-regular file is (``a directory``, ``a FIFO``, ...), None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    kinds = {
        stat.S_ISDIR: "a directory",
        stat.S_ISFIFO: "a FIFO",
        stat.S_ISCHR: "a character device",
        stat.S_ISBLK: "a block device",
        stat.S_ISSOCK: "a socket",
    }
    return next((name for test, name in kinds.items() if test(mode)), "not a regular file")


LINE_BREAK = re.compile("\r\n|\r|\n")  # what ends a line in an editor


def line_ending(text: str) -> str:
    """The line break ``text`` uses (its first one: ``\\r\\n``, ``\\r`` or ``\\n``), so that
    a save writes the file's own; ``\\n`` for a text of one line.

    >>> line_ending("a: 1\\r\\nb: 2\\r\\n"), line_ending("a: 1")
    ('\\r\\n', '\\n')
    """
    found = LINE_BREAK.search(text)
    return found[0] if found else "\n"


def read_text(path: Path, limit: int = MAX_CHARS) -> str:
    """The text of the regular file at ``path`` (newlines as ``\\n``), refused beyond ``limit``
    bytes; a ScenarioError names the file and the reason."""
    return LINE_BREAK.sub("\n", read_written_text(path, limit))


def read_written_text(path: Path, limit: int = MAX_CHARS) -> str:
    """The text of the file as ``read_text`` reads it, its line breaks as written."""
    file = str(path)

    def refuse(message: str, line: int | None = None) -> ScenarioError:
        return ScenarioError(file, "", message, line)

    try:
        kind = file_kind(os.stat(path).st_mode)  # before opening: a FIFO's open would block
        if kind is not None:
            raise refuse(f"cannot read the file: it is {kind}, not a regular file")
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        descriptor = os.open(path, flags)
        with open(descriptor, "rb", closefd=True) as stream:
            kind = file_kind(os.fstat(descriptor).st_mode)
            if kind is not None:
                raise refuse(f"cannot read the file: it is {kind}, not a regular file")
            data = stream.read(limit + 1)
    except OSError as error:
        raise refuse(f"cannot read the file: {error.strerror or error}") from None
    if len(data) > limit:
        raise refuse(f"the file is larger than {limit} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = len(LINE_BREAK.findall(data[: error.start].decode("utf-8"))) + 1
        byte = data[error.start]
        raise refuse(f"not UTF-8 text: byte {byte:#04x} cannot be decoded", line) from None
    return text
