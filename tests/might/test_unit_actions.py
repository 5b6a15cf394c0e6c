"""A unit's own actions (M-1, M6, M-6, P-18): moving, recalling, readying, exhausting and
returning to hand, what each keeps and what each refuses."""

from __future__ import annotations

import pytest

from engine.errors import RuleError
from engine.might.scenario import Action
from engine.scenario import game_from_yaml
from engine.timeline import Cause
from tests.support.might_tables import EDITS, SHIELDED_PAIRS, TABLE, TRIGGERS
from tests.support.playthroughs import playthrough_of


@pytest.mark.rule("M6", "M-6")
def test_move_recall_ready_exhaust_keep_damage() -> None:
    game = game_from_yaml(TABLE)
    game.move("iron-sentinel", 1)
    game.set_ready("iron-sentinel", False)
    game.set_ready("iron-sentinel", True)
    game.recall("iron-sentinel")
    assert game.table.cards["iron-sentinel"].damage == 2
    game.return_to_hand("iron-sentinel")
    assert game.table.cards["iron-sentinel"].damage == 0


@pytest.mark.rule("M-1")
def test_moving_a_unit_to_base_can_be_played() -> None:
    # `to: base` is the unit's base, not a battlefield named "base" (M-1)
    play = playthrough_of(EDITS, name="edits.yaml")
    move = Action.model_validate({"move": {"unit": "stone-whelp", "to": "base"}})
    assert play.why_not(move) is None
    play.act(move)
    assert play.game.table.cards["stone-whelp"].zone == "base"


def test_a_unit_cannot_move_where_it_already_is() -> None:
    game = game_from_yaml(SHIELDED_PAIRS)
    with pytest.raises(RuleError) as refused:
        game.verify_move("stone-whelp", 0)
    assert str(refused.value) == "stone-whelp is already there (rule M-1)"


@pytest.mark.rule("M6", "M-6")
def test_moving_and_recalling_a_unit_are_actions_on_that_unit() -> None:
    """The steps of a move and of a recall have the unit in their cause; damage stays (M6, M-6).
    The whelp goes by its base: it has no Ganking (P-106)."""
    game = game_from_yaml(TRIGGERS)
    game.deal("stone-whelp", 1)
    recalled = game.recall("stone-whelp")
    assert recalled[0].description == (
        "stone-whelp is recalled Battlefield 1 -> base, keeping its 1 damage"
    )
    assert recalled[0].cause == Cause(
        kind="action", card="stone-whelp", text="stone-whelp is recalled"
    )
    moved = game.move("stone-whelp", 1)
    assert moved[0].description == "stone-whelp moves base -> Battlefield 2, keeping its 1 damage"
    assert moved[0].cause == Cause(kind="action", card="stone-whelp", text="stone-whelp moves")


@pytest.mark.rule("M-1")
def test_moving_a_unit_one_past_the_last_battlefield_is_refused() -> None:
    """There are two battlefields: a move to battlefield number 3 is refused by number (M-1)."""
    game = game_from_yaml(TRIGGERS)
    with pytest.raises(RuleError) as refused:
        game.move("stone-whelp", 2)
    assert str(refused.value) == "there is no battlefield number 3 (rule M-1)"
    assert game.can_move("stone-whelp", 2) is False


EXHAUSTED = """\
ruleset: might
title: An exhausted unit
rules: [M-6]
setup:
  players:
    - name: Alice
      units:
        - {card: Stone Whelp, exhausted: true}
    - name: Bob
"""


@pytest.mark.rule("M-6")
def test_a_unit_that_leaves_the_table_is_ready_again() -> None:
    """Nothing on a unit stays with it when it leaves the table (M-6): not even exhaustion."""
    game = game_from_yaml(EXHAUSTED)
    assert game.table.cards["stone-whelp"].exhausted
    game.return_to_hand("stone-whelp")
    assert game.table.cards["stone-whelp"].zone == "hand"
    assert not game.table.cards["stone-whelp"].exhausted


@pytest.mark.rule("M-1")
def test_moving_to_an_unknown_battlefield_lists_the_battlefields() -> None:
    # the M-1 refusal of a script move
    play = playthrough_of(TRIGGERS, name="gaps.yaml")
    move = Action.model_validate({"move": {"unit": "stone-whelp", "to": "Battlefield 9"}})
    expected = "there is no battlefield 'Battlefield 9' (Battlefield 1, Battlefield 2) (rule M-1)"
    assert play.why_not(move) == expected
    with pytest.raises(RuleError) as refused:
        play.act(move)
    assert str(refused.value) == expected


