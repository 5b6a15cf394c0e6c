"""Loops that never end (P-25) on the might table: refused as a whole, leaving the game as
it was, and `verify_x` agreeing with `x`."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from engine.choices import Answer, Choice, default_chooser
from engine.errors import RuleError
from engine.loops import LoopError
from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.scenario import game_from_yaml
from tests.support.game_state import assert_refused, assert_unchanged, whole_state
from tests.support.playthroughs import playthrough_of

SELF_LOOP = """\
ruleset: might
title: A unit that heals and hurts itself
rules: [P-25]
cards:
  - name: Mending Thorn
    kind: unit
    might: 5
    abilities:
      - {when: takes_damage, effects: [{do: heal, target: self}]}
      - {when: healed, effects: [{do: damage, amount: 1, target: self}]}
setup:
  players:
    - name: Alice
      hand: [{card: Spark}]
      units: [{card: Stone Whelp}]
    - name: Bob
      units: [{card: Mending Thorn}]
"""


EXPIRATION_LOOP = """\
ruleset: might
title: Thornback and a damaged Vengeful Spirit at one battlefield
rules: [P-25]
setup:
  players:
    - name: Alice
      units: [{card: Vengeful Spirit, at: Battlefield 1, damage: 1}]
    - name: Bob
      units: [{card: Thornback, at: Battlefield 1}]
"""


def test_a_unit_that_heals_and_hurts_itself_is_refused_without_memory_growth() -> None:
    game = game_from_yaml(SELF_LOOP)
    tracemalloc.start()
    try:
        error = assert_refused(game, lambda: game.deal("mending-thorn", 1), "P-25")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(error, LoopError)
    assert "the chain item 'mending-thorn: when healed' came back" in error.message
    assert peak < 64 * 2**20  # the guard stops it long before memory matters


def test_resolving_into_the_loop_is_refused_and_can_resolve_says_so() -> None:
    game = game_from_yaml(SELF_LOOP)
    game.play("spark", "mending-thorn")  # playing is fine: the loop starts when it resolves
    assert not game.can_resolve()
    assert_refused(game, game.resolve, "P-25")
    assert [item.card for item in game.table.chain] == ["spark"]


@pytest.mark.rule("P-25", "P-13")
def test_an_expiration_that_never_settles_cannot_end_the_turn() -> None:
    game = game_from_yaml(EXPIRATION_LOOP)
    assert not game.can_end_turn()
    error = assert_refused(game, game.end_turn, "P-25")
    assert "expiration came back to a state" in error.message
    game.recall("vengeful-spirit")  # Barbed Hide then finds nobody "here": the loop is broken
    assert game.can_end_turn()
    game.end_turn()
    assert game.table.turn == 2


ACTIONS: dict[str, Callable[[MightGame], object]] = {
    "deal": lambda g: g.deal("mending-thorn", 1),
    "heal": lambda g: g.heal("mending-thorn"),
    "might": lambda g: g.modify_might("mending-thorn", 1),
    "end_turn": lambda g: g.end_turn(),
    "combat": lambda g: g.combat(0),
}


VERIFY: dict[str, Callable[[MightGame], object]] = {
    "deal": lambda g: g.verify_deal("mending-thorn", 1),
    "heal": lambda g: g.verify_heal("mending-thorn"),
    "might": lambda g: g.verify_modify_might("mending-thorn", 1),
    "end_turn": lambda g: g.verify_end_turn(),
    "combat": lambda g: g.verify_combat(0),
}


@pytest.mark.parametrize("damaged", [0, 1])
@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_verify_and_the_action_agree_loops_included(name: str, damaged: int) -> None:
    text = SELF_LOOP.replace(
        "units: [{card: Mending Thorn}]",
        f"units: [{{card: Mending Thorn, at: Battlefield 1, damage: {damaged}}}]",
    ).replace("units: [{card: Stone Whelp}]", "units: [{card: Iron Sentinel, at: Battlefield 1}]")

    def player(choice: Choice) -> Answer:  # a trial answers with the defaults, not the player
        return default_chooser(choice)

    game = game_from_yaml(text, player)
    before = whole_state(game)  # the chooser is part of it: the trial must put it back
    try:
        VERIFY[name](game)
        verified: str | None = None
    except RuleError as error:
        verified = error.rule
    assert_unchanged(before, game)  # verifying (a trial run, when cards could loop) changed nothing
    try:
        ACTIONS[name](game)
        acted: str | None = None
    except RuleError as error:
        acted = error.rule
    assert verified == acted


@pytest.mark.rule("P-25")
def test_passing_into_a_loop_is_refused_and_the_spell_still_waits() -> None:
    # The app's way: the spell waits on the chain; the pass that would loop is refused (P-25).
    play = playthrough_of(SELF_LOOP, name="t.yaml")
    play.act(might.Action.of(might_verbs.Play(card="spark", target="mending-thorn")))
    assert play.waiting() is not None
    game = play.game
    assert isinstance(game, MightGame)
    assert_refused(play, play.proceed, "P-25")
    assert play.waiting() is not None and [i.card for i in game.table.chain] == ["spark"]


SORE = """\
ruleset: might
title: A wisp that hurts itself when healed
rules: [P-25]
cards:
  - name: Sore Wisp
    kind: unit
    might: 3
    text: When this takes damage, heal it. When this is healed, deal 1 damage to it.
    abilities:
      - when: takes_damage
        effects: [{do: heal, target: self}]
      - when: healed
        effects: [{do: damage, amount: 1, target: self}]
setup:
  players:
    - name: Alice
      units: [{card: Sore Wisp}]
    - name: Bob
"""


@pytest.mark.rule("M3", "P-25")
def test_a_deal_looping_only_through_its_bonus_damage_is_refused_p25() -> None:
    # the trial of a deal edit includes its Bonus Damage (M3, P-25): 0 damage triggers
    # nothing, 0 + 1 starts the wisp's endless heal-and-hurt
    play = playthrough_of(SORE, name="edits.yaml")
    plain = Action.model_validate({"deal": {"target": "sore-wisp", "amount": 0}})
    bonus = Action.model_validate({"deal": {"target": "sore-wisp", "amount": 0, "bonus": 1}})
    assert play.why_not(plain) is None
    assert play.why_not(bonus) == (
        "the chain item 'sore-wisp: when healed' came back to a state it already resolved in: "
        "the cards loop forever, so the action is refused (rule P-25)"
    )
