"""The set-up editor (issue 37): File > New builds an empty table of any ruleset in set-up mode,
the panel places, moves, edits and deletes cards through the engine's edits, a refused edit
leaves the table as it was and says why, edits undo and redo, and the table saved reopens and
passes ``cardtable check``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtWidgets import QCheckBox, QFileDialog, QLabel, QSpinBox

from app.cli.commands import main as cardtable
from app.presentation.views import views
from app.widgets.main_window import MainWindow
from app.widgets.new_table import NewTableDialog
from app.widgets.setup_panel import NUMBERS
from engine.ruleset import ruleset, rulesets
from engine.setup_edits import add_card, entries, entry


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
    assert window.setup_panel.add()  # at the place chosen (drops: test_setup_drag_and_drop)


def setting(window: MainWindow, label: str, table: bool = False) -> Any:
    """The card form's editor of the setting ``label`` (the table form's, with ``table``)."""
    panel = window.setup_panel
    return labelled(panel._table_form if table else panel._card_form, label)


def table_setting(window: MainWindow, label: str) -> Any:
    """The table form's editor of the setting ``label``."""
    return setting(window, label, table=True)


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
    assert window.setup_panel.move_selected("Alice: hand") is False  # damage in a hand: refused
    refused(window, "a card in hand has no damage")
    choose(window, "Firebolt")
    window.setup_panel.place.setCurrentText("Bob: slot A1")
    assert window.setup_panel.add() is False  # a spell on Bob's slot A1: taken already
    refused(window, "holds Ember Imp already")
    assert window.session.draft is draft
    window.undo()
    assert window.session.table.hp("thorn-squire") == 20
    window.redo()
    assert window.session.table.hp("thorn-squire") == 15
    window.card_clicked("ember-imp")
    assert window.setup_panel.move_selected("Bob: slot B2")
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
    place(window, "Stone Whelp", "Battlefield 1: Alice's side")
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
    runes = setting(window, "Bob's runes", table=True)
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


def facts(window: MainWindow) -> str:
    """What the panel says the selected card's numbers come to."""
    numbers = window.setup_panel._card_form.findChild(QLabel, NUMBERS)
    return numbers.text().removeprefix("On the table: ")


