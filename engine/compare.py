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
>>> found = compare(validate_scenario(source), source, Side("main"), Side("ten"))
>>> [step.index for step in found.shown], found.diverge  # the last step of each branch
([3, 3], 1)
>>> for pair in found.steps[:2]:
...     print(pair.left.description, "/", pair.right.description.split(" (")[0])
ember-imp takes 5 damage (HP 10 -> 5) / ember-imp takes 10 damage
ember-imp triggers: Spiteful Spark / ember-imp is captured: face down, on the slot
>>> for difference in found.differences:
...     print(difference.describe())
ember-imp damage: 5 / 10
ember-imp captured: no / yes
ember-imp line: front / none
ember-imp hp: 5 / 0
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import zip_longest

from engine.ruleset import ruleset_of
from engine.scenario import Scenario, play_branch
from engine.step_names import step_index, verify_branch
from engine.table_shape import TableShape
from engine.timeline import Step
from engine.yaml_source import YamlSource

ABSENT = "—"  # a card that is not on one of the two tables


def plain(value: object) -> str:
    """A fact's value in words: yes and no, none for nothing, ``ward 2, aegis all``.

    >>> plain(False), plain(None), plain({}), plain({"ward-a": 1, "aegis": "all"}), plain(5)
    ('no', 'none', 'none', 'ward-a 1, aegis all', '5')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == {}:
        return "none"
    if isinstance(value, dict):
        return ", ".join(f"{key} {amount}" for key, amount in value.items())
    return str(value)


TABLE = "table"  # the "card" of a difference in the table's own facts


@dataclass(frozen=True)
class Difference:
    """One fact of two tables, its value on each side (they differ, except in
    ``table_comparison``, which pairs every fact of the table's own)."""

    card: str
    fact: str  # its key, as ``expect`` spells it
    left: object
    right: object
    words: str  # the fact as a sentence says it (``Ruleset.fact_words``)

    @property
    def what(self) -> str:
        """The fact named for a row of its own: ``sentinel-a zone``, ``Battlefield 1 holder``
        (the table's own facts by their words alone)."""
        return self.words if self.card == TABLE else f"{self.card} {self.words}"

    def describe(self) -> str:
        return f"{self.card} {self.words}: {plain(self.left)} / {plain(self.right)}"


def card_facts(table: TableShape, uid: str) -> dict[str, object]:
    """What the comparison looks at for one card (its ruleset says)."""
    return ruleset_of(table).card_facts(table, uid)


def table_facts(table: TableShape) -> dict[str, object]:
    """What the comparison looks at for the table as a whole (its ruleset says: whose turn it
    is, as the ``turn`` expectation reads it, how the game stands, each rune pool...)."""
    return ruleset_of(table).table_facts(table)


def fact_words(table: TableShape, fact: str) -> str:
    return ruleset_of(table).fact_words.get(fact, fact.replace("_", " "))


def table_comparison(left: TableShape, right: TableShape) -> list[Difference]:
    """Every fact of two tables as a whole, side by side, the same or not: whose turn it is,
    who holds each battlefield, decks, the chain, scores... (the compare views show them all)."""
    table_right = table_facts(right)
    return [
        Difference(TABLE, fact, value, table_right[fact], fact_words(left, fact))
        for fact, value in table_facts(left).items()
    ]


def differences(left: TableShape, right: TableShape) -> list[Difference]:
    """Every fact that differs between two tables of one scenario: the table's own, then card
    by card."""
    cards_left, cards_right = left.cards, right.cards
    found = [d for d in table_comparison(left, right) if d.left != d.right]
    for uid in [*cards_left, *(c for c in cards_right if c not in cards_left)]:
        facts_left = card_facts(left, uid) if uid in cards_left else {}
        facts_right = card_facts(right, uid) if uid in cards_right else {}
        for fact in [*facts_left, *(f for f in facts_right if f not in facts_left)]:
            a, b = facts_left.get(fact, ABSENT), facts_right.get(fact, ABSENT)
            if a != b:
                found.append(Difference(uid, fact, a, b, fact_words(left, fact)))
    return found


def changed_cards(found: list[Difference]) -> set[str]:
    return {difference.card for difference in found if difference.card != TABLE}


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a branch of the scenario, at a step (None: its last)."""

    branch: str
    step: int | str | None = None  # a number or a script label


def step_key(step: Step) -> tuple[object, ...]:
    """What makes two steps the same step: where, what, by which rules, why and what changed
    (a choice or an assignment is in the description)."""
    changes = tuple(change.describe() for change in step.changes)
    return step.phase, step.description, step.rules, step.cause.describe(), changes


@dataclass(frozen=True)
class StepPair:
    """Two steps that differ, one of each timeline (None: that timeline has no step there)."""

    left: Step | None
    right: Step | None


@dataclass(frozen=True)
class Comparison:
    """Two timelines lined up: where they diverge, the steps that differ, and what differs
    between the two tables compared."""

    sides: tuple[Side, Side]
    shown: tuple[Step, Step]  # the step of each side whose tables are compared
    diverge: int | None  # the first step that is not the same on both sides; None: none
    steps: list[StepPair]
    differences: list[Difference]


def differing_steps(left: list[Step], right: list[Step]) -> list[StepPair]:
    """The steps of two timelines that are not matched by a same step of the other, in order
    (lined up as a diff lines up lines)."""
    keys_left, keys_right = [step_key(s) for s in left], [step_key(s) for s in right]
    matcher = SequenceMatcher(None, keys_left, keys_right, autojunk=False)
    pairs: list[StepPair] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            pairs += [StepPair(a, b) for a, b in zip_longest(left[i1:i2], right[j1:j2])]
    return pairs


def compare(scenario: Scenario, source: YamlSource, left: Side, right: Side) -> Comparison:
    """Line up two sides' timelines up to the steps compared; a branch that does not exist or
    a step out of range is a ScenarioError naming the file."""
    timelines: list[list[Step]] = []
    for side in (left, right):
        verify_branch(scenario, source, side.branch)
        play = play_branch(scenario, source, side.branch)
        timelines.append(play.game.steps[: step_index(play, side.step, source, side.branch) + 1])
    a, b = timelines
    same = 0
    while same < min(len(a), len(b)) and step_key(a[same]) == step_key(b[same]):
        same += 1
    diverge = None if same == len(a) == len(b) else same
    return Comparison(
        sides=(left, right),
        shown=(a[-1], b[-1]),
        diverge=diverge,
        steps=differing_steps(a[same:], b[same:]),
        differences=differences(a[-1].table, b[-1].table),
    )
