"""Set-up mode on an opened file (issue 37): Edit > Edit set-up (or step 0's menu) brings the
table back to step 0 with the file's set-up to edit; Start here plays the file's script and
branches again on the new set-up, or refuses, saying which action no longer plays and why, with
nothing lost; one undo takes the whole set-up back; a save keeps every comment of the file and
the file passes ``cardtable check``."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QFileDialog

from app.cli.commands import main as cardtable
from app.presentation.card_design import add_to_hand, can_hold, define_card
from app.presentation.session import Session, setup_refusal
from app.widgets import message_boxes
from app.widgets.main_window import MainWindow
from engine.assets import LESSONS, SCENARIOS
from engine.errors import ScenarioError
from engine.ruleset import ruleset
from engine.setup_edits import entry, move_card
from tests.app.test_setup_editor import place

HERE = Path(__file__).parent
COMMENTED_SETUP = HERE / "commented_setup.yaml"
CHOSEN_TARGETS = SCENARIOS / "might" / "P-41-chosen-targets.yaml"
WARDEN: dict[str, Any] = {"name": "Cinder Warden", "kind": "unit", "might": 2}
# a spell of the file's own, left waiting on the chain by its script
CHARM = {
    "name": "Cinder Charm",
    "kind": "spell",
    "text": "Your spells deal +1 Bonus Damage this turn.",
    "effects": [{"do": "bonus_damage", "amount": 1, "scope": "spell", "duration": "this_turn"}],
}
LEFT_ON_THE_CHAIN = f"""\
ruleset: might
title: A charm left on the chain
cards:
  - {yaml.safe_dump(CHARM, default_flow_style=True, width=1000).strip()}
setup:
  players:
    - {{name: Alice, hand: [{{card: Cinder Charm}}]}}
    - {{name: Bob}}
script:
  - play: {{card: cinder-charm}}
    waits: true
"""
DEAL_SYLVA = ruleset("souls").action.model_validate({"deal": {"target": "sylva", "amount": 5}})
BROKEN = "action 2 of the script (attack alice-squire bob-squire), after step 3"


def comments(text: str) -> list[str]:
    """Every comment of ``text``, as written after its ``#``."""
    return [line.split("#", 1)[1] for line in text.splitlines() if "#" in line]


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of the warnings and errors shown."""
    shown: list[str] = []
    for kind in ("critical", "warning"):
        monkeypatch.setattr(message_boxes, kind, lambda _, title, text, *a, **k: shown.append(text))
    return shown


@pytest.fixture
def opened(window: MainWindow, tmp_path: Path) -> Path:
    """The user's file with comments throughout its set-up, open at its last step."""
    path = tmp_path / "mine.yaml"
    shutil.copy(COMMENTED_SETUP, path)
    assert window.open_path(path)
    return path


def in_setup_mode(window: MainWindow) -> None:
    assert window.session.setting_up and window.setup_dock.isVisibleTo(window)
    assert window.view.strip.phase.text().startswith("Set-up: not yet played")
    assert not window.setup_action.isEnabled()  # already in it


def move(window: MainWindow, uid: str, where: str) -> None:
    window.card_clicked(uid)  # in set-up mode a click edits the card
    assert window.setup_panel.move_selected(where)


def test_an_opened_file_s_set_up_edited_plays_its_script_again_and_saves_with_its_comments(
    window: MainWindow, opened: Path
) -> None:
    steps = len(window.session.steps)
    assert window.setup_action.isEnabled()
    window.setup_action.trigger()  # Edit > Edit set-up
    in_setup_mode(window)
    assert window.session.index == 0 and not window.session.dirty
    move(window, "ember-imp", "Alice: slot B1")
    place(window, "Thorn Squire", "Bob: slot B1")
    assert window.session.dirty and window.isWindowModified()
    assert window.start_here()
    assert not window.session.setting_up and window.timeline_dock.isVisibleTo(window)
    assert len(window.session.steps) == steps  # the script played again, every step of it
    assert window.session.play.failures() == []  # its expectations still hold
    assert window.files.save()
    text = opened.read_text(encoding="utf-8")
    assert [c for c in comments(COMMENTED_SETUP.read_text(encoding="utf-8")) if c not in text] == [
        " the imp"  # the comment of the line of the card moved
    ]
    players = yaml.safe_load(text)["setup"]["players"]
    assert players[0]["slots"]["B1"] == {"card": "Ember Imp"}
    assert players[0]["hand"] == [{"card": "Firebolt"}]
    assert players[1]["slots"]["B1"] == {"card": "Thorn Squire"}
    assert cardtable(["check", "--strict", str(opened)]) == 0
    window.undo()  # the whole set-up session at once
    assert window.session.table.cards["ember-imp"].zone == "hand"
    assert "thorn-squire" not in window.session.table.cards
    assert len(window.session.steps) == steps and window.session.dirty
    window.redo()
    assert window.session.table.cards["ember-imp"].zone == "slot"


