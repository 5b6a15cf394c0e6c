"""The layers' import contracts ([tool.importlinter] in pyproject.toml, docs/rulesets.md): they
hold, they cover every shared module, and they fail when a layer reaches where it must not."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
RULESETS = {"souls", "might"}  # the built-ins, the only packages a ruleset's own


def contracts() -> list[dict[str, object]]:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return list(settings["contracts"])


def named(id_: str) -> dict[str, object]:
    return next(each for each in contracts() if each["id"] == id_)


def lint(root: Path, *contract: str) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` in ``root``, on every contract or on the one named."""
    only = ["--contract", *contract] if contract else []
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", *only],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_shared_module_is_bound_to_name_no_ruleset() -> None:
    """A shared module added later is in the contract, or this fails: the list cannot rot."""
    sources = set(map(str, named("no-ruleset-named")["source_modules"]))  # type: ignore[call-overload]
    shared_engine = {
        f"engine.{path.stem}" for path in (ROOT / "engine").glob("*.py") if path.stem != "__init__"
    }
    shared_app = {
        f"app.{path.name}"
        for path in (ROOT / "app").iterdir()
        if (path / "__init__.py").exists() and path.name not in RULESETS
    }
    assert shared_engine | shared_app | {"fuzz"} <= sources
    assert {
        path.name for path in (ROOT / "engine").iterdir() if (path / "__init__.py").exists()
    } <= (RULESETS | {"_assets"}), (
        "a new engine package: a ruleset (add it to RULESETS) or shared (add it to the contract)"
    )


def test_the_qt_free_parts_of_the_app_include_every_ruleset_module_but_dialogs() -> None:
    sources = set(map(str, named("no-qt")["source_modules"]))  # type: ignore[call-overload]
    for ruleset in RULESETS:
        for path in (ROOT / "app" / ruleset).glob("*.py"):
            if path.stem not in {"__init__", "dialogs"}:  # a ruleset's dialogs are Qt widgets
                assert f"app.{ruleset}.{path.stem}" in sources


@pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter is not installed")
def test_the_contracts_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout


@pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter is not installed")
@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("engine/compare.py", "import engine.souls.game", "no-ruleset-named"),
        ("fuzz/harness.py", "import engine.might.table", "no-ruleset-named"),
        ("app/presentation/looks.py", "import app.souls.looks", "no-ruleset-named"),
        ("engine/might/table.py", "import engine.souls.table", "rulesets-independent"),
        ("app/souls/looks.py", "import app.might.looks", "views-independent"),
        ("engine/souls/game.py", "import app.presentation.looks", "engine-below-app"),
        ("fuzz/run.py", "import app.cli.arguments", "fuzz-needs-no-app"),
        ("fuzz/harness.py", "import app.presentation.offers", "fuzz-needs-no-app"),
        ("app/export/page.py", "import app.widgets.main_window", "app-layers"),
        ("app/drawing/table_scene.py", "import app.export.images", "app-layers"),
        ("app/presentation/why.py", "import PySide6.QtCore", "no-qt"),
        ("app/might/looks.py", "from PySide6 import QtGui", "no-qt"),
    ],
)
def test_a_forbidden_import_breaks_its_contract(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    copy = tmp_path / "tree"
    for part in ("engine", "app", "fuzz"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", copy)
    target = copy / module
    target.write_text(target.read_text() + f"\n{line}  # noqa\n")
    result = lint(copy, contract)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 broken" in result.stdout
