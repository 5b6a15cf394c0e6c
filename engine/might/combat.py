"""Combat damage assignment limits (M7, M-10), as pure functions over a table.

A unit must be assigned lethal damage, counted after its replacements, before any damage goes to
the next unit, and no unit gets more than lethal until every enemy unit has lethal; then the rest
may go anywhere. A unit that no amount can make lethal (prevention "all") is assigned last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.might.damage import lethal_assignment
from engine.might.table import MightTable

Assignment = dict[str, int]


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
    assignment = {uid: 0 for uid in order}
    left = total
    for uid in order:
        need = needs[uid]
        give = left if need is None else min(need, left)
        assignment[uid] += give
        left -= give
    if left and order:
        assignment[order[0]] += left
    return {uid: amount for uid, amount in assignment.items() if amount}


def describe_limits(needs: Mapping[str, int | None], total: int) -> str:
    parts = [
        f"{uid} needs {need} for lethal"
        if need is not None
        else f"{uid} can't be made lethal (assign last)"
        for uid, need in needs.items()
    ]
    return f"{total} to assign: " + "; ".join(parts)


def only_assignment(needs: Mapping[str, int | None], total: int) -> Assignment | None:
    """The one legal assignment, if there is only one: a single enemy unit gets everything;
    a total that is exactly every unit's lethal gives each unit its lethal."""
    if len(needs) == 1:
        return {uid: total for uid in needs}
    if None not in needs.values() and sum(n or 0 for n in needs.values()) == total:
        return {uid: need for uid, need in needs.items() if need}
    return None


def verify_answer(choice: Choice, answer: Answer) -> None:
    """Raise the RuleError (M-10) the engine raises for ``answer`` to an assignment choice."""
    if not isinstance(answer, dict):
        raise RuleError("M-10", "an assignment maps units to amounts")
    verify_assignment(choice.needs, choice.total, answer)


def verify_assignment(
    needs: Mapping[str, int | None], total: int, assignment: Mapping[str, int]
) -> None:
    """Raise a RuleError (M-10) explaining why ``assignment`` breaks the assignment limits."""
    unknown = [uid for uid in assignment if uid not in needs]
    if unknown:
        raise RuleError(
            "M-10",
            f"{', '.join(unknown)} is not an enemy unit in this combat "
            f"(assign to {', '.join(needs) or 'nobody'})",
        )
    if any(amount < 0 for amount in assignment.values()):
        raise RuleError("M-10", "assigned damage cannot be negative")
    if needs and sum(assignment.values()) != total:
        raise RuleError("M-10", f"assign exactly {total} damage, not {sum(assignment.values())}")
    lethal_able = [u for u, need in needs.items() if need is not None]
    got = {uid: assignment.get(uid, 0) for uid in needs}
    if all(got[u] >= (needs[u] or 0) for u in lethal_able):
        return  # every unit that can have lethal has it: the rest may go anywhere
    for uid in needs:
        need = needs[uid]
        if need is None and got[uid]:
            raise RuleError(
                "M-10",
                f"{uid} can't be made lethal, so it is assigned last: give "
                "every other unit lethal damage first",
            )
        if need is not None and got[uid] > need:
            raise RuleError(
                "M-10",
                f"{uid} gets {got[uid]} but lethal is {need}: no unit gets "
                "more than lethal until every enemy unit has lethal",
            )
    partial = [u for u in lethal_able if 0 < got[u] < (needs[u] or 0)]
    if len(partial) > 1:
        raise RuleError(
            "M-10",
            f"{' and '.join(partial)} both get less than lethal: a unit "
            "must have lethal before damage goes to the next one",
        )
