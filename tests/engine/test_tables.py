"""What both rulesets' tables hold: the rules are for two players."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.scenario import game_from_yaml


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_a_table_is_for_two_players(ruleset: str) -> None:
    # the rules are for two players, so a hand-built table with a third is refused (a third
    # player's unit could never hold a battlefield)
    table = (game_from_yaml(SOULS_TWO) if ruleset == "souls" else game_from_yaml(MIGHT_TWO)).table
    data = table.model_dump()
    data["players"] = [*data["players"], data["players"][0]]
    with pytest.raises(ValidationError):
        type(table).model_validate(data)
    assert type(table).model_validate(table.model_dump()) == table


SOULS_TWO = """\
ruleset: souls
title: Two players
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""


MIGHT_TWO = """\
ruleset: might
title: Two players
rules: [M-1]
setup:
  players:
    - {name: Alice, units: [{card: Stone Whelp}]}
    - {name: Bob, units: [{card: Hollow Golem}]}
"""
