"""Scenario files: those a folder holds, and how a file is refused: on the line of the
problem, naming its place, in the words of the rule."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from engine.errors import ScenarioError
from engine.pools import pool_names
from engine.safe_yaml import parse_yaml
from engine.scenario import game_from_yaml, scenario_files, validate_scenario
from engine.yaml_source import YamlSource
from tests.support.might_tables import TWO_TAPS
from tests.support.playthroughs import playthrough_of, set_up_error

playthrough = partial(playthrough_of, name="chain.yaml")


ONE_PLAYER = """\
ruleset: might
title: Located errors
rules: [M-1]
setup:
  players:
    - name: Alice
"""


def test_a_missing_second_player_is_reported_on_the_players_line() -> None:
    # index 1 of a one-item list has no place of its own: the error keeps the list's line (a
    # block list begins at its first "- ")
    with pytest.raises(ScenarioError) as raised:
        playthrough(ONE_PLAYER, name="players.yaml")
    assert (
        str(raised.value)
        == "players.yaml:6: setup.players[1]: entry 2 is missing: this list needs more entries"
    )


BAD_ORDER = """\
    - name: Bob
script:
  - end_turn: {}
    order:
      u:
        - 1
"""


def test_a_bad_order_is_reported_on_the_line_of_its_first_entry() -> None:
    # pydantic's names of a union member and a validator ("tuple[function-after[checked(),
    # str], ...]") name no place in the file: left out, the location is the item's own line
    with pytest.raises(ScenarioError) as raised:
        playthrough(ONE_PLAYER + BAD_ORDER, name="order.yaml")
    assert str(raised.value) == (
        "order.yaml:12: script[0].order.u[0]: 1 is not valid here; valid here: a text"
    )


NEGATIVE = "{card: Sylva, damage: -5}"


BARE = """\
ruleset: souls
title: t
rules: [S-1]
setup:
  players:
    - {name: A}
    - {name: B}
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("rules: [S-1]", "rules: [S-1]\npool: might-starter"),
            "<scenario>:4: pool: the card pool 'might-starter' is for might, not for souls",
        ),
    ],
)
def test_file_errors_say_where(change: tuple[str, str], message: str) -> None:
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(BARE.replace(*change))
    assert str(refused.value) == message


def test_every_problem_of_a_file_is_listed_on_its_own_line() -> None:
    slots = "{A1: " + NEGATIVE + ", B1: " + NEGATIVE + ", C1: {crd: Sylva}}"
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(BARE.replace("- {name: A}", "- {name: A, slots: " + slots + "}"))
    every = refused.value.every()
    assert every[0].startswith("<scenario>:6: setup.players[0].slots.C1.crd: unknown key 'crd'")
    assert "(did you mean 'card'?)" in every[0]  # the missing 'card' it misspells is not another
    assert [line.split(": ")[1] for line in every[1:]] == [
        "setup.players[0].slots.A1.damage",
        "setup.players[0].slots.B1.damage",
    ]
    assert str(refused.value) == every[0] and "more problem" not in " ".join(every)


TWO_PLAYERS = "  players: [{name: A, slots: {}}, {name: B, slots: {}}]\n"


PLAYERS = "setup:\n" + TWO_PLAYERS


def test_an_unknown_ruleset_is_refused_with_the_ones_there_are() -> None:
    assert set_up_error("title: x\nruleset: chess\n", playthrough_of) == (
        "a.yaml:2: ruleset: ruleset must be one of might, souls, not 'chess'"
    )


def test_an_unknown_pool_is_refused_with_the_pools_there_are() -> None:
    text = "ruleset: souls\ntitle: x\nrules: [S-1]\npool: nope\n" + PLAYERS
    assert set_up_error(text) == (
        f"a.yaml:4: pool: there is no card pool 'nope' (pools: {', '.join(pool_names())})"
    )


def test_a_file_that_is_not_a_mapping_is_refused() -> None:
    assert (
        set_up_error("- 1\n- 2\n") == "a.yaml:1: expected a mapping of keys at the top of the file"
    )


def test_a_number_written_as_text_is_refused() -> None:
    """Validation is strict: "3" is not the number 3."""
    text = "ruleset: souls\ntitle: x\nrules: [S-1]\nsetup:\n  columns: '3'\n" + TWO_PLAYERS
    assert set_up_error(text) == (
        "a.yaml:5: setup.columns: '3' is not valid here; valid here: a whole number (1 to 26)"
    )


def test_scenario_files_lists_every_path_given(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    (folder / "sub").mkdir(parents=True)
    for name in ("b.yaml", "a.yaml", "sub/c.yaml", "notes.txt"):
        (folder / name).write_text("", encoding="utf-8")
    single = tmp_path / "single.yaml"
    single.write_text("", encoding="utf-8")
    below = [folder / "a.yaml", folder / "b.yaml", folder / "sub" / "c.yaml"]
    assert scenario_files([folder, single]) == [*below, single]
    assert scenario_files([single, folder]) == [single, *below]


def test_a_might_scenario_given_as_text_is_named_scenario_in_its_errors() -> None:
    with pytest.raises(ScenarioError) as raised:
        game_from_yaml("ruleset: might\ntitle: No set-up\n")  # a sandbox: rules may be left out
    assert str(raised.value) == "<scenario>:1: setup: the key 'setup' is required here"
    assert [line.split(": ")[1] for line in raised.value.every()] == ["setup"]


def test_a_place_below_a_plain_value_is_located_on_its_line() -> None:
    """A problem reported below a number or a list (an order given as 5) keeps its line."""
    text = TWO_TAPS + "script:\n  - end_turn: {}\n    order: {iron-sentinel: 5}\n"
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(YamlSource(Path("taps.yaml"), text))
    assert str(raised.value).startswith("taps.yaml:26: script[0].order.iron-sentinel")
    _, spot = parse_yaml("a: 1\nb: [2]\n", "f.yaml")
    assert spot is not None
    a, b = spot.child("a"), spot.child("b")
    assert a is not None and b is not None
    assert a.child("x") is None and a.child(0) is None and b.child("x") is None
    source = YamlSource(Path("f.yaml"), "a: 1\nb: [2]\n")
    assert source.line_of(("a", "x")) == 1 and source.line_of(("b", "x", 0)) == 2
