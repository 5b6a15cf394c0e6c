"""What a lesson page is made of: the scenario's words and its timelines, each with the
lesson's notes by the step they begin at and its questions by the step they are asked at."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.presentation.lesson_guide import LessonGuide
from engine.branches import MAIN
from engine.lessons import Prediction
from engine.scenario import Playthrough, Scenario
from engine.timeline import Step


@dataclass(frozen=True)
class Timeline:
    """One timeline of a page: the file's script (``main``) or a what-if branch of ``parent``."""

    name: str
    steps: Sequence[Step]
    parent: str = ""
    notes: Mapping[int, str] = field(default_factory=dict)  # the lesson's, by first step
    questions: Mapping[int, Sequence[Prediction]] = field(default_factory=dict)  # by step asked


@dataclass(frozen=True)
class Lesson:
    """A page's scenario words and timelines: the file's script first, every branch after its
    parent; ``opened``: the branch whose tab the page opens on."""

    title: str
    description: str
    ruleset: str
    source: str  # the scenario file's name
    main: Timeline
    branches: Sequence[Timeline] = ()
    opened: str = MAIN

    @classmethod
    def of(
        cls,
        scenario: Scenario,
        path: Path,
        main: Timeline,
        branches: Sequence[Timeline] = (),
        opened: str = MAIN,
    ) -> Lesson:
        words = scenario.title, scenario.description, scenario.ruleset, path.name
        return cls(*words, main, branches, opened)

    @property
    def timelines(self) -> list[Timeline]:
        return [self.main, *self.branches]


def played_lesson(
    scenario: Scenario,
    path: Path,
    plays: Mapping[str, tuple[str, Playthrough]],
    opened: str = MAIN,
) -> Lesson:
    """The lesson of ``scenario`` on its timelines ``plays`` (by name: its parent and its
    playthrough, ``main`` first): the file's notes and questions on main, each branch's notes
    on its own (a branch the file does not write has none)."""
    notes = {branch.name: branch.notes for branch in scenario.branches}
    notes[MAIN] = getattr(scenario, "notes", {})
    timelines = [
        timeline_of(
            name,
            parent,
            play,
            notes.get(name, {}),
            getattr(scenario, "predict", ()) if name == MAIN else (),
        )
        for name, (parent, play) in plays.items()
    ]
    main, *branches = timelines
    return Lesson.of(scenario, path, main, branches, opened)


def timeline_of(
    name: str,
    parent: str,
    play: Playthrough,
    notes: Mapping[str, str],
    predictions: Sequence[Prediction],
) -> Timeline:
    """Timeline ``name`` played by ``play``, the notes and questions placed on its steps."""
    guide = LessonGuide(notes, predictions, play.runner.starts, play.runner.labels)
    steps = play.game.steps
    return Timeline(
        name, steps, parent, guide.notes_by_step(steps[-1].index), guide.questions_by_step()
    )
