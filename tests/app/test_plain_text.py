"""Text from a scenario file is shown as text. Qt guesses rich text (``Qt.mightBeRichText``) in
labels, tooltips and message boxes unless told otherwise, so markup in a name, an id, a title or
a label would render: ``<img src=...>`` would load and show a local image. Here every free-text
field of a file holds markup, and nothing the window, its menus, its table or its dialogs show
may render it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QImage, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsView,
    QLabel,
    QListWidget,
    QMessageBox,
    QTreeWidget,
    QTreeWidgetItemIterator,
    QWidget,
)

from app.cli.commands import main
from app.might.dialogs import AssignmentDialog, ReplacementOrderDialog
from app.widgets import message_boxes
from app.widgets.examples import ExamplesMenu
from app.widgets.main_window import MainWindow
from engine.might.scenario import Action as MightAction

TELL = "zq"  # found in the markup only: every "zq" a reader sees must be inside it, literally
SHOWN = {name: getattr(message_boxes, name) for name in ("critical", "warning")}  # the real ones


@pytest.fixture
def mark(tmp_path: Path) -> str:
    """The markup every free-text field of the scenario ends with: bold, a real local image and
    an entity."""
    png = tmp_path / "dot.png"
    image = QImage(4, 4, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(png))
    return f'<b>{TELL}</b><img src="{png}">&amp;'


def quoted(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


def might_file(mark: str) -> str:
    """A might table whose title, description, players, battlefields, unit ids, prevention and
    doubling ids, an inline card's name and text, a label and a branch name all hold ``mark``.
    Every unit has an id of its own: a default id (the name with dashes) would carry the tell
    without the markup."""

    def m(word: str) -> str:
        return quoted(f"{word} {mark}")

    return f"""\
ruleset: might
title: {m("Title")}
description: {m("About")}
topic: {m("Topic")}
rules: [M-10]
cards:
  - {{name: {m("Brute")}, kind: unit, might: 4, text: {m("Text")}}}
  - name: {m("Spark")}
    kind: spell
    text: {m("Zap")}
    target: {{side: any}}
    effects: [{{do: damage, amount: 1}}]
setup:
  battlefields: [{m("Field")}, Battlefield 2]
  players:
    - name: {m("Alice")}
      units:
        - {{card: Iron Sentinel, id: {m("sentinel")}, at: {m("Field")}}}
        - card: Iron Sentinel
          id: {m("guard")}
          shields: [{{id: {m("ward")}, value: 3}}]
          doublers: [{{id: {m("twice")}}}]
      hand:
        - {{card: {m("Spark")}, id: {m("spark")}}}
    - name: {m("Bob")}
      units:
        - {{card: Stone Whelp, id: {m("whelp")}, at: {m("Field")}}}
        - {{card: {m("Brute")}, id: {m("brute")}, at: {m("Field")}}}
      hand:
        - {{card: {m("Brute")}, id: {m("spare")}}}
script:
  - exhaust: {{unit: {m("guard")}}}
    label: {m("tired")}
branches:
  - {{name: {m("what if")}, keep: 0}}
"""


def souls_file(mark: str) -> str:
    """A souls table: players, inline cards (a realm, a soul and a spell in hand) with markup in
    their names and texts, their ids, a title and a description."""

    def m(word: str) -> str:
        return quoted(f"{word} {mark}")

    return f"""\
ruleset: souls
title: {m("Title")}
description: {m("About")}
rules: [S-6]
cards:
  - {{name: {m("Keep")}, kind: realm, hp: 50, counterblow: 10, text: {m("Walls")}}}
  - {{name: {m("Imp")}, kind: soul, hp: 10, power: 5, traits: [{m("Kin")}], text: {m("Sly")}}}
  - {{name: {m("Bolt")}, kind: spell, text: {m("Zap")}}}
setup:
  players:
    - name: {m("Alice")}
      realm: {{card: {m("Keep")}, id: {m("keep")}}}
      slots:
        A1: {{card: {m("Imp")}, id: {m("imp")}}}
      hand:
        - {{card: {m("Bolt")}, id: {m("bolt")}}}
    - name: {m("Bob")}
      realm: {{card: Old Keep}}
"""


def lesson_file(mark: str) -> str:
    """``might_file`` as a lesson: its notes, its question, the question's choices and the
    reason hold ``mark`` (the label they are at holds it too)."""

    def m(word: str) -> str:
        return quoted(f"{word} {mark}")

    return might_file(mark) + (
        f"notes:\n  start: {m('Note')}\n  {m('tired')}: {m('Tired')}\n"
        f"predict:\n  - at: {m('tired')}\n    question: {m('Question')}\n"
        f"    choices: [{m('Yes')}, {m('No')}]\n    answer: {m('Yes')}\n    why: {m('Why')}\n"
    )


def open_file(window: MainWindow, text: str) -> Path:
    path = Path(window.settings.fileName()).with_name("R&D <b>.yaml")  # for File > Open Recent
    path.write_text(text, encoding="utf-8")
    assert window.open_path(path)
    return path


def read(text: str, rich: bool) -> str:
    """What a reader sees of ``text``: itself, or its rendering when Qt takes it as rich text."""
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def literal(shown: str, mark: str) -> bool:
    """Every piece of the file's markup in ``shown`` reads as typed."""
    return shown.count(TELL) == shown.count(mark)


