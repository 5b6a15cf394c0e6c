"""File > Export…: the open timeline (the user's actions included) as a lesson page."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QProgressDialog

from app.export.lesson import played_lesson
from app.export.page import lesson_page, page_refusal
from app.files.saving import copy_location
from app.widgets import message_boxes
from engine.output_files import OutputError, write_output

if TYPE_CHECKING:
    from app.widgets.main_window import MainWindow

EVERY_STEP = "Lesson page, every step (*.html)"  # the export dialog's file types
BY_PHASE = "Lesson page, by phase (*.html)"


def export_dialog(window: MainWindow) -> None:
    """File > Export…: the open timeline (the user's actions included) as a lesson page."""
    session = window.session
    if session.scenario is None or session.path is None:
        message_boxes.information(window, "Export", "Open a scenario first.")
        return
    refusal = page_refusal(session.branch_play(name).game.steps for name in session.parents)
    if refusal is not None:  # before a file is asked for, let alone a table drawn
        strip = f"cardtable export {shlex.quote(str(session.path))} --png-strip --steps 3,5,9"
        message_boxes.warning(
            window,
            "Cannot export",
            f"{session.path.name}: {refusal}.\n\nA PNG strip shows chosen steps of it (the file "
            f"as saved), from the command line:\n\n{strip}",
        )
        return
    start = copy_location(session.path) if session.read_only else session.path
    name, chosen = QFileDialog.getSaveFileName(
        window,
        "Export a lesson page",
        str(start.with_suffix(".html")),
        f"{EVERY_STEP};;{BY_PHASE}",
    )
    if not name:
        return
    path = Path(name) if name.endswith((".html", ".htm")) else Path(f"{name}.html")
    plays = {name: (parent, session.branch_play(name)) for name, parent in session.parents.items()}
    lesson = played_lesson(session.scenario, session.path, plays)
    progress = QProgressDialog("Drawing the tables…", "Cancel", 0, 0, window)
    progress.setWindowTitle("Export")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(500)  # a quick export shows no dialog at all

    def drawn(done: int, total: int) -> None:
        progress.setMaximum(total)
        progress.setValue(done)
        if progress.wasCanceled():
            raise ExportCancelled

    try:
        page = lesson_page(lesson, "phase" if chosen == BY_PHASE else "step", progress=drawn)
        # the dialog asked before replacing a file; the scenario itself is never replaced
        write_output(path, page.encode("utf-8"), None, [session.path])
    except ExportCancelled:
        window.statusBar().showMessage("Export cancelled: no file was written")
        return
    except OutputError as error:
        message_boxes.critical(window, "Cannot export", str(error))
        return
    finally:
        progress.close()
    steps = sum(len(timeline.steps) for timeline in lesson.timelines)
    window.statusBar().showMessage(
        f"Exported {steps} steps of {len(lesson.timelines)} timelines to {path}"
        if lesson.branches
        else f"Exported {steps} steps to {path}"
    )


class ExportCancelled(Exception):
    """The user cancelled File > Export while the tables were drawn."""
