"""A file's mistakes in plain words (engine/plain_errors.py, engine/yaml_source.py): the
unknown key first and on its own line, "did you mean", and the values valid there."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated, Literal, get_args

import pytest
from pydantic import Discriminator, Tag, ValidationError

from engine.errors import ScenarioError
from engine.frozen import Frozen
from engine.might.card_effects import EFFECTS
from engine.names import Name
from engine.plain_errors import first_problem, place_in_file, plain, separate_problems
from engine.scenario import validate_scenario
from engine.yaml_source import YamlSource

SPELL = """\
ruleset: might
title: t
rules: [M1]
cards:
  - name: Zap
    kind: spell
    target: {side: any}
    effects:
      - EFFECT
setup:
  players:
    - {name: Alice}
    - {name: Bob}
"""


def refusal(text: str) -> str:
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(YamlSource(Path("f.yaml"), text))
    return str(raised.value)


def test_a_misspelt_key_is_named_first_with_the_key_it_misspells_and_the_keys_there() -> None:
    """pydantic reports the missing ``amount`` first; the typo is the cause, so it comes first
    and the missing key is not counted as another problem."""
    assert refusal(SPELL.replace("EFFECT", "{do: damage, amout: 2}")) == (
        "f.yaml:9: cards[0].effects[0].amout: unknown key 'amout' (did you mean "
        "'amount'?); the keys here: do, only_if, unless, target, amount, unpreventable"
    )


def test_an_unknown_effect_lists_the_effects() -> None:
    """Every effect's word, in the registry's order (``EFFECTS``)."""
    words = [word for kind in EFFECTS for word in get_args(kind.model_fields["do"].annotation)]
    assert words[:4] == ["damage", "heal", "might", "prevent"]
    assert refusal(SPELL.replace("EFFECT", "{do: damgae, amount: 2}")) == (
        "f.yaml:9: cards[0].effects[0]: do: 'damgae' is unknown (did you mean 'damage'?); "
        f"valid here: {', '.join(words)}"
    )


def test_a_bad_automatic_target_lists_every_target_once() -> None:
    """The targets are two literals (chosen and automatic) and a group: all of them, as one
    problem, and the nearest word."""
    assert refusal(SPELL.replace("EFFECT", "{do: damage, amount: 2, target: all_enemies}")) == (
        "f.yaml:9: cards[0].effects[0].target: 'all_enemies' is not valid here (did "
        "you mean 'all_enemy_units'?); valid here: target, controller, that_unit, target_1, "
        "target_2, ..., self, source, "
        "all_enemy_units, all_own_units, all_units, all_enemy_units_here, a mapping (keys: "
        "state, might_at_most, might_at_least, here, other, every, at)"
    )


def test_an_unknown_key_whose_value_is_a_block_is_reported_on_its_own_line() -> None:
    text = SPELL.replace("cards:", "scirpt:\n  - end_turn\ncards:").replace(
        "EFFECT", "{do: damage, amount: 2}"
    )
    message = refusal(text)
    assert message.startswith("f.yaml:4: scirpt: unknown key 'scirpt' (did you mean 'script'?)")
    assert "(and" not in message


def test_a_key_with_nothing_like_it_gets_no_guess() -> None:
    message = refusal(SPELL.replace("EFFECT", "{do: damage, amount: 2, xyzzy: 1}"))
    keys = "do, only_if, unless, target, amount, unpreventable"
    assert f"unknown key 'xyzzy'; the keys here: {keys}" in message
    assert "did you mean" not in message


def test_a_missing_key_says_which() -> None:
    assert refusal(SPELL.replace("EFFECT", "{do: damage}")) == (
        "f.yaml:9: cards[0].effects[0].amount: the key 'amount' is required here"
    )


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (
            "{sde: any}",
            "f.yaml:7: cards[0].target.sde: unknown key 'sde' (did you mean 'side'?); the keys "
            "here: state, might_at_most, might_at_least, here, other, side, count, "
            "at_least, different, same_place, chooser, total_might_at_most, zone",
        ),
        (
            "[{side: enemy}, {side: owm}]",
            "f.yaml:7: cards[0].target[1].side: 'owm' is not valid here (did you mean 'own'?); "
            "valid here: own, enemy, any",
        ),
    ],
)
def test_a_target_one_or_a_list_is_reported_where_the_file_has_it_once(
    target: str, message: str
) -> None:
    """One spec or a list of them: the mistake is in the form the file wrote, not also as a
    problem of the other form."""
    assert refusal(SPELL.replace("{side: any}", target).replace("EFFECT", "{do: heal}")) == message


@pytest.mark.parametrize(
    ("amount", "given"), [('"7"', "'7'"), ("[7]", "a list"), ("{}", "a mapping")]
)
def test_a_value_that_fits_no_member_of_a_union_is_one_problem(amount: str, given: str) -> None:
    """``amount`` is a number or ``10x_rank``: a quoted number, a list or a mapping is one
    mistake, on one line, said with every form the place takes."""
    text = f"""\
