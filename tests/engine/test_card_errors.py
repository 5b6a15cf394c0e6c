"""A card's mistakes said in the file's words (engine/file_kinds.py, engine/plain_errors.py):
at the key's own line and its place in the file, never the names pydantic gives a union's
members (``damage``, ``number``, ``unit``) or its validators; what is valid there as the file
writes it, and the nearest valid word (issue 36, mistakes a designer meets)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from engine.errors import ScenarioError, one_line
from engine.might.card_effects import EFFECTS as MIGHT_EFFECTS
from engine.scenario import validate_scenario
from engine.yaml_source import YamlSource

MIGHT = """\
ruleset: might
title: t
rules: [M1]
cards:
  - name: Zap
    kind: spell
    target:
      side: enemy
    effects:
      - do: damage
        amount: 2
  - name: Drummer
    kind: unit
    might: 1
    abilities:
      - when: dies
        effects:
          - {do: damage, amount: 1, target: all_enemy_units}
setup:
  players:
    - {name: Alice}
    - {name: Bob}
"""

SOULS = """\
ruleset: souls
title: t
rules: [S-1]
cards:
  - name: Hex Adept
    kind: soul
    rank: 1
    hp: 20
    power: 5
    abilities:
      - name: Hex
        cost_hp: 10x_rank
        target: {side: enemy, kind: soul}
        effects:
          - do: damage
            amount: 10
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Hex Adept}
    - name: Bob
      realm: {card: Ember Citadel}
