"""The Proof of issue 37, one test per game: the editor driven from nothing to a saved file.
File > New, cards placed with the set-up panel, numbers edited, a card designed with a trigger
and a target and added to a hand, Start here, three actions played, two expectations added with
Expect this, saved, reopened, ``cardtable check`` passing on the file, and the file's text equal
to one written by hand (tests/app/built_*.yaml). Tally, the example plug-in game, has no card
language: its table is built the same way without the designer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QSettings

from app.widgets import message_boxes
from app.widgets.card_designer import CardDesigner
from app.widgets.card_fields import ChoiceField, KeysField, ListField, WordField
from app.widgets.main_window import MainWindow
from engine.choices import default_chooser
from engine.ruleset import ruleset
from tests.app.test_authoring import button, item
from tests.app.test_card_designer import design_might_card, typed
from tests.app.test_setup_editor import (
    new_table,
    place,
    save_reopen_check,
    setting,
    table_setting,
    tally,  # noqa: F401  (the fixture installing it)
)

HERE = Path(__file__).parent


def designed(window: MainWindow) -> CardDesigner:
    """Edit > Design a card…, opened from set-up mode."""
    designer = window.design_card()
    assert designer is not None and designer.add_button.text() == "Add to set-up at"
    return designer


def added_to_hand(window: MainWindow, designer: CardDesigner, hand: str) -> None:
    """Add: a set-up edit, the card defined in the set-up's cards and put in ``hand``."""
    assert designer.problems.item(0).text() == "No problems: check finds none in this card"
    assert designer.place.currentText() == hand  # the turn player's
    assert designer.add_to_hand()
    designer.close()
    draft = window.session.draft
    assert window.session.setting_up and draft is not None  # play has not begun
    assert [card["name"] for card in draft["cards"]] == [designer.card()["name"]]


def start_here(window: MainWindow) -> None:
    window.setup_panel.start_button.click()
    assert not window.session.setting_up


def play(window: MainWindow, *actions: Any) -> None:
    """Play each action (a verb's data) through the window; what waits is passed."""
    for action in actions:
        assert window.session.scenario is not None
        parsed = ruleset(window.session.scenario.ruleset).action.model_validate(action)
        assert window.try_action(parsed)
        while window.session.waiting is not None:
            window.window_bar.proceed()


def expect_two(window: MainWindow, card: str, step: int) -> None:
    """Expect this on ``card``'s menu at ``step``, then on the last step's row of the timeline."""
    window.session.select(step)
    window.card_clicked(card)
    item(window.last_menu, "Expect this").trigger()
    timeline = window.timeline
    row = timeline.tree.visualItemRect(timeline.rows[window.session.last]).center()
    timeline._row_menu(QPoint(row))
    item(timeline.last_menu, "Expect this").trigger()
    assert len(window.session.authored.expect) == 2


def rules_shown(window: MainWindow, rules: str) -> None:
    """A file with expectations is a test: the lesson writer names the rules it shows."""
    window.write_lesson()
    window.lesson.writer.rules.setText(rules)
    button(window, "Set rules").click()
    assert ", ".join(window.session.authored.rules) == rules


