"""Preventing damage in souls: shields (P-103) and a card's own prevention (P-104), against
rounding (14.1.2), 0 HP (14.1.4), "when damaged" (14.1.5), HP costs (14.3.1) and capture (S-14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from engine.errors import ScenarioError
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.changes import ShieldChanged
from engine.souls.game import SoulsGame
from engine.souls.table import Shield
from tests.support.playthroughs import steps_matching

P103 = SCENARIOS / "souls" / "P-103-preventing-damage.yaml"
P104 = SCENARIOS / "souls" / "P-104-a-soul-that-prevents.yaml"

TABLE = """\
ruleset: souls
title: Prevention
rules: [S-1]
cards:
  - name: Aegis Prayer
    kind: spell
    text: Prevent the next 10 damage to a Soul this turn.
    target: {kind: soul_or_realm}
    effects: [{do: prevent, amount: 10}]
  - name: Warded Wall
    kind: soul
    hp: 40
    power: 5
    text: Prevent 5 of each damage to this Soul.
    prevents: {amount: 5}
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Ember Imp}
        B1: {card: Warded Wall}
        C1: {card: Blood Priest}
      hand: [{card: Aegis Prayer}, {card: Aegis Prayer, id: second}]
    - name: Bob
      realm: {card: Ember Citadel}
