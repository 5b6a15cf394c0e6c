"""File > Examples and File > Lessons: each installed ruleset's scenarios (lessons also by
topic), in natural order, read when first shown and again when their folder changed (a
lesson saved into the user's own)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from PySide6.QtWidgets import QMenu, QWidget

from app.drawing.tooltips import plain_tooltip
from app.presentation.menu_text import menu_text
from engine.errors import ScenarioError
from engine.scenario import load_scenario, scenario_files


def natural_key(name: str) -> list[str | int]:
    """Numbers compare as numbers: ``M-2`` before ``M-10``, ``M1`` < ``M2`` < ``M10``.

    >>> sorted(["M-10", "M-2", "M10", "M2", "M1"], key=natural_key)
    ['M1', 'M2', 'M10', 'M-2', 'M-10']
    """
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", name)]


class ExamplesMenu(QMenu):
    """One submenu per ruleset, of the scenarios in its folder of ``folders``; a submenu reads
    its files the first time it opens, so building the window reads none. Each entry is the
    scenario's title, its description the tooltip; with ``by_topic`` entries are grouped in a
    submenu per topic. A file that does not load is left out, and so is a missing folder. A
    submenu reads its files again when it opens after a file there was added, removed or
    changed."""

    def __init__(
        self,
        open_path: Callable[[Path], object],
        folders: Mapping[str, Path],
        parent: QWidget | None = None,
        title: str = "&Examples",
        by_topic: bool = False,
    ) -> None:
        super().__init__(title, parent)
        self._open_path = open_path
        self._by_topic = by_topic
        self._listed: dict[Path, list[tuple[Path, int]]] = {}  # each folder's files as read
        for name, folder in sorted(folders.items(), key=lambda item: natural_key(item[0])):
            self.add_folder(name, folder)

    def add_folder(self, name: str, folder: Path) -> None:
        """A submenu ``name`` of the scenarios in ``folder``, read when it opens (none for a
        missing folder)."""
        if folder.is_dir():
            submenu = self.addMenu(menu_text(name))
            submenu.setToolTipsVisible(True)
            submenu.aboutToShow.connect(lambda s=submenu, f=folder: self._fill(s, f))

    def _fill(self, submenu: QMenu, folder: Path) -> None:
        files = _listing(folder)
        if self._listed.get(folder) == files:
            return
        self._listed[folder] = files
        submenu.clear()
        for topic_menu in submenu.findChildren(QMenu):  # the topics' submenus, read before
            topic_menu.deleteLater()
        topics: dict[str, QMenu] = {}
        for path, _written in files:
            try:
                scenario, _ = load_scenario(path)
            except ScenarioError:
                continue
            target = submenu
            if self._by_topic:
                topic = scenario.topic or "Other"
                if topic not in topics:
                    topics[topic] = submenu.addMenu(menu_text(topic))
                    topics[topic].setToolTipsVisible(True)
                target = topics[topic]
            action = target.addAction(menu_text(scenario.title))
            action.setToolTip(plain_tooltip(scenario.description or path.name))
            action.setData(str(path))
            action.triggered.connect(lambda _=False, p=path: self._open_path(p))


def _name_key(path: Path) -> list[str | int]:
    return natural_key(path.name)


def _listing(folder: Path) -> list[tuple[Path, int]]:
    """The scenario files of ``folder`` in natural order, each with the time it was written
    (0 when it cannot be told): a stat each, not a read."""
    listing = []
    for path in sorted(scenario_files([folder]), key=_name_key):
        try:
            listing.append((path, path.stat().st_mtime_ns))
        except OSError:
            listing.append((path, 0))
    return listing
