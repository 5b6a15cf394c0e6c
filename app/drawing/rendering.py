"""Rendering without a window: the offscreen application, a scene drawn to an image, and an
image encoded for its file (``cardtable shot``, the exported pages and strips)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication, QGraphicsScene

HEADLESS_PLATFORMS = ("offscreen", "minimal")


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").split(":")[0] in HEADLESS_PLATFORMS:
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


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
