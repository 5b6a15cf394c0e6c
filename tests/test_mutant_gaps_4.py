"""Might behaviour no other test pinned down (docs/testing.md, "Mutation testing"): these pin
behaviour that surviving mutants showed untested (refusals of resolve, play and end of turn, and
what the (c) step of expiration ends), and each test names the mutants it kills."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.might.game import MightGame
from engine.scenario import might_game_from_yaml
from tests.support.might_tables import ORDERS_IN_COMBAT, TRIGGERS, TRIGGERS_WITH_SPARK

EXPIRATION = """\
ruleset: might
title: What the end of the turn ends
rules: [M10, M-13]
setup:
  players:
    - name: Alice
      units:
        - card: Stone Whelp
          might: [{amount: 2}]
        - card: Iron Sentinel
          might: [{amount: 1}]
      bonus_damage:
        - {amount: 1, scope: spell, duration: this_turn}
        - {amount: 2, scope: spell, duration: permanent}
    - name: Bob
      units:
        - card: Iron Sentinel
          id: bob-sentinel
          doublers:
            - {id: brief, duration: this_turn}
            - {id: always, duration: permanent}
        - card: Iron Sentinel
          id: bob-guard
"""

ENDED = '(c) "This turn" effects end'


def ended_step(game: MightGame) -> str:
    """The description of the one (c) step of the last end of turn."""
    [step] = [s for s in game.steps if s.phase[-1:] == (ENDED,)]
    return step.description


def test_resolving_an_empty_chain_is_refused_in_full() -> None:
    """Both players passing with nothing on the chain is refused, saying why (M-7)."""
    game = might_game_from_yaml(TRIGGERS)
    expected = "the chain is empty: there is nothing to resolve (rule M-7)"
    with pytest.raises(RuleError) as verified:
        game.verify_resolve()
    assert str(verified.value) == expected
    assert game.can_resolve() is False
    with pytest.raises(RuleError) as refused:
        game.resolve()
    assert refused.value.rule == "M-7"
    assert str(refused.value) == expected


def test_a_second_normal_spell_waits_for_an_empty_chain_naming_the_card() -> None:
    """A normal spell cannot be played while another waits on the chain; the refusal names the
    card played (M-7)."""
    game = might_game_from_yaml(
        TRIGGERS_WITH_SPARK.replace(
            "hand: [{card: Spark}]", "hand: [{card: Spark}, {card: Spark, id: x}]"
        )
    )
    game.play("spark", "spite-totem")
    assert [item.card for item in game.table.chain] == ["spark"]
    expected = "cannot play x while the chain is not empty; resolve it first (rule M-7)"
    with pytest.raises(RuleError) as refused:
        game.play("x", "spite-totem")
    assert refused.value.rule == "M-7"
    assert str(refused.value) == expected
    assert game.can_play("x", "spite-totem") is False
    assert game.table.cards["x"].zone == "hand"


def test_playing_a_card_or_ending_the_turn_during_combat_is_refused_in_full() -> None:
    """While a combat asks for an assignment (the chain is empty), the turn player can neither
    play a normal spell nor end the turn: both refusals say why (M-9)."""
    refusals: list[str] = []
    game: MightGame

    def chooser(choice: Choice) -> Answer:
        if choice.kind == "assignment" and not refusals:
            assert not game.table.chain
            attempts: list[Callable[[], object]] = [
                partial(game.play, "spark", "stone-whelp"),
                game.end_turn,
            ]
            for attempt in attempts:
                with pytest.raises(RuleError) as refused:
                    attempt()
                assert refused.value.rule == "M-9"
                refusals.append(str(refused.value))
        return choice.default

    game = might_game_from_yaml(
        ORDERS_IN_COMBAT.replace(
            "    - name: Bob\n", "      hand: [{card: Spark}]\n    - name: Bob\n"
        ),
        chooser,
    )
    game.combat(0)
    assert refusals == [
        "cannot play a card during combat (rule M-9)",
        "cannot end the turn during combat (rule M-9)",
    ]
    assert game.table.cards["spark"].zone == "hand"
    assert game.table.turn == 1


def test_this_turn_effects_end_in_the_order_the_cards_came_to_the_table() -> None:
    """Expiration (c) ends every "this turn" effect together; the step lists the units in the
    order they came to the table (stone-whelp before iron-sentinel), not by name (M-13, M10)."""
    game = might_game_from_yaml(EXPIRATION)
    game.end_turn()
    assert ended_step(game).startswith(
        'Effects lasting "this turn" end together: '
        "stone-whelp: +2 Might from set-up this turn; "
        "iron-sentinel: +1 Might from set-up this turn; "
    )
    assert game.table.might("stone-whelp") == 2
    assert game.table.might("iron-sentinel") == 4


def test_a_this_turn_doubler_ends_and_a_permanent_one_stays() -> None:
    """Expiration (c) ends the unit's "this turn" doubler and keeps its permanent one: the next
    damage is doubled once, with no order to choose (M-13, M8)."""
    game = might_game_from_yaml(EXPIRATION)
    game.end_turn()
    assert "bob-sentinel: doubling brief (all damage) this turn" in ended_step(game)
    assert [d.describe() for d in game.table.cards["bob-sentinel"].doublers] == [
        "doubling always (all damage)"
    ]
    steps = game.deal("bob-sentinel", 1)
    assert steps[0].description == (
        "bob-sentinel takes 2 damage (1: always (doubling) 1 -> 2); marked 0 -> 2"
    )
    assert game.table.on_table("bob-sentinel")


def test_a_this_turn_lethal_override_ends_and_a_permanent_one_applies_again() -> None:
    """Expiration (c) ends a "this turn" lethal requirement; the older permanent one is then
    the latest in force: 2 damage is not lethal at requirement 3 (M-13, M-3)."""
    game = might_game_from_yaml(EXPIRATION)
    game.set_lethal_threshold("bob-guard", 3, "permanent")
    game.set_lethal_threshold("bob-guard", 1)
    assert game.table.lethal_threshold("bob-guard") == 1
    game.end_turn()
    assert "bob-guard: lethal at 1 damage (from playtester) this turn" in ended_step(game)
    assert [t.describe() for t in game.table.cards["bob-guard"].lethal] == [
        "lethal at 3 damage (from playtester)"
    ]
    assert game.table.lethal_threshold("bob-guard") == 3
    game.deal("bob-guard", 2)
    assert game.table.on_table("bob-guard")
    assert game.table.cards["bob-guard"].damage == 2


def test_a_players_this_turn_bonus_damage_ends_with_the_units_effects() -> None:
    """Expiration (c) ends a player's "this turn" Bonus Damage in the same step as the units'
    effects, listed after them; the permanent grant stays (M-13, M10, M-4)."""
    game = might_game_from_yaml(EXPIRATION)
    assert game.table.bonus_damage(0, "spell") == 3
    game.end_turn()
    assert ended_step(game) == (
        'Effects lasting "this turn" end together: '
        "stone-whelp: +2 Might from set-up this turn; "
        "iron-sentinel: +1 Might from set-up this turn; "
        "bob-sentinel: doubling brief (all damage) this turn; "
        "Alice: +1 Bonus Damage to spell damage this turn"
    )
    alice = game.table.players[0]
    assert [g.describe() for g in alice.bonus_damage] == ["+2 Bonus Damage to spell damage"]
    assert game.table.bonus_damage(0, "spell") == 2
