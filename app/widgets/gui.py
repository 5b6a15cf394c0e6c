"""Starting the desktop app, and rendering it headless (``cardtable shot``)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from engine.branches import MAIN
from engine.scenario import load_scenario, play_branch
from engine.step_names import step_index, verify_branch

if TYPE_CHECKING:
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication, QGraphicsScene, QWidget

NO_DISPLAY = (
    "cardtable: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
    "To render the table without a display, use:\n"
    "  cardtable shot SCENARIO.yaml --step N -o table.png [--timeline]"
)
HEADLESS_PLATFORMS = ("offscreen", "minimal")


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").split(":")[0] in HEADLESS_PLATFORMS:
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def launch(path: Path) -> int:
    """Open the main window on ``path``; without a display, say how to render headless."""
    if not has_display():
        print(NO_DISPLAY, file=sys.stderr)
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
    to an image, without a display.

    No file is touched but ``output``, which is checked before anything is rendered and written
    atomically (``app/files/output_files.py``): the window's settings live in a scratch folder."""
    from app.files.output_files import IMAGE, verify_output, write_output

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
    return 0


def image_bytes(image: QImage, suffix: str) -> bytes:
    """``image`` encoded in the format its file's suffix names (``.jpg``), PNG for any other."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImageWriter

    wanted = suffix.lstrip(".").lower().encode("ascii", "replace")
    known = {bytes(name.data()) for name in QImageWriter.supportedImageFormats()}
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(wanted if wanted in known else b"png"))
    if not writer.write(image):
        raise RuntimeError(f"the image could not be encoded: {writer.errorString()}")
    buffer.close()
    return bytes(data.data())


def offscreen_application() -> QApplication:
    """The application, made for rendering: offscreen (no window flashes up) unless one runs."""
    if has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    else:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    application = QApplication.instance()
    if isinstance(application, QApplication):
        return application
    qInstallMessageHandler(quiet_offscreen)
    return QApplication(sys.argv[:1])


# What the offscreen platform says of every window it cannot size as a screen would: nothing is
# wrong, so a rendering command says nothing of it (anything else Qt says is passed on).
OFFSCREEN_NOISE = frozenset({"This plugin does not support propagateSizeHints()"})


def quiet_offscreen(mode: object, context: object, message: str) -> None:
    if message not in OFFSCREEN_NOISE:
        sys.stderr.write(message + "\n")


def render_scene(scene: QGraphicsScene, size: tuple[int, int]) -> QImage:
    """The whole scene as an image, scaled to fit in ``size`` (width, height)."""
    from PySide6.QtGui import QColor, QImage, QPainter

    rect = scene.sceneRect()
    scale = min(size[0] / rect.width(), size[1] / rect.height())
    width, height = int(rect.width() * scale), int(rect.height() * scale)
    image = QImage(width, height, QImage.Format.Format_RGB32)  # opaque: the fastest to draw on
    if image.isNull():  # the memory for it could not be had
        raise MemoryError(f"no memory for an image of {width}x{height} pixels")
    image.fill(QColor("#2e5e3e"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter)
    painter.end()
    return image
