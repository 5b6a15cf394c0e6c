"""Combat at a battlefield as the step log shows it (M-9, M8, M-11, P-12): the declaration when
nobody defends, the Deal step when nothing is dealt, and simultaneous "takes damage" triggers."""

from __future__ import annotations

from engine.choices import Answer, Choice
from engine.scenario import might_game_from_yaml
from engine.timeline import Step

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


def test_an_undefended_attack_declares_nobody_and_deals_nothing_m9_m11() -> None:
    # M-9: with no defender the declaration says "nobody" and gives no defending total;
    # M8/M-11: the Deal step deals nothing ("none") and, with no damage marked, cites no M-6
    steps = might_game_from_yaml(UNDEFENDED).combat(0)
    declared = [s for s in steps if s.description.startswith("Combat at")]
    assert [(s.description, s.rules) for s in declared] == [
        (
            "Combat at Battlefield 1: vanguard-captain attack with 5 damage; defending: nobody",
            ("M-9",),
        )
    ]
    assert in_phase(steps, "Deal") == [("Combat damage is dealt: none", ("M8", "M-11"))]


def test_two_units_dealt_combat_damage_trigger_together_p12() -> None:
    # M-11, P-12: both Thornbacks take 3 in the one Deal step; their "takes damage" abilities
    # trigger together, so each trigger cites P-12
    steps = might_game_from_yaml(BARBS).combat(0)
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


def test_a_side_with_nothing_to_assign_says_so_m7_m10() -> None:
    # no enemy unit, or no damage: the step says which, in words
    steps = might_game_from_yaml(UNDEFENDED).combat(0)
    assert [(s.description, s.rules) for s in steps if s.phase[-1] == "Assignment"] == [
        ("Alice has 5 damage and 0 enemy units: nothing to assign", ("M7", "M-10")),
        ("Bob has 0 damage and 1 enemy unit: nothing to assign", ("M7", "M-10")),
    ]


def test_the_assignment_choice_shows_each_enemy_units_might_and_damage_m10() -> None:
    # what the assignment dialog shows beside each unit
    asked: list[Choice] = []

    def chooser(choice: Choice) -> Answer:
        asked.append(choice)
        return choice.default

    might_game_from_yaml(BARBS, chooser).combat(0)
    assert [(c.kind, c.details) for c in asked] == [
        ("assignment", {"bobs-thornback": "Might 3, 0 damage marked"}),
        ("assignment", {"alices-thornback": "Might 3, 0 damage marked"}),
    ]