@pytest.mark.rule("M-6")
def test_returning_a_unit_to_hand_is_an_action_on_that_unit() -> None:
    """The step of returning a unit to hand has the unit in its cause (M-6)."""
    steps = game_from_yaml(TRIGGERS).return_to_hand("stone-whelp")
    assert steps[0].description == "stone-whelp returns to hand and loses its 0 damage"
    assert steps[0].cause == Cause(
        kind="action", card="stone-whelp", text="return stone-whelp to hand"
    )


@pytest.mark.rule("M6", "M-6")
def test_exhausting_a_unit_is_an_action_on_that_unit() -> None:
    """The step of exhausting a unit has the unit in its cause (M6, M-6)."""
    steps = game_from_yaml(TRIGGERS).set_ready("stone-whelp", False)
    assert steps[0].description == "stone-whelp is exhausted"
    assert steps[0].cause == Cause(
        kind="action", card="stone-whelp", text="stone-whelp is exhausted"
    )


@pytest.mark.rule("M-1")
def test_returning_the_other_players_unit_to_hand_is_refused_by_name() -> None:
    """Only the turn player returns their own unit to hand; the refusal says what (M-1)."""
    game = game_from_yaml(TRIGGERS)
    with pytest.raises(RuleError) as refused:
        game.return_to_hand("spite-totem")
    assert refused.value.rule == "M-1"
    assert str(refused.value) == (
        "Bob cannot return spite-totem to hand during the other player's turn (rule M-1)"
    )


# --- Ganking (P-106): a unit's own move between battlefields -----------------------------------

GANKING = """\
ruleset: might
title: Ganking
rules: [P-106]
cards:
  - {name: Raider, kind: unit, might: 2, keywords: [Ganking]}
  - name: Shove
    kind: spell
    target: {side: own}
    effects: [{do: move, to: Battlefield 2}]
  - name: Gank Lesson
    kind: spell
    target: {side: own}
    effects: [{do: grant, keywords: [Ganking]}]
setup:
  players:
    - name: Alice
      hand: [{card: Shove}, {card: Gank Lesson}]
      units:
        - {card: Raider, at: Battlefield 1}
        - {card: Stone Whelp, at: Battlefield 1}
    - name: Bob
      units: [{card: Iron Sentinel}]
"""


@pytest.mark.rule("P-106")
def test_a_move_between_battlefields_needs_ganking_and_changes_nothing_when_refused() -> None:
    game = game_from_yaml(GANKING)
    before = game.table
    with pytest.raises(RuleError) as refused:
        game.move("stone-whelp", 1)
    assert refused.value.rule == "P-106"
    assert "a move between battlefields needs Ganking" in str(refused.value)
    assert game.can_move("stone-whelp", 1) is False
    assert game.table == before
    # by its base it gets there: a recall, then a move (P-18)
    game.recall("stone-whelp")
    game.move("stone-whelp", 1)
    assert game.table.cards["stone-whelp"].battlefield == 1


@pytest.mark.rule("P-106")
def test_a_unit_with_ganking_moves_between_battlefields_on_the_record() -> None:
    game = game_from_yaml(GANKING)
    moved = game.move("raider", 1)
    assert moved[0].description == "raider moves with Ganking Battlefield 1 -> Battlefield 2"
    assert "P-106" in moved[0].rules
    assert game.table.cards["raider"].battlefield == 1


@pytest.mark.rule("P-106", "P-72")
def test_granted_ganking_counts_as_printed() -> None:
    game = game_from_yaml(GANKING)
    game.play("gank-lesson", "stone-whelp")
    game.resolve()
    assert game.can_move("stone-whelp", 1)


@pytest.mark.rule("P-106", "P-43")
def test_an_effect_moves_a_unit_between_battlefields_without_ganking() -> None:
    game = game_from_yaml(GANKING)
    game.play("shove", "stone-whelp")
    steps = game.resolve()
    assert game.table.cards["stone-whelp"].battlefield == 1
    assert any(
        s.description == "stone-whelp moves by shove Battlefield 1 -> Battlefield 2" for s in steps
    )


@pytest.mark.rule("P-106")
def test_the_legal_moves_offer_another_battlefield_only_with_ganking() -> None:
    play = playthrough_of(GANKING, name="ganking.yaml")
    legal = {
        (judged.card, judged.offer.label)
        for judged in play.legal_actions()
        if judged.legal and judged.offer.group == "Move"
    }
    assert ("raider", "Move to Battlefield 2") in legal
    assert ("stone-whelp", "Move to Battlefield 2") not in legal
    assert ("stone-whelp", "Recall") in legal
