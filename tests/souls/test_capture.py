"""Capture and captured Souls (14.4, 14.5, S-12, S-14, S-17): when Souls are captured and
Realms shatter, what a capture takes with it, what counts captured Souls, what exile does, and
the end of the game."""

from __future__ import annotations

import pytest

from engine.assets import SCENARIOS
from engine.errors import RuleError
from engine.scenario import game_from_yaml, run_scenario
from engine.souls.changes import Flipped, LineChanged
from engine.souls.table import SoulsTable
from tests.support.playthroughs import steps_matching
from tests.support.souls_tables import (
    COUNTED_CAPTURE,
    MAILED_SQUIRE,
    MOURNER,
    SELF_MENDER,
    TWO_SYLVAS,
    scenario_text,
)

SOULS = SCENARIOS / "souls"


@pytest.mark.rule("14.5.3", "S-2")
def test_capture_frees_the_front_line_for_the_soul_behind() -> None:
    game = game_from_yaml(
        scenario_text().replace("B2: {card: Fading Wisp}", "A2: {card: Fading Wisp}")
    )
    assert game.table.line("fading-wisp") == "back"
    game.attack("sylva", "ember-imp")
    steps = game.finish_battle()
    assert game.table.line("fading-wisp") == "front"
    line_steps = [s for s in steps if any(isinstance(c, LineChanged) for c in s.changes)]
    assert len(line_steps) == 1 and "S-2" in line_steps[0].rules


@pytest.mark.rule("14.5.3")
def test_sylva_counts_captured_underlings() -> None:
    game = game_from_yaml(scenario_text())
    table: SoulsTable = game.table
    assert table.max_hp("sylva") == 30 + 10  # Thorn Squire is a captured Underling
    game.deal("blood-priest", 25)
    assert game.table.cards["blood-priest"].face_down
    assert game.table.max_hp("sylva") == 40  # Blood Priest is no Underling


@pytest.mark.rule("14.4.6", "S-17")
def test_realm_shatters_and_ends_the_game() -> None:
    game = game_from_yaml(scenario_text())
    game.capture("ember-imp")
    game.capture("fading-wisp")
    game.deal("ember-citadel", 35)
    game.attack("sylva", "ember-citadel")
    game.finish_battle()
    assert game.table.cards["ember-citadel"].face_down
    assert game.table.winner == 0
    assert not game.can_end_turn()


@pytest.mark.rule("S-14", "P-2")
def test_a_trigger_ended_by_its_capture_is_a_step_citing_s14_and_p2() -> None:
    game = game_from_yaml(scenario_text())
    steps = game.play("firebolt", "ember-imp")  # 10 damage: the Imp is at 0 HP
    [ended] = steps_matching(steps, "ember-imp's trigger Spiteful Spark ends before it resolves")
    assert "ember-imp was captured" in ended.description
    assert {"S-14", "P-2"} <= set(ended.rules) and ended.cause.card == "ember-imp"
    capture = next(s for s in steps if any(isinstance(c, Flipped) for c in s.changes))
    assert capture.index < ended.index


def test_a_realms_trigger_ended_by_its_shattering_is_a_step() -> None:
    game = game_from_yaml(
        scenario_text()
        .replace(
            "setup:",
            "cards:\n  - name: Alarm Keep\n    kind: realm\n    hp: 20\n    abilities:\n"
            "      - {when: damaged, name: Alarm, effects: [{do: heal, amount: 5, target: self}]}"
            "\nsetup:",
        )
        .replace("realm: {card: Ember Citadel}", "realm: {card: Alarm Keep, damage: 10}")
    )
    steps = game.deal("alarm-keep", 10)
    [ended] = steps_matching(steps, "alarm-keep's trigger Alarm ends before it resolves")
    assert "alarm-keep shattered" in ended.description and {"S-14", "P-2"} <= set(ended.rules)
    assert game.table.winner == 0


@pytest.mark.rule("S-17")
def test_triggers_left_when_the_game_ends_are_steps_citing_s17() -> None:
    run = run_scenario(SOULS / "S-16-simultaneous-capture-trigger-order.yaml")
    [ended] = steps_matching(run.game.steps, "bob-warden's trigger Last Rites ends")
    assert "the game is over" in ended.description and ended.rules == ("S-17",)
    assert run.game.pending == []


CURSE = (
    scenario_text()
    .replace("      hand:\n", "      hand:\n        - {card: Withering Curse}\n")
    .replace("B2: {card: Fading Wisp}", "B2: {card: Fading Wisp, damage: 10}")
)


