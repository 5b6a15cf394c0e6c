"""The tables of a timeline drawn for export: offscreen, by the app's own scene, as the app
shows them (the cards a step changed outlined, its deltas and arrows); as PNG data, and side by
side in one strip for slides."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QGraphicsItem

from app.drawing.fonts import font
from app.drawing.rendering import offscreen_application, render_scene
from app.drawing.table_scene import TableScene
from engine.timeline import Step


class Camera:
    """Draws the tables of one timeline at one steady size: the scene's extent is grown to
    every step's table first, as stepping through them in the app would."""

    def __init__(self, steps: Sequence[Step], size: tuple[int, int]) -> None:
        offscreen_application()
        self.scene = TableScene()
        self.size = size
        for step in steps:
            self.scene.show_table(step.table, set())
        # Every card of the timeline has its item now. Each item keeps its drawing between
        # tables until its look changes: a table costs what its step changed.
        for item in self.scene.items():
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def step(self, step: Step) -> QImage:
        """The table after ``step``, the cards it changed outlined, with its deltas and arrows."""
        self.scene.show_table(step.table, step.changed_cards(), step=step)
        return render_scene(self.scene, self.size)

    def phase(self, steps: Sequence[Step]) -> QImage:
        """The table after the last of ``steps``, every card they changed outlined."""
        changed = set().union(*(step.changed_cards() for step in steps))
        self.scene.show_table(steps[-1].table, changed)
        return render_scene(self.scene, self.size)


PALETTE_SAMPLE = 61  # one pixel in this many is counted to choose a PNG's colours


def palette_image(image: QImage) -> QImage:
    """``image`` in its 256 most used colours (other pixels take the nearest one): the table's
    flat colours stay exact and its smoothed edges nearly so, for a PNG of a third of the
    bytes. The colours are counted on a sample of the pixels, which the flat colours fill."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    used = Counter(memoryview(image.constBits()).cast("I")[::PALETTE_SAMPLE])
    flags = Qt.ImageConversionFlag
    return image.convertToFormat(
        QImage.Format.Format_Indexed8,
        [colour for colour, _ in used.most_common(256)],
        flags.ThresholdDither | flags.AvoidDither,
    )


def encode_png(image: QImage) -> bytes:
    """``image`` as PNG data. Safe in another thread, and Qt lets Python run meanwhile, so a
    page's images are encoded while the next tables are drawn."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"PNG")).write(image)
    buffer.close()
    return bytes(data.data())


def png_bytes(image: QImage) -> bytes:
    """``image`` as a PNG of its most used colours (``palette_image``)."""
    return encode_png(palette_image(image))


def strip_image(steps: Sequence[Step], picked: Sequence[int], size: tuple[int, int]) -> QImage:
    """The tables after the ``picked`` steps side by side, each captioned with its number and
    description."""
    camera = Camera(steps, size)
    tables = [(steps[index], camera.step(steps[index])) for index in picked]
    margin, line = 16, QFontMetrics(font(18, bold=True)).height()
    width = max(image.width() for _, image in tables)
    height = max(image.height() for _, image in tables)
    plain = QFontMetrics(font(16))
    wrap = Qt.TextFlag.TextWordWrap
    caption = line + max(
        plain.boundingRect(QRect(0, 0, width, 10_000), wrap, step.description).height()
        for step, _ in tables
    )
    strip = QImage(
        margin + len(tables) * (width + margin),
        2 * margin + height + 8 + caption,
        QImage.Format.Format_RGB32,
    )
    if strip.isNull():  # the memory for it could not be had
        raise MemoryError(f"no memory for a strip of {len(tables)} tables of {width}x{height}")
    strip.fill(QColor("#ffffff"))
    painter = QPainter(strip)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setPen(QColor("#1d2a22"))
    for n, (step, image) in enumerate(tables):
        x = margin + n * (width + margin)
        painter.drawImage(x, margin, image)
        top = margin + height + 8
        painter.setFont(font(18, bold=True))
        painter.drawText(QRect(x, top, width, line), 0, f"Step {step.index}")
        painter.setFont(font(16))
        painter.drawText(QRect(x, top + line, width, caption - line), wrap, step.description)
    painter.end()
    return strip
