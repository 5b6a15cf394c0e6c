"""Holding a battlefield (M-12 (5), M-14): won in combat, kept while the holder has a unit there,
lost at the next cleanup when it has none."""

from __future__ import annotations

import pytest

from engine.scenario import game_from_yaml

HELD = """\
ruleset: might
title: Alice holds both battlefields
rules: [M-14]
setup:
  players:
    - name: Alice
      units:
        - {card: Iron Sentinel, at: Battlefield 1}
        - {card: Stone Whelp, at: Battlefield 2}
    - name: Bob
      units: [{card: Vanguard Captain, at: base}]
"""


def holders(game: object) -> list[str | None]:
    table = game.table  # type: ignore[attr-defined]
    return [None if f.holder is None else table.players[f.holder].name for f in table.battlefields]


def held_game() -> object:
    game = game_from_yaml(HELD)
    game.combat(0)  # type: ignore[attr-defined]
    game.combat(1)  # type: ignore[attr-defined]
    assert holders(game) == ["Alice", "Alice"]
    return game


@pytest.mark.rule("M-14")
def test_moving_the_last_unit_away_ends_the_hold_at_the_cleanup_after_the_move() -> None:
    game = held_game()
    steps = game.move("iron-sentinel", None)  # type: ignore[attr-defined]
    assert holders(game) == [None, "Alice"]
    assert steps[-1].description == "Nobody holds Battlefield 1: Alice has no unit left there"
    assert steps[-1].rules == ("M-14", "P-28")
    assert steps[-1].cause.kind == "rule"


@pytest.mark.rule("M-14")
def test_the_last_unit_dying_ends_the_hold_after_its_death() -> None:
    game = held_game()
    steps = game.deal("stone-whelp", 2)  # type: ignore[attr-defined]
    assert [s.description for s in steps[-2:]] == [
        "stone-whelp (2 damage, lethal at 2) dies",
        "Nobody holds Battlefield 2: Alice has no unit left there",
    ]
    assert holders(game) == ["Alice", None]


@pytest.mark.rule("M-14")
def test_a_hold_stays_while_a_unit_is_there() -> None:
    game = held_game()
    steps = game.modify_might("iron-sentinel", -1)  # type: ignore[attr-defined]
    assert holders(game) == ["Alice", "Alice"]
    assert all("M-14" not in s.rules for s in steps)
