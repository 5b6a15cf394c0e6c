"""Targets picked a unit at a time, each judged by the engine: the units that may come next after
those picked so far. The table's click picking (a played card's or an activated ability's
targets) and the dialog of a triggered ability's targets both pick this way, so that both offer
none where the card may choose none and a unit again where it may be chosen again (P-41, P-73).
No Qt here."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.errors import MoreToChoose, RuleError

Refusal = Callable[[tuple[str, ...]], RuleError | None]
"""The engine's refusal of targets chosen (a ``MoreToChoose`` for ones begun), or None."""


def judged(judge: Callable[[tuple[str, ...]], None]) -> Refusal:
    """A ``Refusal`` from a judge that raises it (``Choice.judge``)."""

    def refusal(chosen: tuple[str, ...]) -> RuleError | None:
        try:
            judge(chosen)
        except RuleError as error:
            return error
        return None

    return refusal


def next_targets(
    refusal: Refusal, picked: tuple[str, ...], candidates: Iterable[str], enough: int | None = None
) -> tuple[list[str], RuleError | None]:
    """The ``candidates`` that may be the next target after ``picked`` (the first ``enough`` of
    them, when that is all a caller needs), and the refusal of the first that may not, the
    reason when none may. One may when the engine takes the targets with it, or asks for more
    (``MoreToChoose``)."""
    legal: list[str] = []
    first: RuleError | None = None
    for uid in candidates:
        found = refusal((*picked, uid))
        if found is None or isinstance(found, MoreToChoose):
            legal.append(uid)
            if len(legal) == enough:
                break
        elif first is None:
            first = found
    return legal, first
