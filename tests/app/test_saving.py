"""No work lost: the dirty mark, asking before unsaved actions go, atomic saving that keeps the
file's comments, read-only examples, and the file-related corners of the CLI and File menu."""

from __future__ import annotations

import difflib
import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
import pytest
import yaml
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from app.cli.commands import main as cardtable
from app.files import merging, saving
from app.files.saving import SavedBranch, scenario_text, with_keys
from app.presentation.card_design import add_to_hand
from app.presentation.session import Session
from app.widgets import message_boxes
from app.widgets.examples import natural_key
from app.widgets.main_window import MainWindow
from engine.assets import LESSONS, SCENARIOS
from engine.branches import MAIN
from engine.input_file import LINE_BREAK
from engine.might.scenario import Action as MightAction
from engine.scenario import (
    Playthrough,
    load_scenario,
    play_branch,
    scenario_files,
    validate_scenario,
)
from engine.script import ScriptAction
from engine.setup_edits import entries, remove_card
from engine.souls.scenario import Action
from engine.yaml_source import YamlSource

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
M4 = SCENARIOS / "might" / "M4-prevention-worked-example.yaml"
Button = QMessageBox.StandardButton
DEAL_SYLVA = Action.model_validate({"deal": {"target": "sylva", "amount": 5}})
DEAL_SQUIRE = Action.model_validate({"deal": {"target": "thorn-squire", "amount": 5}})

# The demo as a user's own file: comments everywhere, keys in an unusual order, an expect block.
NOTES = [
    ("ruleset: souls\ntitle: Demo table\n", "title: Demo table  # my title\nruleset: souls\n"),
    ("      realm: {card: Old Keep}\n", "      realm: {card: Old Keep}  # Alice's realm\n"),
    ("  - at: imp-captured\n", "  # the capture, checked\n  - at: imp-captured\n"),
]


def with_notes(text: str) -> str:
    for old, new in NOTES:
        assert old in text
        text = text.replace(old, new)
    return "# My notes on the demo: keep me\n" + text


COMMENTED = with_notes(DEMO.read_text(encoding="utf-8"))


class Dialogs:
    """Message boxes answered by the test: what was shown, what was asked, the next answers."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str, str]] = []
        self.asked: list[str] = []
        self.answers: list[Button] = []

    def show(self, kind: str) -> Callable[..., None]:
        return lambda parent, title, text, *rest, **named: self.shown.append((kind, title, text))

    def question(self, parent: Any, title: str, text: str, *rest: Any, **named: Any) -> Button:
        self.asked.append(title)
        return self.answers.pop(0) if self.answers else Button.Discard  # teardown closes quietly

    def texts(self, kind: str) -> str:
        return "\n".join(f"{title}\n{text}" for shown, title, text in self.shown if shown == kind)


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    record = Dialogs()
    for kind in ("critical", "warning", "information"):
        monkeypatch.setattr(message_boxes, kind, record.show(kind))
    monkeypatch.setattr(message_boxes, "question", record.question)
    return record


@pytest.fixture
def window(qtbot, tmp_path: Path, dialogs: Dialogs) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    return win


@pytest.fixture
def user_file(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    path = folder / "demo.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    return path


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "Documents"
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(folder))
    return folder


def save_as(monkeypatch: pytest.MonkeyPatch, answer: Path | None) -> list[str]:
    """Answer the Save As dialog with ``answer`` (None: cancelled); returns the offered names."""
    offered: list[str] = []

    def ask(parent: Any, caption: str, start: str, *rest: Any, **named: Any) -> tuple[str, str]:
        offered.append(start)
        return (str(answer) if answer else "", "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
    return offered


def shipped_bytes() -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in SCENARIOS.rglob("*") if path.is_file()}


# ----------------------------------------------------------------------------- dirty state


def test_an_action_marks_the_title_and_saving_clears_it(
    window: MainWindow, user_file: Path
) -> None:
    assert window.open_path(user_file)
    assert "[*]" in window.windowTitle() and not window.isWindowModified()
    window.session.act(DEAL_SYLVA)
    assert window.isWindowModified()
    assert window.files.save()
    assert not window.isWindowModified() and not window.session.dirty
    window.session.undo()
    assert window.isWindowModified()


def test_closing_with_unsaved_actions_asks(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    window.open_path(user_file)
    assert window.close()  # nothing to lose: no question
    assert dialogs.asked == []
    window.show()
    window.session.act(DEAL_SYLVA)
    dialogs.answers = [Button.Cancel]
    assert not window.close()
    assert dialogs.asked == ["Unsaved changes"] and window.isVisible()
    dialogs.answers = [Button.Discard]
    assert window.close()
    assert user_file.read_text(encoding="utf-8") == COMMENTED


def test_opening_another_file_asks_and_cancel_keeps_the_session(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    session = window.session
    before = (session.path, session.actions(), session.index, len(session.steps))
    dialogs.answers = [Button.Cancel, Button.Cancel]
    assert not window.open_path(M4)
    souls = examples(window, "souls")
    souls.aboutToShow.emit()
    souls.actions()[0].trigger()  # switching examples asks too
    assert dialogs.asked == ["Unsaved changes"] * 2
    assert (session.path, session.actions(), session.index, len(session.steps)) == before
    assert session.dirty and window.isWindowModified()


def test_discard_opens_without_saving(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    dialogs.answers = [Button.Discard]
    assert window.open_path(M4)
    assert window.session.path == M4 and not window.isWindowModified()
    assert user_file.read_text(encoding="utf-8") == COMMENTED


def test_save_saves_then_opens(window: MainWindow, dialogs: Dialogs, user_file: Path) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    dialogs.answers = [Button.Save]
    assert window.open_path(M4)
    assert window.session.path == M4
    scenario, _ = load_scenario(user_file)
    assert scenario.script[-1] == DEAL_SYLVA


# ----------------------------------------------------------------------------- atomic writing


def filling_disk(real: Callable[..., Any]) -> Callable[..., Any]:
    """os.write that writes half of the first chunk, then finds the disk full."""
    calls: list[int] = []

    def write(fd: int, data: bytes) -> int:
        if calls:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        calls.append(fd)
        return int(real(fd, bytes(data)[: len(data) // 2]))

    return write


def failing(code: int) -> Callable[..., Any]:
    def fail(*args: Any) -> None:
        raise OSError(code, os.strerror(code))

    return fail


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("write", lambda: filling_disk(os.write)),
        ("fsync", lambda: failing(errno.EIO)),
        ("replace", lambda: failing(errno.EACCES)),
    ],
)
def test_a_save_that_fails_midway_leaves_the_file_as_it_was(
    window: MainWindow,
    dialogs: Dialogs,
    user_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    make: Callable[[], Callable[..., Any]],
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    before = user_file.read_bytes()
    real = getattr(os, name)
    monkeypatch.setattr(os, name, make())
    saved = window.files.save()
    monkeypatch.setattr(os, name, real)
    assert not saved
    assert user_file.read_bytes() == before
    assert os.listdir(user_file.parent) == [user_file.name]  # no temporary file left
    error = dialogs.texts("critical")
    assert str(user_file) in error
    reason = {"write": "No space left", "fsync": "Input/output error", "replace": "Permission"}
    assert reason[name] in error
    assert window.session.dirty and window.isWindowModified()


def test_save_as_onto_a_folder_is_a_dialog(
    window: MainWindow, dialogs: Dialogs, user_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.open_path(user_file)
    save_as(monkeypatch, user_file.parent)
    assert not window.files.save_dialog()
    error = dialogs.texts("critical")
    assert f"Cannot save {user_file.parent}:\nit is a folder, not a file" in error
    assert user_file.parent.is_dir()


# ----------------------------------------------------------------------------- read-only examples


def test_saving_a_shipped_example_asks_for_a_copy_in_the_documents_folder(
    window: MainWindow, user_file: Path, documents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = shipped_bytes()
    window.open_path(DEMO)
    assert "read-only" in window.windowTitle()
    window.session.act(DEAL_SYLVA)
    copy = documents / "Cardtable" / "demo-table.yaml"
    offered = save_as(monkeypatch, copy)
    assert window.files.save()
    assert offered == [str(copy)]
    assert shipped_bytes() == shipped
    assert load_scenario(copy)[0].script[-1] == DEAL_SYLVA
    assert window.session.path == copy and "read-only" not in window.windowTitle()


def test_a_shipped_lesson_is_saved_as_one_of_my_lessons(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dialogs: Dialogs, documents: Path
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    folder = tmp_path / "my lessons"
    settings.setValue("lessons/folder", str(folder))
    win = MainWindow(settings)
    qtbot.addWidget(win)
    mine = next(a.menu() for a in win.lessons_menu.actions() if a.text() == "My lessons")
    mine.aboutToShow.emit()
    assert mine.actions() == []
    lesson = sorted((LESSONS / "souls").glob("*.yaml"))[0]
    shipped = lesson.read_bytes()
    assert win.open_path(lesson) and win.session.read_only
    win.session.dirty = True
    offered = save_as(monkeypatch, folder / lesson.name)
    assert win.files.save()
    assert offered == [str(folder / lesson.name)]  # My lessons, not the documents folder
    assert lesson.read_bytes() == shipped and (folder / lesson.name).is_file()
    mine.aboutToShow.emit()  # listed at once: the menu reads its folder again
    listed = [action.text() for topic in mine.actions() for action in topic.menu().actions()]
    assert listed == [win.session.scenario.title]


def test_my_lessons_folder_is_made_on_first_use_or_offered_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cardtable/lessons in the user's data folder, made with its parents when missing; the
    # folder the settings name instead; one that cannot be made (a file in the way) is still
    # given, and File > Lessons lists nothing in it
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda name: str(tmp_path / "data" / name))
    lessons = tmp_path / "data" / "Cardtable" / "lessons"
    assert saving.lessons_folder() == lessons and lessons.is_dir()
    assert saving.lessons_folder() == lessons  # there already: as it is
    configured = tmp_path / "mine" / "lessons"
    assert saving.lessons_folder(str(configured)) == configured and configured.is_dir()
    blocked = tmp_path / "a file" / "lessons"
    blocked.parent.write_text("not a folder", encoding="utf-8")
    assert saving.lessons_folder(str(blocked)) == blocked and not blocked.exists()


def test_save_as_onto_a_shipped_file_is_refused(
    window: MainWindow, dialogs: Dialogs, user_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = shipped_bytes()
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    save_as(monkeypatch, DEMO)
    assert not window.files.save_dialog()
    assert "read-only" in dialogs.texts("critical")
    assert shipped_bytes() == shipped


# ----------------------------------------------------------------------------- the saved text


def test_saving_keeps_comments_key_order_and_expect(window: MainWindow, user_file: Path) -> None:
    original = yaml.safe_load(COMMENTED)
    window.open_path(user_file)
    window.files.save()
    assert user_file.read_text(encoding="utf-8") == COMMENTED  # nothing changed, nothing moves
    window.session.act(DEAL_SYLVA)
    window.files.save()
    text = user_file.read_text(encoding="utf-8")
    for comment in ("# My notes", "# my title", "# Alice's realm", "# the capture, checked"):
        assert comment in text
    saved = yaml.safe_load(text)
    assert list(saved) == list(original)
    assert saved["expect"] == original["expect"]
    assert saved["script"] == original["script"] + [{"deal": {"target": "sylva", "amount": 5}}]
    assert "  - deal: {target: sylva, amount: 5}\n" in text  # written as the file writes actions


COMMENTED_SETUP = Path(__file__).parent / "commented_setup.yaml"
HOUND = {"name": "Cinder Hound", "kind": "soul", "rank": 1, "hp": 15, "power": 5}


def comments(text: str) -> list[str]:
    """Every comment of ``text``, as written after its ``#``."""
    return [line.split("#", 1)[1] for line in text.splitlines() if "#" in line]


