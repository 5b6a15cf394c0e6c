"""Everything on the record (might): every change kind cites its defining clause wherever it
happens, and every project ruling the might engine applies is cited where it decides."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assets import SCENARIOS
from engine.changes import Change, Died, Moved, PhaseChanged, StatChanged
from engine.might.changes import EffectChanged, RoleChanged
from engine.scenario import run_scenario, scenario_files
from engine.timeline import Cause

FILES = scenario_files([SCENARIOS / "might"])
ON_TABLE = ("hand", "chain", "trash")

# What each kind of change is, and the clause that defines it.
CLAUSES = {
    "declared": "M-9",  # combat at one battlefield between its attackers and defenders
    "died": "M1",  # lethal damage, at a death check
    "died:killed": "P-31",  # an effect that kills: no damage compared
    "triggered": "M-7",  # an ability goes on the chain
    "activated": "P-42",
    "replacement": "M-4",  # replacement effects on a damage event
    "assigned": "M-10",  # combat damage assigned, dealt at Deal
    "played": "M-1",  # a card leaves its owner's hand for the table or the chain
    "status": "P-18",  # ready and exhaust change only the status
    "stat:damage": "M-6",  # marked damage changes only by dealt damage and by Heal
    "stat:might": "M-2",  # current Might = base + modifiers
    "stat:runes": "M-1",  # each player's rune pool
    "player_stat": "P-110",  # a player's score
    "moved:on the table": "M-6",  # move and recall keep damage
    "moved:played": "M-1",  # a unit enters its owner's base
    "moved:finished": "M5",  # a spell completes and goes to the trash
    "moved:countered": "P-87",  # another card's effect takes a spell off the chain to the trash
    "moved:discarded": "P-86",  # a card discarded from a hand to the trash
    "moved:to hand": "M-6",  # a unit that leaves the table loses its damage
    "moved:drawn": "P-60",  # a card drawn from the top of a deck
    "moved:gone": "P-61",  # a token that leaves the table ceases to exist
    "moved:from trash": "P-62",  # a unit card returned from a trash
    "made": "P-61",  # a token made
    "moved:to trash": "P-67",  # a gear pays for a death it replaces (a unit's death is "died")
    "phase:combat": "M-9",
    "phase:combat over": "M-12",
    "phase:turn": "M-13",  # end of turn, expiration and the next turn
    "control": "P-107",  # a unit taken until end of turn, and given back
    "role:joined": "M-28",  # a unit joins a combat under way, with its Assault or Shield
    # a unit loses its role as it leaves or the combat ends, or as control of it is taken
    "role:lost": ("M-29", "P-107"),
    "effect_added:Might modifier": "M2",
    "effect_added:prevention": "M-5",
    "effect_added:doubling": "M8",
    "effect_added:lethal requirement": "M-3",
    "effect_added:stun": "M-15",
    "effect_added:damage immunity": "M-19",
    "effect_added:death replacement": "M-20",
    "effect_added:keyword grant": "P-72",
    "effect_added:delayed trigger": "P-63",
    "effect_added:control change": "P-107",
    # used up as it replaces a death, or as it triggers once
    "effect_ended:death replacement": "M-20",
    "effect_ended:delayed trigger": "P-63",
    # the rest end with their duration: this turn's at expiration, this combat's when it ends,
    # until your next turn's as it begins
    "effect_ended": ("M-13", "P-38", "P-17"),
}
# Project rulings of the might ruleset (P-11 is retired: M-12 (5) decides control).
MIGHT_RULINGS = [
    "P-10",
    *(f"P-{n}" for n in range(12, 23)),
    "P-24",
    "P-25",
    "P-27",
    "P-28",
    "P-29",
    "P-30",
    "P-31",
    "P-32",
    "P-33",
    "P-34",
    "P-35",
    "P-36",
    "P-37",
    "P-38",
    "P-39",
    "P-41",
    "P-42",
    "P-43",
    "P-44",
    "P-47",
    "P-60",
    "P-61",
    "P-62",
    "P-66",
    "P-67",
    "P-86",
    "P-87",
    "P-106",
    "P-107",
    "P-109",
    "P-110",
    "P-111",
    "P-112",
]


def kind_of(change: Change, cause: Cause) -> str:
    """The kind of ``change``, recorded by a step with ``cause``: a spell leaves the chain
    finished when it resolved itself, countered when another card's effect took it; a unit dies
    at a death check, or of an effect that kills it."""
    if isinstance(change, Died):
        return "died:killed" if cause.kind == "effect" else "died"
    if isinstance(change, StatChanged):
        return f"stat:{change.stat}"
    if isinstance(change, Moved):
        if change.before == "chain":
            return "moved:finished" if cause.card == change.card else "moved:countered"
        if (change.before, change.after) == ("hand", "trash"):
            return "moved:discarded"
        if change.before in ("deck", "trash") or change.after == "gone":
            return {"deck": "moved:drawn", "trash": "moved:from trash"}.get(
                change.before, "moved:gone"
            )
        if change.before == "hand":
            return "moved:played"
        if change.after == "hand":
            return "moved:to hand"
        if change.after == "trash":
            return "moved:to trash"
        assert change.before not in ON_TABLE and change.after not in ON_TABLE, change
        return "moved:on the table"
    if isinstance(change, RoleChanged):
        return "role:lost" if change.after == "none" else "role:joined"
    if isinstance(change, EffectChanged):
        kind = f"{change.kind}:{change.what}"
        return kind if kind in CLAUSES else change.kind
    if isinstance(change, PhaseChanged):
        if change.after.startswith("Combat at"):
            return "phase:combat"
        return "phase:combat over" if change.before.startswith("Combat at") else "phase:turn"
    return change.kind


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_change_cites_its_defining_clause(path: Path) -> None:
    for step in run_scenario(path).game.steps:
        for change in step.changes:
            clause = CLAUSES[kind_of(change, step.cause)]
            clauses = (clause,) if isinstance(clause, str) else clause
            assert set(clauses) & set(step.rules), (
                f"step {step.index} ({step.description}) records {change.describe()} "
                f"but cites {list(step.rules)}, not {' or '.join(clauses)}"
            )


def test_every_might_project_ruling_is_cited_where_it_decides() -> None:
    cited = set().union(*(run_scenario(path).applied for path in FILES))
    assert not set(MIGHT_RULINGS) - cited, "project rulings no might step cites"
