"""Combat damage assignment limits (M7, M-10), as pure functions over a table.

An assignment is a sequence: the units in the order damage is assigned to them, each listed once
with all it gets. A unit must be assigned lethal damage, counted after its replacements, before
any damage goes to the next unit, and no unit gets more than lethal until every enemy unit has
lethal; then the rest may go anywhere. A unit that no amount can make lethal (prevention "all")
is assigned last.

Tank and Backline set the order of the enemy units by groups (M-17): Tank units first, then
units with neither, then Backline units; no unit of a later group gets damage until every unit
of the earlier ones has lethal. A unit with both goes first or last, as the assigning player
chooses (M-18), and a never-lethal unit is last within its own group: it takes all that is left.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product

from engine.choices import Answer, Assigned, Assignment, Choice
from engine.errors import RuleError
from engine.might.card_effects import covers
from engine.might.replacements import lethal_assignment
from engine.might.table import MightTable

FIRST, MIDDLE, LAST = 0, 1, 2  # the groups of M-17: Tank, neither keyword, Backline
Groups = Mapping[str, tuple[int, ...]]  # the groups each unit may be taken in (two: M-18)
GROUP_NAMES = {FIRST: "has Tank", LAST: "has Backline"}


def assignment_groups(table: MightTable, enemies: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """The groups of M-17 each enemy unit may be assigned in: (FIRST,) with Tank, (LAST,) with
    Backline, (MIDDLE,) with neither, (FIRST, LAST) with both (M-18: the player picks)."""
    groups: dict[str, tuple[int, ...]] = {}
    for uid in enemies:
        if table.takes_no_damage(uid):  # left out: its keywords bind nothing (M-19)
            groups[uid] = (MIDDLE,)
            continue
        tank = table.keyword(uid, "Tank") > 0  # a static's too, while it holds (P-98)
        backline = table.keyword(uid, "Backline") > 0
        groups[uid] = (
            (FIRST, LAST)
            if tank and backline
            else (FIRST,)
            if tank
            else (LAST,)
            if backline
            else (MIDDLE,)
        )
    return groups


def in_order(needs: Mapping[str, int | None], groups: Groups) -> list[str]:
    """The units in the order of the default assignment: by group (a unit with both keywords
    first), a never-lethal unit last in its group, else as listed."""
    return sorted(needs, key=lambda uid: (groups.get(uid, (MIDDLE,))[0], needs[uid] is None))


def never_lethal(table: MightTable, uid: str) -> bool:
    """Prevention "all" that covers combat damage: no assigned amount can make it lethal."""
    return any(
        s.remaining is None and covers(s.scope, "combat") for s in table.covered(uid).shields
    )


def lethal_needs(
    table: MightTable,
    enemies: Sequence[str],
    orders: Mapping[str, Sequence[str] | None],
    total: int,
) -> dict[str, int | None]:
    """What each enemy unit needs assigned for lethal after replacements; None: never lethal;
    0: it can't be dealt damage, so it needs none and takes only excess (M-19)."""
    needs: dict[str, int | None] = {}
    for uid in enemies:
        if table.takes_no_damage(uid):
            needs[uid] = 0
            continue
        if never_lethal(table, uid):
            needs[uid] = None
            continue
        card = table.covered(uid)
        # Enough to beat every shield and reach the requirement (at least 1 damage, M-2).
        ceiling = max(1, table.lethal_threshold(uid)) + sum(s.remaining or 0 for s in card.shields)
        needs[uid] = lethal_assignment(table, uid, "combat", orders.get(uid), total + ceiling)
    return needs


def default_assignment(
    needs: Mapping[str, int | None], total: int, groups: Groups | None = None
) -> Assignment:
    """Lethal to each unit in order (by group, never-lethal units last in theirs); what is
    left goes to the first."""
    order = in_order(needs, groups or {})
    amounts = {uid: 0 for uid in order}
    left = total
    for uid in order:
        need = needs[uid]
        give = left if need is None else min(need, left)
        amounts[uid] += give
        left -= give
    if left and order:  # the excess, to a unit it is dealt to when there is one (M-19)
        amounts[next((uid for uid in order if needs[uid] != 0), order[0])] += left
    return tuple(Assigned(unit=uid, damage=amount) for uid, amount in amounts.items() if amount)


