"""The souls ruleset's game: the rules chapter by chapter, composed (rules chapter 14).

Every public action comes in three forms, as in PokerKit: ``verify_x`` raises a ``RuleError``
naming the rule it breaks, ``can_x`` answers with a bool, ``x`` acts and returns the steps it
recorded. A failed action leaves the table and the timeline exactly as they were. Triggers can
answer each other for ever: such an action is refused as a whole (P-25), and ``verify_x`` of an
action that can set off triggers tries it and undoes it, so that ``can_x`` answers as ``x`` acts.
Events that happen together follow one order (``SoulsTable.in_order``, S-16, P-26).

The chapters: ``core`` (the game's state, its checks, the triggers waiting), ``damage`` (14.1 to
14.3), ``capture`` (14.4, 14.5), ``effects`` (effects and triggers resolving, and what follows
every step of play, S-12), ``playing`` (recruit, play, activate, spring), ``battle`` (S-13),
``end_of_turn`` (the end phase) and ``edits`` (the playtester's).

>>> from engine.scenario import game_from_yaml
>>> game = game_from_yaml('''
... ruleset: souls
... title: A blocked slot
... rules: [14.5.2]
... setup:
...   players:
...     - name: Alice
...       slots: {A1: {card: Thorn Squire, captured: true}}
...       hand: [{card: Sylva}]
...     - {name: Bob}
... ''')
>>> game.can_recruit("sylva", "A2")
False
>>> game.verify_recruit("sylva", "A2")
Traceback (most recent call last):
...
engine.errors.RuleError: slot A2 hangs under a captured Soul on A1 (rule 14.5.2)
>>> len(game.recruit("sylva", "B1"))
1
"""

from __future__ import annotations

from engine.souls.battle import Battle
from engine.souls.edits import Edits
from engine.souls.end_of_turn import EndOfTurn
from engine.souls.playing import Playing


class SoulsGame(Playing, Battle, EndOfTurn, Edits):
    """A souls game in progress: the current table, its timeline and the legal actions."""
