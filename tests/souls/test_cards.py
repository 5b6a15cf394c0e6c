"""Souls cards and what they do (S-5, S-15, P-3, P-4): targets, effects, abilities, spells,
Ambushes, statics and Armament."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from engine.changes import Moved, StatChanged
from engine.errors import RuleError, ScenarioError
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.cards import TargetSpec
from engine.souls.changes import Flipped
from engine.timeline import Cause
from tests.support.game_state import assert_refused
from tests.support.playthroughs import steps_matching
from tests.support.souls_tables import GRUDGE_KNIGHT, SELF_MENDER, TWO_SYLVAS, scenario_text

SOULS = SCENARIOS / "souls"


def test_detach_sends_the_armament_to_its_owners_elysium() -> None:
    run = run_scenario(SOULS / "S-4-detach-armament.yaml")
    assert not run.failures
    [detached] = steps_matching(run.game.steps, "iron-mail is detached from sylva")
    assert detached.rules == ("S-4",) and detached.cause.kind == "playtester"  # not 14.4.5
    moved = Moved(card="iron-mail", before="armament of sylva", after="elysium")
    lower = StatChanged(card="sylva", stat="max_hp", before=40, after=30)
    assert detached.changes == (moved, lower)  # the Soul is outlined with its delta


def test_detaching_can_capture_through_the_max_hp_loss() -> None:
    game = game_from_yaml(
        scenario_text().replace(
            "B1: {card: Sylva}", "B1: {card: Sylva, damage: 40, armament: [{card: Iron Mail}]}"
        )
    )
    steps = game.detach("iron-mail")
    assert game.table.cards["sylva"].face_down
    capture = next(s for s in steps if any(isinstance(c, Flipped) for c in s.changes))
    assert "14.4.3" in capture.rules


def test_only_an_attached_armament_is_detached() -> None:
    game = game_from_yaml(scenario_text())
    assert_refused(game, lambda: game.detach("sylva"), "S-4")
    assert_refused(game, lambda: game.detach("firebolt"), "S-4")


@pytest.mark.rule("S-5")
def test_an_hp_cost_in_card_data_is_a_multiple_of_5_citing_s5(tmp_path: Path) -> None:
    text = scenario_text().replace(
        "setup:",
        "cards:\n  - name: Payer\n    kind: soul\n    hp: 20\n    abilities:\n"
        "      - {cost_hp: 12}\nsetup:",
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert "card amounts are multiples of 5 (S-5)" in str(error.value)


def test_own_realm_is_the_players_own() -> None:
    game = game_from_yaml(GRUDGE_KNIGHT)
    game.play("keep-mender")
    assert game.table.cards["old-keep"].damage == 10


def test_a_static_counts_the_enemys_captured_souls() -> None:
    assert game_from_yaml(GRUDGE_KNIGHT).table.max_hp("grudge-knight") == 30


def test_an_ambush_is_set_without_a_target() -> None:
    game = game_from_yaml(GRUDGE_KNIGHT)
    with pytest.raises(RuleError) as refused:
        game.play("pitfall", target="ember-imp", slot="B1")
    assert str(refused.value) == "an Ambush does not target when it is set (rule S-15)"


PENITENT = """\
ruleset: souls
title: An ability with no name that hurts its own Soul
rules: [S-12, S-15]
cards:
  - name: Penitent
    kind: soul
    hp: 20
    power: 5
    abilities:
      - effects:
          - {do: damage, amount: 5, target: source}
setup:
  players:
    - {name: Alice, slots: {A1: {card: Penitent}}}
    - {name: Bob}
