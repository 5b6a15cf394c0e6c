"""Delayed triggers: what an effect left behind on a unit, or on its controller for every unit
of a side, goes on the chain when its event happens, is used up, or ends with its unit (P-63).

They are kept where the event finds them at once: on the unit they watch (``MightCard.delayed``)
and on the player for a side (``MightPlayer.delayed``), so an event looks at its own unit and
the two players, not at the table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter

from engine.changes import Triggered
from engine.might.card_effects import DelayedEvent
from engine.might.changes import effect_ended
from engine.might.core import MightCore
from engine.might.table import ChainItem, DelayedTrigger, MightCard
from engine.timeline import Cause

_delayed = attrgetter("delayed")  # read in C, by ``map``: no generator made on the hot path

# what each event cites besides P-63 and M-7, as a unit's own trigger for it does
EVENT_RULES = {"takes_damage": ["M-11", "M4"], "dies": ["M-8"], "start_of_your_turn": ["P-33"]}


def _watches(trigger: DelayedTrigger, card: MightCard) -> bool:
    """A side's trigger (on a player) watches ``card``: any unit, or one of its side."""
    if trigger.watch == "any_unit":
        return True
    return (card.controller == trigger.owner) == (trigger.watch == "friendly_unit")


def _found(core: MightCore, when: DelayedEvent, card: MightCard) -> list[DelayedTrigger]:
    """The triggers for ``when`` on ``card`` itself, then those on the players that watch it,
    the turn player's first (P-12)."""
    table = core.table
    found = [d for d in card.delayed if d.when == when]
    for player in (table.turn_player, 1 - table.turn_player):
        found += [d for d in table.players[player].delayed if d.when == when and _watches(d, card)]
    return found


def fire(
    core: MightCore,
    when: DelayedEvent,
    cards: Iterable[MightCard],
    sources: Mapping[str, str | None] | None = None,
    owner: int | None = None,
) -> None:
    """Put every delayed trigger for ``when`` that watches one of ``cards`` (the units the
    event happened to, in the order of P-12, as they were then; only ``owner``'s when given) on
    the chain, with the unit as its ``that_unit``; a ``once`` one is then used up (P-63)."""
    cards = list(cards)
    if not any(map(_delayed, cards)) and not any(map(_delayed, core.table.players)):
        return  # the hot path: nothing watches
    fired = [
        (card, trigger)
        for card in cards
        for trigger in _found(core, when, card)
        if owner is None or trigger.owner == owner
    ]
    used: set[str] = set()  # a once trigger watching a side fires for one unit of an event
    for card, trigger in fired:
        if trigger.id in used:
            continue
        cause = _push(core, trigger, card.uid, (sources or {}).get(card.uid), len(fired) > 1)
        if trigger.once:
            used.add(trigger.id)
            _use_up(core, trigger, card.uid, cause)


def _push(
    core: MightCore, trigger: DelayedTrigger, uid: str, source: str | None, together: bool
) -> Cause:
    """The trigger goes on the chain as a triggered ability of its controller (M-7, P-63): the
    cause of what it does."""
    label = f"{trigger.source}'s delayed trigger {trigger.id}"
    item = ChainItem.model_construct(
        id=f"e{core._new_number()}",
        card=trigger.source,
        controller=trigger.owner,
        kind="ability",
        text=f"{label} on {uid}",
        targets=(uid,),
        source=source,
        effects=trigger.effects,
        battlefield=None,
        might=None,
    )
    core.table = core.table.evolve(chain=core.table.chain.pushed(item))
    controller = core.table.players[trigger.owner].name
    event = {
        "takes_damage": f"{uid} took damage",
        "dies": f"{uid} died",
        "start_of_your_turn": f"{controller}'s turn begins",
    }[trigger.when]
    cause = Cause.model_construct(kind="trigger", card=trigger.source, text=item.text)
    core.record(
        f"{event}: {label} on {uid} triggers (goes on the chain; {controller} controls it, "
        f"its effects aim at {uid})",
        ["P-63", *EVENT_RULES[trigger.when], "M-7", *(["P-12"] if together else [])],
        cause,
        [Triggered.model_construct(card=uid, ability=label)],
    )
    return cause


def _use_up(core: MightCore, trigger: DelayedTrigger, uid: str, cause: Cause) -> None:
    """A ``once`` trigger ends as it triggers, on the record (P-63)."""
    changes = []
    if trigger.watch is None:
        card = core.table.cards[uid]
        core._set(card.evolve(delayed=tuple(d for d in card.delayed if d.id != trigger.id)))
        changes.append(effect_ended(uid, trigger))
    else:
        state = core.table.players[trigger.owner]
        kept = tuple(d for d in state.delayed if d.id != trigger.id)
        core.table = core.table.with_player(trigger.owner, state.evolve(delayed=kept))
    core.record(
        f"{trigger.source}'s delayed trigger {trigger.id} is used up: it triggers once",
        ["P-63"],
        cause,
        changes,
    )


def ended_with(core: MightCore, uid: str, triggers: Sequence[DelayedTrigger], cause: Cause) -> None:
    """``triggers``, left on unit ``uid``, end as it leaves the table: a unit that leaves loses
    its effects (M-6, P-63); the triggers on a player for a side stay."""
    if triggers:
        core.record(
            f"{uid} has left the table, and what was left on it ends with it: "
            + "; ".join(d.describe() for d in triggers),
            ["M-6", "P-63"],
            cause,
        )


def starting(core: MightCore, player: int) -> list[MightCard]:
    """The units with a ``start_of_your_turn`` trigger of ``player`` left on them, in the order
    of P-12: found among the cards with lasting effects, as the turn's other endings are."""
    uids = [
        c.uid
        for c in core.table.with_lasting()
        if core.table.on_table(c.uid)
        and any(d.when == "start_of_your_turn" and d.owner == player for d in c.delayed)
    ]
    return [core.table.cards[uid] for uid in core.table.simultaneous(uids)]
