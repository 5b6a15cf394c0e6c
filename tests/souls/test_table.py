"""The souls table (S-1 to S-4, P-8): slots, lines, recruiting, and ids that are not on the
table."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
from engine.scenario import game_from_yaml
from engine.timeline import Cause
from tests.support.game_state import assert_refused
from tests.support.souls_tables import scenario_text


@pytest.mark.rule("S-2", "P-8")
def test_recruiting_in_front_of_a_soul_records_its_back_line_step() -> None:
    game = game_from_yaml(
        scenario_text().replace(
            "C1: {card: Blood Priest}",
            "C1: {card: Blood Priest}\n        A2: {card: Ash Zealot, id: z}",
        )
    )
    game.exile("thorn-squire")  # frees A1; the Zealot at A2 was already in the Front Line
    assert game.table.line("z") == "front"
    steps = game.recruit("mossback-guard", "A1")
    assert game.table.line("z") == "back"
    assert any("P-8" in s.rules and "z is now behind a Soul" in s.description for s in steps)


@pytest.mark.rule("S-3", "14.5.2")
def test_recruiting_onto_an_active_soul_breaks_s3_onto_a_captured_one_14_5_2() -> None:
    game = game_from_yaml(scenario_text())
    assert assert_refused(game, lambda: game.recruit("mossback-guard", "B1"), "S-3")
    assert assert_refused(game, lambda: game.recruit("mossback-guard", "A1"), "14.5.2")


UNKNOWN: list[tuple[str, tuple[object, ...]]] = [
    ("pay_hp", ("nope", 10)),
    ("pay_hp", ("nope", "10x_rank")),
    ("deal", ("nope", 5)),
    ("capture", ("nope",)),
    ("exile", ("nope",)),
    ("add_bonus", ("nope", "power", 5)),
    ("detach", ("nope",)),
    ("recruit", ("nope", "A2")),
    ("play", ("nope",)),
    ("play", ("firebolt", "nope")),
    ("activate", ("nope",)),
    ("activate", ("blood-priest", 0, "nope")),
    ("spring", ("nope",)),
    ("attack", ("nope", "ember-imp")),
    ("attack", ("sylva", "nope")),
]


@pytest.mark.rule("S-4")
@pytest.mark.parametrize(("name", "args"), UNKNOWN, ids=[f"{n}{a}" for n, a in UNKNOWN])
def test_unknown_ids_are_refused_with_s4(name: str, args: tuple[object, ...]) -> None:
    game = game_from_yaml(scenario_text())
    assert not getattr(game, f"can_{name}")(*args)
    assert_refused(game, lambda: getattr(game, f"verify_{name}")(*args), "S-4")
    assert_refused(game, lambda: getattr(game, name)(*args), "S-4")


@pytest.mark.rule("S-4")
def test_healing_an_unknown_id_is_refused_with_s4() -> None:
    game = game_from_yaml(scenario_text())
    assert not game.can_heal("nope")
    assert_refused(game, lambda: game.heal("nope", 5), "S-4")


RECRUIT = """\
ruleset: souls
title: A recruit
rules: [S-1]
setup:
  players:
    - {name: Alice, hand: [{card: Thorn Squire}]}
    - {name: Bob}
"""


def test_recruiting_to_a_slot_that_does_not_exist_lists_the_slots() -> None:
    game = game_from_yaml(RECRUIT)
    with pytest.raises(RuleError) as refused:
        game.recruit("thorn-squire", "Z9")
    assert refused.value.rule == "S-1"
    assert refused.value.message == "there is no slot Z9 (slots: A1, A2, B1, B2, C1, C2)"


def test_recruiting_is_an_action_on_the_recruited_soul() -> None:
    game = game_from_yaml(RECRUIT)
    [recruited, *_] = game.recruit("thorn-squire", "A1")
    assert recruited.description.startswith("thorn-squire is recruited onto slot A1 (Front Line)")
    assert recruited.cause == Cause(kind="action", card="thorn-squire", text="recruit thorn-squire")
