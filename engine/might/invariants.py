"""What holds in every might game, as ``cardtable fuzz`` checks it after every step and move, and
random legal answers to might's choices (``engine.ruleset.Invariants``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random

from engine.choices import Answer, Assigned, Choice
from engine.errors import RuleError
from engine.might.assignment import MIDDLE, verify_answer
from engine.might.sub_phases import (
    DEATHS,
    EXPIRATION_HEAL,
    HEAL,
    LETHAL_CHECK,
    RUNE_POOLS_EMPTY,
    THIS_TURN_ENDS,
)
from engine.might.table import MightCard, MightTable
from engine.ruleset import Broken, Invariants, at
from engine.timeline import Recorder, Step


class MightInvariants(Invariants[MightTable]):
    def step(self, steps: Sequence[Step[MightTable]], index: int) -> Iterator[Broken]:
        step = steps[index]
        table = step.table
        where = at(step)
        yield from _prevention(table, where)
        if index:
            yield from _not_dealt(steps[index - 1].table, table, where)
        if "P-15" in step.rules:  # the step of a cleanup that found no lethal damage (P-15)
            yield from _lethal(table, where)
            yield from _roles(table, where)
        ended = _sub_phase_ended(steps, index)
        if ended in (DEATHS, LETHAL_CHECK):
            # who dies is fixed as the check begins: one an aura's end made lethal meets the
            # next check, after the heal (M-24)
            yield from _lethal(table, where, _before_phase(steps, index))
        elif ended in (HEAL, EXPIRATION_HEAL):
            yield from _healed(table, where)
        elif ended == THIS_TURN_ENDS:
            yield from _expired(table, where)
        elif ended == RUNE_POOLS_EMPTY:
            yield from _runes_emptied(table, where)

    def settled(self, game: Recorder[MightTable]) -> Iterator[Broken]:
        yield from _lethal(game.table, f"after {at(game.steps[-1])}")

    def answer(self, choice: Choice, rng: Random) -> Answer:
        """Orders shuffled (of replacements, and of the deck cards looked at: P-109), random
        targets and a random legal assignment (the rules' default when the drawn one is
        refused; for an assignment also in 3 cases out of 10), a random battlefield (P-74)."""
        if choice.kind in ("replacement_order", "pick"):  # a pick: the first for the hand
            options = list(choice.options)
            rng.shuffle(options)
            return tuple(options)
        if choice.kind == "battlefield":
            return (rng.choice(choice.options),)
        if choice.kind == "targets" and choice.groups:  # a unit for each entry, or the default
            return _one_for_each(choice, rng)
        if choice.kind == "targets":  # 1 to ``total`` of the legal units, in a random order
            drawn = tuple(
                rng.sample(choice.options, rng.randint(1, min(choice.total, len(choice.options))))
            )
            return _judged(choice, drawn)
        if choice.only_answer is not None or rng.random() < 0.3:
            return choice.only_answer if choice.only_answer is not None else choice.default
        answer = _assignment(choice, rng)
        try:
            verify_answer(choice, answer)
        except RuleError:
            return choice.default
        return answer


def _judged(choice: Choice, drawn: tuple[str, ...]) -> Answer:
    """``drawn`` when the engine would take it (``Choice.judge``), else the rules' default: a
    draw of units may break a total Might (P-94), which only the judge reads."""
    if choice.judge is None:
        return drawn
    try:
        choice.judge(drawn)
    except RuleError:  # a MoreToChoose too: the answer is taken whole
        return choice.default
    return drawn


def _one_for_each(choice: Choice, rng: Random) -> Answer:
    """A random unit for each entry of a list of targets in turn; the default when the draw
    leaves an entry with none."""
    chosen: list[str] = []
    for entry in range(choice.total):
        fits = [u for u in choice.options if entry in choice.groups[u] and u not in chosen]
        if not fits:
            return choice.default
        chosen.append(rng.choice(fits))
    return tuple(chosen)


def _roles(table: MightTable, where: str) -> Iterator[Broken]:
    """After a cleanup in a combat, the units at its battlefield are exactly those with a role,
    on their controller's side: who left lost it (M-29), who arrived joined (M-28, P-43)."""
    combat = table.combat
    if combat is None:
        return
    there = {u.uid for u in table.units_at(combat.battlefield)}
    roled = {u.uid for u in table.units() if u.role is not None}
    wrong = sorted(
        f"{u.uid} ({u.role})"
        for u in table.units()
        if u.role is not None and (u.role == "attacker") != (u.controller == combat.attacker)
    )
    if there != roled or wrong:
        detail = "; ".join(
            [
                *([f"no role: {', '.join(sorted(there - roled))}"] if there - roled else []),
                *(
                    [f"a role elsewhere: {', '.join(sorted(roled - there))}"]
                    if roled - there
                    else []
                ),
                *([f"the wrong side: {', '.join(wrong)}"] if wrong else []),
            ]
        )
        yield "combat roles follow the battlefield", f"{where}: {detail}", None


