"""Starting the desktop app, and rendering it headless (``cardtable shot``); the rendering
itself is ``app/drawing/rendering.py``, which the exported pages use too."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from app.drawing.rendering import has_display, image_bytes, offscreen_application, render_scene
from engine.branches import MAIN
from engine.scenario import load_scenario, play_branch
from engine.step_names import step_index, verify_branch

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def shot_command(path: Path) -> str:
    """The ``cardtable shot`` of ``path`` as a shell runs it from any folder: the command
    beside this Python (a venv's ``cardtable``, which need not be on ``PATH``), else this
    Python running the package, and the file's absolute path, quoted for this system's shell."""
    folder = Path(sys.executable).parent
    found = [each for each in (folder / "cardtable", folder / "cardtable.exe") if each.exists()]
    program = [str(found[0])] if found else [sys.executable, "-m", "app.cli"]
    words = [*program, "shot", str(path.resolve()), "-o", "table.png"]
    if os.name == "nt":
        return subprocess.list2cmdline(words)
    return shlex.join(words)


def no_display(path: Path) -> str:
    """What ``launch`` says on a machine without a display: why, and a command that renders
    ``path`` instead, as printed (``--step N`` and ``--timeline`` are optional)."""
    return (
        "cardtable: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
        "To render the table to a PNG instead (add --step N for a step, --timeline for the "
        "whole window), run:\n"
        f"  {shot_command(path)}"
    )


def launch(path: Path) -> int:
    """Open the main window on ``path``; without a display, say how to render headless."""
    if not has_display():
        print(no_display(path), file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication

    from app.widgets.main_window import MainWindow

    application = QApplication.instance() or QApplication(sys.argv[:1])
    application.setApplicationName("Cardtable")
    window = MainWindow()
    sys.excepthook = lambda kind, error, trace: report_unexpected(window, error)
    window.show()
    window.open_path(path)
    return int(application.exec())


def report_unexpected(window: QWidget, error: BaseException) -> None:
    """A bug that escaped a slot: a dialog in one line, and the app goes on (the user's work
    stays open, to be saved)."""
    from app.widgets import message_boxes
    from engine.errors import internal_error

    message_boxes.critical(window, "Internal error", internal_error("Cardtable", error))


def shot(
    path: Path,
    step: str | None,
    output: Path,
    timeline: bool,
    size: tuple[int, int],
    force: bool = False,
    branch: str = MAIN,
) -> int:
    """Render the table after ``step`` (a number or a label; default: the last) of ``branch``
    to an image, without a display; the index of the step rendered.

    No file is touched but ``output``, which is checked before anything is rendered and written
    atomically (``app/files/output_files.py``): the window's settings live in a scratch folder."""
    from engine.output_files import IMAGE, verify_output, write_output

    verify_output(output, IMAGE, [path], force)
    scenario, source = load_scenario(path)  # a ScenarioError propagates: the CLI reports it
    verify_branch(scenario, source, branch)
    index = step_index(play_branch(scenario, source, branch), step, source, branch)
    application = offscreen_application()
    from PySide6.QtCore import QSettings

    from app.widgets.main_window import MainWindow

    with tempfile.TemporaryDirectory(prefix="cardtable-shot-") as scratch:
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.session.open(path)
        window.session.switch(branch)
        window.session.select(index)
        if timeline:
            window.resize(*size)
            window.show()
            for _ in range(3):  # shown, then the docks laid out for its size (a timer), then drawn
                application.processEvents()
            image = window.grab().toImage()
            window.close()
        else:
            image = render_scene(window.scene, size)
    write_output(output, image_bytes(image, output.suffix), IMAGE, [path], force)
    return index
