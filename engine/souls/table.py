"""The souls table snapshot and the pure queries on it (HP, lines, slots).

Damage is stored, HP is derived (S-6): max HP = base + bonuses + Armament + statics; current HP =
max(0, max HP - damage). Lines are derived, never stored (S-2).
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from functools import cache
from typing import ClassVar, Literal

from pydantic import Field

from engine.card_map import CardMap
from engine.changes import stat_words
from engine.frozen import Frozen
from engine.indexed import Indexed
from engine.souls.cards import CardDef, CountingStatic, GrantingStatic, Side
from engine.souls.index import SoulsIndex

COLUMNS, ROWS = 3, 2  # a player's slot grid where a set-up does not say (S-1)

Zone = Literal["hand", "slot", "realm", "elysium", "exile", "armament", "ambush", "deck"]
"""Where a card is. ``deck``: its owner's deck, in the order ``Player.deck`` keeps (P-92)."""


class Bonus(Frozen):
    stat: Literal["max_hp", "power"]
    amount: int
    duration: Literal["permanent", "end_of_turn"]
    source: str

    def describe(self) -> str:
        until = " until end of turn" if self.duration == "end_of_turn" else ""
        return f"{self.amount:+d} {stat_words(self.stat)} from {self.source}{until}"


class Shield(Frozen):
    """A prevention shield on a card: ``amount`` is what it has left to prevent (P-103)."""

    amount: int
    duration: Literal["permanent", "end_of_turn"]
    source: str

    def describe(self) -> str:
        until = " this turn" if self.duration == "end_of_turn" else ""
        return f"prevent {self.amount} from {self.source}{until}"


class CardState(Frozen):
    """One card on the table or in a zone. ``slot`` names its slot (``B1``) in slot/ambush zones."""

    uid: str
    name: str
    owner: int
    zone: Zone
    slot: str | None = None
    attached_to: str | None = None
    face_down: bool = False
    damage: int = 0
    bonuses: tuple[Bonus, ...] = ()
    attacked_this_turn: bool = False
    shields: tuple[Shield, ...] = ()  # prevention, oldest first (P-103)
    prevented_this_turn: bool = False  # its own once-a-turn prevention was used (P-104)

    def place(self) -> str:
        if self.zone in ("slot", "ambush"):
            return f"slot {self.slot}"
        if self.zone == "armament":
            return f"armament of {self.attached_to}"
        return self.zone


class Player(Frozen):
    name: str
    # The cards in the player's deck, top first (P-92); left out of a dump while empty, so a
    # table without one dumps as it did before decks.
    deck: tuple[str, ...] = Field(default=(), exclude_if=lambda deck: not deck)


