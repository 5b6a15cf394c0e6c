"""The might table snapshot: units with Might and marked damage, shields, the chain, rune pools.

Current Might = base + modifiers and may be 0 or negative (M-2). Marked damage is lethal when it
is at least 1 and at least the lethal requirement: current Might, unless an effect replaced that
threshold (M1, M-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal, Self

from engine.card_map import CardMap
from engine.frozen import Frozen
from engine.might.cards import Duration, Effect, MightCardDef, Scope

Zone = Literal["hand", "base", "battlefield", "chain", "trash"]


class Lasting(Frozen):
    """Something with a duration, created by ``owner`` in ``turn`` (ends per M-13 / next turn)."""

    id: str
    created: int
    source: str
    owner: int
    duration: Duration

    @classmethod
    def make(cls, number: int, source: str, owner: int, **fields: object) -> Self:
        """A new effect, the ``number``-th created; its id is ``e<number>`` unless one is given."""
        given = fields.pop("id", None)
        return cls.model_validate(
            {
                "id": given or f"e{number}",
                "created": number,
                "source": source,
                "owner": owner,
                **fields,
            }
        )

    def until(self) -> str:
        return {
            "this_turn": " this turn",
            "until_your_next_turn": " until your next turn",
            "permanent": "",
        }[self.duration]


class MightModifier(Lasting):
    amount: int

    def describe(self) -> str:
        return f"{self.amount:+d} Might from {self.source}{self.until()}"


class Shield(Lasting):
    """Prevention: ``remaining`` is what is left to prevent; None means "all" (M3, M-5)."""

    value: int | Literal["all"]
    remaining: int | None
    scope: Scope

    def describe(self) -> str:
        left = "all" if self.remaining is None else f"{self.remaining} left of {self.value}"
        scope = "" if self.scope == "all" else f" {self.scope} damage"
        return f"prevention {self.id} ({left}{scope}){self.until()}"

    @property
    def spent(self) -> bool:
        return self.remaining == 0


class Doubler(Lasting):
    scope: Scope

    def describe(self) -> str:
        scope = "" if self.scope == "all" else f" {self.scope}"
        return f"doubling {self.id} ({scope.strip() or 'all'} damage){self.until()}"


class LethalOverride(Lasting):
    threshold: int

    def describe(self) -> str:
        return f"lethal at {self.threshold} damage (from {self.source}){self.until()}"


class BonusDamageGrant(Lasting):
    amount: int
    scope: Scope

    def describe(self) -> str:
        return f"{self.amount:+d} Bonus Damage to {self.scope} damage{self.until()}"


LastingEffect = MightModifier | Shield | Doubler | LethalOverride | BonusDamageGrant


class MightCard(Frozen):
    """A card: a unit on the table (base or a battlefield) or any card in hand/chain/trash."""

    uid: str
    name: str
    owner: int
    zone: Zone
    battlefield: int | None = None
    exhausted: bool = False
    entered: int = 0  # when it came to the table: the order of simultaneous triggers (P-12)
    damage: int = 0
    modifiers: tuple[MightModifier, ...] = ()
    shields: tuple[Shield, ...] = ()
    doublers: tuple[Doubler, ...] = ()
    # Lethal-requirement replacements (M-3), oldest first: the latest one in force applies.
    lethal: tuple[LethalOverride, ...] = ()

    def off_table(self, zone: Zone) -> MightCard:
        """This card after leaving the table: no damage and no effects on it (M-6)."""
        return self.evolve(
            zone=zone,
            battlefield=None,
            damage=0,
            modifiers=(),
            shields=(),
            doublers=(),
            lethal=(),
            exhausted=False,
        )

    def lasting(self) -> list[LastingEffect]:
        """Every effect with a duration on this card."""
        return [
            *self.modifiers,
            *self.shields,
            *self.doublers,
            *self.lethal,
        ]

    def place(self, table: MightTable) -> str:
        if self.zone == "battlefield" and self.battlefield is not None:
            return table.battlefields[self.battlefield].name
        return self.zone


class MightPlayer(Frozen):
    name: str
    runes: int = 0
    bonus_damage: tuple[BonusDamageGrant, ...] = ()


class Battlefield(Frozen):
    name: str
    holder: int | None = None


class ChainItem(Frozen):
    """A spell or triggered ability waiting to resolve (M5, M-7)."""

    id: str
    card: str
    controller: int
    kind: Literal["spell", "ability"]
    text: str
    target: str | None = None
    source: str | None = None
    effects: tuple[Effect, ...] = ()
    reaction: bool = False
    battlefield: int | None = None  # where a triggered ability's source was when it triggered


class Combat(Frozen):
    battlefield: int
    attacker: int
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


class MightTable(Frozen):
    """An immutable snapshot; ``cards`` keeps creation order (the default replacement order)."""

    ruleset: Literal["might"] = "might"
    players: tuple[MightPlayer, ...]
    battlefields: tuple[Battlefield, ...]
    defs: dict[str, MightCardDef]
    cards: CardMap[MightCard]
    chain: tuple[ChainItem, ...] = ()
    combat: Combat | None = None
    turn: int = 1
    turn_player: int = 0
    next_id: int = 1

    def with_card(self, card: MightCard) -> MightTable:
        return self.evolve(cards=self.cards.set(card.uid, card))

    def with_player(self, index: int, player: MightPlayer) -> MightTable:
        players = list(self.players)
        players[index] = player
        return self.evolve(players=tuple(players))

    def definition(self, uid: str) -> MightCardDef:
        return self.defs[self.cards[uid].name]

    def simultaneous(self, uids: Iterable[str]) -> list[str]:
        """``uids`` in the one order of simultaneous events (deaths, triggers): the turn
        player's cards first, each player's in the order they came to the table (P-12)."""
        return sorted(uids, key=lambda uid: self._order_key(self.cards[uid]))

    def _order_key(self, card: MightCard) -> tuple[bool, int]:
        return card.owner != self.turn_player, card.entered

    def units(self, owner: int | None = None) -> Iterator[MightCard]:
        """Units on the table (of ``owner``, or both) in the order of ``simultaneous``."""
        on_table = [
            c
            for c in self.cards.values()
            if (owner is None or c.owner == owner) and c.zone in ("base", "battlefield")
        ]
        yield from sorted(on_table, key=self._order_key)

    def units_at(self, battlefield: int, owner: int | None = None) -> list[MightCard]:
        return [
            u for u in self.units(owner) if u.zone == "battlefield" and u.battlefield == battlefield
        ]

    def on_table(self, uid: str) -> bool:
        return uid in self.cards and self.cards[uid].zone in ("base", "battlefield")

    def might(self, uid: str) -> int:
        card = self.cards[uid]
        return self.definition(uid).might + sum(m.amount for m in card.modifiers)

    def lethal_threshold(self, uid: str) -> int:
        card = self.cards[uid]
        return card.lethal[-1].threshold if card.lethal else self.might(uid)

    def is_lethal(self, uid: str) -> bool:
        """Nonzero marked damage at least equal to the lethal requirement (M1, M-2, M-3)."""
        damage = self.cards[uid].damage
        return damage >= 1 and damage >= self.lethal_threshold(uid)

    def bonus_damage(self, player: int, scope: Literal["combat", "spell", "ability"]) -> int:
        grants = self.players[player].bonus_damage
        return max(0, sum(g.amount for g in grants if g.scope in ("all", scope)))