def test_a_set_up_the_script_no_longer_plays_on_is_refused_and_nothing_is_lost(
    window: MainWindow, opened: Path, said: list[str]
) -> None:
    timeline = window.timeline
    row = timeline.tree.visualItemRect(timeline.rows[0]).center()
    timeline._row_menu(QPoint(row))  # step 0's menu
    next(a for a in timeline.last_menu.actions() if a.text() == "Edit set-up").trigger()
    in_setup_mode(window)
    move(window, "alice-squire", "Alice: hand")  # a valid set-up: the edit is taken
    assert can_hold(window.session, "souls") == ""  # the designer adds to the set-up edited
    draft = window.session.draft
    assert not window.start_here()
    assert len(said) == 1 and BROKEN in said[0] and "(rule S-13)" in said[0]
    assert BROKEN in window.setup_panel.error.text()
    in_setup_mode(window)
    assert window.session.draft is draft and window.session.dirty  # nothing lost
    window.undo()
    assert entry(window.session.draft, "alice-squire").place.name == "Alice: slot A1"
    assert window.start_here()
    assert not window.session.dirty  # the set-up it had: nothing to save
    assert opened.read_bytes() == COMMENTED_SETUP.read_bytes()
    window.begin_setup()
    assert window.setup_panel.error.text() == ""  # the refusal was about the set-up then


def test_expectations_the_new_set_up_breaks_are_said_on_start(
    window: MainWindow, opened: Path, said: list[str]
) -> None:
    expecting = "  - {at: play, cards: {ember-imp: {zone: hand}}}\n"
    opened.write_text(COMMENTED_SETUP.read_text(encoding="utf-8") + expecting, encoding="utf-8")
    assert window.open_path(opened, ask_unsaved=False)
    window.begin_setup()
    move(window, "ember-imp", "Alice: slot B1")
    assert window.start_here() and not window.session.setting_up  # the script plays
    assert len(said) == 1 and "ember-imp zone: expected hand, saw slot" in said[0], said


def test_a_refused_response_inside_an_action_is_named_where_the_file_has_it() -> None:
    session = Session()
    session.open(LESSONS / "souls" / "01-heal-in-the-battle-window.yaml")
    session.begin_setup()
    session.edit_setup(lambda draft: move_card(draft, "mending-light", "Bob: Exile"))
    with pytest.raises(ScenarioError) as refused:
        session.start_here()
    assert setup_refusal(refused.value) == (
        "The file's actions no longer play on this set-up: action 1 of the script (attack "
        "alice-squire bob-squire, its window[0].play), after step 0: mending-light is not in its "
        "owner's hand (rule S-4)"
    )
    assert session.setting_up and entry(session.draft, "mending-light").place.name == "Bob: Exile"


def test_a_refused_action_that_holds_none_is_named_in_the_script_or_its_branch() -> None:
    """A card played, a playtester's deal (a branch's own action): no window to leave out of
    its name. Start here raised a TypeError for either ("a play action holds no actions")."""
    session = Session()
    session.open(SCENARIOS / "souls" / "demo-table.yaml")
    session.begin_setup()
    session.edit_setup(lambda draft: move_card(draft, "thorn-squire", "Alice: hand"))
    with pytest.raises(ScenarioError) as refused:
        session.start_here()
    assert (
        refused.value.where == "action 1 of the script (play war-banner thorn-squire), after step 0"
    )
    assert refused.value.file == str(SCENARIOS / "souls" / "demo-table.yaml")
    session.undo()
    session.start_here()
    session.select(3)
    session.act(DEAL_SYLVA)  # a branch: "deal sylva 5"
    session.switch("main")
    session.begin_setup()
    session.edit_setup(lambda draft: move_card(draft, "sylva", "Alice: hand"))
    with pytest.raises(ScenarioError) as refused:
        session.start_here()
    assert refused.value.where == (
        "action 2 of the branch 'deal sylva 5' (deal sylva 5), after step 3"
    )
    assert session.setting_up


