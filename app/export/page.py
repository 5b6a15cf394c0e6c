"""A timeline as a lesson page: one self-contained HTML document, its tables embedded as
``data:`` URIs and its style inline, so that it loads nothing (no image, style or script)."""

from __future__ import annotations

import base64
import itertools
from collections import deque
from collections.abc import Callable, Iterable, Sequence, Sized
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from html import escape

from PySide6.QtGui import QImage

from app.export.branch_comparison import STYLE as COMPARE_STYLE
from app.export.branch_comparison import TabSteps, comparison_html
from app.export.images import Camera, encode_png, palette_image
from app.export.lesson import Lesson, Timeline
from app.export.sections import phase_section, step_range, step_section, step_title
from app.presentation.why import CardHistory
from engine.branches import MAIN
from engine.timeline import Step

PAGE_SIZE = (960, 640)  # the box each table image of a page is scaled into
# Steps one page may show, in all its timelines: each is a table drawn (some 9 ms) and some
# 45 kB of PNG, so a page is written within seconds and a browser opens it.
MAX_PAGE_STEPS = 1_000


ENCODING_AHEAD = 8  # tables drawn while the images before them are still being encoded

STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; color: #1d2a22; background: #f6f5f0;
  max-width: 1180px; margin: 0 auto; padding: 1.5rem; }
