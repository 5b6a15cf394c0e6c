"""Choices the engine asks a player to make, and who answers them.

When a rule leaves a decision to a player (the order of replacement effects, how combat damage is
assigned), the engine builds a ``Choice`` and asks its ``Chooser``. A scenario answers from its
script, the desktop app from a dialog, and without an answer the rules' default is used.

>>> from engine.scenario import game_from_yaml
>>> def doubling_first(choice: Choice) -> Answer:
...     print(choice.kind, choice.subject, choice.options)
...     return ("twice", "ward")
>>> game = game_from_yaml('''
... ruleset: might
... title: Which replacement first
... rules: [M8]
... setup:
...   players:
...     - {name: Alice}
...     - name: Bob
...       units:
...         - {card: Hollow Golem, shields: [{id: ward, value: 3}], doublers: [{id: twice}]}
... ''', doubling_first)
>>> game.deal("hollow-golem", 2)[0].description
replacement_order hollow-golem ('ward', 'twice')
"hollow-golem takes 1 damage (2: Bob's order twice, then ward; twice (doubling) 2 -> 4; ..."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.frozen import Frozen
from engine.names import Name


class Assigned(Frozen):
    """One entry of a combat assignment: ``damage`` to ``unit``, in the order assigned (M-10)."""

    unit: Name
    """The id of an enemy unit in this combat, listed once."""
    damage: int
    """All the damage it gets, 1 or more."""


Assignment = tuple[Assigned, ...]
Answer = tuple[str, ...] | Assignment  # an order of options, or an assignment in sequence


class Choice(Frozen):
    """A question for ``player``: ``options`` are what may be picked or ordered."""

    kind: str  # what is asked, in the asking ruleset's words (its ``Ruleset.choices``)
    player: int
    by: str = ""  # the name of the player who answers, as a dialog's title says it
    subject: str
    prompt: str
    options: tuple[str, ...]
    default: Answer
    limits: str = ""
    details: dict[str, str] = {}  # what each option is, as the table stands when asked
    only_answer: Answer | None = None  # the one legal answer, if so
    total: int = 0  # an assignment: the damage to assign; targets: up to this many
    needs: dict[str, int | None] = {}  # an assignment: lethal per unit; None: never lethal
    # An assignment: the groups each unit may be taken in, earlier groups getting lethal first
    # (might's Tank and Backline, M-17); none: one group. Targets of a list, one for each of
    # its entries: the entries (from 0) each unit may be chosen for (P-41).
    groups: dict[str, tuple[int, ...]] = {}
    # Targets: raises the RuleError the engine raises for an answer it refuses (a MoreToChoose
    # for one it would complete), the same judgement it makes of the answer given, so that a
    # dialog can judge each unit picked as the app judges a played card's (P-41, P-73, P-75).
    judge: Callable[[tuple[str, ...]], None] | None = None


class ChoiceCancelled(Exception):
    """The player cancelled a choice: the whole action is abandoned and nothing changes."""


class Chooser(Protocol):
    def __call__(self, choice: Choice) -> Answer: ...


def default_chooser(choice: Choice) -> Answer:
    """Take the rules' default: creation order for replacements, lethal-first for assignment,
    the first legal units in table order for targets."""
    return choice.default


def is_default(choice: Choice, answer: Answer) -> bool:
    """Nobody chose: the answer is the default itself, as ``default_chooser`` hands it back (a
    player's answer is a new tuple, even when it is the same order)."""
    return answer is choice.default
