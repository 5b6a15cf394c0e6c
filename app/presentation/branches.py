"""The session's what-if branches: each a timeline of its own, with its undo/redo and the step
the user was at, so switching is instant.

Names are for people: a new branch is named after what differs (the action that started it), and
the user may rename it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.names import look
from engine.scenario import Playthrough
from engine.script import ScriptAction


@dataclass
class BranchState:
    """A branch put aside while another is shown."""

    parent: str  # "" for the file's own script
    play: Playthrough
    redo_stack: list[tuple[ScriptAction, bool]] = field(default_factory=list)
    index: int = 0
    last_action: tuple[int, int] | None = None


def compact(value: object) -> str:
    """A value of a script action in a few words: ``sylva 5``, ``sentinel-a: double-a, ward-a``."""
    if isinstance(value, dict):
        if all(not isinstance(v, dict | list | tuple) for v in value.values()):
            return " ".join(str(v) for v in value.values())
        return "; ".join(f"{key}: {compact(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(compact(item) for item in value)
    return str(value)


def action_label(action: ScriptAction) -> str:
    """A few words for an action: ``deal sylva 5``, ``combat Battlefield 1``."""
    fields = action.model_dump(exclude_none=True, exclude_defaults=True)
    return " ".join([action.kind.replace("_", " "), compact(fields.get(action.kind, {}))]).strip()


def answers_label(before: ScriptAction, after: ScriptAction) -> str:
    """What the answers given again changed, ``order sentinel-a: double-a, ward-a``; answers
    the first playing left to the rules' default count only when nothing else changed."""
    old = before.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    new = after.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    given = given_changes(old, new) or {k: v for k, v in new.items() if old.get(k) != v}
    return "; ".join(f"{key} {compact(value)}" for key, value in given.items()) or (
        f"{action_label(after)}, answered the same"
    )


def given_changes(old: dict[str, object], new: dict[str, object]) -> dict[str, object]:
    """The parts of ``new`` that replace something ``old`` gave (not what it left out)."""
    found: dict[str, object] = {}
    for key, value in new.items():
        if key not in old or old[key] == value:
            continue
        before = old[key]
        if isinstance(before, dict) and isinstance(value, dict):
            if inner := given_changes(before, value):
                found[key] = inner
        else:
            found[key] = value
    return found


def unique_name(wanted: str, taken: set[str]) -> str:
    """``wanted``, or ``wanted (2)``, ``(3)``... when it is taken, or looks like a name that is
    (``Main`` beside ``main``: a file's branches could not have both)."""
    looks = {look(name) for name in taken}
    name, number = wanted, 2
    while look(name) in looks:
        name, number = f"{wanted} ({number})", number + 1
    return name
