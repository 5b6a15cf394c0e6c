"""Bad input is rejected with the file, the place and the rule, and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.commands import main
from engine.errors import RuleError, ScenarioError
from engine.scenario import game_from_yaml, run_scenario
from tests.support.game_state import assert_unchanged, whole_state
from tests.support.souls_tables import scenario_text


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    return path


def cli_error(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["check", str(path)]) == 2
    assert main(["run", str(path)]) == 2
    return capsys.readouterr().err


def test_malformed_yaml_names_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = write(tmp_path, "ruleset: souls\ntitle: [unclosed\nrules: [S-1]\n")
    err = cli_error(path, capsys)
    assert f"{path}:" in err and "not valid YAML" in err


def test_unknown_key_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = scenario_text().replace(
        "      realm: {card: Old Keep}", "      realm: {card: Old Keep}\n      shield: 5"
    )
    err = cli_error(write(tmp_path, text), capsys)
    assert f"{tmp_path / 'bad.yaml'}:8:" in err
    assert "unknown key 'shield'" in err and "setup.players[0]" in err


def test_unknown_card_names_its_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = scenario_text().replace("{card: Sylva}", "{card: Sylvia}")
    err = cli_error(write(tmp_path, text), capsys)
    assert ":10:" in err and "unknown card 'Sylvia'" in err and "slots.B1" in err


def test_unknown_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    err = cli_error(
        write(tmp_path, scenario_text().replace("ruleset: souls", "ruleset: chess")), capsys
    )
    assert ":1:" in err and "ruleset" in err


ILLEGAL_ACTIONS = [
    pytest.param(
        "- attack: {attacker: thorn-squire, target: ember-imp}\n",
        "14.5.1",
        id="captured-soul-attacks",
    ),
    pytest.param(
        "- recruit: {card: mossback-guard, slot: A1}\n", "14.5.2", id="recruit-onto-captured"
    ),
    pytest.param(
        "- recruit: {card: mossback-guard, slot: A2}\n", "14.5.2", id="recruit-under-captured"
    ),
    pytest.param(
        "- deal: {target: sylva, amount: 10}\n- pay_hp: {card: sylva, amount: 35}\n",
        "S-11",
        id="pay-more-hp-than-it-has",
    ),
    pytest.param(
        "- play: {card: firebolt, target: ash-zealot}\n",
        "14.5.1",
        id="effect-targets-captured-soul",
    ),
    pytest.param("- attack: {attacker: sylva, target: old-keep}\n", "S-13", id="attack-own-realm"),
]


@pytest.mark.parametrize(("script", "rule"), ILLEGAL_ACTIONS)
def test_illegal_script_action_exits_2_naming_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str, rule: str
) -> None:
    path = write(tmp_path, scenario_text(script=script))
    err = cli_error(path, capsys)
    last_line = len(path.read_text().splitlines())
    assert f"{path}:{last_line}:" in err
    assert f"(rule {rule})" in err and "script[" in err


ILLEGAL_CALLS = [
    pytest.param(lambda g: g.attack("thorn-squire", "ember-imp"), "14.5.1", id="captured-attacks"),
    pytest.param(lambda g: g.recruit("mossback-guard", "A1"), "14.5.2", id="blocked-slot"),
    pytest.param(lambda g: g.recruit("mossback-guard", "A2"), "14.5.2", id="slot-under-captured"),
    pytest.param(lambda g: g.pay_hp("sylva", 35), "S-11", id="pay-too-much"),
    pytest.param(lambda g: g.play("firebolt", "ash-zealot"), "14.5.1", id="target-captured"),
    pytest.param(lambda g: g.heal("ash-zealot", 10), "14.5.1", id="heal-captured"),
    pytest.param(lambda g: g.exile("sylva"), "14.5.1", id="exile-active-soul"),
    pytest.param(lambda g: g.activate("blood-priest", 0, "ember-imp"), "S-15", id="wrong-side"),
    pytest.param(lambda g: g.attack("sylva", "ember-citadel"), "S-13", id="realm-behind-souls"),
    pytest.param(lambda g: g.finish_battle(), "S-13", id="no-battle"),
    pytest.param(lambda g: g.play("no-such-card"), "S-4", id="unknown-card"),
]


@pytest.mark.parametrize(("call", "rule"), ILLEGAL_CALLS)
def test_illegal_action_leaves_table_and_timeline_untouched(call, rule: str) -> None:  # type: ignore[no-untyped-def]
    game = game_from_yaml(scenario_text())
    game.deal("sylva", 10)
    before = whole_state(game)
    with pytest.raises(RuleError) as error:
        call(game)
    assert error.value.rule == rule
    assert_unchanged(before, game)


def test_failure_midway_through_an_action_rolls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_from_yaml(scenario_text())

    def explode(*args: object) -> None:
        raise RuleError("S-12", "boom")

    monkeypatch.setattr(game, "_capture_check", explode)
    before = whole_state(game)  # the patched method is part of it: still there afterwards
    with pytest.raises(RuleError):
        game.play("firebolt", "ember-imp")  # Ember Imp's trigger is pending when it explodes
    assert_unchanged(before, game)


def test_scenario_error_message_shape(tmp_path: Path) -> None:
    path = write(tmp_path, scenario_text(script="- recruit: {card: mossback-guard, slot: A1}\n"))
    with pytest.raises(ScenarioError) as error:
        run_scenario(path)
    assert error.value.rule == "14.5.2"
    assert error.value.where == "script[0].recruit"
    assert str(error.value).startswith(f"{path}:")


BAD_FILES = [
    pytest.param(
        "{card: Sylva}", "{card: Sylva, damage: 40}", "starts at 0 HP", "P-6", id="setup-at-0-hp"
    ),
    pytest.param(
        "realm: {card: Old Keep}",
        "realm: {card: Old Keep, captured: true}",
        "cannot start shattered",
        "P-6",
        id="setup-shattered-realm",
    ),
    pytest.param(
        "title: Test table",
        "title: Test table\npool: no-such-pool",
        "there is no card pool 'no-such-pool'",
        None,
        id="unknown-pool",
    ),
    pytest.param(
        "title: Test table",
        "title: Test table\ncards:\n  - {name: Odd, kind: soul, hp: 12}",
        "multiples of 5 (S-5): hp 12",
        None,
        id="odd-card-amount",
    ),
    pytest.param(
        "title: Test table",
        "title: Test table\ncards:\n  - name: Odd\n    kind: soul\n"
        "    abilities: [{when: damaged, target: {side: enemy}}]",
        "has no chosen target",
        None,
        id="trigger-with-target",
    ),
]


@pytest.mark.parametrize(("old", "new", "message", "rule"), BAD_FILES)
def test_bad_file_is_rejected_with_its_place(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    message: str,
    rule: str | None,
) -> None:
    text = scenario_text()
    assert old in text
    err = cli_error(write(tmp_path, text.replace(old, new, 1)), capsys)
    assert f"{tmp_path / 'bad.yaml'}:" in err and message in err
    if rule:
        assert f"(rule {rule})" in err


def test_duplicate_labels_are_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = "- end_turn: {}\n  label: twice\n- end_turn: {}\n  label: twice\n"
    err = cli_error(write(tmp_path, scenario_text(script=script)), capsys)
    assert "the label 'twice' is used twice" in err


def test_run_exits_1_when_an_expectation_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, scenario_text() + "expect:\n  - cards:\n      sylva: {damage: 5}\n")
    assert main(["run", str(path)]) == 1
    assert "Failed expectations:" in capsys.readouterr().out


MIGHT_ILLEGAL = [
    pytest.param(
        "- combat: {battlefield: Battlefield 1, assign: {Alice: [{unit: thornback, damage: 7}]}}\n",
        "M-10",
        id="assignment-over-lethal",
    ),
    pytest.param(
        "- combat: {battlefield: Battlefield 1,\n"
        "    assign: {Alice: [{unit: vanguard-captain, damage: 7}]}}\n",  # her own unit
        "M-10",
        id="assignment-to-a-non-enemy",
    ),
    pytest.param(
        "- deal: {target: hollow-golem, amount: 2}\n  order: {hollow-golem: [ward]}\n",
        "M-4",
        id="order-missing-an-effect",
    ),
    pytest.param(
        "- deal: {target: thornback, amount: 2}\n  order: {thornback: [ward, twice]}\n",
        "M-4",
        id="order-for-effects-that-do-not-apply",
    ),
    pytest.param("- move: {unit: ghost, to: Battlefield 2}\n", "M-1", id="unit-not-on-table"),
    pytest.param("- recall: {unit: spark}\n", "M-1", id="card-in-hand-is-no-unit"),
    pytest.param(
        "- play: {card: quick-mend, target: iron-sentinel}\n",
        "M-7",
        id="reaction-outside-a-response-window",
    ),
]


@pytest.mark.parametrize(("script", "rule"), MIGHT_ILLEGAL)
def test_illegal_might_action_exits_2_naming_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str, rule: str
) -> None:
    from tests.support.might_tables import TABLE

    path = write(
        tmp_path,
        TABLE + "script:\n" + "\n".join("  " + line for line in script.splitlines()) + "\n",
    )
    err = cli_error(path, capsys)
    assert f"{path}:" in err and f"(rule {rule})" in err and "script[0]" in err


def test_illegal_might_action_leaves_the_table_unchanged() -> None:
    from engine.scenario import game_from_yaml
    from tests.support.might_tables import TABLE

    game = game_from_yaml(TABLE)
    game.deal("stone-whelp", 1)
    before = whole_state(game)
    for call in (
        lambda: game.move("ghost", 1),
        lambda: game.play("quick-mend", "stone-whelp"),
        lambda: game.play("meteor", "thornback"),
        lambda: game.combat(1),
    ):
        with pytest.raises(RuleError):
            call()
        assert_unchanged(before, game)


SOULS_SETUP_STATES = [
    pytest.param(
        "- {card: Firebolt}", "- {card: Firebolt, damage: 10}", "P-6", id="damage-in-hand"
    ),
    pytest.param(
        "- {card: Mossback Guard}",
        "- {card: Mossback Guard, captured: true}",
        "P-6",
        id="captured-in-hand",
    ),
    pytest.param(
        "A1: {card: Thorn Squire, captured: true}",
        "A1: {card: Thorn Squire, captured: true, armament: [{card: Iron Mail}]}",
        "S-14",
        id="armament-on-captured",
    ),
]


@pytest.mark.parametrize(("old", "new", "rule"), SOULS_SETUP_STATES)
def test_setup_states_the_rules_forbid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, rule: str
) -> None:
    text = scenario_text()
    assert old in text
    err = cli_error(write(tmp_path, text.replace(old, new, 1)), capsys)
    assert f"(rule {rule})" in err


def test_duplicate_player_names_are_rejected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = cli_error(write(tmp_path, scenario_text().replace("name: Bob", "name: Alice")), capsys)
    assert "players named twice: Alice" in err


def test_negative_prevention_is_rejected() -> None:
    from engine.scenario import game_from_yaml
    from tests.support.might_tables import TABLE

    game = game_from_yaml(TABLE)
    with pytest.raises(RuleError) as error:
        game.add_shield("stone-whelp", -3)
    assert error.value.rule == "M3"


SOULS = "ruleset: souls\ntitle: t\nrules: [S-1]\n"


SOULS_SETUP = (
    "setup:\n  players:\n    - {name: Alice, slots: {A1: {card: Thorn Squire}}}\n"
    "    - {name: Bob}\n"
)


MIGHT = "ruleset: might\ntitle: t\nrules: [M-1]\n"


MIGHT_SETUP = "setup:\n  players:\n    - {name: Alice}\n    - {name: Bob}\n"
# "When played, deal 1 to an enemy unit": its trigger chooses one of Bob's two units (P-41).
SHARPSHOOTER = (
    "cards:\n  - {name: Sharpshooter, kind: unit, might: 2, abilities: [{when: played, target:"
    " {side: enemy}, effects: [{do: damage, amount: 1}]}]}\n"
    "setup:\n  players:\n    - {name: Alice, hand: [{card: Sharpshooter}]}\n"
    "    - {name: Bob, units: [{card: Stone Whelp}, {card: Thornback}]}\n"
)


CASES = {
    "souls HP cost on a trigger": (
        SOULS + "cards:\n  - {name: Odd One, kind: soul, rank: 1, hp: 10, power: 5, abilities:"
        " [{name: X, when: damaged, cost_hp: 10,"
        " effects: [{do: heal, amount: 5, target: self}]}]}\n" + SOULS_SETUP,
        "5: cards[0].abilities[0]: only an activated ability has an HP cost (cost_hp)",
    ),
    "souls ability aims at a target it does not choose": (
        SOULS + "cards:\n  - {name: Odd One, kind: soul, rank: 1, hp: 10, power: 5, abilities:"
        " [{name: X, effects: [{do: heal, amount: 5}]}]}\n" + SOULS_SETUP,
        "5: cards[0].abilities[0]: an effect aims at 'target' but the ability"
        " chooses none: add `target:` to the ability or name an automatic target",
    ),
    "souls spell aims at a target it does not choose": (
        SOULS
        + "cards:\n  - {name: Odd Bolt, kind: spell, effects: [{do: damage, amount: 5}]}\n"
        + SOULS_SETUP,
        "5: cards[0].effects[0].target: an effect aims at 'target' but the card chooses none:"
        " add `target:`",
    ),
    "souls slot that is no slot name": (
        SOULS + "setup:\n  players:\n    - {name: Alice, slots: {front: {card: Thorn Squire}}}\n"
        "    - {name: Bob}\n",
        "6: setup.players[0]: slot 'front' is not a slot name like A1 or B2 (S-1)",
    ),
    "souls ids that look alike": (
        SOULS + "setup:\n  players:\n    - {name: Alice, slots: {A1: {card: Thorn Squire}}}\n"
        "    - {name: Bob, slots: {A1: {card: Thorn Squire, id: th\u043ern-squire}}}\n",
        "7: setup.players[1].slots.A1: the ids 'thorn-squire' (line 6) and 'th\u043ern-squire'"
        " look alike: the second has U+043E CYRILLIC SMALL LETTER O for U+006F LATIN SMALL"
        " LETTER O; give one another id",
    ),
    "might spell aims at a target it does not choose": (
        MIGHT
        + "cards:\n  - {name: Odd Bolt, kind: spell, effects: [{do: damage, amount: 2}]}\n"
        + MIGHT_SETUP,
        "5: cards[0].effects[0].target: an effect aims at 'target' but the card chooses none:"
        " add `target:`",
    ),
    "might triggered ability aims at a chosen target": (
        MIGHT + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, abilities: [{when:"
        " takes_damage, name: X, effects: [{do: damage, amount: 1}]}]}\n" + MIGHT_SETUP,
        "5: cards[0].abilities[0].effects[0].target: an effect aims at 'target' but the"
        " 'takes_damage' ability chooses none:"
        " add `target:` to the ability or use an automatic target such as self, source or"
        " all_enemy_units",
    ),
    "might save that does nothing instead": (
        MIGHT + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, abilities: [{when:"
        " takes_damage, effects: [{do: instead_of_dying, then: [], target: self}]}]}\n"
        + MIGHT_SETUP,
        "5: cards[0].abilities[0].effects[0].then: `then: []` does nothing"
        " instead of the death: name heal, exhaust or recall, or leave `then` out to heal",
    ),
    "might trigger without a source aims at its source": (
        MIGHT + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, abilities: [{when:"
        " played, effects: [{do: damage, amount: 1, target: source}]}]}\n" + MIGHT_SETUP,
        "5: cards[0].abilities[0].effects[0].target: the 'played' ability has no source (only"
        " these triggers have one: another_unit_dies, another_unit_moves, takes_damage,"
        " you_play_a_unit, you_stun): an effect can't aim at it; use self",
    ),
    "might condition about a unit its ability can't have": (
        MIGHT + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, abilities: [{when: played,"
        " effects: [{do: damage, amount: 1, target: self, only_if: {unit: source, state:"
        " damaged}}]}]}\n" + MIGHT_SETUP,
        "5: cards[0].abilities[0].effects[0].only_if: the 'played' ability's condition can't be"
        " about unit source: use self",
    ),
    "might spell chooses more units than any card may": (
        MIGHT + "cards:\n  - {name: Odd Bolt, kind: spell, target: {side: enemy, count:"
        " 1000000}, effects: [{do: damage, amount: 1}]}\n" + MIGHT_SETUP,
        "5: cards[0].target.count: a count is 1 to 100, or `any` for any number of units (P-49)",
    ),
    "might trigger given more targets than it chooses": (
        MIGHT + SHARPSHOOTER + "script:\n  - play: {card: sharpshooter}\n"
        "    targets: {sharpshooter: [stone-whelp, thornback]}\n",
        "12: script[0].targets.sharpshooter[1]: nothing asks this answer: sharpshooter's"
        " trigger asks for 1 unit at most: choose an enemy unit (rule P-41)",
    ),
    "might trigger given more targets than it chooses, left waiting": (
        MIGHT + SHARPSHOOTER + "script:\n  - play: {card: sharpshooter}\n"
        "    targets: {sharpshooter: [stone-whelp, thornback]}\n    waits: true\n",
        "12: script[0].targets.sharpshooter[1]: nothing asks this answer: sharpshooter's"
        " trigger asks for 1 unit at most: choose an enemy unit (rule P-41)",
    ),
    "might targets for a trigger that never triggers": (
        MIGHT + SHARPSHOOTER + "script:\n  - play: {card: sharpshooter}\n"
        "    targets: {sharpshooter: [[stone-whelp], [thornback]]}\n",
        "12: script[0].targets.sharpshooter[1]: nothing asks this answer: sharpshooter's"
        " abilities chose targets once in this action (rule P-41)",
    ),
    "might targets nobody asks": (
        MIGHT + SHARPSHOOTER + "script:\n  - deal: {target: thornback, amount: 1}\n"
        "    targets: {stone-whelp: [thornback]}\n",
        "12: script[0].targets.stone-whelp: the targets given for stone-whelp were never asked"
        " for: no ability of stone-whelp that chooses a target triggered in this action (rule"
        " P-41)",
    ),
    "might order nobody asks": (
        MIGHT + SHARPSHOOTER + "script:\n  - deal: {target: thornback, amount: 1}\n"
        "    order: {thornback: [a, b]}\n",
        "12: script[0].order.thornback: the order given for thornback was never asked for:"
        " fewer than two replacement effects applied to it (rule M-4)",
    ),
    "might assignment nobody asks": (
        MIGHT + "setup:\n  players:\n    - {name: Alice, units: [{card: Stone Whelp, at:"
        " Battlefield 1}]}\n    - {name: Bob}\nscript:\n  - combat: {battlefield: Battlefield"
        " 1, assign: {Alice: [{unit: stone-whelp, damage: 1}]}}\n",
        "9: script[0].combat.assign.Alice: the assignment given for Alice was never asked for:"
        " Alice had no damage or no enemy unit to assign it to (rule M-10)",
    ),
    "might unit with a target": (
        MIGHT
        + "cards:\n  - {name: Odd Unit, kind: unit, might: 2, target: {side: any}}\n"
        + MIGHT_SETUP,
        "5: cards[0]: a unit has abilities, not effects, a target or a speed",
    ),
    "might shield with more left than its value": (
        MIGHT + "setup:\n  players:\n    - {name: Alice, units: [{card: Stone Whelp, shields:"
        " [{value: 2, remaining: 3}]}]}\n    - {name: Bob}\n",
        "6: setup.players[0].units[0].shields[0]: remaining prevention cannot"
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
        "1 scenario(s) checked: 0 ok, 0 failed, 1 bad input",
    ]
