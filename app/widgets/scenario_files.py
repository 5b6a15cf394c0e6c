"""The window's scenario file: opening one, saving it, the recent files and the title.

A file that cannot be opened is an error dialog and the open session stays; a save is atomic
(``Session.save``), a shipped example is saved as a copy, a file changed on disk since it was
read is asked about, and unsaved actions are asked about before they would be lost.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMainWindow, QMenu, QMessageBox

from app.files.saving import FileChanged, SaveError, copy_location, lessons_folder
from app.presentation.menu_text import menu_text
from app.presentation.session import Session
from app.widgets import message_boxes
from app.widgets.busy import busy
from engine.assets import SCENARIOS
from engine.errors import RuleError, ScenarioError, internal_error

MAX_RECENT = 8


def my_lessons(settings: QSettings) -> Path:
    """The user's lessons folder (My lessons): the settings' ``lessons/folder``, else the
    default (``lessons_folder``)."""
    configured = settings.value("lessons/folder")
    return lessons_folder(configured if isinstance(configured, str) else None)


class ScenarioFiles:
    """Opens and saves ``session``'s file for ``window`` (the parent of its dialogs, whose title
    it keeps); ``opened(path)`` is told of each file opened. Remembers the recent files in
    ``settings`` and lists them in ``recent_menu``."""

    def __init__(
        self,
        window: QMainWindow,
        session: Session,
        settings: QSettings,
        recent_menu: QMenu,
        opened: Callable[[Path], None],
    ) -> None:
        self.window, self.session, self.settings = window, session, settings
        self.recent_menu, self.opened = recent_menu, opened
        self.fill_recent()
        self.update_title()

    def open_path(self, path: Path, ask_unsaved: bool = True) -> bool:
        """Open a scenario; a broken file shows an error and keeps the current session, as does
        Cancel when asked about unsaved changes."""
        if ask_unsaved and not self.settle_unsaved():
            return False
        try:
            with busy():  # a big file takes seconds to read and play
                self.session.open(path)
        except ScenarioError as error:
            message_boxes.critical(
                self.window, "Cannot open the scenario", "\n".join(error.every())
            )
            return False
        except RuleError as error:  # an action in the file the rules reject
            message_boxes.critical(self.window, "Cannot open the scenario", f"{path}: {error}")
            return False
        except Exception as error:  # a bug: reported, and the current session stays
            message_boxes.critical(
                self.window, "Cannot open the scenario", internal_error(str(path), error)
            )
            return False
        self._remember(path)
        self.update_title()
        self.opened(path)
        return True

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Open a scenario", str(SCENARIOS), "Scenarios (*.yaml *.yml)"
        )
        if name:
            self.open_path(Path(name))

    def save(self) -> bool:
        """Save over the open file, unless it is a shipped example (then ask for a new one)."""
        path = self.session.path
        if path is None or self.session.read_only:
            return self.save_dialog()
        return self._save_to(path)

    def save_dialog(self) -> bool:
        """Ask for a file and save to it; a shipped example's copy is offered in the user's
        documents folder, a shipped lesson's in their lessons folder. True when saved."""
        path = self.session.path
        if path is None:  # a new table: offered in the user's documents, named for its ruleset
            if self.session.scenario is None:
                return False
            path = copy_location(Path(f"{self.session.scenario.ruleset}-table.yaml"))
            with suppress(OSError):
                path.parent.mkdir(parents=True, exist_ok=True)
        elif self.session.read_only:
            path = copy_location(path, my_lessons(self.settings))
            with suppress(OSError):  # the dialog starts elsewhere without it
                path.parent.mkdir(parents=True, exist_ok=True)
        name, _ = QFileDialog.getSaveFileName(
            self.window,
            "Save the scenario with your actions",
            str(path),
            "Scenarios (*.yaml *.yml)",
        )
        return bool(name) and self._save_to(Path(name))

    def _save_to(self, path: Path, overwrite: bool = False) -> bool:
        try:
            saved = self.session.save(path, overwrite)
        except FileChanged:
            answer = self.ask_changed_on_disk(path)
            if answer == "overwrite":
                return self._save_to(path, overwrite=True)
            if answer == "save as":
                return self.save_dialog()
            if answer == "reload":  # the user chose the file's version over their actions
                return self.open_path(path, ask_unsaved=False)
            return False
        except SaveError as error:
            message_boxes.critical(self.window, "Cannot save", f"{error}\n\nNo file was changed.")
            return False
        self._remember(path)
        self.update_title()
        if saved.unlinked:
            message_boxes.warning(self.window, "Saved as a new file", saved.unlinked)
        if saved.broken:
            message_boxes.warning(
                self.window,
                "Expectations no longer hold",
                f"{path.name} is saved with its expect section, but with the new script these "
                "expectations no longer hold:\n\n" + "\n".join(saved.broken),
            )
        return True

    def ask_changed_on_disk(self, path: Path) -> str:
        """The open file changed on disk since it was read or saved: ``reload`` it (the actions
        played since are lost), ``overwrite`` it (its new content is lost), ``save as`` another
        file, or ``cancel``."""
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("The file changed on disk")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(
            f"{path.name} was changed on disk since you opened it (by another program, or "
            "another Cardtable window). Saving now would replace those changes."
        )
        role = QMessageBox.ButtonRole
        save_as = box.addButton("Save &As…", role.AcceptRole)
        buttons: dict[QAbstractButton, str] = {  # keyed as clickedButton answers
            save_as: "save as",
            box.addButton("&Overwrite", role.DestructiveRole): "overwrite",
            box.addButton("&Reload from disk", role.ResetRole): "reload",
            box.addButton(QMessageBox.StandardButton.Cancel): "cancel",
        }
        box.setDefaultButton(save_as)
        box.exec()
        return buttons.get(box.clickedButton(), "cancel")

    def settle_unsaved(self) -> bool:
        """Before unsaved changes (actions, set-up edits, expectations...) would be lost, ask:
        Save (True once saved), Discard (True) or Cancel (False: stay as it is)."""
        if not self.session.dirty:
            return True
        button = QMessageBox.StandardButton
        answer = message_boxes.question(
            self.window,
            "Unsaved changes",
            f"Your changes to {self.session.path.name if self.session.path else 'the table'} "
            "are not saved. Save them first?",
            button.Save | button.Discard | button.Cancel,
            button.Save,
        )
        if answer == button.Save:
            return self.save()
        return answer == button.Discard

    def update_title(self) -> None:
        scenario = self.session.scenario
        title = f" — {scenario.title}" if scenario else ""
        note = " (read-only example)" if self.session.read_only else ""
        self.window.setWindowTitle(f"Cardtable{title}{note}[*]")
        self.window.setWindowModified(self.session.dirty)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [str(v) for v in (value if isinstance(value, list) else [value] if value else [])]

    def _remember(self, path: Path) -> None:
        name = str(path.resolve())
        recent = [name] + [p for p in self.recent_files() if p != name]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self.fill_recent()

    def fill_recent(self) -> None:
        self.recent_menu.clear()
        for name in self.recent_files():
            self.recent_menu.addAction(menu_text(name)).triggered.connect(
                lambda _=False, p=name: self.open_path(Path(p))
            )
        self.recent_menu.setEnabled(bool(self.recent_files()))
