"""A small might set-up shared by the tests, as scenario YAML."""

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
