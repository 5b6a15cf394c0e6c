"""The might ruleset's game: the rules chapter by chapter, composed.

Actions follow the souls pattern: ``verify_x`` raises a ``RuleError``, ``can_x`` answers with a
bool, ``x`` acts and returns the steps it recorded; a rejected action changes nothing. Decisions
the rules leave to a player (replacement order, combat assignment) go to the game's ``chooser``.

The chapters: ``core`` (the game's state, its checks, triggers going on the chain), ``damage``
(damage events dealt, healing, the lethal check), ``effects`` (what resolving effects do, and
the lasting ones), ``chain`` (M5, M-7), ``playing`` (a card from hand), ``activating`` (a
unit's activated abilities, P-42), ``moving`` (a unit's own actions), ``combat`` (M7 to M9),
``end_of_turn`` (M10, M11) and ``edits`` (the playtester's).

A spell waits on the chain, where a Reaction can answer it; ``resolve`` (both players pass)
resolves the chain last in first out, each item with its cleanup (M5, M-7):

>>> from engine.scenario import game_from_yaml
>>> game = game_from_yaml('''
... ruleset: might
... title: A spell and a reaction
... rules: [M-7]
... setup:
...   players:
...     - name: Alice
...       hand: [{card: Spark}]
...       units: [{card: Iron Sentinel, at: Battlefield 1}]
...     - name: Bob
...       hand: [{card: Bulwark}]
...       units: [{card: Stone Whelp, at: Battlefield 1}]
... ''')
>>> [step.description for step in game.play("spark", "stone-whelp")]
['spark targeting stone-whelp goes on the chain']
>>> game.can_play("bulwark", "stone-whelp")  # a Reaction may answer while the chain waits
True
>>> game.verify_end_turn()
Traceback (most recent call last):
...
engine.errors.RuleError: cannot end the turn while the chain is not empty; ... (rule M-7)
>>> _ = game.play("bulwark", "stone-whelp")
>>> [step.description for step in game.resolve() if "resolves" in step.description]
['bulwark targeting stone-whelp resolves', 'spark targeting stone-whelp resolves']
>>> game.table.cards["stone-whelp"].damage  # Bulwark resolved first and prevented the Spark
0
"""

from __future__ import annotations

from engine.might.activating import Activating
from engine.might.combat import Combat
from engine.might.edits import Edits
from engine.might.end_of_turn import EndOfTurn


class MightGame(Activating, Combat, EndOfTurn, Edits):
    """A might game in progress: the current table, its timeline and the legal actions."""
