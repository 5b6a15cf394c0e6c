"""Combat at a battlefield (M7, M9, M-9 to M-12, P-12): the declaration when nobody defends, the
Deal step when nothing is dealt, simultaneous "takes damage" triggers, the cleanup, what is
asked of each side, and what may not happen during a combat."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from engine.changes import Died
from engine.choices import Answer, Assigned, Choice
from engine.errors import RuleError
from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.might.changes import Replaced, RoleChanged
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.scenario import game_from_yaml
from engine.timeline import Step
from tests.support.game_state import assert_refused
from tests.support.might_tables import ORDERS_IN_COMBAT, TABLE, TRIGGERS
from tests.support.playthroughs import playthrough_of

UNDEFENDED = """\
ruleset: might
title: Nobody defends
rules: [M-9, M-11]
setup:
  players:
    - name: Alice
      units: [{card: Vanguard Captain, at: Battlefield 1}]
    - name: Bob
      units: [{card: Stone Whelp, at: base}]
"""

BARBS = """\
ruleset: might
title: Two Thornbacks take damage together
rules: [M-11, P-12]
setup:
  players:
    - name: Alice
      units: [{card: Thornback, id: alices-thornback, at: Battlefield 1}]
    - name: Bob
      units: [{card: Thornback, id: bobs-thornback, at: Battlefield 1}]
"""


def in_phase(steps: list[Step], phase: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(s.description, s.rules) for s in steps if phase in s.phase]


@pytest.mark.rule("M-9", "M8", "M-11")
def test_an_undefended_attack_declares_nobody_and_deals_nothing_m9_m11() -> None:
    # M-9: with no defender the declaration says "nobody" and gives no defending total;
    # M8/M-11: the Deal step deals nothing ("none") and, with no damage marked, cites no M-6
    steps = game_from_yaml(UNDEFENDED).combat(0)
    declared = [s for s in steps if s.description.startswith("Combat at")]
    assert [(s.description, s.rules) for s in declared] == [
        (
            "Combat at Battlefield 1: vanguard-captain attack with 5 damage; defending: nobody",
            ("M-9",),
        )
    ]
    assert in_phase(steps, "Deal") == [("Combat damage is dealt: none", ("M8", "M-11"))]


@pytest.mark.rule("M-11", "P-12")
def test_two_units_dealt_combat_damage_trigger_together_p12() -> None:
    # M-11, P-12: both Thornbacks take 3 in the one Deal step; their "takes damage" abilities
    # trigger together, so each trigger cites P-12
    steps = game_from_yaml(BARBS).combat(0)
    assert in_phase(steps, "Deal") == [
        (
            "Combat damage is dealt: bobs-thornback takes 3; alices-thornback takes 3",
            ("M8", "M-11", "M-6"),
        ),
        (
            "alices-thornback triggers: Barbed Hide (goes on the chain)",
            ("M-11", "M4", "M-7", "P-12"),
        ),
        (
            "bobs-thornback triggers: Barbed Hide (goes on the chain)",
            ("M-11", "M4", "M-7", "P-12"),
        ),
    ]


@pytest.mark.rule("M7", "M-10")
def test_a_side_with_nothing_to_assign_says_so_m7_m10() -> None:
    # no enemy unit, or no damage: the step says which, in words
    steps = game_from_yaml(UNDEFENDED).combat(0)
    assert [(s.description, s.rules) for s in steps if s.phase[-1] == "Assignment"] == [
        ("Alice has 5 damage and 0 enemy units: nothing to assign", ("M7", "M-10")),
        ("Bob has 0 damage and 1 enemy unit: nothing to assign", ("M7", "M-10")),
    ]


@pytest.mark.rule("M-10")
def test_the_assignment_choice_shows_each_enemy_units_might_and_damage_m10() -> None:
    # what the assignment dialog shows beside each unit
    asked: list[Choice] = []

    def chooser(choice: Choice) -> Answer:
        asked.append(choice)
        return choice.default

    game_from_yaml(BARBS, chooser).combat(0)
    assert [(c.kind, c.details) for c in asked] == [
        ("assignment", {"bobs-thornback": "Might 3, 0 damage marked"}),
        ("assignment", {"alices-thornback": "Might 3, 0 damage marked"}),
    ]


@pytest.mark.rule("M-29")
def test_the_roles_a_combat_s_end_takes_are_named_by_its_last_step() -> None:
    """The Vanguard Captain, whose role gives it no Might, loses it as the combat ends: no step
    of its own, so "Combat is over" names it and cites M-29; an action refused after such a
    name was pending leaves none for the next step."""
    game = game_from_yaml(UNDEFENDED)
    over = game.combat(0)[-1]
    assert over.description == "Combat is over"
    assert "M-29" in over.rules
    lost = RoleChanged(card="vanguard-captain", before="attacker", after="none")
    assert [c for c in over.changes if isinstance(c, RoleChanged)] == [lost]

    def refused() -> None:
        game.name_next([lost], ["M-29"])
        raise RuleError("M-1", "planted")

    with pytest.raises(RuleError):
        game._act(lambda: None, refused)
    healed = game.heal("vanguard-captain")
    assert not any(isinstance(c, RoleChanged) for s in healed for c in s.changes)
    assert all("M-29" not in s.rules for s in healed)


@pytest.mark.rule("M9", "M-12")
def test_combat_cleanup_heals_the_whole_table_and_recalls() -> None:
    game = game_from_yaml(TABLE)
    steps = game.combat(0)
    phases = [s.phase for s in steps]
    assert any("1. Deaths" in p for p in phases) and any("2. Heal" in p for p in phases)
    assert game.table.cards["iron-sentinel"].damage == 0  # a survivor at base healed
    died = {c.card for s in steps for c in s.changes if isinstance(c, Died)}
    assert "thornback" in died
    assert any(isinstance(c, Replaced) for s in steps for c in s.changes)
    assert game.table.combat is None


@pytest.mark.rule("M-10")
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
    combat = might.Action.of(
        might_verbs.Combat(
            battlefield="Battlefield 2",
            assign={"Alice": (Assigned(unit="ash-martyr", damage=1),)},
        )
    )
    error = assert_refused(play, lambda: play.act(combat, open_windows=False), "M-10")
    assert "the assignment given for Alice was never asked for" in error.message


COMBAT_IN_RESPONSE = """\
ruleset: might
title: A combat among the responses to a unit
rules: [M-10]
setup:
  players:
    - name: Alice
      units: [{card: Iron Sentinel, at: Battlefield 1}]
      hand: [{card: Stone Whelp}]
    - name: Bob
      units: [{card: Stone Whelp, id: bob-whelp, at: Battlefield 1}]
