"""Plug-in distributions made on the fly, as ``pip install`` would leave them: a
``NAME-0.1.dist-info`` folder (``METADATA``, ``entry_points.txt``) beside the modules its entry
points name, so that a folder holding them, put on the path, has them installed (as
``rulesets/`` holds tally's); and the command run with such a folder installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def install(
    site: Path, distribution: str, points: dict[str, dict[str, str]], modules: dict[str, str]
) -> None:
    """Write the distribution ``distribution`` into ``site``: its entry points by group, each a
    ``name: "module:object"`` mapping, and its modules' source by module name."""
    info = site / f"{distribution.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in named.items())
            for group, named in points.items()
        ),
        encoding="utf-8",
    )
    for module, source in modules.items():
        (site / f"{module}.py").write_text(source, encoding="utf-8")


def cardtable(*args: str, site: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``cardtable ARGS`` run in ``cwd``, offscreen, in a process with ``site`` on
    ``PYTHONPATH``: what it holds installed, as installing it would put it."""
    path = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "app.cli.commands", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
