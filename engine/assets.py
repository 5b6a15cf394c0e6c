"""Where the shipped card pools, scenarios, lessons and rule summaries live.

An installed wheel carries them inside the package (``engine/_assets``, mapped from the
repository's top-level ``assets/`` at build time); a checkout uses that top-level folder.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def assets_folder() -> Path:
    packaged = files("engine") / "_assets"
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


ASSETS = assets_folder()
POOLS = ASSETS / "pools"
SCENARIOS = ASSETS / "scenarios"
LESSONS = ASSETS / "lessons"  # annotated tricky interactions, each with a what-if branch
