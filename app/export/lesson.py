"""Exporting a lesson (``cardtable export``, File > Export…): a self-contained HTML page of a
timeline (``app/export/page.py``), or the tables of chosen steps side by side in one PNG for
slides (``--png-strip``, ``app/export/images.py``)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterable, Sized
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QProgressDialog

from app.cli.arguments import ArgumentError, parse_size, parse_steps, verify_strip
from app.export.images import png_bytes, strip_image
from app.export.page import PAGE_SIZE, Lesson, Progress, Timeline, lesson_page
from app.files.output_files import HTML, PNG, OutputError, verify_output, write_output
from app.files.saving import copy_location
from app.presentation.lesson_guide import lesson_guide
from app.presentation.views import verify_view
from app.widgets import message_boxes
from engine.branches import MAIN
from engine.scenario import load_scenario, play_branch
from engine.step_names import verify_branch

if TYPE_CHECKING:
    from app.widgets.main_window import MainWindow

EVERY_STEP = "Lesson page, every step (*.html)"  # the export dialog's file types
BY_PHASE = "Lesson page, by phase (*.html)"
STRIP_SIZE = (640, 480)  # the box each table of a strip is scaled into
# Steps one page may show, in all its timelines: each is a table drawn (some 9 ms) and some
# 45 kB of PNG, so a page is written within seconds and a browser opens it.
MAX_PAGE_STEPS = 1_000


class ExportError(ArgumentError):
    """A bad option of ``cardtable export``, said in one line."""


def page_refusal(timelines: Iterable[Sized]) -> str | None:
    """Why a lesson page of these timelines' steps is refused, before any table is drawn: more
    than MAX_PAGE_STEPS in all (``cardtable export`` and File > Export alike); None when not."""
    shown_steps = sum(len(steps) for steps in timelines)
    if shown_steps <= MAX_PAGE_STEPS:
        return None
    return (
        f"its timelines hold {shown_steps:,} steps, more than the {MAX_PAGE_STEPS:,} a lesson "
        "page shows"
    )


def export(
    file: Path,
    output: str | None,
    by: str | None,
    size: str | None,
    png_strip: bool,
    steps: str | None,
    force: bool = False,
    branch: str = MAIN,
) -> int:
    """``cardtable export``: the page (or with ``png_strip`` the strip of ``steps``) of a
    scenario file. Bad options raise ArgumentError, a bad file ScenarioError, an output that
    cannot or must not be written OutputError: one line each. The output is checked before the
    work starts, and written atomically. ``branch``: the strip's timeline, or the tab the page
    opens on."""
    if png_strip and steps is None:
        raise ExportError("--png-strip needs --steps, e.g. --steps 3,5,9")
    if not png_strip and steps is not None:
        raise ExportError("--steps goes with --png-strip")
    if png_strip and by is not None:
        raise ExportError("--by goes with the page, not with --png-strip")
    box = parse_size("--size", size) if size else STRIP_SIZE if png_strip else PAGE_SIZE
    target = Path(output or ("strip.png" if png_strip else "lesson.html"))
    kind = PNG if png_strip else HTML
    verify_output(target, kind, [file], force)
    scenario, source = load_scenario(file)
    verify_view(scenario.ruleset, source)
    verify_branch(scenario, source, branch)
    played = play_branch(scenario, source, MAIN)
    main = played.game.steps
    if steps is not None:  # with --png-strip, as checked above
        shown = play_branch(scenario, source, branch)
        timeline = shown.game.steps
        try:
            picked = parse_steps("--steps", steps, timeline[-1].index, shown.runner.labels)
        except ArgumentError as error:
            raise ExportError(f"{file}: {error}") from None
        verify_strip(len(picked), box)
        write_output(target, png_bytes(strip_image(timeline, picked, box)), kind, [file], force)
        return 0
    branches = [
        Timeline(b.name, play_branch(scenario, source, b.name).game.steps, b.parent)
        for b in scenario.branches
    ]
    refusal = page_refusal([main, *(timeline.steps for timeline in branches)])
    if refusal is not None:
        raise ExportError(f"{file}: {refusal}: export chosen steps with --png-strip")
    notes = lesson_guide(scenario, played.runner.starts, played.runner.labels)
    lesson = Lesson.of(scenario, file, main, branches, branch, notes.notes_by_step(main[-1].index))
    page = lesson_page(lesson, by or "step", box, terminal_progress(sys.stderr))
    write_output(target, page.encode("utf-8"), kind, [file], force)
    return 0


def terminal_progress(stream: TextIO) -> Progress | None:
    """A line on a terminal counting the tables drawn (none when the output is not one)."""
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        stream.write(f"\rexport: table {done} of {total}" + ("\n" if done == total else ""))
        stream.flush()

    return show


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
    branches = [
        Timeline(name, session.branch_play(name).game.steps, parent)
        for name, parent in session.parents.items()
        if name != MAIN
    ]
    played = session.branch_play(MAIN)
    main = played.game.steps
    notes = lesson_guide(session.scenario, played.runner.starts, played.runner.labels)
    by_step = notes.notes_by_step(main[-1].index)
    lesson = Lesson.of(session.scenario, session.path, main, branches, notes=by_step)
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
