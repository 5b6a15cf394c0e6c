"""The card designer's form (engine/card_forms.py): read from each ruleset's card model, the
problems of a card at their keys in the file's words, and a card put in the turn player's
hand under an id of its own."""

from __future__ import annotations

import pytest

from engine.card_forms import Choice, ListOf, ModelOf, Word, card_form, card_in_hand
from engine.frozen import Frozen
from engine.ruleset import ruleset


@pytest.mark.parametrize("name", ["might", "souls"])
def test_every_key_of_every_model_is_in_the_form_with_its_meaning(name: str) -> None:
    form = card_form(name)
    card = form.models[form.root]
    assert [key.key for key in card.keys] == list(form.model.model_fields)
    assert all(key.meaning for model in form.models.values() for key in model.keys)
    abilities = card.key("abilities")
    assert abilities is not None and isinstance(abilities.kind, ListOf)
    assert isinstance(abilities.kind.item, ModelOf)


def test_effects_are_picked_by_their_do_word_and_a_target_by_its_form() -> None:
    form = card_form("might")
    effects = form.models[form.root].key("effects")
    assert effects is not None and isinstance(effects.kind, ListOf)
    choice = effects.kind.item
    assert isinstance(choice, Choice) and choice.tag == "do"
    words = [option.label for option in choice.options]
    assert {"damage", "ready", "exhaust"} <= set(words)  # one model, two words: both offered
    assert choice.option_for({"do": "exhaust"}) == words.index("exhaust")
    damage = form.models["Damage"].key("target")
    assert damage is not None and isinstance(damage.kind, Choice)
    word = damage.kind.options[0].kind
    assert isinstance(word, Word) and "target_1" in word.free and "self" in word.words
    assert damage.kind.option_for({"every": "enemy_units"}) == 1


def test_a_cards_problems_are_at_their_keys_in_the_files_words() -> None:
    form = card_form("might")
    card = {
        "name": "Spark",
        "kind": "spel",
        "effects": [{"do": "damage", "amount": 2, "taget": "self"}],
    }
    assert form.problems(card) == [
        (
            ("effects", 0, "taget"),
            "unknown key 'taget' (did you mean 'target'?); the keys here: do, only_if, unless, "
            "target, amount, unpreventable",
        ),
        (
            ("kind",),
            "'spel' is not valid here (did you mean 'spell'?); valid here: unit, spell, gear",
        ),
    ]
    assert form.problems([]) == [((), "a card is a mapping of keys (name: ..., kind: ...)")]


def test_a_card_in_hand_is_defined_once_under_an_id_of_its_own() -> None:
    scenario = ruleset("might").scenario
    data = {
        "cards": [{"name": "Spark", "kind": "spell"}],
        "setup": {
            "turn_player": 1,
            "players": [{"name": "A"}, {"name": "B", "hand": [{"card": "Spark"}]}],
        },
    }
    keys = card_in_hand(scenario, data, {"name": "Spark", "kind": "spell", "cost": 1})
    assert keys["cards"] == [{"name": "Spark", "kind": "spell", "cost": 1}]  # replaced
    assert keys["setup"]["players"][1]["hand"] == [
        {"card": "Spark"},
        {"card": "Spark", "id": "spark-2"},
    ]
    assert "hand" not in keys["setup"]["players"][0]


class Tallies(Frozen):
    turn: int = 1


class TallyScenario(Frozen):
    """A set-up of counters, as the suite's third game writes one: no players' hands."""

    setup: Tallies


def test_a_set_up_without_a_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="no hand"):
        card_in_hand(TallyScenario, {}, {"name": "X"})


def _choices(kind: object) -> list[Choice]:
    """Every choice of forms inside ``kind``: its own, a list's item's."""
    if isinstance(kind, ListOf):
        return _choices(kind.item)
    return [kind] if isinstance(kind, Choice) else []


@pytest.mark.parametrize("name", ["might", "souls"])
def test_a_form_is_offered_in_the_files_words_never_by_its_models_name(name: str) -> None:
    """A designer picks ``mapping``, ``list``, ``word`` or a tag's word (``damage``), as errors
    say them (engine/file_kinds.py), not ``TargetSpec``."""
    form = card_form(name)
    labels = {
        option.label
        for model in form.models.values()
        for key in model.keys
        for choice in _choices(key.kind)
        for option in choice.options
    }
    assert labels and not labels & set(form.models)
