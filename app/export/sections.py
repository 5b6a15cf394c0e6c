"""A lesson page's sections: a step (or a phase) with its table, the lesson's note beside it,
what it did in words (cause, chain, rules with our summaries, changes, why each card is so) and
the question the lesson asks before the next step, its answer behind a click. Every text is
escaped: a scenario file, and so each of its words, may be hostile."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from app.export.lesson import Timeline
from app.presentation.looks import chain_entries, game_over_text
from app.presentation.why import CardHistory
from engine.lessons import Prediction
from engine.ruleset import rule_summaries
from engine.timeline import Step

OUTLINED = ": the cards it changed are outlined in yellow."
MAX_WHY = 6  # earlier steps listed for a card: the latest ones


def why_list(step: Step, history: CardHistory, prefix: str, heading: str) -> str:
    """For each card the step changed, the earlier steps that made it what it is (the app's
    "Why?"), newest first, each a link to its section."""
    rows = []
    for uid in sorted(step.changed_cards()):
        earlier = [s for s in history.why(uid, step.index) if s.index != step.index][:MAX_WHY]
        links = "; ".join(
            f'<a class="why" href="#{prefix}step-{s.index}">'
            f"step {s.index}: {escape(s.description)}</a>"
            for s in earlier
        )
        rows.append(f"<li><b>{escape(uid)}</b>: {links or 'nothing before this step'}</li>")
    if not rows:
        return ""
    return f'<{heading}>Why? What made each card so</{heading}><ul class="why">{"".join(rows)}</ul>'


def rules_list(step: Step, heading: str) -> str:
    """The rules the step applied, each with our summary and its source."""
    rules = []
    for rule in step.rules:
        summary = rule_summaries().get(rule)
        rule_id = f'<span class="rule-id">{escape(rule)}</span>'
        if summary is None:
            rules.append(f"<dt>{rule_id}</dt>")
            continue
        rules.append(
            f"<dt>{rule_id} {escape(summary['title'])}</dt>"
            f"<dd>{escape(summary['summary'])} <cite>({escape(summary['source'])})</cite></dd>"
        )
    return f"<{heading}>Rules applied</{heading}><dl>{''.join(rules)}</dl>"


def step_notes(step: Step, heading: str, history: CardHistory, prefix: str) -> str:
    """What the step did, in words: cause, chain, rules with our summaries, changes, and why
    each card it changed is as it is (``history``: the timeline's); the headings are
    ``heading`` elements (h3, h4)."""
    parts = []
    if step.cause.kind != "setup":
        parts.append(f"<p><b>Cause:</b> {escape(step.cause.describe())}</p>")
    chain = chain_entries(step.table)
    if chain:
        items = "".join(f"<li>{escape(entry)}</li>" for entry in chain)
        parts.append(f"<p><b>On the chain</b>, bottom to top:</p><ol>{items}</ol>")
    if over := game_over_text(step.table):
        parts.append(f'<p class="note">{escape(over)}</p>')
    if step.rules:
        parts.append(rules_list(step, heading))
    if step.changes:
        changes = "".join(f"<li>{escape(change.describe())}</li>" for change in step.changes)
        parts.append(f"<{heading}>Changes</{heading}><ul>{changes}</ul>")
    if step.index:
        parts.append(why_list(step, history, prefix, heading))
    return "".join(parts)


def step_title(step: Step) -> str:
    return f"Step {step.index}: {step.description}"


def plain(text: str) -> str:
    """A lesson's words as the panel shows them: plain text, never markup; the line breaks
    inside are kept by the style (``white-space: pre-line``), the ones YAML ends it with not."""
    return escape(text.strip())


def teacher_note(text: str) -> str:
    """The lesson's note (none: ``""``)."""
    return f'<aside class="teacher-note"><b>Note:</b> {plain(text)}</aside>' if text else ""


def questions(asked: Sequence[Prediction]) -> str:
    """The lesson's questions asked at a step, before the next one: each with its choices,
    and its answer and reason revealed on a click (``<details>``: no script), printed shown."""
    return "".join(
        '<div class="question"><p><b>Predict before reading on:</b> '
        f"{plain(question.question)}</p>"
        f'<ol class="choices">{"".join(f"<li>{plain(c)}</li>" for c in question.choices)}</ol>'
        f'<details class="answer"><summary>Show the answer</summary>{answer(question)}</details>'
        f'<div class="printed-answer">{answer(question)}</div></div>'
        for question in asked
    )


def answer(question: Prediction) -> str:
    return f"<p><b>Answer:</b> {plain(question.answer)}</p><p>{plain(question.why)}</p>"


def beside(figure: str, note: str) -> str:
    """The table's figure with the lesson's note beside it: one column on a narrow screen."""
    return f'<div class="noted">{figure}{note}</div>' if note else figure


def step_section(
    step: Step,
    image: str | None,
    timeline: Timeline,
    history: CardHistory,
    prefix: str = "",
    shared: str = "",
) -> str:
    """A step's section: its table with the lesson's note beside it, what it did, and the
    questions asked before the next step; with no ``image`` (the step is shared with another
    timeline) ``shared`` says where its table and rules are."""
    head = (
        f'<section class="step" id="{prefix}step-{step.index}">'
        f"<h2>{escape(step_title(step))}</h2>"
        f'<p class="when">{escape(" › ".join(step.phase))}</p>'
    )
    note = teacher_note(timeline.notes.get(step.index, ""))
    asked = questions(timeline.questions.get(step.index, ()))
    if image is None:
        return f"{head}{shared}{note}{asked}</section>"
    caption = f"The table after this step{OUTLINED if step.changed_cards() else '.'}"
    figure = f"<figure>{image}<figcaption>{caption}</figcaption></figure>"
    return f"{head}{beside(figure, note)}{step_notes(step, 'h3', history, prefix)}{asked}</section>"


def step_range(steps: Sequence[Step]) -> str:
    first, last = steps[0].index, steps[-1].index
    return f"Step {first}" if first == last else f"Steps {first}–{last}"


def phase_section(
    number: int,
    steps: Sequence[Step],
    image: str | None,
    timeline: Timeline,
    history: CardHistory,
    prefix: str = "",
    shared: str = "",
) -> str:
    """A phase's section: the table after its last step, then each step with the lesson's
    note, what it did (where the table is shown here) and the questions asked after it."""
    listed = "".join(
        f'<li id="{prefix}step-{step.index}"><h3>{escape(step_title(step))}</h3>'
        + (f'<p class="when">{escape(" › ".join(step.phase[2:]))}</p>' if step.phase[2:] else "")
        + teacher_note(timeline.notes.get(step.index, ""))
        + (step_notes(step, "h4", history, prefix) if image is not None else "")
        + questions(timeline.questions.get(step.index, ()))
        + "</li>"
        for step in steps
    )
    shown = (
        shared
        if image is None
        else f"<figure>{image}<figcaption>The table after step {steps[-1].index}, the end of "
        "this phase: the cards the phase changed are outlined in yellow.</figcaption></figure>"
    )
    return (
        f'<section class="phase" id="{prefix}phase-{number}">'
        f"<h2>{escape(' › '.join(steps[0].phase[:2]))}</h2>"
        f'<p class="when">{step_range(steps)}</p>{shown}'
        f'<ol class="phase-steps">{listed}</ol></section>'
    )
