"""Saving through the session without a window (app/presentation/session.py): a save in set-up
mode plays the set-up first and is refused, naming the file, when the file's actions no longer
play on it; a file changed on disk is saved over only when the user says so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.files.saving import FileChanged, SaveError
from app.presentation.session import Session, setup_refusal
from engine.setup_edits import move_card

COMMENTED_SETUP = Path(__file__).parent / "commented_setup.yaml"


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
    with pytest.raises(FileChanged):
        session.save(path)
    assert session.save(path, overwrite=True).broken == []
    assert "B1: {card: Ember Imp}" in path.read_text(encoding="utf-8")
    assert session.setting_up and not session.dirty and session.can_undo()  # edits to undo


def test_a_refusal_to_save_is_said_as_it_is() -> None:
    error = SaveError(Path("mine.yaml"), "the disk is full")
    assert setup_refusal(error) == "Cannot save mine.yaml:\nthe disk is full"
