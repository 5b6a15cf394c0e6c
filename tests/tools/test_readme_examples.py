"""Every command the README shows runs as printed: each line of its command-line block, from a
folder that holds the checkout's assets and venv, ends with status 0 (the app itself, which needs
a display, is opened only where there is one)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def commands() -> list[str]:
    """The lines of the README's block under "## The command line", their comments left off."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## The command line\n.*?```sh\n(.*?)```", text, re.S)
    assert block is not None, "the README has no command-line block"
    lines = [line.split("  #", 1)[0].strip() for line in block.group(1).splitlines()]
    return [line for line in lines if line]


def needs_a_display(line: str) -> bool:
    words = shlex.split(line)
    return words[1] == "open" or words[1:] == ["demo"]


def test_the_readme_shows_every_command() -> None:
    shown = {shlex.split(line)[1] for line in commands()}
    assert shown == {
        "run", "check", "schema", "shot", "export", "diff", "moves", "rule", "demo", "fuzz",
        "open",
    }  # fmt: skip


@pytest.mark.parametrize("line", [c for c in commands() if not needs_a_display(c)])
def test_a_readme_command_runs_as_printed(line: str, tmp_path: Path) -> None:
    for name in ("assets", ".venv"):  # the checkout as the reader has it; outputs land here
        (tmp_path / name).symlink_to(ROOT / name)
    done = subprocess.run(
        line,
        shell=True,
        cwd=tmp_path,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert done.stdout, "every example prints something"