"""


def game() -> SoulsGame:
    made = game_from_yaml(TABLE)
    assert isinstance(made, SoulsGame)
    return made


def shield(g: SoulsGame, uid: str, amount: int = 10, source: str = "aegis-prayer") -> None:
    card = g.table.card(uid)
    new = Shield(amount=amount, duration="end_of_turn", source=source)
    g.table = g.table.with_card(card.evolve(shields=(*card.shields, new)))


@pytest.mark.rule("P-103")
@pytest.mark.parametrize("path", [P103, P104], ids=["P-103", "P-104"])
def test_the_teaching_scenarios_play_as_they_expect(path: Path) -> None:
    run = run_scenario(path)
    assert not run.failures and not run.warnings


@pytest.mark.rule("P-103")
def test_a_shield_spends_only_what_it_prevents_and_leaves_the_card_when_spent() -> None:
    g = game()
    g.play("aegis-prayer", target="blood-priest")
    g.deal("blood-priest", 5)
    assert g.table.card("blood-priest").damage == 0
    assert [s.amount for s in g.table.card("blood-priest").shields] == [5]
    g.deal("blood-priest", 15)
    assert g.table.card("blood-priest").damage == 10 and g.table.card("blood-priest").shields == ()


@pytest.mark.rule("P-103")
@pytest.mark.rule("14.1.2")
def test_rounding_comes_first_so_no_shield_is_spent_on_what_it_drops() -> None:
    g = game()
    shield(g, "blood-priest")
    g.deal("blood-priest", 7)  # 5 damage, not 7: the shield spends 5
    assert [s.amount for s in g.table.card("blood-priest").shields] == [5]
    g.deal("blood-priest", 3)  # no damage at all: nothing to prevent
    assert [s.amount for s in g.table.card("blood-priest").shields] == [5]
    assert not steps_matching(g.steps[-1:], "prevented")


@pytest.mark.rule("P-103")
@pytest.mark.rule("14.1.5")
def test_a_hit_prevented_in_full_deals_nothing_and_triggers_nothing() -> None:
    g = game()
    shield(g, "ember-imp")
    g.deal("ember-imp", 10)
    assert g.table.card("ember-imp").damage == 0
    assert not steps_matching(g.steps, "Spiteful Spark")
    [step] = steps_matching(g.steps, "is prevented by the shield from aegis-prayer")
    assert "14.1.5" in step.rules and "all of it is prevented" in step.description


@pytest.mark.rule("P-103")
def test_shields_are_spent_oldest_first() -> None:
    g = game()
    shield(g, "blood-priest", 5, "first")
    shield(g, "blood-priest", 10, "second")
    g.deal("blood-priest", 10)
    spent = [c for s in g.steps for c in s.changes if isinstance(c, ShieldChanged)]
    assert [(c.prevented, c.shield) for c in spent] == [
        (5, "the shield from first is spent"),
        (5, "prevent 5 from second this turn"),
    ]
    assert g.table.card("blood-priest").damage == 0


@pytest.mark.rule("P-103")
@pytest.mark.rule("14.3.1")
def test_an_hp_cost_is_paid_in_full_and_the_shield_stays() -> None:
    g = game()
    shield(g, "blood-priest")
    g.activate("blood-priest", 0, target="blood-priest")
    [paid] = steps_matching(g.steps, "HP paid as damage")
    assert "no prevention applies" in paid.description and "P-103" in paid.rules
    assert [s.amount for s in g.table.card("blood-priest").shields] == [10]


@pytest.mark.rule("P-103")
def test_a_shield_on_a_realm_meets_attack_damage_and_a_soul_shield_meets_counterblow() -> None:
    g = game()
    shield(g, "ember-citadel")
    shield(g, "ember-imp", 15)
    g.attack("ember-imp", "ember-citadel")
    assert g.table.card("ember-citadel").damage == 0  # 5 of its 10 spent
    assert g.table.card("ember-imp").damage == 0  # the 15 counterblow, all of it
    assert [s.amount for s in g.table.card("ember-citadel").shields] == [5]


@pytest.mark.rule("P-103")
@pytest.mark.rule("S-14")
def test_capture_ends_a_shield_and_the_end_phase_ends_what_is_left_on_a_step() -> None:
    g = game()
    shield(g, "ember-imp")
    shield(g, "blood-priest")
    g.capture("ember-imp")
    [capture] = steps_matching(g.steps, "ember-imp is captured")
    assert (
        ShieldChanged(
            kind="shield_ended", card="ember-imp", shield="prevent 10 from aegis-prayer this turn"
        )
        in capture.changes
    )
    assert "P-103" in capture.rules and g.table.card("ember-imp").shields == ()
    g.end_turn()
    [ended] = steps_matching(g.steps, 'Prevention "this turn" ends')
    assert ended.rules == ("P-103",) and g.table.card("blood-priest").shields == ()


@pytest.mark.rule("P-104")
def test_a_cards_own_prevention_comes_before_its_shields() -> None:
    g = game()
    shield(g, "warded-wall")
    g.deal("warded-wall", 20)  # 5 by the Wall itself, then 10 by the shield
    assert g.table.card("warded-wall").damage == 5
    kinds = [c.kind for s in g.steps for c in s.changes if isinstance(c, ShieldChanged)]
    assert kinds == ["prevented", "shield_spent"]
    g.deal("warded-wall", 5)  # without once_per_turn: every hit
    assert g.table.card("warded-wall").damage == 5


@pytest.mark.rule("P-104")
def test_a_once_a_turn_prevention_is_used_by_the_first_hit_only_and_counts_afresh() -> None:
    run = run_scenario(P104)
    prevented = [s for s in run.game.steps if "P-104" in s.rules]
    assert [s.phase[0] for s in prevented] == ["Turn 1 (Alice)", "Turn 2 (Bob)"]
    assert run.game.table.card("stoneskin-sentinel").prevented_this_turn  # used in Bob's turn


@pytest.mark.rule("P-104")
def test_only_a_soul_or_a_realm_prevents_damage_to_itself() -> None:
    text = (
        "ruleset: souls\ntitle: Odd\nrules: [P-104]\ncards:\n"
        "  - {name: Odd Mail, kind: armament, grants_hp: 10, prevents: {amount: 5}}\n"
        "setup:\n  players:\n    - {name: Alice, realm: {card: Old Keep}}\n"
        "    - {name: Bob, realm: {card: Ember Citadel}}\n"
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert error.value.where == "cards[0].prevents"
    assert "only a Soul or a Realm prevents damage to itself (P-104)" in str(error.value)


@pytest.mark.rule("P-103")
def test_a_shield_amount_is_a_multiple_of_5() -> None:
    text = TABLE.replace("{do: prevent, amount: 10}", "{do: prevent, amount: 12}")
    with pytest.raises(ScenarioError, match="prevent amount 12"):
        game_from_yaml(text)
