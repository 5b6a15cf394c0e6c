"""``cardtable rule``: a rule's summary from the terminal, the words the app's inspector shows
(``engine.ruleset.rule_summaries``), with what holds it and the rules it builds on
(``engine.rule_citations``); ``--list``: every id with its title."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Mapping, Sequence

from app.cli.terminal_text import one_line
from engine.plain_errors import did_you_mean
from engine.rule_citations import rule_citations
from engine.ruleset import RuleSummary, rule_summaries

WIDTH = 88  # the project's line length: a summary wraps as the docs do


def rule_text(rule: str, summary: RuleSummary, builds_on: Sequence[str]) -> list[str]:
    """``M-10 Title``, the summary wrapped and indented, its source, what holds it (tests,
    engine constants, scenarios) and the rules it builds on, each with its title."""
    lines = [one_line(f"{rule} {summary['title']}")]
    lines += textwrap.wrap(
        one_line(summary["summary"]),
        WIDTH,
        initial_indent="  ",
        subsequent_indent="  ",
        break_on_hyphens=False,
    )
    lines.append(f"  source: {one_line(summary['source'])}")
    lines += [f"  held by {one_line(holder)}" for holder in summary.get("held_by", [])]
    known = rule_summaries()
    lines += [f"  cites {one_line(rule_title(each, known))}" for each in builds_on]
    return lines


def rule_title(rule: str, known: Mapping[str, RuleSummary]) -> str:
    return f"{rule} {known[rule]['title']}" if rule in known else rule


def find_rule(wanted: str, known: Mapping[str, RuleSummary]) -> str | None:
    """The id ``wanted`` names, letter case aside (``m-10`` is ``M-10``)."""
    if wanted in known:
        return wanted
    folded = {rule.casefold(): rule for rule in known}
    return folded.get(wanted.casefold())


def command_rule(args: argparse.Namespace) -> int:
    """Status 0 with every asked rule printed, 2 when an id is unknown (the others printed)."""
    known = rule_summaries()
    if args.list:
        width = max(map(len, known))
        for listed, summary in known.items():
            print(one_line(f"{listed:<{width}}  {summary['title']}"))
        return 0
    if not args.ids:
        print("error: give a rule id (e.g. M-10) or --list", file=sys.stderr)
        return 2
    status = 0
    for index, wanted in enumerate(args.ids):
        rule = find_rule(wanted, known)
        if rule is None:
            hint = did_you_mean(wanted, list(known))
            message = f"no rule {one_line(wanted)!r}{hint}; `cardtable rule --list` lists them"
            print(f"error: {message}", file=sys.stderr)
            status = 2
            continue
        lines = rule_text(rule, known[rule], rule_citations().get(rule, []))
        print("\n".join(([""] if index else []) + lines))
    return status
