"""The souls engine through its Python API: snapshots, timeline and rules (chapter 14)."""

from __future__ import annotations

from engine.changes import Flipped, LineChanged
from engine.scenario import game_from_yaml
from engine.souls.game import round_down_to_5
from engine.souls.table import SoulsTable
from tests.support.souls_tables import scenario_text


def test_rounding_in_steps_of_5() -> None:  # 14.1.2, S-7
    assert [round_down_to_5(n) for n in (0, 4, 5, 9, 10, 14, -5)] == [0, 0, 5, 5, 10, 10, 0]


def test_the_steps_go_through_the_phases_of_the_turn_in_order() -> None:
    game = game_from_yaml(scenario_text())
    game.attack("sylva", "ember-imp")
    game.finish_battle()
    game.end_turn()
    assert list(dict.fromkeys(" > ".join(step.phase) for step in game.steps)) == [
        "Turn 1 (Alice) > Main phase",
        "Turn 1 (Alice) > Battle 1 > Declare",
        "Turn 1 (Alice) > Battle 1 > Attack damage",
        "Turn 1 (Alice) > Battle 1 > Battle window",
        "Turn 1 (Alice) > Battle 1 > Capture step",
        "Turn 1 (Alice) > End phase",
        "Turn 2 (Bob) > Main phase",
    ]


def test_healing_is_capped_and_rounded() -> None:  # 14.2.1, 14.2.2
    game = game_from_yaml(scenario_text())
    game.deal("sylva", 5)
    game.heal("sylva", 10)
    assert game.table.cards["sylva"].damage == 0
    game.deal("sylva", 20)
    game.heal("sylva", 9)
    assert game.table.cards["sylva"].damage == 15


def test_attack_captures_only_at_the_capture_step() -> None:  # 14.4.2, S-13
    game = game_from_yaml(scenario_text())
    game.attack("sylva", "ember-imp")
    assert game.table.hp("ember-imp") == 0 and not game.table.cards["ember-imp"].face_down
    game.heal("ember-imp", 5)  # S-10: healing inside the window saves it
    steps = game.finish_battle()
    assert not game.table.cards["ember-imp"].face_down
    assert not any(isinstance(c, Flipped) for s in steps for c in s.changes)


def test_capture_frees_the_front_line_for_the_soul_behind() -> None:  # 14.5.3, S-2
    game = game_from_yaml(
        scenario_text().replace("B2: {card: Fading Wisp}", "A2: {card: Fading Wisp}")
    )
    assert game.table.line("fading-wisp") == "back"
    game.attack("sylva", "ember-imp")
    steps = game.finish_battle()
    assert game.table.line("fading-wisp") == "front"
    line_steps = [s for s in steps if any(isinstance(c, LineChanged) for c in s.changes)]
    assert len(line_steps) == 1 and "S-2" in line_steps[0].rules


def test_sylva_counts_captured_underlings() -> None:  # 14.5.3
    game = game_from_yaml(scenario_text())
    table: SoulsTable = game.table
    assert table.max_hp("sylva") == 30 + 10  # Thorn Squire is a captured Underling
    game.deal("blood-priest", 25)
    assert game.table.cards["blood-priest"].face_down
    assert game.table.max_hp("sylva") == 40  # Blood Priest is no Underling


def test_lost_bonus_captures_at_end_of_turn() -> None:  # 14.4.3, S-6
    game = game_from_yaml(scenario_text())
    game.add_bonus("blood-priest", "max_hp", 10, "end_of_turn")
    game.deal("blood-priest", 25)
    assert game.table.hp("blood-priest") == 10
    steps = game.end_turn()
    assert game.table.cards["blood-priest"].face_down
    capture = next(s for s in steps if any(isinstance(c, Flipped) for c in s.changes))
    assert "14.4.3" in capture.rules


def test_paying_zero_hp_costs_nothing() -> None:  # 14.3.2
    game = game_from_yaml(scenario_text())
    game.end_turn()  # Bob's Ember Imp is rank 0: 10 x rank is 0
    steps = game.pay_hp("ember-imp", "10x_rank")
    assert [s.rules for s in steps] == [("14.3.2", "S-11")]
    assert game.table.cards["ember-imp"].damage == 0


def test_realm_shatters_and_ends_the_game() -> None:  # 14.4.6, S-17
    game = game_from_yaml(scenario_text())
    game.capture("ember-imp")
    game.capture("fading-wisp")
    game.deal("ember-citadel", 35)
    game.attack("sylva", "ember-citadel")
    game.finish_battle()
    assert game.table.cards["ember-citadel"].face_down
    assert game.table.winner == 0
    assert not game.can_end_turn()


def test_recruiting_in_front_of_a_soul_records_its_back_line_step() -> None:  # S-2, P-8
    game = game_from_yaml(
        scenario_text().replace(
            "C1: {card: Blood Priest}",
            "C1: {card: Blood Priest}\n        A2: {card: Ash Zealot, id: z}",
        )
    )
    game.exile("thorn-squire")  # frees A1; the Zealot at A2 was already in the Front Line
    assert game.table.line("z") == "front"
    steps = game.recruit("mossback-guard", "A1")
    assert game.table.line("z") == "back"
    assert any("P-8" in s.rules and "z is now behind a Soul" in s.description for s in steps)
