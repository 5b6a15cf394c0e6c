"""The wheel carries the assets and works from any folder: built from a copy of the sources,
installed (not editable) into a fresh venv, run from a temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.support.wheels import build_wheel, pip

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "engine", "app", "fuzz", "assets")


def fresh_venv(folder: Path, wheel: Path) -> Path:
    """A new venv with the wheel installed (no --system-site-packages); its dependencies come
    from this venv's site-packages, added by a .pth file (whose own .pth files, among them the
    editable install of the checkout, are not read)."""
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip("--python", str(python), "install", "--no-deps", "--no-index", str(wheel))
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "test-dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    return venv


@pytest.mark.skipif(sys.platform == "win32", reason="the venv layout is POSIX")
def test_installed_wheel_checks_and_renders_from_any_folder(tmp_path: Path) -> None:
    venv = fresh_venv(tmp_path, build_wheel(ROOT, SOURCES, tmp_path))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["QT_QPA_PLATFORM"] = "offscreen"

    def run(*args: str) -> str:
        done = subprocess.run(
            args, cwd=elsewhere, env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assets = Path(
        run(
            str(venv / "bin" / "python"), "-c", "import engine.assets as a; print(a.ASSETS)"
        ).strip()
    )
    assert assets.is_relative_to(venv) and assets.name == "_assets"  # not the checkout's
    cardtable = str(venv / "bin" / "cardtable")
    demo = assets / "scenarios" / "souls" / "demo-table.yaml"
    might = assets / "scenarios" / "might" / "M8-prevention-and-doubling-orders.yaml"
    out = run(cardtable, "check", str(demo), str(might))
    assert (
        out.endswith("2 scenario(s) checked: 2 ok, 0 failed, 0 bad input\n")
        and out.count("ok    ") == 2
    )
    assert "Final table:" in run(cardtable, "demo", "--print")
    fuzz = [cardtable, "fuzz", "--ruleset", "might", "--games", "1", "--steps-per-game", "5"]
    assert "1 games, 5 steps" in run(*fuzz, "--quiet")  # the harness and the invariants ship
    run(cardtable, "shot", str(demo), "-o", "table.png", "--size", "400x250")
    assert (elsewhere / "table.png").stat().st_size > 0
