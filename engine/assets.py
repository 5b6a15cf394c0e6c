"""Where the shipped card pools, scenarios, lessons and rule summaries live.

An installed wheel carries them inside the package (``engine/_assets``, mapped from the
repository's top-level ``assets/`` at build time); a checkout uses that top-level folder.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

import platformdirs


def assets_folder() -> Path:
    packaged = files("engine") / "_assets"
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


ASSETS = assets_folder()
POOLS = ASSETS / "pools"
SCENARIOS = ASSETS / "scenarios"
LESSONS = ASSETS / "lessons"  # annotated tricky interactions, each with a what-if branch

USER_CARDS = "CARDTABLE_CARDS"  # the variable naming the user's cards folder, when set


def user_cards_folder() -> Path:
    """The user's card files (the card designer's "Save to card file"), which a scenario's
    ``pool:`` names by their stem beside the shipped pools: the folder ``CARDTABLE_CARDS``
    names, else ``cards`` in the user's data folder, beside the user's lessons."""
    named = os.environ.get(USER_CARDS)
    return Path(named) if named else Path(platformdirs.user_data_dir("Cardtable")) / "cards"
