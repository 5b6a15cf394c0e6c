"""Taking control of a unit until end of turn (P-107): it stays where it is, acts, fights and
counts as its new controller's, and goes back to its owner at the expiration (M-13)."""

from __future__ import annotations

import pytest

from engine.might.game import MightGame
from engine.might.text import render_table
from engine.scenario import game_from_yaml

TAKING = """\
ruleset: might
title: Taking control
rules: [P-107]
cards:
  - name: Mind Thief
    kind: unit
    might: 3
    abilities:
      - when: activated
        name: Mind Theft
        target: {side: any, here: true}
        effects: [{do: take_control}]
  - name: Pack Leader
    kind: unit
    might: 1
    auras:
      - {might: 1, to: other_friendly, here: true}
  - name: Ambusher
    kind: unit
    might: 1
    abilities:
      - when: attacks
        name: Turncoat
        target: {side: enemy, here: true}
        effects: [{do: take_control}]
  - name: Spark
    kind: spell
    target: {side: any}
    effects: [{do: damage, amount: 2}]
setup:
  players:
    - name: Alice
      hand: [{card: Spark}]
      units:
        - {card: Mind Thief, at: Battlefield 1}
        - {card: Ambusher, at: Battlefield 2}
    - name: Bob
      units:
        - {card: Stone Whelp, at: Battlefield 1}
        - {card: Pack Leader, at: Battlefield 1}
        - {card: Iron Sentinel, at: Battlefield 2, shields: [{value: all}]}
"""


def taken() -> MightGame:
    game = game_from_yaml(TAKING)
    game.activate("mind-thief", 0, "stone-whelp")
    game.resolve()
    return game


@pytest.mark.rule("P-107")
def test_the_unit_stays_where_it_is_and_is_its_new_controllers() -> None:
    game = taken()
    whelp = game.table.cards["stone-whelp"]
    assert (whelp.zone, whelp.battlefield) == ("battlefield", 0)
    assert (whelp.owner, whelp.controller) == (1, 0)
    assert not whelp.exhausted  # taking control neither readies nor exhausts it
    [step] = [s for s in game.steps if "takes control" in s.description]
    assert step.description.startswith(
        "Alice takes control of stone-whelp this turn; it stays at Battlefield 1"
    )
    assert step.effect_ids == ("e3",)
    assert step.rules[0] == "P-107"
    assert [c.describe() for c in step.changes][0] == ("stone-whelp controlled by Bob -> Alice")


@pytest.mark.rule("P-107", "M-24")
def test_friendly_auras_see_it_as_the_new_controllers() -> None:
    game = game_from_yaml(TAKING)
    assert game.table.might("stone-whelp") == 3  # Bob's Pack Leader reaches it
    game.activate("mind-thief", 0, "stone-whelp")
    game.resolve()
    assert game.table.might("stone-whelp") == 2


@pytest.mark.rule("P-107", "M-14")
def test_its_old_controller_loses_a_hold_kept_only_by_it() -> None:
    game = game_from_yaml(
        TAKING.replace("        - {card: Pack Leader, at: Battlefield 1}\n", "")
        .replace("        - {card: Mind Thief, at: Battlefield 1}", "        - {card: Mind Thief}")
        .replace("setup:\n", "setup:\n  turn_player: 1\n")
    )
    game.combat(0)  # Bob's whelp takes the empty Battlefield 1 (M-12)
    game.end_turn()
    game.move("mind-thief", 0)
    assert game.table.battlefields[0].holder == 1
    game.activate("mind-thief", 0, "stone-whelp")
    steps = game.resolve()
    assert game.table.battlefields[0].holder is None
    assert steps[-1].description == "Nobody holds Battlefield 1: Bob has no unit left there"


@pytest.mark.rule("P-107", "M-9")
def test_it_fights_and_moves_for_its_new_controller() -> None:
    game = taken()
    game.combat(0)
    declared = next(s for s in game.steps if s.description.startswith("Combat at Battlefield 1"))
    assert "mind-thief, stone-whelp attack" in declared.description
    assert game.can_recall("stone-whelp")  # the turn player moves it now (P-18)


@pytest.mark.rule("P-107", "M-13")
def test_recalled_it_goes_to_its_controllers_base_and_at_the_end_to_its_owners() -> None:
    game = taken()
    game.recall("stone-whelp")
    assert "stone-whelp" in render_table(game.table).split("Bob:")[0]  # under Alice
    steps = game.end_turn()
    texts = [s.description for s in steps]
    ending = next(i for i, t in enumerate(texts) if t.startswith('Effects lasting "this turn"'))
    assert "stone-whelp: control taken (from mind-thief) this turn" in texts[ending]
    assert texts[ending + 1] == (
        "control of stone-whelp returns to Bob; it goes from Alice's base to Bob's base"
    )
    assert game.table.cards["stone-whelp"].controller == 1
    assert "stone-whelp" in render_table(game.table).split("Bob:")[1]


@pytest.mark.rule("P-107", "M-13")
def test_at_a_battlefield_it_stays_there_when_control_returns() -> None:
    game = taken()
    game.end_turn()
    whelp = game.table.cards["stone-whelp"]
    assert (whelp.zone, whelp.battlefield, whelp.controller) == ("battlefield", 0, 1)
    assert any(
        s.description == "control of stone-whelp returns to Bob; it stays at Battlefield 1"
        for s in game.steps
    )


@pytest.mark.rule("P-107", "M-6")
def test_leaving_the_table_it_goes_to_its_owner_and_loses_the_change() -> None:
    game = taken()
    game.play("spark", "stone-whelp")
    game.resolve()
    whelp = game.table.cards["stone-whelp"]
    assert (whelp.zone, whelp.owner, whelp.control) == ("trash", 1, ())
    steps = game.end_turn()
    assert not any("returns to" in s.description for s in steps)


@pytest.mark.rule("P-107")
def test_a_unit_it_controls_already_stays_as_it_is() -> None:
    game = game_from_yaml(TAKING)
    game.activate("mind-thief", 0, "mind-thief")
    steps = game.resolve()
    assert any(s.description == "mind-thief is Alice's already: nothing happens" for s in steps)
    assert game.table.cards["mind-thief"].control == ()


@pytest.mark.rule("P-107", "M-28", "P-43")
def test_taken_during_a_combat_it_joins_its_new_controllers_side() -> None:
    game = game_from_yaml(TAKING)
    game.combat(1)
    texts = [s.description for s in game.steps]
    taking = next(i for i, t in enumerate(texts) if "takes control of iron-sentinel" in t)
    assert texts[taking].endswith(
        "it stays at Battlefield 2, out of the combat until the next cleanup has it join "
        "Alice's side"
    )
    joined = next(i for i, t in enumerate(texts) if t.startswith("iron-sentinel joins the combat"))
    assert joined > taking
    assert "as an attacker" in texts[joined]
