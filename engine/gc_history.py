"""Keep Python's garbage collector off the settled timeline.

A timeline is a long chain of immutable snapshots: each step adds objects the cyclic garbage
collector then walks again and again in its full collections (a fifth of might's time at 10,000
steps, docs/performance.md). Snapshots are freed by reference counting, not by the collector, so
once an action is played its history can be frozen (``gc.freeze``: moved out of the collector's
sight). ``thaw`` hands everything back to the collector when a file is closed, so that cycles in
what was frozen (a dialog, a closure) are still collected then.
"""

from __future__ import annotations

import gc


def freeze_settled() -> None:
    """Everything made so far is settled history: the collector stops walking it."""
    gc.freeze()


def thaw() -> None:
    """Give the collector back everything frozen (before a new file or game replaces it)."""
    gc.unfreeze()