def tooltip_read(tip: str) -> str:
    return read(tip, GuiQt.mightBeRichText(tip))


def label_rich(label: QLabel) -> bool:
    """Qt renders the label's text as rich text (a plain one shows as written, even when cut)."""
    shape = label.textFormat()
    if shape == Qt.TextFormat.AutoText:
        return GuiQt.mightBeRichText(label.text())
    return shape != Qt.TextFormat.PlainText


def tooltips(root: QWidget) -> Iterator[tuple[object, str]]:
    """Every tooltip set under ``root``: its widgets', its actions' (those given one: a menu shows
    no other), its tree and list items' and its scenes' items'."""
    for widget in [root, *root.findChildren(QWidget)]:
        yield widget, widget.toolTip()
        if isinstance(widget, QTreeWidget):
            found = QTreeWidgetItemIterator(widget)
            while found.value():
                item = found.value()
                yield from ((item, item.toolTip(c)) for c in range(widget.columnCount()))
                found += 1
        if isinstance(widget, QListWidget):
            yield from ((widget.item(i), widget.item(i).toolTip()) for i in range(widget.count()))
        if isinstance(widget, QGraphicsView):
            yield from ((item, item.toolTip()) for item in widget.scene().items())
    for action in root.findChildren(QAction):
        if action.toolTip() != QAction(action.text()).toolTip():  # else Qt's, made of the text
            yield action, action.toolTip()


def entry_read(text: str) -> str:
    """What a menu entry shows of ``text``: ``&`` marks the next letter as the keyboard one."""
    return re.sub("&(.)", r"\1", text)


def unread(root: QWidget, mark: str) -> list[str]:
    """The labels, tooltips and menu entries under ``root`` that do not show the file's markup
    as written."""
    bad = [
        f"label {label.text()!r}"
        for label in root.findChildren(QLabel)
        if label_rich(label) and not literal(read(label.text(), rich=True), mark)
    ]
    bad += [
        f"tooltip of {owner}: {tip!r}"
        for owner, tip in tooltips(root)
        if not literal(tooltip_read(tip), mark)
    ]
    bad += [
        f"menu entry {action.text()!r}"
        for action in root.findChildren(QAction)
        if not literal(entry_read(action.text()), mark)
    ]
    return bad


def everything_shown(window: MainWindow) -> list[str]:
    """Every step selected, every card clicked (the inspector, the card's menu), the Game menu
    filled and the branches compared: what the window can show of the file is built. Returns
    what the inspector read each time."""
    session, inspected = window.session, []
    for index in range(session.last + 1):
        session.select(index)
        for uid in list(window.scene.items_by_uid):
            window.card_clicked(uid)
            assert window.last_menu is not None
            window.last_menu.close()
            inspected.append(window.inspector.toPlainText())
    window.game_menu.aboutToShow.emit()
    window.compare_branches()
    return inspected


@pytest.mark.parametrize("scenario", [might_file, souls_file])
def test_the_window_shows_the_files_markup_as_text(
    window: MainWindow, mark: str, scenario: Callable[[str], str]
) -> None:
    path = open_file(window, scenario(mark))
    inspected = everything_shown(window)
    assert [entry_read(a.text()) for a in window.files.recent_menu.actions()] == [
        str(path.resolve())
    ]
    assert all(literal(text, mark) for text in inspected) and mark in inspected[0]
    assert unread(window, mark) == []
    for item in window.scene.items_by_uid.values():  # a card's tooltip reads as its look's text
        assert tooltip_read(item.toolTip()) == item.tooltip_text()  # and the step's changes
        assert item.tooltip_text().startswith(item.look.tooltip)


