"""The engine's tests need no Qt: tests/engine, tests/souls and tests/might are collected whole,
and run, in a Python where PySide6 cannot be imported (as where it is not installed), with
pytest-qt's plugin left out (it would load Qt when pytest starts)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TESTS = ["tests/engine", "tests/souls", "tests/might"]

# Every import of PySide6 or shiboken6 fails as a missing module does, then pytest runs.
WITHOUT_QT = textwrap.dedent(
    """
    import sys

    class NoQt:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in ("PySide6", "shiboken6"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoQt())
    import pytest

    sys.exit(pytest.main(sys.argv[1:]))
    """
)


def pytest_without_qt(*arguments: str) -> subprocess.CompletedProcess[str]:
    # not under the suite's coverage: its data would be written for a process it does not know
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COV_CORE_", "COVERAGE_"))}
    command = [sys.executable, "-c", WITHOUT_QT, "-p", "no:pytest-qt", "-p", "no:cacheprovider"]
    return subprocess.run(
        [*command, *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def test_without_qt_neither_pyside6_nor_pytest_qt_loads() -> None:
    shim = WITHOUT_QT.replace("sys.exit(pytest.main(sys.argv[1:]))", "import PySide6")
    done = subprocess.run([sys.executable, "-c", shim], capture_output=True, text=True)
    assert done.returncode == 1
    assert "ModuleNotFoundError: No module named 'PySide6'" in done.stderr
    # pytest-qt loads Qt when pytest starts, whatever the tests: hence -p no:pytest-qt
    one = [sys.executable, "-c", WITHOUT_QT, "--collect-only", "tests/engine/test_text.py"]
    done = subprocess.run(one, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0
    assert "pytest-qt requires either PySide6, PyQt5 or PyQt6 installed" in done.stderr


def test_the_engine_tests_pass_without_qt() -> None:
    done = pytest_without_qt(*ENGINE_TESTS, "-x")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout.splitlines()[-1]
