"""bootstrap.py, the set-up on any system (``python bootstrap.py run|test``): it makes the venv
with this Python, installs the project (with its test extra for ``test``) when its stamp is
missing or older than pyproject.toml, shares the shell scripts' stamps, and runs the demo or
pytest offscreen. The commands it would run are recorded, not run, except for the usage."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bootstrap

ROOT = Path(__file__).resolve().parents[2]


class Ran:
    def __init__(self) -> None:
        self.commands: list[list[str]] = []
        self.environments: list[dict[str, str] | None] = []

    def __call__(self, command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(command)
        self.environments.append(options.get("env"))
        return subprocess.CompletedProcess(command, 0)


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Ran:
    """A checkout in ``tmp_path`` with no venv: creating one makes its python."""
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    venv = tmp_path / ".venv"
    bin_ = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_ / ("python.exe" if os.name == "nt" else "python")
    for name, value in {"ROOT": tmp_path, "VENV": venv, "BIN": bin_, "PYTHON": python}.items():
        monkeypatch.setattr(bootstrap, name, value)

    def create(folder: Path, with_pip: bool) -> None:
        assert with_pip and folder == venv
        bin_.mkdir(parents=True)
        python.touch()

    monkeypatch.setattr(bootstrap.venv, "create", create)
    ran = Ran()
    monkeypatch.setattr(bootstrap.subprocess, "run", ran)
    return ran


def test_test_makes_the_venv_installs_the_test_extra_and_runs_pytest_offscreen(
    fresh: Ran,
) -> None:
    assert bootstrap.main(["test", "tests/engine", "-x"]) == 0
    python = str(bootstrap.PYTHON)
    install, pytest_run = fresh.commands
    assert install[0] == python and install[-2:] == ["-e", ".[test]"]
    assert pytest_run == [python, "-m", "pytest", "tests/engine", "-x"]
    environment = fresh.environments[1]
    assert environment is not None and environment["QT_QPA_PLATFORM"] == "offscreen"
    assert (bootstrap.VENV / ".installed-test").exists()  # test.sh's stamp: one venv for both


def test_run_installs_without_the_extra_and_opens_the_demo(fresh: Ran) -> None:
    assert bootstrap.main(["run"]) == 0
    install, demo = fresh.commands
    assert install[-2:] == ["-e", "."]
    assert demo == [str(bootstrap.PYTHON), "-m", "app.cli", "demo"]
    assert (bootstrap.VENV / ".installed-run").exists()


def test_an_install_is_done_again_only_when_pyproject_is_newer(fresh: Ran) -> None:
    bootstrap.main(["test"])
    bootstrap.main(["test"])
    assert [command[-1] for command in fresh.commands] == [".[test]", "pytest"] + ["pytest"]
    stamp = bootstrap.VENV / ".installed-test"
    os.utime(stamp, (0, 0))  # pyproject.toml changed after the install
    bootstrap.main(["test"])
    assert fresh.commands[-2][-1] == ".[test]"


def test_no_command_or_an_unknown_one_is_a_usage_error() -> None:
    for arguments in ([], ["serve"]):
        result = subprocess.run(
            [sys.executable, str(ROOT / "bootstrap.py"), *arguments],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (result.returncode, result.stderr) == (
            2,
            "usage: python bootstrap.py run|test [arguments]\n",
        )
