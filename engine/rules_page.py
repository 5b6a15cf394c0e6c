"""docs/rules.md: every rule id the engine cites, in our own words, grouped by where it comes
from; each id is an anchor (``rules.md#14.4.2``) that the other pages link to. Made from the
rule summaries (``engine.ruleset.rule_summaries``); ``scripts/scenario_reference.py`` writes it
and a test checks it is current.

>>> print(rules_page({"S-1": {"title": "The grid", "summary": "Slots | rows.",
...                          "source": "RULINGS.md", "held_by": ["engine.souls.table:ROWS"]}}))
... # doctest: +ELLIPSIS
# Rule summaries
<BLANKLINE>
...
## Souls rulings
<BLANKLINE>
| id | rule | in our words |
| --- | --- | --- |
| <a id="S-1"></a>S-1 | The grid | Slots \\| rows. Held by: `engine.souls.table:ROWS`. |
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.ruleset import RuleSummary

INTRO = """\
# Rule summaries

Every rule id a timeline step, a refusal or a scenario's `rules:` cites, with what it says in
our own words: the summaries the app's inspector and the exported pages show. The souls
clauses (14.x) and the might paragraphs (M1-M11) summarise the games' rules texts, the S- and
M- rulings the rulings that go with them; where those are silent, Cardtable decides, and the
P- rulings are those decisions, each explained in [rulings.md](rulings.md). Each summary names
what holds it true: the tests marked with the rule, the engine constants whose values it
writes and the shipped scenarios that cite it (`tests/contracts/test_rule_summaries.py` checks
them). This page is made from `assets/rules/summaries.yaml` by `scripts/scenario_reference.py`."""

GROUPS = (  # heading, and which summaries it holds: their source, and their ids' first letter
    ("Souls clauses", "souls.md", ""),
    ("Souls rulings", "RULINGS.md", "S"),
    ("Might paragraphs", "might.md", ""),
    ("Might rulings", "RULINGS.md", "M"),
    ("Souls rules the rulings name", "RULINGS.md", ""),
    ("Project rulings", "docs/rulings.md", ""),
    ("Other rules", None, ""),  # any other source: an installed ruleset's own summaries
)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _words(summary: RuleSummary) -> str:
    """The summary's cell: what it says, then what holds it, each name as code."""
    held_by = ", ".join(f"`{holder}`" for holder in summary.get("held_by", []))
    return _cell(summary["summary"] + (f" Held by: {held_by}." if held_by else ""))


def rules_page(summaries: Mapping[str, RuleSummary]) -> str:
    """The page, every id of ``summaries`` under the first group it fits, in the order they
    come."""
    parts, placed = [INTRO], set()
    for heading, source, letter in GROUPS:
        rules = [
            rule
            for rule, summary in summaries.items()
            if source in (None, summary.get("source"))
            and rule.startswith(letter)
            and rule not in placed
        ]
        placed |= set(rules)
        rows = [
            f'| <a id="{rule}"></a>{rule} | {_cell(summaries[rule]["title"])} | '
            f"{_words(summaries[rule])} |"
            for rule in rules
        ]
        if rows:
            table = "\n".join(["| id | rule | in our words |", "| --- | --- | --- |", *rows])
            parts.append(f"## {heading}\n\n{table}")
    return "\n\n".join(parts) + "\n"
