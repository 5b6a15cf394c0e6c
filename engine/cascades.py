"""The one limit on how much a single action may do (P-48).

An action's rules go on until nothing changes: a death triggers every unit that watches for
one, each of those may deal damage, and the deaths it causes trigger the rest again. Cards that
do not loop (P-25) can still cascade for long, and every step the cascade makes is kept in the
timeline: a hundred units that each damage themselves whenever another unit dies make some
20,000 steps, a thousand would make two million. So an action may record at most
``ACTION_STEP_LIMIT`` steps; the step past it is refused with ``CascadeError`` (rule P-48), and
the action with it, as a whole: the table and the timeline stay as they were, and ``can_x``
answers False, as ``x`` would refuse. A step costs about a kilobyte (docs/performance.md), so
the limit bounds what one action holds to some 75 MB, and the time it takes to a second or two.

>>> print(CascadeError().message)
the action would record more than 50,000 steps: a cascade that long is refused
"""

from __future__ import annotations

from engine.errors import RuleError

ACTION_STEP_LIMIT = 50_000  # steps one action may record, its triggers and cleanups included


class CascadeError(RuleError):
    """An action whose rules would record more than ``ACTION_STEP_LIMIT`` steps (P-48)."""

    def __init__(self) -> None:
        super().__init__(
            "P-48",
            f"the action would record more than {ACTION_STEP_LIMIT:,} steps: a cascade that "
            "long is refused",
        )
