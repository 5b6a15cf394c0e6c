"""What a user can try: the engine's offers (``engine.offers``) for a clicked card or the table.

No rules here: an offer is a script action (or one that needs a target clicked next); whether it
is legal, and why not, comes from the engine (``Session.why_not``).
"""

from __future__ import annotations

from engine.offers import Offer
from engine.ruleset import ruleset_of
from engine.table_shape import TableShape
from engine.windows import Waiting


def offers_for(table: TableShape, uid: str) -> list[Offer]:
    """What a user can try with card ``uid`` (the table's ruleset says)."""
    return ruleset_of(table).offers(table, uid)


def global_offers(table: TableShape, waiting: Waiting | None = None) -> list[Offer]:
    """What a user can try with no card: end the turn; while something waits, the pass that
    finishes it."""
    return ruleset_of(table).global_offers(table, waiting)