"""


def test_an_activated_abilitys_source_is_its_soul_and_an_unnamed_one_is_an_ability() -> None:
    """An activated effect aimed at ``source`` reaches the Soul itself (docs/scenarios.md); an
    ability without a name is called "ability"."""
    game = game_from_yaml(PENITENT)
    [activated, *_] = game.activate("penitent")
    assert activated.description == "penitent activates ability"
    assert activated.cause == Cause(kind="action", card="penitent", text="penitent: ability")
    assert game.table.cards["penitent"].damage == 5


SET_AMBUSH = """\
ruleset: souls
title: A set Ambush
rules: [P-3]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}, ambushes: {B1: {card: Pitfall}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""


def test_springing_an_ambush_is_an_action_on_the_ambush() -> None:
    game = game_from_yaml(SET_AMBUSH)
    steps = game.spring("pitfall", "ember-imp")
    assert steps[0].description == "pitfall is sprung from slot B1"
    assert {step.cause for step in steps if step.cause.kind == "action"} == {
        Cause(kind="action", card="pitfall", text="spring pitfall")
    }


def test_an_ambush_set_during_a_battle_is_refused_by_name() -> None:
    game = game_from_yaml(
        SET_AMBUSH.replace("ambushes: {B1: {card: Pitfall}}", "hand: [{card: Pitfall}]")
    )
    game.attack("thorn-squire", "ember-imp")
    with pytest.raises(RuleError) as refused:
        game.play("pitfall", slot="B1")
    assert (refused.value.rule, refused.value.message) == (
        "S-13",
        "an Ambush is set outside battles",
    )


def test_playing_a_spell_is_an_action_on_the_spell() -> None:
    game = game_from_yaml(
        SET_AMBUSH.replace("ambushes: {B1: {card: Pitfall}}", "hand: [{card: Firebolt}]")
    )
    steps = game.play("firebolt", "ember-imp")
    assert steps[0].description == "firebolt is played"
    assert steps[0].cause == Cause(kind="action", card="firebolt", text="play firebolt")


@pytest.mark.rule("S-15")
def test_an_effect_on_a_realm_that_is_not_there_has_no_target() -> None:
    """An effect with no target does nothing (S-15); the effects after it still resolve."""
    game = game_from_yaml(TWO_SYLVAS)  # Bob has no Realm
    steps = game.activate("hermit-exile", 2)
    [nothing] = [s for s in steps if s.description.startswith("damage:")]
    assert nothing.description == "damage: no legal target, nothing happens"
    assert nothing.rules == ("S-15",)
    assert game.table.cards["hermit-exile"].damage == 5


def test_an_effect_on_all_own_souls_reaches_only_the_controllers() -> None:
    game = game_from_yaml(
        TWO_SYLVAS.replace(
            "    - name: Bob\n", "    - name: Bob\n      slots: {A1: {card: Thorn Squire}}\n"
        )
    )
    game.activate("hermit-exile", 3)
    assert game.table.cards["new-sylva"].damage == 5
    assert game.table.cards["thorn-squire"].damage == 0


def test_a_target_for_a_card_that_does_not_target_is_refused_by_name() -> None:
    game = game_from_yaml(SELF_MENDER)
    with pytest.raises(RuleError) as refused:
        game.verify_target(0, None, "ember-imp")
    assert refused.value.rule == "S-15"
    assert refused.value.message == "this card does not target; remove the target"


def test_a_target_on_either_side_reads_a_and_names_its_line() -> None:
    """A target spec open to both sides reads "a ...", and a line it asks for is named."""
    assert TargetSpec(side="any", kind="soul").describe() == "a Soul"
    assert TargetSpec(side="enemy", line="front").describe() == "an enemy Front Line Soul"
    assert TargetSpec(side="own", line="back").describe() == "your Back Line Soul"


@pytest.mark.rule("S-15")
def test_a_two_word_target_kind_reads_as_words() -> None:
    """A kind reads in the rules' words, Soul and Realm capitalised (S-15)."""
    assert TargetSpec(side="own", kind="captured_soul").describe() == "your captured Soul"
    assert TargetSpec(side="enemy", kind="soul_or_realm").describe() == ("an enemy Soul or Realm")
    assert TargetSpec(kind="soul_or_realm").describe() == "a Soul or Realm"


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "{name: Odd, kind: spell, effects: [{do: damage, amount: {power_of: self}, "
            "target: all_enemy_souls}]}",
            "a spell can't read an amount from self: add `target:` to read from",
        ),
        (
            "{name: Odd, kind: soul, rank: 1, hp: 10, power: 5, abilities: [{name: X, effects: "
            "[{do: heal, amount: {damage_on: source}, target: self}]}]}",
            "the 'X' ability can't read an amount from source: use self",
        ),
        (
            "{name: Odd, kind: spell, effects: [{do: damage, amount: {captured: any, each: 7}, "
            "target: all_enemy_souls}]}",
            "card amounts are multiples of 5 (S-5): damage amount each 7",
        ),
    ],
)
def test_an_amount_that_could_never_be_read_is_refused(card: str, message: str) -> None:
    text = f"ruleset: souls\ntitle: Odd\nrules: [P-46]\ncards:\n  - {card}\n" + (
        "setup:\n  players:\n    - {name: Alice, realm: {card: Old Keep}}\n"
        "    - {name: Bob, realm: {card: Ember Citadel}}\n"
    )
    with pytest.raises(ScenarioError, match=re.escape(message)):
        game_from_yaml(text)


