"""The set-up editor (issue 37): File > New builds an empty table of any ruleset in set-up mode,
the panel places, moves, edits and deletes cards through the engine's edits, a refused edit
leaves the table as it was and says why, edits undo and redo, and the table saved reopens and
passes ``cardtable check``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QCheckBox, QFileDialog, QSpinBox

from app.cli.commands import main as cardtable
from app.presentation.views import views
from app.widgets.main_window import MainWindow
from app.widgets.new_table import NewTableDialog
from engine.ruleset import rulesets
from engine.setup_edits import entries


@pytest.fixture
def tally(tally_site: Path) -> Iterator[None]:
    """Tally, the example plug-in game, installed (before the window is made)."""
    sys.path.insert(0, str(tally_site))
    rulesets.cache_clear()
    views.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tally_site))
        rulesets.cache_clear()
        views.cache_clear()


def new_table(window: MainWindow, name: str, title: str = "") -> None:
    """File > New, answered: ``name``, Alice and Bob (and ``title``, if given)."""
    dialog = window.new_table()
    assert dialog is not None and dialog.isVisible()
    dialog.ruleset.setCurrentText(name)
    if title:
        dialog.title.setText(title)
    dialog._build()
    assert not dialog.isVisible()
    assert window.session.setting_up and window.setup_dock.isVisibleTo(window)
    assert window.view.strip.phase.text().startswith("Set-up: not yet played")


def choose(window: MainWindow, card: str) -> None:
    panel = window.setup_panel
    panel.search.setText(card.lower())
    item = next(
        panel.pool.item(row)
        for row in range(panel.pool.count())
        if panel.pool.item(row).data(256) == card
    )
    assert not item.isHidden()
    panel.pool.setCurrentItem(item)
    assert card in panel.preview.text()


def place(window: MainWindow, card: str, where: str) -> None:
    choose(window, card)
    window.setup_panel.place.setCurrentText(where)
    assert window.drop_card(None)  # dropped on the table's background: the place chosen


def setting(window: MainWindow, label: str) -> Any:
    """The card form's editor of the setting ``label``."""
    return labelled(window.setup_panel._card_form, label)


def table_setting(window: MainWindow, label: str) -> Any:
    """The table form's editor of the setting ``label``."""
    return labelled(window.setup_panel._table_form, label)


def labelled(widget: Any, label: str) -> Any:
    """The editor of the row labelled ``label`` of the form ``widget``."""
    form = widget.layout()
    for row in range(form.rowCount()):
        name = form.itemAt(row, form.ItemRole.LabelRole)
        field = form.itemAt(row, form.ItemRole.FieldRole)
        if name is not None and name.widget().text() == f"{label}:":
            return field.widget()
    raise AssertionError(f"no setting {label}")


