"""Chosen targets by number and state, and the groups an effect reaches by itself (P-51, S-15,
14.5.1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame
from tests.support.game_state import assert_refused

TABLE = """\
ruleset: souls
title: Targets
rules: [P-51]
cards:
  - name: Test Spell
    kind: spell
    target: {target}
    effects: [{{do: heal, amount: 5}}]
  - name: Group Spell
    kind: spell
    effects: [{{do: {do}, {amount}target: {group}}}]
  - name: Leader
    kind: soul
    hp: 30
    power: 10
    abilities:
      - {{name: Rally, effects: [{{do: {do}, {amount}target: {group}}}]}}
setup:
  players:
    - name: Alice
      realm: {{card: Old Keep}}
      slots:
        A1: {{card: Leader}}
        B1: {{card: Thorn Squire, damage: {damage}}}
        C1: {{card: Fading Wisp, captured: true}}
      hand: [{{card: Test Spell}}, {{card: Group Spell}}]
    - name: Bob
      realm: {{card: Ember Citadel}}
      slots:
        A1: {{card: Mossback Guard}}
        B1: {{card: Ash Zealot, captured: true}}
"""


def table(
    target: str = "{}", group: str = "all_souls", do: str = "damage", damage: int = 0
) -> SoulsGame:
    amount = "" if do == "exile" else "amount: 5, "
    game = game_from_yaml(
        TABLE.format(target=target, group=group, do=do, amount=amount, damage=damage)
    )
    assert isinstance(game, SoulsGame)
    return game


@pytest.mark.rule("P-51")
def test_a_target_outside_its_numbers_is_refused_naming_its_hp_and_power() -> None:
    game = table("{kind: soul, hp_at_most: 10}", damage=10)
    error = assert_refused(game, lambda: game.play("test-spell", target="mossback-guard"), "P-51")
    assert str(error) == (
        "mossback-guard is not a Soul with 10 HP or less: it has 40 HP and 5 power (rule P-51)"
    )
    game.play("test-spell", target="thorn-squire")  # 10 of 20 HP left
    assert game.table.cards["thorn-squire"].damage == 5


@pytest.mark.rule("P-51")
def test_a_target_by_state_and_power() -> None:
    game = table("{kind: soul, state: undamaged, power_at_least: 10}", damage=5)
    assert_refused(game, lambda: game.play("test-spell", target="thorn-squire"), "P-51")
    assert_refused(game, lambda: game.play("test-spell", target="mossback-guard"), "P-51")
    assert game.can_play("test-spell", target="leader")


@pytest.mark.rule("P-51")
@settings(max_examples=40, deadline=None)
@given(
    damage=st.sampled_from(range(0, 20, 5)),
    at_most=st.none() | st.sampled_from(range(0, 25, 5)),
    at_least=st.none() | st.sampled_from(range(0, 25, 5)),
)
def test_a_target_fits_exactly_when_its_current_hp_is_within_the_numbers(
    damage: int, at_most: int | None, at_least: int | None
) -> None:
    bounds = ", ".join(
        f"{key}: {value}"
        for key, value in (("hp_at_most", at_most), ("hp_at_least", at_least))
        if value is not None
    )
    game = table(f"{{kind: soul, {bounds}}}", damage=damage)
    hp = 20 - damage
    fits = (at_most is None or hp <= at_most) and (at_least is None or hp >= at_least)
    assert game.can_play("test-spell", target="thorn-squire") == fits


@pytest.mark.rule("P-51")
def test_other_own_souls_are_the_controllers_but_the_card_itself() -> None:
    game = table(group="other_own_souls")
    game.activate("leader")
    assert game.table.cards["thorn-squire"].damage == 5
    assert game.table.cards["leader"].damage == 0
    assert game.table.cards["mossback-guard"].damage == 0


@pytest.mark.rule("P-51")
def test_all_souls_reaches_both_players_active_souls_turn_player_first() -> None:
    game = table()
    steps = game.play("group-spell")
    hit = [s.description.split()[0] for s in steps if "takes 5 damage" in s.description]
    assert hit == ["leader", "thorn-squire", "mossback-guard"]  # no captured Soul (14.5.1)


@pytest.mark.rule("P-51")
def test_a_captured_group_is_exiled_and_other_effects_do_nothing_to_it() -> None:
    game = table(group="all_enemy_captured", do="exile")
    game.play("group-spell")
    assert game.table.cards["ash-zealot"].zone == "exile"
    assert game.table.cards["fading-wisp"].zone == "slot"  # Alice's own stays
    game = table(group="all_captured")
    steps = game.play("group-spell")
    nothing = [s for s in steps if "nothing happens, it is not active" in s.description]
    assert [s.description.split()[2].rstrip(":") for s in nothing] == ["fading-wisp", "ash-zealot"]


@pytest.mark.rule("P-51")
def test_a_captured_soul_target_with_numbers_is_refused_at_check() -> None:
    with pytest.raises(ScenarioError, match="a captured Soul is not active"):
        table("{kind: captured_soul, hp_at_most: 10}")
