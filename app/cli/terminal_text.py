"""Text from files made safe to print: a terminal obeys what it is sent, so an escape sequence in
a scenario's title would clear the screen or retitle the window, a carriage return would
overwrite the line, a bidi override would reverse it, and a newline in a title would forge a line
of ``check``'s report. Such characters are shown escaped (``\\x1b``, ``\\u202e``), as Python
writes them; everything else passes unchanged, so printable text costs one scan.

>>> escaped("Title\\x1b]0;owned\\x07 ok")
'Title\\\\x1b]0;owned\\\\x07 ok'
>>> print(one_line("a\\nok    /tmp/all-good.yaml"))
a\\nok    /tmp/all-good.yaml
"""

from __future__ import annotations

import io
import unicodedata
from typing import TextIO

from app.cli.standard_streams import OutputFailed

# Control (Cc), format (Cf: bidi overrides, zero-width), surrogate (Cs) and line or paragraph
# separator (Zl, Zp) characters: what a terminal may act on or a reader cannot see.
OBEYED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def escaped(text: str, keep: str = "\n") -> str:
    """``text`` with every character a terminal would obey, or a reader not see, escaped;
    the characters in ``keep`` stay."""
    if text.isprintable():  # the common case: nothing to look at twice
        return text
    return "".join(
        repr(char)[1:-1] if char not in keep and unicodedata.category(char) in OBEYED else char
        for char in text
    )


def one_line(text: str) -> str:
    """``text`` escaped, newlines too: a file's title or name stays on its own line."""
    return escaped(text, keep="")


class TerminalStream(io.TextIOBase):
    """A text stream that escapes what it is given (newlines stay) before passing it on: the
    command line's output, whatever each print holds. A write or flush that fails raises
    OutputFailed, which no handler of a bad file mistakes for one."""

    def __init__(self, stream: TextIO | io.TextIOBase) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            self.stream.write(escaped(text))
        except OSError as error:
            raise OutputFailed(error) from None
        return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            raise OutputFailed(error) from None

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()
