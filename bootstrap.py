"""Set up and run Cardtable on any system with Python 3.11 or newer, as ./run.sh and ./test.sh do
on Linux and macOS, for a shell without bash (Windows):

    python bootstrap.py run     # open Cardtable on the built-in demo table
    python bootstrap.py test    # run the whole test suite (extra arguments go to pytest)

Each creates ./.venv with this Python and installs the project (with its test extra for
``test``) on first use or when pyproject.toml changes; the stamps are the shell scripts' own,
so the two ways share one .venv.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
WHAT = {  # command: (the install's extra and stamp, what runs then)
    "run": ("", ".installed-run"),
    "test": ("[test]", ".installed-test"),
}


def installed(extra: str, stamp: str) -> None:
    """The venv, made with this Python, with the project installed editable (and ``extra``)
    when its stamp is missing or older than pyproject.toml."""
    if not PYTHON.exists():
        print(f"Creating .venv with Python {sys.version.split()[0]}...", file=sys.stderr)
        venv.create(VENV, with_pip=True)
    marker = VENV / stamp
    if marker.exists() and marker.stat().st_mtime >= (ROOT / "pyproject.toml").stat().st_mtime:
        return
    print(f"Installing cardtable{extra} into .venv...", file=sys.stderr)
    pip = [str(PYTHON), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "-e", f".{extra}"], cwd=ROOT, check=True)
    marker.touch()


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):  # noqa: UP036  (an older Python is told why, not crashed)
        print("error: Cardtable needs Python 3.11 or newer", file=sys.stderr)
        return 2
    if not argv or argv[0] not in WHAT:
        print("usage: python bootstrap.py run|test [arguments]", file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    installed(*WHAT[command])
    if command == "run":
        program = [str(PYTHON), "-m", "app.cli", "demo", *rest]
        return subprocess.run(program, cwd=ROOT).returncode
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    program = [str(PYTHON), "-m", "pytest", *rest]
    return subprocess.run(program, cwd=ROOT, env=environment).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
