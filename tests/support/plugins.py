"""Plug-in distributions installed into a folder, a "site", that a test puts on the path: tally
(the third ruleset) built from its project, ``rulesets/``, as a wheel and installed as its author
publishes it; or one made on the fly as ``pip install`` would leave it, a ``NAME-0.1.dist-info``
folder (``METADATA``, ``entry_points.txt``) beside the modules its entry points name. And the
command run with such a folder installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.wheels import build_wheel, install_wheel

TALLY = Path(__file__).parent / "rulesets"  # tally's project: its pyproject.toml, its packages
TALLY_PACKAGES = ("tally", "tally_app")  # the engine's side and the app's


def install_tally(folder: Path) -> Path:
    """A site in ``folder`` with tally's wheel, built there from its project, installed."""
    return install_wheel(
        build_wheel(TALLY, ("pyproject.toml", *TALLY_PACKAGES), folder), folder / "site"
    )


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
    """``cardtable ARGS`` run in ``cwd``, with what ``site`` holds installed."""
    return python("-m", "app.cli.commands", *args, site=site, cwd=cwd)


def python(*args: str, site: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` run in ``cwd``, offscreen, in a process with ``site`` on
    ``PYTHONPATH``: what it holds installed, as installing it would put it."""
    path = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
