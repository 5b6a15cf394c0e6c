"""Damage events and their replacements: Bonus Damage, then prevention and doubling (M3, M4, M8).

Pure functions over a table: the same code computes a damage event when it is dealt and when
combat assignment needs to know what an amount would become (M7, M-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from engine.choices import Answer
from engine.errors import RuleError
from engine.might.card_effects import covers
from engine.might.changes import Replaced
from engine.might.table import Doubler, MightCard, MightTable, Shield

# Combat damage, damage from a spell, or from a triggered ability: shields and Bonus Damage
# scoped to "combat" or "spell" cover only their own kind; "all" covers every kind (M-4, M-5).
DamageKind = Literal["combat", "spell", "ability"]
# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md)
_new_replaced = Replaced.model_construct


class DamageEvent(NamedTuple):
    """One damage event on ``target``: the amount through each replacement, in order.

    The rules' own working, never recorded (a step records its ``replacements``) nor dumped:
    a named tuple, made in one call, not a model, each of whose fields would be set through
    ``object.__setattr__`` (docs/performance.md)."""

    target: str
    source: str | None
    kind: DamageKind
    base: int
    bonus: int
    order: tuple[str, ...]
    replacements: tuple[Replaced, ...]
    final: int
    unpreventable: bool = False  # no shield applied to it (M-27)
    defaulted: bool = False  # in creation order because nobody chose (M-4)

    @property
    def amount(self) -> int:
        return self.base + self.bonus


def applicable_replacements(
    card: MightCard, kind: DamageKind, unpreventable: bool = False
) -> list[Shield | Doubler]:
    """Shields with something left and doublers whose scope covers ``kind``, in creation order;
    no shield when the damage can't be prevented (M-27)."""
    if not card.shields and not card.doublers:  # most units: no list to make or sort
        return []
    found: list[Shield | Doubler] = [
        s for s in card.shields if not unpreventable and not s.spent and covers(s.scope, kind)
    ]
    found += [d for d in card.doublers if covers(d.scope, kind)]
    return sorted(found, key=lambda effect: effect.created)


def order_of(answer: Answer, uid: str) -> tuple[str, ...]:
    """``answer`` as a replacement order for ``uid``, or a RuleError (M-4)."""
    order = tuple(effect for effect in answer if isinstance(effect, str))
    if len(order) != len(answer):
        raise RuleError("M-4", f"the replacement order for {uid} must be a list of effect ids")
    return order


def verify_order(
    card: MightCard, kind: DamageKind, order: Sequence[str], unpreventable: bool = False
) -> None:
    """The order must name exactly the replacements that apply to this event (M-4, M8)."""
    ids = [effect.id for effect in applicable_replacements(card, kind, unpreventable)]
    if sorted(order) != sorted(ids):
        applying = ", ".join(ids) or "none"
        raise RuleError(
            "M-4",
            f"the replacement order for {card.uid} must name each of the effects that apply, "
            f"once ({applying}); got {', '.join(order) or 'nothing'}",
        )


def resolve_event(
    table: MightTable,
    target: str,
    base: int,
    bonus: int,
    kind: DamageKind,
    source: str | None,
    order: Sequence[str] | None = None,
    unpreventable: bool = False,
) -> tuple[DamageEvent, MightCard]:
    """Apply the replacements to ``base + bonus`` in ``order`` (default: creation order).

    Returns the event and the card with its shields spent; each replacement applies once. A
    next-event shield prevents the whole event and is spent, unless the event is 0 (M-25).
    """
    card = table.covered(target)
    found = applicable_replacements(card, kind, unpreventable)
    effects = {e.id: e for e in found}
    if order is None and len(effects) == len(found):
        chosen = list(effects)  # each that applies, once: what verify_order would find
    else:
        chosen = list(effects) if order is None else list(order)
        verify_order(card, kind, chosen, unpreventable)
    amount = max(0, base + bonus)
    replaced: list[Replaced] = []
    shields = {s.id: s for s in card.shields}
    for effect_id in chosen:
        effect = effects[effect_id]
        before = amount
        if isinstance(effect, Shield):
            remaining = shields[effect_id].remaining
            prevented = amount if remaining is None else min(amount, remaining)
            amount -= prevented
            left = None if remaining is None else remaining - prevented
            if effect.value == "next" and prevented:
                left = 0  # the whole event, whatever its size, and then it ends (M-25)
            shields[effect_id] = shields[effect_id].evolve(remaining=left)
            replaced.append(
                _new_replaced(
                    card=target,
                    effect=effect_id,
                    effect_kind="prevention",
                    before=before,
                    after=amount,
                    spent=prevented,
                    left=_left(effect, left),
                )
            )
        else:
            amount *= 2
            replaced.append(
                _new_replaced(
                    card=target,
                    effect=effect_id,
                    effect_kind="doubling",
                    before=before,
                    after=amount,
                )
            )
    event = DamageEvent(
        target=target,
        source=source,
        kind=kind,
        base=base,
        bonus=bonus,
        order=tuple(chosen),
        replacements=tuple(replaced),
        final=amount,
        unpreventable=unpreventable,
        defaulted=order is None,
    )
    if not effects:  # nothing spent: the card as it is (the table's own, unless covered)
        return event, card
    return event, card.evolve(shields=tuple(shields[s.id] for s in card.shields))


def _left(shield: Shield, left: int | None) -> str:
    if left is None:
        return "next" if shield.value == "next" else "all"
    return str(left)


def lethal_assignment(
    table: MightTable, target: str, kind: DamageKind, order: Sequence[str] | None, limit: int
) -> int | None:
    """The least amount to assign so that ``target`` ends lethally damaged after replacements
    (M7: a 2-Might unit with prevention 3 needs 5); None when no amount up to ``limit`` does."""
    card = table.cards[target]  # its damage: the shields are the event's (resolve_event)

    def lethal(assigned: int) -> bool:
        event, _ = resolve_event(table, target, assigned, 0, kind, None, order)
        damage = card.damage + event.final
        return event.final > 0 and damage >= max(1, table.lethal_threshold(target))

    if not lethal(limit):
        return None
    low, high = 0, limit  # more assigned never means less dealt: search for the least
    while low < high:
        middle = (low + high) // 2
        if lethal(middle):
            high = middle
        else:
            low = middle + 1
    return low
