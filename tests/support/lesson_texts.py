"""A small lesson: notes at its labels and a question before the Spark (M5, M-7); and a
what-if branches of it to add, with notes of their own: nobody answers the Spark; the turn
ends."""

LESSON = """\
ruleset: might
title: Notes
rules: [M5, M-7]
setup:
  players:
    - name: Alice
      hand: [{card: Spark}]
    - name: Bob
      units: [{card: Iron Sentinel, damage: 2}]
      hand: [{card: Quick Mend}]
script:
  - play:
      card: spark
      target: iron-sentinel
      responses:
        - play: {card: quick-mend, target: iron-sentinel}
          label: mend
    label: spark
notes:
  start: Bob's sentinel has 4 Might and 2 damage.
  spark: The Spark would make it 4.
predict:
  - at: spark
    question: Does the sentinel survive?
    choices: [It survives, It dies]
    answer: It survives
    why: Quick Mend resolves first (M5, M-7).
"""

BRANCH = """\
branches:
  - name: no answer
    script:
      - play: {card: spark, target: iron-sentinel}
        label: alone
    notes:
      start: Bob keeps Quick Mend in hand this time.
      alone: Nothing answers the Spark, and 2 + 2 damage is lethal.
  - name: next turn
    keep: 1
    script:
      - end_turn: {}
        label: next-turn
    notes:
      next-turn: Alice ends her turn, and the damage heals.
"""
