"""A change of control (P-107): "take control of an enemy unit here until end of turn".

The unit stays where it is; while the change lasts it is its new controller's wherever a side
counts (actions, combat, "friendly" and "enemy", auras, holding), and a unit at a base is at its
controller's base. The change is a lasting "this turn" effect: it ends at step (c) of the
expiration procedure with the others (M10, M-13), and then control goes back to the owner, a step
of its own; a unit at the taker's base goes to its owner's base then.
"""

from __future__ import annotations

from engine.changes import Change, Moved, StatChanged
from engine.might.changes import ControlChanged, role_changed
from engine.might.core import MightCore
from engine.might.table import ControlChange
from engine.timeline import Cause


def take(core: MightCore, uid: str, source: str, controller: int, cause: Cause) -> None:
    """``controller`` takes control of ``uid`` until end of turn (P-107); one it controls
    already stays as it is, on the record."""
    card = core.table.cards[uid]
    name = core.table.players[controller].name
    if card.controller == controller:
        core.record(f"{uid} is {name}'s already: nothing happens", ["P-107"], cause)
        return
    change = ControlChange.make(
        core._new_number(), source, controller, duration="this_turn", to=controller
    )
    added = core._put_on(uid, change)
    words, changes = _changed(core, uid, card.controller)
    changes.append(added)
    words = f"{name} takes control of {uid} this turn{words}"
    if card.role is None or (combat := core.table.combat) is None:
        core.record(words, ["P-107", *_moved(changes)], cause, changes, effect_ids=[change.id])
        return
    # it leaves its side; the next cleanup has it join its new controller's (M-28, P-43)
    might = core.table.might(uid)
    core._set(core.table.cards[uid].evolve(role=None))
    changes.append(role_changed(uid, card.role, None))
    core.table = core.table.evolve(
        combat=combat.evolve(
            attackers=tuple(u for u in combat.attackers if u != uid),
            defenders=tuple(u for u in combat.defenders if u != uid),
        )
    )
    words += f", out of the combat until the next cleanup has it join {name}'s side"
    rules = ["P-107", *_moved(changes), "M-28", "P-43"]
    if (now := core.table.might(uid)) != might:  # the Assault or Shield of its old role
        words += f": Might {might} -> {now}"
        changes.append(StatChanged(card=uid, stat="might", before=might, after=now))
        rules.append("M-2")
    core.record(words, rules, cause, changes, effect_ids=[change.id])


def returned(core: MightCore, controllers: dict[str, int], cause: Cause) -> None:
    """After lasting effects ended: each unit in ``controllers`` (its controller before) whose
    controller changed goes back to its owner, a step each (P-107, M-13)."""
    for uid, was in controllers.items():
        now = core.table.cards[uid].controller
        if now != was:
            words, changes = _changed(core, uid, was)
            owner = core.table.players[now].name
            core.record(
                f"control of {uid} returns to {owner}{words}",
                ["P-107", "M-13", *_moved(changes)],
                cause,
                changes,
            )


def _changed(core: MightCore, uid: str, was: int) -> tuple[str, list[Change]]:
    """What a change of control from player ``was`` says and changes: whose the unit is, and
    where it is now (a base is one player's: a unit at one is at its controller's)."""
    table, card = core.table, core.table.cards[uid]
    before, after = table.players[was].name, table.players[card.controller].name
    changes: list[Change] = [ControlChanged(card=uid, before=before, after=after)]
    if card.zone != "base":
        return f"; it stays at {card.place(table)}", changes
    changes.append(Moved(card=uid, before=f"{before}'s base", after=f"{after}'s base"))
    # a change of place keeps its damage, as a move does (M-6)
    damage = f", keeping its {card.damage} damage" if card.damage else ""
    return f"; it goes from {before}'s base to {after}'s base{damage}", changes


def _moved(changes: list[Change]) -> list[str]:
    """M-6 for a step where the unit changed base: its damage stays."""
    return ["M-6"] if any(isinstance(change, Moved) for change in changes) else []
