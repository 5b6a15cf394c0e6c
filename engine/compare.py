"""Comparing two tables: what differs between two branches, or two steps.

The facts compared are the ones scenario expectations check (whose turn it is, rune pools;
each card's damage, HP or Might, captured, zone and place, shields left, ...), plus how the game
stands and each card's bonuses, so a difference reads as an expectation would:
``sylva hp: 25 / 30``, ``table turn: 1 / 2``.

>>> from pathlib import Path
>>> from engine.scenario import validate_scenario
>>> source = YamlSource(Path("what-if.yaml"), '''
... ruleset: souls
... title: Deal 5 or 10
... rules: [S-1]
... setup:
...   players:
...     - {name: Alice, slots: {A1: {card: Thorn Squire}}}
...     - {name: Bob, slots: {A1: {card: Ember Imp}}}
... script:
...   - deal: {target: ember-imp, amount: 5}
... branches:
...   - name: ten
...     script:
...       - deal: {target: ember-imp, amount: 10}
... ''')
>>> steps, found = compare_sides(validate_scenario(source), source, Side("main"), Side("ten"))
>>> [step.index for step in steps]  # the last step of each branch
[3, 3]
>>> for difference in found:
...     print(difference.describe())
ember-imp damage: 5 / 10
ember-imp captured: False / True
ember-imp line: front / None
ember-imp hp: 5 / 0
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.branches import MAIN
from engine.frozen import Frozen
from engine.ruleset import ruleset_of
from engine.scenario import Scenario, play_branch
from engine.timeline import Step
from engine.yaml_source import YamlSource

ABSENT = "—"  # a card that is not on one of the two tables


@dataclass(frozen=True)
class Difference:
    card: str
    fact: str
    left: object
    right: object

    def describe(self) -> str:
        return f"{self.card} {self.fact}: {self.left} / {self.right}"


def card_facts(table: Frozen, uid: str) -> dict[str, object]:
    """What the comparison looks at for one card (its ruleset says)."""
    return ruleset_of(table).card_facts(table, uid)


TABLE = "table"  # the "card" of a difference in the table's own facts


def table_facts(table: Frozen) -> dict[str, object]:
    """What the comparison looks at for the table as a whole (its ruleset says: whose turn it
    is, as the ``turn`` expectation reads it, how the game stands, each rune pool...)."""
    return ruleset_of(table).table_facts(table)


def differences(left: Frozen, right: Frozen) -> list[Difference]:
    """Every fact that differs between two tables of one scenario: the table's own, then card
    by card."""
    cards_left: dict[str, object] = getattr(left, "cards", {})
    cards_right: dict[str, object] = getattr(right, "cards", {})
    table_left, table_right = table_facts(left), table_facts(right)
    found = [
        Difference(TABLE, fact, value, table_right[fact])
        for fact, value in table_left.items()
        if value != table_right[fact]
    ]
    for uid in [*cards_left, *(c for c in cards_right if c not in cards_left)]:
        facts_left = card_facts(left, uid) if uid in cards_left else {}
        facts_right = card_facts(right, uid) if uid in cards_right else {}
        for fact in [*facts_left, *(f for f in facts_right if f not in facts_left)]:
            a, b = facts_left.get(fact, ABSENT), facts_right.get(fact, ABSENT)
            if a != b:
                found.append(Difference(uid, fact, a, b))
    return found


def changed_cards(found: list[Difference]) -> set[str]:
    return {difference.card for difference in found if difference.card != TABLE}


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a branch of the scenario, at a step (None: its last)."""

    branch: str
    step: int | None = None


def compare_sides(
    scenario: Scenario, source: YamlSource, left: Side, right: Side
) -> tuple[list[Step], list[Difference]]:
    """The two steps compared and what differs between their tables; a branch that does not
    exist or a step out of range is a ScenarioError naming the file."""
    shown: list[Step] = []
    names = [MAIN, *(b.name for b in scenario.branches)]
    for side in (left, right):
        if side.branch not in names:
            raise source.error(
                (), f"there is no branch {side.branch!r} (the branches: {', '.join(names)})"
            )
        steps = play_branch(scenario, source, side.branch).game.steps
        index = len(steps) - 1 if side.step is None else side.step
        if not 0 <= index < len(steps):
            raise source.error(
                (), f"branch {side.branch!r} has steps 0 to {len(steps) - 1}, not {index}"
            )
        shown.append(steps[index])
    return shown, differences(shown[0].table, shown[1].table)
