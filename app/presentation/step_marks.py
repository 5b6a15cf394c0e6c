"""What a step changed, as marks for the table: a short delta on each changed card ("-10 HP",
"+1 Might", "prevented 3 -> 1") and arrows from a cause to what it touched (an attacker to its
target, a trigger's card to the card it damaged).

Plain data from the step's typed changes: no Qt and no rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.presentation.views import RulesetView, view_of
from engine.changes import Change, Declared
from engine.table_shape import TableShape
from engine.timeline import Step


@dataclass(frozen=True)
class StepMarks:
    deltas: dict[str, list[str]] = field(default_factory=dict)  # card -> short texts
    arrows: list[tuple[str, str]] = field(default_factory=list)  # (from card, to card)


def delta_text(change: Change, view: RulesetView) -> str:
    """A few words for one change, as a player would say it on the table (in the words of the
    ruleset's ``view`` where it has its own)."""
    if (own := view.delta(change)) is not None:
        return own
    before, after = getattr(change, "before", None), getattr(change, "after", None)
    kind = change.kind
    if kind == "stat" and isinstance(before, int) and isinstance(after, int):
        stat = getattr(change, "stat", "")
        return f"{after - before:+d} {view.stat_names.get(stat, stat.replace('_', ' '))}"
    if kind == "replacement":
        verb = "prevented" if getattr(change, "effect_kind", "") == "prevention" else "doubled"
        return f"{verb} {before} → {after}"
    if kind in ("moved", "line") and after is not None:
        return f"→ {after}"
    if kind in ("bonus_added", "bonus_ended"):  # "-10 max HP": the source is on the badge
        amount = str(getattr(change, "bonus", "bonus")).split(" from ")[0]
        return amount if kind == "bonus_added" else f"{amount} ends"
    if kind == "status" and isinstance(after, str):
        return after
    if kind == "played":  # where it went shows on the table; a delta stays short
        return "played"
    if kind == "declared":
        return str(getattr(change, "role", "attacks"))
    if kind == "died":
        return "dies"
    if kind == "triggered":
        return "triggers"
    if kind == "activated":
        return "activates"
    if isinstance(before, str | bool) and isinstance(after, str | bool):
        return f"{kind}: {before} → {after}"
    return kind.replace("_", " ")


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
