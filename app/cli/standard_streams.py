"""The command's standard streams, treated as coreutils treat them: a reader that goes away
(``cardtable run FILE | head``) ends the command quietly with status 141, as SIGPIPE would;
output that cannot be written (``>/dev/full``, a closed stdout ``>&-``) is one line on stderr,
``cardtable: cannot write output: No space left on device``, and status 1; what cannot be
written to stderr is lost, never a traceback (the status still tells).
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import TextIO

CLOSED_PIPE = 141  # the status a shell gives a command ended by SIGPIPE (128 + 13)
CANNOT_WRITE = 1  # as coreutils: ``echo hi >/dev/full`` ends with 1


class OutputFailed(Exception):
    """stdout could not be written (``error`` says why): the command cannot go on."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error

    def end(self, stdout: TextIO | None) -> int:
        """Say why on stderr (nothing for a closed pipe: nobody reads) and the status to exit
        with; ``stdout`` is emptied into os.devnull, or Python's flush at exit fails again."""
        discard(stdout)
        if self.error.errno == errno.EPIPE:
            return CLOSED_PIPE
        print(f"cardtable: cannot write output: {self}", file=sys.stderr)
        return CANNOT_WRITE


def discard(stream: TextIO | None) -> None:
    """Point ``stream``'s file descriptor at os.devnull (the Python docs' SIGPIPE note)."""
    try:
        descriptor = stream.fileno() if stream is not None else None
    except (OSError, ValueError):  # no descriptor: pytest's capture, a closed stream
        return
    if descriptor is not None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, descriptor)
        os.close(devnull)


def fill_closed_descriptors() -> None:
    """Open os.devnull on a closed descriptor 0, 1 or 2: else the next file opened (a page
    being written) would take its number, and whatever a library prints would land in it."""
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            os.open(os.devnull, os.O_RDWR)  # POSIX gives the lowest free number: this one


class ClosedStream(io.TextIOBase):
    """What stdout is when the command was started with it closed (``>&-``; Python's None):
    writing fails as writing to a closed descriptor does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


class BestEffortStream(io.TextIOBase):
    """stderr, where a message that cannot be written (a full device, a closed stderr) is lost:
    there is nowhere left to say so."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            if self.stream is not None:
                self.stream.write(text)
        except OSError:
            pass
        return len(text)

    def flush(self) -> None:
        try:
            if self.stream is not None:
                self.stream.flush()
        except OSError:
            pass

    def isatty(self) -> bool:
        return self.stream is not None and self.stream.isatty()
