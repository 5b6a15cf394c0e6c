"""``cardtable rule``: a rule's summary in the terminal, as the app shows it, with what holds it
and the rules its ruling builds on; ``--list``; an unknown id refused with the closest one. And
the file of citations it reads, kept current with the rulings' own texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.commands import main
from app.cli.rule_command import rule_text
from engine.rule_citations import CITATIONS, citations_file, rule_citations
from engine.ruleset import RuleSummary, rule_summaries

ROOT = Path(__file__).resolve().parents[2]
RULINGS = [ROOT / "docs" / "rulings.md", ROOT.parent / "shared" / "rules" / "RULINGS.md"]


def test_a_rule_is_its_summary_source_what_holds_it_and_what_it_builds_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rule", "m-20"]) == 0  # letter case aside
    out = capsys.readouterr().out.splitlines()
    summary = rule_summaries()["M-20"]
    assert out[0] == f"M-20 {summary['title']}"
    assert " ".join(line.strip() for line in out[1:-4]) == " ".join(summary["summary"].split())
    assert out[-4:] == [
        "  source: RULINGS.md",
        "  held by assets/scenarios/might/M-20-instead-of-dying.yaml",
        f"  cites M5 {rule_summaries()['M5']['title']}",
        f"  cites M9 {rule_summaries()['M9']['title']}",
    ]
    assert max(map(len, out)) <= 88


def test_several_rules_and_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "14.4.2", "14.4.22", "P-67"]) == 2
    captured = capsys.readouterr()
    assert captured.out.startswith("14.4.2 ") and "\n\nP-67 " in captured.out
    assert captured.err == (
        "error: no rule '14.4.22' (did you mean '14.4.2'?); `cardtable rule --list` lists them\n"
    )


def test_list_gives_every_rule_with_its_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(rule_summaries())
    assert lines[0].endswith(rule_summaries()[lines[0].split()[0]]["title"])


def test_no_id_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule"]) == 2
    assert capsys.readouterr().err == "error: give a rule id (e.g. M-10) or --list\n"


@pytest.mark.skipif(not RULINGS[1].exists(), reason="shared/rules is not beside the checkout")
def test_citations_are_current() -> None:
    texts = [path.read_text(encoding="utf-8") for path in RULINGS]
    current = citations_file(texts, rule_summaries())
    assert CITATIONS.read_text(encoding="utf-8") == current, (
        "run .venv/bin/python scripts/scenario_reference.py"
    )
    assert set(rule_citations()) <= set(rule_summaries())


def test_a_summary_wraps_at_88_never_inside_a_word() -> None:
    """A hyphenated word or rule id stays whole. A ruleset's own rule (a plug-in's) may have no
    holder, and may cite an id the summaries lack: the lines say what there is."""
    summary: RuleSummary = {
        "title": "Shields",
        "summary": "A shield prevents the next damage dealt to its unit, then is spent: "
        "one-shot damage-prevention, as the P-104 ruling says for a Soul.",
        "source": "tally/RULES.md",
    }
    assert rule_text("T-9", summary, ["M-10", "T-404"]) == [
        "T-9 Shields",
        "  A shield prevents the next damage dealt to its unit, then is spent: one-shot",
        "  damage-prevention, as the P-104 ruling says for a Soul.",
        "  source: tally/RULES.md",
        f"  cites M-10 {rule_summaries()['M-10']['title']}",
        "  cites T-404",
    ]
