"""Exporting a lesson (``cardtable export``, File > Export…): a self-contained HTML page of a
timeline (``app/export_page.py``), or the tables of chosen steps side by side in one PNG for
slides (``--png-strip``, ``app/export_images.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog

from app import message_boxes
from app.export_images import png_bytes, strip_image
from app.export_page import PAGE_SIZE, Lesson, lesson_page
from app.saving import copy_location
from engine.branches import MAIN
from engine.scenario import load_scenario, play_branch, run_scenario

if TYPE_CHECKING:
    from app.main_window import MainWindow

EVERY_STEP = "Lesson page, every step (*.html)"  # the export dialog's file types
BY_PHASE = "Lesson page, by phase (*.html)"
STRIP_SIZE = (640, 480)  # the box each table of a strip is scaled into


class ExportError(Exception):
    """A bad option of ``cardtable export``, said in one line."""


# ----------------------------------------------------------------------------- input


def parse_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, both at least 100."""
    width, _, height = text.partition("x")
    if not (width.isdigit() and height.isdigit() and int(width) >= 100 and int(height) >= 100):
        raise ExportError(f"--size {text}: expected WIDTHxHEIGHT, at least 100x100 (e.g. 960x640)")
    return int(width), int(height)


def parse_steps(text: str, last: int) -> list[int]:
    """A comma-separated list of step numbers, each in 0..last, in the order given."""
    steps = []
    for part in text.split(","):
        if not part.strip().isdigit():
            raise ExportError(f"--steps {text}: {part.strip()!r} is not a step number (e.g. 3,5,9)")
        step = int(part)
        if step > last:
            raise ExportError(f"--steps {text}: step {step} is out of range 0..{last}")
        steps.append(step)
    return steps


# ----------------------------------------------------------------------------- writing


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``; a failure is an OSError naming the file, in one line."""
    try:
        path.write_bytes(data)
    except OSError as error:
        raise OSError(f"cannot write {path}: {error.strerror or error}") from None


def export(
    file: Path,
    output: str | None,
    by: str | None,
    size: str | None,
    png_strip: bool,
    steps: str | None,
) -> int:
    """``cardtable export``: the page (or with ``png_strip`` the strip of ``steps``) of a
    scenario file. Bad options raise ExportError, a bad file ScenarioError, a failure to
    write OSError: one line each."""
    if png_strip and steps is None:
        raise ExportError("--png-strip needs --steps, e.g. --steps 3,5,9")
    if not png_strip and steps is not None:
        raise ExportError("--steps goes with --png-strip")
    if png_strip and by is not None:
        raise ExportError("--by goes with the page, not with --png-strip")
    box = parse_size(size) if size else STRIP_SIZE if png_strip else PAGE_SIZE
    run = run_scenario(file)
    if steps is not None:  # with --png-strip, as checked above
        try:
            picked = parse_steps(steps, run.steps[-1].index)
        except ExportError as error:
            raise ExportError(f"{file}: {error}") from None
        write_file(Path(output or "strip.png"), png_bytes(strip_image(run.steps, picked, box)))
        return 0
    scenario, source = load_scenario(file)
    branches = [
        (b.name, play_branch(scenario, source, b.name).game.steps) for b in scenario.branches
    ]
    lesson = Lesson.of(run.scenario, file, run.steps, branches)
    page = lesson_page(lesson, by or "step", box)
    write_file(Path(output or "lesson.html"), page.encode("utf-8"))
    return 0


def export_dialog(window: MainWindow) -> None:
    """File > Export…: the open timeline (the user's actions included) as a lesson page."""
    session = window.session
    if session.scenario is None or session.path is None:
        message_boxes.information(window, "Export", "Open a scenario first.")
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
    branches = [
        (name, session.branch_play(name).game.steps) for name in session.parents if name != MAIN
    ]
    main = session.branch_play(MAIN).game.steps
    lesson = Lesson.of(session.scenario, session.path, main, branches)
    try:
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            page = lesson_page(lesson, "phase" if chosen == BY_PHASE else "step")
            write_file(path, page.encode("utf-8"))
        finally:
            QGuiApplication.restoreOverrideCursor()
    except OSError as error:
        message_boxes.critical(window, "Cannot export", str(error))
        return
    window.statusBar().showMessage(f"Exported {len(lesson.steps)} steps to {path}")
