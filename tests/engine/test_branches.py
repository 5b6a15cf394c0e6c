"""What-if branches in scenario files: what a branch keeps of its parent, each branch checked by
`cardtable check`, a broken list or a refused action located in its branch, and what
`cardtable diff` names between two branches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.commands import main
from engine.assets import SCENARIOS
from engine.branches import MAIN, Branch, branch_actions, check_branches
from engine.compare import Side, changed_cards, compare
from engine.errors import ScenarioError
from engine.scenario import load_scenario, play_branch, run_scenario, validate_scenario
from engine.souls.scenario import Action as SoulsAction
from engine.souls.scenario import Expectation as SoulsExpectation
from engine.yaml_source import YamlSource

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"


def m8_with(tmp_path: Path, branches: str) -> Path:
    text = M8.read_text().split("branches:")[0] + "branches:\n" + branches
    path = tmp_path / "m8.yaml"
    path.write_text(text)
    return path


# ---------------------------------------------------------------------------- the file format


def test_every_branch_is_checked(tmp_path: Path) -> None:
    assert run_scenario(M8).failures == []
    wrong = m8_with(
        tmp_path,
        """  - name: doubling first
    script:
      - combat: {battlefield: Battlefield 1}
        order: {sentinel-a: [double-a, ward-a]}
    expect:
      - cards:
          sentinel-a: {zone: battlefield}
""",
    )
    failures = run_scenario(wrong).failures
    assert len(failures) == 1
    assert "branches[0].expect[0]" in failures[0] and "sentinel-a zone" in failures[0]
    assert failures[0].startswith(f"{wrong}:")


@pytest.mark.parametrize(
    ("branches", "message"),
    [
        ("  - {name: a}\n  - {name: a}\n", "two branches are named 'a'"),
        ("  - {name: a, parent: b}\n", "its parent 'b' is not 'main' or a branch named before it"),
        ("  - {name: a, keep: 9}\n", "branch 'a' keeps 9 actions, but 'main' has 2"),
    ],
)
def test_a_broken_branch_list_is_refused(tmp_path: Path, branches: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario(m8_with(tmp_path, branches))


def test_a_branch_action_the_rules_refuse_is_located_in_its_branch(tmp_path: Path) -> None:
    path = m8_with(tmp_path, "  - name: a\n    script:\n      - move: {unit: nobody, to: base}\n")
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert "branches[0].script[0]" in str(caught.value)


def test_diff_names_what_differs_between_two_branches(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["diff", str(M8), "--branch", "main", "--branch", "doubling first", "--step", "11"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "'main' at step 11 / 'doubling first' at step 10" in text
    assert "sentinel-a zone: battlefield / trash" in text
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {
        "card": "sentinel-a",
        "fact": "zone",
        "left": "battlefield",
        "right": "trash",
        "text": "sentinel-a zone: battlefield / trash",
    } in data["differences"]
    assert data["left"] == {"branch": "main", "step": 11, "description": "Combat is over"}
    assert main(["diff", str(M8), "--branch", "nope"]) == 2
    assert "there is no branch 'nope'" in capsys.readouterr().err


WHAT_IF = """\
ruleset: {ruleset}
title: What if
rules: [S-1]
setup:
  players:
    - {{name: Alice{alice}}}
    - {{name: Bob{bob}}}
script:
  - end_turn: {{}}
branches:
  - name: {branch}
    keep: 0
    script: [{script}]
