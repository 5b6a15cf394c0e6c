"""Print the share of printed card texts the card language writes and shows working (issue 36):
the corpus tests/support/printed_texts.yaml, each text checked as engine/cookbook.py says.

    .venv/bin/python scripts/printed_texts.py
"""

from __future__ import annotations

from pathlib import Path

from engine.cookbook import load_corpus, share, written

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "support" / "printed_texts.yaml"

if __name__ == "__main__":
    entries = load_corpus(CORPUS)
    for entry in entries:
        for miss in written(entry, ROOT):
            print(f"{entry.ruleset}: {entry.text}\n    {miss}")
    done, total = share(entries, ROOT)
    print(f"{done} of {total} printed texts written and working ({done / total:.0%})")
