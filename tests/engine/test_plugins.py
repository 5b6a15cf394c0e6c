"""The registry of installed plug-ins (``engine.ruleset.Plugins``, here the rulesets'): a plug-in
is loaded only when its name is needed, and one that fails to load, whatever the way, is one
warning line naming its distribution, its entry point and the reason, costs only its own name,
and is named by the error of a file that needs it."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.errors import ScenarioError
from engine.ruleset import ENTRY_POINTS, Unavailable, ruleset, rulesets
from engine.scenario import load_scenario
from tests.support.plugins import install

WHERE = f"plug-in cardtable-chess (entry point 'chess' of {ENTRY_POINTS}) failed to load"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on the path to install distributions into, the registry read again;
    afterwards, the registry and the modules as they were."""
    monkeypatch.syspath_prepend(str(tmp_path))
    rulesets.cache_clear()
    yield tmp_path
    rulesets.cache_clear()
    for module in tmp_path.glob("*.py"):
        sys.modules.pop(module.stem, None)


def install_chess(site: Path, value: str, source: str | None) -> None:
    """cardtable-chess, whose ruleset ``chess`` is ``value``; its module ``chess_rules`` holds
    ``source`` (None: there is no such module)."""
    modules = {} if source is None else {"chess_rules": source}
    install(site, "cardtable-chess", {ENTRY_POINTS: {"chess": value}}, modules)


# Each way a plug-in fails: the entry point's value, its module's source, the reason reported.
FAILURES = {
    "raises on import": (
        "chess_rules:RULESET",
        "raise RuntimeError('the board is missing')\n",
        "RuntimeError: the board is missing",
    ),
    "missing module": (
        "chess_rules:RULESET",
        None,
        "ModuleNotFoundError: No module named 'chess_rules'",
    ),
    "missing object": (
        "chess_rules:RULESET",
        "BOARD = 8\n",
        "AttributeError: module 'chess_rules' has no attribute 'RULESET'",
    ),
    "wrong type": ("chess_rules:RULESET", "RULESET = 42\n", "it gives 42, not the Ruleset"),
    "wrong name": ("engine.souls.ruleset:RULESET", None, "not the Ruleset named 'chess'"),
    "exits on import": ("chess_rules:RULESET", "import sys\nsys.exit(3)\n", "SystemExit: 3"),
    "class that raises": (
        "chess_rules:Chess",
        "class Chess:\n    def __init__(self):\n        raise ValueError('no pieces')\n",
        "ValueError: no pieces",
    ),
}


@pytest.mark.parametrize(("value", "source", "reason"), FAILURES.values(), ids=FAILURES)
def test_a_broken_plug_in_is_one_warning_and_costs_only_its_name(
    site: Path, capsys: pytest.CaptureFixture[str], value: str, source: str | None, reason: str
) -> None:
    install_chess(site, value, source)
    assert ruleset("souls").name == "souls"  # the others load, the broken one untouched
    assert capsys.readouterr().err == ""
    assert sorted(rulesets()) == ["might", "souls"]  # every one loaded: the broken one skipped
    with pytest.raises(Unavailable) as refused:
        ruleset("chess")
    assert str(refused.value).startswith(f"the ruleset 'chess' is unavailable: {WHERE}: ")
    assert reason in str(refused.value)
    assert "chess" not in rulesets() and rulesets().get("chess") is None
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 1  # once, however often it is asked for
    assert warnings[0].startswith(f"cardtable: warning: {WHERE}: ") and reason in warnings[0]


def test_listing_the_names_loads_no_plug_in(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    install_chess(site, "chess_rules:RULESET", "raise RuntimeError('loaded')\n")
    assert rulesets().names == ["chess", "might", "souls"]
    assert "chess_rules" not in sys.modules and capsys.readouterr().err == ""


def test_a_file_of_a_broken_ruleset_is_refused_naming_the_plug_in(site: Path) -> None:
    install_chess(site, "chess_rules:RULESET", None)
    (site / "game.yaml").write_text("title: Mate in two\nruleset: chess\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_scenario(site / "game.yaml")
    assert str(refused.value) == (
        f"{site / 'game.yaml'}:2: ruleset: the ruleset 'chess' is unavailable: {WHERE}: "
        "ModuleNotFoundError: No module named 'chess_rules'"
    )


def test_an_interrupt_while_a_plug_in_loads_is_not_swallowed(site: Path) -> None:
    install_chess(site, "chess_rules:RULESET", "raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):
        ruleset("chess")


@pytest.mark.parametrize("first", [True, False], ids=["fork first on the path", "fork last"])
def test_two_distributions_registering_one_name_are_both_refused(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], first: bool
) -> None:
    if not first:  # the fork's folder after the installed cardtable's
        monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(site)] + [str(site)])
        importlib.invalidate_caches()
    install(site, "souls-fork", {ENTRY_POINTS: {"souls": "engine.souls.ruleset:RULESET"}}, {})
    duplicate = (
        f"plug-ins cardtable and souls-fork each register 'souls' in {ENTRY_POINTS}: "
        "none is loaded (keep one installed)"
    )
    with pytest.raises(Unavailable, match="the ruleset 'souls' is unavailable: plug-ins"):
        ruleset("souls")
    assert sorted(rulesets()) == ["might"]
    assert capsys.readouterr().err == f"cardtable: warning: {duplicate}\n"
