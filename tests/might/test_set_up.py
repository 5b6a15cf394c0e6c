"""A might set-up read from a file (M-1, P-6): where each refusal is located, what it says,
and the turn it starts at."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from engine.scenario import game_from_yaml
from tests.support.might_tables import SHIELDED_PAIRS, TRIGGERS
from tests.support.playthroughs import playthrough_of, set_up_error


def test_a_unit_set_up_with_lethal_damage_is_refused() -> None:
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(
            SHIELDED_PAIRS.replace(
                "{card: Vanguard Captain, at: Battlefield 2}",
                "{card: Vanguard Captain, at: Battlefield 2, damage: 5}",
            )
        )
    assert str(refused.value).endswith("(rule M-8)")


@pytest.mark.rule("M-1")
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


MIGHT_ZONES = """\
ruleset: might
title: Cards in hand and in the trash
rules: [M1]
setup:
  turn: 3
  players:
    - name: Alice
      hand:
        - {card: Stone Whelp}
        - {card: Nothing Here}
      trash:
        - {card: Stone Whelp, id: old-whelp}
        - {card: Nothing There}
    - name: Bob
"""


@pytest.mark.parametrize(
    ("unknown", "located"),
    [
        ("Nothing Here", "a.yaml:10: setup.players[0].hand[1].card: unknown card 'Nothing Here'"),
        (
            "Nothing There",
            "a.yaml:12: setup.players[0].trash[1].card: unknown card 'Nothing There'",
        ),
    ],
)
def test_an_unknown_card_in_a_might_hand_or_trash_is_located(unknown: str, located: str) -> None:
    other = ({"Nothing Here", "Nothing There"} - {unknown}).pop()
    text = MIGHT_ZONES.replace(f"        - {{card: {other}}}\n", "")
    assert set_up_error(text, game_from_yaml).startswith(located)


def test_a_might_set_up_starts_at_its_turn() -> None:
    text = MIGHT_ZONES.replace("        - {card: Nothing Here}\n", "")
    game = game_from_yaml(text.replace("        - {card: Nothing There}\n", ""))
    assert game.table.turn == 3
    assert game.table.cards["old-whelp"].zone == "trash"


TWO_WHELPS = """\
ruleset: might
title: Set-up mistakes
rules: [M-1]
setup:
  players:
    - name: Alice
      units:
        - {card: Stone Whelp}
        - {card: Stone Whelp}
    - name: Bob
      units:
        - {card: Spark}
"""


def test_might_set_up_mistakes_are_located_and_explained() -> None:
    """Two cards with one id, a spell set up as a unit and an unknown card: each error names
    its place, says what is wrong and, where a rule decides it, cites it."""
    assert set_up_error(TWO_WHELPS, game_from_yaml) == (
        "a.yaml:9: setup.players[0].units[1]: two cards have the id 'stone-whelp' "
        "(the other at line 8): give one an explicit id"
    )
    one_whelp = TWO_WHELPS.replace("        - {card: Stone Whelp}\n", "", 1)
    assert set_up_error(one_whelp, game_from_yaml) == (
        "a.yaml:11: setup.players[1].units[0].card: Spark is a spell, not a unit (rule M-1)"
    )
    assert set_up_error(one_whelp.replace("Spark", "Sparkle"), game_from_yaml) == (
        "a.yaml:11: setup.players[1].units[0].card: unknown card 'Sparkle' (did you mean "
        "'Spark'?): it is neither in the pool 'might-starter' nor in this scenario's cards"
    )


@pytest.mark.rule("M3", "M-5")
def test_a_set_up_shield_prevents_only_what_it_has_left() -> None:
    # `remaining` of a set-up shield, not its whole value (M3, M-5)
    game = game_from_yaml(
        TRIGGERS.replace(
            "units: [{card: Spite Totem}]",
            "units: [{card: Iron Sentinel, shields: [{id: ward, value: 5, remaining: 1}]}]",
        )
    )
    steps = game.deal("iron-sentinel", 3)
    assert steps[0].description == (
        "iron-sentinel takes 2 damage (3: ward (prevention) 3 -> 2, spent 1, 0 left); marked 0 -> 2"
    )
    assert game.table.cards["iron-sentinel"].damage == 2