def only(kind: str, before: str, after: str) -> bool:
    """Whether ``after`` is ``before`` with lines of ``kind`` (``insert``, ``delete``) alone."""
    operations = difflib.SequenceMatcher(
        a=before.splitlines(keepends=True), b=after.splitlines(keepends=True), autojunk=False
    ).get_opcodes()
    return {operation for operation, *_ in operations} == {"equal", kind}


def test_a_card_put_in_a_hand_keeps_every_comment_of_the_set_up(tmp_path: Path) -> None:
    # the designer's Add to hand changes setup.players: each comment inside setup: stays, on
    # its line, and every flow mapping stays one
    text = COMMENTED_SETUP.read_text(encoding="utf-8")
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    session = Session()
    session.open(path)
    add_to_hand(session, HOUND)
    session.save(path)
    saved = path.read_text(encoding="utf-8")
    assert only("insert", text, saved)  # every line of the file kept as written
    wanted = yaml.safe_load(text)
    wanted["cards"] = [HOUND]
    wanted["setup"]["players"][0]["hand"].append({"card": "Cinder Hound"})
    assert yaml.safe_load(saved) == wanted
    for line in (
        "        - {card: Ember Imp}  # the imp\n        - {card: Cinder Hound}\n",
        "    # and then Bob\n    - name: Bob\n",
        "        A1: {card: Thorn Squire, id: bob-squire}  # the squire Alice burns\n",
    ):
        assert line in saved
    assert cardtable(["check", str(path)]) == 0


@pytest.mark.parametrize("spliced", [True, False], ids=["spliced", "round-trip"])
@pytest.mark.parametrize(
    ("edit", "gone", "kept"),
    [
        (lambda players: players[0]["hand"].pop(0), " the bolt", "- {card: Ember Imp}  # the imp"),
        (lambda players: players[0]["hand"].pop(), " the imp", "# and then Bob\n    - name: Bob"),
        (lambda players: players[1]["slots"].pop("A1"), " the squire", "slots: {}\n# the script"),
        (
            lambda players: players[1]["slots"].update(B1={"card": "Ember Imp"}),
            "",
            "burns\n        B1: {card: Ember Imp}\n# the script",
        ),
    ],
    ids=["first-gone", "last-gone", "only-gone", "one-more"],
)
def test_a_set_up_edited_inside_keeps_each_comment_on_the_line_it_is_about(
    edit: Callable[[list[Any]], object],
    gone: str,
    kept: str,
    spliced: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a comment between two entries stays above the later one; the comments after a block
    # stay after it, after the entry put last in it too; spliced, every line not edited
    # stays as written, else the round trip keeps the comments (app/files/merging.py)
    if not spliced:  # as for a text splicing cannot edit
        monkeypatch.setattr(saving, "_spliced_keys", lambda *args: None)
    text = COMMENTED_SETUP.read_text(encoding="utf-8")
    source = YamlSource(COMMENTED_SETUP, text)
    setup = yaml.safe_load(text)["setup"]
    edit(setup["players"])
    saved = with_keys(source, {"setup": setup}, verify=lambda _: None)
    assert yaml.safe_load(saved)["setup"] == setup
    lost = [c for c in comments(text) if c not in saved]
    assert lost == ([c for c in comments(text) if c.startswith(gone)] if gone else [])
    assert kept in saved, saved
    two_lines = "{card: Thorn Squire,\n             id: alice-squire}  # a person's line break\n"
    assert (two_lines in saved) == spliced


@pytest.mark.parametrize("lesson", sorted(LESSONS.rglob("*.yaml")), ids=lambda path: path.stem)
def test_a_lesson_s_set_up_edited_changes_only_the_lines_of_what_changed(lesson: Path) -> None:
    # its last card taken out only takes lines out; put back, it only puts lines in
    source = YamlSource.read(lesson)
    fewer = remove_card(source.data, entries(source.data)[-1].uid)["setup"]
    taken = with_keys(source, {"setup": fewer}, verify=lambda _: None)
    assert YamlSource(lesson, taken).data["setup"] == fewer and only("delete", source.text, taken)
    back = with_keys(YamlSource(lesson, taken), {"setup": source.data["setup"]}, lambda _: None)
    assert YamlSource(lesson, back).data == source.data and only("insert", taken, back)


TURN_LAST = """\
ruleset: souls
title: A teacher's layout  # kept
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Thorn Squire,
             id: alice-squire}  # a person's line break
    - name: Bob  # second
      slots:
        A1: {card: Ember Imp}
  turn: 1  # counted from 1
script:
  - deal: {target: ember-imp, amount: 5}
"""


def test_a_set_up_given_new_and_changed_keys_in_any_order_is_spliced_key_by_key(
    tmp_path: Path,
) -> None:
    # a key the set-up lacks goes after its last one, whatever comes after it in the data
    # given; a player's hand and the turn, both changed, are each edited on their own lines
    source = YamlSource(tmp_path / "teacher.yaml", TURN_LAST)
    players = yaml.safe_load(TURN_LAST)["setup"]["players"]
    players[1]["hand"] = [{"card": "Firebolt"}]
    setup = {"turn_player": 1, "players": players, "turn": 2}
    text = with_keys(source, {"setup": setup})
    assert text == TURN_LAST.replace(
        "        A1: {card: Ember Imp}\n  turn: 1  # counted from 1\n",
        "        A1: {card: Ember Imp}\n      hand:\n        - {card: Firebolt}\n"
        "  turn: 2  # counted from 1\n  turn_player: 1\n",
    )


def test_a_splice_that_is_not_yaml_falls_back_to_the_round_trip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a splice ever to write text that does not read, the save goes the next way (the
    round trip, comments kept), not refused as "not valid YAML"."""
    source = YamlSource(tmp_path / "teacher.yaml", TURN_LAST)
    setup = yaml.safe_load(TURN_LAST)["setup"] | {"turn": 2}
    monkeypatch.setattr(saving, "_spliced_keys", lambda *_: "setup: [unclosed\n")
    saved = with_keys(source, {"setup": setup})
    assert yaml.safe_load(saved)["setup"] == setup
    assert "# a person's line break" in saved and "# counted from 1" in saved


def test_a_set_up_whose_last_entry_grows_and_that_gains_a_key_writes_both_in_order(
    tmp_path: Path,
) -> None:
    # both go in at the set-up's last line: the last player's new hand first, as it is theirs
    untimed = TURN_LAST.replace("  turn: 1  # counted from 1\n", "")
    source = YamlSource(tmp_path / "teacher.yaml", untimed)
    players = yaml.safe_load(untimed)["setup"]["players"]
    players[1]["hand"] = [{"card": "Firebolt"}]
    text = with_keys(source, {"setup": {"turn": 2, "players": players}})
    assert text == untimed.replace(
        "        A1: {card: Ember Imp}\n",
        "        A1: {card: Ember Imp}\n      hand:\n        - {card: Firebolt}\n  turn: 2\n",
    )


HANDS = """\
ruleset: souls
title: Two hands  # kept
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Thorn Squire,
             id: alice-squire}  # a person's line break
      hand:
        # the bolt first
        - {card: Firebolt}  # to burn the squire
        - { card: Ember Imp }  # spaced as written
        - {card: Thorn Squire}
    - name: Bob
      slots:
        # the back row
        B1: {card: Thorn Squire, id: bob-squire}  # the one Alice burns
      hand:
        - {card: Ember Imp}
        - id: bob-bolt  # named first
          card: Firebolt
