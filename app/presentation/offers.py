"""What a user can try with a clicked card: script actions for the engine to judge.

No rules here: an offer is a script action (or one that needs a target clicked next); whether it
is legal, and why not, comes from the engine (``Session.why_not``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.presentation.views import view_of
from engine.frozen import Frozen
from engine.script import ScriptAction
from engine.windows import Waiting

ActionFor = Callable[[tuple[str, ...]], ScriptAction]


@dataclass(frozen=True)
class Offer:
    """``action`` is ready to play; ``pick`` builds it from the targets the user clicks next,
    up to ``most`` of them; ``proceeds``: pass, finishing what waits (the engine's
    ``Waiting``)."""

    label: str
    group: str
    action: ScriptAction | None = None
    pick: ActionFor | None = None
    pick_prompt: str = ""
    most: int = 1
    proceeds: bool = False


def offers_for(table: Frozen, uid: str) -> list[Offer]:
    """What a user can try with card ``uid`` (the table's ruleset's view says)."""
    return view_of(table).offers(table, uid)


def global_offers(table: Frozen, waiting: Waiting | None = None) -> list[Offer]:
    """What a user can try with no card: end the turn; while something waits, the pass that
    finishes it."""
    return view_of(table).global_offers(table, waiting)
