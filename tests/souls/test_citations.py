"""Each kind of souls change cites its defining clause in every step that makes it, in every
shipped souls scenario: the same event cites the same ids wherever it happens (issue 8)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from engine.changes import Change, Moved, Played, StatChanged
from engine.scenario import run_scenario, scenario_files
from engine.souls.cards import CountingStatic
from engine.timeline import Step

SOULS_FILES = scenario_files([SCENARIOS / "souls"])

# Change kind (refined where one kind covers several events) -> the clause that defines it.
DEFINING_CLAUSE = {
    "stat:damage dealt": "S-8",  # damage dealt = min(rounded amount, current HP)
    "stat:damage healed": "14.2.1",  # healing removes damage
    "stat:counted": "14.5.3",  # a count of captured Souls changed max HP or power
    "stat:armament left": "S-4",  # an Armament left for the Elysium, and what it gave ends
    "stat:granted": "P-90",  # what a granting static gives a Soul changed
    "moved:between slots": "P-91",  # a swap
    "moved:to a slot": "S-3",  # recruiting
    "moved:to an Armament": "S-5",  # an Armament attached to a Soul
    "moved:to an Ambush": "P-3",  # an Ambush set at a slot
    "moved:to the Elysium": "S-4",  # spent cards, sprung Ambushes, Armament
    "moved:to the exile": "14.5.4",  # exile frees the slot
    "moved:to a hand": "P-85",  # a captured Soul returned to its owner's hand
    "moved:drawn": "P-92",  # a card drawn from the deck into its owner's hand
    "played:to a slot": "S-3",
    "played:to an Armament": "S-5",
    "played:to an Ambush": "P-3",
    "played:a spell": "S-12",  # playing a card is a step of play
    "captured": "14.4.1",
    "shattered": "14.4.6",
    "line": "S-2",
    "bonus_added": "S-6",
    "bonus_ended": "S-6",
    "shield_added": "P-103",  # a prevention shield put on a card
    "shield_spent": "P-103",  # a shield took its part of a hit
    "shield_ended": "P-103",  # "this turn" ends, or its card is captured
    "prevented": "P-104",  # a card's own prevention took its part of a hit
    "triggered": "S-12",  # each triggered effect is its own step
    "phase": "S-12",  # a phase boundary is a step of play
    "declared": "S-13",
    "game_over": "S-17",
    "refreshed": "S-12",  # a new turn: an attack and a once-a-turn prevention again (P-104)
}


def place(where: str) -> str:
    if where.endswith("(ambush)"):
        return "to an Ambush"
    if where.startswith("slot"):
        return "to a slot"
    if where.startswith("armament"):
        return "to an Armament"
    return {
        "elysium": "to the Elysium",
        "exile": "to the exile",
        "hand": "to a hand",
        "play": "a spell",
    }[where]


def event(change: Change, step: Step | None = None) -> str:
    """The row of ``DEFINING_CLAUSE`` a change belongs to (in ``step``, which tells an
    Armament's leaving from a count)."""
    if isinstance(change, StatChanged):
        if change.stat != "damage":
            left = step is not None and any(
                isinstance(c, Moved) and c.before.startswith("armament") for c in step.changes
            )
            if left:
                return "stat:armament left"
            counts = step is not None and any(
                isinstance(s, CountingStatic)
                for s in step.table.defs[step.table.cards[change.card].name].statics
            )
            return "stat:counted" if counts else "stat:granted"
        return "stat:damage dealt" if change.after > change.before else "stat:damage healed"
    if isinstance(change, Moved):
        if change.before == "deck":
            return "moved:drawn"
        between = change.before.startswith("slot") and change.after.startswith("slot")
        return "moved:between slots" if between else f"moved:{place(change.after)}"
    if isinstance(change, Played):
        return f"played:{place(change.to)}"
    return change.kind


@pytest.mark.parametrize("path", SOULS_FILES, ids=[p.stem for p in SOULS_FILES])
def test_every_change_cites_its_defining_clause(path: Path) -> None:
    for step in run_scenario(path).game.steps:
        for change in step.changes:
            clause = DEFINING_CLAUSE[event(change, step)]
            assert clause in step.rules, (
                f"step {step.index} ({step.description}) makes a {event(change, step)} change "
                f"but cites {list(step.rules)}, not {clause}"
            )


def test_the_shipped_scenarios_show_every_kind_of_change() -> None:
    """Every row of the table is exercised, so a row cannot go stale unnoticed."""
    seen = {
        event(change, step)
        for path in SOULS_FILES
        for step in run_scenario(path).game.steps
        for change in step.changes
    }
    assert seen == set(DEFINING_CLAUSE)


def souls_project_rulings() -> set[str]:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text()
    souls = text.split("## Souls", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"(?m)^- \*\*(P-\d+) ", souls))


def test_every_souls_project_ruling_is_cited_where_it_decides() -> None:
    """Each souls ruling shows up in a step (or a rejection) of some shipped scenario; P-6 refuses
    a set-up and P-53 a card, so they are cited by file errors (tests/test_bad_input.py,
    tests/souls/test_cards.py)."""
    cited = set().union(*(run_scenario(path).applied for path in SOULS_FILES))
    assert souls_project_rulings() - {"P-6", "P-53"} <= cited
