"""One limit for everything the rules repeat (P-25).

Trigger resolution, capture repetition, the chain and expiration restart until nothing changes.
A card combination can make that never happen; the engine then stops the action that started it
and refuses it with ``LoopError`` (rule P-25): the table and the timeline stay as they were, and
``can_x`` answers False for it, as ``x`` would refuse it.

>>> guard = LoopGuard("the chain")
>>> for _ in range(LOOP_LIMIT):
...     guard.tick()
>>> try:
...     guard.tick()
... except LoopError as error:
...     print(error.rule, error.message)
P-25 the chain repeated more than 200 times: the cards loop forever, so the action is refused
"""

from __future__ import annotations

from engine.errors import RuleError

LOOP_LIMIT = 200  # repetitions of one rules loop within one action


class LoopError(RuleError):
    """An action whose rules loop would never end (P-25)."""

    def __init__(self, what: str) -> None:
        super().__init__(
            "P-25",
            f"{what} repeated more than {LOOP_LIMIT} times: the cards loop forever, "
            "so the action is refused",
        )


class LoopGuard:
    """Counts the repetitions of one loop; ``tick`` raises LoopError past ``LOOP_LIMIT``."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.count = 0

    def tick(self) -> None:
        self.count += 1
        if self.count > LOOP_LIMIT:
            raise LoopError(self.what)
