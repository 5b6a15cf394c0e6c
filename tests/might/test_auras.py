"""Auras: Might one unit lends others while it is on the table and its condition holds (M-23),
worked out each time and ended the moment the source leaves, moves or its condition fails
(M-24); every change of it is on the record of the step that caused it, and a view redraws the
units it reaches."""

from __future__ import annotations

from typing import cast

import pytest

from engine.errors import ScenarioError
from engine.might.game import MightGame
from engine.might.table import MightTable
from engine.scenario import game_from_yaml

CARDS = """\
cards:
  - name: Banner Bearer
    kind: unit
    might: 2
    auras: [{might: 1, to: other_friendly, here: true}]
  - name: Dread Totem
    kind: unit
    might: 1
    auras: [{might: -1, to: enemy}]
  - name: Crowned Champion
    kind: unit
    might: 2
    auras: [{might: 3, to: self, only_while: {you_hold: 1}}]
"""


def game(alice: str, bob: str = "        - {card: Iron Sentinel, at: Battlefield 2}") -> MightGame:
    text = f"""\
ruleset: might
title: auras
rules: [M-23]
{CARDS}
setup:
  players:
    - name: Alice
      units:
{alice}
    - name: Bob
      units:
{bob}
"""
    return cast(MightGame, game_from_yaml(text))


BEARER_AND_WHELP = """\
        - {card: Banner Bearer, at: Battlefield 1}
        - {card: Stone Whelp, at: Battlefield 1}"""


def test_an_aura_reaches_only_the_units_it_names() -> None:
    g = game(BEARER_AND_WHELP + "\n        - {card: Hollow Golem}")
    assert g.table.might("stone-whelp") == 3  # other friendly here
    assert g.table.might("banner-bearer") == 2  # not itself
    assert g.table.might("hollow-golem") == 0  # at its base: not here
    assert g.table.might("iron-sentinel") == 4  # not friendly


def test_moving_the_source_ends_its_aura_there_on_the_record() -> None:
    g = game(BEARER_AND_WHELP)
    [step] = [s for s in g.recall("banner-bearer") if " is recalled " in s.description]
    assert g.table.might("stone-whelp") == 2
    assert "stone-whelp Might 3 -> 2 (banner-bearer's aura ends)" in step.description
    assert {"M-24", "M-2"} <= set(step.rules)
    moved, before = g.steps[step.index].table, g.steps[step.index - 1].table
    assert isinstance(moved, MightTable) and isinstance(before, MightTable)
    assert "stone-whelp" in moved.differences(before)  # a view redraws it


def test_a_unit_that_moves_into_an_aura_gains_it_on_the_record() -> None:
    g = game("        - {card: Banner Bearer, at: Battlefield 1}\n        - {card: Stone Whelp}")
    [step] = [s for s in g.move("stone-whelp", 0) if " moves " in s.description]
    assert g.table.might("stone-whelp") == 3
    assert "stone-whelp Might 2 -> 3 (banner-bearer's aura begins)" in step.description
    assert "M-23" in step.rules


def test_a_unit_made_lethal_by_the_loss_dies_at_the_repeat_of_the_check() -> None:
    g = game(
        "        - {card: Banner Bearer, at: Battlefield 1, damage: 1}\n"
        "        - {card: Stone Whelp, at: Battlefield 1, damage: 2}"
    )
    assert not g.table.lethal_units()  # the whelp is at 3 with 2 damage
    g.deal("banner-bearer", 1)
    deaths = [s.description for s in g.steps if " dies" in s.description]
    assert deaths[0].startswith("banner-bearer dies: damage 2 >= Might 2; stone-whelp Might")
    assert deaths[1] == "stone-whelp dies: damage 2 >= Might 2"


def test_an_aura_with_a_condition_follows_it() -> None:
    g = game("        - {card: Crowned Champion, at: Battlefield 1}", bob="        []")
    assert g.table.might("crowned-champion") == 2  # nobody holds Battlefield 1 yet
    steps = g.combat(0)  # unopposed: Alice conquers it (M9) and holds it
    assert g.table.battlefields[0].holder == 0
    assert g.table.might("crowned-champion") == 5
    assert any("crowned-champion Might 2 -> 5" in s.description for s in steps)


@pytest.mark.rule("M-24", "M-14")
def test_a_unit_an_aura_while_holding_held_up_dies_at_the_repeat_after_the_hold_ends() -> None:
    g = game(
        "        - {card: Stone Whelp, at: Battlefield 1}\n"
        "        - {card: Crowned Champion, at: Battlefield 2}",
        bob="        []",
    )
    g.combat(0)  # Alice holds Battlefield 1: the champion has 5 Might
    g.deal("crowned-champion", 4)
    steps = g.deal("stone-whelp", 2)  # the whelp dies, the hold ends with it, and the aura too
    assert [s.description for s in steps[-2:]] == [
        "Nobody holds Battlefield 1: Alice has no unit left there; crowned-champion Might 5 -> 2 "
        "(crowned-champion's aura ends): its damage is now lethal",
        "crowned-champion dies: damage 4 >= Might 2",
    ]
    assert "M-24" in steps[-1].rules and "M-8" in steps[-1].rules
    assert g.table.cards["crowned-champion"].zone == "trash"


