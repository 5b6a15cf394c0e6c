"""Small souls set-ups shared by the tests, as scenario YAML."""

from __future__ import annotations

import textwrap

HEADER = """\
ruleset: souls
title: {title}
rules: [S-1]
"""

BATTLE_LINE = (
    HEADER
    + """\
setup:
  players:
    - name: Alice
      realm: {{card: Old Keep}}
      slots:
        A1: {{card: Thorn Squire, captured: true}}
        B1: {{card: Sylva}}
        C1: {{card: Blood Priest}}
      hand:
        - {{card: Firebolt}}
        - {{card: Mossback Guard}}
        - {{card: Mending Light}}
    - name: Bob
      realm: {{card: Ember Citadel}}
      slots:
        A1: {{card: Ember Imp}}
        B1: {{card: Ash Zealot, captured: true}}
        B2: {{card: Fading Wisp}}
"""
)


def scenario_text(body: str = BATTLE_LINE, title: str = "Test table", script: str = "") -> str:
    text = body.format(title=title)
    if script:
        text += "script:\n" + textwrap.indent(textwrap.dedent(script), "  ")
    return text


# A spell that heals its player's own Realm and a Soul counting the enemy's captured Souls;
# Alice holds a Pitfall, and one of Bob's Souls is captured.
GRUDGE_KNIGHT = """\
ruleset: souls
title: Gaps
rules: [S-1]
cards:
  - name: Keep Mender
    kind: spell
    text: Heal 10 from your own Realm.
    effects: [{do: heal, amount: 10, target: own_realm}]
  - name: Grudge Knight
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP for each enemy captured Soul.
    statics: [{stat: max_hp, amount: 10, counting: captured_souls, side: enemy}]
setup:
  players:
    - name: Alice
      realm: {card: Old Keep, damage: 20}
      slots:
        A1: {card: Grudge Knight}
      hand: [{card: Keep Mender}, {card: Pitfall}]
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Thorn Squire, captured: true}
        B1: {card: Ember Imp}
"""


# A Thorn Squire wearing Iron Mail.
MAILED_SQUIRE = """\
ruleset: souls
title: An Armament
rules: [S-4]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire, armament: [{card: Iron Mail}]}}}
    - {name: Bob}
"""


# A Soul that heals what damaged it, beside a Thorn Squire, against an Ember Imp.
SELF_MENDER = """\
ruleset: souls
title: Edits on two Souls
rules: [S-6, 14.3.1, 14.4.4]
cards:
  - name: Self-Mender
    kind: soul
    hp: 20
    power: 5
    abilities:
      - when: damaged
        effects:
          - {do: heal, amount: 5, target: source}
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}, A2: {card: Self-Mender}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""


# Two Sylvas (one captured) beside a Soul whose abilities exile, capture and damage, and two
# Pitfalls, one set at the Ember Imp's slot; Bob has no Realm.
TWO_SYLVAS = """\
ruleset: souls
title: Two Sylvas, one captured
rules: [14.5.3, 14.4.5]
cards:
  - name: Hermit Exile
    kind: soul
    hp: 10
    power: 5
    abilities:
      - name: Walk Away
        effects:
          - {do: exile, target: self}
      - name: Topple
        effects:
          - {do: capture, target: own_realm}
      - name: Far Shot
        effects:
          - {do: damage, amount: 5, target: enemy_realm}
          - {do: damage, amount: 5, target: self}
      - name: Backlash
        effects:
          - {do: damage, amount: 5, target: all_own_souls}
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Ember Imp}
        B1: {card: Sylva, id: old-sylva, captured: true}
        C1: {card: Sylva, id: new-sylva}
        C2: {card: Hermit Exile}
      ambushes:
        A1: {card: Pitfall}
      hand:
        - {card: Pitfall, id: second-pitfall}
    - name: Bob
"""


# A Soul lowering every Soul's max HP, and a Realm one attack from shattering.
MOURNER = """\
ruleset: souls
title: A Realm shatters as a capture lowers a Soul's max HP
rules: [14.4.6, S-17, 14.5.3]
cards:
  - name: Mourner
    kind: soul
    hp: 20
    power: 5
    statics:
      - {stat: max_hp, amount: -10, side: any}
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Ember Imp, damage: 5}
        B1: {card: Mourner, damage: 10}
    - name: Bob
      realm: {card: Ember Citadel, damage: 30}
"""


# A Soul whose max HP and power count the enemy's captured Souls, one of them captured.
COUNTED_CAPTURE = """\
ruleset: souls
title: Gaps
rules: [S-1]
cards:
  - name: Grudge Knight
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: +10 max HP and +5 power for each enemy captured Soul.
    statics:
      - {stat: max_hp, amount: 10, counting: captured_souls, side: enemy}
      - {stat: power, amount: 5, counting: captured_souls, side: enemy}
setup:
  players:
    - name: Alice
      slots:
        A1: {card: Grudge Knight}
    - name: Bob
      slots:
        A1: {card: Thorn Squire, captured: true}
        B1: {card: Ember Imp}
"""