"""

EFFECTS = ", ".join(  # every effect's word, in the registry's order
    word for kind in MIGHT_EFFECTS for word in get_args(kind.model_fields["do"].annotation)
)
MIGHT_AMOUNTS = (
    "a whole number (0 or more), a mapping (keys: might_of), a mapping (keys: damage_on, "
    "each, minimum), a mapping (keys: count, each, minimum, here)"
)
CONDITIONS = (
    "a mapping (keys: unit, state), a mapping (keys: count, at_least, at_most, here), "
    "a mapping (keys: you_hold), a mapping (keys: at_least, at_most, gear), "
    "a mapping (keys: at_least, at_most, moved), a mapping (keys: "
    "at_least, at_most, damage_taken), a mapping (keys: at_least, at_most, played, by), "
    "a mapping (keys: all), a mapping (keys: any), a mapping (keys: not)"
)
STATES = "damaged, undamaged, exhausted, ready, attacking, defending, at_a_battlefield, at_base"

# (file, its text as written, the text the mistake replaces it with, the whole message)
MISTAKES = {
    "might: an unknown effect": (
        MIGHT,
        "      - do: damage\n",
        "      - do: damgae\n",
        f"f.yaml:10: cards[0].effects[0]: do: 'damgae' is unknown (did you mean 'damage'?); "
        f"valid here: {EFFECTS}",
    ),
    "might: a misspelt key of an effect, on its own line": (
        MIGHT,
        "        amount: 2\n",
        "        amout: 2\n",
        "f.yaml:11: cards[0].effects[0].amout: unknown key 'amout' (did you mean 'amount'?); "
        "the keys here: do, only_if, unless, target, amount, unpreventable",
    ),
    "might: a word for a number": (
        MIGHT,
        "        amount: 2\n",
        "        amount: two\n",
        f"f.yaml:11: cards[0].effects[0].amount: 'two' is not valid here; "
        f"valid here: {MIGHT_AMOUNTS}",
    ),
    "might: a list for an amount, at the key's line": (
        MIGHT,
        "        amount: 2\n",
        "        amount:\n          - 2\n",
        f"f.yaml:11: cards[0].effects[0].amount: a list is not valid here; "
        f"valid here: {MIGHT_AMOUNTS}",
    ),
    "might: a misspelt form of an amount, on the key's own line": (
        MIGHT,
        "        amount: 2\n",
        "        amount:\n          migth_of: target\n",
        "f.yaml:12: cards[0].effects[0].amount.migth_of: unknown key 'migth_of' (did you mean "
        "'might_of'?); the keys here: might_of, damage_on, each, minimum, count, here",
    ),
    "might: a bad word inside a form of an amount": (
        MIGHT,
        "        amount: 2\n",
        "        amount: {might_of: foo}\n",
        "f.yaml:11: cards[0].effects[0].amount.might_of: 'foo' is not valid here; "
        "valid here: self, source, target, target_1, target_2, ...",
    ),
    "might: a condition's state, on its own line": (
        MIGHT,
        "        amount: 2\n",
        "        amount: 2\n        only_if:\n          unit: target\n          state: sleepy\n",
        f"f.yaml:14: cards[0].effects[0].only_if.state: 'sleepy' is not valid here; "
        f"valid here: {STATES}, stunned",
    ),
    "might: a condition's misspelt key": (
        MIGHT,
        "        amount: 2\n",
        "        amount: 2\n        only_if: {count: enemy_units, at_lest: 2}\n",
        "f.yaml:12: cards[0].effects[0].only_if.at_lest: unknown key 'at_lest' (did you mean "
        "'at_least'?); the keys here: count, at_least, at_most, here",
    ),
    "might: a word for a condition": (
        MIGHT,
        "        amount: 2\n",
        "        amount: 2\n        unless: damaged\n",
        "f.yaml:12: cards[0].effects[0].unless: "
        + one_line(  # cut at MAX_MESSAGE: the list of condition forms has grown past it
            f"'damaged' is not valid here (did you mean 'damage_taken'?); valid here: {CONDITIONS}"
        ),
    ),
    "might: a word for a target spec": (
        MIGHT,
        "    target:\n      side: enemy\n",
        "    target: enemy\n",
        "f.yaml:7: cards[0].target: 'enemy' is not valid here; valid here: a mapping (keys: "
        "state, might_at_most, might_at_least, here, other, side, count, "
        "at_least, different, same_place, chooser, total_might_at_most, zone), a list",
    ),
    "might: a word for a target spec's count": (
        MIGHT,
        "      side: enemy\n",
        "      side: enemy\n      count: two\n",
        "f.yaml:9: cards[0].target.count: 'two' is not valid here; "
        "valid here: a whole number (1 or more), any",
    ),
    "might: a word for a list": (
        MIGHT,
        "    might: 1\n",
        "    might: 1\n    keywords: Tank\n",
        "f.yaml:15: cards[1].keywords: 'Tank' is not valid here; valid here: a list",
    ),
    "might: a word for true or false": (
        MIGHT,
        "      - when: dies\n",
        "      - when: dies\n        once_per_turn: maybe\n",
        "f.yaml:17: cards[1].abilities[0].once_per_turn: 'maybe' is not valid here; "
        "valid here: true or false",
    ),
    "might: a list for an effect": (
        MIGHT,
        "          - {do: damage, amount: 1, target: all_enemy_units}\n",
        "          - [do, damage]\n",
        f"f.yaml:18: cards[1].abilities[0].effects[0]: a list is not valid here; "
        f"valid here: a mapping with do: {EFFECTS}",
    ),
    "might: an effect without do": (
        MIGHT,
        "          - {do: damage, amount: 1, target: all_enemy_units}\n",
        "          - {amount: 1}\n",
        f"f.yaml:18: cards[1].abilities[0].effects[0]: the key 'do' is required here; "
        f"valid here: a mapping with do: {EFFECTS}",
    ),
    "souls: a misspelt key of an effect": (
        SOULS,
        "            amount: 10\n",
        "            amout: 10\n",
        "f.yaml:16: cards[0].abilities[0].effects[0].amout: unknown key 'amout' (did you mean "
        "'amount'?); the keys here: only_if, unless, do, amount, target",
    ),
    "souls: a word for an amount": (
        SOULS,
        "            amount: 10\n",
        "            amount: ten\n",
        "f.yaml:16: cards[0].abilities[0].effects[0].amount: 'ten' is not valid here; valid "
        "here: a whole number (0 or more), a mapping (keys: power_of), a mapping (keys: "
        "damage_on), a mapping (keys: captured, trait, each)",
    ),
    "souls: a misspelt form of an amount": (
        SOULS,
        "            amount: 10\n",
        "            amount: {powr_of: target}\n",
        "f.yaml:16: cards[0].abilities[0].effects[0].amount.powr_of: unknown key 'powr_of' "
        "(did you mean 'power_of'?); the keys here: power_of, damage_on, captured, trait, each",
    ),
    "souls: a misspelt word of a number or a word": (
        SOULS,
        "cost_hp: 10x_rank",
        "cost_hp: 10xrank",
        "f.yaml:12: cards[0].abilities[0].cost_hp: '10xrank' is not valid here (did you mean "
        "'10x_rank'?); valid here: a whole number, 10x_rank",
    ),
    "souls: a list for a target spec": (
        SOULS,
        "target: {side: enemy, kind: soul}",
        "target: [{side: enemy}]",
        "f.yaml:13: cards[0].abilities[0].target: a list is not valid here; "
        "valid here: a mapping (keys: hp_at_most, hp_at_least, power_at_most, power_at_least, "
        "line, state, side, kind)",
    ),
    "souls: a quoted number": (
        SOULS,
        "hp: 20",
        "hp: '20'",
        "f.yaml:8: cards[0].hp: '20' is not valid here; valid here: a whole number (0 or more)",
    ),
    "souls: a slot's card written as a list": (
        SOULS,
        "A1: {card: Hex Adept}",
        "A1: [Hex Adept]",
        "f.yaml:22: setup.players[0].slots.A1: a list is not valid here; valid here: a mapping "
        "(keys: card, id, damage, captured, bonuses, armament, attacked)",
    ),
}


def refusal(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(YamlSource(Path("f.yaml"), text))
    return raised.value


def mistaken(name: str) -> str:
    text, old, new, _ = MISTAKES[name]
    assert text.count(old) == 1, f"{name}: {old!r} is not once in the file"
    return text.replace(old, new)


@pytest.mark.parametrize("text", [MIGHT, SOULS], ids=["might", "souls"])
def test_the_files_the_mistakes_are_made_in_are_valid(text: str) -> None:
    validate_scenario(YamlSource(Path("f.yaml"), text))


@pytest.mark.parametrize("name", list(MISTAKES))
def test_a_mistake_is_said_at_its_key_in_the_files_words(name: str) -> None:
    error = refusal(mistaken(name))
    assert (str(error), error.others) == (MISTAKES[name][3], ())


# What pydantic says and a file never does: its validators, its tags, its types, Python's reprs.
PYDANTIC_WORDS = (
    "function-",
    "Tag",
    "_form",
    "valid dictionary",
    "instance of",
    "Literal[",
    "('",
    "Input should",
    "Unable to extract",
    "discriminator",
)

# More mistakes of every kind, in both rulesets: (file, as written, with the mistake)
SWEEP = (
    [
        (MIGHT, "amount: 2\n", f"amount: {amount}\n")
        for amount in ("'2'", "[2]", "{}", "{count: enemy_unit}", "{damage_on: target, minimun: 1}")
    ]
    + [
        (MIGHT, "amount: 2\n", f"amount: 2\n        only_if: {condition}\n")
        for condition in (
            "[a]",
            "{you_hold: many}",
            "{unit: targt}",
            "{unti: target}",
            "{count: enemy_units, here: maybe}",
            "{stat: attacking}",
        )
    ]
    + [
        (MIGHT, "      side: enemy\n", f"      side: enemy\n      {key}\n")
        for key in ("count: 101", "count: [1]", "state: sleepy", "sied: own", "here: 2")
    ]
    + [
        (MIGHT, "    might: 1\n", f"    might: 1\n    {line}\n")
        for line in (
            "keywords: [Flying]",
            "keywords: {Tank: 1}",
            "cost: '3'",
            "auras: [{might: one, to: self}]",
            "auras: [{might: 1, to: friends}]",
            "auras: [{might: 1, to: self, only_while: {you_hold: x}}]",
            "auras: [{might: 1, to: self, only_while: sleepy}]",
            "auras: {might: 1}",
        )
    ]
    + [
        (MIGHT, "      - when: dies\n", f"      - when: {when}\n")
        for when in ("deis", "[dies]", "activated\n        cost: {exhaust: yes, runes: x}")
    ]
    + [
        (MIGHT, "    - {name: Bob}\n", f"    - {{name: Bob, {player}}}\n")
        for player in (
            "runes: many",
            "units: {card: Drummer}",
            "units: [{card: Drummer, damage: x}]",
        )
    ]
    + [
        (SOULS, "            amount: 10\n", f"            amount: {amount}\n")
        for amount in ("{power_of: foo}", "{captured: foes}", "[10]", "{captured: any, each: x}")
    ]
    + [
        (SOULS, "    power: 5\n", f"    power: 5\n    {line}\n")
        for line in (
            "statics: [{stat: max_hpp, amount: 10, counting: captured_souls}]",
            "statics: {stat: max_hp}",
            "traits: Underling",
            "counterblow: [5]",
        )
    ]
    + [
        (SOULS, "target: {side: enemy, kind: soul}", f"target: {target}")
        for target in ("soul", "{side: enemy, line: middle}", "{side: [enemy]}")
    ]
)


def in_the_file(data: object, where: str) -> bool:
    """Whether every key of the path ``where`` (``cards[0].amount.count``) is one ``data``
    has, but a last one (a key missing there, or an unknown one of the file)."""
    *keys, _ = [int(i) if i else k for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", where)]
    for key in keys:
        if isinstance(data, dict) and key in data:
            data = data[key]
        elif isinstance(data, list) and isinstance(key, int) and key < len(data):
            data = data[key]
        else:
            return False
    return True


@pytest.mark.parametrize(("text", "old", "new"), SWEEP)
def test_no_message_speaks_pydantic(text: str, old: str, new: str) -> None:
    """Whatever the mistake, its message names no validator, member tag or Python type, and
    its place is a path of the file's own keys."""
    assert text.count(old) == 1
    source = YamlSource(Path("f.yaml"), text.replace(old, new))
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(source)
    errors = [raised.value, *raised.value.others]
    spoken = [line for line in raised.value.every() if any(w in line for w in PYDANTIC_WORDS)]
    assert spoken == []
    assert [e.where for e in errors if not in_the_file(source.data, e.where)] == []
