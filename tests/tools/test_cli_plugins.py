"""The command line with broken plug-ins installed: what needs none of them works (a warning
line says what failed), a file that needs one is refused in a line naming it, and a broken view
costs only its own ruleset's pictures. Each command runs in a process with the plug-ins' folder on
``PYTHONPATH``, as installing them would put them (``engine.ruleset.Plugins``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from tests.support.plugins import cardtable as installed_cardtable
from tests.support.plugins import install

SOULS = SCENARIOS / "souls" / "demo-table.yaml"
CHESS_FAILED = (
    "plug-in cardtable-chess (entry point 'chess' of cardtable.rulesets) failed to load: "
    "SystemExit: 3"
)
VIEW_FAILED = (
    "plug-in cardtable-tally (entry point 'tally' of cardtable.views) failed to load: "
    "RuntimeError: no paint"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, tally_site: Path) -> Path:
    """chess, whose module ends the program as it is imported, and tally (the third ruleset:
    its engine package as its wheel installs it) with a view that raises as it is imported."""
    site = tmp_path_factory.mktemp("site")
    install(
        site, "cardtable-chess", {"cardtable.rulesets": {"chess": "chess_rules:RULESET"}},
        {"chess_rules": "import sys\nsys.exit(3)\n"},
    )  # fmt: skip
    shutil.copytree(tally_site / "tally", site / "tally")
    points = {"cardtable.rulesets": {"tally": "tally.ruleset:RULESET"}}
    points["cardtable.views"] = {"tally": "tally_view:VIEW"}
    install(site, "cardtable-tally", points, {"tally_view": "raise RuntimeError('no paint')\n"})
    (site / "chess.yaml").write_text("title: Mate in two\nruleset: chess\n", encoding="utf-8")
    return site


def cardtable(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``cardtable ARGS`` run in ``site``, with the plug-ins there installed."""
    return installed_cardtable(*args, site=site, cwd=site)


def test_help_lists_the_rulesets_without_loading_one(site: Path) -> None:
    assert cardtable(site, "--help").returncode == 0
    done = cardtable(site, "fuzz", "--help")
    assert done.returncode == 0, done.stderr
    assert "{chess,might,souls,tally}" in done.stdout and done.stderr == ""


def test_a_file_of_a_working_ruleset_checks_as_ever(site: Path) -> None:
    done = cardtable(site, "check", str(SOULS))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok    ")
    # the rule ids a file names may be any ruleset's: every one is loaded, the broken one said
    assert done.stderr == f"cardtable: warning: {CHESS_FAILED}\n"


def test_a_file_of_a_broken_ruleset_is_refused_naming_the_plug_in(site: Path) -> None:
    done = cardtable(site, "check", "chess.yaml")
    assert done.returncode == 2, done.stdout + done.stderr
    assert (
        f"  chess.yaml:2: ruleset: the ruleset 'chess' is unavailable: {CHESS_FAILED}\n"
        in done.stdout
    )
    assert done.stderr == f"cardtable: warning: {CHESS_FAILED}\n"


def test_the_schema_holds_every_ruleset_that_loads(site: Path) -> None:
    done = cardtable(site, "schema")
    assert done.returncode == 0, done.stderr
    assert all(f'"{name}Scenario"' in done.stdout for name in ("Souls", "Might", "Tally"))
    assert done.stderr == f"cardtable: warning: {CHESS_FAILED}\n"


def test_a_broken_view_costs_only_its_own_rulesets_pictures(site: Path) -> None:
    done = cardtable(site, "shot", str(SOULS), "-o", "souls.png")
    assert done.returncode == 0, done.stderr
    assert (site / "souls.png").read_bytes().startswith(b"\x89PNG")
    tally = site / "tally" / "examples" / "apples-and-pears.yaml"
    unavailable = f"error: {tally}:1: ruleset: the view 'tally' is unavailable: {VIEW_FAILED}"
    for command in (["shot"], ["export"], ["export", "--png-strip", "--steps", "0"]):
        done = cardtable(site, *command, str(tally), "-o", "tally.out")
        assert done.returncode == 2 and not (site / "tally.out").exists(), command
        assert unavailable in done.stderr.splitlines() and "Traceback" not in done.stderr


def test_fuzz_of_a_broken_ruleset_is_refused_as_its_arguments_are(site: Path) -> None:
    done = cardtable(site, "fuzz", "--ruleset", "chess", "--games", "1")
    assert done.returncode == 2
    refused = f"error: --ruleset chess: the ruleset 'chess' is unavailable: {CHESS_FAILED}"
    assert done.stderr.splitlines() == [f"cardtable: warning: {CHESS_FAILED}", refused]