def describe_limits(
    needs: Mapping[str, int | None], total: int, groups: Groups | None = None
) -> str:
    groups = groups or {}
    parts = [
        (
            f"{uid} can't be dealt damage (it needs none; only excess may go there)"
            if need == 0
            else f"{uid} needs {need} for lethal"
            if need is not None
            else f"{uid} can't be made lethal (assign last{' in its group' if groups else ''})"
        )
        + _group_note(groups.get(uid, (MIDDLE,)))
        for uid in (in_order(needs, groups) if groups else needs)
        for need in [needs[uid]]
    ]
    return f"{total} to assign, in order: " + "; ".join(parts)


def _group_note(allowed: tuple[int, ...]) -> str:
    if allowed == (FIRST, LAST):
        return " (Tank and Backline: first or last)"
    return {FIRST: " (Tank: first)", LAST: " (Backline: last)"}.get(allowed[0], "")


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
    """Raise the RuleError (M-10, M-17) the engine raises for ``answer`` to an assignment
    choice, or (P-77) to a split of an effect's damage."""
    if choice.kind == "split":
        split_of(choice, answer)
        return
    verify_assignment(choice.needs, choice.total, assignment_of(answer), choice.groups)


def split_of(choice: Choice, answer: Answer) -> Assignment:
    """``answer`` as a split of ``choice.total`` damage among ``choice.options``, or a
    RuleError (P-77): the units it reaches, each once with 1 or more, adding up to the
    total."""
    entries = tuple(entry for entry in answer if isinstance(entry, Assigned))
    if len(entries) != len(answer):
        raise RuleError("P-77", "a split lists units with their damage")
    among = f"a unit {choice.subject} divides its damage among"
    try:  # the limits of an assignment's entries, without its lethal ones (M-10)
        _verify_entries(dict.fromkeys(choice.options, 0), choice.total, entries, among)
    except RuleError as error:
        raise RuleError("P-77", error.message) from None
    return entries


def verify_assignment(
    needs: Mapping[str, int | None],
    total: int,
    assignment: Sequence[Assigned],
    groups: Groups | None = None,
) -> None:
    """Raise a RuleError (M-10, M-17) naming the first entry of ``assignment``, taken in its
    order, that breaks the assignment limits."""
    _verify_entries(needs, total, assignment)
    got = {entry.unit: entry.damage for entry in assignment}
    if all(got.get(u, 0) >= need for u, need in needs.items() if need is not None) and not (
        _sheltered(needs, got, groups or {})
    ):
        return  # every unit that can have lethal has it: the rest may go anywhere
    _verify_lethal_first(needs, assignment)
    _verify_groups(needs, assignment, groups or {})


