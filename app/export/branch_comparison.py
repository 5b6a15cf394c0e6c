"""The head of a branch's tab on a lesson page: where the branch departs from its parent (a link
to that step) and their last tables side by side, as the compare dialog shows them: a column for
each, with what differs first and in bold, then the facts of the tables' own that are the same
(who holds each battlefield, shown either way). On a phone, each fact's two sides stack."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from app.presentation.comparison import FactRow, side_by_side
from engine.compare import step_key
from engine.timeline import Step

DIFFERS = ' class="differs"'  # a row's attribute
MAX_DIFFERENCES = 20  # the cards' listed on a branch's tab; a page is read, not searched

STYLE = """
.compare { background: #f0f4ee; border-left: 4px solid #5b8c5a; padding: .35rem .6rem;
  border-radius: 4px; margin-bottom: 1rem; }
table.sides { border-collapse: collapse; width: 100%; margin-bottom: .5rem; }
.sides th, .sides td { text-align: left; vertical-align: top; padding: .15rem .6rem;
  border-bottom: 1px solid #d3dccf; }
.sides thead th { border-bottom: 2px solid #5b8c5a; }
.sides tbody th { font-weight: normal; }
.sides .differs { font-weight: 600; background: #fbeec0; }
@media (max-width: 600px) {
  .sides thead { display: none; }
  .sides tr { display: grid; grid-template-columns: 1fr; padding: .25rem 0;
    border-bottom: 1px solid #d3dccf; }
  .sides th, .sides td { border: none; padding: 0 .6rem; }
  .sides td::before { content: attr(data-side) ": "; color: #5b665f; font-weight: normal; }
}
"""


@dataclass(frozen=True)
class TabSteps:
    """A timeline as its tab shows it: its name, its steps and the prefix of its ids."""

    name: str
    steps: Sequence[Step]
    prefix: str

    def link(self, step: Step) -> str:
        return f'<a href="#{self.prefix}step-{step.index}">step {step.index}</a>'


def fact_rows_html(rows: Sequence[FactRow], names: tuple[str, str]) -> str:
    """Each fact a row: its words, then its value on each side (named, for a phone's stack)."""
    sides = tuple(escape(name, quote=True) for name in names)
    return "".join(
        f"<tr{DIFFERS if row.differs else ''}>"
        f'<th scope="row">{escape(row.what)}</th>'
        f'<td data-side="{sides[0]}">{escape(row.left)}</td>'
        f'<td data-side="{sides[1]}">{escape(row.right)}</td></tr>'
        for row in rows
    )


def side_by_side_html(parent: TabSteps, branch: TabSteps) -> str:
    """The two last tables' facts in a column each: what differs, then what is the same."""
    ends = parent.steps[-1], branch.steps[-1]
    compared = side_by_side(ends[0].table, ends[1].table)
    names = parent.name, branch.name
    more = len(compared.cards) - MAX_DIFFERENCES
    differing = [row for row in compared.table if row.differs] + compared.cards[:MAX_DIFFERENCES]
    rows = fact_rows_html(differing, names)
    if more > 0:
        rows += f'<tr><td colspan="3">and {more} more</td></tr>'
    rows += fact_rows_html([row for row in compared.table if not row.differs], names)
    heads = "".join(
        f'<th scope="col">{escape(side.name)} at {side.link(end)}</th>'
        for side, end in zip((parent, branch), ends, strict=True)
    )
    said = "differ (what differs in bold)" if compared.differences else "are the same"
    return (
        f"<p>At the end, the tables {said}:</p>"
        f'<table class="sides"><thead><tr><th></th>{heads}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def comparison_html(parent: TabSteps, branch: TabSteps) -> str:
    """Where ``branch`` departs from ``parent`` and their last tables side by side (plain
    words, ``engine.compare``)."""
    mine, theirs = list(branch.steps), list(parent.steps)
    same = 0
    while same < min(len(mine), len(theirs)) and step_key(mine[same]) == step_key(theirs[same]):
        same += 1
    name = f"<b>{escape(parent.name)}</b>"
    if same == len(mine) == len(theirs):
        return f'<p class="compare">It plays as {name} does: no step differs.</p>'
    where = branch.link(mine[same]) if same < len(mine) else f"step {same}, where it ends first"
    return (
        f'<div class="compare"><p>It departs from {name} at {where}.</p>'
        f"{side_by_side_html(parent, branch)}</div>"
    )