def saved_as_written(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    """Saved, reopened, checked; the text is the hand-written reference's."""
    path = tmp_path / f"{name}.yaml"
    save_reopen_check(window, monkeypatch, path)
    written = (HERE / f"{name}.yaml").read_text(encoding="utf-8")
    assert path.read_text(encoding="utf-8") == written


def test_a_might_table_built_from_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    new_table(window, "might", "Cinder Warden strikes as it is played")
    place(window, "Iron Sentinel", "Battlefield 1: Bob's side")
    place(window, "Spark", "Alice: hand")
    window.card_clicked("iron-sentinel")
    setting(window, "Damage").setValue(1)
    designer = designed(window)
    design_might_card(designer)  # a unit whose "when played" damages a chosen enemy unit
    typed(designer.root.find(("name",)), "Cinder Warden")
    typed(designer.root.add("cost"), "1")
    effect = designer.root.find(("abilities", 0, "effects", 0))
    assert isinstance(effect, KeysField)
    amount = effect.add("amount")
    assert isinstance(amount, ChoiceField)
    typed(amount.current, "2")
    assert designer.yaml.toPlainText() == (  # the keys in the form's order, cost after kind
        "name: Cinder Warden\nkind: unit\ncost: 1\nmight: 2\nabilities:\n- when: played\n"
        "  target: {side: enemy}\n  effects:\n  - {do: damage, amount: 2}\n"
    )
    added_to_hand(window, designer, "Alice: hand")
    table_setting(window, "Alice's runes").setValue(1)  # the set-up edited on: it stays
    start_here(window)
    window.session.chooser = default_chooser  # a question would wait offscreen: none is asked
    play(
        window,
        {"play": {"card": "cinder-warden"}},
        {"play": {"card": "spark", "target": "iron-sentinel"}},
        {"end_turn": {}},
    )
    said = [step.description for step in window.session.steps]
    assert "iron-sentinel takes 2 damage (2); marked 1 -> 3" in said  # the trigger, on its target
    expect_two(window, "cinder-warden", 2)
    rules_shown(window, "P-33, P-41")
    saved_as_written(window, monkeypatch, tmp_path, "built_might")


def design_souls_card(designer: CardDesigner) -> None:
    """A Soul whose "when attacks" trigger deals 5 damage to the card it attacks (``source``):
    a souls trigger never chooses its target (a chosen one is for activated and sprung
    abilities); it aims at an automatic one."""
    root = designer.root
    typed(root.find(("name",)), "Cinder Hound")
    kind = root.find(("kind",))
    assert isinstance(kind, WordField)
    kind.box.setCurrentText("soul")
    for key, value in (("rank", "1"), ("hp", "15"), ("power", "5")):
        typed(root.add(key), value)
    abilities = root.add("abilities")
    assert isinstance(abilities, ListField)
    ability = abilities.add({})
    assert isinstance(ability, KeysField)
    when = ability.add("when")  # "activated" when left out
    assert isinstance(when, WordField)
    when.box.setCurrentText("attacks")
    effects = ability.add("effects")
    assert isinstance(effects, ListField)
    next(a for a in effects.add_button.menu().actions() if a.text() == "damage").trigger()
    effect = ability.find(("effects", 0))
    assert isinstance(effect, KeysField)
    typed(effect.find(("amount",)), "5")  # required: its row is there, a number at first
    target = effect.add("target")
    assert isinstance(target, ChoiceField) and isinstance(target.current, WordField)
    target.current.box.setCurrentText("source")


def test_a_souls_table_built_from_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    new_table(window, "souls", "Cinder Hound bites as it attacks")
    place(window, "Old Keep", "Alice: Realm")
    place(window, "Thorn Squire", "Alice: slot A1")
    place(window, "Ember Citadel", "Bob: Realm")
    place(window, "Ember Imp", "Bob: slot A1")
    designer = designed(window)
    design_souls_card(designer)
    added_to_hand(window, designer, "Alice: hand")
    window.card_clicked("thorn-squire")  # the set-up edited on: the card added stays
    setting(window, "Damage").setValue(5)
    start_here(window)
    play(
        window,
        {"recruit": {"card": "cinder-hound", "slot": "B1"}},
        {"attack": {"attacker": "cinder-hound", "target": "ember-imp"}},
        {"end_turn": {}},
    )
    said = [step.description for step in window.session.steps]
    assert said[3:5] == [
        "cinder-hound triggers: when attacks",
        "ember-imp takes 5 damage (HP 10 -> 5)",
    ]
    expect_two(window, "ember-imp", 5)
    rules_shown(window, "P-52")
    saved_as_written(window, monkeypatch, tmp_path, "built_souls")


@pytest.fixture
def tally_window(
    request: pytest.FixtureRequest, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> MainWindow:
    """The main window, made once tally is installed."""
    request.getfixturevalue("tally")
    for name in ("critical", "warning", "information"):
        monkeypatch.setattr(message_boxes, name, lambda *a, **k: None)
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_tally_table_built_from_nothing_without_a_designer(
    tally_window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    window = tally_window
    new_table(window, "tally", "Apples, then pears")
    place(window, "Apples", "Alice: counters")
    place(window, "Pears", "Bob: counters")
    window.card_clicked("apples")
    setting(window, "Count").setValue(2)
    assert window.design_card() is None  # tally scenarios define no cards: said in a box
    start_here(window)
    play(
        window,
        {"add": {"card": "apples", "amount": 3}},
        {"end_turn": {}},
        {"add": {"card": "pears", "amount": 4}},
    )
    expect_two(window, "apples", 1)
    rules_shown(window, "T-2, T-4")
    saved_as_written(window, monkeypatch, tmp_path, "built_tally")
