"""What a card's words reach and how much they read: groups of units (``{every: ...}``) and
filters by Might (P-69), damage from spells and abilities (P-70), Might read off a unit and a
floor (P-71), and keywords granted for a while (P-72)."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import RuleError, ScenarioError
from engine.might.card_effects import covers
from engine.might.game import MightGame
from engine.might.unit_filters import Every
from engine.scenario import game_from_yaml
from engine.timeline import Step


def game(card: str, alice: str, bob: str, extra: str = "") -> MightGame:
    text = f"""\
ruleset: might
title: groups and filters
rules: [P-69]
cards:
  - {card}
{extra}
setup:
  players:
    - name: Alice
      hand: [{{card: Test}}]
      units: [{alice}]
    - name: Bob
      units: [{bob}]
"""
    return cast(MightGame, game_from_yaml(text))


def spell(effects: str, target: str = "") -> str:
    aim = f"target: {target}, " if target else ""
    return f"{{name: Test, kind: spell, {aim}effects: [{effects}]}}"


def texts(steps: list[Step]) -> list[str]:
    return [step.description for step in steps]


def play(g: MightGame, target: str | None = None) -> list[Step]:
    return [*g.play("test", target), *g.resolve()]


BOB = (
    "{card: Stone Whelp, at: Battlefield 1, damage: 1}, {card: Iron Sentinel, at: Battlefield 1},"
    " {card: Thornback, id: thornback, damage: 1}"
)


def test_a_group_reaches_every_unit_that_passes_its_filter_as_it_resolves() -> None:
    g = game(
        spell("{do: damage, amount: 1, target: {every: enemy_units, state: damaged}}"),
        "{card: Vanguard Captain, at: Battlefield 1, damage: 1}",
        BOB,
    )
    steps = play(g)
    assert "damage reaches every damaged enemy unit: stone-whelp, thornback" in texts(steps)
    assert g.table.cards["iron-sentinel"].damage == 0  # undamaged: not in the group
    assert g.table.cards["vanguard-captain"].damage == 1  # Alice's: not an enemy unit


@pytest.mark.parametrize(
    ("group", "reached"),
    [
        ("{every: units, at: battlefields}", {"vanguard-captain", "stone-whelp", "iron-sentinel"}),
        ("{every: units, at: bases}", {"thornback"}),
        ("{every: friendly_units}", {"vanguard-captain"}),
        ("{every: enemy_units, might_at_most: 3}", {"stone-whelp", "thornback"}),
        ("{every: units, might_at_least: 4}", {"vanguard-captain", "iron-sentinel"}),
    ],
)
def test_a_group_narrows_by_place_side_and_might(group: str, reached: set[str]) -> None:
    g = game(
        spell(f"{{do: might, amount: 1, target: {group}}}"),
        "{card: Vanguard Captain, at: Battlefield 1}",
        BOB,
    )
    play(g)
    gained = {uid for uid, card in g.table.cards.items() if card.modifiers}
    assert gained == reached


def test_a_group_in_combat_is_the_attackers_and_defenders() -> None:
    every = Every(every="units", at="combat")
    g = game(spell("{do: heal}", "{side: any}"), "{card: Vanguard Captain, at: Battlefield 1}", BOB)
    table = g.table.with_card(g.table.cards["stone-whelp"].evolve(role="defender"))
    assert every.reaches(table, 0, None, None) == ["stone-whelp"]


def test_a_group_that_reaches_nobody_does_nothing_on_the_record() -> None:
    g = game(
        spell("{do: damage, amount: 1, target: {every: enemy_units, state: exhausted}}"),
        "{card: Vanguard Captain}",
        "{card: Stone Whelp}",
    )
    steps = play(g)
    assert any(
        "no legal target" in s.description
        and "there is no exhausted enemy unit" in s.description
        and "P-69" in s.rules
        for s in steps
    )


def test_an_abilitys_group_here_is_where_its_unit_was() -> None:
    card = (
        "{name: Test, kind: unit, might: 1, abilities: [{when: played, effects: [{do: damage, "
        "amount: 1, target: {every: units, here: true, other: true}}]}]}"
    )
    g = game(card, "{card: Vanguard Captain}", "{card: Stone Whelp}")
    play(g)
    # Played to Alice's base: "here" is that base, where only her captain is besides itself.
    assert g.table.cards["vanguard-captain"].damage == 1
    assert g.table.cards["stone-whelp"].damage == 0
    assert g.table.cards["test"].damage == 0


@pytest.mark.parametrize(
    ("group", "message"),
    [
        ("{every: units, here: true}", "a spell is at no place: its group can't be here"),
        ("{every: units, other: true}", "a spell has no unit of its own: its group can't be other"),
        ("{every: units, might_at_least: 5, might_at_most: 2}", "no Might is at least 5"),
        ("{every: units, count: 2}", "unknown key 'count'"),
        ("{every: allies}", "every"),
    ],
)
def test_a_group_that_can_never_be_read_is_refused(group: str, message: str) -> None:
    with pytest.raises(ScenarioError, match="cards\\[0\\].effects\\[0\\]") as refused:
        game(spell(f"{{do: kill, target: {group}}}"), "", "")
    assert message in str(refused.value)


def test_a_target_filter_by_might_reads_current_might_as_it_is_chosen() -> None:
    g = game(
        spell("{do: kill}", "{side: enemy, might_at_most: 3}"),
        "",
        "{card: Stone Whelp}, {card: Iron Sentinel}",
    )
    with pytest.raises(RuleError, match="not an enemy unit with 3 Might or less"):
        g.play("test", "iron-sentinel")
    play(g, "stone-whelp")
    assert g.table.cards["stone-whelp"].zone == "trash"


@pytest.mark.rule("P-70", "P-20")
@pytest.mark.parametrize(
    ("scope", "kind", "covered"),
    [
        ("noncombat", "spell", True),
        ("noncombat", "ability", True),
        ("noncombat", "combat", False),
        ("spell", "ability", False),
        ("all", "combat", True),
    ],
)
def test_noncombat_covers_spells_and_abilities_only(scope: str, kind: str, covered: bool) -> None:
    assert covers(scope, kind) is covered  # type: ignore[arg-type]


def test_a_noncombat_shield_prevents_a_spells_damage() -> None:
    g = game(
        spell(
            "{do: prevent, value: all, scope: noncombat}, {do: damage, amount: 3}", "{side: own}"
        ),
        "{card: Vanguard Captain}",
        "",
    )
    steps = play(g, "vanguard-captain")
    assert "vanguard-captain gets prevention e1 (all noncombat damage) this turn" in texts(steps)
    assert g.table.cards["vanguard-captain"].damage == 0


def test_a_modifier_equal_to_its_might_doubles_it_on_the_record() -> None:
    g = game(
        spell("{do: might, amount: {might_of: target}}", "{side: own}"),
        "{card: Vanguard Captain}",
        "",
    )
    steps = play(g, "vanguard-captain")
    assert "The amount is the Might of vanguard-captain: 5" in texts(steps)
    assert g.table.might("vanguard-captain") == 10


def test_a_modifier_may_read_the_second_targets_might() -> None:
    g = game(
        spell(
            "{do: might, amount: {might_of: target_2}, target: target_1}",
            "[{side: own}, {side: enemy}]",
        ),
        "{card: Stone Whelp}",
        "{card: Iron Sentinel}",
    )
    g.play("test", ["stone-whelp", "iron-sentinel"])
    g.resolve()
    assert g.table.might("stone-whelp") == 2 + 4


@pytest.mark.parametrize(
    ("unit", "might", "after"),
    [
        ("Vanguard Captain", 5, 1),
        ("Iron Sentinel", 4, 1),
        ("Stone Whelp", 2, 1),
        ("Hollow Golem", 0, 0),
    ],
)
def test_a_floor_stops_a_lowering_at_the_floor(unit: str, might: int, after: int) -> None:
    """-4 Might, to a minimum of 1: a unit at 5 goes to 1, at 2 to 1, and one at 0 stays."""
    g = game(spell("{do: might, amount: -4, floor: 1}", "{side: enemy}"), "", f"{{card: {unit}}}")
    uid = next(iter(g.table.units(1))).uid
    play(g, uid)
    assert g.table.might(uid) == after


@given(might=st.integers(-5, 12), amount=st.integers(-8, 8), floor=st.integers(-3, 6))
def test_a_floor_never_lowers_past_it_and_never_raises(might: int, amount: int, floor: int) -> None:
    """For every Might, amount and floor: the modifier is never above the amount's own sign
    (a lowering never becomes a raise) and never takes the unit below the floor it started
    above."""
    raised = min(max(amount, floor - might), max(amount, 0))
    assert raised >= amount
    assert raised <= max(amount, 0)
    if amount < 0 and might >= floor:
        assert might + raised >= floor


def test_granted_keywords_count_as_printed_ones_and_end_with_their_duration() -> None:
    g = game(
        spell("{do: grant, keywords: [Shield 3, Tank]}", "{side: own}"),
        "{card: Stone Whelp}",
        "",
    )
    steps = play(g, "stone-whelp")
    whelp = g.table.cards["stone-whelp"]
    definition = g.table.definition("stone-whelp")
    assert whelp.keyword(definition, "Shield") == 3
    assert whelp.keyword(definition, "Tank") == 1
    assert any(
        "P-72" in s.rules and "Shield 3, Tank from test this turn" in s.description for s in steps
    )
    g.end_turn()
    assert g.table.cards["stone-whelp"].granted == ()


def test_a_granted_keyword_must_be_one_the_engine_reads() -> None:
    with pytest.raises(ScenarioError, match="unknown keyword 'Flying'"):
        game(spell("{do: grant, keywords: [Flying]}", "{side: own}"), "", "")
