"""The effects a card can have beyond damage, healing and lasting modifiers: stun (M-15, M-16),
"can't be dealt damage" (M-19), next-event and unpreventable damage (M-25, M-27), damage equal
to a unit's Might (M-30, M-31), kill, recall, ready, exhaust, return to hand (P-31), and the
trigger moments of P-33."""

from __future__ import annotations

from typing import cast

import pytest

from engine.errors import ScenarioError
from engine.might.game import MightGame
from engine.scenario import game_from_yaml

CARDS = """\
cards:
  - {name: Dazzle, kind: spell, target: {side: any}, effects: [{do: stun}]}
  - name: Sanctuary
    kind: spell
    target: {side: any}
    effects: [{do: cant_be_dealt_damage}]
  - {name: Deflect, kind: spell, target: {side: any}, effects: [{do: prevent, value: next}]}
  - name: Piercing Bolt
    kind: spell
    target: {side: any}
    effects: [{do: damage, amount: 2, unpreventable: true}]
  - name: Duel
    kind: spell
    target: {side: any}
    effects: [{do: damage, amount: {might_of: target}}]
  - {name: Doom, kind: spell, target: {side: any}, effects: [{do: kill}]}
  - {name: Fall Back, kind: spell, target: {side: any}, effects: [{do: recall}]}
  - {name: Banish, kind: spell, target: {side: any}, effects: [{do: return_to_hand}]}
  - {name: Warden, kind: unit, might: 3, keywords: [Tank]}
"""


def game(units: str, hand: str = "[]") -> MightGame:
    text = f"""\
ruleset: might
title: card effects
rules: [M-15]
{CARDS}
setup:
  players:
    - name: Alice
      hand: {hand}
      units:
        - {{card: Vanguard Captain, at: Battlefield 1}}
    - name: Bob
      units:
{units}
"""
    return cast(MightGame, game_from_yaml(text))


def play(g: MightGame, card: str, target: str | None = None) -> list[object]:
    """Play ``card`` (at ``target``); both players pass and the chain resolves."""
    return [*g.play(card, target), *g.resolve()]


def descriptions(steps: object) -> list[str]:
    return [step.description for step in steps]  # type: ignore[attr-defined]


@pytest.mark.rule("M-16")
def test_a_stun_ends_at_expiration_c_and_recall_keeps_it_but_leaving_the_table_clears_it() -> None:
    g = game("        - {card: Stone Whelp, at: Battlefield 1, stunned: true}")
    steps = g.end_turn()
    assert not g.table.cards["stone-whelp"].stunned
    ended = [s for s in steps if "stunned (from set-up)" in s.description]
    assert [s.phase[-1] for s in ended] == ['(c) "This turn" effects end']
    g = game(
        "        - {card: Stone Whelp, at: Battlefield 1, stunned: true}", "[{card: Fall Back}]"
    )
    play(g, "fall-back", "stone-whelp")
    assert g.table.cards["stone-whelp"].zone == "base"
    assert g.table.cards["stone-whelp"].stunned  # recall keeps it (M-16)
    g = game("        - {card: Stone Whelp, at: Battlefield 1, stunned: true}", "[{card: Banish}]")
    play(g, "banish", "stone-whelp")
    assert not g.table.cards["stone-whelp"].stunned  # leaving the table clears it


@pytest.mark.rule("M-15")
def test_a_stunned_tank_is_still_assigned_first_and_dies_only_at_its_full_might() -> None:
    g = game(
        "        - {card: Warden, at: Battlefield 1, stunned: true}\n"
        "        - {card: Stone Whelp, at: Battlefield 1}"
    )
    steps = g.combat(0)
    assert (
        "Alice assigns 5, in order: warden 3 (needs 3 for lethal); then stone-whelp 2 (needs 2 for "
        "lethal)"
    ) in descriptions(steps)
    assert g.table.cards["warden"].zone == "trash"


