"""The proof that rulesets are plug-ins (issue 19, point 6): tally, a third ruleset outside
engine/ and app/ (tests/support/rulesets/, walked through in docs/rulesets.md), registered by
its own dist-info's entry points, goes through every command and the app, and nothing in
engine/ or app/ names it."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.presentation.views import views
from engine.ruleset import rulesets
from engine.scenario import run_scenario
from engine.table_shape import CardShape, PlayerShape, TableShape
from tests.support.plugins import cardtable as installed_cardtable

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "support" / "rulesets"  # the folder a package manager would fill
SCENARIO = RULESETS / "tally" / "examples" / "apples-and-pears.yaml"


def cardtable(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``cardtable ARGS`` with the tally package on the path, as installing it would put it."""
    return installed_cardtable(*args, site=RULESETS, cwd=cwd)


def test_nothing_in_engine_or_app_names_the_third_ruleset() -> None:
    named = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("engine", "app", "fuzz")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(?<![a-z])tally", line, re.IGNORECASE)  # not "totally"
    ]
    assert not named


def test_check_passes_and_a_wrong_expectation_fails(tmp_path: Path) -> None:
    done = cardtable("check", str(SCENARIO.parent), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    " in done.stdout and "(Apples and pears)" in done.stdout
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(SCENARIO.read_text().replace("{apples: {count: 5}}", "{apples: {count: 6}}"))
    done = cardtable("check", str(wrong), cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL" in done.stdout and "apples count: expected 6, saw 5" in done.stdout


def test_run_prints_the_timeline_and_the_table_as_the_ruleset_renders_it(tmp_path: Path) -> None:
    done = cardtable("run", str(SCENARIO), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "apples counts 2 -> 5  [T-2]" in done.stdout
    assert "Turn 2 (Bob) begins  [T-4]" in done.stdout
    final = done.stdout.split("Final table:\n")[1]
    assert final.splitlines() == [
        "Turn 2, Bob to play",
        "Alice: apples 5, red-plums 0",
        "Bob: pears 5",
    ]


def test_shot_writes_a_png(tmp_path: Path) -> None:
    done = cardtable("shot", str(SCENARIO), "--step", "1", "-o", "table.png", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "table.png").read_bytes().startswith(b"\x89PNG")


def test_export_writes_a_page_with_the_tables_and_the_rulesets_summaries(tmp_path: Path) -> None:
    done = cardtable("export", str(SCENARIO), "-o", "lesson.html", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    page = (tmp_path / "lesson.html").read_text(encoding="utf-8")
    assert page.count('<img src="data:image/png;base64,') >= 4  # a table per step
    assert "An amount added to a counter is positive" in page  # tally's own T-2


def test_fuzz_plays_random_games_with_the_rulesets_invariants(tmp_path: Path) -> None:
    arguments = "fuzz --ruleset tally --games 3 --steps-per-game 10 --quiet"
    done = cardtable(*arguments.split(), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fuzz tally seed 0: 3 games, 30 steps" in done.stdout
    assert ", 0 violations" in done.stdout


def test_schema_holds_the_rulesets_scenario_model(tmp_path: Path) -> None:
    done = cardtable("schema", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"TallyScenario"' in done.stdout and '"const": "tally"' in done.stdout


@pytest.fixture
def tally_installed() -> Iterator[None]:
    """Tally on the path and the registries read again; afterwards, as they were."""
    sys.path.insert(0, str(RULESETS))
    rulesets.cache_clear()
    views.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(RULESETS))
        rulesets.cache_clear()
        views.cache_clear()


def test_its_tables_have_the_fields_the_shared_code_reads(tally_installed: None) -> None:
    # The shared code reads these fields of every table (engine/table_shape.py) with no check;
    # the type checker proves that souls' and might's tables have them, this a plug-in's.
    for name, installed in rulesets().items():
        example = min(installed.examples().glob("*.yaml"))
        for step in run_scenario(example).steps:
            table = step.table
            assert isinstance(table, TableShape) and table.ruleset == name, example
            assert all(isinstance(p, PlayerShape) for p in table.players), example
            assert 0 <= table.turn_player < len(table.players), example
            for uid, card in table.cards.items():
                assert isinstance(card, CardShape) and card.uid == uid, (example, uid)


def test_the_app_opens_a_scenario_of_it_and_plays_its_actions(
    tally_installed: None, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QSettings

    from app.widgets import message_boxes
    from app.widgets.main_window import MainWindow

    # closing the window with the action played asks; offscreen, nobody would answer
    monkeypatch.setattr(message_boxes, "question", lambda *a, **k: message_boxes.Button.Discard)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(SCENARIO)
    assert sorted(window.scene.items_by_uid) == ["apples", "pears", "red-plums"]
    assert window.view.strip.info.text().startswith("Bob to play (turn 2)")  # the banner
    last = window.session.last

    def menu_action(uid: str, text: str) -> Any:
        window.card_clicked(uid)
        found = next(a for a in window.last_menu.actions() if a.text().startswith(text))
        window.last_menu.close()
        return found

    refused = menu_action("apples", "Add 1")  # Alice's, on Bob's turn
    assert not refused.isEnabled() and "T-3" in refused.toolTip()
    menu_action("pears", "Add 1").trigger()
    assert window.session.last == last + 1
    assert window.session.step is not None
    assert window.session.step.description == "pears counts 5 -> 6"
    assert "T-2 Adding" in window.inspector.toPlainText()  # tally's summary, in the inspector
    examples = {a.text(): a.menu() for a in window.examples_menu.actions()}
    assert sorted(examples) == ["might", "souls", "tally"]  # File > Examples has its examples
    examples["tally"].aboutToShow.emit()
    assert [a.data() for a in examples["tally"].actions()] == [str(SCENARIO)]
