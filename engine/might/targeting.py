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

from engine.errors import RuleError
from engine.might.cards import TargetSpec
from engine.might.conditions import in_state
from engine.might.table import MightCard, MightTable
from engine.plain_errors import no_card


def _fits(
    table: MightTable, spec: TargetSpec, unit: MightCard, controller: int, me: str | None
) -> bool:
    if spec.side == "own" and unit.owner != controller:
        return False
    if spec.side == "enemy" and unit.owner == controller:
        return False
    if spec.state is not None and not in_state(unit, spec.state):
        return False
    if spec.other and unit.uid == me:
        return False
    if spec.here and me is not None:
        mine = table.cards[me]
        if mine.zone == "battlefield":
            return unit.zone == "battlefield" and unit.battlefield == mine.battlefield
        return unit.zone == "base" and unit.owner == mine.owner
    return True


def legal_targets(
    table: MightTable, spec: TargetSpec, controller: int, me: str | None = None
) -> list[str]:
    """The units ``spec`` allows for ``controller`` (``me``: the ability's own unit, for
    ``here`` and ``other``), in the order they came to the table (P-12)."""
    return [u.uid for u in table.units() if _fits(table, spec, u, controller, me)]


def verify_targets(
    table: MightTable,
    spec: TargetSpec,
    chosen: Sequence[str],
    controller: int,
    me: str | None = None,
) -> None:
    """Raise unless ``chosen`` is a legal choice: 1 to ``count`` different units on the table
    that fit ``spec`` (M5, P-41)."""
    if not chosen:
        raise RuleError("M5", f"choose {spec.describe()}")
    if len(chosen) > spec.count:
        raise RuleError("P-41", f"{len(chosen)} targets chosen: choose {spec.describe()}")
    if len(set(chosen)) < len(chosen):
        raise RuleError("P-41", f"a unit is chosen twice: choose {spec.describe()}")
    for uid in chosen:
        unit = table.cards.get(uid)
        if unit is None:
            raise RuleError("M-1", no_card(uid, table.cards.values()))
        if not table.on_table(uid):
            raise RuleError("M-1", f"{uid} is not a unit on the table (it is in {unit.zone})")
        if not _fits(table, spec, unit, controller, me):
            legal = legal_targets(table, spec, controller, me)
            raise RuleError(
                "M5",
                f"{uid} is not {'one of ' if spec.count > 1 else ''}{spec.describe()} "
                f"({'legal: ' + ', '.join(legal) if legal else 'none is legal now'})",
            )