@pytest.mark.rule("M-19", "P-32")
def test_the_default_assignment_sends_the_excess_to_a_unit_it_can_be_dealt_to() -> None:
    g = game(
        "        - {card: Stone Whelp, at: Battlefield 1, cant_be_dealt_damage: true,"
        " shields: [{id: ward, value: 1}]}\n"
        "        - {card: Iron Sentinel, id: wall, at: Battlefield 1}"
    )
    steps = g.combat(0)
    assert (
        "Alice's 5 damage is assigned by default, in order: wall 5 (needs 4 for lethal)"
        in descriptions(steps)
    )
    whelp = g.table.cards["stone-whelp"]
    assert whelp.damage == 0 and whelp.shields[0].remaining == 1


@pytest.mark.rule("M-19", "P-32")
def test_a_lone_unit_that_cant_be_dealt_damage_gets_all_as_excess_and_none_is_dealt() -> None:
    g = game("        - {card: Stone Whelp, at: Battlefield 1, cant_be_dealt_damage: true}")
    steps = g.combat(0)
    assert (
        "Alice assigns 5, in order: stone-whelp 5 (can't be dealt damage: not dealt)"
        in descriptions(steps)
    )
    assert g.table.cards["stone-whelp"].damage == 0
    assert g.table.cards["vanguard-captain"].zone == "base"  # a defender remains: recalled


@pytest.mark.rule("P-32")
def test_damage_already_marked_still_kills_a_unit_that_cant_be_dealt_damage() -> None:
    g = game(
        "        - {card: Iron Sentinel, at: Battlefield 2, damage: 3, cant_be_dealt_damage: true}"
    )
    g.deal("iron-sentinel", 5)
    assert g.table.cards["iron-sentinel"].damage == 3
    g.modify_might("iron-sentinel", -1)
    assert g.table.cards["iron-sentinel"].zone == "trash"


@pytest.mark.rule("M-25")
def test_a_next_event_shield_that_meets_0_damage_stays() -> None:
    g = game("        - {card: Iron Sentinel, at: Battlefield 2, shields: [{id: d, value: next}]}")
    g.deal("iron-sentinel", 0)
    assert g.table.cards["iron-sentinel"].shields[0].remaining is None
    g.deal("iron-sentinel", 7)
    card = g.table.cards["iron-sentinel"]
    assert (card.damage, card.shields[0].remaining) == (0, 0)
    g.deal("iron-sentinel", 1)
    assert g.table.cards["iron-sentinel"].damage == 1


@pytest.mark.rule("M-27")
def test_a_next_event_shield_waits_for_damage_it_can_prevent() -> None:
    g = game(
        "        - {card: Iron Sentinel, at: Battlefield 2, shields: [{id: d, value: next}]}",
        "[{card: Piercing Bolt}, {card: Spark}]",
    )
    play(g, "piercing-bolt", "iron-sentinel")
    assert g.table.cards["iron-sentinel"].damage == 2
    play(g, "spark", "iron-sentinel")
    card = g.table.cards["iron-sentinel"]
    assert (card.damage, card.shields[0].remaining) == (2, 0)


@pytest.mark.rule("M-30")
def test_damage_equal_to_a_might_of_0_or_less_deals_nothing() -> None:
    g = game("        - {card: Hollow Golem, at: Battlefield 2}", "[{card: Duel}]")
    steps = play(g, "duel", "hollow-golem")
    assert "hollow-golem has 0 Might (as the effect resolves): it deals no damage" in descriptions(
        steps
    )


@pytest.mark.rule("M-31")
def test_damage_equal_to_a_might_passes_a_spell_shield_and_has_the_unit_as_source() -> None:
    g = game(
        "        - card: Iron Sentinel\n"
        "          shields: [{id: spell-ward, value: 9, scope: spell}]",
        "[{card: Duel}]",
    )
    steps = play(g, "duel", "iron-sentinel")
    assert "iron-sentinel takes 4 damage (4); marked 0 -> 4" in descriptions(steps)
    assert g.table.cards["iron-sentinel"].zone == "trash"


