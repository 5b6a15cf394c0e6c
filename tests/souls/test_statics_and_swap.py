"""A static for the Souls a filter picks (P-90) and two Souls swapping slots (P-91)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from engine.changes import StatChanged
from engine.errors import ScenarioError
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.index import SoulsIndex
from tests.support.playthroughs import steps_matching

P90 = SCENARIOS / "souls" / "P-90-statics-for-souls-and-a-swap.yaml"


def _text() -> str:
    return Path(P90).read_text(encoding="utf-8")


@pytest.mark.rule("P-90")
def test_the_static_starts_with_the_recruit_and_ends_with_the_capture() -> None:
    run = run_scenario(P90)
    assert not run.failures
    [recruit] = steps_matching(run.game.steps, "drill-captain is recruited")
    assert StatChanged(card="thorn-squire", stat="power", before=10, after=15) in recruit.changes
    assert "P-90" in recruit.rules
    [capture] = steps_matching(run.game.steps, "drill-captain is captured")
    assert StatChanged(card="blood-priest", stat="power", before=10, after=5) in capture.changes
    table = run.game.table
    assert table.power("thorn-squire") == 10 and table.max_hp("thorn-squire") == 30


@pytest.mark.rule("P-90")
def test_a_line_static_follows_the_swap_and_a_captured_soul_gets_nothing() -> None:
    table = run_scenario(P90).game.table
    assert table.line("mossback-guard") == "back" and table.max_hp("mossback-guard") == 40
    assert table.granted_bonus(table.card("fading-wisp"), "max_hp") == 0  # captured (14.5.1)
    assert table.granted_bonus(table.card("drill-captain"), "max_hp") == 0


@pytest.mark.rule("P-90")
def test_the_index_marks_granting_statics_as_a_build_from_scratch_does() -> None:
    table = run_scenario(P90).game.table
    built = SoulsIndex.build(table.cards.values(), table.defs)
    assert set(built.grants) == set(table.index.grants) == {"rampart-keep", "drill-captain"}
    assert "drill-captain" not in table.index.statics  # not a counting static


@pytest.mark.rule("P-91")
def test_a_swap_with_a_soul_captured_before_it_resolves_does_nothing() -> None:
    game = game_from_yaml(_text())
    game.recruit("drill-captain", "C1")
    table = game.table
    game.table = table.with_card(table.card("thorn-squire").evolve(face_down=True))
    before = game.table.card("mossback-guard").slot
    game._resolve_effects(  # the spell's effects after its targets were chosen (P-4)
        "changing-of-the-guard",
        game.table.definition("changing-of-the-guard").effects,
        ("mossback-guard", "thorn-squire"),
        None,
        game.steps[-1].cause,
    )
    assert game.table.card("mossback-guard").slot == before
    assert "nothing happens, thorn-squire is not active" in game.steps[-1].description


@pytest.mark.rule("P-91")
@pytest.mark.parametrize(
    ("target", "where"),
    [
        ("[{side: own, kind: soul}, {side: enemy, kind: soul}]", "cards[2].effects[0]"),
        ("[{side: own, kind: soul}, {side: own, kind: realm}]", "cards[2].effects[0]"),
        ("[{side: any, kind: soul}, {side: any, kind: soul}]", "cards[2].effects[0]"),
        ("{side: own, kind: soul}", "cards[2].effects[0].target"),
    ],
)
def test_a_swap_of_anything_but_two_souls_of_one_side_is_refused_at_check(
    target: str, where: str
) -> None:
    text = _text().replace(
        "    target:\n      - {side: own, kind: soul}\n      - {side: own, kind: soul}\n",
        f"    target: {target}\n",
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert error.value.where == where