@pytest.mark.rule("P-53")
@pytest.mark.parametrize(
    ("extra", "where", "key"),
    [
        (
            "abilities: [{when: damaged, effects: [{do: heal, amount: 5, target: self}]}]",
            "abilities[0]",
            "abilities",
        ),
        ("statics: [{stat: power, amount: 5}]", "statics[0]", "statics"),
    ],
)
def test_an_armament_with_abilities_or_statics_is_refused_at_the_key(
    extra: str, where: str, key: str
) -> None:
    text = (
        "ruleset: souls\ntitle: Odd\nrules: [P-53]\ncards:\n"
        f"  - {{name: Odd Mail, kind: armament, grants_hp: 10, {extra}}}\n"
        "setup:\n  players:\n    - {name: Alice, realm: {card: Old Keep}}\n"
        "    - {name: Bob, realm: {card: Ember Citadel}}\n"
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert error.value.where == f"cards[0].{where}"
    assert str(error.value).endswith(
        f"an Armament has no {key} in the card language: what it gives the equipped Soul is "
        "grants_hp and grants_power (S-6, 14.4.5, P-53)"
    )


@pytest.mark.parametrize(
    ("card", "where", "message"),
    [
        (  # a list of targets has two entries (P-79)
            "{name: Odd, kind: spell, target: [{side: enemy}], effects: "
            "[{do: damage, amount: 5, target: target_1}]}",
            "cards[0].target",
            "a spell chooses one target or a list of two (P-79), not 1",
        ),
        (
            "{name: Odd, kind: spell, target: [{side: enemy}, {side: own}], effects: "
            "[{do: damage, amount: 5}]}",
            "cards[0].effects[0].target",
            "the card chooses two targets: aim at target_1 or target_2 (P-79)",
        ),
        (
            "{name: Odd, kind: spell, target: {side: enemy}, effects: "
            "[{do: damage, amount: 5, target: target_2}]}",
            "cards[0].effects[0].target",
            "the card chooses one target: aim at target (P-79)",
        ),
        (  # two targets: no single chosen card to read an amount from (P-79)
            "{name: Odd, kind: spell, target: [{side: enemy}, {side: own}], effects: "
            "[{do: damage, amount: {power_of: target}, target: target_1}]}",
            "cards[0].effects[0].amount",
            "a spell can't read an amount from target",
        ),
        (
            "{name: Odd, kind: soul, hp: 20, abilities: [{target: {side: enemy}, effects: "
            "[{do: damage, amount: 5, target: target_1}]}]}",
            "cards[0].abilities[0].effects[0].target",
            "an ability chooses one target at most",
        ),
        (  # only a trigger is once a turn (P-81)
            "{name: Odd, kind: soul, hp: 20, abilities: [{once_per_turn: true, effects: "
            "[{do: damage, amount: 5, target: self}]}]}",
            "cards[0].abilities[0].once_per_turn",
            "only a trigger is limited to the first time each turn (P-81)",
        ),
        (
            "{name: Odd, kind: spell, cost_hp: 12}",
            "cards[0]",
            "card amounts are multiples of 5 (S-5): cost_hp 12",
        ),
    ],
)
def test_a_spells_targets_cost_and_once_a_turn_are_refused_at_their_key(
    card: str, where: str, message: str
) -> None:
    text = f"ruleset: souls\ntitle: Odd\nrules: [P-79]\ncards:\n  - {card}\n" + (
        "setup:\n  players:\n    - {name: Alice, realm: {card: Old Keep}}\n"
        "    - {name: Bob, realm: {card: Ember Citadel}}\n"
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert error.value.where == where  # at the key that says it
    assert message in str(error.value)


def test_a_spells_target_refused_in_a_script_is_located_at_its_entry(tmp_path: Path) -> None:
    """A refused second target is reported at ``targets[1]`` of the play (P-79)."""
    shipped = SCENARIOS / "souls" / "P-79-two-targets-and-an-hp-cost.yaml"
    text = shipped.read_text().replace(
        '    expect_error: {rule: P-51, message: "the second target: alice-squire is not '
        'damaged"}\n',
        "",
    )
    path = tmp_path / "odd.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as error:
        run_scenario(path)
    assert error.value.where.endswith("play.targets[1]")
    assert "the second target: alice-squire is not damaged" in str(error.value)
