"""Tests that kill mutants of engine/ which the rest of the suite let live (docs/testing.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.cli import main
from engine.branches import MAIN, Branch, branch_actions, check_branches
from engine.compare import Side, card_facts, changed_cards, compare_sides, differences
from engine.errors import RuleError, ScenarioError
from engine.scenario import (
    Playthrough,
    game_from_yaml,
    might_game_from_yaml,
    run_scenario,
    validate_scenario,
)
from engine.script import card_id, script_labels, unique_names
from engine.souls.game import SoulsGame
from engine.souls.scenario import Action as SoulsAction
from engine.souls.scenario import Expectation as SoulsExpectation
from engine.yaml_source import YamlSource
from tests.support.might_tables import TABLE

BOB_WAITS = """\
ruleset: souls
title: Bob waits for his turn
rules: [P-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - name: Bob
      slots: {A1: {card: Ember Imp}}
      hand: [{card: Mossback Guard}, {card: Mending Light}]
"""


@pytest.mark.parametrize(
    ("act", "what"),
    [
        (lambda g: g.recruit("mossback-guard", "A2"), "recruit"),
        (lambda g: g.play("mending-light", "ember-imp"), "play a card"),
    ],
)
def test_p1_the_other_player_acts_only_in_a_battle_window(
    act: Callable[[SoulsGame], object], what: str
) -> None:
    game = game_from_yaml(BOB_WAITS)
    before = (game.table, len(game.steps))
    with pytest.raises(RuleError) as refused:
        act(game)
    assert refused.value.rule == "P-1"
    assert refused.value.message == (
        f"Bob cannot {what} outside a battle window during the other player's turn"
    )
    assert (game.table, len(game.steps)) == before


def test_p1_inside_a_battle_window_the_other_player_may_play() -> None:
    game = game_from_yaml(BOB_WAITS)
    game.attack("thorn-squire", "ember-imp")
    game.play("mending-light", "ember-imp")
    assert game.table.cards["mending-light"].zone == "elysium"
    assert game.steps[-1].description == "mending-light goes to the Elysium"


# --- engine/compare.py: what a branch comparison reports ------------------------------------

TWO_SOULS = """\
ruleset: souls
title: Deal 5 or 10
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
branches:
  - name: ten
    script:
      - deal: {target: ember-imp, amount: 10}
"""


def test_souls_facts_list_the_bonuses_or_none() -> None:
    game = game_from_yaml(TWO_SOULS)
    before = game.table
    game.add_bonus("thorn-squire", "power", 5, "permanent")
    game.add_bonus("thorn-squire", "max_hp", 10, "end_of_turn")
    assert card_facts(before, "thorn-squire") == {
        "damage": 0,
        "captured": False,
        "zone": "slot",
        "slot": "A1",
        "attached_to": None,
        "line": "front",
        "hp": 20,
        "max_hp": 20,
        "power": 10,
        "bonuses": "none",
    }
    assert card_facts(game.table, "thorn-squire")["bonuses"] == (
        "+5 power from playtester, +10 max_hp from playtester until end of turn"
    )


def test_might_facts_list_the_modifiers_or_none() -> None:
    game = might_game_from_yaml(TABLE)
    before = game.table
    game.modify_might("stone-whelp", 2)
    game.modify_might("stone-whelp", -1, "permanent")
    assert card_facts(before, "stone-whelp") == {
        "damage": 0,
        "zone": "battlefield",
        "at": "Battlefield 1",
        "exhausted": False,
        "shields": {},
        "doublers": 0,
        "might": 2,
        "lethal": False,
        "modifiers": "none",
    }
    assert [d.describe() for d in differences(before, game.table)] == [
        "stone-whelp might: 2 / 3",
        "stone-whelp modifiers: none / +2 Might from playtester this turn,"
        " -1 Might from playtester",
    ]


def test_a_card_on_one_side_only_is_absent_on_the_other() -> None:
    table = game_from_yaml(TWO_SOULS).table
    without = table.without_card("ember-imp")
    assert differences(table, table) == []
    gone = [d.describe() for d in differences(table, without)]
    came = [d.describe() for d in differences(without, table)]
    assert gone[0] == "ember-imp damage: 0 / —" and gone[-1] == "ember-imp bonuses: none / —"
    assert came[0] == "ember-imp damage: — / 0" and came[-1] == "ember-imp bonuses: — / none"
    assert len(gone) == len(came) == 10
    assert changed_cards(differences(table, without)) == {"ember-imp"}


def test_compare_sides_at_a_step_and_refusing_unknown_branches_and_steps() -> None:
    source = YamlSource(Path("what-if.yaml"), TWO_SOULS)
    scenario = validate_scenario(source)
    steps, found = compare_sides(scenario, source, Side(MAIN, 0), Side("ten"))
    assert [s.index for s in steps] == [0, 3]
    assert [d.describe() for d in found][:2] == [
        "ember-imp damage: 0 / 10",
        "ember-imp captured: False / True",
    ]
    steps, found = compare_sides(scenario, source, Side("ten", 3), Side("ten", 3))
    assert [s.index for s in steps] == [3, 3] and found == []
    with pytest.raises(ScenarioError) as error:
        compare_sides(scenario, source, Side(MAIN), Side("eleven"))
    assert error.value.message == "there is no branch 'eleven' (the branches: main, ten)"
    for step in (4, -1):
        with pytest.raises(ScenarioError) as error:
            compare_sides(scenario, source, Side("ten", step), Side(MAIN))
        assert error.value.message == f"branch 'ten' has steps 0 to 3, not {step}"


# --- engine/script.py: labels and where a missing one is written -----------------------------

LABELS = """\
ruleset: souls
title: t
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
    label: hit
expect:
  - cards: {ember-imp: {damage: 5}}
"""


@pytest.mark.parametrize(
    ("tail", "line"),
    [
        ("    at: nowhere\n", "13: expect[0].at"),
        (
            "    steps:\n      - {rule: S-1}\n    no_steps:\n      - {rule: S-13,\n"
            "         before: nowhere}\n",
            "17: expect[0].no_steps[0].before",
        ),
        (
            "    steps:\n      - {rule: S-1}\n      - {rule: S-1,\n         before: nowhere}\n",
            "16: expect[0].steps[1].before",
        ),
        (
            "    no_steps:\n      - {rule: S-13,\n         between: [hit, nowhere]}\n",
            "15: expect[0].no_steps[0].between[1]",
        ),
    ],
)
def test_an_unknown_label_is_refused_where_it_is_written(
    tail: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "labels.yaml"
    path.write_text(LABELS + tail, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().out.splitlines()[1] == (
        f"  {path}:{line}: no script action has the label 'nowhere'"
    )


def test_script_labels_include_nested_actions_and_only_written_labels() -> None:
    script = [
        SoulsAction.model_validate(
            {
                "attack": {
                    "attacker": "thorn-squire",
                    "target": "ember-imp",
                    "window": [{"heal": {"target": "ember-imp", "amount": 5}, "label": "in"}],
                },
                "label": "a",
            }
        ),
        SoulsAction.model_validate({"end_turn": {}}),
        SoulsAction.model_validate({"end_turn": {}, "label": "b"}),
    ]
    assert script_labels(script) == {"a", "in", "b"}
    assert script_labels([]) == set()


STOPPED = """\
ruleset: souls
title: t
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - deal: {target: ember-imp, amount: 5}
    label: hit
  - deal: {target: nobody, amount: 5}
  - deal: {target: ember-imp, amount: 5}
    label: later
expect_error: {rule: S-4}
expect:
  - at: later
    cards: {ember-imp: {damage: 10}}
  - at: hit
    cards: {ember-imp: {damage: 10}}
  - steps:
      - {rule: S-4, times: 2}
    turn:
      2
  - steps:
      - {text: "The table as set up", times: 1}
"""


def test_after_an_unreached_label_the_other_expectations_are_still_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each failure on its own line; step 0 (the set-up) is a step expectations can match."""
    path = tmp_path / "stopped.yaml"
    path.write_text(STOPPED, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"FAIL  {path}  (t)",
        f"  {path}:16: expect[0]: the label 'later' was not reached: the run stopped before it",
        f"  {path}:19: expect[1] at 'hit': ember-imp damage: expected 10, saw 5",
        f"  {path}:21: expect[2] at 'end': 0 steps match rule='S-4', expected 2",
        f"  {path}:23: expect[2] at 'end': turn: expected 2, saw 1",
        "1 scenario(s) checked",
    ]


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


def test_card_ids_drop_leading_and_trailing_punctuation() -> None:
    assert card_id("  Ember Imp! ") == "ember-imp"
    assert card_id("-Old--Keep-") == "old-keep"


def test_names_given_twice_are_all_named() -> None:
    with pytest.raises(ValueError, match="^players named twice: Alice, Bob$"):
        unique_names(["Bob", "Alice", "Bob", "Alice", "Cy"], "players")
    with pytest.raises(ValueError, match="^cards named twice: Imp$"):
        unique_names(["Imp", "Imp"])
    unique_names(["Alice", "Bob"])


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


def test_before_start_is_before_the_set_up(tmp_path: Path) -> None:
    """``before: start`` looks at no step at all; the runner's ends are each action's last step."""
    text = LABELS + "    no_steps:\n      - {text: The table as set up, before: start}\n"
    path = tmp_path / "start.yaml"
    path.write_text(text, encoding="utf-8")
    run = run_scenario(path)
    assert run.failures == []
    source = YamlSource(path, text)
    play = Playthrough(validate_scenario(source), source)
    play.run(validate_scenario(source).script)
    assert play.runner.ends == [len(play.game.steps) - 1]
    assert play.runner.starts["start"] == 0