@pytest.mark.rule("14.4.3")
def test_a_max_hp_drop_cites_14_4_3_at_the_capture_step_as_in_the_main_phase() -> None:
    main = game_from_yaml(CURSE)
    steps = main.play("withering-curse", "fading-wisp")
    [in_main] = [s for s in steps if any(isinstance(c, Flipped) for c in s.changes)]
    battle = game_from_yaml(CURSE)
    battle.attack("sylva", "ember-imp")
    battle.play("withering-curse", "fading-wisp")  # inside the window: captured later
    captures = [s for s in battle.finish_battle() if any(isinstance(c, Flipped) for c in s.changes)]
    assert "14.4.3" in in_main.rules
    assert captures and all("14.4.3" in s.rules for s in captures)


@pytest.mark.rule("14.4.1", "14.4.3")
def test_a_capture_at_0_hp_says_the_damage_and_max_hp_it_compared() -> None:
    game = game_from_yaml(scenario_text())
    [*_, captured] = game.deal("blood-priest", 25)
    assert captured.description.endswith("(damage 25 reached max HP 25)")
    assert "14.4.5" not in captured.rules  # no Armament leaves, no Ambush stays


@pytest.mark.rule("14.4.4")
def test_a_capture_by_an_effect_compares_nothing() -> None:
    [captured] = game_from_yaml(MAILED_SQUIRE).capture("thorn-squire")
    assert "damage" not in captured.description
    assert "14.4.5" in captured.rules  # its Armament goes to the Elysium


def test_a_captured_souls_armaments_are_named_together() -> None:
    two = MAILED_SQUIRE.replace("[{card: Iron Mail}]", "[{card: Iron Mail}, {card: Ember Blade}]")
    [captured] = game_from_yaml(two).capture("thorn-squire")
    assert captured.description == (
        "thorn-squire is captured: face down, on the slot; iron-mail, ember-blade to the Elysium"
    )


@pytest.mark.rule("14.5.1", "14.5.3")
def test_a_capture_counts_for_every_active_sylva_after_a_captured_one() -> None:
    """A captured Sylva counts nothing (14.5.1); the active one after it in the order of
    events still gains from the capture (14.5.3)."""
    game = game_from_yaml(TWO_SYLVAS)
    [captured] = game.capture("ember-imp")
    assert "new-sylva max HP 30 -> 40" in captured.description
    assert "old-sylva" not in captured.description


def test_ambushes_at_a_captured_souls_slot_are_named_together() -> None:
    game = game_from_yaml(TWO_SYLVAS)
    game.play("second-pitfall", slot="A1")
    [captured] = game.capture("ember-imp")
    assert "pitfall, second-pitfall stay at their slots" in captured.description


@pytest.mark.rule("14.5.4")
def test_an_exile_of_an_active_soul_does_nothing() -> None:
    """Only a captured Soul is exiled (14.5.4): an ability that exiles its own active Soul
    does nothing, and says why."""
    game = game_from_yaml(TWO_SYLVAS)
    steps = game.activate("hermit-exile")
    [nothing] = [s for s in steps if s.description.startswith("exile on")]
    assert nothing.description == (
        "exile on hermit-exile: nothing happens, only a captured Soul is exiled"
    )
    assert nothing.rules == ("14.5.4", "P-4")
    assert game.table.cards["hermit-exile"].zone == "slot"


@pytest.mark.rule("14.4.4")
def test_a_capture_of_a_realm_does_nothing() -> None:
    """Only a Soul on a slot is captured (14.4.4): an effect that would capture a Realm does
    nothing, and says why."""
    game = game_from_yaml(
        TWO_SYLVAS.replace(
            "    - name: Alice\n", "    - name: Alice\n      realm: {card: Old Keep}\n"
        )
    )
    steps = game.activate("hermit-exile", 1)
    [nothing] = [s for s in steps if s.description.startswith("capture on")]
    assert (
        nothing.description
        == "capture on old-keep: nothing happens, only a Soul on a slot is captured"
    )
    assert nothing.rules == ("14.4.4", "P-4")


@pytest.mark.rule("S-17")
def test_captures_stop_when_the_game_ends() -> None:
    """The capture that shatters Bob's Realm ends the game (S-17): the Mourner, at 0 HP only
    because that same capture took its max HP, is not captured after it."""
    game = game_from_yaml(MOURNER)
    game.attack("ember-imp", "ember-citadel")
    game.finish_battle()
    assert game.table.game_over
    assert game.table.cards["ember-imp"].face_down
    assert game.table.hp("mourner") == 0
    assert not game.table.cards["mourner"].face_down


@pytest.mark.rule("14.4.3")
def test_a_capture_check_that_finds_nobody_moves_the_baseline_on() -> None:
    """A max-HP loss is cited (14.4.3) against the table of the last check: a loss that an
    earlier check already saw does not make a later capture one."""
    game = game_from_yaml(SELF_MENDER)
    game.add_bonus("thorn-squire", "max_hp", -10)  # checked: still above 0 HP
    steps = game.deal("thorn-squire", game.table.hp("thorn-squire"))
    [captured] = [s for s in steps if "is captured" in s.description]
    assert "14.4.3" not in captured.rules


