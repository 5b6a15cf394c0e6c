"""Chosen targets: which units fit a card's ``target`` and whether a choice of them is legal
(M5, P-41). Spells, triggered and activated abilities all choose through these.

>>> from engine.scenario import game_from_yaml
>>> game = game_from_yaml('''
... ruleset: might
... title: Targets
... rules: [P-41]
... setup:
...   players:
...     - {name: Alice, units: [{card: Iron Sentinel, at: Battlefield 1}]}
...     - name: Bob
...       units:
...         - {card: Stone Whelp, at: Battlefield 1, damage: 1}
...         - {card: Vanguard Captain, at: Battlefield 2}
... ''')
>>> spec = TargetSpec(side="enemy", state="damaged", count=2)
>>> legal_targets(game.table, spec, controller=0)
['stone-whelp']
>>> verify_targets(game.table, spec, ("vanguard-captain",), controller=0)
Traceback (most recent call last):
...
engine.errors.RuleError: vanguard-captain is not one of up to 2 damaged enemy units (legal: ...
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import MoreToChoose, RuleError
from engine.might.cards import (
    Choosing,
    TargetSpec,
    describe_choice,
    fewest_targets,
    most_targets,
    specs_of,
)
from engine.might.table import MightCard, MightTable
from engine.plain_errors import no_card

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def nth(number: int) -> str:
    """The ``number``-th (from 1) in words, as a refusal names a target: ``first``, ...,
    ``ninth``, then ``10th``, ``11th``, ... (a count may be up to 100, P-49).

    >>> nth(2), nth(5), nth(12), nth(23)
    ('second', 'fifth', '12th', '23rd')
    """
    return ORDINALS[number - 1] if number <= len(ORDINALS) else ordinal(number)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``."""
    last = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{last}"


def _fits(
    table: MightTable, spec: TargetSpec, unit: MightCard, controller: int, me: str | None
) -> bool:
    if spec.side == "own" and unit.controller != controller:
        return False
    if spec.side == "enemy" and unit.controller == controller:
        return False
    if spec.zone == "trash":  # a unit card in a trash (P-62)
        return unit.zone == "trash" and table.definition(unit.uid).kind == "unit"
    if spec.zone == "chain":  # a spell on the chain, not a triggered ability (P-87)
        return unit.zone == "chain" and table.definition(unit.uid).kind == "spell"
    if not table.on_table(unit.uid):
        return False
    here = table.cards[me].battlefield if me is not None else None  # None: at its base
    return spec.admits(table, unit, me, here)


def places_of(
    table: MightTable, choosing: Choosing, controller: int, me: str | None = None
) -> dict[str, tuple[int, ...]]:
    """Each unit ``choosing`` allows for ``controller`` (``me``: the ability's own unit, for
    ``here`` and ``other``), in the order they came to the table (P-12), with the entries (from
    0) it fits: a single spec's units fit entry 0."""
    specs = specs_of(choosing)
    fits = {
        u.uid: tuple(n for n, s in enumerate(specs) if _fits(table, s, u, controller, me))
        for u in _candidates(table, specs)
    }
    return {uid: places for uid, places in fits.items() if places}


def _candidates(table: MightTable, specs: tuple[TargetSpec, ...]) -> list[MightCard]:
    """The cards ``specs`` choose among: the units on the table, in the order they came to it,
    then, when one chooses in a trash or on the chain, the cards there, in the order of the
    cards (P-62, P-87)."""
    units = list(table.units())
    zones = {spec.zone for spec in specs} - {"table"}
    return units + [card for card in table.cards.values() if card.zone in zones]


def legal_targets(
    table: MightTable, choosing: Choosing, controller: int, me: str | None = None
) -> list[str]:
    """The units ``choosing`` allows (``places_of``); for a list, those that fit any entry."""
    return list(places_of(table, choosing, controller, me))


def default_of(
    table: MightTable, choosing: Choosing, places: dict[str, tuple[int, ...]]
) -> tuple[str, ...] | None:
    """The rules' default choice among ``places`` (``places_of``): the first legal units in
    table order (P-41), as many as the card takes; for a list, the first unit for each entry in
    turn that leaves one for the later entries; a unit again where it may be chosen again, the
    rest at the first one's battlefield where they must be, and within a total Might (P-73,
    P-75, P-94). ``()``: none, and the card may choose none (P-73); None: no legal choice can
    be made."""
    specs = specs_of(choosing)
    if len(specs) == 1:
        return _fill(table, specs[0], list(places), ())
    return _complete(table, specs, places, (), len(specs))


