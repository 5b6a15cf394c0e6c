"""The command line's standard streams, each command run as a user runs it (a subprocess):
stdout on a full device (``>/dev/full``: one line, status 1), stdout closed (``>&-``: the same,
"Bad file descriptor"), a reader that goes away (``| head``: quiet, status 141), and stderr
full or closed (what cannot be said is lost, the status still tells). Never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from app.cli.commands import DEMO

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