@pytest.mark.rule("M-30")
def test_a_spell_can_read_only_its_targets_might_and_only_when_it_chooses_one() -> None:
    text = """\
ruleset: might
title: bad
rules: [M-30]
cards:
  - name: Selfish
    kind: spell
    effects: [{do: damage, amount: {might_of: self}, target: all_enemy_units}]
setup:
  players: [{name: Alice}, {name: Bob}]
"""
    for unit in ("self", "target"):  # the spell chooses none: neither is there to read
        with pytest.raises(ScenarioError, match=f"the Might of {unit}: it chooses no target"):
            game_from_yaml(text.replace("might_of: self", f"might_of: {unit}"))
    chooses = text.replace("target: all_enemy_units", "target: target").replace(
        "kind: spell", "kind: spell\n    target: {side: enemy}"
    )
    with pytest.raises(ScenarioError, match=r"can.t read the Might of self: use target"):
        game_from_yaml(chooses)
    assert game_from_yaml(chooses.replace("might_of: self", "might_of: target"))


@pytest.mark.rule("P-31")
def test_a_kill_is_a_death_its_dies_ability_triggers() -> None:
    g = game("        - {card: Ash Martyr, at: Battlefield 1}", "[{card: Doom}]")
    steps = play(g, "doom", "ash-martyr")
    [death] = [s for s in steps if s.description == "ash-martyr dies: killed by doom"]
    assert "P-31" in death.rules and "M1" not in death.rules  # no damage was compared
    assert any("ash-martyr triggers" in d for d in descriptions(steps))
    assert g.table.cards["ash-martyr"].zone == "trash"


@pytest.mark.rule("P-33")
def test_another_unit_dies_triggers_once_per_death_and_not_on_units_dying_with_it() -> None:
    text = """\
ruleset: might
title: crows
rules: [P-33]
cards:
  - name: Crow
    kind: unit
    might: 1
    abilities:
      - {when: another_unit_dies, effects: [{do: might, amount: 1, target: self}]}
  - {name: Ripple, kind: spell, effects: [{do: damage, amount: 1, target: all_units}]}
setup:
  players:
    - name: Alice
      hand: [{card: Ripple}]
    - name: Bob
      units:
        - {card: Crow, id: crow-a}
        - {card: Crow, id: crow-b}
        - {card: Crow, id: watcher, might: [{amount: 5, duration: permanent}]}
"""
    g = cast(MightGame, game_from_yaml(text))
    steps = [*g.play("ripple"), *g.resolve()]
    triggered = [d for d in descriptions(steps) if "triggers" in d]
    assert triggered == [
        "watcher triggers: when another unit dies (goes on the chain)",
        "watcher triggers: when another unit dies (goes on the chain)",
    ]
    assert g.table.might("watcher") == 8  # 6, and +1 for each of the two deaths


@pytest.mark.rule("M-26")
def test_in_assignment_each_unit_counts_its_own_share_of_a_whole_side_shield() -> None:
    text = """\
ruleset: might
title: a wall in combat
rules: [M-26]
cards:
  - name: Shield Wall
    kind: spell
    effects: [{do: prevent, value: 2, target: controller, duration: until_your_next_turn}]
setup:
  turn_player: 1
  players:
    - name: Alice
      units: [{card: Vanguard Captain, at: Battlefield 1}]
    - name: Bob
      hand: [{card: Shield Wall}]
      units:
        - {card: Stone Whelp, at: Battlefield 1}
        - {card: Hollow Golem, at: Battlefield 1}
"""
    g = cast(MightGame, game_from_yaml(text))
    g.play("shield-wall")
    g.resolve()
    g.end_turn()
    steps = g.combat(0)
    assigned = next(d for d in descriptions(steps) if d.startswith("Alice's 5 damage"))
    assert assigned.startswith(
        "Alice's 5 damage is assigned by default, in order: stone-whelp 4 (needs 4 for lethal): "
        "e1 (prevention) 4 -> 2"
    )
    assert g.table.cards["stone-whelp"].zone == "trash"


