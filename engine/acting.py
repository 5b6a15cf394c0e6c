"""Where an action played at an earlier step of a timeline goes (P-128).

A player acts between two actions, or inside the window an action leaves open (a souls attack's
battle window, a might spell waiting on the chain). A step in the middle of an action's
resolution is no place to act: acting there would start again from before the action and play
it afresh (the attack a user was looking at, replayed), so it is refused, saying where one may
act instead. A step of a window is such a place: the action goes in at that point of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.errors import RuleError
from engine.scenario import Playthrough
from engine.script import ScriptAction

Replay = Callable[[list[ScriptAction], bool], Playthrough]  # the actions; the last left open


@dataclass(frozen=True)
class ActingPoint:
    """After the first ``kept`` top-level actions; with ``inside``, after that many of the
    actions written in the next one's window, which is left open for the new action to go in."""

    kept: int
    inside: int | None = None

    def replayed(self, actions: Sequence[ScriptAction]) -> list[ScriptAction]:
        """The actions to play again before acting here."""
        if self.inside is None:
            return list(actions[: self.kept])
        outer = actions[self.kept]
        return [*actions[: self.kept], outer.with_nested(tuple(outer.nested()[: self.inside]))]


def acting_point(
    replay: Replay, actions: Sequence[ScriptAction], ends: Sequence[int], index: int
) -> ActingPoint:
    """Where acting after step ``index`` goes, in a timeline whose top-level ``actions`` end at
    steps ``ends``; a RuleError (P-128) when the step is inside an action, outside its window.
    ``replay`` plays actions on the set-up (it is called only for a step inside an action)."""
    kept = sum(1 for end in ends if end <= index)
    start = ends[kept - 1] + 1 if kept else 1  # the first step of the next action
    if kept == len(ends) or index < start:
        return ActingPoint(kept)
    outer = actions[kept]
    play = replay([*actions[:kept], outer], True)
    points = play.window_points if play.open else []
    if index in points:  # after the last action inside that ended there
        return ActingPoint(kept, len(points) - 1 - points[::-1].index(index))
    what = outer.kind.replace("_", " ")
    article = "an" if what[0] in "aeiou" else "a"
    places = [f"its start (step {start - 1})", f"its end (step {ends[kept]})"]
    if points:
        places.append(f"its window (step {' or '.join(map(str, dict.fromkeys(points)))})")
    raise RuleError(
        "P-128",
        f"this step is inside {article} {what} (steps {start} to {ends[kept]}): to act, go to "
        f"{', '.join(places[:-1])} or {places[-1]}",
    )
