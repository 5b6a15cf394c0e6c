"""``cardtable export``: a scenario file's lesson page, or a PNG strip of chosen steps."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from app.cli.arguments import ArgumentError, parse_size, parse_steps, verify_strip
from app.export.images import png_bytes, strip_image
from app.export.lesson import played_lesson
from app.export.page import PAGE_SIZE, Progress, lesson_page, page_refusal
from app.presentation.views import verify_view
from engine.branches import MAIN
from engine.output_files import HTML, PNG, verify_output, write_output
from engine.scenario import load_scenario, play_branch, verify_lesson
from engine.step_names import verify_branch

STRIP_SIZE = (640, 480)  # the box each table of a strip is scaled into


class ExportError(ArgumentError):
    """A bad option of ``cardtable export``, said in one line."""


def export(
    file: Path,
    output: str | None,
    by: str | None,
    size: str | None,
    png_strip: bool,
    steps: str | None,
    force: bool = False,
    branch: str = MAIN,
) -> str:
    """``cardtable export``: the page (or with ``png_strip`` the strip of ``steps``) of a
    scenario file; returns the line the command prints about what was written. Bad options
    raise ArgumentError, a bad file ScenarioError, an output that cannot or must not be
    written OutputError: one line each. The output is checked before the work starts, and
    written atomically. ``branch``: the strip's timeline, or the tab the page opens on."""
    if png_strip and steps is None:
        raise ExportError("--png-strip needs --steps, e.g. --steps 3,5,9")
    if not png_strip and steps is not None:
        raise ExportError("--steps goes with --png-strip")
    if png_strip and by is not None:
        raise ExportError("--by goes with the page, not with --png-strip")
    box = parse_size("--size", size) if size else STRIP_SIZE if png_strip else PAGE_SIZE
    target = Path(output or ("strip.png" if png_strip else "lesson.html"))
    kind = PNG if png_strip else HTML
    verify_output(target, kind, [file], force)
    scenario, source = load_scenario(file)
    verify_view(scenario.ruleset, source)
    verify_branch(scenario, source, branch)
    if steps is not None:  # with --png-strip, as checked above
        shown = play_branch(scenario, source, branch)
        timeline = shown.game.steps
        try:
            picked = parse_steps("--steps", steps, timeline[-1].index, shown.runner.labels)
        except ArgumentError as error:
            raise ExportError(f"{file}: {error}") from None
        verify_strip(len(picked), box)
        write_output(target, png_bytes(strip_image(timeline, picked, box)), kind, [file], force)
        return f"wrote {target}: steps {', '.join(map(str, picked))} of {branch!r} side by side"
    verify_lesson(scenario, source)  # a note or question the page cannot place is refused
    plays = {MAIN: ("", play_branch(scenario, source, MAIN))} | {
        b.name: (b.parent, play_branch(scenario, source, b.name)) for b in scenario.branches
    }
    refusal = page_refusal(play.game.steps for _, play in plays.values())
    if refusal is not None:
        raise ExportError(f"{file}: {refusal}: export chosen steps with --png-strip")
    lesson = played_lesson(scenario, file, plays, branch)
    page = lesson_page(lesson, by or "step", box, terminal_progress(sys.stderr))
    write_output(target, page.encode("utf-8"), kind, [file], force)
    count = sum(len(timeline.steps) for timeline in lesson.timelines)
    return f"wrote {target}: the lesson page, {count} steps" + (
        f" on {len(lesson.timelines)} timelines" if lesson.branches else ""
    )


def terminal_progress(stream: TextIO) -> Progress | None:
    """A line on a terminal counting the tables drawn (none when the output is not one)."""
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        stream.write(f"\rexport: table {done} of {total}" + ("\n" if done == total else ""))
        stream.flush()

    return show
