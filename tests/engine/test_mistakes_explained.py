"""A mistake in a scenario file is bad input (exit 2) located at the key that holds it and said
with what was probably meant: "did you mean", the valid labels, timelines, cards or players, and a
card's name where its id belongs."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.commands import main
from engine.assets import SCENARIOS

PROBE = """\
ruleset: souls
title: Probe
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Mossback Guard}}}
script:
  - deal: {target: mossback-guard, amount: 5}
    label: hit
  - deal: {target: mossback-guard, amount: 5}
    label: again
branches:
  - name: harder
    script:
      - deal: {target: mossback-guard, amount: 20}
"""
MIGHT = SCENARIOS / "might"


def shipped(name: str, old: str, new: str) -> str:
    """The shipped might scenario ``name`` with ``old`` (written once) replaced by ``new``."""
    text = (MIGHT / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} should be in {name} once"
    return text.replace(old, new)


CASES = {
    "label-typo": (
        PROBE + "expect:\n  - at: hitt\n    cards: {mossback-guard: {damage: 5}}\n",
        "  - at: hitt",
        "expect[0].at: no script action has the label 'hitt' (did you mean 'hit'?); "
        "the labels: start, hit, again",
    ),
    "label-twice": (
        PROBE.replace("label: again", "label: hit"),
        "    label: hit\nbranches",
        "script[1].label: the label 'hit' is used twice, first at script[0]",
    ),
    "branch-parent-typo": (
        PROBE + "  - name: softer\n    parent: hardr\n    script: [end_turn]\n",
        "    parent: hardr",
        "branches[1].parent: branch 'softer': its parent 'hardr' is not 'main' or a branch named "
        "before it (did you mean 'harder'?); the timelines before it: main, harder",
    ),
    "card-name-as-target": (
        PROBE.replace(
            "  - deal: {target: mossback-guard, amount: 5}\n    label: again",
            "  - deal: {target: Mossback Guard, amount: 5}\n    label: again",
        ),
        "target: Mossback Guard",
        "script[1].deal: there is no card 'Mossback Guard' on the table or in any zone: that is "
        "a card's name; its id: 'mossback-guard' (rule S-4)",
    ),
    "order-for-no-unit": (
        shipped(
            "M8-prevention-and-doubling-orders.yaml",
            "    order: {sentinel-a: [ward-a, double-a]}\n    label: prevention-first",
            "    order: {sentinel-aa: [ward-a, double-a]}\n    label: prevention-first",
        ),
        "order: {sentinel-aa:",
        "script[0].order.sentinel-aa: there is no card 'sentinel-aa' (did you mean 'sentinel-a'?)"
        "; the cards: captain-1, captain-2, sentinel-a, sentinel-b",
    ),
    "targets-for-no-card": (
        shipped(
            "P-41-chosen-targets.yaml",
            "targets: {sharpshooter: [thornback]}",
            "targets: {Sharpshooter: [thornback]}",
        ),
        "targets: {Sharpshooter:",
        "script[0].targets.Sharpshooter: there is no card 'Sharpshooter': that is a card's name; "
        "its id: 'sharpshooter'",
    ),
    "assignment-for-no-player": (
        shipped(
            "M-10-assignment-is-a-sequence.yaml",
            "        Alice: [{unit: bob-whelp, damage: 5}",
            "        Alcie: [{unit: bob-whelp, damage: 5}",
        ),
        "Alcie:",
        "script[1].combat.assign.Alcie: there is no player 'Alcie' (did you mean 'Alice'?); "
        "the players: Alice, Bob",
    ),
    "assignment-to-no-card": (
        shipped(
            "M-10-assignment-is-a-sequence.yaml",
            "        Alice: [{unit: bob-whelp, damage: 5}",
            "        Alice: [{unit: bob-whelpp, damage: 5}",
        ),
        "Alice: [{unit: bob-whelpp",
        "script[1].combat.assign.Alice[0].unit: there is no card 'bob-whelpp' (did you mean "
        "'bob-whelp'?); the cards: vanguard-captain, alice-whelp, bob-whelp, bob-sentinel",
    ),
}


@pytest.mark.parametrize(("text", "marker", "problem"), CASES.values(), ids=CASES.keys())
def test_a_mistake_is_bad_input_at_its_key_with_what_was_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, marker: str, problem: str
) -> None:
    path = tmp_path / "mistake.yaml"
    path.write_text(text, encoding="utf-8")
    line = text[: text.index(marker) + len(marker.split("\n")[0])].count("\n") + 1
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().out.splitlines()[:2] == [
        f"ERROR {path}",
        f"  {path}:{line}: {problem}",
    ]