class SoulsTable(Frozen, Indexed[SoulsIndex]):
    """An immutable snapshot. ``cards`` keeps insertion order; updates share unchanged cards."""

    index_class: ClassVar[type[SoulsIndex]] = SoulsIndex
    ruleset: Literal["souls"] = "souls"
    players: tuple[Player, Player]  # the rules are for two players
    columns: int = COLUMNS
    rows: int = ROWS
    defs: dict[str, CardDef]
    cards: CardMap[CardState]
    turn: int = 1
    turn_player: int = 0
    winner: int | None = None
    drawn: bool = False  # both Realms shattered at once (P-23)

    # --- updates -----------------------------------------------------------------------------

    def with_player(self, index: int, player: Player) -> SoulsTable:
        players = list(self.players)
        players[index] = player
        return self.evolve(players=(players[0], players[1]))

    def with_card(self, card: CardState) -> SoulsTable:
        old, cards = self.cards.swap(card.uid, card)
        return self._replaced(old, card, cards)

    def without_card(self, uid: str) -> SoulsTable:
        return self._replaced(self.cards[uid], None, self.cards.delete(uid))

    def differences(self, before: SoulsTable) -> set[str]:
        """The cards that changed since ``before`` (a snapshot of the same game) and those whose
        HP, power or line may have changed with them: a view redraws only these."""
        changed = self.cards.changed_since(before.cards)
        touched = set(changed)
        for uid in changed:
            old, new = before.cards.get(uid), self.cards.get(uid)
            # this index's statics are enough: a card that entered or left them changed itself
            touched |= self.index.affected(old, new)
            if _same_place(old, new):
                continue  # damage or a bonus: no Soul's line changes (S-2)
            for card in (old, new):
                if card is not None and card.zone == "slot" and card.slot is not None:
                    touched |= {c.uid for c in self.column(card.owner, card.slot[:1])}
        return touched

    def _cards_of(self, uids: Iterable[str]) -> list[CardState]:
        """``uids``' cards in the order of ``cards``."""
        return [self.cards[uid] for uid in sorted(uids, key=self.cards.position)]

    # --- queries -----------------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.winner is not None or self.drawn

    def result(self) -> str:
        """``Alice wins``, ``a draw`` or ``under way``."""
        if self.drawn:
            return "a draw"
        return "under way" if self.winner is None else f"{self.players[self.winner].name} wins"

    def card(self, uid: str) -> CardState:
        return self.cards[uid]

    def definition(self, uid: str) -> CardDef:
        return self.defs[self.cards[uid].name]

    def slot_names(self) -> list[str]:
        """Slots in the S-16 order: column, then row (A1, A2, B1, ...)."""
        return list(_slot_places(self.columns, self.rows))

    def occupant(self, owner: int, slot: str) -> CardState | None:
        on_slot = self.index.slots.get((owner, slot))
        return self._cards_of(on_slot)[0] if on_slot else None

    def ambushes_at(self, owner: int, slot: str) -> list[CardState]:
        return self._cards_of(self.index.ambushes.get((owner, slot), ()))

    def in_order(self, cards: Iterable[CardState]) -> list[CardState]:
        """The one order of simultaneous events (S-16, P-26): the turn player's cards first; within
        a player, Souls by slot (column, then row), then the Realm."""
        places = _slot_places(self.columns, self.rows)

        def key(card: CardState) -> tuple[bool, int]:
            place = len(places) if card.slot is None else places[card.slot]  # a Realm: last
            return card.owner != self.turn_player, place

        return sorted(cards, key=key)

    def souls(self, owner: int | None = None) -> list[CardState]:
        """Souls on slots (active and captured), in the order of simultaneous events (P-26)."""
        return self.in_order(
            self.cards[uid]
            for (side, _), uids in self.index.slots.items()
            if owner is None or side == owner
            for uid in uids
        )

    def on_table(self) -> list[CardState]:
        """Souls on slots and Realms (active or not), in the order of simultaneous events."""
        realms = [self.cards[uid] for uids in self.index.realms.values() for uid in uids]
        return self.in_order([*self.souls(), *realms])

    def realm(self, owner: int) -> CardState | None:
        realms = self.index.realms.get(owner)
        return self._cards_of(realms)[0] if realms else None

    def with_statics(self) -> list[CardState]:
        """Souls and Realms on the table with a counting static, in the order of events."""
        return self.in_order(self.cards[uid] for uid in self.index.statics)

    def with_triggers(self) -> list[CardState]:
        """Souls and Realms on the table with a triggered ability, in the order of events."""
        return self.in_order(self.cards[uid] for uid in self.index.triggers)

    def expiring(self) -> list[CardState]:
        """Cards with an "until end of turn" bonus or shield, that attacked this turn or used
        their own once-a-turn prevention, in card order."""
        return self._cards_of(self.index.expiring)

    def is_active(self, uid: str) -> bool:
        card = self.cards[uid]
        return card.zone in ("slot", "realm") and not card.face_down

    def armaments(self, uid: str) -> list[CardState]:
        return self._cards_of(self.index.armaments.get(uid, ()))

    def static_bonus(self, uid: str, stat: str) -> int:
        """Bonuses from counting statics on this card (14.5.3: captured Underlings still count)."""
        if not self.is_active(uid):
            return 0
        card = self.cards[uid]
        total = 0
        for static in self.definition(uid).statics:
            if static.stat != stat or not isinstance(static, CountingStatic):
                continue
            total += static.amount * self.captured_count(card.owner, static.side, static.trait)
        return total

    def captured_count(self, owner: int, side: Side, trait: str | None) -> int:
        """The captured Souls still on slots (14.5.3) of ``side`` seen from ``owner``, only
        those with ``trait`` when one is given."""
        owners = {"own": [owner], "enemy": [1 - owner], "any": [0, 1]}[side]
        return sum(self.index.captured.get((o, trait), 0) for o in owners)

    def stat(self, uid: str, stat: Literal["max_hp", "power"]) -> int:
        return self._stat_of(self.cards[uid], stat)

    def _stat_of(self, card: CardState, stat: Literal["max_hp", "power"]) -> int:
        uid, definition, index = card.uid, self.defs[card.name], self.index
        total = definition.hp if stat == "max_hp" else definition.power
        if card.bonuses:
            total += sum(b.amount for b in card.bonuses if b.stat == stat)
        for armament in index.armaments.get(uid, ()):  # the order does not matter to a sum
            grants = self.defs[self.cards[armament].name]
            total += grants.grants_hp if stat == "max_hp" else grants.grants_power
        if definition.statics:
            total += self.static_bonus(uid, stat)
        if index.grants and card.zone == "slot":
            total += self.granted_bonus(card, stat)
        return total

    def granted_bonus(self, card: CardState, stat: str) -> int:
        """What the granting statics of the active cards give this Soul (P-90): only an active
        Soul gets it (14.5.1); its rank, traits, side and line are read now (S-2)."""
        if card.face_down or card.zone != "slot":
            return 0
        total = 0
        for uid in self.index.grants:
            granter = self.cards[uid]
            if granter.face_down:
                continue  # captured or shattered: its statics are off (14.5.1)
            for static in self.defs[granter.name].statics:
                if isinstance(static, GrantingStatic) and static.stat == stat:
                    total += static.amount if self._gets(static, granter.owner, card) else 0
        return total

    def _gets(self, static: GrantingStatic, owner: int, card: CardState) -> bool:
        """Whether ``card`` passes the filter of ``static``, a static of ``owner``'s (P-90)."""
        if static.to != "all_souls" and (card.owner == owner) != (static.to == "own_souls"):
            return False
        definition = self.defs[card.name]
        if static.rank is not None and definition.rank != static.rank:
            return False
        if static.trait is not None and static.trait not in definition.traits:
            return False
        return static.line == "any" or self.line(card.uid) == static.line

    def max_hp(self, uid: str) -> int:
        return self.stat(uid, "max_hp")

    def hp(self, uid: str) -> int:
        card = self.cards[uid]
        return max(0, self._stat_of(card, "max_hp") - card.damage)

    def power(self, uid: str) -> int:
        return max(0, self.stat(uid, "power"))

    def line(self, uid: str) -> Literal["front", "back"] | None:
        """Front when no active Soul stands above it in its column (S-2); None off the grid."""
        card = self.cards[uid]
        if card.zone != "slot" or card.face_down or card.slot is None:
            return None
        column, row = card.slot[0], int(card.slot[1:])
        for above in range(1, row):
            occupant = self.occupant(card.owner, f"{column}{above}")
            if occupant is not None and not occupant.face_down:
                return "back"
        return "front"

    def slot_above(self, slot: str) -> str | None:
        row = int(slot[1:])
        return f"{slot[0]}{row - 1}" if row > 1 else None

    def column(self, owner: int, column: str) -> list[CardState]:
        """``owner``'s Souls in ``column`` (``B``), top row first."""
        return [
            card
            for row in range(1, self.rows + 1)
            if (card := self.occupant(owner, f"{column}{row}")) is not None
        ]

    def has_front_line_soul(self, owner: int) -> bool:
        return any(self.line(c.uid) == "front" for c in self.souls(owner))


def _same_place(old: CardState | None, new: CardState | None) -> bool:
    """Both are the card, on the same place and face."""
    return (
        old is not None
        and new is not None
        and (old.zone, old.slot, old.face_down) == (new.zone, new.slot, new.face_down)
    )


@cache
def _slot_places(columns: int, rows: int) -> dict[str, int]:
    """Each slot's place in the S-16 order (column, then row); the Realm comes after them."""
    slots = [f"{string.ascii_uppercase[c]}{r}" for c in range(columns) for r in range(1, rows + 1)]
    return {slot: place for place, slot in enumerate(slots)}
