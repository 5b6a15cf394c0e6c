"""Tally, a small third ruleset that lives outside engine/ and app/ (docs/rulesets.md).

Each player has a few counters on the table; on their turn a player adds to one of their own
counters, then ends the turn. The rules (their summaries are in ``rules.yaml``):

- T-1: an action names a counter on the table.
- T-2: an amount added is positive: a count never goes down.
- T-3: only the turn player adds, and only to their own counters.
- T-4: ending the turn passes play to the next player; the turn number goes up.
"""
