"""Why a card is as it is: the steps that changed it, newest first, back to the set-up.

Plain data from the timeline: each step records the cards it changed, so a card's history is
the steps that name it. ``CardHistory`` indexes a timeline once, so asking at any step costs only
the card's own steps.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from engine.timeline import Step


class CardHistory:
    """For every card, the indexes of the steps that changed it."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self.steps = steps
        self.changed: dict[str, list[int]] = {}
        for step in steps:
            for uid in step.changed_cards():
                self.changed.setdefault(uid, []).append(step.index)

    def why(self, uid: str, index: int) -> list[Step]:
        """The steps up to ``index`` that changed ``uid``, newest first; the set-up is last, as
        where every card's story starts."""
        mine = self.changed.get(uid, [])
        found = [self.steps[i] for i in reversed(mine[: bisect_right(mine, index)])]
        return [s for s in found if s.index != 0] + [self.steps[0]]
