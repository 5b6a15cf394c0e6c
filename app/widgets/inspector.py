"""The inspector: the selected card in full, and the current step explained with its rules."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QTextBrowser

from app.presentation.views import ChangeTable, view_of
from engine.ruleset import rule_summaries
from engine.table_shape import TableShape
from engine.timeline import Step


def rule_title(rule: str) -> str:
    """A rule id with its title: ``S-13 Battle sequence``."""
    summary = rule_summaries().get(rule)
    return f"{rule} {summary['title']}" if summary else rule


def rule_text(rule: str) -> str:
    """A rule id with its title and our summary, for tooltips: ``S-13 Battle sequence: ...``."""
    summary = rule_summaries().get(rule)
    if summary is None:
        return rule
    return f"{rule} {summary['title']}: {summary['summary']} ({summary['source']})"


def step_html(step: Step) -> str:
    parts = [
        f"<h3>Step {step.index}: {escape(step.description)}</h3>",
        f"<p><b>When:</b> {escape(' › '.join(step.phase))}<br>"
        f"<b>Cause:</b> {escape(step.cause.describe())}</p>",
    ]
    if step.rules:
        parts.append("<p><b>Rules applied</b></p><ul>")
        for rule in step.rules:
            summary = rule_summaries().get(rule)
            if summary:
                parts.append(
                    f"<li><b>{escape(rule)}</b> {escape(summary['title'])}: "
                    f"{escape(summary['summary'])} <i>({escape(summary['source'])})"
                    "</i></li>"
                )
            else:
                parts.append(f"<li><b>{escape(rule)}</b></li>")
        parts.append("</ul>")
    tables, listed = view_of(step.table).change_tables(step.changes)
    parts += map(table_html, tables)
    if listed or step.effect_ids:
        parts.append("<p><b>Changes</b></p><ul>")
        parts += [f"<li>{escape(change.describe())}</li>" for change in listed]
        parts += [  # the caption leaves the ids out; an author needs them (order:, shields)
            f"<li>effect <b>{escape(effect)}</b>, as a file names it</li>"
            for effect in step.effect_ids
        ]
        parts.append("</ul>")
    return "".join(parts)


def table_html(table: ChangeTable) -> str:
    """A ruleset's table of a step's changes (``RulesetView.change_tables``), its cells escaped:
    they name cards and effects from the file."""
    head = "".join(f"<th>{escape(column)}</th>" for column in table.columns)
    rows = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows
    )
    return (
        f"<p><b>{escape(table.title)}</b></p>"
        f"<table border=1 cellspacing=0 cellpadding=3><tr>{head}</tr>{rows}</table>"
    )


def card_html(table: TableShape, uid: str) -> str:
    """The selected card in full (the table's ruleset's view gives its rows)."""
    card = table.cards[uid]
    return _rows(f"{card.name} ({uid})", view_of(table).card_rows(table, uid))


def _rows(title: str, rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td><b>{escape(k)}</b></td><td>{escape(v)}</td></tr>" for k, v in rows)
    return f"<h3>{escape(title)}</h3><table cellpadding=2>{body}</table>"


def why_html(uid: str, history: list[Step]) -> str:
    """ "Why is it like this?": the steps that made ``uid`` what it is, each a link to its step."""
    rows = []
    for step in history:
        rules = ", ".join(step.rules) or "set-up"
        rows.append(
            f"<li><a href='step:{step.index}'>Step {step.index}</a> "
            f"<i>{escape(' › '.join(step.phase))}</i>: {escape(step.description)} "
            f"<span style='color:#666'>({escape(step.cause.describe())}; {escape(rules)})</span>"
            "</li>"
        )
    return (
        f"<h4>Why is {escape(uid)} like this?</h4>"
        "<p style='color:#666'>The steps that changed it, newest first; click one to go there."
        f"</p><ul>{''.join(rows)}</ul>"
    )


class Inspector(QTextBrowser):
    """The selected card (with the steps that made it so) and the selected step.
    ``step_link(index)`` reports a click on a step, ``expect_card(uid)`` one on the card's
    "Expect this"."""

    step_link = Signal(int)
    expect_card = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        # Qt's default wraps a word that does not fit anywhere: a narrow table column read
        # "amo/unt befo/re". Whole words, with a scroll bar for a table wider than the dock.
        self.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._follow)
        self.card: str | None = None

    def show_step(
        self,
        step: Step[TableShape] | None,
        card: str | None = None,
        history: list[Step] | None = None,
    ) -> None:
        if card is not None:
            self.card = card
        html = ""
        if step is not None:
            table = step.table
            uid = self.card
            if uid is not None and uid in table.cards:
                html += card_html(table, uid)
                html += (
                    "<p><a href='expect:'>Expect this</a> <span style='color:#666'>(add what "
                    "it is at this step to the file's expectations)</span></p>"
                )
                if history:
                    html += why_html(uid, history)
                html += "<hr>"
            html += step_html(step)
        self.setHtml(html)

    def _follow(self, link: QUrl) -> None:
        if link.scheme() == "step":
            self.step_link.emit(int(link.path()))
        elif link.scheme() == "expect" and self.card is not None:
            self.expect_card.emit(self.card)