def _fill(
    table: MightTable, spec: TargetSpec, legal: list[str], chosen: tuple[str, ...]
) -> tuple[str, ...] | None:
    """``chosen`` (a legal start) completed to as many of the ``legal`` units as ``spec`` takes,
    the earliest in table order first: at one battlefield where it says so (P-75), within its
    total Might (P-94); None when it can't reach ``at_least``. A count may be large (P-49), so
    this reads each place's units once instead of searching every order of them."""
    most = len(legal) if spec.count == "any" else spec.count
    room = most - len(chosen)
    if not spec.different:  # the first allowed unit again and again (P-73)
        allowed = [u for u in legal if _elsewhere(table, spec, chosen, u) is None]
        more = allowed[:1] * room
    else:
        left = [u for u in legal if u not in chosen]
        limit = spec.total_might_at_most  # what the rest may add up to (P-94)
        if limit is not None:
            limit -= sum(table.might(u) for u in chosen)
        fills = [
            _earliest(table, group, room, limit) for group in _groups(table, spec, left, chosen)
        ]
        found = [f for f in fills if f is not None]
        order = {uid: number for number, uid in enumerate(legal)}
        more = max(found, key=lambda f: (len(f), [-order[u] for u in f]), default=[])
    done = (*chosen, *more)
    return done if len(done) >= spec.at_least else None


def _groups(
    table: MightTable, spec: TargetSpec, left: list[str], chosen: tuple[str, ...]
) -> list[list[str]]:
    """The units that may be chosen together after ``chosen``: all of ``left``, or where the
    units must be at one battlefield, those at each battlefield (at the first chosen one's, once
    one is chosen), in table order (P-75)."""
    if not spec.same_place:
        return [left]
    at: dict[int | None, list[str]] = {}
    for uid in left:
        if _elsewhere(table, spec, chosen, uid) is None:
            at.setdefault(table.cards[uid].battlefield, []).append(uid)
    return list(at.values())


def _earliest(
    table: MightTable, group: list[str], room: int, limit: int | None
) -> list[str] | None:
    """As many of ``group`` as fit in ``room`` and, with a ``limit``, whose Might adds up to at
    most it (P-94), the earliest such units in table order; None when not even none fits (a
    total already past the limit)."""
    might = {uid: table.might(uid) for uid in group}
    least = sorted(might.values())
    take = min(room, len(group))
    while limit is not None and take >= 0 and sum(least[:take]) > limit:
        take -= 1
    if take < 0:
        return None
    if limit is None:
        return group[:take]
    picked: list[str] = []
    for number, uid in enumerate(group):
        if len(picked) == take:
            break
        rest = sorted(might[u] for u in group[number + 1 :])[: take - len(picked) - 1]
        if sum(might[u] for u in picked) + might[uid] + sum(rest) <= limit:
            picked.append(uid)
    return picked


def _entry(specs: tuple[TargetSpec, ...], number: int) -> TargetSpec:
    """The spec the ``number``-th chosen unit (from 0) fits: a list's entry, in order."""
    return specs[number] if len(specs) > 1 else specs[0]


def _chosen_again(spec: TargetSpec, earlier: tuple[str, ...], uid: str) -> bool:
    """``uid`` chosen again where the units must differ (P-41, P-73)."""
    return spec.different and uid in earlier


def _elsewhere(
    table: MightTable, spec: TargetSpec, earlier: tuple[str, ...], uid: str
) -> str | None:
    """Why ``uid`` is not at the battlefield of the ``earlier`` chosen units where the spec
    wants them at one (P-75); None when it may be chosen."""
    if not spec.same_place:
        return None
    unit = table.cards[uid]
    if unit.zone != "battlefield":
        return f"{uid} is at no battlefield (it is in {unit.zone})"
    first = table.cards[earlier[0]] if earlier else unit
    if first.zone == "battlefield" and first.battlefield != unit.battlefield:
        name = table.battlefields[first.battlefield or 0].name
        return f"{uid} is not at {name}, where {first.uid} is"
    return None


def _complete(
    table: MightTable,
    specs: tuple[TargetSpec, ...],
    places: dict[str, tuple[int, ...]],
    chosen: tuple[str, ...],
    total: int,
) -> tuple[str, ...] | None:
    """``chosen`` completed to ``total`` units, each fitting its entry and allowed after the
    earlier ones (``_chosen_again``, ``_elsewhere``), the earliest units first; None when it
    can't be (a search over at most 4 entries)."""
    if len(chosen) == total:
        return chosen
    number = len(chosen)
    entry = number if len(specs) > 1 else 0
    for uid, fits in places.items():
        spec = _entry(specs, number)
        if (
            entry in fits
            and not _chosen_again(spec, chosen, uid)
            and _elsewhere(table, spec, chosen, uid) is None
        ):
            if (done := _complete(table, specs, places, (*chosen, uid), total)) is not None:
                return done
    return None