@pytest.mark.rule("14.5.3", "14.5.4", "S-14")
def test_exiling_a_counted_soul_lists_every_stat_it_changes() -> None:
    # the exile's description: each counted change after "; " (14.5.3, 14.5.4, S-14)
    game = game_from_yaml(COUNTED_CAPTURE)
    steps = game.exile("thorn-squire")
    assert steps[0].description == (
        "thorn-squire is exiled: slot A1 is free again; "
        "grudge-knight max HP 30 -> 20; grudge-knight power 10 -> 5"
    )
    assert steps[0].rules == ("14.5.4", "S-14", "P-5", "14.5.3")


@pytest.mark.rule("S-15", "14.5.1")
def test_a_captured_soul_is_out_of_play_but_for_effects_that_ask_for_one() -> None:
    """It cannot attack, be attacked, pay or be targeted (S-15, 14.5.1)."""
    with_final_rest = "- {card: Firebolt}\n        - {card: Final Resting Place}"
    game = game_from_yaml(scenario_text().replace("- {card: Firebolt}", with_final_rest))
    refusals = {  # thorn-squire and ash-zealot are captured
        "thorn-squire is captured and cannot attack": ("attack", "thorn-squire", "ember-imp"),
        "ash-zealot is captured and cannot be attacked": ("attack", "sylva", "ash-zealot"),
        "ash-zealot is captured: only effects that ask": ("play", "firebolt", "ash-zealot"),
        "thorn-squire is captured and pays nothing": ("pay_hp", "thorn-squire", 5),
    }
    for message, (action, *args) in refusals.items():
        with pytest.raises(RuleError, match=message):
            getattr(game, f"verify_{action}")(*args)
    assert not game.can_play("final-resting-place", "ember-imp")  # it asks for a captured Soul
    game.play("final-resting-place", "ash-zealot")
    assert game.table.cards["ash-zealot"].zone == "exile"


@pytest.mark.rule("P-5", "14.5.4")
def test_an_exiled_soul_is_face_up_undamaged_in_its_owners_exile_and_its_slot_is_free() -> None:
    game = game_from_yaml(scenario_text())
    game.deal("blood-priest", 25)  # captured on slot C1 with its 25 damage
    [exiled] = game.exile("blood-priest")
    card = game.table.cards["blood-priest"]
    assert (card.zone, card.owner, card.slot, card.face_down, card.damage) == (
        "exile",
        0,
        None,
        False,
        0,
    )
    assert exiled.description == "blood-priest is exiled: slot C1 is free again"
    assert "P-5" in exiled.rules
    assert game.can_recruit("mossback-guard", "C1")


COUNTING = """\
ruleset: souls
title: Counting captured Souls
rules: [S-1]
cards:
  - name: Grudge Knight
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each enemy captured Soul.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: enemy}
  - name: Wide Watcher
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each captured Soul, yours or the enemy's.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: any}
  - name: Twin Tally
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each of your captured Souls, +5 for each enemy captured Soul.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: own}
      - {stat: max_hp, amount: 5, counting: captured_souls, side: enemy}
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Thorn Squire, captured: true}
        B1: {card: Ember Imp, captured: true}
        C1: {card: Wide Watcher}
    - name: Bob
      slots:
        A1: {card: Mossback Guard, captured: true}
        B1: {card: Grudge Knight}
        C1: {card: Twin Tally}
"""


@pytest.mark.rule("14.5.3")
def test_the_second_players_enemy_static_counts_the_first_players_captured_souls() -> None:
    """Bob's "each enemy captured Soul" counts Alice's two captured Souls (14.5.3)."""
    table = game_from_yaml(COUNTING).table
    assert table.max_hp("grudge-knight") == 40
    assert table.hp("grudge-knight") == 40


@pytest.mark.rule("14.5.3")
def test_a_static_on_either_side_counts_both_players_captured_souls() -> None:
    """ "Each captured Soul" counts Alice's two and Bob's one (14.5.3)."""
    table = game_from_yaml(COUNTING).table
    assert table.max_hp("wide-watcher") == 50
    assert table.hp("wide-watcher") == 50


@pytest.mark.rule("14.5.3")
def test_two_counting_statics_on_one_card_add_up() -> None:
    """Two statics on the same stat both count: +10 for Bob's own, +5 x 2 for Alice's (14.5.3)."""
    table = game_from_yaml(COUNTING).table
    assert table.max_hp("twin-tally") == 40
    assert table.hp("twin-tally") == 40