def _verify_entries(
    needs: Mapping[str, int | None],
    total: int,
    assignment: Sequence[Assigned],
    among: str = "an enemy unit in this combat",
) -> None:
    """M-10: the entries name units of ``needs`` (``among`` them), each once with 1 damage or
    more, and give out exactly ``total``."""
    units = [entry.unit for entry in assignment]
    unknown = [uid for uid in units if uid not in needs]
    if unknown:
        raise RuleError(
            "M-10",
            f"{', '.join(unknown)} is not {among} (assign to {', '.join(needs) or 'nobody'})",
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


def _verify_lethal_first(needs: Mapping[str, int | None], assignment: Sequence[Assigned]) -> None:
    """M-10, M-19: in the order assigned, each unit gets exactly its lethal before the next
    gets any; a unit that can't be dealt damage gets none while another lacks lethal."""
    for position, entry in enumerate(assignment, 1):
        need = needs[entry.unit]
        if need is None:
            continue  # last in its group, taking all that is left: _verify_groups sees to it
        if need == 0:
            raise RuleError(
                "M-19",
                f"{entry.unit} can't be dealt damage: it may get only the excess, once every "
                "other enemy unit has lethal",
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


def _sheltered(needs: Mapping[str, int | None], got: Mapping[str, int], groups: Groups) -> bool:
    """A unit got damage behind a never-lethal unit of an earlier group, which takes all that
    is left (M-18): it never has lethal, so the rest may not go anywhere."""
    return any(
        needs[blocker] is None
        and max(groups.get(blocker, (MIDDLE,))) < min(groups.get(uid, (MIDDLE,)))
        for blocker in needs
        for uid in got
    )


def _verify_groups(
    needs: Mapping[str, int | None], assignment: Sequence[Assigned], groups: Groups
) -> None:
    """M-17, M-18: no unit of a later group gets damage while a unit of an earlier one lacks
    lethal; a never-lethal unit takes all that is left, after the other units of its group. A
    unit with both keywords may be taken first or last: the assignment stands if one way of
    taking them all makes it legal."""
    flexible = [uid for uid in needs if len(groups.get(uid, (MIDDLE,))) > 1]
    refusals = []
    for picks in _picks(flexible, groups):
        group = {uid: picks.get(uid, groups.get(uid, (MIDDLE,))[0]) for uid in needs}
        refusal = _group_refusal(needs, assignment, group)
        if refusal is None:
            return
        refusals.append(refusal)
    if any(allowed != (MIDDLE,) for allowed in groups.values()):
        raise RuleError("M-17", refusals[-1])  # with Tank and Backline units taken last
    raise RuleError("M-10", refusals[-1])


def _picks(flexible: Sequence[str], groups: Groups) -> Iterator[dict[str, int]]:
    """Each way of taking the units with both keywords first or last (at most 2^8 ways; more
    such units are all taken first)."""
    if len(flexible) > 8:
        yield {uid: FIRST for uid in flexible}
        return
    for choice in product(*(groups[uid] for uid in flexible)):
        yield dict(zip(flexible, choice, strict=True))


def _group_refusal(
    needs: Mapping[str, int | None], assignment: Sequence[Assigned], group: Mapping[str, int]
) -> str | None:
    before: dict[str, int] = {}  # what the units listed before this entry got
    for position, entry in enumerate(assignment, 1):
        mine = group[entry.unit]
        short = [
            uid
            for uid, need in needs.items()
            if uid != entry.unit
            and (
                (need is None and group[uid] < mine)  # never lethal: it shelters later groups
                or (
                    need is not None
                    and group[uid] <= mine
                    and before.get(uid, 0) < need
                    and (group[uid] < mine or needs[entry.unit] is None)
                )
            )
        ]
        if short:
            earliest = min(short, key=group.__getitem__)
            never = needs[entry.unit] is None
            return _before_lethal(entry.unit, earliest, group, never, needs[earliest] is None)
        before[entry.unit] = entry.damage
        if needs[entry.unit] is None and position < len(assignment):
            return (
                f"{entry.unit} can't be made lethal, so it takes all that is left: "
                f"{assignment[position].unit} gets nothing after it"
            )
    return None


def _before_lethal(
    uid: str, other: str, group: Mapping[str, int], never: bool, sheltering: bool
) -> str:
    if sheltering:
        return (
            f"{uid} gets damage behind {other}, which "
            f"{GROUP_NAMES.get(group[other], 'has neither Tank nor Backline')} and can't be "
            "made lethal: it takes all the damage left (M-18)"
        )
    if never and group[other] == group[uid]:
        return (
            f"{uid} can't be made lethal, so it is assigned last: give every other unit "
            f"{'of its group ' if uid in group and group[uid] != MIDDLE else ''}lethal damage first"
        )
    # Here ``other``'s group is before ``uid``'s: so ``other`` has Tank, or ``uid`` Backline.
    why = (
        f"{other} has Tank and is assigned first"
        if group[other] == FIRST
        else f"{uid} has Backline and is assigned last"
    )
    return f"{uid} gets damage before {other} has lethal: {why} (M-17)"
