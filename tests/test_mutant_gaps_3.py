"""Might and souls behaviour no other test pinned down (docs/testing.md, "Mutation testing"):
these pin behaviour that surviving mutants showed untested, and each test names the mutants
it kills."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError, ScenarioError
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.scenario import might_game_from_yaml
from engine.timeline import Cause
from tests.support.might_tables import ORDERS_IN_COMBAT, TRIGGERS, TRIGGERS_WITH_SPARK
from tests.support.playthroughs import playthrough_of


def test_a_playtesters_damage_is_caused_by_the_playtester_on_the_unit() -> None:
    """A playtester's damage event names the damaged unit in its cause (M-4)."""
    steps = might_game_from_yaml(TRIGGERS).deal("stone-whelp", 1)
    assert steps[0].description == "stone-whelp takes 1 damage (1); marked 0 -> 1"
    assert steps[0].cause == Cause(
        kind="playtester", card="stone-whelp", text="deal 1 to stone-whelp"
    )


def test_moving_and_recalling_a_unit_are_actions_on_that_unit() -> None:
    """The steps of a move and of a recall have the unit in their cause; damage stays (M6, M-6)."""
    game = might_game_from_yaml(TRIGGERS)
    game.deal("stone-whelp", 1)
    moved = game.move("stone-whelp", 1)
    assert moved[0].description == (
        "stone-whelp moves Battlefield 1 -> Battlefield 2, keeping its 1 damage"
    )
    assert moved[0].cause == Cause(kind="action", card="stone-whelp", text="stone-whelp moves")
    recalled = game.recall("stone-whelp")
    assert recalled[0].description == (
        "stone-whelp is recalled Battlefield 2 -> base, keeping its 1 damage"
    )
    assert recalled[0].cause == Cause(
        kind="action", card="stone-whelp", text="stone-whelp is recalled"
    )


def test_an_assignment_for_a_side_with_no_enemy_unit_is_refused_in_full() -> None:
    """A script's assignment for a player who had no enemy unit to assign to answers no
    question: the combat is refused, saying why (M-10)."""
    play = playthrough_of(TRIGGERS, name="gaps.yaml")
    game = play.game
    assert isinstance(game, MightGame)
    combat = Action.model_validate(
        {
            "combat": {
                "battlefield": "Battlefield 1",
                "assign": {"Alice": [{"unit": "spite-totem", "damage": 2}]},
            }
        }
    )
    with pytest.raises(RuleError) as refused:
        play.act(combat)
    assert refused.value.rule == "M-10"
    assert str(refused.value) == (
        "the assignment given for Alice was never asked for: Alice had no damage or no enemy "
        "unit to assign it to (rule M-10)"
    )
    assert game.table.combat is None
    assert len(game.steps) == 1  # only the set-up: the refused combat changed nothing


def test_a_combat_cannot_start_while_a_spell_waits_on_the_chain() -> None:
    """Starting a combat while the chain is not empty is refused, naming the action (M-7)."""
    game = might_game_from_yaml(TRIGGERS_WITH_SPARK)
    game.play("spark", "spite-totem")
    assert game.table.chain
    expected = "cannot start combat while the chain is not empty; resolve it first (rule M-7)"
    with pytest.raises(RuleError) as verified:
        game.verify_combat(0)
    assert str(verified.value) == expected
    assert game.can_combat(0) is False
    with pytest.raises(RuleError) as refused:
        game.combat(0)
    assert refused.value.rule == "M-7"
    assert str(refused.value) == expected


def test_a_second_combat_during_a_combat_is_refused_in_full() -> None:
    """While a combat asks for an assignment, starting another combat is refused (M-9)."""
    refusals: list[str] = []
    game: MightGame

    def chooser(choice: Choice) -> Answer:
        if choice.kind == "assignment" and not refusals:
            with pytest.raises(RuleError) as refused:
                game.combat(0)
            refusals.append(str(refused.value))
        return choice.default

    game = might_game_from_yaml(ORDERS_IN_COMBAT, chooser)
    game.combat(0)
    assert refusals == ["a combat is already under way (rule M-9)"]


def test_a_combat_one_past_the_last_battlefield_is_refused() -> None:
    """There are two battlefields: a combat at battlefield number 3 is refused by number (M-9)."""
    game = might_game_from_yaml(TRIGGERS)
    assert len(game.table.battlefields) == 2
    with pytest.raises(RuleError) as refused:
        game.combat(2)
    assert refused.value.rule == "M-9"
    assert str(refused.value) == "there is no battlefield number 3 (rule M-9)"
    assert game.can_combat(2) is False


def test_moving_a_unit_while_a_spell_waits_on_the_chain_is_refused_by_name() -> None:
    """A unit's own actions wait for an empty chain; the refusal names the action (M-7)."""
    game = might_game_from_yaml(TRIGGERS_WITH_SPARK)
    game.play("spark", "spite-totem")
    with pytest.raises(RuleError) as refused:
        game.move("stone-whelp", 1)
    assert str(refused.value) == (
        "cannot move stone-whelp while the chain is not empty; resolve it first (rule M-7)"
    )


def test_moving_a_unit_one_past_the_last_battlefield_is_refused() -> None:
    """There are two battlefields: a move to battlefield number 3 is refused by number (M-1)."""
    game = might_game_from_yaml(TRIGGERS)
    with pytest.raises(RuleError) as refused:
        game.move("stone-whelp", 2)
    assert str(refused.value) == "there is no battlefield number 3 (rule M-1)"
    assert game.can_move("stone-whelp", 2) is False


def test_an_unnamed_trigger_is_labelled_by_when_it_fires() -> None:
    """A triggered ability without a name goes on the chain as "when takes damage", caused by
    its unit's trigger (M-7, M-11)."""
    game = might_game_from_yaml(TRIGGERS.replace("        name: Spite\n", ""))
    pushed = game.deal("spite-totem", 1)[1]
    assert pushed.description == "spite-totem triggers: when takes damage (goes on the chain)"
    assert pushed.cause == Cause(
        kind="trigger", card="spite-totem", text="spite-totem: when takes damage"
    )


def test_a_unit_set_up_at_a_battlefield_that_does_not_exist_is_located_in_full() -> None:
    """The set-up names its battlefields; a unit placed at another is refused where it is
    written, with the names there are (M-1)."""
    with pytest.raises(ScenarioError) as refused:
        playthrough_of(TRIGGERS.replace("at: Battlefield 1", "at: Battlefield 9"), "gaps.yaml")
    assert str(refused.value) == (
        "gaps.yaml:24: setup.players[0].units[0].at: there is no battlefield 'Battlefield 9' "
        "(battlefields: Battlefield 1, Battlefield 2) (rule M-1)"
    )
    assert refused.value.rule == "M-1"
