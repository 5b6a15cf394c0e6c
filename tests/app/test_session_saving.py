"""Saving through the session without a window (app/presentation/session.py): a save in set-up
mode plays the set-up first and is refused, naming the file, when the file's actions no longer
play on it; a file changed on disk is saved over only when the user says so; each branch is
written as what it keeps of its parent, then its own actions."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from app.files.saving import FileChanged, SaveError
from app.presentation.session import Changed, Session, setup_refusal
from engine.assets import SCENARIOS
from engine.ruleset import ruleset
from engine.scenario import load_scenario
from engine.setup_edits import move_card
from tests.app.test_saving import STOPPED

COMMENTED_SETUP = Path(__file__).parent / "commented_setup.yaml"
SOULS = ruleset("souls").action


def in_setup(tmp_path: Path) -> tuple[Session, Path]:
    """The user's file (Firebolt on Bob's squire, then Alice's squire attacks it), open in
    set-up mode."""
    path = tmp_path / "mine.yaml"
    shutil.copy(COMMENTED_SETUP, path)
    session = Session()
    session.open(path)
    session.begin_setup()
    return session, path


def test_a_set_up_its_actions_no_longer_play_on_is_not_saved(tmp_path: Path) -> None:
    session, path = in_setup(tmp_path)
    session.edit_setup(lambda draft: move_card(draft, "alice-squire", "Alice: hand"))
    with pytest.raises(SaveError) as refused:
        session.save(path)
    assert str(refused.value).startswith(
        f"Cannot save {path}:\nThe file's actions no longer play on this set-up: action 2 of the "
        "script (attack alice-squire bob-squire), after step 3"
    )
    assert path.read_bytes() == COMMENTED_SETUP.read_bytes()
    assert session.setting_up and session.dirty and session.can_undo()


def test_a_set_up_saved_over_a_file_changed_on_disk_when_the_user_says_so(tmp_path: Path) -> None:
    session, path = in_setup(tmp_path)
    session.edit_setup(lambda draft: move_card(draft, "ember-imp", "Alice: slot B1"))
    path.write_text(path.read_text(encoding="utf-8") + "# changed elsewhere\n", encoding="utf-8")
    with pytest.raises(FileChanged) as refused:
        session.save(path)
    assert str(refused.value) == f"Cannot save {path}:\nit was changed on disk since it was opened"
    assert session.save(path, overwrite=True).broken == []
    assert "B1: {card: Ember Imp}" in path.read_text(encoding="utf-8")
    assert session.setting_up and not session.dirty and session.can_undo()  # edits to undo


def test_a_new_table_saved_in_set_up_mode_is_written_as_it_is_and_nothing_is_redrawn(
    tmp_path: Path,
) -> None:
    """No actions to play again on it: the draft is the file, and set-up mode goes on as it was
    (an open file's set-up is started from and begun again, each redrawn)."""
    session, heard = Session(), list[Changed]()
    session.new_table("souls", ["Alice", "Bob"], "Two players")
    session.listeners.append(heard.append)
    assert session.save(tmp_path / "new.yaml").broken == []
    assert heard == [] and session.setting_up and not session.dirty
    opened = Session()
    opened.open(tmp_path / "new.yaml")
    assert opened.scenario is not None and opened.scenario.title == "Two players"
    assert opened.table is not None
    assert [player.name for player in opened.table.players] == ["Alice", "Bob"]


def test_a_refusal_to_save_is_said_as_it_is() -> None:
    error = SaveError(Path("mine.yaml"), "the disk is full")
    assert setup_refusal(error) == "Cannot save mine.yaml:\nthe disk is full"


def test_branches_are_saved_as_what_they_keep_of_their_parent_then_their_own(
    tmp_path: Path,
) -> None:
    """An attack played after step 3 is the same as main's second action, but it waits at its
    battle window: it is the branch's own, written with ``waits``; a deal after three of main's
    actions keeps those three."""
    path = tmp_path / "demo.yaml"
    shutil.copy(SCENARIOS / "souls" / "demo-table.yaml", path)
    session = Session()
    session.open(path)
    session.select(3)
    session.act(SOULS.model_validate({"attack": {"attacker": "thorn-squire", "target": "bob-imp"}}))
    assert session.waiting is not None
    session.switch("main")
    session.select(13)
    session.act(SOULS.model_validate({"deal": {"target": "sylva", "amount": 5}}))
    session.save(path)
    text = path.read_text(encoding="utf-8")
    assert text[text.index("branches:") :] == (
        "branches:\n"
        "  - name: attack thorn-squire bob-imp\n"
        "    parent: main\n"
        "    keep: 1\n"
        "    script:\n"
        "      - waits: true\n"
        "        attack: {attacker: thorn-squire, target: bob-imp}\n"
        "  - name: deal sylva 5\n"
        "    parent: main\n"
        "    keep: 3\n"
        "    script:\n"
        "      - deal: {target: sylva, amount: 5}\n"
    )
    reopened = Session()
    reopened.open(path)
    assert [len(reopened.branch_actions(name)) for name in reopened.parents] == [6, 2, 4]


def test_a_branch_that_keeps_all_of_its_parents_actions_is_saved_as_written(
    tmp_path: Path,
) -> None:
    """A branch whose actions are all its parent's is written as it was read: what it keeps,
    and its last action its own when that action waits (it ends the branch)."""
    demo = (SCENARIOS / "souls" / "demo-table.yaml").read_text(encoding="utf-8")
    branches = (
        "branches:\n"
        "  - name: same wait\n"
        "    keep: 1\n"
        "    script:\n"
        "      - attack: {attacker: thorn-squire, target: bob-imp}\n"
        "        waits: true\n"
        "  - name: the play alone\n"
        "    keep: 1\n"
        "    script: []\n"
    )
    path = tmp_path / "kept.yaml"
    path.write_text(
        demo[: demo.index("script:")]
        + "script:\n"
        + "  - play: {card: war-banner, target: thorn-squire}\n"
        + "  - attack: {attacker: thorn-squire, target: bob-imp}\n"
        + "    waits: true\n"
        + branches,
        encoding="utf-8",
    )
    session = Session()
    session.open(path)
    session.rename("same wait", "the same wait")
    session.save(path)
    text = path.read_text(encoding="utf-8")
    assert text[text.index("branches:") :] == branches.replace("same wait", "the same wait")


def test_unsaved_actions_stay_unsaved_through_set_up_mode() -> None:
    """The unsaved mark is the table's: set-up mode entered and left, a set-up edit undone,
    keeps it as it was before (set, or not)."""
    for act in (True, False):
        session = Session()
        session.open(SCENARIOS / "souls" / "demo-table.yaml")
        if act:
            session.act(SOULS.model_validate({"deal": {"target": "sylva", "amount": 5}}))
        session.begin_setup()
        session.edit_setup(lambda draft: move_card(draft, "war-banner", "Alice: Elysium"))
        assert session.dirty
        session.undo()
        assert session.dirty is act
        session.start_here()
        assert session.dirty is act and not session.setting_up


def test_a_save_that_breaks_an_expectation_still_says_the_files_other_names(
    tmp_path: Path,
) -> None:
    """The two actions undone take the label ``sylva-grows`` away from under an expectation;
    the file had a second name (a hard link), which keeps the old text: both are said."""
    path = tmp_path / "demo.yaml"
    shutil.copy(SCENARIOS / "souls" / "demo-table.yaml", path)
    os.link(path, tmp_path / "other-name.yaml")
    session = Session()
    session.open(path)
    session.undo()
    session.undo()
    saved = session.save(path)
    [broken] = saved.broken
    assert broken.endswith(
        "expect[1].at: no script action has the label 'sylva-grows'; the "
        "labels: start, imp-captured"
    )
    assert saved.unlinked is not None and saved.unlinked.startswith(
        f"{path} had another name (a hard link): it still holds the text from before this save."
    )


def test_a_save_that_changes_nothing_says_nothing_broke_and_still_the_files_other_names(
    tmp_path: Path,
) -> None:
    """Only a changed script can break an expectation: one that did not hold before the save
    is not the save's doing (the checker says it). The file's second name is said all the same."""
    path = tmp_path / "demo.yaml"
    text = (SCENARIOS / "souls" / "demo-table.yaml").read_text(encoding="utf-8")
    assert "thorn-squire: {damage: 5}" in text
    wrong = text.replace("thorn-squire: {damage: 5}", "thorn-squire: {damage: 6}")
    path.write_text(wrong, encoding="utf-8")
    os.link(path, tmp_path / "other-name.yaml")
    session = Session()
    session.open(path)
    assert session.play is not None and session.play.failures() != []  # it fails as written
    saved = session.save(path)
    assert saved.broken == []
    assert saved.unlinked is not None and saved.unlinked.startswith(f"{path} had another name")


def test_a_save_in_set_up_mode_tells_that_undo_and_redo_are_there_again(tmp_path: Path) -> None:
    session, path = in_setup(tmp_path)
    session.edit_setup(lambda draft: move_card(draft, "ember-imp", "Alice: slot B1"))
    heard: list[Changed] = []
    session.listeners.append(heard.append)
    session.save(path)
    assert heard[-1] == Changed(timeline=True) and session.setting_up and session.can_undo()


def test_a_set_up_edited_in_a_file_with_windows_line_breaks_is_saved_with_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "crlf.yaml"
    path.write_bytes(COMMENTED_SETUP.read_bytes().replace(b"\n", b"\r\n"))
    session = Session()
    session.open(path)
    session.begin_setup()
    session.edit_setup(lambda draft: move_card(draft, "ember-imp", "Alice: slot B1"))
    session.start_here()
    session.save(path)
    saved = path.read_bytes()
    assert b"B1: {card: Ember Imp}\r\n" in saved and b"\n" not in saved.replace(b"\r\n", b"")


def test_a_script_stopped_by_its_expect_error_is_saved_whole(tmp_path: Path) -> None:
    """Played up to the refusal it expects; the refused action and those after it stay, and
    what is played past the stop goes in a branch."""
    path = tmp_path / "stopped.yaml"
    path.write_text(STOPPED, encoding="utf-8")
    session = Session()
    session.open(path)
    assert len(session.actions()) == 1
    session.act(SOULS.model_validate({"heal": {"target": "ember-imp", "amount": 5}}))
    assert session.branch != "main"
    session.save(path)
    scenario, _ = load_scenario(path)
    assert len(scenario.script) == 3 and len(scenario.branches) == 1


def test_the_open_file_changed_on_disk_is_told_from_another_file(tmp_path: Path) -> None:
    """Only the open file counts; one deleted since holds nothing to lose, and one that cannot
    be read now (a folder in its place) is not what was read."""
    session, path = in_setup(tmp_path)
    other = tmp_path / "other.yaml"
    other.write_text("ruleset: souls\n", encoding="utf-8")
    assert not session.changed_on_disk(path) and not session.changed_on_disk(other)
    path.unlink()
    assert not session.changed_on_disk(path)
    path.mkdir()
    assert session.changed_on_disk(path)
