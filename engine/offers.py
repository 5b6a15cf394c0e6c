"""What a player may try now: the actions each ruleset offers, and each judged by the rules.

A ruleset lists what may be tried with a card and with the table (``Ruleset.offers`` and
``Ruleset.global_offers``); the rules, not the offer, decide whether it may be played
(``Playthrough.legal_actions`` gives each with its refusal). The app shows the offers as menus,
``cardtable fuzz`` plays them at random and ``cardtable moves`` lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import RuleError
from engine.script import ScriptAction

ActionFor = Callable[[tuple[str, ...]], ScriptAction]


@dataclass(frozen=True)
class Offer:
    """``action`` is ready to play; ``pick`` builds it from the targets chosen next, up to
    ``most`` of them; ``proceeds``: pass, finishing what waits (the engine's ``Waiting``)."""

    label: str
    group: str
    action: ScriptAction | None = None
    pick: ActionFor | None = None
    pick_prompt: str = ""
    most: int = 1
    proceeds: bool = False


@dataclass(frozen=True)
class Judged:
    """An offer tried as it stands: its ``action`` (None: the pass), the ``card`` whose offer it
    is (None: the table's), and the rules' ``refusal`` of it, or None when it may be played."""

    offer: Offer
    action: ScriptAction | None
    card: str | None
    refusal: RuleError | None

    @property
    def legal(self) -> bool:
        return self.refusal is None


def aimed(offer: Offer, targets: list[str]) -> list[ScriptAction]:
    """The actions an offer stands for: its action, or its pick at each of ``targets`` alone."""
    if offer.action is not None:
        return [offer.action]
    if offer.pick is not None:
        return [offer.pick((uid,)) for uid in targets]
    return []
