"""Holding a battlefield (M-12 (5), M-14, P-28, P-11 retired): won in combat, by an attacker or
a defender left alone, kept while the holder has a unit there, lost at the next cleanup when it
has none, or at the result of a combat there."""

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


@pytest.mark.rule("M-14", "P-28")
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
        "stone-whelp dies: damage 2 >= Might 2",
        "Nobody holds Battlefield 2: Alice has no unit left there",
    ]
    assert holders(game) == ["Alice", None]


@pytest.mark.rule("M-14")
def test_a_hold_stays_while_a_unit_is_there() -> None:
    game = held_game()
    steps = game.modify_might("iron-sentinel", -1)  # type: ignore[attr-defined]
    assert holders(game) == ["Alice", "Alice"]
    assert all("M-14" not in s.rules for s in steps)


AMBUSHED = """\
ruleset: might
title: Alice holds Battlefield 1 with one captain, and Bob's Cutthroat attacks it
rules: [M-12]
cards:
  - name: Cutthroat
    kind: unit
    might: 1
    text: "When this attacks, deal 5 damage to an enemy unit here."
    abilities:
      - when: attacks
        name: Ambush
        target: {side: enemy, here: true}
        effects: [{do: damage, amount: 5}]
setup:
  players:
    - name: Alice
      units: [{card: Vanguard Captain, at: Battlefield 1}]
    - name: Bob
      units: [{card: Stone Whelp, at: Battlefield 1}, {card: Cutthroat}]
"""


@pytest.mark.rule("P-28", "M-12")
def test_a_hold_lost_during_a_combat_there_waits_for_the_combats_result() -> None:
    """The Cutthroat's attack trigger kills the holder's last unit there, and the cleanup after
    it leaves the hold alone (P-28): the combat's result gives the battlefield to Bob."""
    game = game_from_yaml(AMBUSHED)
    game.combat(0)
    game.end_turn()
    game.move("cutthroat", 0)
    steps = game.combat(0)
    assert "vanguard-captain dies: damage 5 >= Might 5" in [s.description for s in steps]
    assert not [s for s in steps if "P-28" in s.rules]
    assert steps[-2].description == "Bob holds Battlefield 1: Bob has 1 unit left there, Alice none"
    assert holders(game) == ["Bob", None]


REPELLED = """\
ruleset: might
title: Alice's Stone Whelp attacks Bob's Iron Sentinel at a battlefield nobody holds
rules: [M-12]
setup:
  players:
    - {name: Alice, units: [{card: Stone Whelp, at: Battlefield 1}]}
    - {name: Bob, units: [{card: Iron Sentinel, at: Battlefield 1}]}
"""


@pytest.mark.rule("P-11", "M-12")
def test_a_defender_left_alone_takes_the_battlefield_nobody_held() -> None:
    game = game_from_yaml(REPELLED)
    steps = game.combat(0)
    assert holders(game) == ["Bob", None]
    assert steps[-2].description == "Bob holds Battlefield 1: Bob has 1 unit left there, Alice none"


@pytest.mark.rule("P-11", "M-12")
def test_after_a_mutual_wipe_nobody_holds_the_battlefield_its_holder_held() -> None:
    bobs_captain = "{card: Vanguard Captain, id: bob-captain}"
    game = game_from_yaml(AMBUSHED.replace("{card: Cutthroat}", bobs_captain))
    game.combat(0)
    game.end_turn()
    game.move("bob-captain", 0)
    steps = game.combat(0)
    assert steps[-2].description == (
        "Nobody holds Battlefield 1: no unit is left there (Alice loses it)"
    )
    assert holders(game) == [None, None]


@pytest.mark.rule("M-12")
def test_the_combat_result_counts_each_players_units_left_there() -> None:
    game = game_from_yaml(HELD)
    steps = game.combat(0)  # type: ignore[attr-defined]
    result = next(s for s in steps if s.phase[-1] == "Combat result")
    assert result.description == "Alice holds Battlefield 1: Alice has 1 unit left there, Bob none"


# The Horn Bearer dies in the combat it attacks in; its Rally, on the chain since the Deal step,
# brings a unit of Alice's there at the Combat Cleanup's chain, after the recall (M-12 (4)).
BOTH_THERE = """\
ruleset: might
title: Both players are still there at the result
rules: [M-12]
cards:
  - name: Horn Bearer
    kind: unit
    might: 2
    text: "When this takes damage, move a unit you control at your base here."
    abilities:
      - when: takes_damage
        name: Rally
        target: {side: own, state: at_base}
        effects:
          - {do: move, to: here}
setup:
  players:
    - name: Alice
      units:
        - {card: Horn Bearer, at: Battlefield 1}
        - {card: Stone Whelp}
    - name: Bob
      units: [{card: Iron Sentinel, at: Battlefield 1}]
"""


@pytest.mark.rule("M-12")
def test_with_both_players_still_there_the_result_counts_both() -> None:
    game = game_from_yaml(BOTH_THERE)
    steps = game.combat(0)  # type: ignore[attr-defined]
    result = next(s for s in steps if s.phase[-1] == "Combat result")
    assert result.description == (
        "Both players have units left at Battlefield 1 (Alice 1, Bob 1): nobody holds it"
    )
    assert holders(game) == [None, None]
