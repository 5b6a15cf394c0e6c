"""The card designer (Edit > Design a card…): a card designed in the form from an empty one,
its YAML kept in step both ways, its problems on the field that is wrong, Add to hand and
playing it, Save to card file; for might and for souls."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

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
