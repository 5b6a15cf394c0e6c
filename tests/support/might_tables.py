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


# A damaged Stone Whelp and an Iron Sentinel for the playtester's edits; Alice has a rune.
EDITS = """\
ruleset: might
title: Edits
rules: [M-1]
setup:
  players:
    - name: Alice
      runes: 1
      units: [{card: Stone Whelp, at: Battlefield 1, damage: 1}]
    - name: Bob
      units: [{card: Iron Sentinel}]
"""


# A unit of each player at each battlefield; one of each side holds a shield.
SHIELDED_PAIRS = """\
ruleset: might
title: Gaps
rules: [M-1]
setup:
  players:
    - name: Alice
      units:
        - {card: Stone Whelp, at: Battlefield 1, shields: [{value: 5}]}
        - {card: Vanguard Captain, at: Battlefield 2}
    - name: Bob
      units:
        - {card: Iron Sentinel, at: Battlefield 1}
        - {card: Iron Sentinel, id: guard, at: Battlefield 2, shields: [{id: wall, value: 10}]}
"""


# Two spells that deal 1 damage twice, and a unit to play, against a warded, doubled Sentinel.
TWO_TAPS = """\
ruleset: might
title: Two taps and a unit
rules: [M8, M-7, P-24]
cards:
  - name: Double Tap
    kind: spell
    text: Deal 1 damage to a unit, then 1 more.
    target: {side: any}
    effects:
      - {do: damage, amount: 1}
      - {do: damage, amount: 1}
setup:
  players:
    - name: Alice
      hand:
        - {card: Double Tap, id: tap-1}
        - {card: Double Tap, id: tap-2}
        - {card: Vanguard Captain}
    - name: Bob
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 9}]
          doublers: [{id: twice}]
"""


# An Iron Sentinel with a shield and a doubler: damage to it asks their order (M8).
TWO_REPLACEMENTS = """\
ruleset: might
title: Two replacements
rules: [M8]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 3}]
          doublers: [{id: twice}]
    - {name: Bob}
"""


def cascade_text(units: int, feast: str) -> str:
    """Bob's ``units`` Carrion Crows (``crow-0`` ...), Might 1, each with "when another unit
    dies: ``feast``" (an effect on ``self``): a death puts every other crow's trigger on the
    chain at once. With ``+1 Might`` that is the whole cascade; with ``1 damage`` each trigger
    kills its crow, whose death triggers the crows still there: some units² triggers in all."""
    effect = {
        "+1 Might": "{do: might, amount: 1, duration: permanent, target: self}",
        "1 damage": "{do: damage, amount: 1, target: self}",
    }[feast]
    crows = "".join(f"        - {{card: Carrion Crow, id: crow-{n}}}\n" for n in range(units))
    return f"""\
ruleset: might
title: A cascade of {units} crows
rules: [P-33]
cards:
  - name: Carrion Crow
    kind: unit
    might: 1
    text: "When another unit dies: {feast}."
    abilities:
      - {{when: another_unit_dies, name: Feast, effects: [{effect}]}}
setup:
  players:
    - name: Alice
    - name: Bob
      units:
{crows}"""