script:
  - deal: {target: alice-squire, amount: 5}
"""
BOLT, IMP = "        - {card: Firebolt}  # to burn the squire\n", "        - { card: Ember Imp }  #"
FIREBOLT, EMBER_IMP, SQUIRE = {"card": "Firebolt"}, {"card": "Ember Imp"}, {"card": "Thorn Squire"}
BOB_SQUIRE = {"card": "Thorn Squire", "id": "bob-squire"}


@pytest.mark.parametrize(
    ("player", "key", "value", "old", "new"),
    [
        (
            0,
            "hand",
            [{"card": "Old Keep"}, FIREBOLT, EMBER_IMP, SQUIRE],
            "      hand:\n        # the bolt first\n",
            "      hand:\n        - {card: Old Keep}\n        # the bolt first\n",
        ),
        (
            0,
            "hand",
            [{**FIREBOLT, "id": "bolt"}, {**EMBER_IMP, "id": "imp"}, SQUIRE],
            BOLT + IMP,
            "        - {card: Firebolt, id: bolt}  # to burn the squire\n"
            "        - {card: Ember Imp, id: imp}  #",
        ),
        (
            0,
            "hand",
            [FIREBOLT, {**EMBER_IMP, "id": "imp"}, {"card": "Old Keep"}, SQUIRE],
            IMP + " spaced as written\n",
            "        - {card: Ember Imp, id: imp}  # spaced as written\n"
            "        - {card: Old Keep}\n",
        ),
        (
            0,
            "hand",
            [EMBER_IMP, {**SQUIRE, "id": "squire-2"}],
            BOLT + IMP + " spaced as written\n        - {card: Thorn Squire}\n",
            IMP + " spaced as written\n        - {card: Thorn Squire, id: squire-2}\n",
        ),
        (
            1,
            "slots",
            {"A1": EMBER_IMP, "B1": BOB_SQUIRE},
            "        # the back row\n",
            "        A1: {card: Ember Imp}\n        # the back row\n",
        ),
    ],
    ids=["put-first", "two-changed", "one-made-two", "first-gone-last-changed", "slot-put-first"],
)
def test_a_set_up_list_or_mapping_edited_entry_by_entry_keeps_every_other_line(
    player: int, key: str, value: Any, old: str, new: str, tmp_path: Path
) -> None:
    # an entry put first goes above the comment lines above the first (they are that
    # entry's); an entry changed in place keeps the comment on its line; an entry the edit
    # leaves alone stays as written, spaces and all
    source = YamlSource(tmp_path / "hands.yaml", HANDS)
    setup = yaml.safe_load(HANDS)["setup"]
    setup["players"][player][key] = value
    assert HANDS.count(old) == 1
    assert with_keys(source, {"setup": setup}) == HANDS.replace(old, new)


def test_a_card_written_as_a_block_that_loses_its_first_key_goes_through_the_round_trip(
    tmp_path: Path,
) -> None:
    # its first key's line holds the dash of the list: not a line to splice out (without
    # it, the card would read as the text of the card above)
    source = YamlSource(tmp_path / "hands.yaml", HANDS)
    setup = yaml.safe_load(HANDS)["setup"]
    del setup["players"][1]["hand"][1]["id"]
    text = with_keys(source, {"setup": setup})
    assert yaml.safe_load(text)["setup"] == setup
    assert text == HANDS.replace(
        "{card: Thorn Squire,\n             id: alice-squire}  #",
        "{card: Thorn Squire, id: alice-squire} #",
    ).replace(IMP, "        - {card: Ember Imp}    #").replace(
        "        - id: bob-bolt  # named first\n          card: Firebolt\n",
        "        - card: Firebolt\n",
    )


TWO_LINE_FIELDS = """\
ruleset: might
title: Two fields  # kept
setup:
  battlefields: [Battlefield 1,
                 Battlefield 2]  # as the teacher wrapped them
  players:
    - {name: Alice, runes: 1}
    - {name: Bob}
"""


def test_a_set_up_list_written_over_two_lines_and_changed_goes_through_the_round_trip(
    tmp_path: Path,
) -> None:
    # its first line alone cannot be written over: the round trip writes it on one line
    source = YamlSource(tmp_path / "fields.yaml", TWO_LINE_FIELDS)
    setup = yaml.safe_load(TWO_LINE_FIELDS)["setup"]
    setup["battlefields"] = ["Field A", "Field B"]
    text = with_keys(source, {"setup": setup})
    assert text == TWO_LINE_FIELDS.replace(
        "[Battlefield 1,\n                 Battlefield 2]  #", "[Field A, Field B] #"
    )


def test_new_strings_the_reader_would_mistake_are_quoted(
    window: MainWindow, user_file: Path
) -> None:
    window.open_path(user_file)
    for label in ("yes", "1:20", "null", "07"):  # a bool, a number, None, a number in YAML 1.1
        window.session.act(DEAL_SYLVA.model_copy(update={"label": label}))
        assert window.files.save()
    labels = [action.label for action in load_scenario(user_file)[0].script[-4:]]
    assert labels == ["yes", "1:20", "null", "07"]


def test_a_file_the_round_trip_cannot_keep_is_written_plainly(
    window: MainWindow, user_file: Path
) -> None:
    line = "      thorn-squire: {damage: 5}\n"
    tabbed = COMMENTED.replace(line, line.replace(": ", ":\t", 1))
    assert tabbed != COMMENTED
    user_file.write_text(tabbed, encoding="utf-8")  # libyaml reads a tab here, ruamel does not
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    window.files.save()
    assert YamlSource.read(user_file).data["expect"] == YamlSource(user_file, tabbed).data["expect"]


def test_a_file_with_a_duplicate_key_is_refused_on_opening(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    doubled = COMMENTED.replace(
        "      thorn-squire: {damage: 5}\n",
        "      thorn-squire: {damage: 0}\n      thorn-squire: {damage: 5}\n",
    )
    user_file.write_text(doubled, encoding="utf-8")
    assert not window.open_path(user_file)
    assert "key 'thorn-squire' is given twice" in dialogs.texts("critical")


def test_a_warning_lists_expectations_the_new_script_breaks(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)  # the expectations still hold
    window.files.save()
    assert dialogs.texts("warning") == ""
    window.session.act(DEAL_SQUIRE)
    assert window.files.save()
    warning = dialogs.texts("warning")
    assert "thorn-squire damage: expected 10, saw 15" in warning
    assert yaml.safe_load(user_file.read_text(encoding="utf-8"))["expect"]  # kept all the same
    for _ in range(4):
        window.session.undo()  # back before the action labelled sylva-grows
    assert window.files.save()
    assert "no script action has the label 'sylva-grows'" in dialogs.texts("warning")


# ----------------------------------------------------------------------------- saves that keep all

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
BRANCH_NOTE = "    # my note on this branch: keep me\n"


@pytest.fixture
def branched_file(tmp_path: Path) -> Path:
    """M8 as a user's file, a comment of theirs inside its branch."""
    text = M8.read_text(encoding="utf-8").replace(
        "  - name: doubling first\n", "  - name: doubling first\n" + BRANCH_NOTE
    )
    path = tmp_path / "m8.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_changed_on_disk_is_asked_about_before_it_is_replaced(
    window: MainWindow, user_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers: list[str] = []
    monkeypatch.setattr(window.files, "ask_changed_on_disk", lambda path: answers.pop(0))
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    theirs = COMMENTED + "# added in another editor\n"
    user_file.write_text(theirs, encoding="utf-8")
    answers[:] = ["cancel"]
    assert not window.files.save()
    assert user_file.read_text(encoding="utf-8") == theirs and window.session.dirty
    answers[:] = ["save as"]
    elsewhere = user_file.with_name("mine.yaml")
    save_as(monkeypatch, elsewhere)
    assert window.files.save()
    assert user_file.read_text(encoding="utf-8") == theirs
    assert load_scenario(elsewhere)[0].script[-1] == DEAL_SYLVA
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    user_file.write_text(theirs + "# once more\n", encoding="utf-8")
    answers[:] = ["reload"]
    assert window.files.save()
    assert window.session.actions() == list(load_scenario(user_file)[0].script)
    assert not window.session.dirty and window.session.disk_text == theirs + "# once more\n"
    window.session.act(DEAL_SYLVA)
    user_file.write_text(theirs, encoding="utf-8")
    answers[:] = ["overwrite"]
    assert window.files.save()
    assert load_scenario(user_file)[0].script[-1] == DEAL_SYLVA and not answers
    window.session.act(DEAL_SYLVA)
    assert window.files.save()  # saved by us just before: nothing to ask