ruleset: souls
title: t
rules: [S-1]
setup:
  players: [{{name: Alice}}, {{name: Bob}}]
script:
  - pay_hp: {{card: x, amount: {amount}}}
"""
    assert refusal(text) == (
        f"f.yaml:7: script[0].pay_hp.amount: {given} is not valid here; "
        "valid here: a whole number (0 or more), 10x_rank"
    )


class _Dice(Frozen):
    """A model of a ruleset's own: a field of numbers, and one of numbers and words."""

    sides: Literal[4, 6, 8] = 6
    face: Literal[1, "wild"] = 1


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"sides": 7}, "7 is not valid here; valid here: 4, 6, 8"),
        (
            {"face": "wilde"},
            "'wilde' is not valid here (did you mean 'wild'?); valid here: 1, wild",
        ),
    ],
)
def test_a_literal_of_numbers_lists_its_values(given: dict[str, object], message: str) -> None:
    """pydantic writes numbers bare ("4, 6 or 8"), strings quoted: both are the values valid
    there (issue 35: a ``Literal[int]`` field's "valid here:" was empty)."""
    with pytest.raises(ValidationError) as raised:
        _Dice.model_validate(given)
    problems = raised.value.errors()
    assert plain(_Dice, first_problem(problems), problems) == message


class _Pay(Frozen):
    runes: int = 0
    exhaust: bool = False


def _cost_form(value: object) -> str:
    return "pay" if isinstance(value, dict) else "number"


class _Later(Frozen):
    """A model of the kind a ruleset may add later: a union told apart by a function, and a
    union with a validator around a member (pydantic names it ``function-after[...]``)."""

    cost: Annotated[
        Annotated[int, Tag("number")] | Annotated[_Pay, Tag("pay")], Discriminator(_cost_form)
    ] = 0
    named: Name | tuple[Name, ...] = ()


@pytest.mark.parametrize(
    ("given", "place", "message"),
    [
        (
            {"cost": {"runes": "x"}},
            ("cost", "runes"),
            "'x' is not valid here; valid here: a whole number",
        ),
        (
            {"cost": {"rune": 1}},
            ("cost", "rune"),
            "unknown key 'rune' (did you mean 'runes'?); the keys here: runes, exhaust",
        ),
        (
            {"cost": "two"},
            ("cost",),
            "'two' is not valid here; valid here: a whole number, a mapping (keys: runes, exhaust)",
        ),
        (
            {"named": 3},
            ("named",),
            "3 is not valid here; valid here: a text, a list",
        ),
        ({"named": ("a", 3)}, ("named", 1), "3 is not valid here; valid here: a text"),
    ],
)
def test_a_model_added_later_is_said_in_the_files_words(
    given: dict[str, object], place: tuple[object, ...], message: str
) -> None:
    """The walk of the model's types reads any union and validator, not only today's."""
    with pytest.raises(ValidationError) as raised:
        _Later.model_validate(given, strict=True)
    problems = separate_problems(raised.value.errors(), partial(place_in_file, _Later))
    assert (place_in_file(_Later, problems[0]["loc"]), plain(_Later, problems[0], problems)) == (
        place,
        message,
    )


@pytest.mark.parametrize(("value", "given"), [("lots", "'lots'"), ("-2", "-2"), ("2.5", "2.5")])
def test_a_number_or_a_word_is_said_as_both(value: str, given: str) -> None:
    """A shield's value is a number, ``all`` or ``next`` (M-5, M-25): a wrong one is said with
    the three forms, never as a type error of one of them."""
    text = f"""\
ruleset: might
title: t
rules: [M-5]
setup:
  players:
    - name: Alice
      units:
        - {{card: Iron Sentinel, shields: [{{id: ward, value: {value}}}]}}
    - name: Bob
"""
    assert refusal(text) == (
        f"f.yaml:8: setup.players[0].units[0].shields[0].value: {given} is not valid here; "
        "valid here: a whole number (0 or more), all, next"
    )
