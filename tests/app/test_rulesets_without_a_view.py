"""A file the app cannot show (no view of its ruleset is installed, or it failed to load) is
refused as it opens, at its ``ruleset:`` line and saying why, not drawn halfway
(app/presentation/views.py; the command line's side: tests/tools/test_cli_plugins.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.presentation import views
from app.presentation.session import Session
from app.presentation.views import verify_view
from engine.assets import SCENARIOS
from engine.errors import ScenarioError
from engine.ruleset import Unavailable
from engine.yaml_source import YamlSource

DEMO = SCENARIOS / "souls" / "demo-table.yaml"


def test_a_file_whose_ruleset_has_no_view_is_refused_at_its_ruleset_line(tmp_path: Path) -> None:
    source = YamlSource(tmp_path / "chess.yaml", "title: Mate in two\nruleset: chess\n")
    with pytest.raises(ScenarioError) as refused:
        verify_view("chess", source)
    assert (refused.value.line, refused.value.where) == (2, "ruleset")
    assert refused.value.message.startswith("no view 'chess' is installed (installed: ")
    verify_view("souls", YamlSource(tmp_path / "souls.yaml", "ruleset: souls\n"))  # shown


class NoViews:
    def __getitem__(self, name: str) -> object:
        raise Unavailable(f"no view {name!r} is installed (installed: none)")


def test_a_session_refuses_to_open_a_file_it_cannot_show(monkeypatch: pytest.MonkeyPatch) -> None:
    """The session is left as it was: the file open before stays open."""
    session = Session()
    session.open(DEMO)
    monkeypatch.setattr(views, "views", NoViews)
    with pytest.raises(ScenarioError) as refused:
        session.open(DEMO)
    assert (
        str(refused.value) == f"{DEMO}:1: ruleset: no view 'souls' is installed (installed: none)"
    )
    assert session.path == DEMO and session.table is not None
