"""What a might unit's face and inspector say about the states of M-15, M-19 and M-25 (a badge
for each, and a line that names the effect and its source) and about its abilities (P-42)."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from app.might.inspector import card_rows
from app.might.looks import card_look, card_size, table_layout
from app.presentation.looks import LookCache
from engine.assets import LESSONS, SCENARIOS
from engine.might.game import MightGame
from engine.might.table import MightTable
from engine.scenario import Playthrough, game_from_yaml, load_scenario, scenario_files
from tests.support.playthroughs import branch_timelines

TABLE = """\
ruleset: might
title: faces
rules: [M-15]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          stunned: true
          cant_be_dealt_damage: true
          shields: [{id: deflect, value: next}]
    - name: Bob
"""


def test_a_stunned_unit_that_cant_be_dealt_damage_shows_both_and_its_next_event_shield() -> None:
    game = cast(MightGame, game_from_yaml(TABLE))
    table = game.table
    look = card_look(table, table.cards["iron-sentinel"])
    assert look.badges == ("prevent next", "stunned", "no damage")
    assert "stunned (from set-up) this turn" in look.tooltip
    assert "can't be dealt damage (from set-up) this turn" in look.tooltip
    rows = dict(card_rows(table, "iron-sentinel"))
    assert rows["Stun"] == "stunned (from set-up) this turn"
    assert rows["Prevention"] == "prevention deflect (the next damage event) this turn"


def test_a_spent_next_event_shield_shows_0() -> None:
    game = cast(
        MightGame, game_from_yaml(TABLE.replace("          cant_be_dealt_damage: true\n", ""))
    )
    game.deal("iron-sentinel", 3)
    look = card_look(game.table, game.table.cards["iron-sentinel"])
    assert look.badges == ("prevent 0", "stunned")
    assert "prevention deflect (spent) this turn" in look.tooltip


def test_a_unit_saved_from_death_shows_it_until_the_save_is_used() -> None:
    text = TABLE.replace(
        "rules: [M-15]\n",
        "rules: [M-20]\ncards:\n  - name: Brace\n    kind: spell\n    target: {side: any}\n"
        "    effects: [{do: instead_of_dying, then: [exhaust]}]\n",
    ).replace("    - name: Bob\n", "      hand: [{card: Brace}]\n    - name: Bob\n")
    game = cast(MightGame, game_from_yaml(text))
    game.play("brace", "iron-sentinel")
    game.resolve()
    look = card_look(game.table, game.table.cards["iron-sentinel"])
    assert "saved from death" in look.badges
    assert "instead of dying: exhaust (from brace) this turn" in look.tooltip
    assert dict(card_rows(game.table, "iron-sentinel"))["Instead of dying"].startswith("instead")


AURAS = """\
ruleset: might
title: auras
rules: [M-23]
cards:
  - {name: Banner Bearer, kind: unit, might: 2, auras: [{might: 1, here: true}]}
setup:
  players:
    - name: Alice
      units:
        - {card: Banner Bearer, at: Battlefield 1}
        - {card: Stone Whelp, at: Battlefield 1}
    - name: Bob
