"""A small lesson: notes at its labels and a question before the Spark (M5, M-7)."""

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