@pytest.mark.rule("M-24", "M-12")
def test_a_unit_an_aura_while_attacking_held_up_dies_at_the_check_after_the_combat() -> None:
    g = cast(
        MightGame,
        game_from_yaml("""\
ruleset: might
title: An aura while attacking, and damage marked after the Combat Cleanup's heal
rules: [M-24]
cards:
  - name: Warlord
    kind: unit
    might: 2
    auras: [{might: 3, to: self, only_while: {unit: self, state: attacking}}]
  - name: Spiteful Guard
    kind: unit
    might: 1
    abilities:
      - {when: dies, effects: [{do: damage, amount: 3, target: all_enemy_units_here}]}
setup:
  players:
    - name: Alice
      units: [{card: Warlord, at: Battlefield 1}]
    - name: Bob
      units: [{card: Spiteful Guard, at: Battlefield 1}]
"""),
    )
    steps = g.combat(0)  # the guard dies; its 3 damage comes after the heal, to a 5-Might warlord
    over = next(i for i, s in enumerate(steps) if s.description.startswith("Combat is over"))
    assert "warlord Might 5 -> 2 (warlord's aura ends)" in steps[over].description
    assert steps[over + 1].description == "warlord dies: damage 3 >= Might 2"
    assert {"M-8", "M-24"} <= set(steps[over + 1].rules)
    assert g.table.cards["warlord"].zone == "trash"


def test_an_enemy_aura_counts_in_the_lethal_requirement() -> None:
    totem = "        - {card: Dread Totem}"
    g = game("        - {card: Stone Whelp, at: Battlefield 1}", bob=totem)
    assert g.table.might("stone-whelp") == 1
    g.deal("stone-whelp", 1)
    assert g.table.cards["stone-whelp"].zone == "trash"
    with pytest.raises(ScenarioError, match="stone-whelp starts with lethal damage"):
        game(
            "        - {card: Stone Whelp, at: Battlefield 1, damage: 1}",
            bob="        - {card: Dread Totem}",
        )


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("{name: Hex, kind: spell, auras: [{might: 1}]}", "a spell has no auras"),
        (
            "{name: Odd, kind: unit, auras: [{might: 1, only_while: {unit: target, "
            "state: damaged}}]}",
            "an aura's only_while is about its own unit",
        ),
    ],
)
def test_auras_that_mean_nothing_are_refused(card: str, message: str) -> None:
    text = (
        f"ruleset: might\ntitle: t\nrules: [M-23]\ncards:\n  - {card}\nsetup:\n  players:\n"
        "    - {name: Alice}\n    - {name: Bob}\n"
    )
    with pytest.raises(ScenarioError, match=message):
        game_from_yaml(text)


FIELD = """\
ruleset: might
title: Field auras
rules: [P-47]
setup:
  battlefields: [Sunlit Field, Gloom]
  battlefield_auras:
    Sunlit Field: [{might: 1}]
    Gloom: [{might: -1, to: others}]
  players:
    - name: Alice
      units:
        - {card: Stone Whelp, at: Sunlit Field, damage: 2}
        - {card: Iron Sentinel, at: Gloom}
    - name: Bob
      units:
        - {card: Thornback, at: Gloom, damage: 2}
"""


def test_a_battlefields_aura_reaches_the_units_there_and_only_those_it_names() -> None:
    g = cast(MightGame, game_from_yaml(FIELD))
    table = g.table
    assert table.might("stone-whelp") == 3  # +1 to every unit at the Sunlit Field
    assert not table.is_lethal("stone-whelp")
    assert (table.might("iron-sentinel"), table.might("thornback")) == (4, 3)  # Gloom is unheld


def test_leaving_a_battlefields_aura_can_make_damage_lethal_on_the_record() -> None:
    g = cast(MightGame, game_from_yaml(FIELD))
    steps = g.move("stone-whelp", None)
    assert "stone-whelp Might 3 -> 2 (Sunlit Field's aura ends): its damage is now lethal" in (
        steps[0].description
    )
    assert "P-47" in steps[0].rules
    assert g.table.cards["stone-whelp"].zone == "trash"  # at the cleanup after the move


def test_an_aura_for_the_other_player_begins_when_someone_holds_the_battlefield() -> None:
    g = cast(
        MightGame, game_from_yaml(FIELD.replace("Thornback, at: Gloom, damage: 2", "Thornback"))
    )
    g.combat(1)  # Alice's sentinel takes the unheld Gloom
    assert g.table.battlefields[1].holder == 0
    g.end_turn()
    steps = g.move("thornback", 1)
    assert g.table.might("thornback") == 2  # Bob's, at Alice's Gloom: -1
    assert "thornback Might 3 -> 2 (Gloom's aura begins)" in steps[0].description


def test_an_aura_for_a_battlefield_the_table_does_not_have_is_refused() -> None:
    with pytest.raises(ScenarioError, match="battlefield_auras names 'Nowhere', which is no"):
        game_from_yaml(FIELD.replace("    Gloom: [{might: -1", "    Nowhere: [{might: -1"))
