"""The command line's standard streams, each command run as a user runs it (a subprocess):
stdout on a full device (``>/dev/full``: one line, status 1), stdout closed (``>&-``: the same,
"Bad file descriptor"), a reader that goes away (``| head``: quiet, status 141), and stderr
full or closed (what cannot be said is lost, the status still tells). Never a traceback."""

from __future__ import annotations

import errno
import fcntl
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from app.cli.commands import DEMO, main
from app.cli.standard_streams import (
    BestEffortStream,
    ClosedStream,
    OutputFailed,
    discard,
    fill_closed_descriptors,
)

ROOT = Path(__file__).resolve().parents[2]

# Every command that prints on stdout, with its variants.
PRINTING = {
    "run": ["run", str(DEMO)],
    "run --json": ["run", "--json", str(DEMO)],
    "check": ["check", str(DEMO)],
    "diff": ["diff", str(DEMO)],
    "diff --json": ["diff", "--json", str(DEMO)],
    "schema": ["schema"],
    "schema --markdown": ["schema", "--markdown"],
    "demo --print": ["demo", "--print"],
    "fuzz": ["fuzz", "--ruleset", "souls", "--games", "2", "--seed", "1", "--quiet"],
    "rule": ["rule", "M-10"],
    "shot": ["shot", str(DEMO), "--size", "200x200", "-o", "out.png"],  # what it wrote
    "export": ["export", str(DEMO), "--size", "200x200", "-o", "out.html"],
    "--help": ["--help"],
}
# Commands told to print nothing on stdout when they succeed (``--quiet``): a stdout that
# cannot be written is no failure of theirs.
SILENT = {
    "shot": ["shot", str(DEMO), "--size", "200x200", "-q", "-o", "out.png"],
    "export": ["export", str(DEMO), "--size", "200x200", "--quiet", "-o", "out.html"],
    "export --png-strip": [
        "export",
        str(DEMO),
        "--png-strip",
        "--steps",
        "0,1",
        "-q",
        "-o",
        "out.png",
    ],
}
FULL = Path("/dev/full")
needs_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")


def cardtable(
    arguments: list[str], cwd: Path, redirect: str = "", stdout: IO[str] | int = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    """The command run in ``cwd``, through a shell when ``redirect`` says how (``>&-``)."""
    command = [sys.executable, "-m", "app.cli", *arguments]
    if redirect:
        command = ["sh", "-c", f'exec "$@" {redirect}', "sh", *command]
    return subprocess.run(
        command,
        cwd=cwd,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)},
        stdout=stdout,
        stderr=subprocess.PIPE,
    )


@needs_full
@pytest.mark.parametrize("command", PRINTING.values(), ids=PRINTING)
def test_output_on_a_full_device_is_one_line_and_status_1(
    tmp_path: Path, command: list[str]
) -> None:
    with FULL.open("w") as full:
        result = cardtable(command, tmp_path, stdout=full)
    assert (result.returncode, result.stderr) == (
        1,
        "cardtable: cannot write output: No space left on device\n",
    )


@pytest.mark.parametrize("command", PRINTING.values(), ids=PRINTING)
def test_a_closed_stdout_is_one_line_and_status_1(tmp_path: Path, command: list[str]) -> None:
    result = cardtable(command, tmp_path, redirect=">&-")
    assert (result.returncode, result.stderr) == (
        1,
        "cardtable: cannot write output: Bad file descriptor\n",
    )


@pytest.mark.parametrize("command", PRINTING.values(), ids=PRINTING)
def test_a_reader_gone_ends_the_command_quietly(tmp_path: Path, command: list[str]) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "app.cli", *command],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `| head` does, before the first line is even written
    error = process.stderr.read().decode()
    process.wait(timeout=120)
    assert (process.returncode, error) == (141, "")


@needs_full
@pytest.mark.parametrize("command", SILENT.values(), ids=SILENT)
def test_a_command_that_prints_nothing_minds_no_stdout(tmp_path: Path, command: list[str]) -> None:
    output = tmp_path / command[-1]
    with FULL.open("w") as full:
        result = cardtable(command, tmp_path, stdout=full)
    assert (result.returncode, result.stderr) == (0, "") and output.stat().st_size > 0
    output.unlink()
    result = cardtable(command, tmp_path, redirect=">&-")
    assert (result.returncode, result.stderr) == (0, "") and output.stat().st_size > 0


# Commands that fail (status 2) and say why on stderr only.
FAILING = {
    "run": ["run", "bad.yaml"],
    "diff": ["diff", "bad.yaml"],
    "shot": ["shot", "bad.yaml", "-o", "out.png"],
    "export": ["export", "bad.yaml", "-o", "out.html"],
    "fuzz": ["fuzz", "--ruleset", "souls", "--games", "0"],
    "usage": ["run"],
}


@pytest.mark.parametrize("redirect", ["2>/dev/full", "2>&-"])
@pytest.mark.parametrize("command", FAILING.values(), ids=FAILING)
def test_an_error_that_cannot_be_said_still_ends_with_its_status(
    tmp_path: Path, command: list[str], redirect: str
) -> None:
    (tmp_path / "bad.yaml").write_text("ruleset: souls\n")
    result = cardtable(command, tmp_path, redirect=redirect)
    assert (result.returncode, result.stdout) == (2, "")  # a traceback's status is 1


