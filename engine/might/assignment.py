"""Combat damage assignment limits (M7, M-10), as pure functions over a table.

An assignment is a sequence: the units in the order damage is assigned to them, each listed once
with all it gets. A unit must be assigned lethal damage, counted after its replacements, before
any damage goes to the next unit, and no unit gets more than lethal until every enemy unit has
lethal; then the rest may go anywhere. A unit that no amount can make lethal (prevention "all")
is assigned last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.choices import Answer, Assigned, Assignment, Choice
from engine.errors import RuleError
from engine.might.replacements import lethal_assignment
from engine.might.table import MightTable


def never_lethal(table: MightTable, uid: str) -> bool:
    """Prevention "all" that covers combat damage: no assigned amount can make it lethal."""
    return any(
        s.remaining is None and s.scope in ("all", "combat") for s in table.cards[uid].shields
    )


def lethal_needs(
    table: MightTable,
    enemies: Sequence[str],
    orders: Mapping[str, Sequence[str] | None],
    total: int,
) -> dict[str, int | None]:
    """What each enemy unit needs assigned for lethal after replacements; None: never lethal."""
    needs: dict[str, int | None] = {}
    for uid in enemies:
        if never_lethal(table, uid):
            needs[uid] = None
            continue
        card = table.cards[uid]
        # Enough to beat every shield and reach the requirement (at least 1 damage, M-2).
        ceiling = max(1, table.lethal_threshold(uid)) + sum(s.remaining or 0 for s in card.shields)
        needs[uid] = lethal_assignment(table, uid, "combat", orders.get(uid), total + ceiling)
    return needs


def default_assignment(needs: Mapping[str, int | None], total: int) -> Assignment:
    """Lethal to each unit in order (never-lethal units last); what is left goes to the first."""
    order = [u for u in needs if needs[u] is not None] + [u for u in needs if needs[u] is None]
    amounts = {uid: 0 for uid in order}
    left = total
    for uid in order:
        need = needs[uid]
        give = left if need is None else min(need, left)
        amounts[uid] += give
        left -= give
    if left and order:
        amounts[order[0]] += left
    return tuple(Assigned(unit=uid, damage=amount) for uid, amount in amounts.items() if amount)


def describe_limits(needs: Mapping[str, int | None], total: int) -> str:
    parts = [
        f"{uid} needs {need} for lethal"
        if need is not None
        else f"{uid} can't be made lethal (assign last)"
        for uid, need in needs.items()
    ]
    return f"{total} to assign, in order: " + "; ".join(parts)


def only_assignment(needs: Mapping[str, int | None], total: int) -> Assignment | None:
    """The one legal split, if there is only one: a single enemy unit gets everything; a total
    that is exactly every unit's lethal gives each unit its lethal (in any order: the order
    changes nothing then, so the default order is taken)."""
    if len(needs) == 1:
        return tuple(Assigned(unit=uid, damage=total) for uid in needs if total)
    if None not in needs.values() and sum(n or 0 for n in needs.values()) == total:
        return default_assignment(needs, total)
    return None


def assignment_of(answer: Answer) -> Assignment:
    """``answer`` as an assignment, or a RuleError (M-10) when it is something else."""
    entries = tuple(entry for entry in answer if isinstance(entry, Assigned))
    if len(entries) != len(answer):
        raise RuleError("M-10", "an assignment lists enemy units with their damage, in order")
    return entries


def verify_answer(choice: Choice, answer: Answer) -> None:
    """Raise the RuleError (M-10) the engine raises for ``answer`` to an assignment choice."""
    verify_assignment(choice.needs, choice.total, assignment_of(answer))


def verify_assignment(
    needs: Mapping[str, int | None], total: int, assignment: Sequence[Assigned]
) -> None:
    """Raise a RuleError (M-10) naming the first entry of ``assignment``, taken in its order,
    that breaks the assignment limits."""
    units = [entry.unit for entry in assignment]
    unknown = [uid for uid in units if uid not in needs]
    if unknown:
        raise RuleError(
            "M-10",
            f"{', '.join(unknown)} is not an enemy unit in this combat "
            f"(assign to {', '.join(needs) or 'nobody'})",
        )
    twice = sorted({uid for uid in units if units.count(uid) > 1})
    if twice:
        raise RuleError(
            "M-10", f"{', '.join(twice)} is listed twice: list each unit once, with all it gets"
        )
    if any(entry.damage < 1 for entry in assignment):
        raise RuleError("M-10", "each unit listed gets 1 damage or more; leave the others out")
    assigned = sum(entry.damage for entry in assignment)
    if needs and assigned != total:
        raise RuleError("M-10", f"assign exactly {total} damage, not {assigned}")
    got = {entry.unit: entry.damage for entry in assignment}
    if all(got.get(u, 0) >= need for u, need in needs.items() if need is not None):
        return  # every unit that can have lethal has it: the rest may go anywhere
    for position, entry in enumerate(assignment, 1):
        need = needs[entry.unit]
        if need is None:
            raise RuleError(
                "M-10",
                f"{entry.unit} can't be made lethal, so it is assigned last: give every other "
                "unit lethal damage first",
            )
        if entry.damage > need:
            raise RuleError(
                "M-10",
                f"{entry.unit} gets {entry.damage} but lethal is {need}: no unit gets more "
                "than lethal until every enemy unit has lethal",
            )
        if entry.damage < need and position < len(assignment):
            raise RuleError(
                "M-10",
                f"{entry.unit} gets {entry.damage}, less than the {need} it needs for lethal "
                f"(after its prevention and doubling), before {assignment[position].unit} gets "
                "any: a unit must have lethal before damage goes to the next one",
            )
