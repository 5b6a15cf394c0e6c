"""Screenshots of the card designer for docs/app.md: a might unit with a ``when: played``
ability that chooses an enemy unit and damages it, one key wrong so that its problem shows,
at 1024x700 and 1600x1000.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/card_designer_shots.py docs/images
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS

CARD = """\
name: Ember Sentry
kind: unit
text: When you play me, deal 2 damage to an enemy unit.
cost: 2
might: 3
keywords: [Tank]
abilities:
- when: played
  target: {side: enemy}
  effects:
  - {do: damage, amount: two}
"""

if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
    app = QApplication.instance() or QApplication(sys.argv)
    window = MainWindow()
    copy = Path(tempfile.mkdtemp()) / "M-1.yaml"
    shutil.copy(SCENARIOS / "might" / "M-1-actions-need-a-unit-on-the-table.yaml", copy)
    window.open_path(copy, ask_unsaved=False)
    designer = window.design_card()
    assert designer is not None
    for size, wrong in (((1024, 700), True), ((1600, 1000), False)):
        designer.yaml.setPlainText(CARD if wrong else CARD.replace("two", "2"))
        designer.read_yaml()
        designer.resize(*size)
        for _ in range(3):
            app.processEvents()
        path = folder / f"card-designer-{size[0]}x{size[1]}.png"
        designer.grab().save(str(path))
        print(f"wrote {path}")
