"""Reading an input file: only a regular file, only up to a size, only UTF-8 text.

A FIFO named ``x.yaml`` would block a reader for ever and ``/dev/zero`` would never end, so the
file is inspected before it is opened (and again once open, in case it was swapped) and at
most the limit and one byte are read.
"""

from __future__ import annotations

import os
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


def read_text(path: Path, limit: int = MAX_CHARS) -> str:
    """The text of the regular file at ``path`` (newlines as ``\\n``), refused beyond ``limit``
    bytes; a ScenarioError names the file and the reason."""
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
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise refuse(f"not UTF-8 text: byte {byte:#04x} cannot be decoded", line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
