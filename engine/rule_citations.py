"""The rules each ruling builds on, as its own text names them: a RULINGS.md entry in the
parentheses of its first line (``- M-20 Death replacement (M5, M9): ...``), a ruling of
docs/rulings.md in those of its bold heading (``- **P-67 A gear's ... (`replaces:`; M-20,
M-21).**``). ``scripts/scenario_reference.py`` writes them to ``assets/rules/citations.yaml``,
which ``cardtable rule`` reads beside the summaries; a test checks the file is current.

>>> citations("- M-20 Death replacement (M5, M9): an effect ...", {"M5", "M9", "M-20"})
{'M-20': ['M5', 'M9']}
>>> citations("- **P-9 Rounding is shown.** When rounding (S-7) ...", {"S-7", "P-9"})
{}
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

import yaml

from engine.assets import ASSETS

CITATIONS = ASSETS / "rules" / "citations.yaml"

# An entry's first line: its id, its title, then the parentheses that say what it builds on,
# before the colon (RULINGS.md) or the heading's closing ``.**`` (docs/rulings.md).
ENTRIES = (
    re.compile(r"^- ([A-Z]+-\d+) [^:(\n]*\(([^()\n]*)\):", re.M),
    re.compile(r"^- \*\*([A-Z]+-\d+) [^*]*\(([^()]*)\)\.\*\*", re.M),  # a heading may wrap
)


def citations(text: str, known: Collection[str]) -> dict[str, list[str]]:
    """Each entry of ``text`` that cites known ids, with those ids in the order written."""
    found: dict[str, list[str]] = {}
    for match in (match for entry in ENTRIES for match in entry.finditer(text)):
        rule, words = match.group(1), re.findall(r"[\w.-]+", match.group(2))
        if cited := [word for word in dict.fromkeys(words) if word in known and word != rule]:
            found[rule] = cited
    return found


def citations_file(texts: list[str], known: Collection[str]) -> str:
    """``assets/rules/citations.yaml`` as ``scripts/scenario_reference.py`` writes it."""
    found: dict[str, list[str]] = {}
    for text in texts:
        found |= citations(text, known)
    head = "# Made by scripts/scenario_reference.py from the rulings' own texts: do not edit.\n"
    return head + yaml.safe_dump(found, sort_keys=False, default_flow_style=None, width=100)


def rule_citations(path: Path = CITATIONS) -> dict[str, list[str]]:
    """The rules each ruling builds on, by its id (none for a rule that builds on none)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {str(rule): [str(each) for each in cited] for rule, cited in data.items()}
