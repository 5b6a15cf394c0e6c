"""An activated ability that works only while something holds (``only_while``, P-56): refused,
nothing paid, while it does not; the refusal says what was read; and the words it could never
read refused at ``check``."""

from __future__ import annotations

from typing import cast

import pytest

from engine.errors import RuleError, ScenarioError
from engine.might.game import MightGame
from engine.scenario import game_from_yaml

SENTRY = """\
  - name: Sentry
    kind: unit
    might: 2
    abilities:
      - when: activated
        name: Lookout
        only_while: {all: [{unit: self, state: at_a_battlefield}, {moved: self, at_most: 1}]}
        cost: {exhaust: true, runes: 1}
        effects: [{do: might, amount: 1, target: self}]
"""


def game(cards: str = SENTRY) -> MightGame:
    text = f"""\
ruleset: might
title: limits
rules: [P-56]
cards:
{cards}setup:
  players:
    - {{name: Alice, runes: 2, units: [{{card: Sentry}}]}}
    - {{name: Bob, units: [{{card: Stone Whelp}}]}}
"""
    return cast(MightGame, game_from_yaml(text))


def test_at_base_it_is_refused_and_nothing_is_paid() -> None:
    g = game()
    assert not g.can_activate("sentry")
    with pytest.raises(RuleError) as refused:
        g.activate("sentry")
    assert refused.value.rule == "P-56"
    assert str(refused.value.message).startswith(
        "Lookout can be activated only while it is at a battlefield [false] and it moved at "
        "most 1 times this turn [true]: false now"
    )
    assert not g.table.cards["sentry"].exhausted
    assert g.table.players[0].runes == 2


def test_at_a_battlefield_it_is_activated_until_it_has_moved_too_often() -> None:
    g = game()
    g.move("sentry", 0)
    assert g.can_activate("sentry")
    g.recall("sentry")  # by its base: it has no Ganking (P-106)
    g.move("sentry", 1)
    with pytest.raises(RuleError, match="moved at most 1 times this turn \\[false\\]"):
        g.verify_activate("sentry")


@pytest.mark.parametrize(
    ("limit", "message"),
    [
        (
            "{unit: target, state: damaged}",
            r"abilities\[0\].only_while: an activated ability's only_while is about its own "
            "unit: use unit: self",
        ),
        (
            "{not: {damage_taken: source, at_least: 1}}",
            "about its own unit: use damage_taken: self",
        ),
    ],
)
def test_a_limit_about_another_unit_is_refused_at_check(limit: str, message: str) -> None:
    cards = SENTRY.replace(
        "{all: [{unit: self, state: at_a_battlefield}, {moved: self, at_most: 1}]}", limit
    )
    with pytest.raises(ScenarioError, match=message):
        game(cards)


def test_only_an_activated_ability_has_a_limit() -> None:
    cards = SENTRY.replace("when: activated", "when: played").replace(
        "        cost: {exhaust: true, runes: 1}\n", ""
    )
    with pytest.raises(ScenarioError, match="only an activated ability has only_while"):
        game(cards)


def test_the_limit_shows_in_the_abilitys_description() -> None:
    ability = game().table.definition("sentry").abilities[0]
    assert ability.describe() == (
        "Lookout: activated (cost: exhaust, 1 rune), only while it is at a battlefield and it "
        "moved at most 1 times this turn"
    )