def test_no_file_opened_takes_the_number_of_a_closed_standard_stream(tmp_path: Path) -> None:
    """Else what a library writes to stderr (fd 2) would land in the page being written."""
    opened = (
        "from app.cli.standard_streams import fill_closed_descriptors\n"
        "import os\n"
        "fill_closed_descriptors()\n"
        "os.write(os.open('opened', os.O_WRONLY | os.O_CREAT), b'%d' % os.open('f', os.O_CREAT))"
    )
    command = [sys.executable, "-c", opened]
    subprocess.run(
        ["sh", "-c", 'exec "$@" <&- >&- 2>&-', "sh", *command],
        cwd=tmp_path,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert int((tmp_path / "opened").read_text()) > 2


# The same streams in process, where what each piece does can be seen on its own.


def test_output_that_cannot_be_written_is_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    failure = OutputFailed(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert str(failure) == "No space left on device" and failure.error.errno == errno.ENOSPC
    assert failure.end(None) == 1
    assert capsys.readouterr() == ("", "cardtable: cannot write output: No space left on device\n")
    # an error without its words is said as Python says it
    assert str(OutputFailed(OSError("the disk caught fire"))) == "the disk caught fire"


def test_a_reader_gone_is_status_141_and_nothing_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert OutputFailed(BrokenPipeError(errno.EPIPE, "Broken pipe")).end(None) == 141
    assert capsys.readouterr() == ("", "")


def test_stdout_that_failed_is_pointed_at_devnull(tmp_path: Path) -> None:
    """Else Python's flush at exit would write what is left, and fail again."""
    path = tmp_path / "out.txt"
    with path.open("w") as stream:
        stream.write("left in the buffer")
        assert OutputFailed(OSError(errno.EPIPE, "Broken pipe")).end(stream) == 141
        stream.write(" and more")
    assert path.read_text() == ""


def gone_reader() -> IO[str]:
    """A pipe whose reader has gone, as after ``| head``."""
    read, write = os.pipe()
    os.close(read)
    return os.fdopen(write, "w")


@pytest.mark.parametrize(
    ("opened", "status", "said"),
    [
        (gone_reader, 141, ""),
        pytest.param(
            lambda: FULL.open("w"),
            1,
            "cardtable: cannot write output: No space left on device\n",
            marks=needs_full,
        ),
    ],
    ids=["reader gone", "full device"],
)
def test_the_command_ends_on_output_it_cannot_write_and_exits_cleanly(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    opened: Callable[[], IO[str]],
    status: int,
    said: str,
) -> None:
    """In process: the status and the line, and stdout left on os.devnull, so that what is
    still in its buffer does not fail again when Python flushes it at exit."""
    for command in (["schema"], ["rule", "M-10"]):  # fails as it writes; as it is flushed
        with opened() as stdout:
            monkeypatch.setattr(sys, "stdout", stdout)
            assert main(command) == status
            monkeypatch.undo()
            assert capsys.readouterr().err == said
            stdout.write("what is left")
            stdout.flush()


def test_a_stream_without_a_descriptor_is_left_alone(tmp_path: Path) -> None:
    text = io.StringIO()
    for stream in (None, text, (tmp_path / "closed").open("w")):
        if stream is not None and stream is not text:
            stream.close()
        discard(stream)  # no descriptor (pytest's capture, a closed file): nothing to point
    text.write("still here")
    assert text.getvalue() == "still here"


@pytest.mark.parametrize("descriptor", [0, 1, 2])
def test_a_closed_standard_descriptor_is_filled_with_devnull(descriptor: int) -> None:
    kept = os.dup(descriptor)
    try:
        os.close(descriptor)
        fill_closed_descriptors()
        filled, null = os.fstat(descriptor), os.stat(os.devnull)
        mode = fcntl.fcntl(descriptor, fcntl.F_GETFL) & os.O_ACCMODE
    finally:
        os.dup2(kept, descriptor)
        os.close(kept)
    assert (filled.st_rdev, filled.st_ino) == (null.st_rdev, null.st_ino)
    assert mode == os.O_RDWR  # stdin is read, stdout and stderr written


def test_a_closed_stdout_fails_as_a_closed_descriptor_does() -> None:
    with pytest.raises(OSError) as raised:
        ClosedStream().write("text")
    assert (raised.value.errno, raised.value.strerror) == (errno.EBADF, "Bad file descriptor")


class Failing(io.StringIO):
    """A stream on a full device (or closed): every write and flush fails."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class Terminal(io.StringIO):
    """A stream on a terminal, that counts its flushes."""

    flushed = 0

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        self.flushed += 1


def test_stderr_passes_what_it_can_and_loses_the_rest() -> None:
    terminal = Terminal()
    stream = BestEffortStream(terminal)
    assert stream.write("a warning\n") == 10 and terminal.getvalue() == "a warning\n"
    stream.flush()
    assert terminal.flushed == 1 and stream.isatty()
    for lost in (BestEffortStream(Failing()), BestEffortStream(None)):
        assert lost.write("a warning\n") == 10
        lost.flush()
        assert not lost.isatty()
    assert not BestEffortStream(io.StringIO()).isatty()
