"""One limit for everything the rules repeat (P-25).

Trigger resolution, capture repetition, the chain and expiration restart until nothing changes.
A card combination can make that never happen; the engine then stops the action that started it
and refuses it with ``LoopError`` (rule P-25): the table and the timeline stay as they were, and
``can_x`` answers False for it, as ``x`` would refuse it.

What is counted is repetition, not volume: each tick names what resolves (a card's trigger, a
chain item, an expiration restart), and only one of them coming back more than ``LOOP_LIMIT``
times is a loop. A thousand different triggers resolving once each are not; an endless loop
among a finite table's cards has to bring one of them back, so it still stops.

>>> guard = LoopGuard()
>>> for number in range(1000):  # a thousand Souls' triggers, once each: no loop
...     _ = guard.tick(f"soul-{number}'s trigger Fade")
>>> for _ in range(LOOP_LIMIT):  # one trigger coming back over and over: a loop
...     _ = guard.tick("imp's trigger Echo")
>>> try:
...     guard.tick("imp's trigger Echo")
... except LoopError as error:
...     print(error.rule)
...     print(error.message)
P-25
imp's trigger Echo repeated more than 200 times: the cards loop forever, so the action is refused
"""

from __future__ import annotations

from engine.errors import RuleError

LOOP_LIMIT = 200  # repetitions of one and the same thing within one rules loop of an action


class LoopError(RuleError):
    """An action whose rules loop would never end (P-25)."""

    def __init__(self, what: str) -> None:
        super().__init__(
            "P-25",
            f"{what} repeated more than {LOOP_LIMIT} times: the cards loop forever, "
            "so the action is refused",
        )


class LoopGuard:
    """Counts each thing a loop repeats; ``tick`` raises LoopError once one passes ``LOOP_LIMIT``.

    One count per name, kept in a dict: a tick costs the same however many names came before.
    """

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def tick(self, what: str) -> int:
        """Count one more ``what``; its count so far, or LoopError past the limit."""
        count = self.counts.get(what, 0) + 1
        if count > LOOP_LIMIT:
            raise LoopError(what)
        self.counts[what] = count
        return count
