"""The proof that rulesets are plug-ins (issue 19, point 6; issue 35): tally, a third ruleset
outside engine/ and app/ (tests/support/rulesets/, walked through in docs/rulesets.md), built as
a wheel from its own pyproject.toml and installed (the ``tally_site`` fixture), goes through
every command and the app from its installed copy, and nothing in engine/ or app/ names it."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.presentation.views import views
from engine.errors import ScenarioError
from engine.ruleset import rulesets
from engine.scenario import run_scenario, validate_scenario
from engine.table_shape import CardShape, PlayerShape, TableShape
from engine.yaml_source import YamlSource
from tests.contracts.conftest import Command
from tests.support.plugins import TALLY, TALLY_PACKAGES, python

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = Path("tally", "examples", "apples-and-pears.yaml")  # in the project, and installed


@pytest.fixture
def scenario(tally_site: Path) -> Path:
    """Tally's example scenario, the installed copy."""
    return tally_site / EXAMPLE


def package_files(folder: Path) -> set[Path]:
    """The files of tally's packages under ``folder``, not Python's caches of their modules."""
    return {
        path.relative_to(folder)
        for package in TALLY_PACKAGES
        for path in (folder / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_wheel_installs_every_file_of_the_packages(tally_site: Path) -> None:
    """What the game reads beside its modules (rules.yaml, examples/) is package data: a wheel
    that leaves it out installs a game that cannot run."""
    assert package_files(tally_site) == package_files(TALLY)
    assert EXAMPLE in package_files(tally_site)


# Where the game that a process loads comes from: its modules, its rules' summaries, its examples.
WHERE_FROM = """
import sys
from app.presentation.views import views
from engine.ruleset import ruleset
tally, view = ruleset("tally"), views()["tally"]
modules = [sys.modules[type(each).__module__].__file__ for each in (tally, view)]
print(*modules, tally.summaries, tally.examples(), sep="\\n")
"""


def test_a_process_runs_the_installed_copy_not_the_source(tally_site: Path, tmp_path: Path) -> None:
    done = python("-c", WHERE_FROM, site=tally_site, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    places = [Path(line) for line in done.stdout.splitlines()]
    assert len(places) == 4 and all(place.is_relative_to(tally_site) for place in places)


def test_nothing_in_engine_or_app_names_the_third_ruleset() -> None:
    named = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("engine", "app", "fuzz")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(?<![a-z])tally", line, re.IGNORECASE)  # not "totally"
    ]
    assert not named


def test_check_passes_and_a_wrong_expectation_fails(
    cardtable: Command, scenario: Path, tmp_path: Path
) -> None:
    done = cardtable("check", str(scenario.parent))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    " in done.stdout and "(Apples and pears)" in done.stdout
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(scenario.read_text().replace("{apples: {count: 5}}", "{apples: {count: 6}}"))
    done = cardtable("check", str(wrong))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL" in done.stdout and "apples count: expected 6, saw 5" in done.stdout


def test_run_prints_the_timeline_and_the_table_as_the_ruleset_renders_it(
    cardtable: Command, scenario: Path, tmp_path: Path
) -> None:
    done = cardtable("run", str(scenario))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "apples counts 2 -> 5  [T-2]" in done.stdout
    assert "Turn 2 (Bob) begins  [T-4]" in done.stdout
    final = done.stdout.split("Final table:\n")[1]
    assert final.splitlines() == [
        "Turn 2, Bob to play",
        "Alice (life 20): apples 5, red-plums 0",
        "Bob (life 20): pears 5",
    ]


def test_shot_writes_a_png(cardtable: Command, scenario: Path, tmp_path: Path) -> None:
    done = cardtable("shot", str(scenario), "--step", "1", "-o", "table.png")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "table.png").read_bytes().startswith(b"\x89PNG")


def test_export_writes_a_page_with_the_tables_and_the_rulesets_summaries(
    cardtable: Command, scenario: Path, tmp_path: Path
) -> None:
    done = cardtable("export", str(scenario), "-o", "lesson.html")
    assert done.returncode == 0, done.stdout + done.stderr
    page = (tmp_path / "lesson.html").read_text(encoding="utf-8")
    assert page.count('<img src="data:image/png;base64,') >= 4  # a table per step
    assert "An amount added to a counter is positive" in page  # tally's own T-2


def test_fuzz_plays_random_games_with_the_rulesets_invariants(cardtable: Command) -> None:
    arguments = "fuzz --ruleset tally --games 3 --steps-per-game 10 --quiet"
    done = cardtable(*arguments.split())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fuzz tally seed 0: 3 games, 30 steps" in done.stdout
    assert ", 0 violations" in done.stdout


def test_schema_holds_the_rulesets_scenario_model(cardtable: Command) -> None:
    done = cardtable("schema")
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"TallyScenario"' in done.stdout and '"const": "tally"' in done.stdout


@pytest.fixture
def tally_installed(tally_site: Path) -> Iterator[None]:
    """Tally on the path and the registries read again; afterwards, as they were."""
    sys.path.insert(0, str(tally_site))
    rulesets.cache_clear()
    views.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tally_site))
        rulesets.cache_clear()
        views.cache_clear()


def test_its_model_checks_the_shared_keys_as_every_rulesets_does(
    tally_installed: None, scenario: Path
) -> None:
    """TallyScenario declares its name and its own checks; the keys every format shares bring
    theirs (engine/scenario_fields.py): a label is used once in a file, branches included."""
    plums = "      - add: {card: red-plums, amount: 2}\n"
    text = scenario.read_text().replace(plums, f"{plums}        label: counted\n")
    with pytest.raises(ScenarioError) as refused:
        validate_scenario(YamlSource(scenario, text))
    assert refused.value.where == "branches[0].script[0].label"
    assert refused.value.message == "the label 'counted' is used twice, first at script[0]"


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
    tally_installed: None,
    scenario: Path,
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from PySide6.QtCore import QSettings

    from app.widgets import message_boxes
    from app.widgets.main_window import MainWindow

    # closing the window with the action played asks; offscreen, nobody would answer
    monkeypatch.setattr(message_boxes, "question", lambda *a, **k: message_boxes.Button.Discard)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(scenario)
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
    assert [a.data() for a in examples["tally"].actions()] == [str(scenario)]