def test_a_file_deleted_on_disk_is_saved_again_without_asking(
    window: MainWindow, user_file: Path
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    user_file.unlink()
    assert window.files.save()  # no answer is patched: a question would hang the test
    assert load_scenario(user_file)[0].script[-1] == DEAL_SYLVA


def test_renaming_a_branch_keeps_its_expectations_and_comments(
    window: MainWindow, branched_file: Path
) -> None:
    written = yaml.safe_load(branched_file.read_text(encoding="utf-8"))["branches"][0]
    window.open_path(branched_file)
    window.session.rename("doubling first", "double, then ward")
    assert window.files.save()
    text = branched_file.read_text(encoding="utf-8")
    assert BRANCH_NOTE in text and "# What if Bob had ordered doubling first" in text
    saved = yaml.safe_load(text)["branches"][0]
    assert saved == {**written, "name": "double, then ward"}
    assert list(saved) == list(written)  # its keys in their order
    scenario, _ = load_scenario(branched_file)
    assert len(scenario.branches[0].expect) == len(written["expect"]) > 0


def test_an_untouched_branch_saves_as_written(window: MainWindow, branched_file: Path) -> None:
    before = branched_file.read_text(encoding="utf-8")
    window.open_path(branched_file)
    window.session.dirty = True
    assert window.files.save()
    assert branched_file.read_text(encoding="utf-8") == before


STOPPED = """\
ruleset: souls
title: A script that stops
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}  # played
  - attack: {attacker: ember-imp, target: thorn-squire}  # refused: the run stops here
    label: too-far
  - heal: {target: ember-imp, amount: 5}  # never played
expect_error: {rule: S-13, message: "not the turn player's Soul"}
"""


def test_a_script_stopped_by_its_expect_error_keeps_every_action_when_saved(
    window: MainWindow, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli.commands import main

    path = tmp_path / "stopped.yaml"
    path.write_text(STOPPED, encoding="utf-8")
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    before = path.read_text(encoding="utf-8")
    window.open_path(path)
    window.session.dirty = True
    assert window.files.save()
    assert path.read_text(encoding="utf-8") == before
    window.session.act(Action.model_validate({"heal": {"target": "ember-imp", "amount": 5}}))
    assert window.session.branch != "main"  # what is played past the stop goes in a branch
    assert window.files.save()
    scenario, _ = load_scenario(path)
    assert len(scenario.script) == 3 and len(scenario.branches) == 1
    assert main(["check", str(path)]) == 0, capsys.readouterr().out


def test_a_save_that_could_not_be_opened_again_is_refused_before_writing(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    from engine.safe_yaml import MAX_CHARS

    room = MAX_CHARS - len(COMMENTED.encode("utf-8"))
    big = COMMENTED.replace("# My notes", f"# {'x' * room}", 1)  # 8 bytes short of the limit
    assert len(big.encode("utf-8")) == MAX_CHARS - 8
    user_file.write_text(big, encoding="utf-8")
    assert window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    assert not window.files.save()
    assert f"more than the {MAX_CHARS} a scenario may have" in dialogs.texts("critical")
    assert user_file.read_text(encoding="utf-8") == big and window.session.dirty


def test_a_character_no_file_can_hold_is_refused_before_writing(tmp_path: Path) -> None:
    from app.files.saving import SaveError, verify_reopens

    with pytest.raises(SaveError, match="line 2 would hold U\\+D800, a character a file cannot"):
        verify_reopens(tmp_path / "x.yaml", "ruleset: souls\ntitle: \ud800\n")


def test_no_menu_action_lets_an_exception_out_on_a_failing_file_system(
    window: MainWindow, user_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    save_as(monkeypatch, tmp_path / "elsewhere.yaml")
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(user_file), ""))
    )

    def full_disk(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    triggered = []
    with monkeypatch.context() as failing:
        for name in ("open", "write", "replace", "fsync"):
            failing.setattr(os, name, full_disk)
        for menu in window.menuBar().findChildren(QMenu):
            menu.aboutToShow.emit()  # menus filled when shown (Game, Examples)
            for action in menu.actions():
                if action.menu() is None and action.text() not in ("&Quit", "&Present mode"):
                    action.trigger()  # pytest-qt fails the test on an exception out of a slot
                    triggered.append(action.text())
    assert {"&Open…", "&Save", "Save &As…", "&Export…", "&Undo"} <= set(triggered)
    assert user_file.read_text(encoding="utf-8") == COMMENTED


# ----------------------------------------------------------------------------- examples menu


def examples(window: MainWindow, ruleset: str) -> QMenu:
    menu = next(a.menu() for a in window.examples_menu.actions() if a.text() == ruleset)
    assert isinstance(menu, QMenu)
    return menu


def test_examples_read_nothing_until_shown_then_sort_naturally(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[Path] = []
    real = YamlSource.read

    def counting(path: Path) -> YamlSource:
        read.append(path)
        return real(path)

    monkeypatch.setattr(YamlSource, "read", counting)
    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    assert read == []
    might = examples(win, "might")
    might.aboutToShow.emit()
    files = scenario_files([SCENARIOS / "might"])
    assert sorted(read) == sorted(files)
    names = [Path(action.data()).name for action in might.actions()]
    assert names == sorted((p.name for p in files), key=natural_key)
    assert names.index("M-2-might-at-or-below-zero.yaml") < names.index(
        "M-10-assignment-limits.yaml"
    )
    assert names.index("M2-battle-cry-keeps-damage-nonlethal.yaml") < names.index(
        "M10-end-of-turn-effects-before-expiration.yaml"
    )
    might.aboutToShow.emit()  # read once
    assert len(read) == len(files) and len(might.actions()) == len(files)
    first = might.actions()[0]
    scenario, _ = load_scenario(Path(first.data()))
    assert first.text() == scenario.title and first.toolTip() == scenario.description
    assert natural_key("M-10") > natural_key("M-2") > natural_key("M10") > natural_key("M2")


# ----------------------------------------------------------------------------- what waits

SOULS_TABLE = """\
ruleset: souls
title: A battle window at saving
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""
MIGHT_TABLE = """\
ruleset: might
title: A spell on the chain at saving
rules: [M-7]
setup:
  players:
    - {name: Alice, hand: [{card: Spark}]}
    - name: Bob
      units: [{card: Iron Sentinel, damage: 2}]
      hand: [{card: Quick Mend}]
"""
ATTACK = Action.model_validate({"attack": {"attacker": "thorn-squire", "target": "ember-imp"}})
HEAL_IMP = Action.model_validate({"heal": {"target": "ember-imp", "amount": 5}})


def might_action(data: dict[str, Any]) -> ScriptAction:
    return MightAction.model_validate(data)


@pytest.mark.rule("S-13", "M-7")
@pytest.mark.parametrize(
    ("text", "actions", "kind"),
    [
        (SOULS_TABLE, lambda: [ATTACK, HEAL_IMP], "battle_window"),
        (
            MIGHT_TABLE,
            lambda: [
                might_action({"play": {"card": "spark", "target": "iron-sentinel"}}),
                might_action({"play": {"card": "quick-mend", "target": "iron-sentinel"}}),
            ],
            "chain",
        ),
    ],
    ids=["souls-battle-window", "might-chain"],
)
def test_a_game_saved_while_something_waits_reopens_at_that_place(
    window: MainWindow,
    tmp_path: Path,
    text: str,
    actions: Callable[[], list[ScriptAction]],
    kind: str,
) -> None:
    path = tmp_path / "waits.yaml"
    path.write_text(text, encoding="utf-8")
    window.open_path(path)
    for action in actions():  # the second is played inside what the first left waiting
        window.session.act(action)
    waiting = window.session.waiting
    assert waiting is not None and waiting.kind == kind
    steps = [step.description for step in window.session.steps]
    assert window.files.save()
    assert "waits: true" in path.read_text(encoding="utf-8")
    window.open_path(path)
    assert [step.description for step in window.session.steps] == steps
    assert window.session.waiting == waiting
    window.session.proceed()  # finished, it is saved as any action is
    assert window.files.save()
    assert "waits" not in path.read_text(encoding="utf-8")
    window.open_path(path)
    assert window.session.waiting is None


END_TURN = MightAction.model_validate({"end_turn": {}})


def act_at_the_end(window: MainWindow) -> None:
    window.session.act(END_TURN)


def act_at_an_earlier_step(window: MainWindow) -> None:
    window.session.select(11)  # the end of the first combat: the new action starts a branch
    window.session.act(END_TURN)


def act_in_the_branch(window: MainWindow) -> None:
    window.session.switch("doubling first")
    window.session.act(END_TURN)


@pytest.mark.parametrize(
    "change",
    [act_at_the_end, act_at_an_earlier_step, act_in_the_branch],
    ids=["main-extended", "branch-added", "branch-extended"],
)
def test_a_save_only_adds_the_lines_of_what_was_played(
    window: MainWindow, branched_file: Path, change: Callable[[MainWindow], None]
) -> None:
    # every line of the file stays as written, the flow mappings that span two lines and the
    # comments included: the save inserts the new action's lines and changes nothing else
    before = branched_file.read_text(encoding="utf-8").splitlines(keepends=True)
    window.open_path(branched_file)
    change(window)
    assert window.files.save()
    after = branched_file.read_text(encoding="utf-8").splitlines(keepends=True)
    operations = difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes()
    assert {kind for kind, *_ in operations} == {"equal", "insert"}, "".join(after)
    inserted = [
        line
        for kind, _, _, first, end in operations
        if kind == "insert"
        for line in after[first:end]
    ]
    assert any("end_turn" in line for line in inserted)


NO_SCRIPT = """\
ruleset: souls
title: A teacher's layout
rules: [ S-13,   S-14 ]  # spaced as the teacher likes
setup:
  players:
    - {name: Alice,
       slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
SCRIPT
# what the table shows
expect:
  - cards: {ember-imp: {damage: 0}}
"""
EMBER_DEALT = Action.model_validate({"deal": {"target": "ember-imp", "amount": 5}})


@pytest.mark.parametrize(
    ("written", "saved"),
    [("", "script:\n"), ("script: []  # none yet\n", "script:  # none yet\n")],
    ids=["no-script-key", "empty-script"],
)
def test_a_file_without_a_script_keeps_every_line_it_had(
    tmp_path: Path, written: str, saved: str
) -> None:
    text = NO_SCRIPT.replace("SCRIPT\n", written)
    source = YamlSource(tmp_path / "teacher.yaml", text)
    assert scenario_text(source, (), ()) == text  # nothing played: nothing moves
    played = scenario_text(source, (), (EMBER_DEALT,))
    script = saved + "  - deal: {target: ember-imp, amount: 5}\n"
    assert played == NO_SCRIPT.replace("SCRIPT\n", script)


YES_NO = """\
ruleset: souls
title: A teacher's layout  # kept
rules: [ S-13,   S-14 ]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - label: hit
    deal: {target: ember-imp, amount: 5}
predict:
  - at: hit
    question: Is the Ember Imp captured?
    choices: [Yes, No]  # the teacher's words, read as written
    answer: Yes
    why: 5 damage is all its HP.
"""


def test_a_lesson_whose_choices_yaml_reads_as_booleans_keeps_every_line(tmp_path: Path) -> None:
    # opening reads a plain Yes as the word; the save reads its result back the same way, or it
    # finds other data than it wanted and writes the whole file plainly, comments lost
    source = YamlSource(tmp_path / "lesson.yaml", YES_NO)
    script = validate_scenario(source).script
    assert scenario_text(source, script, script) == YES_NO
    played = scenario_text(source, script, (*script, EMBER_DEALT))
    assert played == YES_NO.replace(
        "predict:", "  - deal: {target: ember-imp, amount: 5}\npredict:"
    )


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["CRLF", "CR"])
def test_a_save_writes_the_file_s_own_line_breaks(
    window: MainWindow, user_file: Path, newline: str
) -> None:
    written = COMMENTED.replace("\n", newline).encode("utf-8")
    user_file.write_bytes(written)
    window.open_path(user_file)
    window.session.dirty = True
    assert window.files.save()
    assert user_file.read_bytes() == written  # untouched: every byte as it was
    window.session.act(DEAL_SYLVA)
    assert window.files.save()
    saved = user_file.read_bytes().decode("utf-8")
    assert set(LINE_BREAK.findall(saved)) == {newline}
    assert f"  - deal: {{target: sylva, amount: 5}}{newline}" in saved
    assert LINE_BREAK.sub("\n", saved).count("\n") == COMMENTED.count("\n") + 1


def test_a_save_over_a_file_with_another_name_says_that_name_keeps_the_old_text(
    window: MainWindow, dialogs: Dialogs, user_file: Path
) -> None:
    window.open_path(user_file)
    window.session.act(DEAL_SYLVA)
    assert window.files.save()
    assert dialogs.texts("warning") == ""  # one name: nothing to say
    linked = user_file.with_name("linked.yaml")
    os.link(user_file, linked)
    before = linked.read_bytes()
    window.session.act(DEAL_SYLVA)
    assert window.files.save()
    assert f"{user_file} had another name (a hard link): it still holds the text" in (
        dialogs.texts("warning")
    )
    assert linked.read_bytes() == before  # as the dialog says
    assert load_scenario(user_file)[0].script[-2:] == (DEAL_SYLVA, DEAL_SYLVA)


def test_an_action_answered_again_saves_without_the_label_its_original_has(
    branched_file: Path,
) -> None:
    session = Session()  # its choices answered as the engine's default does: no dialog
    session.open(branched_file)
    label = session.actions()[0].label
    assert label
    session.select(1)
    session.answer_again()  # a copy of the labelled action, in a new branch
    session.save(branched_file)  # a label is used once in a file: the copy's is left out
    scenario, _ = load_scenario(branched_file)
    assert scenario.script[0].label == label and scenario.branches[-1].script[0].label is None


def test_a_battle_answered_again_in_a_new_branch_saves_without_the_labels_of_its_window(
    tmp_path: Path,
) -> None:
    # the copy of an attack leaves out its own label and those of the actions played in its
    # battle window: each is used once in a file, by the original
    source = YamlSource.read(SCENARIOS / "souls" / "battle-3-window-triggers.yaml")
    script = validate_scenario(source).script
    attack = script[0]
    assert attack.label == "battle" and attack.nested()[0].label == "in-window"
    text = scenario_text(source, script, script, [SavedBranch("again", MAIN, 0, (attack,))])
    assert text.endswith(
        "branches:\n  - name: again\n    parent: main\n    keep: 0\n    script:\n"
        "      - attack:\n          attacker: ash-zealot\n          target: ember-imp\n"
        "          window:\n            - deal: {target: ember-imp, amount: 10}\n"
    )
    saved = validate_scenario(YamlSource(tmp_path / "again.yaml", text))
    assert saved.script == script
    copy = saved.branches[0].script[0]
    assert copy.label is None and copy.nested()[0].label is None


def left_waiting() -> list[Path]:
    """The shipped scenarios whose last top-level action can be left waiting."""
    found = []
    for path in scenario_files([SCENARIOS]):
        scenario, source = load_scenario(path)
        play = Playthrough(scenario, source)
        last = scenario.script[-1] if scenario.script else None
        if last and not scenario.expect_error and not last.expect_error and play.driver.opens(last):
            found.append(path)
    return found


@pytest.mark.parametrize("path", left_waiting(), ids=lambda path: path.stem)
def test_every_shipped_game_saved_while_its_last_action_waits_reopens_as_it_was(
    path: Path,
) -> None:
    # the report: saved with a battle window open, a file reopened two steps further on
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script, leave_last_open=True)
    if not play.open:
        pytest.skip("nothing waits after its last action")
    branches = [
        SavedBranch(b.name, b.parent, b.keep, b.script, n, b.script)
        for n, b in enumerate(scenario.branches)
    ]
    text = scenario_text(source, scenario.script, play.saved_actions(), branches)
    saved = YamlSource(path, text)
    again = play_branch(validate_scenario(saved), saved, MAIN)
    assert again.open
    assert [s.description for s in again.game.steps] == [s.description for s in play.game.steps]


THREE_BRANCHES = """\
ruleset: souls
title: Three what-ifs  # kept
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  # the first blow
  - deal: {target: ember-imp, amount: 5}
branches:
  - name: first  # stays first
    keep: 0
    script:
      - deal: {target: thorn-squire, amount: 5}  # the squire first
  - name: gone
    script:
      - deal: {target: thorn-squire, amount: 5}
  - name: last  # the one that moves up
    keep: 1
    # its own blow
    script:
      - deal: {target: thorn-squire, amount: 5}
"""


def test_a_branch_deleted_keeps_the_comments_of_every_line_that_stays(tmp_path: Path) -> None:
    # a branch gone cannot be spliced out line by line: the file goes through the round trip,
    # which edits each remaining branch in place (renamed, given a parent beside its name,
    # played further) so that its comments stay, and writes a new branch after them
    source = YamlSource(tmp_path / "three.yaml", THREE_BRANCHES)
    scenario = validate_scenario(source)
    first, _, last = scenario.branches
    text = scenario_text(
        source,
        scenario.script,
        (*scenario.script, EMBER_DEALT),
        [
            SavedBranch(first.name, first.parent, first.keep, first.script, 0, first.script),
            SavedBranch("moved up", "first", 0, (*last.script, EMBER_DEALT), 2, last.script),
            SavedBranch("fresh", MAIN, 1, (EMBER_DEALT,)),
        ],
    )
    assert text == (
        THREE_BRANCHES.replace(
            "  - deal: {target: ember-imp, amount: 5}\nbranches:",
            "  - deal: {target: ember-imp, amount: 5}\n"
            "  - deal: {target: ember-imp, amount: 5}\nbranches:",
        )
        .replace(
            "  - name: gone\n    script:\n      - deal: {target: thorn-squire, amount: 5}\n", ""
        )
        .replace(
            "  - name: last  # the one that moves up\n    keep: 1\n",
            "  - name: moved up # the one that moves up\n    parent: first\n    keep: 0\n",
        )
        + "      - deal: {target: ember-imp, amount: 5}\n"
        "  - name: fresh\n    parent: main\n    keep: 1\n    script:\n"
        "      - deal: {target: ember-imp, amount: 5}\n"
    )
    # every branch deleted: the key goes, every other line stays
    alone = scenario_text(source, scenario.script, scenario.script, [])
    assert alone == THREE_BRANCHES.split("branches:\n")[0]


FLOW_EXPECT = """\
ruleset: souls
title: A teacher's layout  # kept
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - label: hit  # the blow
    deal: {target: ember-imp, amount: 5}
expect: [{at: hit, cards: {ember-imp: {damage: 5}}}]  # on one line
"""


def test_authored_keys_the_splice_cannot_write_go_through_the_round_trip_in_order(
    tmp_path: Path,
) -> None:
    # an expect list written on one line is not spliced: the round trip edits it in place (its
    # comment stays) and puts a new notes block where files write it, after the title
    source = YamlSource(tmp_path / "teacher.yaml", FLOW_EXPECT)
    script = validate_scenario(source).script
    notes = {"hit": "The imp takes it all."}
    expect = [{"at": "hit", "cards": {"ember-imp": {"zone": "elysium"}}}]
    text = scenario_text(source, script, script, authored={"notes": notes, "expect": expect})
    assert text == FLOW_EXPECT.replace(
        "rules:", "notes:\n  hit: The imp takes it all.\nrules:"
    ).replace("{damage: 5}}}]  # on one line", "{zone: elysium}}}] # on one line")


def test_a_save_over_a_file_with_several_other_names_counts_them() -> None:
    # the words the dialog shows, in the plural
    said = saving.unlinked(Path("game.yaml"), 2)
    assert said == (
        "game.yaml had 2 other names (a hard link): they still hold the text from before this "
        "save. A save writes a new file and puts it in the old one's place, so that a failure "
        "never leaves a half-written file, and the new file has only the name it was saved under."
    )


def test_a_branch_renamed_or_moved_changes_only_its_own_lines(tmp_path: Path) -> None:
    # every branch stays: each changed key is spliced on its line, its comment kept; a key the
    # entry did not write goes under its name
    source = YamlSource(tmp_path / "three.yaml", THREE_BRANCHES)
    scenario = validate_scenario(source)
    first, gone, last = scenario.branches
    text = scenario_text(
        source,
        scenario.script,
        scenario.script,
        [
            SavedBranch(first.name, first.parent, first.keep, first.script, 0, first.script),
            SavedBranch(gone.name, gone.parent, 1, gone.script, 1, gone.script),
            SavedBranch("moved up", "first", 0, last.script, 2, last.script),
        ],
    )
    assert text == THREE_BRANCHES.replace(
        "  - name: gone\n", "  - name: gone\n    keep: 1\n"
    ).replace(
        "  - name: last  # the one that moves up\n    keep: 1\n",
        "  - name: moved up  # the one that moves up\n    parent: first\n    keep: 0\n",
    )


PLAYED_BRANCHES = """\
ruleset: souls
title: Three what-ifs  # kept
setup:
  players:
    - {name: Alice,
       slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
branches:
  - name: first
    keep: 1  # nothing played yet
  - name: second
    parent: first
    script:
      - deal: {target: thorn-squire, amount: 5}
# the last what-if
  - name: third
    script:
      - deal: {target: thorn-squire, amount: 5}
"""


def test_branches_played_further_or_renamed_are_spliced_each_in_its_own_lines(
    tmp_path: Path,
) -> None:
    # the first branch gains a script under its last key, the second's goes on after its
    # last action (before the comment above the third, which is the third's), the third is
    # renamed, to the name's last letter; every other line stays as written (the round trip
    # would put Alice's mapping on one line)
    source = YamlSource(tmp_path / "three.yaml", PLAYED_BRANCHES)
    scenario = validate_scenario(source)
    first, second, third = scenario.branches
    further = (*second.script, EMBER_DEALT)
    text = scenario_text(
        source,
        scenario.script,
        scenario.script,
        [
            SavedBranch(first.name, first.parent, first.keep, (EMBER_DEALT,), 0, first.script),
            SavedBranch(second.name, second.parent, 0, further, 1, second.script),
            SavedBranch("plan X", third.parent, third.keep, third.script, 2, third.script),
        ],
    )
    dealt = "      - deal: {target: ember-imp, amount: 5}\n"
    assert text == (
        PLAYED_BRANCHES.replace("played yet\n", f"played yet\n    script:\n{dealt}")
        .replace("# the last what-if\n", f"{dealt}# the last what-if\n")
        .replace("  - name: third\n", "  - name: plan X\n")
    )


def test_a_branch_renamed_to_a_name_longer_than_a_line_is_saved_with_every_comment(
    tmp_path: Path,
) -> None:
    # a name past the 4,096 characters of a written line is folded onto the next: it is not
    # spliced over the name's line but written by the round trip
    source = YamlSource(tmp_path / "three.yaml", THREE_BRANCHES)
    scenario = validate_scenario(source)
    branches = [
        SavedBranch(b.name, b.parent, b.keep, b.script, n, b.script)
        for n, b in enumerate(scenario.branches)
    ]
    long = " ".join(["what if"] * 600)
    branches[2] = SavedBranch(long, MAIN, 1, branches[2].actions, 2, branches[2].written)
    text = scenario_text(source, scenario.script, scenario.script, branches)
    saved = validate_scenario(YamlSource(source.path, text))
    assert [branch.name for branch in saved.branches] == ["first", "gone", long]
    assert comments(text) == comments(THREE_BRANCHES)


# The round trip's merge (app/files/merging.py): a file's list or mapping edited in place to
# hold the new data, every comment of what stays kept. Each case: the data merged into ``top``
# and the lines of ``top`` after it.
MERGED_MAPPING = """\
top:
  # above a
  a: 1  # a's
  # above b
  b: 2  # b's
  c: {x: 1}  # c's
  # above d
  d: 4  # d's
  # after d
other: 1
"""
MERGED_LIST = """\
top:
  # above a
  - a  # a's
  # above b
  - b  # b's
  - {x: 1}  # c's
  # above d
  - d  # d's
  # after d
other: 1
"""
MERGED_BLOCK = """\
top:
  a: 1  # a's
  c:  # c's
    # inside c
    x: 1
  d: 4
other: 1
"""
MERGED_NESTED = """\
top:
  a: 1
  b:
    c:
      d: 1
      # after d
  e: 2
other: 1
"""
MERGED_PAIRS = """\
top:
  - a
  - b  # b's
  - x: 1  # x's
    y: 2
  - c  # c's
  - d
other: 1
"""
MERGES = {
    "the second of two keys gone": (
        "top:\n  a: 1  # a's\n  # above b\n  b: 2\nother: 1\n",
        {"a": 1},
        "  a: 1  # a's\n  # above b\n",
    ),
    "an item changed and two added last": (
        "top:\n  - a\n  - b  # b's\n  # after b\nother: 1\n",
        ["a", "B", "X", "Y"],
        "  - a\n  - B  # b's\n  - X\n  - Y\n  # after b\n",
    ),
    "two items changed side by side, a block merged": (
        MERGED_PAIRS,
        ["a", "B", {"x": 1, "y": 3}, "c", "d"],
        "  - a\n  - B  # b's\n  - x: 1  # x's\n    y: 3\n  - c  # c's\n  - d\n",
    ),
    "two items changed side by side, both replaced": (
        MERGED_PAIRS,
        ["a", "b", {"x": 1, "y": 2}, "C", "D"],
        "  - a\n  - b  # b's\n  - x: 1  # x's\n    y: 2\n  - C  # c's\n  - D\n",
    ),
    "a new key first": (
        MERGED_BLOCK,
        {"z": 0, "a": 1, "c": {"x": 1}, "d": 4},
        "  z: 0\n  a: 1  # a's\n  c:  # c's\n    # inside c\n    x: 1\n  d: 4\n",
    ),
    "an item that stays keeps its quotes": (
        "top:\n  - 'a'  # quoted\n  - b\n  - c\nother: 1\n",
        ["a", "b", "C"],
        "  - 'a'  # quoted\n  - b\n  - C\n",
    ),
    "a nested block gone": (MERGED_NESTED, {"a": 1, "e": 2}, "  a: 1\n      # after d\n  e: 2\n"),
    "a key gone, one changed, one new": (
        MERGED_MAPPING,
        {"a": 1, "c": {"x": 2}, "e": 5, "d": 4},
        "  # above a\n  a: 1  # a's\n  # above b\n  c: {x: 2}  # c's\n  e: 5\n"
        "  # above d\n  d: 4  # d's\n  # after d\n",
    ),
    "the last key gone": (
        MERGED_MAPPING,
        {"a": 1, "b": 2, "c": {"x": 1}},
        "  # above a\n  a: 1  # a's\n  # above b\n  b: 2  # b's\n  c: {x: 1}  # c's\n"
        "  # above d\n  # after d\n",
    ),
    "the first key gone, one new last": (
        MERGED_MAPPING,
        {"b": 2, "c": {"x": 1}, "d": 4, "z": 0},
        "  # above a\n  # above b\n  b: 2  # b's\n  c: {x: 1}  # c's\n"
        "  # above d\n  d: 4  # d's\n  z: 0\n  # after d\n",
    ),
    "items changed and one new last": (
        MERGED_LIST,
        ["a", "B", {"x": 2}, "d", "e"],
        "  # above a\n  - a  # a's\n  # above b\n  - B  # b's\n  - {x: 2}  # c's\n"
        "  # above d\n  - d  # d's\n  - e\n  # after d\n",
    ),
    "the last item gone": (
        MERGED_LIST,
        ["a", "b", {"x": 1}],
        "  # above a\n  - a  # a's\n  # above b\n  - b  # b's\n  - {x: 1}  # c's\n"
        "  # above d\n  # after d\n",
    ),
    "the first item gone": (
        MERGED_LIST,
        ["b", {"x": 1}, "d"],
        "  # above a\n  # above b\n  - b  # b's\n  - {x: 1}  # c's\n"
        "  # above d\n  - d  # d's\n  # after d\n",
    ),
    "items inserted in the middle": (
        MERGED_LIST,
        ["a", "b", "x", "y", {"x": 1}, "d"],
        "  # above a\n  - a  # a's\n  # above b\n  - b  # b's\n  - x\n  - y\n"
        "  - {x: 1}  # c's\n  # above d\n  - d  # d's\n  # after d\n",
    ),
    "a block replaced by a list": (
        MERGED_BLOCK,
        {"a": 1, "c": [1], "d": 4},
        "  a: 1  # a's\n  c: [1] # c's\n    # inside c\n  d: 4\n",
    ),
    "a value replaced by a list": (
        MERGED_BLOCK,
        {"a": [2], "c": {"x": 1}, "d": 4},
        "  a: [2] # a's\n  c:  # c's\n    # inside c\n    x: 1\n  d: 4\n",
    ),
}


@pytest.mark.parametrize(("text", "new", "lines"), MERGES.values(), ids=MERGES.keys())
def test_the_round_trip_merges_new_data_in_keeping_the_comments_of_what_stays(
    text: str, new: Any, lines: str
) -> None:
    document = saving._yaml().load(text)
    assert merging.merge(document["top"], new)
    assert saving._dump(document) == f"top:\n{lines}other: 1\n"


@pytest.mark.parametrize("new", [[], {}, {"a": 1}], ids=["emptied", "empty", "another kind"])
def test_the_round_trip_does_not_merge_an_empty_value_or_one_of_another_kind(new: Any) -> None:
    document = saving._yaml().load(MERGED_LIST)
    assert not merging.merge(document["top"], new)
    assert saving._dump(document) == MERGED_LIST


def test_a_branch_that_leaves_keep_out_is_saved_without_it(tmp_path: Path) -> None:
    # keep: 0 is the default: a branch that does not write it, saved as it was, gains no line
    source = YamlSource(tmp_path / "three.yaml", THREE_BRANCHES)
    scenario = validate_scenario(source)
    branches = [
        SavedBranch(b.name, b.parent, b.keep, b.script, n, b.script)
        for n, b in enumerate(scenario.branches)
    ]
    played = (*scenario.script, EMBER_DEALT)
    assert scenario_text(source, scenario.script, played, branches) == THREE_BRANCHES.replace(
        "branches:", "  - deal: {target: ember-imp, amount: 5}\nbranches:"
    )


QUOTED_BRANCHES = """\
ruleset: souls
title: Three what-ifs
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
branches:
  - name: "first"  # quoted
    keep: 1  # nothing played yet
  - name: second
    parent: first  # under the first
    script:
      - deal: {target: thorn-squire, amount: 5}
  - name: third
    script:
      - deal: {target: thorn-squire, amount: 5}
"""


def test_the_round_trip_writes_a_new_keep_after_the_parent_and_leaves_the_rest_as_written(
    tmp_path: Path,
) -> None:
    # the last branch deleted: the round trip; the second gains a keep where a reader looks
    # for it (after its parent, before its script); an unchanged name keeps its quotes; the
    # first, played at last, gains a script
    source = YamlSource(tmp_path / "three.yaml", QUOTED_BRANCHES)
    scenario = validate_scenario(source)
    first, second, _ = scenario.branches
    text = scenario_text(
        source,
        scenario.script,
        scenario.script,
        [
            SavedBranch(first.name, first.parent, first.keep, (EMBER_DEALT,), 0, ()),
            SavedBranch(second.name, second.parent, 1, second.script, 1, second.script),
        ],
    )
    assert text == QUOTED_BRANCHES.split("  - name: third\n")[0].replace(
        "# under the first\n", "# under the first\n    keep: 1\n"
    ).replace(
        "# nothing played yet\n",
        "# nothing played yet\n    script:\n      - deal: {target: ember-imp, amount: 5}\n",
    )


TWO_LINE_SETUP = """\
ruleset: souls
title: A teacher's layout  # kept
rules: [S-13]
setup:
  players:
    - {name: Alice,
       slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - label: hit  # the blow
    deal: {target: ember-imp, amount: 5}
"""


def test_a_file_without_a_line_break_at_its_end_gains_one_where_its_script_goes_on(
    tmp_path: Path,
) -> None:
    # its last line ended, the new action follows it; every line as written
    unended = TWO_LINE_SETUP.removesuffix("\n")
    source = YamlSource(tmp_path / "teacher.yaml", unended)
    script = validate_scenario(source).script
    text = scenario_text(source, script, (*script, EMBER_DEALT))
    assert text == TWO_LINE_SETUP + "  - deal: {target: ember-imp, amount: 5}\n"


def test_a_save_too_large_to_open_again_is_refused_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the limit lowered to the file's size (a file at the real one takes minutes to read)
    limit = len(TWO_LINE_SETUP.encode("utf-8"))
    monkeypatch.setattr(saving, "MAX_CHARS", limit)
    source = YamlSource(tmp_path / "teacher.yaml", TWO_LINE_SETUP)
    script = validate_scenario(source).script
    with pytest.raises(saving.SaveError) as raised:
        scenario_text(source, script, (*script, EMBER_DEALT))
    size = limit + len("  - deal: {target: ember-imp, amount: 5}\n")
    assert str(raised.value) == (
        f"Cannot save {source.path}:\n"
        f"it would be {size} bytes, more than the {limit} a scenario may have"
    )


def test_a_new_notes_block_is_spliced_in_after_the_title(tmp_path: Path) -> None:
    # spliced, not through the round trip, which would put Alice's mapping on one line
    source = YamlSource(tmp_path / "teacher.yaml", TWO_LINE_SETUP)
    script = validate_scenario(source).script
    notes = {"hit": "The imp takes it all.", "start": "Two cards."}
    text = scenario_text(source, script, script, authored={"notes": notes})
    assert text == TWO_LINE_SETUP.replace(
        "rules:", "notes:\n  hit: The imp takes it all.\n  start: Two cards.\nrules:"
    )


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError("no strerror"), "no strerror"),
    ],
    ids=["with-strerror", "without"],
)
def test_a_file_whose_names_cannot_be_counted_is_not_saved_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, said: str
) -> None:
    # the count of a file's hard links (to warn about them) fails: nothing is written
    path = tmp_path / "game.yaml"
    path.write_text("before\n", encoding="utf-8")

    def stat(_: Path) -> os.stat_result:
        raise error

    monkeypatch.setattr(saving, "os", type("FailingOs", (), {"stat": staticmethod(stat)}))
    with pytest.raises(saving.SaveError) as raised:
        saving.save_text(path, "after\n")
    assert str(raised.value) == f"Cannot save {path}:\n{said}"
    assert path.read_text(encoding="utf-8") == "before\n"


def test_authored_data_that_makes_no_valid_scenario_is_refused_saying_why(tmp_path: Path) -> None:
    source = YamlSource(tmp_path / "teacher.yaml", FLOW_EXPECT)
    script = validate_scenario(source).script
    expect = [{"at": "hit", "cards": {"ember-imp": {"zone": "captured"}}}]
    with pytest.raises(saving.SaveError) as raised:
        scenario_text(source, script, script, authored={"expect": expect})
    said = str(raised.value)
    assert said.startswith(
        f"Cannot save {source.path}:\nthe result would not be a valid scenario: {source.path}:"
    )
    assert "'captured' is not valid here" in said


def test_branches_saved_as_they_were_keep_their_quotes(tmp_path: Path) -> None:
    source = YamlSource(tmp_path / "three.yaml", QUOTED_BRANCHES)
    scenario = validate_scenario(source)
    branches = [
        SavedBranch(b.name, b.parent, b.keep, b.script, n, b.script)
        for n, b in enumerate(scenario.branches)
    ]
    played = (*scenario.script, EMBER_DEALT)
    assert scenario_text(source, scenario.script, played, branches) == QUOTED_BRANCHES.replace(
        "branches:", "  - deal: {target: ember-imp, amount: 5}\nbranches:"
    )


@pytest.mark.parametrize("written", ["", "script:\n"], ids=["no-script-key", "empty-script"])
def test_a_file_without_script_or_branches_given_both_keeps_its_comments(
    tmp_path: Path, written: str
) -> None:
    # no branches: key to splice a new branch under: the round trip writes the script before
    # expect and the branches last, every comment kept
    source = YamlSource(tmp_path / "teacher.yaml", NO_SCRIPT.replace("SCRIPT\n", written))
    other = SavedBranch("other", MAIN, 0, (EMBER_DEALT,))
    text = scenario_text(source, (), (EMBER_DEALT,), [other])
    keys = [line.split(":")[0] for line in text.splitlines() if line[:1].isalpha()]
    assert keys == ["ruleset", "title", "rules", "setup", "script", "expect", "branches"]
    assert "# spaced as the teacher likes" in text and "# what the table shows" in text
    assert text.endswith(
        "branches:\n  - name: other\n    parent: main\n    keep: 0\n    script:\n"
        "      - deal: {target: ember-imp, amount: 5}\n"
    )
    saved = validate_scenario(YamlSource(source.path, text))
    assert saved.script == (EMBER_DEALT,) and saved.branches[0].script == (EMBER_DEALT,)


def test_a_note_changed_and_one_added_are_spliced_into_the_notes_block(tmp_path: Path) -> None:
    # the changed note keeps its comment, the new one goes last; spliced, every other line as
    # written (the round trip would put Alice's mapping on one line)
    noted = TWO_LINE_SETUP.replace("rules:", "notes:\n  start: Two cards.  # the set-up\nrules:")
    source = YamlSource(tmp_path / "teacher.yaml", noted)
    script = validate_scenario(source).script
    notes = {"start": "Two cards, face up.", "hit": "The imp takes it all."}
    text = scenario_text(source, script, script, authored={"notes": notes})
    assert text == TWO_LINE_SETUP.replace(
        "rules:",
        "notes:\n  start: Two cards, face up.  # the set-up\n  hit: The imp takes it all.\nrules:",
    )


TOPIC_LESSON = """\
ruleset: souls
title: A teacher's layout  # kept
topic: Damage  # what it teaches
rules: [S-13]
setup:
  players:
    - {name: Alice,
       slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - label: hit  # the blow
    deal: {target: ember-imp, amount: 5}
expect: [{at: hit, cards: {ember-imp: {damage: 5}}}]  # on one line
"""
QUESTION = {
    "at": "hit",
    "question": "Does the imp survive?",
    "choices": ["It survives", "It is captured"],
    "answer": "It survives",
    "why": "Five damage is not all its HP.",
}
QUESTION_LINES = (
    "  - at: hit\n    question: Does the imp survive?\n    choices: [It survives, It is captured]\n"
    "    answer: It survives\n    why: Five damage is not all its HP.\n"
)


def test_new_notes_and_questions_go_where_files_write_them_through_the_round_trip(
    tmp_path: Path,
) -> None:
    # the expect list on one line sends the save through the round trip: the notes go after
    # the topic, the questions after the notes, before the rules, every comment kept
    source = YamlSource(tmp_path / "teacher.yaml", TOPIC_LESSON)
    script = validate_scenario(source).script
    expect = [{"at": "hit", "cards": {"ember-imp": {"damage": 5, "zone": "slot"}}}]
    notes = {"hit": "The imp takes it."}
    authored = {"notes": notes, "predict": [QUESTION], "expect": expect}
    text = scenario_text(source, script, script, authored=authored)
    assert text == TOPIC_LESSON.replace(
        "rules:", f"notes:\n  hit: The imp takes it.\npredict:\n{QUESTION_LINES}rules:"
    ).replace("    - {name: Alice,\n       slots:", "    - {name: Alice, slots:").replace(
        "{damage: 5}}}]  # on one line", "{damage: 5, zone: slot}}}] # on one line"
    )


def test_a_new_notes_block_is_spliced_in_after_the_topic_and_before_the_questions(
    tmp_path: Path,
) -> None:
    asked = TOPIC_LESSON.replace("rules:", f"predict:\n{QUESTION_LINES}rules:")
    source = YamlSource(tmp_path / "teacher.yaml", asked)
    script = validate_scenario(source).script
    authored = {"notes": {"hit": "The imp takes it."}, "predict": [QUESTION]}
    text = scenario_text(source, script, script, authored=authored)
    assert text == asked.replace("predict:", "notes:\n  hit: The imp takes it.\npredict:")


def test_the_last_note_taken_out_leaves_an_empty_notes_block_and_every_other_comment(
    tmp_path: Path,
) -> None:
    # a note gone is not spliced out: the round trip writes the notes block empty
    noted = TOPIC_LESSON.replace("rules:", "notes:\n  hit: The imp takes it.  # the note\nrules:")
    source = YamlSource(tmp_path / "teacher.yaml", noted)
    script = validate_scenario(source).script
    text = scenario_text(source, script, script, authored={"notes": {}})
    assert text == TOPIC_LESSON.replace("rules:", "notes: {}\nrules:").replace(
        "    - {name: Alice,\n       slots:", "    - {name: Alice, slots:"
    )


def test_rules_named_in_a_file_without_them_are_spliced_in_on_one_line_before_the_set_up(
    tmp_path: Path,
) -> None:
    # a table built for play (no topic, no expectations) need not name any
    ruled = TOPIC_LESSON.replace("topic: Damage  # what it teaches\n", "").split("expect:")[0]
    unruled = ruled.replace("rules: [S-13]\n", "")
    source = YamlSource(tmp_path / "table.yaml", unruled)
    script = validate_scenario(source).script
    text = scenario_text(source, script, script, authored={"rules": ["S-13", "S-9"]})
    assert text == ruled.replace("rules: [S-13]\n", "rules: [S-13, S-9]\n")


NOTES_LAST = """\
ruleset: souls
title: A teacher's layout  # kept
rules: [S-13]
setup:
  players:
    - {name: Alice,
       slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - label: hit  # the blow
    deal: {target: ember-imp, amount: 5}
  - label: again
    deal: {target: ember-imp, amount: 5}
# the teacher's notes, last
notes:
  hit: The imp takes it.  # the first blow
"""


def test_notes_written_last_in_the_file_are_changed_and_added_to_in_place(
    tmp_path: Path,
) -> None:
    # the changed note keeps its comment, the new ones follow it in the order given
    source = YamlSource(tmp_path / "teacher.yaml", NOTES_LAST)
    script = validate_scenario(source).script
    notes = {"hit": "The imp takes five.", "start": "Two cards.", "again": "Five more."}
    text = scenario_text(source, script, script, authored={"notes": notes})
    assert text == NOTES_LAST.replace(
        "  hit: The imp takes it.  # the first blow\n",
        "  hit: The imp takes five.  # the first blow\n  start: Two cards.\n  again: Five more.\n",
    )