"""


def test_an_aura_shows_on_its_source_and_on_each_unit_it_reaches() -> None:
    table = cast(MightGame, game_from_yaml(AURAS)).table
    source = card_look(table, table.cards["banner-bearer"])
    reached = card_look(table, table.cards["stone-whelp"])
    assert "aura source" in source.badges
    assert "Aura: +1 Might to other friendly units here" in source.tooltip
    assert "aura +1" in reached.badges and reached.stat == "Might 3"
    assert "+1 Might from banner-bearer's aura" in reached.tooltip
    rows = dict(card_rows(table, "stone-whelp"))
    assert rows["Might"] == "3 = base 2 +1 (banner-bearer's aura)"
    aura = dict(card_rows(table, "banner-bearer"))["Aura"]
    assert aura == "+1 Might to other friendly units here"


def test_the_inspector_lists_each_ability_with_its_cost_and_targets() -> None:
    play = Playthrough(*load_scenario(SCENARIOS / "might" / "P-42-activated-abilities.yaml"))
    rows = [value for name, value in card_rows(play.game.table, "rune-smith") if name == "Ability"]
    assert rows == ["Forge Strike: activated (cost: exhaust, 1 rune); targets an enemy unit here"]
    warden = [v for n, v in card_rows(play.game.table, "shield-warden") if n == "Ability"]
    assert warden == ["Brace: activated, a Reaction (cost: 1 rune)"]


def test_the_inspector_says_what_a_spell_targets_one_or_one_for_each() -> None:
    play = Playthrough(
        *load_scenario(SCENARIOS / "might" / "P-41-a-different-effect-for-each-target.yaml")
    )
    table = play.game.table
    assert dict(card_rows(table, "rout"))["Targets"] == "an enemy unit, then a unit you control"
    assert dict(card_rows(table, "split-shot"))["Targets"] == "up to 2 enemy units"


@pytest.mark.rule("M-28")
@pytest.mark.rule("P-63")
def test_a_delayed_trigger_shows_on_its_unit_and_a_sides_on_its_controllers_base() -> None:
    scenario, source = load_scenario(
        SCENARIOS / "might" / "P-63-delayed-triggers-left-by-a-spell.yaml"
    )
    play = Playthrough(scenario, source)
    play.run(scenario.script[:1])  # Deathmark on the sentinel
    table = cast(MightTable, play.game.table)
    look = card_look(table, table.cards["iron-sentinel"])
    said = "delayed trigger e1 (from deathmark): the next time it takes damage: kill that unit"
    assert "delayed trigger" in look.badges and said in look.tooltip
    assert dict(card_rows(table, "iron-sentinel"))["Delayed trigger"].startswith(said)
    play.run(scenario.script[1:3])  # Spark uses it up; Bloodbath watches every unit
    table = cast(MightTable, play.game.table)
    bases = [d.text for d in table_layout(table, LookCache()).decorations if d.text]
    assert any("Alice's base" in t and "when any unit takes damage" in t for t in bases)


def test_in_a_combat_the_sides_stand_apart_and_each_unit_says_its_role() -> None:
    scenario, source = load_scenario(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    declared = next(s for s in play.game.steps if s.description.startswith("Combat at"))
    table = cast(MightTable, declared.table)
    cache = LookCache()
    at = {p.uid: p for p in cache.layout(table).placements}
    look = cache.look_of
    defenders, attackers = ("bob-whelp", "bob-sentinel"), ("vanguard-captain", "alice-whelp")
    lowest = max(at[uid].y + look(uid).size[1] for uid in defenders)
    assert min(at[uid].y for uid in attackers) - lowest >= 16  # not touching: a clear gap
    assert all(look(uid).subtitle.startswith("Defending") for uid in defenders)
    assert all(look(uid).subtitle.startswith("Attacking") for uid in attackers)


@pytest.mark.rule("M-32")
def test_the_inspector_says_a_unit_enters_ready_and_not_one_that_enters_exhausted() -> None:
    play = Playthrough(
        *load_scenario(SCENARIOS / "might" / "M-32-a-played-unit-enters-exhausted.yaml")
    )
    table = play.game.table
    assert dict(card_rows(table, "swift-courier"))["Enters"].startswith("ready when played")
    assert "Enters" not in dict(card_rows(table, "rune-smith"))


MIGHT_FILES = scenario_files([SCENARIOS / "might", LESSONS / "might"])


@pytest.mark.parametrize("path", MIGHT_FILES, ids=[p.stem for p in MIGHT_FILES])
def test_a_card_is_laid_out_at_the_size_its_look_has(path: Path) -> None:
    """The layout sizes every card without its look (a card out of sight has none yet): the
    size is the look's, at every step, a turned unit's and a gear's too."""
    for _, steps in branch_timelines(path):
        for step in steps:
            table = cast(MightTable, step.table)
            for card in table.cards.values():
                assert card_size(table, card) == card_look(table, card).size, (step.index, card)