SAVES = """\
ruleset: might
title: saves
rules: [M-20]
cards:
  - name: Crow
    kind: unit
    might: 1
    abilities:
      - {when: another_unit_dies, effects: [{do: might, amount: 1, target: self}]}
  - name: Brace
    kind: spell
    target: {side: any}
    effects: [{do: instead_of_dying, then: [exhaust]}]
  - {name: Ripple, kind: spell, effects: [{do: damage, amount: 1, target: all_units}]}
setup:
  players:
    - name: Alice
      hand: [{card: Brace}, {card: Ripple}]
    - name: Bob
      units:
        - {card: Crow, id: saved-crow}
        - {card: Stone Whelp, damage: 1}
"""


@pytest.mark.rule("M-21")
@pytest.mark.rule("M-22")
def test_a_saved_unit_sees_the_others_die_and_unhealed_dies_at_the_repeat_of_the_cleanup() -> None:
    g = cast(MightGame, game_from_yaml(SAVES))  # instead of dying it exhausts, and heals not
    play(g, "brace", "saved-crow")
    steps = play(g, "ripple")
    text = descriptions(steps)
    saved = text.index(
        "saved-crow would die (damage 1 >= Might 1); instead (from brace): exhaust. It does "
        "not die: no death ability triggers"
    )
    assert "M1" in steps[saved].rules  # the comparison a replacement took the place of
    whelp = text.index("stone-whelp dies: damage 2 >= Might 2")
    # Saved first, it sees the whelp die (M-21): its trigger waits on the chain, and M-8's
    # repeat of the same cleanup finds it still lethal: a new death, Brace spent (M-22).
    crow = text.index("saved-crow dies: damage 1 >= Might 1")
    assert saved < whelp < crow
    assert "M-22" in steps[crow].rules and g.table.cards["saved-crow"].zone == "trash"


@pytest.mark.rule("M-22")
def test_a_save_that_does_not_heal_leaves_no_lethal_unit_after_the_cleanup() -> None:
    g = cast(MightGame, game_from_yaml(SAVES))
    play(g, "brace", "stone-whelp")
    steps = g.deal("stone-whelp", 1)  # 2 damage: it would die, is saved, and dies at the repeat
    text = descriptions(steps)
    assert text.index("stone-whelp is exhausted, keeping its 2 damage") < text.index(
        "stone-whelp dies: damage 2 >= Might 2"
    )
    assert g.table.cards["stone-whelp"].zone == "trash"


ONCE = """\
ruleset: might
title: once per turn
rules: [P-39]
cards:
  - name: Spiked Guard
    kind: unit
    might: 9
    abilities:
      - when: takes_damage
        once_per_turn: true
        effects: [{do: damage, amount: 1, target: all_enemy_units}]
      - when: takes_damage
        effects: [{do: might, amount: 1, target: self}]
setup:
  players:
    - name: Alice
      units: [{card: Vanguard Captain}]
    - name: Bob
      units: [{card: Spiked Guard}]
"""


def test_a_once_per_turn_ability_triggers_again_only_in_a_new_turn() -> None:
    g = cast(MightGame, game_from_yaml(ONCE))
    g.deal("spiked-guard", 1)
    steps = g.deal("spiked-guard", 1)
    assert [s.rules for s in steps if "P-39" in s.rules] == [("P-39",)]
    assert g.table.cards["vanguard-captain"].damage == 1
    assert g.table.might("spiked-guard") == 11  # the other ability triggered both times
    g.end_turn()
    g.deal("spiked-guard", 1)
    assert g.table.cards["vanguard-captain"].damage == 1  # healed at expiration, then 1 again
    assert not any("P-39" in s.rules for s in g.steps[-6:])
