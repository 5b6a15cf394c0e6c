"""What a step changed, as marks for the table: a short delta on each changed card ("-10 HP",
"+1 Might", "→ trash"; a ruleset's own kinds in its view's words) and arrows from a cause to
what it touched (an attacker to its target, a trigger's card to the card it damaged).

Plain data from the step's typed changes: no Qt and no rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.presentation.views import RulesetView, view_of
from engine.changes import (
    Activated,
    Change,
    Declared,
    Died,
    Moved,
    Played,
    StatChanged,
    StatusChanged,
    Triggered,
)
from engine.table_shape import TableShape
from engine.timeline import Step


@dataclass(frozen=True)
class StepMarks:
    deltas: dict[str, list[str]] = field(default_factory=dict)  # card -> short texts
    arrows: list[tuple[str, str]] = field(default_factory=list)  # (from card, to card)


# The shared kinds said in a word: where the card went shows on the table, a delta stays short.
WORDS: dict[type[Change], str] = {
    Played: "played",
    Died: "dies",
    Triggered: "triggers",
    Activated: "activates",
}


def delta_text(change: Change, view: RulesetView) -> str:
    """A few words for one change, as a player would say it on the table (in the words of the
    ruleset's ``view`` where it has its own)."""
    if (own := view.delta(change)) is not None:
        return own
    if isinstance(change, StatChanged):
        stat = view.stat_names.get(change.stat, change.stat.replace("_", " "))
        return f"{change.after - change.before:+d} {stat}"
    if isinstance(change, Moved):
        return f"→ {change.after}"
    if isinstance(change, StatusChanged):
        return change.after
    if isinstance(change, Declared):
        return change.role
    if type(change) in WORDS:
        return WORDS[type(change)]
    before, after = getattr(change, "before", None), getattr(change, "after", None)
    if isinstance(before, str | bool) and isinstance(after, str | bool):
        return f"{change.kind}: {before} → {after}"
    return change.kind.replace("_", " ")


def step_marks(step: Step[TableShape], on_table: set[str]) -> StepMarks:
    """Deltas for every card ``step`` changed, and its arrows between cards in ``on_table``."""
    view = view_of(step.table)
    deltas: dict[str, list[str]] = {}
    arrows: list[tuple[str, str]] = []
    for change in step.changes:
        card = getattr(change, "card", None)
        if card:
            text = delta_text(change, view)
            if text not in deltas.setdefault(card, []):
                deltas[card].append(text)
        target = getattr(change, "target", None)
        if card and isinstance(target, str) and card != target:
            arrows.append((card, target))  # a declaration: attacker -> target
    arrows += _combat_arrows(step)
    source = step.cause.card
    if source in on_table and step.cause.kind in ("effect", "trigger", "action"):
        arrows += [
            (source, card)
            for card in deltas
            if card != source and card in on_table and (source, card) not in arrows
        ]
    arrows = [(a, b) for a, b in arrows if a in on_table and b in on_table]
    return StepMarks(deltas, arrows)


def _combat_arrows(step: Step[TableShape]) -> list[tuple[str, str]]:
    """A combat declared at a place, not at a card (might's battlefield): arrows joining the
    sides, the first attacker to the first defender, the second to the second, ...: each pair
    faces the other across the gap between the sides, so no arrow crosses a card (the rest
    are marked by their deltas, "attacks" and "defends")."""
    cards = step.table.cards
    sides: dict[str, tuple[list[str], list[str]]] = {}
    for change in step.changes:
        if isinstance(change, Declared) and change.target not in cards:
            attackers, defenders = sides.setdefault(change.target, ([], []))
            (attackers if change.role == "attacks" else defenders).append(change.card)
    return [
        pair
        for attackers, defenders in sides.values()
        for pair in zip(attackers, defenders, strict=False)
    ]