def test_cards_the_designer_defines_in_set_up_mode_go_into_the_file_played_again() -> None:
    """The card designer in set-up mode defines its card in the draft's ``cards``; Start here
    wrote only its ``setup:`` into the file, refusing a card put in a hand as unknown and
    losing a card defined anew (the set-up not even marked as changed)."""
    session = Session()
    session.open(CHOSEN_TARGETS)
    steps = len(session.steps)
    session.begin_setup()
    assert session.source is not None
    bolt = next(card for card in session.source.data["cards"] if card["name"] == "Twin Bolt")
    define_card(session, {**bolt, "text": "Deal 1 to each of two enemy units at most."})
    assert session.dirty  # the card defined anew: a change to save
    session.undo()
    assert not session.dirty  # the set-up and cards it had: nothing to save
    session.redo()
    session.start_here()
    assert len(session.steps) == steps and not session.setting_up  # the script played again
    assert {**bolt, "text": "Deal 1 to each of two enemy units at most."} in (
        session.source.data["cards"]
    )
    session.undo()
    assert bolt in session.source.data["cards"] and session.source.text == (
        CHOSEN_TARGETS.read_text(encoding="utf-8")
    )
    session.begin_setup()
    add_to_hand(session, WARDEN)
    session.start_here()
    assert len(session.steps) == steps and WARDEN in session.source.data["cards"]
    assert session.table is not None and session.table.cards["cinder-warden"].zone == "hand"


def test_an_action_written_as_waiting_that_no_longer_waits_on_the_set_up_is_refused(
    tmp_path: Path,
) -> None:
    """The file's last action waits on the chain; with its spell made a unit it plays, and
    then nothing waits: the refusal names that action, not the one after it (there is none)."""
    path = tmp_path / "charm.yaml"
    path.write_text(LEFT_ON_THE_CHAIN, encoding="utf-8")
    session = Session()
    session.open(path)
    assert session.waiting is not None
    session.begin_setup()
    define_card(session, {"name": "Cinder Charm", "kind": "unit", "might": 2})
    with pytest.raises(ScenarioError) as refused:
        session.start_here()
    assert setup_refusal(refused.value) == (
        "The file's actions no longer play on this set-up: action 1 of the script (play "
        "cinder-charm), after step 1: nothing waits after this action: only an attack in its "
        "battle window or a spell on the chain can be left waiting"
    )
    assert session.setting_up and session.draft is not None
    assert session.draft["cards"] == [{"name": "Cinder Charm", "kind": "unit", "might": 2}]


def test_a_save_in_set_up_mode_plays_the_set_up_saves_it_and_stays_in_set_up_mode(
    window: MainWindow, opened: Path, said: list[str]
) -> None:
    window.begin_setup()
    move(window, "alice-squire", "Alice: hand")
    assert not window.files.save()  # its script no longer plays: a file that would not open
    assert BROKEN in said[0] and "No file was changed" in said[0]
    assert opened.read_bytes() == COMMENTED_SETUP.read_bytes() and window.session.dirty
    in_setup_mode(window)
    window.undo()
    move(window, "ember-imp", "Alice: slot B1")
    assert window.files.save()
    in_setup_mode(window)
    assert not window.session.dirty and window.undo_action.isEnabled()
    assert "B1: {card: Ember Imp}" in opened.read_text(encoding="utf-8")
    window.undo()  # the set-up edit, still there to take back
    assert entry(window.session.draft, "ember-imp").place.name == "Alice: hand"
    assert window.session.dirty


def test_closing_with_set_up_edits_asks_to_save_them(
    window: MainWindow, opened: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def question(parent: Any, title: str, text: str, *rest: Any, **named: Any) -> Any:
        asked.append(text)
        return message_boxes.Button.Save

    monkeypatch.setattr(message_boxes, "question", question)
    window.begin_setup()
    move(window, "ember-imp", "Alice: slot B1")
    window.close()
    assert asked == ["Your changes to mine.yaml are not saved. Save them first?"]
    text = opened.read_text(encoding="utf-8")
    assert "B1: {card: Ember Imp}" in text and "  # the front row\n" in text  # the file's own


def test_a_shipped_lesson_s_set_up_edited_is_saved_to_my_lessons_with_its_comments(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for kind in ("critical", "warning", "information"):
        monkeypatch.setattr(message_boxes, kind, lambda *a, **k: None)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    mine = tmp_path / "my lessons"
    settings.setValue("lessons/folder", str(mine))
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    lesson = LESSONS / "souls" / "01-heal-in-the-battle-window.yaml"
    shipped = lesson.read_bytes()
    assert window.open_path(lesson)
    window.begin_setup()
    place(window, "Firebolt", "Alice: hand")
    assert window.start_here()
    offered: list[str] = []

    def ask(parent: Any, caption: str, start: str, *rest: Any) -> tuple[str, str]:
        offered.append(start)
        return start, ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
    assert window.files.save()
    assert offered == [str(mine / lesson.name)] and lesson.read_bytes() == shipped
    text = (mine / lesson.name).read_text(encoding="utf-8")
    assert [c for c in comments(shipped.decode("utf-8")) if c not in text] == []
    assert yaml.safe_load(text)["setup"]["players"][0]["hand"] == [{"card": "Firebolt"}]
    assert cardtable(["check", "--strict", str(mine / lesson.name)]) == 0
