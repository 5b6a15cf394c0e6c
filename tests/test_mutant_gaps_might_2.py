"""More Might behaviour no other test pinned down, found by surviving mutants of engine/might/
(docs/testing.md, "Mutation testing"): these pin behaviour that surviving mutants showed
untested, and each test names what it kills."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.scenario import might_game_from_yaml
from engine.timeline import Cause
from tests.support.might_tables import ORDERS_IN_COMBAT, TRIGGERS


def test_a_playtesters_lethal_edit_is_caused_by_the_playtester_on_the_unit() -> None:
    """A playtester's lethal requirement names the edited unit in its cause (M-3)."""
    steps = might_game_from_yaml(TRIGGERS).set_lethal_threshold("stone-whelp", 2)
    assert steps[0].description == (
        "stone-whelp: lethal at 2 damage (from playtester) this turn (e1)"
    )
    assert steps[0].cause == Cause(
        kind="playtester", card="stone-whelp", text="lethal at 2 for stone-whelp"
    )


def test_a_lethal_requirement_of_1_is_allowed_and_0_is_refused() -> None:
    """A lethal requirement is 1 damage or more: 1 is the least allowed (M-3)."""
    game = might_game_from_yaml(TRIGGERS)
    game.verify_set_lethal_threshold("stone-whelp", 1)
    steps = game.set_lethal_threshold("stone-whelp", 1)
    assert steps[0].description == (
        "stone-whelp: lethal at 1 damage (from playtester) this turn (e1)"
    )
    with pytest.raises(RuleError) as refused:
        game.set_lethal_threshold("stone-whelp", 0)
    assert refused.value.rule == "M-3"
    assert str(refused.value) == "a lethal requirement is 1 damage or more, not 0 (rule M-3)"


def test_returning_a_unit_to_hand_is_an_action_on_that_unit() -> None:
    """The step of returning a unit to hand has the unit in its cause (M-6)."""
    steps = might_game_from_yaml(TRIGGERS).return_to_hand("stone-whelp")
    assert steps[0].description == "stone-whelp returns to hand and loses its 0 damage"
    assert steps[0].cause == Cause(
        kind="action", card="stone-whelp", text="return stone-whelp to hand"
    )


def test_exhausting_a_unit_is_an_action_on_that_unit() -> None:
    """The step of exhausting a unit has the unit in its cause (M6, M-6)."""
    steps = might_game_from_yaml(TRIGGERS).set_ready("stone-whelp", False)
    assert steps[0].description == "stone-whelp is exhausted"
    assert steps[0].cause == Cause(
        kind="action", card="stone-whelp", text="stone-whelp is exhausted"
    )


def test_returning_the_other_players_unit_to_hand_is_refused_by_name() -> None:
    """Only the turn player returns their own unit to hand; the refusal says what (M-1)."""
    game = might_game_from_yaml(TRIGGERS)
    with pytest.raises(RuleError) as refused:
        game.return_to_hand("spite-totem")
    assert refused.value.rule == "M-1"
    assert str(refused.value) == (
        "Bob cannot return spite-totem to hand during the other player's turn (rule M-1)"
    )


def test_a_combat_assignment_is_asked_about_the_combat_it_belongs_to() -> None:
    """The assignment question names the player and the combat, not the step (M-10)."""
    asked: list[tuple[str, str, str]] = []

    def chooser(choice: Choice) -> Answer:
        asked.append((choice.kind, choice.subject, choice.prompt))
        return choice.default

    game = might_game_from_yaml(ORDERS_IN_COMBAT, chooser)
    game.combat(0)
    assignments = [a for a in asked if a[0] == "assignment"]
    assert assignments == [
        ("assignment", "Alice:Combat at Battlefield 1", "Alice assigns 4 combat damage"),
        ("assignment", "Bob:Combat at Battlefield 1", "Bob assigns 2 combat damage"),
    ]


def test_a_combat_only_doubler_says_so() -> None:
    """A doubler scoped to combat damage is described as such, not as all damage (M8)."""
    steps = might_game_from_yaml(TRIGGERS).add_doubler("stone-whelp", scope="combat")
    assert steps[0].description == "stone-whelp gets doubling e1 (combat damage) this turn"
    steps = might_game_from_yaml(TRIGGERS).add_doubler("stone-whelp")
    assert steps[0].description == "stone-whelp gets doubling e1 (all damage) this turn"