"""


@pytest.mark.rule("M-10")
def test_a_combat_among_the_responses_to_a_played_unit_is_fought_m10() -> None:
    # An assignment asked while the action played is not a combat (here
    # a unit's play, whose responses hold the combat: a unit leaves nothing on the chain, so
    # the combat may start) is not written into that action, and the play goes through
    play = playthrough_of(COMBAT_IN_RESPONSE, name="edits.yaml")
    combat = {"combat": {"battlefield": "Battlefield 1"}}
    action = Action.model_validate({"play": {"card": "stone-whelp", "responses": [combat]}})
    played = play.act(action, open_windows=False)
    assert isinstance(played, Action)
    assert (played.combat, played.order) == (None, None)
    assert [s.description for s in play.game.steps[3:5]] == [
        "Alice assigns 4, in order: bob-whelp 4 (needs 2 for lethal)",
        "Bob assigns 2, in order: iron-sentinel 2 (needs 4 for lethal)",
    ]
    assert play.game.table.cards["bob-whelp"].zone == "trash"


@pytest.mark.rule("M-10")
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


@pytest.mark.rule("M-9")
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

    game = game_from_yaml(ORDERS_IN_COMBAT, chooser)
    game.combat(0)
    assert refusals == ["a combat is already under way (rule M-9)"]


@pytest.mark.rule("M-9")
def test_a_combat_one_past_the_last_battlefield_is_refused() -> None:
    """There are two battlefields: a combat at battlefield number 3 is refused by number (M-9)."""
    game = game_from_yaml(TRIGGERS)
    assert len(game.table.battlefields) == 2
    with pytest.raises(RuleError) as refused:
        game.combat(2)
    assert refused.value.rule == "M-9"
    assert str(refused.value) == "there is no battlefield number 3 (rule M-9)"
    assert game.can_combat(2) is False


@pytest.mark.rule("M-9")
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

    game = game_from_yaml(
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


@pytest.mark.rule("M-10")
def test_a_combat_assignment_is_asked_about_the_combat_it_belongs_to() -> None:
    """The assignment question names the player and the combat, not the step (M-10)."""
    asked: list[tuple[str, str, str]] = []

    def chooser(choice: Choice) -> Answer:
        asked.append((choice.kind, choice.subject, choice.prompt))
        return choice.default

    game = game_from_yaml(ORDERS_IN_COMBAT, chooser)
    game.combat(0)
    assignments = [a for a in asked if a[0] == "assignment"]
    assert assignments == [
        ("assignment", "Alice:Combat at Battlefield 1", "Alice assigns 4 combat damage"),
        ("assignment", "Bob:Combat at Battlefield 1", "Bob assigns 2 combat damage"),
    ]


NEGATIVE_BESIDE_FIVE = """\
ruleset: might
title: A unit at -3 beside a 5
rules: [M-9]
setup:
  players:
    - name: Alice
      units:
        - {card: Iron Sentinel, might: [{amount: 1, duration: permanent}], at: Battlefield 1}
        - {card: Hollow Golem, might: [{amount: -3, duration: permanent}], at: Battlefield 1}
    - name: Bob
      units: [{card: Stone Whelp, at: Battlefield 1}]
