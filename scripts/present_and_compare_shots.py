"""Screenshots of present mode and of Compare for docs/app.md, at 1280x800: present mode on M11's
expiration heal, and M8's two orders compared after the first combat (doubling first on the
left, main's prevention first on the right).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/present_and_compare_shots.py docs/images
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS

SIZE = (1280, 800)


def settle() -> None:
    for _ in range(3):  # shown, laid out, drawn
        QApplication.processEvents()


def save(widget: QWidget, path: Path) -> None:
    settle()
    widget.grab().save(str(path))
    print(f"wrote {path}")


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
    app = QApplication(sys.argv)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "shots.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(*SIZE)
    window.show()
    window.open_path(SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml")
    settle()
    dialog = window.compare_branches()
    left, right = dialog.sides
    left.branches.setCurrentText("doubling first")
    right.branches.setCurrentText("main")
    right.step_box.setValue(11)  # main's first combat is over
    save(dialog, folder / "compare-branches.png")
    dialog.close()
    window.open_path(SCENARIOS / "might" / "M11-expiration-worked-example.yaml")
    window.session.select(10)  # (b) Heal
    window.showFullScreen = lambda: window.resize(*SIZE)  # type: ignore[method-assign]  # a screen of SIZE
    window.set_presenting(True)
    save(window, folder / "present-mode.png")
