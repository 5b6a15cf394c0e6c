"""``SoulsTable.differences``: exactly the cards a view must redraw after a change (the changed
cards, and those whose HP, power or line changed with them, S-2, 14.5.3), and ``on_table``."""

from __future__ import annotations

import pytest

from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame
from engine.souls.text import render_table
from tests.support.souls_tables import MAILED_SQUIRE

TABLE = """\
ruleset: souls
title: What a step touches
rules: [S-2, 14.5.3]
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      hand: [{card: Pitfall}]
      slots:
        A1: {card: Thorn Squire, armament: [{card: Iron Mail}]}
        A2: {card: Mossback Guard}
        B1: {card: Sylva}
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Ember Imp}
"""


def game() -> SoulsGame:
    found = game_from_yaml(TABLE)
    assert isinstance(found, SoulsGame)
    return found


def test_damage_touches_only_the_damaged_soul() -> None:
    play = game()
    before = play.table
    play.deal("mossback-guard", 5)
    assert play.table.differences(before) == {"mossback-guard"}


@pytest.mark.rule("14.4.2", "14.4.5", "S-2", "14.5.3")
def test_a_capture_touches_its_armament_the_soul_behind_it_and_the_statics() -> None:
    # 14.4.2: face down; 14.4.5: its Armament to the Elysium; S-2: Mossback Guard steps into
    # the Front Line; 14.5.3: Sylva counts the captured Underling
    play = game()
    before = play.table
    play.capture("thorn-squire")
    touched = {"thorn-squire", "iron-mail", "mossback-guard", "sylva"}
    assert play.table.differences(before) == touched
    assert before.differences(play.table) == touched  # a jump back redraws the same


def test_an_ambush_set_on_a_slot_touches_only_itself() -> None:
    play = game()
    before = play.table
    play.play("pitfall", slot="A1")  # face down at A1: no Soul's line changes (S-2)
    assert play.table.differences(before) == {"pitfall"}


@pytest.mark.rule("P-26")
def test_on_table_lists_souls_then_realms_in_the_order_of_events() -> None:
    # P-26: the turn player's cards first; Souls by slot, then the Realm
    assert [card.uid for card in game().table.on_table()] == [
        "thorn-squire",
        "mossback-guard",
        "sylva",
        "old-keep",
        "ember-imp",
        "ember-citadel",
    ]


TEXT = """\
ruleset: souls
title: Text
rules: [S-1]
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      hand: [{card: Pitfall}, {card: Pitfall, id: pitfall-2}]
      slots:
        A1:
          card: Thorn Squire
          armament: [{card: Iron Mail}, {card: Ember Blade}]
          bonuses:
            - {stat: max_hp, amount: 10}
            - {stat: power, amount: 5, duration: end_of_turn}
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Ember Imp}
"""


def test_the_text_table_lists_every_bonus_armament_and_ambush_of_a_slot() -> None:
    # souls/text.py, as `cardtable run` prints it: several of each on one slot
    play = game_from_yaml(TEXT)
    assert isinstance(play, SoulsGame)
    play.play("pitfall", slot="B1")
    play.play("pitfall-2", slot="B1")
    lines = render_table(play.table).splitlines()
    assert lines[3] == (
        "  A1     thorn-squire (Thorn Squire) HP 40/40, power 25, front line "
        "[+10 max HP from set-up; +5 power from set-up until end of turn] "
        "+ armament iron-mail + armament ember-blade"
    )
    assert lines[4] == "  B1     (empty) + ambush pitfall + ambush pitfall-2"


@pytest.mark.rule("S-6")
def test_an_armament_new_to_a_table_changes_its_soul_too() -> None:
    """Between two tables, an Armament that is on one only changes the Soul it is attached to
    (what a view redraws, S-6)."""
    table = game_from_yaml(MAILED_SQUIRE).table
    assert table.differences(table.without_card("iron-mail")) == {"iron-mail", "thorn-squire"}