h1 { margin-bottom: .25rem; }
.meta, .when, figcaption, cite { color: #5b665f; }
nav ul { columns: 2; column-gap: 2rem; padding-left: 0; list-style: none; }
nav li { margin-bottom: .2rem; }
section.step, section.phase { background: #fff; border: 1px solid #d8d6cc; border-radius: 8px;
  padding: .25rem 1.25rem 1rem; margin: 1.5rem 0; break-inside: avoid; }
section h2 { font-size: 1.25rem; margin-bottom: 0; }
.when { margin-top: .1rem; }
figure { margin: .75rem 0; }
img { display: block; max-width: 100%; height: auto; border-radius: 6px; }
dt { font-weight: 600; }
dd { margin: 0 0 .4rem 1.25rem; }
.rule-id { font-family: ui-monospace, monospace; background: #e8efe9; padding: 0 .3em;
  border-radius: 4px; }
.phase-steps { list-style: none; padding-left: 0; }
.phase-steps h3 { font-size: 1.05rem; margin-bottom: 0; }
.phase-steps > li { border-left: 3px solid #d8d6cc; padding-left: 1rem; margin-bottom: 1rem; }
.note { background: #fff6d6; padding: .25rem .5rem; border-radius: 4px; }
.noted { display: grid; grid-template-columns: minmax(0, 3fr) minmax(14rem, 2fr); gap: 1.25rem;
  align-items: start; }
.teacher-note { display: block; background: #e6f0fb; border-left: 4px solid #4a7fc1;
  padding: .35rem .6rem; border-radius: 4px; margin: .75rem 0; white-space: pre-line; }
.question { background: #f3eefa; border-left: 4px solid #7a5bb0; padding: .35rem .8rem;
  border-radius: 4px; margin: 1rem 0 .25rem; white-space: pre-line; break-inside: avoid; }
.choices { list-style: upper-alpha; }
.answer summary { cursor: pointer; font-weight: 600; color: #553d86; }
.printed-answer { display: none; }
@media (max-width: 700px) {
  body { padding: .75rem; }
  h1 { font-size: 1.6rem; }
  nav ul { columns: 1; }
  section.step, section.phase { padding: .25rem .75rem .75rem; }
  .noted { display: block; }
  dd { margin-left: .5rem; }
}
@media print {
  body { background: #fff; max-width: none; padding: 0; font-size: 11pt; }
  nav, .tab, .labels { display: none; }
  .panel + .panel { break-before: page; }
  section.step, section.phase, .phase-steps > li, figure, .noted { break-inside: avoid; }
  section.step, section.phase { border: 0; border-top: 1px solid #999; border-radius: 0;
    padding: 0; }
  .answer { display: none; }
  .printed-answer { display: block; }
  a { color: inherit; text-decoration: none; }
}
"""


Progress = Callable[[int, int], None]  # (tables drawn, tables in all)


class Pictures:
    """The table images of a page, drawn by one camera at one steady size for every timeline
    (as the app keeps the table's size across branches). A branch's first steps are its
    parent's: they are drawn (and shown) once, in the parent, so a page costs its distinct
    steps, not its branches times their length. Tables are drawn here while a thread encodes
    the ones drawn before."""

    def __init__(self, lesson: Lesson, by: str, size: tuple[int, int], progress: Progress | None):
        self.by = by
        # Which timeline shows the table of each step (or phase) of each timeline, by its first
        # and last step: its own, or for what it shares with its parent, the one that shows it.
        self.shown_in: dict[str, dict[tuple[int, int], str]] = {}
        self.departs: dict[str, int] = {}  # the first step a timeline does not share
        self.lengths = {t.name: len(t.steps) for t in lesson.timelines}
        drawn: dict[str, list[list[Step]]] = {}
        for t in lesson.timelines:
            same, theirs = shared_steps(lesson, t), self.shown_in.get(t.parent, {})
            self.departs[t.name] = same
            mine = self.shown_in[t.name] = {}
            for group in groups(t.steps, by):
                key = _key(group)
                mine[key] = theirs[key] if key[1] < same and key in theirs else t.name
            drawn[t.name] = [g for g in groups(t.steps, by) if mine[_key(g)] == t.name]
        camera = Camera([step for runs in drawn.values() for run in runs for step in run], size)
        total = sum(len(runs) for runs in drawn.values())
        self.tags: dict[tuple[str, tuple[int, int]], Future[str]] = {}
        waiting: deque[Future[str]] = deque()
        with ThreadPoolExecutor(1, thread_name_prefix="png") as encoder:
            for name, runs in drawn.items():
                for run in runs:
                    image = camera.phase(run) if by == "phase" else camera.step(run[0])
                    alt = f"The table after step {run[-1].index}"
                    waiting.append(encoder.submit(img_tag, palette_image(image), alt))
                    self.tags[name, _key(run)] = waiting[-1]
                    if len(waiting) > ENCODING_AHEAD:  # the images waiting stay few
                        waiting.popleft().result()
                    if progress is not None:
                        progress(len(self.tags), total)

    def tag(self, timeline: str, steps: Sequence[Step]) -> str | None:
        """The image tag of the table after ``steps`` (one step, or a phase) of ``timeline``;
        None for steps it shares with its parent, shown in another tab (``shown_by``)."""
        if self.shown_by(timeline, steps) != timeline:
            return None
        return self.tags[timeline, _key(steps)].result()

    def shown_by(self, timeline: str, steps: Sequence[Step]) -> str:
        """The timeline whose tab shows the table after ``steps`` of ``timeline``."""
        return self.shown_in[timeline][_key(steps)]

    def note(self, timeline: str, steps: Sequence[Step]) -> str:
        """Where the table of shared steps is shown, and where ``timeline`` departs."""
        departs, length = self.departs[timeline], self.lengths[timeline]
        where = f"it departs at step {departs}" if departs < length else "it never departs"
        return (
            f'<p class="note">The same as in <b>{escape(self.shown_by(timeline, steps))}</b>, '
            f"which shows its table and rules: {where}.</p>"
        )


def _key(steps: Sequence[Step]) -> tuple[int, int]:
    return steps[0].index, steps[-1].index


def groups(steps: Sequence[Step], by: str) -> list[list[Step]]:
    """What one image shows: each step, or with ``by="phase"`` each phase."""
    return phases(steps) if by == "phase" else [[step] for step in steps]


def shared_steps(lesson: Lesson, timeline: Timeline) -> int:
    """How many first steps ``timeline`` shares with its parent (steps of the same actions from
    the same set-up are equal), 0 for the file's own script."""
    parent = next((t for t in lesson.timelines if t.name == timeline.parent), None)
    if parent is None:
        return 0
    same = 0
    for mine, theirs in zip(timeline.steps, parent.steps, strict=False):
        if mine != theirs:
            break
        same += 1
    return same


@dataclass(frozen=True)
class Sections:
    """One timeline on a page: its table-of-contents entries and its sections."""

    contents: list[str]  # <li> items
    body: str


def img_tag(image: QImage, alt: str) -> str:
    uri = "data:image/png;base64," + base64.b64encode(encode_png(image)).decode("ascii")
    return (
        f'<img src="{uri}" width="{image.width()}" height="{image.height()}" alt="{escape(alt)}">'
    )


def phases(steps: Sequence[Step]) -> list[list[Step]]:
    """Runs of steps in one phase (turn and phase, as the timeline groups them)."""
    return [list(run) for _, run in itertools.groupby(steps, key=lambda step: step.phase[:2])]


def timeline_sections(timeline: Timeline, pictures: Pictures, prefix: str = "") -> Sections:
    """One timeline's sections: a section per step, or by phase; ids start with ``prefix``,
    so several timelines (branches) share a page."""
    steps, name = timeline.steps, timeline.name
    history = CardHistory(steps)
    if pictures.by == "phase":
        runs = phases(steps)
        return Sections(
            [
                f'<li><a href="#{prefix}phase-{n}">{escape(" › ".join(run[0].phase[:2]))}</a> '
                f"({step_range(run).lower()})</li>"
                for n, run in enumerate(runs, 1)
            ],
            "".join(
                phase_section(
                    n,
                    run,
                    pictures.tag(name, run),
                    timeline,
                    history,
                    prefix,
                    pictures.note(name, run),
                )
                for n, run in enumerate(runs, 1)
            ),
        )
    return Sections(
        [f'<li><a href="#{prefix}step-{s.index}">{escape(step_title(s))}</a></li>' for s in steps],
        "".join(
            step_section(
                step,
                pictures.tag(name, [step]),
                timeline,
                history,
                prefix,
                pictures.note(name, [step]),
            )
            for step in steps
        ),
    )


def branch_tabs(
    timelines: Sequence[tuple[str, Sections]], opened: str = MAIN, heads: Sequence[str] = ()
) -> str:
    """Several timelines as tabs, made of radio buttons and CSS: no script on the page; the
    page opens on ``opened``'s. A link to a place in another tab (``#b1-step-3``) opens that
    tab (``:target``), and so does a tab's own name, a link to its panel."""
    first = next((n for n, (name, _) in enumerate(timelines) if name == opened), 0)
    radios = "".join(
        f'<input type="radio" name="branch" id="tab-{n}" class="tab"'
        f"{' checked' if n == first else ''}>"
        for n in range(len(timelines))
    )
    labels = "".join(
        f'<label for="tab-{n}"><a href="#panel-{n}">{escape(name)}</a></label>'
        for n, (name, _) in enumerate(timelines)
    )
    heads = [*heads, *[""] * (len(timelines) - len(heads))]
    panels = "".join(
        f'<div class="panel" id="panel-{n}"><h2>Branch: {escape(name)}</h2>{head}'
        f"<nav><ul>{''.join(sections.contents)}</ul></nav>{sections.body}</div>"
        for n, ((name, sections), head) in enumerate(zip(timelines, heads, strict=True))
    )
    shown = ", ".join(f"#tab-{n}:checked ~ .panels #panel-{n}" for n in range(len(timelines)))
    picked = ", ".join(
        f'#tab-{n}:checked ~ .labels label[for="tab-{n}"]' for n in range(len(timelines))
    )
    # Tabs on a screen; printed, every panel is (the page's print style).
    style = (
        "@media screen { "
        f".tab {{ display: none; }} .panel {{ display: none; }} {shown} {{ display: block; }}"
        " .labels label { display: inline-block; padding: .4rem .9rem; margin-right: .3rem;"
        " border: 1px solid #c9c6b8; border-bottom: none; border-radius: 6px 6px 0 0;"
        f" cursor: pointer; background: #eeebe0; }} {picked} {{ background: #fff; font-weight:"
        " bold; } .labels a { color: inherit; text-decoration: none; }"
        # a place linked to (or a tab's name followed) shows its panel, and its tab as picked
        " .panels:has(:target) .panel { display: none !important; }"
        " .panels .panel:target, .panels .panel:has(:target) { display: block !important; }"
        " body:has(.panels :target) .labels label { background: #eeebe0 !important;"
        " font-weight: normal !important; }"
        + "".join(
            f' body:has(#panel-{n}:target, #panel-{n} :target) .labels label[for="tab-{n}"]'
            " { background: #fff !important; font-weight: bold !important; }"
            for n in range(len(timelines))
        )
        + " }"
    )
    return (
        f"<style>{style}</style>{radios}"
        f'<div class="labels">{labels}</div><div class="panels">{panels}</div>'
    )


def page_html(lesson: Lesson, body: str, contents: str) -> str:
    description = "".join(
        f"<p>{escape(' '.join(paragraph.split()))}</p>"
        for paragraph in lesson.description.split("\n\n")
        if paragraph.strip()
    )
    branches = f" · {len(lesson.branches) + 1} branches" if lesson.branches else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(lesson.title)}</title><style>{STYLE}{COMPARE_STYLE}</style></head><body>"
        f"<header><h1>{escape(lesson.title)}</h1>"
        f'<p class="meta">{escape(lesson.ruleset)} · {escape(lesson.source)} · '
        f"{len(lesson.main.steps)} steps{branches} · exported by Cardtable</p>"
        f"{description}</header>"
        f"{contents}<main>{body}</main></body></html>\n"
    )


def lesson_page(
    lesson: Lesson,
    by: str = "step",
    size: tuple[int, int] = PAGE_SIZE,
    progress: Progress | None = None,
) -> str:
    """The whole page: title, description, contents, then the timeline's sections; with
    branches, one tab per branch (the file's own script first), each with its contents.
    ``progress`` hears of every table drawn."""
    pictures = Pictures(lesson, by, size, progress)
    main, *branches = lesson.timelines
    sections = timeline_sections(main, pictures)
    if not branches:
        contents = (
            '<nav aria-labelledby="contents"><h2 id="contents">Contents</h2>'
            f"<ul>{''.join(sections.contents)}</ul></nav>"
        )
        return page_html(lesson, sections.body, contents)
    tabs = [(MAIN, sections)] + [
        (branch.name, timeline_sections(branch, pictures, prefix=f"b{n}-"))
        for n, branch in enumerate(branches, 1)
    ]
    tab_steps = {
        timeline.name: TabSteps(timeline.name, timeline.steps, f"b{n}-" if n else "")
        for n, timeline in enumerate(lesson.timelines)
    }
    heads = [""] + [
        comparison_html(tab_steps[branch.parent], tab_steps[branch.name])
        if branch.parent in tab_steps
        else ""
        for branch in branches
    ]
    return page_html(lesson, branch_tabs(tabs, lesson.opened, heads), "")


def page_refusal(timelines: Iterable[Sized]) -> str | None:
    """Why a lesson page of these timelines' steps is refused, before any table is drawn: more
    than MAX_PAGE_STEPS in all (``cardtable export`` and File > Export alike); None when not."""
    shown_steps = sum(len(steps) for steps in timelines)
    if shown_steps <= MAX_PAGE_STEPS:
        return None
    return (
        f"its timelines hold {shown_steps:,} steps, more than the {MAX_PAGE_STEPS:,} a lesson "
        "page shows"
    )
