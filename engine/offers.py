"""What a player may try now: the actions a ruleset's verbs offer, each judged by the rules.

Each verb says what it offers with a card and with the table (``Verb.offered``); a ruleset's
offers are its verbs' in the order it lists them (``Ruleset.offers``, ``global_offers``). The
rules, not the offer, decide whether it may be played (``Playthrough.legal_actions`` gives each
with its refusal). The app shows the offers as menus and ``cardtable fuzz`` plays them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from engine.errors import RuleError
from engine.script import ScriptAction
from engine.table_shape import TableShape
from engine.verbs import Offered, Verb
from engine.windows import Waiting

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
    fewest: int = 1
    """The fewest targets ``pick`` may be given: 0 for "up to" (P-73)."""


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


def offers_of(
    action: type[ScriptAction], table: TableShape, uid: str | None, waiting: Waiting | None
) -> list[Offer]:
    """What the verbs of ``action`` (a ruleset's action model) offer with card ``uid`` of
    ``table`` (None: with the table), as actions of that model."""
    return [
        _offer(offered, action)
        for verb in action.VERBS
        for offered in verb.offered(table, uid, waiting)
    ]


def _offer(offered: Offered, action: type[ScriptAction]) -> Offer:
    verb, pick = offered.verb, offered.pick

    def picked(targets: tuple[str, ...], pick: Callable[[tuple[str, ...]], Verb]) -> ScriptAction:
        return action.of(pick(targets))

    return Offer(
        offered.label,
        offered.group,
        None if verb is None else action.of(verb),
        None if pick is None else partial(picked, pick=pick),
        offered.pick_prompt,
        offered.most,
        fewest=offered.fewest,
    )


def actions_of(offer: Offer, targets: list[str]) -> list[ScriptAction]:
    """The actions an offer stands for: its action, or its pick at each of ``targets`` alone."""
    if offer.action is not None:
        return [offer.action]
    if offer.pick is not None:
        return [offer.pick((uid,)) for uid in targets]
    return []
