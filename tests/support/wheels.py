"""Wheels built as their authors would build them, and installed: this project's
(tests/tools/test_wheel.py) and tally's, the third ruleset (tests/support/rulesets/)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path


def pip(*args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args], check=True
    )


def build_wheel(project: Path, sources: Iterable[str], folder: Path) -> Path:
    """The wheel of ``project`` built in ``folder`` from a copy of its ``sources`` (the
    checkout is not touched: the build leaves its own files beside them); without build
    isolation, offline, when this venv has the build backend."""
    source = folder / "source"
    source.mkdir()
    for name in sources:
        if (project / name).is_dir():
            shutil.copytree(
                project / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy2(project / name, source / name)
    has_backend = all(importlib.util.find_spec(name) for name in ("setuptools", "wheel"))
    isolation = ["--no-build-isolation", "--no-index"] if has_backend else []
    pip("wheel", "--no-deps", *isolation, str(source), "-w", str(folder / "dist"))
    (wheel,) = (folder / "dist").glob("*.whl")
    return wheel


def install_wheel(wheel: Path, site: Path) -> Path:
    """``site``, a new folder that ``wheel`` is installed into without its dependencies: on
    the path, it has the distribution installed."""
    pip("install", "--no-deps", "--no-index", "--target", str(site), str(wheel))
    return site
