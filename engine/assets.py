"""Where the shipped card pools, scenarios and rule summaries live."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
POOLS = ASSETS / "pools"
SCENARIOS = ASSETS / "scenarios"