"""


@pytest.mark.rule("M-9")
def test_a_unit_at_negative_might_adds_nothing_rather_than_taking_away() -> None:
    """A -3 unit beside a 5 gives its side 5, not 2 (M-9 as revised to the game's FAQ)."""
    game = game_from_yaml(NEGATIVE_BESIDE_FIVE)
    assert game.table.might("iron-sentinel") == 5
    steps = game.combat(0)
    assert steps[0].description == (
        "Combat at Battlefield 1: iron-sentinel, hollow-golem attack with 5 damage; defending: "
        "stone-whelp with 2 (hollow-golem at -3 Might adds 0)"
    )


ASSAULT = """\
ruleset: might
title: Assault and Shield
rules: [M-28]
cards:
  - {name: Raider, kind: unit, might: 2, keywords: [Assault 2]}
  - {name: Bulwark, kind: unit, might: 2, keywords: [Shield, Shield 2]}
setup:
  players:
    - name: Alice
      units: [{card: Raider, at: Battlefield 1}, {card: Bulwark, id: alice-bulwark}]
    - name: Bob
      units: [{card: Bulwark, at: Battlefield 1}, {card: Raider, id: bob-raider}]
"""


@pytest.mark.rule("M-28")
def test_assault_counts_only_attacking_and_shield_only_defending() -> None:
    game = game_from_yaml(ASSAULT)
    assert [game.table.might(uid) for uid in ("raider", "bulwark")] == [2, 2]
    steps = game.combat(0)
    assert steps[0].description == (
        "Combat at Battlefield 1: raider attack with 4 damage; defending: bulwark with 5 "
        "(counting raider Assault +2, bulwark Shield +3 Might)"
    )
    assert "M-28" in steps[0].rules
    # the raider died at 4 (2 + Assault 2), not at 2; Bob's bulwark, 5 while defending,
    # survived the raider's 4, and its Shield ended with the combat, a cleanup after it
    descriptions = [s.description for s in steps]
    assert "raider dies: damage 5 >= Might 4; bulwark survives: damage 4 < Might 5" in descriptions
    assert descriptions[-3:] == [
        "No longer in its combat role (the combat is over): bulwark (Shield 3: Might 5 -> 2)",
        "Combat is over",
        "Cleanup: no unit has lethal damage",
    ]
    assert game.table.cards["bulwark"].zone == "battlefield"
    assert [game.table.might(uid) for uid in ("bulwark", "alice-bulwark", "bob-raider")] == [2] * 3
