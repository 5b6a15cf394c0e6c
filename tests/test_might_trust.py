"""Issue 8, might: loops refused as a whole (P-25), refusals before changes, bad input refused
with a rule, effects named by the script."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from engine.choices import Answer, Assigned, Choice, default_chooser
from engine.errors import RuleError
from engine.loops import LoopError
from engine.might import scenario as might
from engine.might.game import MightGame
from engine.scenario import might_game_from_yaml
from tests.support.game_state import assert_refused, assert_unchanged, whole_state
from tests.support.might_tables import TABLE
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
    game = might_game_from_yaml(SELF_LOOP)
    tracemalloc.start()
    try:
        error = assert_refused(game, lambda: game.deal("mending-thorn", 1), "P-25")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(error, LoopError)
    assert "the chain item 'mending-thorn: when takes damage' repeated" in error.message
    assert peak < 64 * 2**20  # the guard stops it long before memory matters


def test_resolving_into_the_loop_is_refused_and_can_resolve_says_so() -> None:
    game = might_game_from_yaml(SELF_LOOP)
    game.play("spark", "mending-thorn")  # playing is fine: the loop starts when it resolves
    assert not game.can_resolve()
    assert_refused(game, game.resolve, "P-25")
    assert [item.card for item in game.table.chain] == ["spark"]


def test_an_expiration_that_never_settles_cannot_end_the_turn() -> None:
    game = might_game_from_yaml(EXPIRATION_LOOP)
    assert not game.can_end_turn()
    error = assert_refused(game, game.end_turn, "P-25")
    assert "expiration repeated" in error.message
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

    game = might_game_from_yaml(text, player)
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


def test_an_order_never_asked_for_refuses_the_whole_action_before_anything_stays() -> None:
    # M-4: fewer than two replacements apply to the whelp, so the order is refused; the Spark
    # must not have resolved and killed it (the check used to run after the commit).
    play = playthrough_of(TABLE, name="t.yaml")
    game = play.game
    spark = might.Action(
        play=might.PlayArgs(card="spark", target="stone-whelp"),
        order={"stone-whelp": ("ward", "twice")},
    )
    assert isinstance(game, MightGame)
    error = assert_refused(play, lambda: play.act(spark, open_windows=False), "M-4")
    assert "never asked for" in error.message
    assert game.table.cards["stone-whelp"].zone == "battlefield"
    assert game.table.cards["spark"].zone == "hand"


def test_bad_edits_are_refused_with_a_rule() -> None:
    game = might_game_from_yaml(TABLE)
    assert_refused(game, lambda: game.add_runes(0, -5), "M-1")  # a pool never below 0
    assert_refused(game, lambda: game.add_runes(2, 1), "M-1")  # no such player
    assert_refused(game, lambda: game.grant_bonus_damage(-1, 1), "M-1")
    assert_refused(game, lambda: game.deal("iron-sentinel", -3), "M-4")
    assert_refused(game, lambda: game.deal("nobody", 3), "M-1")
    assert_refused(game, lambda: game.set_lethal_threshold("iron-sentinel", 0), "M-3")
    assert_refused(game, lambda: game.heal("spark"), "M-1")  # in hand, not on the table
    assert_refused(game, lambda: game.move("nobody", 0), "M-1")
    assert_refused(game, lambda: game.play("spark", "nobody"), "M-1")
    assert_refused(game, lambda: game.combat(7), "M-9")


def test_a_shield_made_in_play_is_named_by_the_script_and_shown() -> None:
    game = might_game_from_yaml(TABLE)
    steps = game.add_shield("iron-sentinel", 2, effect_id="my-ward")
    assert "prevention my-ward (2 left of 2)" in steps[0].description
    assert [s.id for s in game.table.cards["iron-sentinel"].shields] == ["my-ward"]
    assert_refused(game, lambda: game.add_doubler("iron-sentinel", effect_id="my-ward"), "M-4")
    assert_refused(game, lambda: game.add_shield("iron-sentinel", 1, effect_id="e9"), "M-4")
    unnamed = game.add_doubler("iron-sentinel")[0].description
    number = game.table.next_id - 1  # created ids are e<n>, in creation order, and shown
    assert f"doubling e{number}" in unnamed
    assert f"(e{number + 1}): Might 4 -> 5" in game.modify_might("iron-sentinel", 1)[0].description
    lethal = game.set_lethal_threshold("iron-sentinel", 9)[0].description
    assert f"this turn (e{number + 2})" in lethal
    assert f"(e{number + 3})" in game.grant_bonus_damage(0, 1)[0].description


def test_an_assignment_nobody_asked_for_refuses_the_whole_combat() -> None:
    # M-10: a side of 0 damage assigns nothing, so an assignment for it answers no choice.
    play = playthrough_of(
        TABLE.replace(
            "{card: Stone Whelp, at: Battlefield 1}", "{card: Hollow Golem, id: g2}"
        ).replace("id: g2}", "id: g2, at: Battlefield 2}"),
        name="t.yaml",
    )
    game = play.game
    assert isinstance(game, MightGame)
    combat = might.Action(
        combat=might.CombatArgs(
            battlefield="Battlefield 2",
            assign={"Alice": (Assigned(unit="ash-martyr", damage=1),)},
        )
    )
    error = assert_refused(play, lambda: play.act(combat, open_windows=False), "M-10")
    assert "the assignment given for Alice was never asked for" in error.message


def test_passing_into_a_loop_is_refused_and_the_spell_still_waits() -> None:
    # The app's way: the spell waits on the chain; the pass that would loop is refused (P-25).
    play = playthrough_of(SELF_LOOP, name="t.yaml")
    play.act(might.Action(play=might.PlayArgs(card="spark", target="mending-thorn")))
    assert play.waiting() is not None
    game = play.game
    assert isinstance(game, MightGame)
    assert_refused(play, play.proceed, "P-25")
    assert play.waiting() is not None and [i.card for i in game.table.chain] == ["spark"]
