"""Bad card definitions and set-ups in a scenario file: `cardtable check` refuses each with
exit status 2 and one line naming the file, the line, the place and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main

SOULS = "ruleset: souls\ntitle: t\nrules: [S-1]\n"
SOULS_SETUP = (
    "setup:\n  players:\n    - {name: Alice, slots: {A1: {card: Thorn Squire}}}\n"
    "    - {name: Bob}\n"
)
MIGHT = "ruleset: might\ntitle: t\nrules: [M-1]\n"
MIGHT_SETUP = "setup:\n  players:\n    - {name: Alice}\n    - {name: Bob}\n"

CASES = {
    "souls HP cost on a trigger": (
        SOULS + "cards:\n  - {name: Odd One, kind: soul, rank: 1, hp: 10, power: 5, abilities:"
        " [{name: X, when: damaged, cost_hp: 10,"
        " effects: [{do: heal, amount: 5, target: self}]}]}\n" + SOULS_SETUP,
        "5: cards[0].abilities[0]: Value error, only an activated ability has an HP cost (cost_hp)",
    ),
    "souls ability aims at a target it does not choose": (
        SOULS + "cards:\n  - {name: Odd One, kind: soul, rank: 1, hp: 10, power: 5, abilities:"
        " [{name: X, effects: [{do: heal, amount: 5}]}]}\n" + SOULS_SETUP,
        "5: cards[0].abilities[0]: Value error, an effect aims at 'target' but the ability"
        " chooses none: add `target:` to the ability or name an automatic target",
    ),
    "souls spell aims at a target it does not choose": (
        SOULS
        + "cards:\n  - {name: Odd Bolt, kind: spell, effects: [{do: damage, amount: 5}]}\n"
        + SOULS_SETUP,
        "5: cards[0]: Value error, an effect aims at 'target' but the card chooses none:"
        " add `target:`",
    ),
    "souls slot that is no slot name": (
        SOULS + "setup:\n  players:\n    - {name: Alice, slots: {front: {card: Thorn Squire}}}\n"
        "    - {name: Bob}\n",
        "6: setup.players[0]: Value error, slot 'front' is not a slot name like A1 or B2 (S-1)",
    ),
    "might spell aims at a target it does not choose": (
        MIGHT
        + "cards:\n  - {name: Odd Bolt, kind: spell, effects: [{do: damage, amount: 2}]}\n"
        + MIGHT_SETUP,
        "5: cards[0]: Value error, an effect aims at 'target' but the card chooses none:"
        " add `target:`",
    ),
    "might triggered ability aims at a chosen target": (
        MIGHT + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, abilities: [{when:"
        " takes_damage, name: X, effects: [{do: damage, amount: 1}]}]}\n" + MIGHT_SETUP,
        "5: cards[0]: Value error, the 'takes_damage' ability has no chosen target: use an"
        " automatic target such as self, source or all_enemy_units",
    ),
    "might unit with a target": (
        MIGHT
        + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, target: {side: any}}\n"
        + MIGHT_SETUP,
        "5: cards[0]: Value error, a unit has abilities, not effects, a target or a speed",
    ),
    "might shield with more left than its value": (
        MIGHT + "setup:\n  players:\n    - {name: Alice, units: [{card: Stone Whelp, shields:"
        " [{value: 2, remaining: 3}]}]}\n    - {name: Bob}\n",
        "6: setup.players[0].units[0].shields[0]: Value error, remaining prevention cannot"
        " exceed the shield's value (M3)",
    ),
    "a list at the top": (
        "- ruleset: souls\n",
        "1: expected a mapping of keys at the top of the file",
    ),
    "an empty file": ("", ": expected a mapping of keys at the top of the file"),
    "an alias as a key": (
        SOULS + "a: &x k\n*x : 1\n" + SOULS_SETUP,
        "5: a key must be a plain value, not an alias",
    ),
    "a number YAML cannot read": (
        SOULS + SOULS_SETUP + "expect:\n  - cards: {thorn-squire: {damage: 0b_}}\n",
        "9: expect[0].cards.thorn-squire.damage: '0b_' is not a number",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_check_refuses_the_file_on_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, reason = CASES[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"ERROR {path}",
        f"  {path}{'' if reason[0] == ':' else ':'}{reason}",
        "1 scenario(s) checked",
    ]
