"""Effects that last "this combat" (P-38): they hold through the combat's Combat Cleanup and end
as it is over, followed by a lethal check; without a combat they end at expiration (c)."""

from __future__ import annotations

from typing import cast

from engine.might.game import MightGame
from engine.scenario import game_from_yaml

TABLE = """\
ruleset: might
title: this combat
rules: [P-38]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          at: Battlefield 1
          shields: [{id: guard, value: 3, duration: this_combat}]
          might: [{amount: 2, duration: this_combat}]
    - name: Bob
      units:
        - {card: Vanguard Captain, at: Battlefield 1}
"""


def test_a_shield_for_this_combat_covers_its_damage_then_ends_with_a_check() -> None:
    game = cast(MightGame, game_from_yaml(TABLE))
    steps = game.combat(0)
    texts = [s.description for s in steps]
    assert "iron-sentinel" in next(t for t in texts if t.startswith("Combat damage is dealt"))
    ended = next(i for i, t in enumerate(texts) if t.startswith('Effects lasting "this combat"'))
    assert "prevention guard" in texts[ended] and "+2 Might" in texts[ended]
    assert texts[ended + 1] == "Combat is over"
    assert "P-38" in steps[ended + 2].rules  # the check after it
    sentinel = game.table.cards["iron-sentinel"]
    assert not sentinel.shields and not sentinel.modifiers
    assert game.table.might("iron-sentinel") == 4


def test_without_a_combat_they_end_at_expiration() -> None:
    game = cast(MightGame, game_from_yaml(TABLE))
    steps = game.end_turn()
    [ended] = [s for s in steps if s.phase[-1] == '(c) "This turn" effects end']
    assert "prevention guard" in ended.description
    assert not game.table.cards["iron-sentinel"].shields
