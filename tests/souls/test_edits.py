"""Playtester edits on the souls table (P-14): each is the playtester's, on its card, and a
script's edit is the game's own."""

from __future__ import annotations

import pytest

from engine.scenario import game_from_yaml
from engine.timeline import Cause
from tests.support.playthroughs import playthrough_of
from tests.support.souls_tables import MAILED_SQUIRE, SELF_MENDER

EXILE = """\
ruleset: souls
title: Exile
rules: [14.5.4]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}, B1: {card: Mossback Guard}}}
"""


@pytest.mark.rule("14.5.4")
def test_a_playtesters_exile_is_caused_by_the_playtester_on_the_soul() -> None:
    """Exiling a captured Soul is a playtester's edit on that Soul (14.5.4)."""
    game = game_from_yaml(EXILE)
    game.capture("ember-imp")
    exiled = game.exile("ember-imp")
    assert all(
        step.cause == Cause(kind="playtester", card="ember-imp", text="exile ember-imp")
        for step in exiled
    )
    assert game.table.cards["ember-imp"].zone == "exile"


@pytest.mark.rule("S-6")
def test_a_playtesters_bonus_is_caused_by_the_playtester_on_the_soul() -> None:
    """A bonus edit is a playtester's edit on that Soul, named by the bonus (S-6)."""
    game = game_from_yaml(EXILE)
    [step] = game.add_bonus("ember-imp", "max_hp", 10, "end_of_turn")
    assert step.cause == Cause(
        kind="playtester",
        card="ember-imp",
        text="ember-imp gets +10 max HP from playtester until end of turn",
    )


def test_a_playtesters_detach_is_an_edit_on_the_armament() -> None:
    game = game_from_yaml(MAILED_SQUIRE)
    [step] = game.detach("iron-mail")
    assert step.cause == Cause(kind="playtester", card="iron-mail", text="detach iron-mail")


def test_a_playtesters_heal_is_an_edit_on_the_healed_card() -> None:
    game = game_from_yaml(MAILED_SQUIRE)
    game.deal("thorn-squire", 10)
    [healed] = game.heal("thorn-squire", 5)
    assert healed.cause == Cause(
        kind="playtester", card="thorn-squire", text="heal thorn-squire by 5"
    )


def test_a_playtesters_capture_is_an_edit_on_the_soul() -> None:
    game = game_from_yaml(SELF_MENDER)
    steps = game.capture("ember-imp")
    assert {s.cause for s in steps} == {
        Cause(kind="playtester", card="ember-imp", text="capture ember-imp")
    }


BONUS = """\
ruleset: souls
title: A bonus written in a script
rules: [S-5, S-6]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
script:
  - bonus: {target: thorn-squire, stat: power, amount: 5, duration: end_of_turn}
"""


@pytest.mark.rule("S-6")
def test_a_scripted_bonus_keeps_its_duration() -> None:
    # the script's bonus is the game's own, "until end of turn" (S-6)
    play = playthrough_of(BONUS, "bonus.yaml")
    play.run(play.scenario.script)
    by_hand = game_from_yaml(BONUS)
    by_hand.add_bonus("thorn-squire", "power", 5, "end_of_turn")
    assert [s.description for s in play.game.steps] == [s.description for s in by_hand.steps]
    assert play.game.table == by_hand.table
