"""No module or package of engine/, app/ and fuzz/ imports one that imports it back, imports
inside functions included: the shared tool (shared/tools/import_cycles.py, beside the checkout)
counts the cycles. The app's layers are also an import-linter contract (app-layers)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT.parent / "shared" / "tools" / "import_cycles.py"


@pytest.mark.skipif(not TOOL.exists(), reason="shared/tools is not beside the checkout")
def test_no_module_or_package_imports_one_that_imports_it_back() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), ".", "engine", "app", "fuzz"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("0 module cycles, 0 package cycles"), done.stdout