def deflecting(table: MightTable, targets: Sequence[str], controller: int) -> dict[str, int]:
    """Each opponent's unit on the table among ``targets`` with Deflect N, printed or granted,
    and its N, once however often it is chosen (P-88)."""
    found = {}
    for uid in dict.fromkeys(targets):
        card = table.cards.get(uid)
        if card is None or card.controller == controller or not table.on_table(uid):
            continue
        if runes := table.keyword(uid, "Deflect"):
            found[uid] = runes
    return found


def verify_targets(
    table: MightTable,
    choosing: Choosing,
    chosen: Sequence[str],
    controller: int,
    me: str | None = None,
) -> None:
    """Raise unless ``chosen`` is a legal choice: ``at_least`` to ``count`` units on the table
    that fit the spec, different unless it says not, or one unit for each entry of a list, in
    order; at one battlefield where the spec says so (M5, P-41, P-73, P-75)."""
    what = describe_choice(choosing)
    if not chosen and fewest_targets(choosing):
        raise RuleError("M5", f"choose {what}")
    most = most_targets(choosing)
    if most is not None and len(chosen) > most:
        raise RuleError("P-41", f"{len(chosen)} targets chosen: choose {what}")
    specs = specs_of(choosing)
    for number, uid in enumerate(chosen):
        _verify_one(table, specs, tuple(chosen), number, controller, me)
        spec, earlier = _entry(specs, number), tuple(chosen[:number])
        if _chosen_again(spec, earlier, uid):
            raise RuleError("P-41", f"a unit is chosen twice: choose {what}")
        if where := _elsewhere(table, spec, earlier, uid):
            raise RuleError("P-75", f"{where}: choose {what}")
    if len(specs) == 1:
        _verify_total(table, specs[0], tuple(chosen), what)
    if len(chosen) < fewest_targets(choosing):
        next_one = f"the {nth(len(chosen) + 1)} target"
        wanted = _entry(specs, len(chosen)).describe()
        places = places_of(table, choosing, controller, me)
        if _completed(table, specs, places, tuple(chosen)) is None:
            raise RuleError("P-41", f"no unit is left for {next_one} ({wanted}): choose {what}")
        raise MoreToChoose("P-41", f"choose {next_one} too: {wanted}")


def _completed(
    table: MightTable,
    specs: tuple[TargetSpec, ...],
    places: dict[str, tuple[int, ...]],
    chosen: tuple[str, ...],
) -> tuple[str, ...] | None:
    """``chosen`` completed to a choice the card takes (``_fill``, ``_complete``), or None."""
    if len(specs) == 1:
        return _fill(table, specs[0], list(places), chosen)
    return _complete(table, specs, places, chosen, len(specs))


def _verify_total(table: MightTable, spec: TargetSpec, chosen: tuple[str, ...], what: str) -> None:
    """Raise when the chosen units' Might, read now, adds up to more than the spec allows,
    saying each unit's part (P-94)."""
    if spec.total_might_at_most is None or not chosen:
        return
    might = {uid: table.might(uid) for uid in chosen}
    total = sum(might.values())
    if total > spec.total_might_at_most:
        parts = " + ".join(f"{uid} {value}" for uid, value in might.items())
        raise RuleError(
            "P-94",
            f"the chosen units' total Might is {total} ({parts}), more than "
            f"{spec.total_might_at_most}: choose {what}",
        )


def _verify_one(
    table: MightTable,
    specs: tuple[TargetSpec, ...],
    chosen: tuple[str, ...],
    number: int,
    controller: int,
    me: str | None,
) -> None:
    """Raise unless the ``number``-th chosen unit (from 0) is one its entry allows (M5)."""
    uid = chosen[number]
    unit = table.cards.get(uid)
    if unit is None:
        raise RuleError("M-1", no_card(uid, table.cards.values()))
    spec = _entry(specs, number)
    if spec.zone == "table" and not table.on_table(uid):
        raise RuleError("M-1", f"{uid} is not a unit on the table (it is in {unit.zone})")
    if spec.zone == "table" and not table.is_unit(uid):
        raise RuleError("P-66", f"{uid} is gear, not a unit: it is never a target")
    if _fits(table, spec, unit, controller, me):
        return
    earlier = chosen[:number] if spec.different else ()
    legal = [u for u in legal_targets(table, spec, controller, me) if u not in earlier]
    entry = f"the {nth(number + 1)} target: " if len(specs) > 1 else ""
    unfit = (
        f"{entry}{uid} is not {'one of ' if spec.many() else ''}{spec.describe()} "
        f"({'legal: ' + ', '.join(legal) if legal else 'none is legal now'})"
    )
    if spec.zone == "trash":
        raise RuleError("P-62", unfit)
    if spec.zone == "chain":
        raise RuleError("P-87", unfit)
    raise RuleError("M5", unfit)
