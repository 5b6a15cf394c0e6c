"""Every shipped scenario and lesson plays exactly as its reviewed transcript says.

A transcript (``tests/support/transcripts/<folder>/<ruleset>/<file>.txt``) is what
``cardtable run`` shows for the file and for each of its branches: every step's phase,
description, rules, cause and changes, a fingerprint of the whole table after it, and the final
table. The scenarios' expectations check what a rule is about; the transcripts catch every other
change to what the engine does or says (a step gone, a reworded description, a field changed
behind a change's back). After a change that is meant to alter them, rewrite them and review the
diff:

    CARDTABLE_UPDATE_TRANSCRIPTS=1 ./test.sh tests/contracts/test_transcripts.py
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from pathlib import Path

import pytest

from app.cli.commands import format_step
from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.branches import MAIN
from engine.frozen import Frozen
from engine.scenario import load_scenario, play_branch, scenario_files
from engine.text import render_table

TRANSCRIPTS = Path(__file__).parents[1] / "support" / "transcripts"
FILES = scenario_files([SCENARIOS, LESSONS])
UPDATE = os.environ.get("CARDTABLE_UPDATE_TRANSCRIPTS") == "1"


def fingerprint(table: Frozen) -> str:
    """A short hash of everything on the table but the card definitions; a field at its
    default is left out, so that a new field leaves the hash of a table without it as it was."""
    dump = table.model_dump(mode="json", exclude={"defs"}, exclude_defaults=True)
    return hashlib.sha256(json.dumps(dump, sort_keys=True).encode()).hexdigest()[:12]


def transcript(path: Path) -> str:
    scenario, source = load_scenario(path)
    parts = [f"{scenario.title}\n"]
    for name in [MAIN, *(branch.name for branch in scenario.branches)]:
        play = play_branch(scenario, source, name)
        parts.append(f"== branch {name}")
        for step in play.game.steps:
            parts.append(format_step(step))
            parts.append(f"     table {fingerprint(step.table)}")
        parts.append("-- final table")
        parts.append(render_table(play.game.table))
    return "\n".join(parts) + "\n"


def transcript_path(path: Path) -> Path:
    return TRANSCRIPTS / path.relative_to(ASSETS).with_suffix(".txt")


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_file_plays_as_its_transcript(path: Path) -> None:
    expected_path = transcript_path(path)
    actual = transcript(path)
    if UPDATE:
        expected_path.parent.mkdir(parents=True, exist_ok=True)
        expected_path.write_text(actual)
    assert expected_path.exists(), f"no transcript for {path} (CARDTABLE_UPDATE_TRANSCRIPTS=1)"
    expected = expected_path.read_text()
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "transcript", "now", lineterm="", n=2
        )
        pytest.fail("\n".join(list(diff)[:60]), pytrace=False)


def test_every_transcript_has_its_file() -> None:
    """A transcript whose scenario was renamed or removed is stale."""
    expected = {transcript_path(path) for path in FILES}
    assert set(TRANSCRIPTS.rglob("*.txt")) == expected
