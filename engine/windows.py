"""Where play stands: an action that waits for the players before it can finish.

A souls attack waits in its battle window after the attack damage (S-13); a might spell waits on
the chain for Reactions (M-7). While it waits, more actions may be played inside it (they are
written into its ``window:`` or ``responses:`` list); passing finishes it.
"""

from __future__ import annotations

from typing import Protocol

from engine.frozen import Frozen
from engine.script import Location, ScriptAction, ScriptRunner
from engine.timeline import Step


class Waiting(Frozen):
    """What waits, who may act, and what passing does (``pass_label``), with its rules."""

    kind: str  # what waits, in its ruleset's words: "battle_window", "chain"
    players: tuple[str, ...]
    prompt: str
    pass_label: str
    rules: tuple[str, ...]
    since: int  # the first step of the action that waits


class Windows(Protocol):
    """How a ruleset opens an action at its window, plays inside it and closes it."""

    def opens(self, action: ScriptAction) -> bool:
        """True when ``action`` is of a kind that may stop and wait (an attack, a play)."""
        ...

    def open(self, action: ScriptAction) -> None:
        """Play ``action`` up to its window (without its nested actions)."""
        ...

    def inside(
        self, outer: ScriptAction, action: ScriptAction, place: Location, runner: ScriptRunner
    ) -> None:
        """Play ``action`` inside the window of ``outer``; a RuleError changes nothing."""
        ...

    def close(self, outer: ScriptAction) -> list[Step]:
        """Pass: finish ``outer`` (the capture step; the chain resolves)."""
        ...

    def verify_close(self, outer: ScriptAction) -> None:
        """Raise the RuleError ``close`` would meet, changing nothing, unless passing can
        finish ``outer`` now."""
        ...

    def waiting(self, since: int) -> Waiting | None:
        """What waits on the table now, or None."""
        ...