def test_an_examples_menu_shows_a_topic_title_and_description_as_text(
    tmp_path: Path, mark: str, qtbot
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "examples" / "might"
    folder.mkdir(parents=True)
    (folder / "marked.yaml").write_text(might_file(mark), encoding="utf-8")
    menu = ExamplesMenu(lambda path: None, {"might": folder}, by_topic=True)
    qtbot.addWidget(menu)
    submenu = menu.actions()[0].menu()
    submenu.aboutToShow.emit()
    (topic,) = submenu.actions()
    (entry,) = topic.menu().actions()
    assert entry_read(topic.text()) == f"Topic {mark}"  # the file's topic, as written
    assert entry_read(entry.text()) == f"Title {mark}"
    assert tooltip_read(entry.toolTip()) == f"About {mark}"  # the description


def test_a_spell_waiting_on_the_chain_shows_its_names_as_text(
    window: MainWindow, mark: str
) -> None:
    open_file(window, might_file(mark))
    play = {"play": {"card": f"spark {mark}", "target": f"whelp {mark}"}}
    assert window.try_action(MightAction.model_validate(play))
    assert window.session.waiting is not None  # the window bar and the chain panel show it
    assert window.view.chain.entries and mark in tooltip_read(window.window_bar.prompt.toolTip())
    assert unread(window, mark) == []


def test_a_lessons_notes_question_and_choices_show_as_text(window: MainWindow, mark: str) -> None:
    open_file(window, lesson_file(mark))
    panel = window.lesson
    panel.predict.setChecked(True)
    window.session.select(0)
    assert panel.note.text() == f"Note {mark}"
    window.session.select(window.session.last)  # held before the labelled action, and asked
    assert panel.asking and panel.question.text() == f"Predict: Question {mark}"
    assert [button.label.text() for button in panel.choices] == [f"Yes {mark}", f"No {mark}"]
    assert unread(panel, mark) == []
    panel.choices[0].click()
    assert (panel.note.text(), panel.verdict.text()) == (f"Tired {mark}", f"Right. Why {mark}")
    assert unread(panel, mark) == []


def test_a_lessons_page_shows_its_notes_as_text(tmp_path: Path, mark: str) -> None:
    path, page = tmp_path / "lesson.yaml", tmp_path / "lesson.html"
    path.write_text(lesson_file(mark), encoding="utf-8")
    assert main(["export", str(path), "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert f"<b>Note:</b> {escape(f'Note {mark}')}</aside>" in html
    assert mark not in html  # nor anywhere else: every text of the file is escaped


def shown_dialogs(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> list[QDialog]:
    """Each choice dialog shown is kept; it answers with the next of ``answers``: "refused"
    (numbers the engine refuses, so the dialog shows its reason) or "cancel"."""
    shown: list[QDialog] = []

    def fake_exec(dialog: QDialog) -> int:
        shown.append(dialog)
        if answers.pop(0) == "refused" and isinstance(dialog, AssignmentDialog):
            first, second = dialog.order  # more than lethal to the first, the rest to the other
            dialog.spins[first].setValue(dialog.total - 1)
            dialog.spins[second].setValue(1)
            dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        else:
            dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
        return dialog.result()

    for kind in (AssignmentDialog, ReplacementOrderDialog):
        monkeypatch.setattr(kind, "exec", fake_exec)
    return shown


def offer(window: MainWindow, uid: str, text: str) -> QAction:
    window.card_clicked(uid)
    assert window.last_menu is not None
    window.last_menu.close()
    actions = window.last_menu.actions()
    actions += [a for m in actions if m.menu() for a in m.menu().actions()]
    return next(a for a in actions if a.text().startswith(text))


def test_the_choice_dialogs_show_unit_and_effect_ids_as_text(
    window: MainWindow, mark: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_file(window, might_file(mark))
    shown = shown_dialogs(monkeypatch, ["refused", "cancel", "cancel"])
    offer(window, f"sentinel {mark}", "Start combat").trigger()
    offer(window, f"guard {mark}", "Deal 2").trigger()
    assignment, again, order = shown
    assert isinstance(assignment, AssignmentDialog) and assignment is again
    assert isinstance(order, ReplacementOrderDialog)
    assert set(assignment.labels) == {f"whelp {mark}", f"brute {mark}"}
    assert mark in assignment.refusal.text()  # the engine's reason names the units
    assert {order.list.item(i).data(256) for i in range(order.list.count())} == {
        f"ward {mark}",
        f"twice {mark}",
    }
    for dialog in (assignment, order):
        assert unread(dialog, mark) == []


def shown_boxes(monkeypatch: pytest.MonkeyPatch) -> list[QMessageBox]:
    """The message boxes the app builds (the window fixture answers them before they are built:
    here the real ones are), each closed at once. QMessageBox's static functions, which guess
    rich text, fail the test."""
    boxes: list[QMessageBox] = []
    for name, real in SHOWN.items():
        monkeypatch.setattr(message_boxes, name, real)
        guessing = staticmethod(lambda *a: pytest.fail(f"QMessageBox's own box for {a[1:]}"))
        monkeypatch.setattr(QMessageBox, name, guessing)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(box) or 0)
    return boxes


def test_a_refusal_and_a_bad_file_are_reported_as_text(
    window: MainWindow, mark: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_file(window, might_file(mark))
    boxes = shown_boxes(monkeypatch)
    ready = MightAction.model_validate({"ready": {"unit": f"sentinel {mark}"}})
    assert not window.try_action(ready)  # it is ready already
    unknown = quoted(f"Nothing {mark}")
    bad = might_file(mark).replace("card: Iron Sentinel, id:", f"card: {unknown}, id:")
    path = Path(window.settings.fileName()).with_name("bad.yaml")
    path.write_text(bad, encoding="utf-8")
    assert not window.open_path(path)
    assert [box.windowTitle() for box in boxes] == ["Not allowed", "Cannot open the scenario"]
    for box in boxes:
        assert box.textFormat() == Qt.TextFormat.PlainText
        assert mark in box.text()  # the engine's message quotes the file as it is
