"""What the contract tests share: ``cardtable`` run with the third ruleset installed."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.plugins import cardtable as installed_cardtable

Command = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def cardtable(tally_site: Path, tmp_path: Path) -> Command:
    """``cardtable ARGS`` run in the test's folder, with tally installed from its wheel."""
    return lambda *args: installed_cardtable(*args, site=tally_site, cwd=tmp_path)
