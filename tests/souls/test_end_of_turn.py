"""The end of a souls turn (S-6, 14.4.3): bonuses "until end of turn" end together, and a
Soul that loses one may be captured."""

from __future__ import annotations

import pytest

from engine.scenario import game_from_yaml
from engine.souls.changes import Flipped
from tests.support.souls_tables import SELF_MENDER, scenario_text


@pytest.mark.rule("14.4.3", "S-6")
def test_lost_bonus_captures_at_end_of_turn() -> None:
    game = game_from_yaml(scenario_text())
    game.add_bonus("blood-priest", "max_hp", 10, "end_of_turn")
    game.deal("blood-priest", 25)
    assert game.table.hp("blood-priest") == 10
    steps = game.end_turn()
    assert game.table.cards["blood-priest"].face_down
    capture = next(s for s in steps if any(isinstance(c, Flipped) for c in s.changes))
    assert "14.4.3" in capture.rules


def test_bonuses_until_end_of_turn_end_together_on_every_card() -> None:
    game = game_from_yaml(SELF_MENDER)
    game.add_bonus("thorn-squire", "power", 5, "end_of_turn")
    game.add_bonus("ember-imp", "max_hp", 10, "end_of_turn")
    ended = next(s for s in game.end_turn() if s.description.startswith("Bonuses"))
    assert {(c.card, c.kind) for c in ended.changes} == {
        ("thorn-squire", "bonus_ended"),
        ("ember-imp", "bonus_ended"),
    }


@pytest.mark.rule("S-6", "14.4.3")
def test_the_bonus_ending_says_the_max_hp_it_leaves_against_the_damage() -> None:
    game = game_from_yaml(scenario_text())
    game.add_bonus("blood-priest", "max_hp", 10, "end_of_turn")
    game.deal("blood-priest", 25)
    steps = game.end_turn()
    said = [s.description for s in steps]
    ended = said.index(
        'Bonuses "until end of turn" end: blood-priest loses +10 max HP from playtester until '
        "end of turn (blood-priest max HP 35 -> 25)"
    )
    assert said[ended + 1].startswith(
        "blood-priest is captured: face down, on the slot (damage 25 reached max HP 25)"
    )
