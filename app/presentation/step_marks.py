"""What a step changed, as marks for the table: a short delta on each changed card ("-10 HP",
"+1 Might", "→ trash"; a ruleset's own kinds in its view's words) or on the place a change
about no card concerns (a rune pool, on its player's base), arrows from a cause to what
it touched (an attacker to its target, a trigger's card to the card it damaged), and for every
damage the cards it came from (an arrow from the nearest on the table, else their names on the
damaged card: a spell on the chain).

Plain data from the step's typed changes: no Qt and no rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container
from dataclasses import dataclass, field, replace

from app.presentation.views import RulesetView, view_of
from engine.changes import (
    Activated,
    Change,
    Declared,
    Died,
    Moved,
    Played,
    PlayerStatChanged,
    StatChanged,
    StatusChanged,
    Triggered,
)
from engine.setup_places import ZoneAddress
from engine.table_shape import TableShape
from engine.timeline import Step


@dataclass(frozen=True)
class Delta:
    """A change of a step on a card, in a few words. A ``vital`` one is a number (damage, HP, a
    stat, an amount assigned or prevented) or where damage came from: it is always drawn in
    full; the others may be folded into a "+N more" that the card's tooltip lists."""

    text: str
    vital: bool = False
    elides: bool = False  # too long for a line, it is elided there (the tooltip says it whole)


@dataclass(frozen=True)
class StepMarks:
    deltas: dict[str, tuple[Delta, ...]] = field(default_factory=dict)  # by card
    arrows: list[tuple[str, str]] = field(default_factory=list)  # (from card, to card)
    # a damaged card -> the cards on the table its damage came from: the scene draws an arrow
    # from the nearest (a combat's side is many units)
    damage_from: dict[str, tuple[str, ...]] = field(default_factory=dict)
    said: dict[str, tuple[str, ...]] = field(default_factory=dict)  # each change in full
    places: dict[ZoneAddress, tuple[Delta, ...]] = field(default_factory=dict)  # no card's

    def texts(self, card: str) -> list[str]:
        return [delta.text for delta in self.deltas.get(card, ())]


# The shared kinds said in a word: where the card went shows on the table, a delta stays short.
WORDS: dict[type[Change], str] = {
    Played: "played",
    Died: "dies",
    Triggered: "triggers",
    Activated: "activates",
}


def delta_of(change: Change, view: RulesetView) -> Delta:
    """A few words for one change, as a player would say it on the table (in the words of the
    ruleset's ``view`` where it has its own)."""
    if (own := view.delta(change)) is not None:
        return own
    if isinstance(change, StatChanged | PlayerStatChanged):
        stat = view.stat_names.get(change.stat, change.stat.replace("_", " "))
        return Delta(f"{change.after - change.before:+d} {stat}", vital=True)
    return Delta(_words(change))


def delta_text(change: Change, view: RulesetView) -> str:
    return delta_of(change, view).text


def _words(change: Change) -> str:
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


def step_marks(step: Step[TableShape], on_table: Container[str]) -> StepMarks:
    """Deltas for every card ``step`` changed and for the places its other changes concern
    (a rune pool), its arrows between cards in ``on_table``, and where each damage came from:
    the cards of ``on_table`` for an arrow, else their names on the damaged card."""
    view = view_of(step.table)
    deltas: dict[str, list[Delta]] = {}
    said: dict[str, list[str]] = {}
    damage_from: dict[str, tuple[str, ...]] = {}
    places: dict[ZoneAddress, list[Delta]] = {}
    for change in step.changes:
        card = getattr(change, "card", None)
        if not isinstance(card, str) or card not in step.table.cards:  # a rune pool, a score
            if (place := view.place_of(step.table, change)) is not None:
                places.setdefault(place, []).append(delta_of(change, view))
            continue
        marks, line = deltas.setdefault(card, []), change.describe()
        marks.append(delta_of(change, view))
        sources = tuple(s for s in getattr(change, "sources", ()) if s != card)
        if card in on_table and (shown := tuple(s for s in sources if s in on_table)):
            damage_from[card] = shown
        elif sources:
            names = ", ".join(dict.fromkeys(_name(step.table, uid) for uid in sources))
            marks.append(Delta(f"← {names}", vital=True, elides=True))
            line += f" (from {names})"
        said.setdefault(card, []).append(line)
    arrows = [
        (change.card, change.target)
        for change in step.changes
        if isinstance(change, Declared) and change.card != change.target
    ]
    arrows += _combat_arrows(step)
    arrows += _cause_arrows(step, deltas, on_table, arrows)
    arrows = [(a, b) for a, b in arrows if a in on_table and b in on_table]
    return StepMarks(
        {card: counted(marks) for card, marks in deltas.items()},
        arrows,
        damage_from,
        {card: tuple(lines) for card, lines in said.items()},
        {place: counted(marks) for place, marks in places.items()},
    )


def counted(marks: list[Delta]) -> tuple[Delta, ...]:
    """Each delta once, in order, with "×n" after one the step made n times."""
    times = Counter(marks)
    return tuple(
        replace(delta, text=f"{delta.text} ×{times[delta]}") if times[delta] > 1 else delta
        for delta in dict.fromkeys(marks)
    )


def _name(table: TableShape, uid: str) -> str:
    """A card's printed name: where damage came from when it is not on the table (a spell on
    the chain), written on the damaged card after an arrow ("← Spark")."""
    return table.cards[uid].name if uid in table.cards else uid


def _cause_arrows(
    step: Step[TableShape],
    deltas: dict[str, list[Delta]],
    on_table: Container[str],
    drawn: list[tuple[str, str]],
) -> list[tuple[str, str]]:
    """From the card whose effect, trigger or action the step is to each card it changed."""
    source = step.cause.card
    if (
        source is None
        or source not in on_table
        or step.cause.kind not in ("effect", "trigger", "action")
    ):
        return []
    return [
        (source, card)
        for card in deltas
        if card != source and card in on_table and (source, card) not in drawn
    ]


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