def save_reopen_check(window: MainWindow, monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    assert window.files.save()
    assert not window.session.dirty
    assert window.open_path(path)
    assert cardtable(["check", "--strict", str(path)]) == 0


def refused(window: MainWindow, why: str) -> None:
    assert why in window.setup_panel.error.text()
    assert window.statusBar().currentMessage().startswith("Not allowed: ")


def test_a_souls_table_from_nothing_to_a_checked_file(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    new_table(window, "souls")
    place(window, "Thorn Squire", "Alice: slot A1")
    place(window, "Ember Imp", "Bob: slot A1")
    choose(window, "Old Keep")
    window.setup_panel.place.setCurrentText("Bob: Realm")
    assert window.setup_panel.add()
    assert sorted(window.scene.items_by_uid) == ["ember-imp", "old-keep", "thorn-squire"]
    window.card_clicked("thorn-squire")  # in set-up mode a click edits the card
    assert window.setup_panel.selected == "thorn-squire"
    assert [a.text() for a in window.last_menu.actions()] == ["&Move to", "&Delete"]
    setting(window, "Damage").setValue(5)
    assert window.session.table.hp("thorn-squire") == 15
    draft = window.session.draft
    setting(window, "Damage").setValue(7)  # refused: S-5
    refused(window, "a multiple of 5")
    assert window.session.draft is draft and setting(window, "Damage").value() == 5
    setting(window, "Damage").setValue(20)  # refused: it would be captured at once
    refused(window, "would be captured at the first check")
    assert window.setup_panel.move("Alice: hand") is False  # damage in a hand: refused
    refused(window, "a card in hand has no damage")
    choose(window, "Firebolt")
    assert window.drop_card("ember-imp") is False  # a spell on Bob's slot A1: taken already
    refused(window, "holds Ember Imp already")
    assert window.session.draft is draft
    window.undo()
    assert window.session.table.hp("thorn-squire") == 20
    window.redo()
    assert window.session.table.hp("thorn-squire") == 15
    window.card_clicked("ember-imp")
    assert window.setup_panel.move("Bob: slot B2")
    window.card_clicked("old-keep")
    window.setup_panel.delete()
    assert "old-keep" not in window.scene.items_by_uid
    save_reopen_check(window, monkeypatch, tmp_path / "souls.yaml")
    text = (tmp_path / "souls.yaml").read_text()
    assert "B2: {card: Ember Imp}" in text and "damage: 5" in text and "\nrules:" not in text


def test_a_might_table_from_nothing_to_a_checked_file(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    new_table(window, "might")
    place(window, "Iron Sentinel", "Battlefield 1: Alice's side")
    choose(window, "Stone Whelp")
    assert window.drop_card("iron-sentinel")  # dropped on a card: at its place
    assert [(e.uid, e.place.name) for e in entries(window.session.draft)][-1] == (
        "stone-whelp",
        "Battlefield 1: Alice's side",
    )
    place(window, "Spark", "Bob: hand")
    window.card_clicked("iron-sentinel")
    setting(window, "Damage").setValue(2)
    exhausted = setting(window, "Exhausted")
    assert isinstance(exhausted, QCheckBox)
    exhausted.setChecked(True)
    setting(window, "Damage").setValue(9)  # lethal at set-up: refused (P-6, M-8)
    refused(window, "lethal damage")
    assert window.session.table.cards["iron-sentinel"].damage == 2
    runes = window.setup_panel._table_form.findChildren(QSpinBox)[-1]  # Bob's runes
    runes.setValue(3)
    runes.setValue(-1)
    refused(window, "0 or more")
    assert window.session.draft["setup"]["players"][1]["runes"] == 3
    assert window.game_menu.isEnabled()
    window.start_here()
    assert not window.session.setting_up and not window.setup_dock.isVisibleTo(window)
    window.card_clicked("spark")  # play is offered once the set-up is done
    assert any(a.text().startswith("Play") for a in window.last_menu.actions())
    save_reopen_check(window, monkeypatch, tmp_path / "might.yaml")


def test_the_example_plug_in_game_is_built_through_the_same_hooks(
    tally: None, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QSettings

    from app.widgets import message_boxes

    for name in ("critical", "warning", "information"):
        monkeypatch.setattr(message_boxes, name, lambda *a, **k: None)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    new_table(window, "tally")
    place(window, "Apples", "Alice: counters")
    window.card_clicked("apples")
    setting(window, "Count").setValue(4)
    setting(window, "Count").setValue(-2)
    refused(window, "setup.players[0].counters.Apples")
    save_reopen_check(window, monkeypatch, tmp_path / "tally.yaml")
    assert "Apples: 4" in (tmp_path / "tally.yaml").read_text()


def test_new_players_the_engine_refuses_keep_the_dialog_open(
    window: MainWindow, qtbot: Any
) -> None:
    built: list[str] = []
    dialog = NewTableDialog(lambda name, players, title: built.append(name), window)
    qtbot.addWidget(dialog)
    dialog = NewTableDialog(window.session.new_table, window)
    dialog.players[1].setText("Alice")
    dialog._build()
    assert not dialog.result() and "Alice" in dialog.error.text()
    assert window.session.scenario is None  # nothing was opened
    assert sorted(dialog.ruleset.itemText(i) for i in range(dialog.ruleset.count())) == sorted(
        rulesets()
    )