def test_the_panel_sets_a_soul_s_every_number_and_shows_what_they_come_to(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    new_table(window, "souls")
    place(window, "Thorn Squire", "Alice: slot A1")
    window.card_clicked("thorn-squire")
    assert facts(window) == "HP 20, max HP 20, power 10"
    assert "HP = max HP - damage" in setting(window, "Damage").toolTip()
    setting(window, "Max HP bonus").setValue(10)
    setting(window, "Damage").setValue(5)
    setting(window, "Power bonus").setValue(-5)
    assert facts(window) == "HP 25, max HP 30, power 5"
    setting(window, "Attacked this turn").setChecked(True)
    place(window, "Iron Mail", "Alice: Armament on A1")  # +10 max HP
    window.card_clicked("thorn-squire")
    assert facts(window) == "HP 35, max HP 40, power 5"
    owner = setting(window, "Owner")
    assert [owner.itemText(i) for i in range(owner.count())] == ["Alice", "Bob"]
    assert owner.currentText() == "Alice"
    owner.setCurrentIndex(1)
    owner.activated.emit(1)  # Bob's: to his slot A1, with its Armament
    assert [(e.uid, e.place.name) for e in entries(window.session.draft)] == [
        ("thorn-squire", "Bob: slot A1"),
        ("iron-mail", "Bob: Armament on A1"),
    ]
    assert window.session.table.cards["thorn-squire"].owner == 1
    assert setting(window, "Owner").currentText() == "Bob"
    places = window.setup_panel.place
    names = [places.itemText(i) for i in range(places.count())]
    gap = names.index("Bob: Realm") - 1  # a line between Alice's places and Bob's
    assert names[gap] == "" and names[gap - 1] == "Alice: deck"
    save_reopen_check(window, monkeypatch, tmp_path / "souls.yaml")
    bob = yaml.safe_load((tmp_path / "souls.yaml").read_text())["setup"]["players"][1]
    assert bob["slots"]["A1"] == {
        "card": "Thorn Squire",
        "bonuses": [{"stat": "max_hp", "amount": 10}, {"stat": "power", "amount": -5}],
        "damage": 5,
        "attacked": True,
        "armament": [{"card": "Iron Mail"}],
    }


def test_the_panel_sets_a_might_unit_s_every_number_and_the_players_scores(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    new_table(window, "might")
    place(window, "Iron Sentinel", "Battlefield 1: Alice's side")
    window.card_clicked("iron-sentinel")
    assert facts(window) == "Might 4"
    setting(window, "Might modifier").setValue(2)
    setting(window, "Shield").setValue(3)
    setting(window, "Damage").setValue(5)  # lethal at Might 4, not at 6
    for flag in ("Exhausted", "Stunned", "Can't be dealt damage"):
        setting(window, flag).setChecked(True)
    assert facts(window) == "Might 6"
    unit = window.session.table.cards["iron-sentinel"]
    assert (unit.damage, unit.exhausted) == (5, True)
    setting(window, "Alice's score", table=True).setValue(2)
    assert window.session.table.players[0].score == 2
    place(window, "Spark", "Alice: deck")
    save_reopen_check(window, monkeypatch, tmp_path / "might.yaml")
    alice = yaml.safe_load((tmp_path / "might.yaml").read_text())["setup"]["players"][0]
    assert alice["units"][0]["might"] == [{"amount": 2}]  # this turn: the default, left out
    assert alice["units"][0]["shields"] == [{"value": 3}]
    assert (alice["score"], alice["deck"]) == (2, [{"card": "Spark"}])


def souls_table(window: MainWindow) -> None:
    """Alice's Thorn Squire on A1 (selected) and her Old Keep; Bob's Ember Imp on A1."""
    new_table(window, "souls")
    place(window, "Thorn Squire", "Alice: slot A1")
    place(window, "Old Keep", "Alice: Realm")
    place(window, "Ember Imp", "Bob: slot A1")
    window.card_clicked("thorn-squire")


def might_table(window: MainWindow) -> None:
    """Alice's Iron Sentinel (Might 4, selected) at Battlefield 1, her Banner (a gear) and a
    Spark in her hand."""
    new_table(window, "might")
    gear = {"name": "Banner", "kind": "gear", "text": "A gear."}
    window.session.edit_setup(lambda draft: {**draft, "cards": [gear]})
    window.session.edit_setup(lambda draft: add_card(draft, "Alice: gear", "Banner"))
    place(window, "Iron Sentinel", "Battlefield 1: Alice's side")
    place(window, "Spark", "Alice: hand")
    window.card_clicked("iron-sentinel")


def put(window: MainWindow, card: str, where: str) -> None:
    """Add ``card`` at ``where`` (refused)."""
    choose(window, card)
    window.setup_panel.place.setCurrentText(where)
    assert window.setup_panel.add() is False


def moved(window: MainWindow, uid: str, where: str) -> None:
    window.card_clicked(uid)
    assert window.setup_panel.move_selected(where) is False


def value(label: str, amount: int, table: bool = False) -> Callable[[MainWindow], None]:
    return lambda window: setting(window, label, table).setValue(amount)


def check(label: str) -> Callable[[MainWindow], None]:
    return lambda window: setting(window, label).setChecked(True)


def select(uid: str) -> Callable[[MainWindow], None]:
    return lambda window: window.card_clicked(uid)


# Each kind of edit the rules refuse, made in the panel: the table, an edit allowed first (or
# None), the refused edit, why, and the rule the refusal names (None: a bound of the file's
# shape, which no rule says).
Edit = Callable[[MainWindow], None]
PANEL_REFUSALS: list[tuple[Edit, Edit | None, Edit, str, str | None]] = [
    (souls_table, None, value("Damage", 7), "a multiple of 5", "S-5"),
    (souls_table, None, value("Max HP bonus", 7), "a bonus is a multiple of 5", "S-5"),
    (souls_table, None, value("Damage", 20), "captured at the first check", "S-12"),
    (souls_table, select("old-keep"), check("Captured"), "cannot start shattered", "S-17"),
    (
        souls_table,
        value("Power bonus", 5),
        check("Captured"),
        "a captured Soul keeps no Armament or bonuses",
        "S-14",
    ),
    (souls_table, None, lambda w: put(w, "Firebolt", "Alice: slot B1"), "not a Soul", "S-5"),
    (souls_table, None, lambda w: put(w, "Ember Imp", "Alice: slot A1"), "holds Thorn", "S-3"),
    (
        souls_table,
        None,
        lambda w: put(w, "Ember Imp", "Alice: Armament on A1"),
        "is a Soul, not an Armament",
        "S-5",
    ),
    (
        souls_table,
        value("Damage", 5),
        lambda w: moved(w, "thorn-squire", "Alice: hand"),
        "a card in hand has no damage",
        "P-6",
    ),
    (souls_table, None, value("Turn", 0, table=True), "1 or more", None),
    (might_table, None, value("Damage", 4), "starts with lethal damage", "M-8"),
    (might_table, value("Damage", 1), value("Might modifier", -3), "lethal damage", "M-8"),
    (might_table, None, value("Shield", -1), "0 or more", None),
    (
        might_table,
        None,
        lambda w: put(w, "Spark", "Battlefield 1: Alice's side"),
        "a spell, not a unit",
        "M-1",
    ),
    (
        might_table,
        None,
        lambda w: moved(w, "banner", "Battlefield 2: Alice's side"),
        "Banner is gear, not a unit",
        "P-66",
    ),
    (might_table, None, lambda w: moved(w, "spark", "Alice: gear"), "not gear", "P-66"),
    (might_table, None, value("Bob's runes", -1, table=True), "0 or more", None),
    (might_table, None, value("Alice's score", -1, table=True), "0 or more", None),
]


@pytest.mark.parametrize(("make", "first", "edit", "why", "rule"), PANEL_REFUSALS)
def test_each_kind_of_refused_edit_leaves_the_table_and_says_why_in_place(
    window: MainWindow, make: Edit, first: Edit | None, edit: Edit, why: str, rule: str | None
) -> None:
    make(window)
    if first is not None:
        first(window)
        assert not window.setup_panel.error.text()
    draft = window.session.draft
    before = deepcopy(draft)
    edit(window)
    refused(window, why)
    if rule is not None:
        assert rule in window.setup_panel.error.text()
    assert window.session.draft is draft and draft == before
    uid = window.setup_panel.selected
    assert uid is not None
    found = entry(draft, uid)  # the panel shows the card's settings as they stayed
    for each in ruleset(draft["ruleset"]).card_settings(found.place):
        shown = setting(window, each.label)
        kept = shown.value() if isinstance(shown, QSpinBox) else shown.isChecked()
        assert kept == each.value_in(found.data), each.label


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
