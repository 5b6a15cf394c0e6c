"""Small might set-ups shared by the tests, as scenario YAML."""

from __future__ import annotations

TABLE = """\
ruleset: might
title: Test table
rules: [M-1]
setup:
  players:
    - name: Alice
      runes: 1
      units:
        - {card: Vanguard Captain, at: Battlefield 1}
        - {card: Stone Whelp, at: Battlefield 1}
        - {card: Iron Sentinel, damage: 2}
      hand:
        - {card: Spark}
        - {card: Meteor}
        - {card: Quick Mend}
        - {card: Enfeeble}
    - name: Bob
      units:
        - {card: Thornback, at: Battlefield 1}
        - card: Hollow Golem
          at: Battlefield 1
          shields: [{id: ward, value: 3}]
          doublers: [{id: twice}]
        - {card: Ash Martyr, at: Battlefield 2}
      hand:
        - {card: Bulwark}
"""

# Units with triggers: Pyre Moth gains Might when it dies, the Spite Totem strikes back at what
# damaged it.
TRIGGERS = """\
ruleset: might
title: Gaps
rules: [M-1]
cards:
  - name: Pyre Moth
    kind: unit
    might: 1
    text: When this dies, it gets +1 Might.
    abilities:
      - when: dies
        name: Last Flutter
        effects: [{do: might, amount: 1, target: self}]
  - name: Spite Totem
    kind: unit
    might: 5
    text: When this takes damage, deal 1 damage to what damaged it.
    abilities:
      - when: takes_damage
        name: Spite
        effects: [{do: damage, amount: 1, target: source}]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp, at: Battlefield 1}, {card: Pyre Moth}]
    - name: Bob
      units: [{card: Spite Totem}]
"""

# A defender with a ward and a doubler, so each combat asks for the order of its replacements.
ORDERS_IN_COMBAT = """\
ruleset: might
title: Orders in combat
rules: [M-4, M-10]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          at: Battlefield 1
          shields: [{id: ward, value: 1}]
          doublers: [{id: twice}]
    - name: Bob
      units: [{card: Stone Whelp, at: Battlefield 1}]
"""

# TRIGGERS with a Spark (a normal spell: 2 damage to a unit) in Alice's hand.
TRIGGERS_WITH_SPARK = TRIGGERS.replace(
    "{card: Pyre Moth}]", "{card: Pyre Moth}]\n      hand: [{card: Spark}]"
)
