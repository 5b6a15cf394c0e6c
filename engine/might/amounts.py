"""Amounts a might card reads off the table as an effect resolves: a unit's Might (M-30), the
damage marked on it, a number of units (P-37)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from engine.frozen import Frozen
from engine.might.conditions import Counted

NthTarget = Annotated[
    str, Field(pattern=r"^target_[1-9][0-9]{0,2}$", title="target_1, target_2, ...")
]
"""``target_1``, ``target_2``, ...: one of the chosen units, in the order chosen (P-41, P-49)."""
Named = Literal["self", "source", "target"] | NthTarget


class MightOf(Frozen):
    """An amount read from the table: a unit's current Might as the effect resolves (M-30,
    P-71)."""

    might_of: Named
    """The unit whose Might it is: ``self`` (the unit whose ability this is), ``source`` (the
    one that caused the trigger), ``target`` (the chosen unit) or ``target_1``, ``target_2``, ...
    (one of the chosen units, in the order chosen)."""


class ReadAmount(Frozen):
    """What an amount read from the table may add: what each counts for, and a minimum."""

    each: int = 1
    """What each one read counts for: ``2`` ("2 damage for each"); a Might modifier may
    lower, ``-1`` ("-1 Might for each enemy unit here")."""
    minimum: Annotated[int, Field(ge=0)] = 0
    """The amount is at least this ("to a minimum of N"); not with a negative ``each``."""

    @model_validator(mode="after")
    def _each_counts(self) -> ReadAmount:
        if self.each == 0:
            raise ValueError("each: 0 makes the amount always 0; use a number (1, 2, -1, ...)")
        if self.each < 0 and self.minimum:
            raise ValueError("a minimum can't go with a negative each: the amount only lowers")
        return self

    def counts_for(self, read: int) -> int:
        """The amount for ``read`` ones counted: times ``each``, raised to the minimum (P-37).

        >>> CountOf(count="units", each=-1).counts_for(3)
        -3
        >>> CountOf(count="units", minimum=1).counts_for(0)
        1
        """
        return max(read * self.each, self.minimum) if self.each > 0 else read * self.each


class DamageOn(ReadAmount):
    """An amount read from the table: the damage marked on a unit as the effect resolves
    (P-37)."""

    damage_on: Named
    """The unit whose marked damage it is (``self``, ``source`` or ``target``); none when it is
    not on the table."""


class CountOf(ReadAmount):
    """An amount read from the table: how many units there are as the effect resolves (P-37)."""

    count: Counted
    """Whose units, seen from the card's controller: ``friendly_units``, ``enemy_units`` or
    ``units``."""
    here: bool = False
    """``true``: only those where the ability's unit was when it triggered (P-21)."""


def _amount_form(value: object) -> str:
    """Which form an amount is, by its keys: so a mistake is reported against that form."""
    keys = value if isinstance(value, dict) else vars(value) if isinstance(value, Frozen) else {}
    return next((key for key in ("might_of", "damage_on", "count") if key in keys), "number")


Amount = Annotated[
    Annotated[Annotated[int, Field(ge=0)], Tag("number")]
    | Annotated[MightOf, Tag("might_of")]
    | Annotated[DamageOn, Tag("damage_on")]
    | Annotated[CountOf, Tag("count")],
    Discriminator(_amount_form),
]


MightAmount = Annotated[
    Annotated[int, Tag("number")]
    | Annotated[MightOf, Tag("might_of")]
    | Annotated[DamageOn, Tag("damage_on")]
    | Annotated[CountOf, Tag("count")],
    Discriminator(_amount_form),
]
"""A Might modifier's amount: a number (negative lowers Might) or read from the table: a
unit's Might ("double its Might" is ``{might_of: target}``), its damage, or a count."""
