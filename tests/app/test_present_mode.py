"""Present mode read from the back of a classroom (issue 38, item 5): the table larger than in
the window, under a band across the screen in large type (never under 12 px) whose phase and
caption show whole, on the screens the issue names."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QLabel

from app.drawing.card_painter import MIN_TEXT_PX
from app.widgets.eliding_label import wrapped_height
from app.widgets.inspector import rule_title
from app.widgets.main_window import MainWindow
from app.widgets.table_view import STRIP_HEIGHT
from engine.assets import SCENARIOS
from engine.branches import MAIN
from engine.scenario import load_scenario, play_branch
from tests.support.text_overlaps import SHIPPED

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
M10 = SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml"
SCREENS = [(1024, 700), (1600, 1000)]


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def present_on(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, screen: tuple[int, int]
) -> None:
    """Present mode on a screen of ``screen`` pixels (the offscreen screen is 800x800, the
    size "full screen" would take)."""
    monkeypatch.setattr(window, "showFullScreen", lambda: window.resize(*screen))
    window.set_presenting(True)
    settle()


def shown_whole(label: QLabel, text: str) -> bool:
    """Whether ``label`` shows all of ``text``, none of its lines under its bottom edge."""
    height = wrapped_height(label.font(), label.text(), label.contentsRect().width())
    return label.text() == text and height <= label.contentsRect().height()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("path", [DEMO, M10])
def test_present_mode_enlarges_the_table_under_a_band_across_the_screen(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, path: Path, screen: tuple[int, int]
) -> None:
    window.resize(*screen)
    assert window.open_path(path)
    window.session.select(window.session.last)
    settle()
    normal = window.view.scale_factor
    present_on(window, monkeypatch, screen)
    view, strip = window.view, window.view.strip
    assert view.scale_factor > normal  # the cards are larger than in the window
    scrollbar = view.verticalScrollBar()  # a table too tall for 12 px text scrolls
    room = screen[0] - 4 - (scrollbar.width() if scrollbar.isVisible() else 0)
    assert strip.width() == view.viewport().width() >= room  # a band, not a column
    assert strip.caption.width() > screen[0] / 2
    band = QRectF(strip.geometry())
    table = QRectF(view.viewport().geometry())  # the table is drawn here, scrolled or not
    assert not table.intersects(band) and band.bottom() <= table.top()
    for label in (strip.phase, strip.caption, strip.info):
        assert label.isVisible() and label.fontInfo().pixelSize() >= 12
    assert "to play" in strip.info.text() and f"step {window.session.index} of" in strip.info.text()
    assert shown_whole(strip.phase, strip.phase.full_text)
    assert shown_whole(strip.caption, strip.caption.full_text)
    # The card's text at this scale: 12 px at least; a table too tall for that scrolls
    assert MIN_TEXT_PX * view.scale_factor > MIN_TEXT_PX * normal
    assert MIN_TEXT_PX * view.scale_factor >= 12
    window.set_presenting(False)
    settle()
    assert strip.height() == STRIP_HEIGHT and view.scale_factor == pytest.approx(normal)
    sizes = [label.fontInfo().pixelSize() for label in (strip.phase, strip.caption, strip.info)]
    assert sizes == [15, 13, 13]  # the window's strip, one line each
    assert not strip.phase.wordWrap() and not strip.caption.wordWrap()


def shipped_texts() -> tuple[set[str], list[str]]:
    """Every phase of the shipped scenarios and lessons, and the longest captions present mode
    writes for their steps (the description, then the rules' titles)."""
    phases, captions = set(), set()
    for path in SHIPPED:
        scenario, source = load_scenario(path)
        for step in play_branch(scenario, source, MAIN).game.steps:
            phases.add(" › ".join(step.phase))
            rules = "; ".join(rule_title(rule) for rule in step.rules)
            captions.add(step.description + (f"  —  {rules}" if rules else ""))
    return phases, sorted(captions, key=len)[-12:]


def test_every_shipped_phase_and_the_longest_captions_show_whole_at_1024x700(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No phase is cut (the issue saw "…ation › (b) Heal"), nor a caption: a longer text takes
    a smaller type, never under 12 px; the band's height stays, and the table with it."""
    window.resize(1024, 700)
    assert window.open_path(M10)
    present_on(window, monkeypatch, (1024, 700))
    strip = window.view.strip
    height, scale = strip.height(), window.view.scale_factor
    info = "Alice to play (turn 12) · step 100 of 100 (latest)"  # the widest it says
    phases, captions = shipped_texts()
    assert len(phases) > 100
    for phase in sorted(phases):
        window.view.show_phase(phase, info, "", "")
        assert shown_whole(strip.phase, phase), phase
        assert strip.phase.fontInfo().pixelSize() >= 12
    for caption in captions:
        window.view.show_phase("Turn 1 (Alice)", info, caption, "")
        assert shown_whole(strip.caption, caption), caption
        assert strip.caption.fontInfo().pixelSize() >= 12
    assert strip.height() == height and window.view.scale_factor == scale
