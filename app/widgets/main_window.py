"""The main window: the table, the timeline, the inspector, menus and interactive play."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape
from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QWidget,
)

from app.drawing.table_scene import TableScene
from app.drawing.tooltips import plain_tooltip
from app.files.saving import SaveError
from app.presentation.looks import chain_entries, game_over_text, turn_banner
from app.presentation.menu_text import menu_text
from app.presentation.offers import global_offers, offers_for
from app.presentation.session import Session, setup_refusal
from app.presentation.views import view_of
from app.presentation.why import CardHistory
from app.widgets import message_boxes
from app.widgets.busy import busy
from app.widgets.card_designer import CardDesigner, open_designer
from app.widgets.compare_dialog import CompareDialog
from app.widgets.dialogs import ask
from app.widgets.examples import ExamplesMenu
from app.widgets.export_dialog import export_dialog
from app.widgets.inspector import Inspector, rule_text, rule_title
from app.widgets.lesson_panel import LessonPanel
from app.widgets.new_table import NewTableDialog
from app.widgets.predict_quiz import PredictQuiz
from app.widgets.scenario_files import ScenarioFiles, my_lessons
from app.widgets.session_signals import SessionSignals
from app.widgets.setup_drops import SetupDrops
from app.widgets.setup_panel import SetupPanel
from app.widgets.table_view import TableView
from app.widgets.target_picking import TargetPicker
from app.widgets.timeline_panel import TimelinePanel
from app.widgets.window_bar import WindowBar
from engine.assets import LESSONS
from engine.branches import MAIN
from engine.choices import Answer, Choice, ChoiceCancelled
from engine.errors import RuleError, ScenarioError
from engine.offers import Offer
from engine.ruleset import rulesets
from engine.script import ScriptAction
from engine.setup_edits import entry, place_names
from engine.timeline import Step

DOCK_MIN_WIDTH = 160  # as narrow as a user may drag a dock
DOCK_FLOOR = 240  # docks that give way to the table keep at least this width
LAYOUT_VERSION = 2  # the docks' arrangement; saved layouts of other versions are not restored
DOCK_SHARE = 0.21  # at most this share of the window's width goes to the docks
FIRST_SIZE = (1500, 900)  # the first window, where the screen has room for it
DOCK_WIDTH = int(FIRST_SIZE[0] * DOCK_SHARE)  # the docks' width, where the window has room


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings("Cardtable", "Cardtable")
        self.session = Session()
        self.signals = SessionSignals(self.session)
        self.session.chooser = self.ask_choice
        self.scene = TableScene()
        self.view = TableView(self.scene)
        self.view.setObjectName("table")
        self.setCentralWidget(self.view)
        self.timeline = TimelinePanel(self.signals)
        self.inspector = Inspector()
        # Both docks share the left side, one above the other, so the table keeps the width.
        self.timeline_dock = self._dock("Timeline", self.timeline)
        self.inspector_dock = self._dock("Inspector", self.inspector)
        self.splitDockWidget(self.timeline_dock, self.inspector_dock, Qt.Orientation.Vertical)
        # The lesson panel, a tab beside the inspector (the table keeps its width), shown for
        # a file with notes or questions.
        self.lesson = LessonPanel()
        self.lesson_dock = self._dock("Lesson", self.lesson)
        self.tabifyDockWidget(self.inspector_dock, self.lesson_dock)
        self.lesson_dock.hide()
        # The set-up editor, shown in set-up mode in the timeline's place (which has only step
        # 0 to show while setting up).
        self.setup_panel = SetupPanel(self.session, self.statusBar().showMessage)
        self.setup_panel.start_button.clicked.connect(self.start_here)
        scroll = QScrollArea()  # on a short screen the panel scrolls; its rows never squash
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.setup_panel)
        self.setup_dock = self._dock("Set-up", scroll)
        self.splitDockWidget(self.timeline_dock, self.setup_dock, Qt.Orientation.Vertical)
        self.setup_dock.hide()
        self.quiz = PredictQuiz(
            self.session,
            self.lesson,
            self.lesson_dock,
            self._pause_playing,
            self.timeline.hide_after,
        )
        self.lesson.writer.note_written.connect(self.write_note)
        self.lesson.writer.question_written.connect(self.ask_question)
        self.lesson.writer.rules_written.connect(self.name_rules)
        self._drawn_scenario: object = None  # the scenario the scene shows
        self._history: CardHistory | None = None  # indexed once per timeline
        self.presenting = False
        self.inspector.step_link.connect(self.session.select)
        self.inspector.expect_card.connect(self.expect_card)
        self.timeline.expect_asked.connect(self.expect_step)
        self.timeline.label_asked.connect(self.edit_label)
        self.timeline.setup_asked.connect(self.begin_setup)
        self.timeline.branches.compare_asked.connect(self.compare_branches)
        self.last_menu: QMenu | None = None  # the card menu shown last (tests read it)
        self.selected_card: str | None = None
        self.window_bar = WindowBar(self.signals, self)
        self.view.strip.set_waiting_row(self.window_bar)
        self._build_menus()
        self._build_shortcuts()
        self.picker = TargetPicker(
            self.session,
            self.scene,
            self.statusBar().showMessage,
            self.try_action,
            self.finish_shortcut.setEnabled,
        )
        self.setAcceptDrops(True)
        # Drops on the table come to the window (files, and cards in set-up mode), which finds
        # the place under the drop itself.
        self.view.setAcceptDrops(False)
        self.view.viewport().setAcceptDrops(False)
        self.drops = SetupDrops(
            self.session, self.view, self.setup_panel, self.statusBar().showMessage
        )
        self.view.card_dragged.connect(self.drops.drag_card)
        self._fit_screen()
        # docks that gave way to the table (or start narrower than their default): their width
        self._narrowed: dict[QDockWidget, int] = {}
        self.signals.timeline_changed.connect(self._timeline_changed)
        self.signals.step_changed.connect(self._show_step)
        self.signals.dirty_changed.connect(self.setWindowModified)
        self.signals.authored_changed.connect(self._authored_changed)
        self.scene.card_clicked.connect(self.card_clicked)
        self.scene.background_clicked.connect(self.cancel_pick)
        self._restore_layout()

    # ----------------------------------------------------------------------------- building

    def _dock(self, title: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        widget.setMinimumWidth(DOCK_MIN_WIDTH)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        return dock

    def _fit_screen(self) -> None:
        """The first size: 1500x900, or less on a screen with less room (the title bar and the
        screen's panels included), centred on it."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(*FIRST_SIZE)
            return
        area = screen.availableGeometry()
        frame = 40  # the title bar and borders the window manager adds
        width = min(FIRST_SIZE[0], area.width())
        height = min(FIRST_SIZE[1], area.height() - frame)
        self.resize(width, max(height, 200))
        self.move(
            area.x() + (area.width() - width) // 2,
            area.y() + max(0, (area.height() - height - frame) // 2),
        )

    def _keep_table_room(self) -> None:
        """Docks give way when the window narrows, so the table keeps most of the width, and
        come back to the width they had when it widens again."""
        docks = [
            d
            for d in (self.timeline_dock, self.inspector_dock)
            if d.isVisible() and not d.isFloating()
        ]
        by_area: dict[Qt.DockWidgetArea, list[QDockWidget]] = {}
        for dock in docks:
            by_area.setdefault(self.dockWidgetArea(dock), []).append(dock)
        columns = [area[0] for area in by_area.values()]
        room = max(DOCK_FLOOR, int(self.width() * DOCK_SHARE / max(1, len(columns))))
        resized, widths = [], []
        for dock in columns:
            if dock.width() > room:  # give way, and remember the width to come back to
                self._narrowed.setdefault(dock, dock.width())
                wanted = room
            elif dock in self._narrowed:
                wanted = min(self._narrowed[dock], room)
                if wanted == self._narrowed[dock]:
                    del self._narrowed[dock]  # back to its own width
            else:
                continue
            if wanted != dock.width():
                resized.append(dock)
                widths.append(wanted)
        if resized:
            self.resizeDocks(resized, widths, Qt.Orientation.Horizontal)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        QTimer.singleShot(0, self._keep_table_room)  # once the docks have their new layout

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction("&New table…", QKeySequence.StandardKey.New, self.new_table)
        open_action = file_menu.addAction("&Open…", QKeySequence.StandardKey.Open)
        examples = {name: ruleset.examples() for name, ruleset in rulesets().items()}
        self.examples_menu = ExamplesMenu(self.open_path, examples, self)
        file_menu.addMenu(self.examples_menu)
        lessons = {name: LESSONS / name for name in rulesets()}
        self.lessons_menu = ExamplesMenu(self.open_path, lessons, self, "&Lessons", by_topic=True)
        self.lessons_menu.addSeparator()
        self.lessons_menu.add_folder("My lessons", self.lessons_folder())
        file_menu.addMenu(self.lessons_menu)
        recent_menu = file_menu.addMenu("Open &Recent")
        self.files = ScenarioFiles(self, self.session, self.settings, recent_menu, self._opened)
        open_action.triggered.connect(self.files.open_dialog)
        file_menu.addAction("&Save", QKeySequence.StandardKey.Save, self.files.save)
        file_menu.addAction("Save &As…", QKeySequence.StandardKey.SaveAs, self.files.save_dialog)
        file_menu.addAction("&Export…", lambda: export_dialog(self))
        file_menu.addSeparator()
        file_menu.addAction("&Quit", QKeySequence.StandardKey.Quit, self.close)
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = edit.addAction("&Undo", QKeySequence("Ctrl+Z"), self.undo)
        self.redo_action = edit.addAction("&Redo", QKeySequence("Ctrl+Shift+Z"), self.redo)
        edit.addSeparator()
        edit.addAction("&Expect this step", lambda: self.expect_step(self.session.index))
        edit.addAction("&Write the lesson", self.write_lesson)
        edit.addAction("Design a &card…", self.design_card)
        self.setup_action = edit.addAction("Edit &set-up", self.begin_setup)
        self.setup_action.setEnabled(False)
        self.game_menu = self.menuBar().addMenu("&Game")
        self.game_menu.aboutToShow.connect(self._fill_game_menu)
        view = self.menuBar().addMenu("&View")
        view.addAction("&Fit table", QKeySequence("Ctrl+0"), self.view.fit)
        view.addAction("&Actual size (100%)", QKeySequence("Ctrl+1"), self.view.actual_size)
        view.addAction("Zoom &in", QKeySequence("Ctrl+="), lambda: self.view.zoom(1.25))
        view.addAction("Zoom &out", QKeySequence("Ctrl+-"), lambda: self.view.zoom(0.8))
        view.addSeparator()
        view.addAction(self.timeline_dock.toggleViewAction())
        view.addAction(self.inspector_dock.toggleViewAction())
        view.addAction(self.lesson_dock.toggleViewAction())
        view.addAction("&Reset layout", self.reset_layout)
        view.addSeparator()
        self.present_action = view.addAction("&Present mode", QKeySequence("F5"))
        self.present_action.setCheckable(True)
        self.present_action.toggled.connect(self.set_presenting)
        self.addAction(self.present_action)  # its key works with the menu bar hidden
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction("&Keyboard shortcuts", QKeySequence("F1"), self.show_shortcuts)

    def _fill_game_menu(self) -> None:
        with busy():  # at an earlier step the offers are judged on a replay up to it
            self._fill_game_offers()

    def _fill_game_offers(self) -> None:
        self.game_menu.clear()
        table = self.session.table
        if self.session.setting_up:  # nothing is played before the set-up is done
            self.game_menu.addAction("&Start here", self.start_here)
        elif table is not None:
            for offer in global_offers(table, self.session.waiting):
                self._add_offer(self.game_menu, offer)
            self.game_menu.addSeparator()
            again = self.game_menu.addAction("Answer this step's choices again…", self.answer_again)
            again.setEnabled(self.session.can_answer_again())
            again.setToolTip(
                "Play the selected step's action again, asking its choices (the order of "
                "replacements, an assignment) afresh, in a new branch"
            )
            self.game_menu.addAction("Compare branches…", self.compare_branches)

    def _build_shortcuts(self) -> None:
        session = self.session
        self.keys: dict[str, tuple[str, Callable[[], object]]] = {
            "Left": ("Previous step", lambda: session.select(session.index - 1)),
            "Right": ("Next step", lambda: session.select(session.index + 1)),
            "Ctrl+Left": (
                "Start of this phase (at its start: of the previous one)",
                lambda: session.select(session.phase_start(-1)),
            ),
            "Ctrl+Right": (
                "Start of the next phase",
                lambda: session.select(session.phase_start(1)),
            ),
            "Home": ("First step", lambda: session.select(0)),
            "End": ("Last step", lambda: session.select(session.last)),
            "Space": ("Play / pause", self.timeline.toggle_play),
            "Escape": ("Cancel picking a target; leave present mode", self.escape),
            "Ctrl+Return": ("Pass / continue, when something waits", self.window_bar.proceed),
            "Return": ("Play with the targets picked so far", self.finish_pick),
            "Delete": ("Set-up mode: delete the selected card", self.setup_panel.delete),
        }
        self.shortcuts = []
        for key, (_, slot) in self.keys.items():
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(slot)
            self.shortcuts.append(shortcut)
            if key == "Return":  # only while picking: Enter stays the dialogs' and fields'
                self.finish_shortcut = shortcut
                shortcut.setEnabled(False)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every shortcut: the menus' and the table's."""
        rows: list[tuple[str, str]] = []
        for menu in self.menuBar().findChildren(QMenu):
            for action in menu.actions():
                if not action.shortcut().isEmpty():
                    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                    rows.append((keys, action.text().replace("&", "")))
        rows += [(key, what) for key, (what, _) in self.keys.items()]
        rows += [
            ("Mouse wheel", "Zoom the table around the mouse"),
            ("Drag the table", "Pan (the middle button drags anywhere)"),
            ("Click a card", "What can be tried with it"),
            ("Drag a card (set-up)", "From the pool, or on the table: to a place; Esc cancels"),
        ]
        return rows

    def show_shortcuts(self) -> None:
        rows = "".join(
            f"<tr><td><b>{escape(keys)}</b></td><td>{escape(what)}</td></tr>"
            for keys, what in self.shortcut_rows()
        )
        box = QMessageBox(self)
        box.setWindowTitle("Keyboard shortcuts")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(f"<table cellpadding=3>{rows}</table>")
        self.shortcuts_box = box  # tests read it
        box.open()

    def set_presenting(self, on: bool) -> None:
        """Present mode for a classroom: the table alone, full screen, the strip in large type
        with the step's description and its rules as a caption; arrows step, Escape leaves."""
        if on == self.presenting:
            return
        self.presenting = on
        if on:
            self._before_presenting = (self.saveState(LAYOUT_VERSION), self.windowState())
            for dock in (self.timeline_dock, self.inspector_dock, self.lesson_dock):
                dock.hide()
            self.showFullScreen()
        else:
            state, window_state = self._before_presenting
            self.restoreState(state, LAYOUT_VERSION)
            self.setWindowState(window_state)
        for bar in (self.menuBar(), self.statusBar()):
            bar.setVisible(not on)
        self.present_action.setChecked(on)
        self.view.set_presenting(on)
        self._show_step(self.session.index)

    def escape(self) -> None:
        if self.picker.offer is None and self.presenting:
            self.set_presenting(False)
        else:
            self.cancel_pick()

    def reset_layout(self) -> None:
        """Both docks back on the left, one above the other, the table fitted."""
        self.restoreState(self._default_state, LAYOUT_VERSION)
        for dock in (self.timeline_dock, self.inspector_dock):
            dock.show()
        self._default_dock_width()
        self.view.fit()

    # ----------------------------------------------------------------------------- files

    def open_path(self, path: Path, ask_unsaved: bool = True) -> bool:
        """Open a scenario (``ScenarioFiles.open_path``): False, and the session unchanged,
        when it cannot be opened or the user cancels."""
        return self.files.open_path(path, ask_unsaved)

    def lessons_folder(self) -> Path:
        """The user's lessons folder: the settings' ``lessons/folder``, else the default."""
        return my_lessons(self.settings)

    def _opened(self, path: Path) -> None:
        self.view.fit()
        folders = (LESSONS.resolve(), self.lessons_folder().resolve())
        if any(path.resolve().is_relative_to(f) for f in folders):  # followed from its start
            self.session.select(0)
            title = self.session.scenario.title if self.session.scenario else path.stem
            self.statusBar().showMessage(
                f"Lesson: {title}. Step forward (Right) to follow it; the inspector explains "
                "each step"
            )

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if any(url.toLocalFile().endswith((".yaml", ".yml")) for url in event.mimeData().urls()):
            event.acceptProposedAction()
        elif (dragged := self.drops.carried(event.mimeData())) is not None:
            event.acceptProposedAction()  # each move says whether a drop is taken there
            self.drops.hover(self._on_table(event), dragged)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        """A card held over the table in set-up mode: its place lit, and taken only where there
        is one (a place the engine refuses too: the drop says why)."""
        dragged = self.drops.carried(event.mimeData())
        if dragged is None:
            event.acceptProposedAction()  # a file, anywhere
        elif self.drops.hover(self._on_table(event), dragged) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:  # noqa: N802
        self.drops.leave()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        dragged = self.drops.carried(event.mimeData())
        if dragged is not None:
            self.drops.drop(self._on_table(event), dragged)
            event.acceptProposedAction()
            return
        for url in event.mimeData().urls():
            if url.toLocalFile().endswith((".yaml", ".yml")):
                self.open_path(Path(url.toLocalFile()))
                break

    # ----------------------------------------------------------------------------- set-up

    def new_table(self) -> NewTableDialog | None:
        """File > New: ask for a ruleset and the players (a window-modal dialog, which builds
        the table on OK), then an empty table in set-up mode. None when the user keeps the
        unsaved work."""
        if not self.files.settle_unsaved():
            return None
        dialog = NewTableDialog(self.session.new_table, self)
        dialog.accepted.connect(self._new_table_made)
        dialog.open()
        return dialog

    def _new_table_made(self) -> None:
        self.files.update_title()
        self.view.fit()
        self.statusBar().showMessage(
            "A new table in set-up mode: drag cards from the pool onto the table, then Start here"
        )

    def _on_table(self, event: QDropEvent) -> QPoint:
        """Where a drag event is, in the table's viewport."""
        return self.view.viewport().mapFrom(self, event.position().toPoint())

    def _room_for_setup(self) -> None:
        """The set-up panel's column takes most of its height and its share of a wide window's
        width: its pool, the card's face and its settings side by side with the table."""
        tall = self.height()
        docks = [self.setup_dock, self.inspector_dock]
        self.resizeDocks(docks, [tall * 3 // 4, tall // 4], Qt.Orientation.Vertical)
        wide = max(self.setup_dock.width(), int(self.width() * DOCK_SHARE))
        self.resizeDocks([self.setup_dock], [wide], Qt.Orientation.Horizontal)

    def begin_setup(self) -> None:
        """Edit > Edit set-up: the open table at step 0 in set-up mode, its set-up to edit;
        Start here plays its actions again on the new set-up."""
        with busy():  # the set-up is checked as a file is
            self.session.begin_setup()
        self.setup_panel.error.clear()  # a refusal said last time is no longer true
        self.statusBar().showMessage(
            "Set-up mode: edit the set-up, then Start here plays the file's actions again on it"
        )

    def start_here(self) -> bool:
        """Leave set-up mode; on an open table whose actions no longer play on the new set-up,
        a dialog says which and why, and set-up mode stays (nothing is lost)."""
        replayed = self.session.played is not None
        try:
            with busy():  # every branch is played again
                self.session.start_here()
        except (ScenarioError, SaveError) as error:
            text = setup_refusal(error)
            self.setup_panel.error.setText(text)
            message_boxes.warning(
                self, "Cannot start here", f"{text}\n\nChange the set-up, or undo the change."
            )
            return False
        if not replayed:
            self.statusBar().showMessage("Playing from the set-up: click a card for what it can do")
            return True
        self.statusBar().showMessage(
            "Played again on the new set-up: Edit > Undo takes the whole set-up back"
        )
        if broken := self.session.branch_play(MAIN).failures():
            message_boxes.warning(
                self,
                "Expectations no longer hold",
                "The file's script plays on the new set-up, but these of its expectations do "
                "not hold there:\n\n" + "\n".join(broken),
            )
        return True

    def _setup_card_menu(self, uid: str) -> None:
        """In set-up mode a card's menu edits it: move it elsewhere, or delete it."""
        self.setup_panel.selected = uid
        self.setup_panel.refresh()
        draft = self.session.draft
        assert draft is not None
        menu = QMenu(self)
        moves = menu.addMenu("&Move to")
        here = entry(draft, uid).place.name
        for name in place_names(draft):
            if name != here:
                moves.addAction(menu_text(name), partial(self.setup_panel.move_selected, name))
        menu.addAction("&Delete", QKeySequence("Delete"), self.setup_panel.delete)
        self.last_menu = menu
        menu.popup(self.cursor().pos())

    # ----------------------------------------------------------------------------- showing

    def _timeline_changed(self) -> None:
        self._undo_enabled()
        self.quiz.refresh()
        setting_up = self.session.setting_up
        self.view.drags_cards = setting_up  # a card dragged moves; a click opens its menu
        if setting_up != self.setup_dock.isVisibleTo(self):
            self.setup_dock.setVisible(setting_up)
            self.timeline_dock.setVisible(not setting_up)
            if setting_up:  # the editor needs the room more than the inspector
                QTimer.singleShot(0, self._room_for_setup)  # once the dock is laid out
        self.setup_panel.refresh()

    def _undo_enabled(self) -> None:
        self.undo_action.setEnabled(self.session.can_undo())
        self.redo_action.setEnabled(self.session.can_redo())
        self.setup_action.setEnabled(self.session.play is not None and not self.session.setting_up)

    def _authored_changed(self) -> None:
        """The lesson panel shows what the user wrote at once; undo can take it back."""
        self._undo_enabled()
        self.quiz.refresh()
        self._show_step(self.session.index)

    def _pause_playing(self) -> None:
        if self.timeline.timer.isActive():
            self.timeline.toggle_play()

    def _show_step(self, index: int) -> None:
        step = self.session.step
        if step is None:
            return
        if self.session.scenario is not self._drawn_scenario:  # another file: draw afresh
            self._drawn_scenario = self.session.scenario
            self.scene.reset()
            self.view.fit()
            self.picker.end()  # a target asked for in the old file means nothing here
            self.selected_card = None
            self.quiz.start(index)
        if self.quiz.hold(index):
            return
        table = step.table
        self.scene.show_table(table, step.changed_cards(), self._action_changed(index), step)
        self.view.refresh_hover()
        where = " (latest)" if self.session.at_end() else ""
        caption = step.description
        if self.presenting and step.rules:  # the class reads the rules on the strip
            caption += "  —  " + "; ".join(rule_title(rule) for rule in step.rules)
        phase = " › ".join(step.phase)
        info = f"{turn_banner(table)} · step {index} of {self.session.last}{where}"
        if self.session.setting_up:
            phase, info = "Set-up: not yet played", f"{turn_banner(table)} · before step 0"
            caption = "Drag cards from the pool onto the table; Game > Start here " + (
                "plays the file's actions again on it" if self.session.played else "to play"
            )
        self.view.show_phase(phase, info, caption, game_over_text(table))
        self.view.show_chain(chain_entries(table))
        self.quiz.show_step(index, step)
        self.inspector.show_step(step, self.selected_card, self._why(index))
        self.statusBar().showMessage(
            f"Step {index} of {self.session.last}{where}: {step.description}"
        )

    def _why(self, index: int) -> list[Step]:
        """The steps that made the selected card what it is at step ``index``."""
        card = self.selected_card
        if card is None or self.session.play is None:
            return []
        if self._history is None or self._history.steps is not self.session.steps:
            self._history = CardHistory(self.session.steps)
        return self._history.why(card, index)

    def _action_changed(self, index: int) -> frozenset[str]:
        """At the first step of the action just played: every card the whole action changed."""
        span = self.session.last_action
        if span is None or index != span[0]:
            return frozenset()
        cards: set[str] = set()
        for step in self.session.steps[span[0] : span[1] + 1]:
            cards |= step.changed_cards()
        return frozenset(cards)

    # ----------------------------------------------------------------------------- playing

    def card_clicked(self, uid: str) -> None:
        with busy():  # at an earlier step the offers are judged on a replay up to it
            self._card_clicked(uid)

    def _card_clicked(self, uid: str) -> None:
        self.selected_card = uid
        self.inspector.show_step(self.session.step, uid, self._why(self.session.index))
        if self.session.setting_up:
            self._setup_card_menu(uid)
            return
        if self.picker.clicked(uid):
            return
        table = self.session.table
        if table is None:
            return
        self._pause_playing()  # offers are judged at the step shown: hold it
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        groups: dict[str, QMenu] = {}
        for offer in offers_for(table, uid):
            if offer.group in view_of(table).top_level_groups:
                target = menu
            else:
                if offer.group not in groups:
                    groups[offer.group] = menu.addMenu(offer.group)
                    groups[offer.group].setToolTipsVisible(True)
                target = groups[offer.group]
            self._add_offer(target, offer)
        menu.addSeparator()
        for offer in global_offers(table, self.session.waiting):
            self._add_offer(menu, offer)
        menu.addSeparator()
        expect = menu.addAction("Expect this", lambda: self.expect_card(uid))
        expect.setToolTip("Add an expectation of this card as it is at this step to the file")
        expect.setEnabled(self.session.can_author())
        menu.addAction("Edit this card's design…", lambda: self.design_card(uid))
        self.last_menu = menu
        menu.popup(self.cursor().pos())

    def _add_offer(self, menu: QMenu, offer: Offer) -> QAction:
        action = menu.addAction(menu_text(offer.label))
        refusal = self.session.refusal(offer.action) if offer.action is not None else None
        if offer.proceeds:
            refusal = None  # a pass is always possible
        elif offer.pick is not None:  # judged before the click: no legal target, no offer
            legal, first = self.picker.legal_targets(offer, enough=1)
            refusal = None if legal else first
        action.setEnabled(refusal is None)
        if refusal is not None:
            reason = f"no legal target: {refusal}" if offer.pick is not None else str(refusal)
            action.setToolTip(
                plain_tooltip(f"Not allowed: {reason}\n\nWhy not? {rule_text(refusal.rule)}")
            )
            action.setText(menu_text(f"{offer.label}  —  {reason}"))
        action.triggered.connect(lambda _=False, o=offer: self.take_offer(o))
        return action

    def take_offer(self, offer: Offer) -> None:
        if offer.proceeds:
            self.window_bar.proceed()
        elif offer.pick is not None:
            self.picker.start(offer, self.selected_card)
        elif offer.action is not None:
            self.try_action(offer.action)

    def finish_pick(self) -> None:
        """Enter while picking: play with the targets picked so far."""
        self.picker.finish()

    def cancel_pick(self) -> None:
        if self.picker.cancel():
            self.statusBar().showMessage("Cancelled")

    def try_action(self, action: ScriptAction) -> bool:
        """Play an action after the selected step; the engine's refusal is shown, not lost.
        Acting at an earlier step starts a new branch: the later steps stay in the old one."""
        return self._acting(lambda: self.session.act(action))

    def answer_again(self) -> bool:
        """The selected step's action again, its choices asked afresh, in a new branch."""
        return self._acting(self.session.answer_again)

    def _acting(self, act: Callable[[], object]) -> bool:
        branch = self.session.branch
        try:
            with busy():  # a cascade may play for seconds before the engine refuses it (P-48)
                act()
        except ChoiceCancelled:
            self.statusBar().showMessage("Cancelled")
            return False
        except (RuleError, ScenarioError) as error:  # ScenarioError: deep inside, located
            message_boxes.warning(self, "Not allowed", str(error))
            return False
        if self.session.branch != branch:
            self.statusBar().showMessage(
                f"New branch {self.session.branch!r}; {branch!r} keeps its steps "
                "(switch in the Branches list above the timeline)"
            )
        return True

    # ----------------------------------------------------------------------------- authoring

    def expect_card(self, uid: str) -> None:
        self._authoring("Cannot expect this", lambda: self.session.expect_card(uid), uid)

    def expect_step(self, index: int) -> None:
        self.session.select(index)
        self._authoring("Cannot expect this", self.session.expect_step, "the table")

    def _authoring(self, title: str, add: Callable[[], tuple[str, int]], what: str) -> None:
        try:
            label, step = add()
        except ValueError as error:
            message_boxes.warning(self, title, str(error))
            return
        self.statusBar().showMessage(
            f"Expecting what {what} is at {label!r} (step {step}); Save writes it into the file"
        )

    def edit_label(self, index: int) -> None:
        """Ask for the label of the action that ends at step ``index`` (empty: none)."""
        play = self.session.play
        if play is None or index not in play.runner.ends:
            self.statusBar().showMessage("Only the last step of an action carries its label")
            return
        old = play.actions[play.runner.ends.index(index)].label or ""
        name, ok = QInputDialog.getText(self, "Label", f"Label of step {index}:", text=old)
        if not ok:
            return
        try:
            self.session.relabel(index, name)
        except ValueError as error:
            message_boxes.warning(self, "Cannot label this step", str(error))

    def write_lesson(self) -> None:
        """Show the lesson panel's writer, its note first, the panel given most of the height
        its column has (the timeline keeps a third)."""
        self.lesson_dock.show()
        self.lesson_dock.raise_()
        if not self.lesson_dock.isFloating():
            docks, column = [self.timeline_dock, self.lesson_dock], self.height()
            self.resizeDocks(docks, [column // 3, column * 2 // 3], Qt.Orientation.Vertical)
        self.lesson.ensureWidgetVisible(self.lesson.writer)
        self.lesson.writer.note.setFocus()

    def write_note(self, text: str) -> None:
        try:
            label = self.session.write_note(text)
        except ValueError as error:
            self.lesson.writer.refused(str(error))
            return
        self.statusBar().showMessage(f"Note {'set' if text.strip() else 'taken out'} at {label!r}")

    def ask_question(self, question: str, choices: list[str], answer: str, why: str) -> None:
        try:
            label = self.session.ask_before(question, choices, answer, why)
        except ValueError as error:
            self.lesson.writer.refused(str(error))
            return
        self.lesson.writer.clear_question()
        self.statusBar().showMessage(f"Predict mode asks this before {label!r}")

    def name_rules(self, text: str) -> None:
        try:
            rules = self.session.name_rules(text)
        except ValueError as error:
            self.lesson.writer.refused(str(error))
            return
        self.lesson.writer.refused("")
        self.statusBar().showMessage(f"The file names the rules it shows: {', '.join(rules)}")

    def design_card(self, uid: str | None = None) -> CardDesigner | None:
        """The card designer, on a new card or on the design of card ``uid``."""
        return open_designer(self, self.session, self.files.save, uid)

    def compare_branches(self) -> CompareDialog:
        dialog = CompareDialog(self.session, self, self.view.scale_factor)
        dialog.show()
        return dialog

    def undo(self) -> None:
        with busy():  # the timeline is replayed without its last action
            self.session.undo()

    def redo(self) -> None:
        try:
            with busy():  # the action is played again, cascade and all
                self.session.redo()
        except ChoiceCancelled:
            self.statusBar().showMessage("Cancelled")
        except (RuleError, ScenarioError) as error:
            message_boxes.warning(self, "Cannot redo", str(error))

    def ask_choice(self, choice: Choice) -> Answer:
        """The engine asks a player: a dialog answers (the engine validates the answer);
        Cancel raises ChoiceCancelled, which abandons the whole action."""
        assert self.session.scenario is not None  # a choice comes from playing its game
        return ask(choice, self.session.scenario.ruleset, self)

    # ----------------------------------------------------------------------------- layout

    def _default_dock_width(self) -> None:
        """The docks at their share of the first window's width, or less while the window is
        smaller; they grow to it with the window (``_keep_table_room``)."""
        self._narrowed = {self.timeline_dock: DOCK_WIDTH}
        width = min(DOCK_WIDTH, max(DOCK_FLOOR, int(self.width() * DOCK_SHARE)))
        self.resizeDocks([self.timeline_dock], [width], Qt.Orientation.Horizontal)

    def _restore_layout(self) -> None:
        self._default_dock_width()
        self._default_state = self.saveState(LAYOUT_VERSION)
        geometry = self.settings.value("geometry")
        state = self.settings.value("state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and self.restoreState(state, LAYOUT_VERSION):
            self._narrowed = {}  # the user's own layout: the widths they left

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.files.settle_unsaved():
            event.ignore()
            return
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("state", self.saveState(LAYOUT_VERSION))
        super().closeEvent(event)
