"""The cookbook (assets/cookbook, docs/cookbook.md) and the measure of printed texts (issue 36):
every cookbook file plays with its expectations passing, the page is made of them and current,
and every printed text of the corpus that names a file is said by a card of it that works."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.cookbook import COOKBOOK, PrintedText, cookbook_page, load_corpus, share, written
from engine.scenario import run_scenario, scenario_files

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "cookbook.md"
CORPUS = ROOT / "tests" / "support" / "printed_texts.yaml"
FILES = scenario_files([COOKBOOK])
COMMAND = ".venv/bin/python scripts/scenario_reference.py"


def test_the_cookbook_has_twenty_patterns_of_both_rulesets() -> None:
    by_ruleset = Counter(path.parent.name for path in FILES)
    assert sum(by_ruleset.values()) >= 20 and set(by_ruleset) == {"might", "souls"}


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_cookbook_file_plays_with_its_expectations_passing(path: Path) -> None:
    run = run_scenario(path)
    assert run.failures == [] and run.warnings == []


def test_the_cookbook_page_is_current() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page == cookbook_page(), f"docs/cookbook.md is not current: run {COMMAND}"


def test_the_corpus_holds_sixty_printed_texts_of_both_rulesets() -> None:
    entries = load_corpus(CORPUS)
    by_ruleset = Counter(entry.ruleset for entry in entries)
    assert by_ruleset["might"] >= 40 and by_ruleset["souls"] >= 20
    assert all((entry.file is None) != (entry.not_yet is None) for entry in entries)


def test_every_text_that_names_a_file_is_written_and_working() -> None:
    """The share counts only texts a card really says in a file that plays as it expects."""
    entries = load_corpus(CORPUS)
    misses = {(e.ruleset, e.text): written(e, ROOT) for e in entries if e.file is not None}
    assert {text: miss for text, miss in misses.items() if miss} == {}
    done, total = share(entries, ROOT)
    assert done == len(misses) and total == len(entries)
    assert done / total >= 0.8, f"{done} of {total} printed texts written and working"


def test_every_cookbook_card_is_in_the_corpus() -> None:
    named = {entry.file for entry in load_corpus(CORPUS)}
    assert (
        sorted(
            p.relative_to(ROOT).as_posix() for p in FILES if str(p.relative_to(ROOT)) not in named
        )
        == []
    )


@pytest.mark.parametrize(
    ("entry", "miss"),
    [
        (PrintedText("Draw a card.", "might", "assets/cookbook/might/none.yaml"), "does not exist"),
        (
            PrintedText("Draw two cards.", "might", "assets/cookbook/might/13-draw-a-card.yaml"),
            "no card of assets/cookbook/might/13-draw-a-card.yaml says 'Draw two cards.'",
        ),
        (PrintedText("Counter a spell.", "might", None, "countering"), "not yet: countering"),
    ],
)
def test_a_text_not_written_is_not_counted(entry: PrintedText, miss: str) -> None:
    assert miss in " ".join(written(entry, ROOT))
    assert share([entry], ROOT) == (0, 1)


def test_a_file_whose_expectations_fail_is_not_counted(tmp_path: Path) -> None:
    source = (COOKBOOK / "might" / "13-draw-a-card.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(source.replace("spark: {zone: hand}", "spark: {zone: trash}"))
    entry = PrintedText("Draw a card.", "might", str(broken))
    assert written(entry, ROOT) and share([entry], ROOT) == (0, 1)
