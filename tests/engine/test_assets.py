"""Where the shipped assets are found: inside an installed package, else in the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.assets
from engine.assets import assets_folder


def test_an_installed_package_carries_its_assets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "_assets").mkdir()
    monkeypatch.setattr(engine.assets, "files", lambda package: tmp_path)
    assert assets_folder() == tmp_path / "_assets"


def test_a_checkout_uses_its_top_level_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "_assets").write_text("not a folder")
    monkeypatch.setattr(engine.assets, "files", lambda package: tmp_path)
    checkout = Path(engine.assets.__file__).resolve().parent.parent / "assets"
    assert assets_folder() == checkout
    assert (checkout / "scenarios" / "souls" / "demo-table.yaml").is_file()


def test_the_package_asked_for_is_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    monkeypatch.setattr(engine.assets, "files", lambda package: asked.append(package) or Path("/"))
    assets_folder()
    assert asked == ["engine"]
