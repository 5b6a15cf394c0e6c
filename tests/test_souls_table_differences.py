"""``SoulsTable.differences``: exactly the cards a view must redraw after a change (the changed
cards, and those whose HP, power or line changed with them, S-2, 14.5.3), and ``on_table``."""

from __future__ import annotations

from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame

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
