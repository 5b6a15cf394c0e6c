"""One order for simultaneous might events (P-12): the turn player's units first, each player's
in the order they came to the table; deaths, combat damage, heals and end of turn alike."""

from __future__ import annotations

import pytest

from engine.changes import Died, Triggered
from engine.might.game import MightGame
from engine.scenario import game_from_yaml

TABLE = """\
ruleset: might
title: Four echoes
rules: [P-12]
cards:
  - name: Echo
    kind: unit
    might: 1
    abilities:
      - {when: takes_damage, name: hurt}
      - {when: dies, name: gone}
      - {when: healed, name: mended}
      - {when: end_of_turn, name: dusk}
setup:
  turn_player: TURN
  players:
    - name: Alice
      units: [{card: Echo, id: a1, AT}, {card: Echo, id: a2, AT}]
    - name: Bob
      units: [{card: Echo, id: b1, AT}, {card: Echo, id: b2, AT}]
"""
AT_BATTLE = "at: Battlefield 1"
DAMAGED = "damage: 1, might: [{amount: 2}]"


def game(turn_player: int, at: str) -> MightGame:
    return game_from_yaml(TABLE.replace("TURN", str(turn_player)).replace("AT", at))


def triggered(g: MightGame, ability: str) -> list[str]:
    """The units whose ``ability`` went on the chain, in the order they went there."""
    return [
        c.card
        for s in g.steps
        for c in s.changes
        if isinstance(c, Triggered) and c.ability == ability
    ]


ORDER = {0: ["a1", "a2", "b1", "b2"], 1: ["b1", "b2", "a1", "a2"]}


@pytest.mark.parametrize("turn_player", [0, 1])
def test_combat_deal_and_deaths_take_the_turn_player_first(turn_player: int) -> None:
    g = game(turn_player, AT_BATTLE)
    g.combat(0)  # 2 against 2: every echo takes 1 and dies, all at once
    assert triggered(g, "hurt") == ORDER[turn_player]
    assert triggered(g, "gone") == ORDER[turn_player]
    deaths = [s for s in g.steps if any(isinstance(c, Died) for c in s.changes)]
    assert len(deaths) == 1
    assert [c.card for c in deaths[0].changes if isinstance(c, Died)] == ORDER[turn_player]
    together = [s for s in g.steps if any(isinstance(c, Triggered) for c in s.changes)]
    assert all("P-12" in s.rules for s in together)  # the order decided: it is cited


@pytest.mark.parametrize("turn_player", [0, 1])
def test_end_of_turn_and_expiration_heals_take_the_turn_player_first(turn_player: int) -> None:
    g = game(turn_player, DAMAGED)
    g.end_turn()
    assert triggered(g, "dusk") == ORDER[turn_player]
    assert triggered(g, "mended") == ORDER[turn_player]


@pytest.mark.parametrize("turn_player", [0, 1])
def test_a_unit_played_later_comes_after_the_others_of_its_player(turn_player: int) -> None:
    g = game(turn_player, DAMAGED)
    g.return_to_hand("a1") if turn_player == 0 else g.return_to_hand("b1")
    played = "a1" if turn_player == 0 else "b1"
    g.play(played)  # it comes back to the table last of its player
    g.end_turn()
    order = [u for u in ORDER[turn_player] if u != played]
    order.insert(1, played)
    assert triggered(g, "dusk") == order


ARRIVALS = """\
ruleset: might
title: Set up, then played
rules: [P-12]
setup:
  players:
    - name: Alice
      runes: 9
      units:
        - {card: Stone Whelp, id: a}
        - {card: Stone Whelp, id: b}
        - {card: Stone Whelp, id: c}
      hand: [{card: Stone Whelp, id: played}]
    - name: Bob
"""


@pytest.mark.rule("P-12")
def test_a_played_unit_comes_after_every_unit_set_up() -> None:
    """Set-up units in the file's order, then the one played, whatever number it gets: a
    played unit's number once tied with a set-up unit's place, and the tie fell to the
    order of a hash set (so a transcript could differ from one run to the next)."""
    game = game_from_yaml(ARRIVALS)
    assert isinstance(game, MightGame)
    game.play("played")
    assert [unit.uid for unit in game.table.units(0)] == ["a", "b", "c", "played"]
    assert game.table.simultaneous(["played", "c", "a", "b"]) == ["a", "b", "c", "played"]
