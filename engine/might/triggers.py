"""The events a might unit's triggered ability waits for (``when:``), one entry each: its name,
the unit it has as ``source``, the rules its step cites and what it means (M5, M-7, P-12,
P-33, P-57).

A new trigger is one more entry in ``EVENTS`` and the one place in the rules that fires it
(``MightCore._trigger`` for the unit's own; ``MightCore._watchers`` and ``_trigger_all`` for a
player's or another unit's, which every unit on the table with the ability sees): the card's
reading checks (``engine.might.cards``), the step's rules and the reference of the format
(``cardtable schema``, docs/scenarios.md) are read from here.

>>> EVENTS["another_unit_moves"].source
'the unit that moved'
>>> EVENTS["you_stun"].rules
('M-15', 'P-57')
>>> known_event("take_damage")
Traceback (most recent call last):
ValueError: unknown trigger 'take_damage' (did you mean takes_damage?): when is activated or ...
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Annotated

from pydantic import AfterValidator, WithJsonSchema

from engine.frozen import Frozen
from engine.might.conditions import PlayCount

ACTIVATED = "activated"  # not an event: its controller activates it (P-42)


class TriggerEvent(Frozen):
    """One event a unit's triggered ability may name in ``when``."""

    name: str
    """The word a card writes: ``when: takes_damage``."""
    meaning: str
    """When it triggers, in words, for the reference of the format."""
    rules: tuple[str, ...]
    """The rule ids its trigger step cites (beside M-7, and P-12 when it triggers with others)."""
    source: str = ""
    """What its ``source`` is, in words; empty: it has none to aim at or read."""


def _events(*events: TriggerEvent) -> dict[str, TriggerEvent]:
    return {event.name: event for event in events}


EVENTS = _events(
    TriggerEvent(
        name="takes_damage",
        meaning="damage was dealt to the unit (not when fully prevented, M4)",
        rules=("M-11", "M4"),
        source="the unit whose ability dealt the damage, if still on the table",
    ),
    TriggerEvent(
        name="dies",
        meaning=(
            "the unit died at a cleanup, a Combat Cleanup, expiration (a) or of a kill; not when "
            "a death replacement saved it (M-20)"
        ),
        rules=("M-8",),
    ),
    TriggerEvent(
        name="healed", meaning="a Heal removed damage from it (P-22)", rules=("M6", "P-22")
    ),
    TriggerEvent(
        name="end_of_turn",
        meaning="at every end of turn, before expiration (P-12)",
        rules=("M10", "M-13", "P-12"),
    ),
    TriggerEvent(
        name="played",
        meaning="the unit was played from hand to its base; it waits on the chain like a spell",
        rules=("M-1", "P-33"),
    ),
    TriggerEvent(
        name="start_of_your_turn",
        meaning="its controller's turn began; it resolves before the player acts (P-33)",
        rules=("M-13", "P-33"),
    ),
    TriggerEvent(
        name="another_unit_dies",
        meaning="another unit on the table, of either player, died (once per death, P-33)",
        rules=("M-8", "P-33"),
        source="the unit that died",
    ),
    TriggerEvent(
        name="attacks",
        meaning=(
            "a combat begins with the unit as an attacker; the chain resolves before the "
            "sides' damage is counted (P-44)"
        ),
        rules=("M-9", "P-44"),
    ),
    TriggerEvent(
        name="defends",
        meaning="as `attacks`, with the unit as a defender (P-44)",
        rules=("M-9", "P-44"),
    ),
    TriggerEvent(
        name="you_play_a_card",
        meaning=(
            "its controller played another card from hand, a unit or a spell; it goes on the "
            "chain above the spell, so it resolves first (P-57)"
        ),
        rules=("M-1", "P-57"),
    ),
    TriggerEvent(
        name="you_play_a_spell",
        meaning="its controller played a spell from hand (P-57)",
        rules=("M-1", "P-57"),
    ),
    TriggerEvent(
        name="you_play_a_unit",
        meaning="its controller played another unit from hand (P-57)",
        rules=("M-1", "P-57"),
        source="the unit played",
    ),
    TriggerEvent(
        name="moves",
        meaning=(
            "the unit moved to a battlefield, by its controller or by an effect; a recall to "
            "its base is not a move (P-57)"
        ),
        rules=("M6", "P-57"),
    ),
    TriggerEvent(
        name="another_unit_moves",
        meaning="another unit on the table, of either player, moved to a battlefield (P-57)",
        rules=("M6", "P-57"),
        source="the unit that moved",
    ),
    TriggerEvent(
        name="you_stun",
        meaning=(
            "a spell or ability its controller controls stunned a unit; not one already "
            "stunned (M-16, P-57)"
        ),
        rules=("M-15", "P-57"),
        source="the unit stunned",
    ),
    TriggerEvent(
        name="you_conquer",
        meaning=(
            "its controller came to hold a battlefield at a combat's result, one it did not "
            "hold before (M-12 (5), P-57)"
        ),
        rules=("M-12", "P-57"),
    ),
)

COUNTED_PLAYS: dict[str, PlayCount] = {
    "you_play_a_card": "cards",
    "you_play_a_spell": "spells",
    "you_play_a_unit": "units",
}
"""The triggers on a play that ``nth`` may narrow, each with what P-55 counts of it (P-82)."""

WITH_A_SOURCE = frozenset(name for name, event in EVENTS.items() if event.source)
"""The triggers that have a source: what dealt the damage, the unit that died or moved."""


def known_event(word: str) -> str:
    """``word`` if an ability may name it in ``when``; ValueError naming the valid words."""
    if word == ACTIVATED or word in EVENTS:
        return word
    close = get_close_matches(word, [ACTIVATED, *EVENTS], n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise ValueError(
        f"unknown trigger {word!r}{hint}: when is {ACTIVATED} or one of {', '.join(EVENTS)}"
    )


def _when_description() -> str:
    events = "; ".join(f"``{name}``: {event.meaning}" for name, event in EVENTS.items())
    return (
        "``activated``: its controller activates it with an ``activate`` action (P-42); else "
        f"the event that triggers it. {events}."
    )


When = Annotated[
    str,
    AfterValidator(known_event),
    WithJsonSchema(
        {"type": "string", "enum": [ACTIVATED, *EVENTS], "description": _when_description()}
    ),
]
"""``activated`` or the name of an event of ``EVENTS``."""
