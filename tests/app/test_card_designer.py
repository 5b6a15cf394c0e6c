"""The card designer (Edit > Design a card…): a card designed in the form from an empty one,
its YAML kept in step both ways, its problems on the field that is wrong, Add to hand and
playing it, Save to card file; for might and for souls."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from app.files.card_files import cards_folder
from app.widgets import message_boxes
from app.widgets.card_designer import CardDesigner
from app.widgets.card_fields import ChoiceField, KeysField, LineField, ListField, WordField
from engine.assets import SCENARIOS
from engine.card_examples import card_model
from engine.card_forms import read_card
from engine.choices import default_chooser
from engine.pools import forget_pools, read_pool
from engine.ruleset import ruleset
from engine.scenario import game_from_yaml
from engine.yaml_source import YamlSource

MIGHT = SCENARIOS / "might" / "M-1-actions-need-a-unit-on-the-table.yaml"
SOULS = SCENARIOS / "souls" / "14.1.1-damage-sources.yaml"


def opened(window: Any, shipped: Path, tmp_path: Path) -> CardDesigner:
    """A copy of ``shipped`` opened in ``window``, and the designer on a new card."""
    path = tmp_path / shipped.name
    shutil.copy(shipped, path)
    assert window.open_path(path, ask_unsaved=False)
    window.session.chooser = default_chooser  # the ability's target: the engine picks
    designer = window.design_card()
    assert designer is not None
    return designer


def typed(field: Any, text: str) -> None:
    """Type ``text`` into a line field as the user does (the edit signal, not a set)."""
    assert isinstance(field, LineField)
    field.line.setText(text)
    field.line.textEdited.emit(text)


def problems(designer: CardDesigner) -> list[str]:
    return [designer.problems.item(n).text() for n in range(designer.problems.count())]


def design_might_card(designer: CardDesigner) -> None:
    """A unit with a ``when: played`` ability that chooses an enemy unit and damages it."""
    root = designer.root
    typed(root.find(("name",)), "Ember Sentry")
    kind = root.find(("kind",))
    assert isinstance(kind, WordField)
    kind.box.setCurrentText("unit")
    typed(root.add("might"), "2")
    abilities = root.add("abilities")
    assert isinstance(abilities, ListField)
    ability = abilities.add({})
    assert isinstance(ability, KeysField)
    when = ability.find(("when",))
    assert isinstance(when, WordField)
    when.box.setCurrentText("played")
    target = ability.add("target")
    assert isinstance(target, ChoiceField)
    side = target.current
    assert isinstance(side, KeysField)
    side_word = side.add("side")
    assert isinstance(side_word, WordField)
    side_word.box.setCurrentText("enemy")
    effects = ability.add("effects")
    assert isinstance(effects, ListField)
    menu = effects.add_button.menu()
    damage = next(a for a in menu.actions() if a.text() == "damage")
    damage.trigger()


def test_a_might_card_with_a_trigger_and_a_target_designed_added_and_played(
    window: Any, tmp_path: Path
) -> None:
    designer = opened(window, MIGHT, tmp_path)
    assert problems(designer)[0] == "name: the key 'name' is required here"  # an empty form
    design_might_card(designer)
    amount_place = ("abilities", 0, "effects", 0, "amount")
    assert problems(designer) == [
        "abilities[0].effects[0].amount: the key 'amount' is required here"
    ]
    effect = designer.root.find(("abilities", 0, "effects", 0))
    assert isinstance(effect, KeysField)
    row = effect.rows["amount"]  # a required key: shown, and said on its field
    assert row.error.text() == "the key 'amount' is required here"
    assert not designer.add_button.isEnabled()
    amount = row.editor
    assert isinstance(amount, ChoiceField)
    typed(amount.current, "two")  # broken: the error is on the field
    said = problems(designer)
    assert len(said) == 1 and said[0].startswith(
        "abilities[0].effects[0].amount: 'two' is not valid here; valid here: a whole number"
    )
    assert not row.error.isHidden() and row.error.text().startswith("'two'")
    assert designer.root.find(amount_place) is amount.current
    assert amount.widget.property("invalid")
    typed(amount.current, "2")  # fixed
    assert problems(designer) == ["No problems: check finds none in this card"]
    assert row.error.isHidden() and not amount.widget.property("invalid")
    assert read_card(designer.yaml.toPlainText()) == {
        "name": "Ember Sentry",
        "kind": "unit",
        "might": 2,
        "abilities": [
            {
                "when": "played",
                "target": {"side": "enemy"},
                "effects": [{"do": "damage", "amount": 2}],
            }
        ],
    }
    assert designer.face.look is not None and designer.face.look.title == "Ember Sentry"
    assert designer.add_button.isEnabled()
    assert designer.add_to_hand()
    session = window.session
    table = session.table
    assert table.cards["ember-sentry"].zone == "hand"
    assert table.cards["ember-sentry"].owner == table.turn_player
    assert session.dirty and session.history  # undo takes it back
    session.select(0)  # where the enemy's unit is still on the table (the script kills it)
    action = ruleset("might").action.model_validate({"play": {"card": "ember-sentry"}})
    assert window.try_action(action)
    said = [step.description for step in session.steps]
    assert said[-1].startswith("ember-sentry triggers: when played (goes on the chain), target")
    session.proceed()  # the chain resolves: its trigger damages the enemy unit
    said = [step.description for step in session.steps]
    assert any(text.startswith("iron-sentinel takes 2 damage") for text in said), said
    for _ in range(3):  # the pass, the play, the card added
        window.undo()
    assert "ember-sentry" not in window.session.table.cards


def test_a_souls_card_with_a_trigger_designed_added_and_recruited(
    window: Any, tmp_path: Path
) -> None:
    designer = opened(window, SOULS, tmp_path)
    designer.yaml.setPlainText(
        "name: Cinder Hound\nkind: soul\nrank: 1\nhp: 15\npower: 5\n"
        "abilities:\n- when: attacks\n  effects:\n"
        "  - {do: damage, amount: 5, target: enemy_realm}\n"
    )
    designer.read_yaml()
    assert problems(designer) == ["No problems: check finds none in this card"]
    hp = designer.root.find(("hp",))
    typed(hp, "lots")
    assert problems(designer)[0].startswith("hp: 'lots' is not valid here")
    typed(hp, "15")
    assert designer.add_to_hand()
    table = window.session.table
    assert table.cards["cinder-hound"].zone == "hand"
    action = ruleset("souls").action.model_validate(
        {"recruit": {"card": "cinder-hound", "slot": "A2"}}
    )
    assert window.try_action(action)
    assert window.session.table.cards["cinder-hound"].zone != "hand"


def test_a_card_already_in_a_designer_raises_that_designer_not_a_second(
    window: Any, tmp_path: Path
) -> None:
    new = opened(window, MIGHT, tmp_path)
    assert window.design_card() is new  # Edit > Design a card… again: the same window
    whelp = window.design_card("stone-whelp")
    assert whelp is not None and whelp is not new
    assert window.design_card("stone-whelp") is whelp
    whelp.close()
    assert window.design_card("stone-whelp") not in (None, whelp)  # closed: a new one


def test_yaml_edited_refills_the_form_and_bad_yaml_leaves_it(window: Any, tmp_path: Path) -> None:
    designer = opened(window, MIGHT, tmp_path)
    designer.yaml.setPlainText(
        "name: Spark\nkind: spell\ntarget: {side: enemy}\neffects:\n- {do: damage, amount: 3}\n"
    )
    designer.read_yaml()
    amount = designer.root.find(("effects", 0, "amount"))
    assert isinstance(amount, LineField) and amount.line.text() == "3"
    form = designer.root
    designer.yaml.setPlainText("name: Spark\nkind: [spell\n")  # does not parse
    designer.read_yaml()
    assert designer.root is form  # the form as it was
    assert not designer.yaml_state.isHidden()
    assert designer.yaml_state.text().startswith("line 3:")  # the line the parser stopped at
    assert not designer.add_button.isEnabled()
    designer.yaml.setPlainText("name: Spark\nkind: spel\n")  # parses; the form shows it
    designer.read_yaml()
    assert designer.root is not form and designer.yaml_state.isHidden()
    assert problems(designer)[0] == (
        "kind: 'spel' is not valid here (did you mean 'spell'?); valid here: unit, spell, gear"
    )


def test_an_unknown_key_is_kept_and_named(window: Any, tmp_path: Path) -> None:
    designer = opened(window, MIGHT, tmp_path)
    designer.yaml.setPlainText("name: Spark\nkind: spell\nefects: []\n")
    designer.read_yaml()
    assert "efects" in designer.root.rows  # kept, as written
    assert problems(designer)[0].startswith("efects: unknown key 'efects' (did you mean 'effects'?")
    typed(designer.root.find(("name",)), "Spark 2")
    assert "efects: []" in designer.yaml.toPlainText()


def test_save_to_card_file_writes_a_card_file_a_scenario_names(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    forget_pools()
    designer = opened(window, MIGHT, tmp_path)
    design_might_card(designer)
    amount = designer.root.find(("abilities", 0, "effects", 0))
    assert isinstance(amount, KeysField)
    added = amount.add("amount")
    assert isinstance(added, ChoiceField)
    typed(added.current, "2")
    path = cards / "my-cards.yaml"
    assert designer.save_to_card_file(path)
    source = YamlSource.read(path)
    model = card_model("might")
    assert model is not None and list(read_pool(source, model)) == ["Ember Sentry"]
    assert source.text.startswith("# Cards made in Cardtable's card designer")
    typed(designer.root.find(("might",)), "3")  # saved again: replaced in place, comment kept
    assert designer.save_to_card_file(path)
    again = YamlSource.read(path)
    assert again.text.startswith("# Cards made") and again.data["cards"][0]["might"] == 3
    game = game_from_yaml(  # a scenario names the file by its stem, as a pool
        "ruleset: might\ntitle: Mine\nrules: [M-1]\npool: my-cards\nsetup:\n  players:\n"
        "    - {name: Alice, hand: [{card: Ember Sentry}]}\n    - {name: Bob}\n"
    )
    assert game.table.cards["ember-sentry"].name == "Ember Sentry"
    forget_pools()


def test_the_cards_folder_is_made_on_first_use_or_offered_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the save dialog starts in the user's cards folder: made when missing, its parents too;
    # one that cannot be made (a file in the way) is still offered, the dialog starts elsewhere
    cards = tmp_path / "data" / "cards"
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    assert cards_folder() == cards and cards.is_dir()
    assert cards_folder() == cards  # there already: as it is
    blocked = tmp_path / "a file" / "cards"
    blocked.parent.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_CARDS", str(blocked))
    assert cards_folder() == blocked and not blocked.exists()


def test_in_set_up_mode_add_is_a_set_up_edit_at_the_place_chosen(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from tests.app.test_setup_editor import new_table

    new_table(window, "might")
    designer = window.design_card()
    assert designer is not None
    designer.yaml.setPlainText("name: Cinder Warden\nkind: unit\nmight: 2\n")
    designer.read_yaml()
    assert designer.add_button.text() == "Add to set-up at" and designer.place.isVisibleTo(designer)
    assert designer.place.currentText() == "Alice: hand"  # the turn player's, at first
    assert designer.face.look is not None and designer.face.look.title == "Cinder Warden"
    assert designer.add_to_hand()
    session = window.session
    assert session.setting_up and session.draft["cards"][0]["name"] == "Cinder Warden"
    assert session.table.cards["cinder-warden"].zone == "hand"
    assert session.draft["setup"]["players"][0]["hand"] == [{"card": "Cinder Warden"}]
    designer.place.setCurrentText("Battlefield 1: Bob's side")
    assert designer.add_to_hand()  # a second copy, on Bob's side of the battlefield
    assert session.table.cards["cinder-warden-2"].owner == 1
    panel = window.setup_panel
    pooled = [panel.pool.item(row).data(256) for row in range(panel.pool.count())]
    assert "Cinder Warden" in pooled  # the panel's pool lists the card the set-up defines
    window.undo()
    window.undo()  # the set-up's undo takes the card back, its definition too
    assert "cinder-warden" not in session.table.cards and "cards" not in session.draft
    designer.place.setCurrentText("Alice: gear")  # a unit among the gear: refused, said
    told: list[str] = []
    monkeypatch.setattr(message_boxes, "warning", lambda *a, **_: told.append(a[2]))
    assert not designer.add_to_hand()
    assert told and "is a unit, not gear" in told[0] and "cards" not in session.draft
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    assert designer.save_to_scenario() is False  # defined, then File > Save: no file chosen
    assert session.draft["cards"][0]["name"] == "Cinder Warden" and session.setting_up
    window.start_here()  # playing: Add puts it in the turn player's hand again
    assert designer.add_button.text() == "Add to hand" and not designer.place.isVisibleTo(designer)


def test_with_no_scenario_open_the_user_picks_a_ruleset_and_add_says_what_to_do(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    asked: list[list[str]] = []

    def pick(*args: Any, **_: Any) -> tuple[str, bool]:
        asked.append(list(args[3]))
        return "souls", True

    monkeypatch.setattr(QInputDialog, "getItem", pick)
    told: list[str] = []
    monkeypatch.setattr(message_boxes, "information", lambda *a, **_: told.append(a[2]))
    designer = window.design_card()
    assert designer is not None and asked == [["might", "souls"]]
    assert designer.windowTitle() == "Design a souls card"
    designer.yaml.setPlainText("name: Cinder Hound\nkind: soul\nrank: 1\nhp: 15\npower: 5\n")
    designer.read_yaml()
    assert designer.face.look is not None  # drawn on an empty souls table
    assert "File > New" in designer.face_note.text()
    assert designer.add_button.isEnabled() and not designer.add_to_hand()
    assert told == [designer.add_button.statusTip()] and "File > New" in told[0]
    cards = tmp_path / "cards"
    cards.mkdir()
    monkeypatch.setenv("CARDTABLE_CARDS", str(cards))
    forget_pools()
    assert designer.save_to_card_file(cards / "hounds.yaml")
    assert YamlSource.read(cards / "hounds.yaml").data["cards"][0]["name"] == "Cinder Hound"
    forget_pools()
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("", False))
    assert window.design_card() is None  # cancelled: no designer