"""
SQUIRE = ", slots: {A1: {card: Thorn Squire}}"


@pytest.mark.parametrize(
    ("ruleset", "alice", "bob", "branch", "script", "expected", "cards"),
    [
        (
            "souls",
            SQUIRE,
            "",
            "stay",
            "",
            ["table turn: 2 / 1", "table turn player: Bob / Alice"],
            set(),
        ),
        (
            "souls",
            SQUIRE,
            ", realm: {card: Ember Citadel}",
            "shatter",
            "{deal: {target: ember-citadel, amount: 50}}",
            [
                "table turn: 2 / 1",
                "table turn player: Bob / Alice",
                "table result: under way / Alice wins",
            ],
            {"ember-citadel"},
        ),
        (
            "might",
            ", units: [{card: Stone Whelp}]",
            "",
            "runes",
            "{add_runes: {player: Alice, amount: 2}}",
            ["table turn: 2 / 1", "table turn player: Bob / Alice", "table Alice's runes: 0 / 2"],
            set(),
        ),
    ],
)
def test_diff_names_what_differs_in_the_table_itself(
    tmp_path: Path,
    ruleset: str,
    alice: str,
    bob: str,
    branch: str,
    script: str,
    expected: list[str],
    cards: set[str],
) -> None:
    """Whose turn it is, how the game stands and the rune pools are facts of the table, not of
    a card: they come first, and no card is outlined for them (M-13, S-1, P-23)."""
    path = tmp_path / "what-if.yaml"
    text = WHAT_IF.format(ruleset=ruleset, alice=alice, bob=bob, branch=branch, script=script)
    path.write_text(text)
    scenario, source = load_scenario(path)
    found = compare(scenario, source, Side(MAIN), Side(branch)).differences
    described = [difference.describe() for difference in found]
    assert described[: len(expected)] == expected
    assert not any(line.startswith("table ") for line in described[len(expected) :])
    assert changed_cards(found) == cards


def test_a_branch_of_a_branch_keeps_its_parents_actions() -> None:
    def deal(amount: int) -> SoulsAction:
        return SoulsAction.model_validate({"deal": {"target": "ember-imp", "amount": amount}})

    script = [deal(5), deal(10)]
    branches = [
        Branch[SoulsAction, SoulsExpectation](name="b", keep=1, script=(deal(15), deal(20))),
        Branch[SoulsAction, SoulsExpectation](name="c", parent="b", keep=2, script=(deal(25),)),
    ]
    assert branch_actions(script, branches, MAIN) == script
    assert branch_actions(script, branches, "b") == [deal(5), deal(15), deal(20)]
    assert branch_actions(script, branches, "c") == [deal(5), deal(15), deal(25)]


def test_a_branch_keeps_at_most_what_its_parent_has() -> None:
    def deal(amount: int) -> SoulsAction:
        return SoulsAction.model_validate({"deal": {"target": "ember-imp", "amount": amount}})

    def branch(name: str, keep: int, count: int, parent: str = MAIN) -> Branch:  # type: ignore[type-arg]
        script = tuple(deal(5) for _ in range(count))
        return Branch[SoulsAction, SoulsExpectation](
            name=name, parent=parent, keep=keep, script=script
        )

    script = [deal(5), deal(10)]
    check_branches(script, [branch("b", 2, 3), branch("c", 5, 0, "b")])  # all of main, of b
    with pytest.raises(ValueError, match="^branch 'c' keeps 6 actions, but 'b' has 5$"):
        check_branches(script, [branch("b", 2, 3), branch("c", 6, 0, "b")])
    with pytest.raises(ValueError, match="^branch 'b' keeps 3 actions, but 'main' has 2$"):
        check_branches(script, [branch("b", 3, 0)])


NESTED_BRANCHES = """\
ruleset: souls
title: A branch of a branch
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: thorn-squire, amount: 5}
branches:
  - name: harder
    keep: 0
    script:
      - deal: {target: thorn-squire, amount: 15}
  - name: harder, then healed
    parent: harder
    keep: 1
    script:
      - heal: {target: thorn-squire, amount: 5}
"""


def test_a_branch_of_a_branch_plays_what_it_keeps_of_its_parent() -> None:
    source = YamlSource(Path("branches.yaml"), NESTED_BRANCHES)
    play = play_branch(validate_scenario(source), source, "harder, then healed")
    assert play.game.table.cards["thorn-squire"].damage == 10  # 15 dealt, 5 healed


# ---------------------------------------------------------------------------- labels and keeps

TABLE = """\
ruleset: souls
title: Two deals, then a refused attack
rules: [S-13]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
    label: dealt
  - attack: {attacker: ember-imp, target: thorn-squire}
expect_error: {rule: S-13}
"""


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "branches.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("branches", "line", "place", "first"),
    [
        (  # main's label, kept: the branch's would win
            "  - {name: b, keep: 1, script: [{end_turn: {}, label: dealt}]}\n",
            14,
            "branches[0].script[0].label",
            "script[0]",
        ),
        (  # main's label, not kept: one name, two tables
            "  - {name: b, script: [{end_turn: {}, label: dealt}]}\n",
            14,
            "branches[0].script[0].label",
            "script[0]",
        ),
        (  # the parent branch's, inside a window
            "  - {name: b, script: [{end_turn: {}, label: ended}]}\n"
            "  - name: c\n    parent: b\n    keep: 1\n    script:\n"
            "      - attack:\n          attacker: thorn-squire\n          target: ember-imp\n"
            "          window:\n"
            "            - {deal: {target: ember-imp, amount: 5}, label: ended}\n",
            23,
            "branches[1].script[0].attack.window[0].label",
            "branches[0].script[0]",
        ),
    ],
    ids=["kept", "main", "parent-branch"],
)
def test_a_label_a_branch_gives_again_is_refused_naming_both(
    tmp_path: Path, branches: str, line: int, place: str, first: str
) -> None:
    path = written(tmp_path, TABLE + "branches:\n" + branches)
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    label = "ended" if "ended" in branches else "dealt"
    assert str(refused.value) == (
        f"{path}:{line}: {place}: the label {label!r} is used twice, first at {first}"
    )


def test_a_branch_keeping_a_refused_action_is_blamed_on_its_keep(tmp_path: Path) -> None:
    path = written(tmp_path, TABLE + "branches:\n  - name: further\n    keep: 2\n")
    assert run_scenario(path, MAIN).failures == []  # main stops there, as it expects
    with pytest.raises(ScenarioError) as refused:
        run_scenario(path)
    assert str(refused.value).startswith(
        f"{path}:15: branches[0].keep: branch 'further' keeps 2 actions of 'main', and "
        "script[1].attack is refused: "
    )
    assert refused.value.rule == "S-13"