def _before_phase(steps: Sequence[Step[MightTable]], index: int) -> MightTable:
    """The table as the phase of ``steps[index]`` began."""
    first = index
    while first > 0 and steps[first - 1].phase == steps[index].phase:
        first -= 1
    return steps[max(first - 1, 0)].table


def _fell(began: MightTable | None, unit: MightCard) -> bool:
    """``unit`` was not lethal as the check began and has the same damage: its Might fell."""
    if began is None or not began.on_table(unit.uid):
        return False
    return not began.is_lethal(unit.uid) and began.cards[unit.uid].damage == unit.damage


def _lethal(table: MightTable, where: str, began: MightTable | None = None) -> Iterator[Broken]:
    """Lethal units left after a check, but for those saved there: they meet the next (M-22);
    with ``began``, but for those whose Might alone fell during the check, as when an aura
    ended with a unit that died there: they meet the next check (M-24)."""
    lethal = [
        u.uid
        for u in table.units()
        if table.is_lethal(u.uid) and u.uid not in table.spared and not _fell(began, u)
    ]
    if lethal:
        yield (
            "no lethal unit survives a cleanup",
            f"{where}: {', '.join(lethal)} lethal",
            {"cards": {uid: {"zone": "trash"} for uid in lethal}},
        )


def _not_dealt(before: MightTable, after: MightTable, where: str) -> Iterator[Broken]:
    """M-19: a unit that could not be dealt damage before a step has no more damage after it."""
    for uid in after.index.damaged:
        was = before.cards.get(uid)
        if was is not None and before.takes_no_damage(uid) and after.cards[uid].damage > was.damage:
            yield (
                "a unit that can't be dealt damage takes none",
                f"{where}: {uid} {was.damage} -> {after.cards[uid].damage}",
                {"cards": {uid: {"damage": was.damage}}},
            )


def _sub_phase_ended(steps: Sequence[Step], index: int) -> str | None:
    """The name of the sub-phase whose last step is ``steps[index]``, if it is one."""
    step = steps[index]
    if not step.phase or (index + 1 < len(steps) and steps[index + 1].phase == step.phase):
        return None
    return step.phase[-1]


def _prevention(table: MightTable, where: str) -> Iterator[Broken]:
    """No prevention shield has less than nothing left (M3)."""
    for card in table.cards.values():
        for shield in card.shields:
            if shield.remaining is not None and shield.remaining < 0:
                yield (
                    "prevention never negative",
                    f"{where}: {card.uid}'s {shield.describe()}",
                    {"cards": {card.uid: {"shields": {shield.id: 0}}}},
                )


def _healed(table: MightTable, where: str) -> Iterator[Broken]:
    """After the heal of a Combat Cleanup or of expiration, no unit has damage (M-12, M-13)."""
    hurt = [f"{u.uid} ({u.damage})" for u in table.units() if u.damage]
    if hurt:
        yield "every unit healed", f"{where}: {', '.join(hurt)} still damaged", None


def _expired(table: MightTable, where: str) -> Iterator[Broken]:
    """After expiration's (c), nothing lasts "this turn" or "this combat" (M-13, P-38)."""
    left = [
        f"{c.uid}: {e.describe()}"
        for c in table.cards.values()
        for e in c.lasting()
        if e.duration in ("this_turn", "this_combat")
    ]
    left += [
        f"{p.name}: {g.describe()}"
        for p in table.players
        for g in p.lasting()
        if g.duration in ("this_turn", "this_combat")
    ]
    if left:
        yield '"this turn" effects end at expiration', f"{where}: {'; '.join(left)}", None


def _runes_emptied(table: MightTable, where: str) -> Iterator[Broken]:
    """After expiration's (d), every rune pool is empty (M-13)."""
    full = {p.name: p.runes for p in table.players if p.runes}
    if full:
        yield (
            "rune pools empty at expiration",
            f"{where}: {full}",
            {"runes": {name: 0 for name in full}},
        )


def _assignment(choice: Choice, rng: Random) -> Answer:
    """Lethal damage first, to the units that can take it in a random order; the rest to
    random units, the more often to those that can never be lethal."""
    lethal = [uid for uid in choice.options if choice.needs.get(uid) is not None]
    never = [uid for uid in choice.options if choice.needs.get(uid) is None]
    rng.shuffle(lethal)
    rng.shuffle(never)
    first = {uid: rng.choice(choice.groups.get(uid, (MIDDLE,))) for uid in choice.options}
    lethal.sort(key=first.__getitem__)  # by group (M-17), at random within one
    got: dict[str, int] = {}
    left = choice.total
    for uid in lethal:
        need = choice.needs[uid] or 0
        give = min(need, left)
        if give:
            got[uid] = give
            left -= give
        if left == 0:
            break
    units = list(choice.options)
    while left > 0 and units:  # every unit that can be lethal is: the rest goes anywhere
        uid = rng.choice(units if not never or len(got) < len(lethal) else never + units)
        got[uid] = got.get(uid, 0) + 1
        left -= 1
    order = [uid for uid in [*lethal, *never] if uid in got]
    return tuple(Assigned(unit=uid, damage=got[uid]) for uid in order)
