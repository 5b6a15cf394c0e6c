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
from engine.might.cards import Choosing, TargetSpec, describe_choice, most_targets, specs_of
from engine.might.table import MightCard, MightTable
from engine.plain_errors import no_card

ORDINALS = ("first", "second", "third", "fourth")


def _fits(
    table: MightTable, spec: TargetSpec, unit: MightCard, controller: int, me: str | None
) -> bool:
    if spec.side == "own" and unit.owner != controller:
        return False
    if spec.side == "enemy" and unit.owner == controller:
        return False
    if spec.zone == "trash":  # a unit card in a trash (P-62)
        return unit.zone == "trash" and table.definition(unit.uid).kind == "unit"
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
    then, when one chooses in a trash, the cards in the trashes, in the order of the cards
    (P-62)."""
    units = list(table.units())
    if all(spec.zone == "table" for spec in specs):
        return units
    return units + [card for card in table.cards.values() if card.zone == "trash"]


def legal_targets(
    table: MightTable, choosing: Choosing, controller: int, me: str | None = None
) -> list[str]:
    """The units ``choosing`` allows (``places_of``); for a list, those that fit any entry."""
    return list(places_of(table, choosing, controller, me))


def default_of(choosing: Choosing, places: dict[str, tuple[int, ...]]) -> tuple[str, ...]:
    """The rules' default choice among ``places`` (``places_of``): the first legal units in
    table order (P-41); for a list, the first unit for each entry in turn that leaves one for
    the later entries. Empty: nothing can be chosen (for a list, some entry would have no unit
    left)."""
    if isinstance(choosing, TargetSpec):
        return tuple(places)[: choosing.count]
    return _complete(places, (), len(choosing)) or ()


def _complete(
    places: dict[str, tuple[int, ...]], chosen: tuple[str, ...], total: int
) -> tuple[str, ...] | None:
    """``chosen`` completed to ``total`` entries with different units, each fitting its entry,
    the earliest units first; None when it can't be (a search over at most 4 entries)."""
    if len(chosen) == total:
        return chosen
    for uid, fits in places.items():
        if uid not in chosen and len(chosen) in fits:
            if done := _complete(places, (*chosen, uid), total):
                return done
    return None


def verify_targets(
    table: MightTable,
    choosing: Choosing,
    chosen: Sequence[str],
    controller: int,
    me: str | None = None,
) -> None:
    """Raise unless ``chosen`` is a legal choice: 1 to ``count`` different units on the table
    that fit the spec, or one different unit for each entry of a list, in order (M5, P-41)."""
    what = describe_choice(choosing)
    if not chosen:
        raise RuleError("M5", f"choose {what}")
    if len(chosen) > most_targets(choosing):
        raise RuleError("P-41", f"{len(chosen)} targets chosen: choose {what}")
    if len(set(chosen)) < len(chosen):
        raise RuleError("P-41", f"a unit is chosen twice: choose {what}")
    specs = specs_of(choosing)
    for number, uid in enumerate(chosen):
        unit = table.cards.get(uid)
        if unit is None:
            raise RuleError("M-1", no_card(uid, table.cards.values()))
        spec = specs[number] if len(specs) > 1 else specs[0]  # a list: its entry, in order
        if spec.zone == "table" and not table.on_table(uid):
            raise RuleError("M-1", f"{uid} is not a unit on the table (it is in {unit.zone})")
        if spec.zone == "table" and not table.is_unit(uid):
            raise RuleError("P-66", f"{uid} is gear, not a unit: it is never a target")
        if not _fits(table, spec, unit, controller, me):
            legal = [
                u for u in legal_targets(table, spec, controller, me) if u not in chosen[:number]
            ]
            entry = f"the {ORDINALS[number]} target: " if len(specs) > 1 else ""
            unfit = (
                f"{entry}{uid} is not {'one of ' if spec.count > 1 else ''}{spec.describe()} "
                f"({'legal: ' + ', '.join(legal) if legal else 'none is legal now'})"
            )
            if spec.zone == "trash":
                raise RuleError("P-62", unfit)
            raise RuleError("M5", unfit)
    if len(chosen) < len(specs):
        places = places_of(table, choosing, controller, me)
        if _complete(places, tuple(chosen), len(specs)) is None:
            raise RuleError(
                "P-41",
                f"no unit is left for the {ORDINALS[len(chosen)]} target "
                f"({specs[len(chosen)].describe()}): choose {what}",
            )
        next_one = f"the {ORDINALS[len(chosen)]} target"
        raise MoreToChoose("P-41", f"choose {next_one} too: {specs[len(chosen)].describe()}")
