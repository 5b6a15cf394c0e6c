"""The might table snapshot: units with Might and marked damage, shields, the chain, rune pools.

Current Might = base + modifiers and may be 0 or negative (M-2). Marked damage is lethal when it
is at least 1 and at least the lethal requirement: current Might, unless an effect replaced that
threshold (M1, M-3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import ClassVar, Literal, Self

from pydantic import Field

from engine.card_map import CardMap
from engine.frozen import Frozen
from engine.indexed import Indexed
from engine.might import auras, statics
from engine.might.card_effects import (
    DelayedEvent,
    Duration,
    Effect,
    SaveAction,
    Scope,
    ShieldValue,
    Watched,
    covers,
)
from engine.might.cards import FieldAbility, FieldAura, MightCardDef
from engine.might.history import ThisTurn
from engine.might.index import MightIndex
from engine.might.keywords import KeywordName, keyword_total
from engine.stack import Stack

Zone = Literal["hand", "base", "battlefield", "chain", "trash", "deck", "gone"]
"""Where a card is. ``deck``: its owner's deck, in the order ``MightPlayer.deck`` keeps (P-60);
``gone``: a token that left the table and ceased to exist, kept only so the timeline can name it
(P-61)."""
_amount = attrgetter("amount")  # a modifier's, summed in C (``MightCard.might``)


class Lasting(Frozen):
    """Something with a duration, created by ``owner`` in ``turn`` (ends per M-13 / next turn)."""

    id: str
    created: int
    source: str
    owner: int
    duration: Duration
    noun: ClassVar[str] = "effect"  # its kind, as ``what`` says it

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

    def what(self) -> str:
        """Its kind, as the record names it beside its id: "prevention" (``EffectChanged``)."""
        return self.noun

    def until(self) -> str:
        return {
            "this_turn": " this turn",
            "this_combat": " this combat",
            "until_your_next_turn": " until your next turn",
            "permanent": "",
        }[self.duration]


class MightModifier(Lasting):
    amount: int
    noun: ClassVar[str] = "Might modifier"

    def describe(self) -> str:
        return f"{self.amount:+d} Might from {self.source}{self.until()}"


class Shield(Lasting):
    """Prevention: ``remaining`` is what is left to prevent; None means "all", or for
    ``next`` the whole next damage event, after which it is 0 (M3, M-5, M-25)."""

    value: ShieldValue
    remaining: int | None
    scope: Scope
    noun: ClassVar[str] = "prevention"

    def describe(self) -> str:
        if self.value == "next":
            left = "spent" if self.spent else "the next damage event"
        else:
            left = "all" if self.remaining is None else f"{self.remaining} left of {self.value}"
        scope = "" if self.scope == "all" else f" {self.scope} damage"
        return f"prevention {self.id} ({left}{scope}){self.until()}"

    @property
    def spent(self) -> bool:
        return self.remaining == 0


class Doubler(Lasting):
    scope: Scope
    noun: ClassVar[str] = "doubling"

    def describe(self) -> str:
        return f"doubling {self.id} ({self.scope} damage){self.until()}"


class LethalOverride(Lasting):
    threshold: int
    noun: ClassVar[str] = "lethal requirement"

    def describe(self) -> str:
        return f"lethal at {self.threshold} damage (from {self.source}){self.until()}"


class BonusDamageGrant(Lasting):
    amount: int
    scope: Scope

    def describe(self) -> str:
        return f"{self.amount:+d} Bonus Damage to {self.scope} damage{self.until()}"


class Status(Lasting):
    """A state an effect puts a unit in: ``stunned`` (M-15, M-16) or ``takes_no_damage``
    (M-19)."""

    status: Literal["stunned", "takes_no_damage"]

    def describe(self) -> str:
        what = "stunned" if self.status == "stunned" else "can't be dealt damage"
        return f"{what} (from {self.source}){self.until()}"

    def what(self) -> str:
        return "stun" if self.status == "stunned" else "damage immunity"


class DeathReplacement(Lasting):
    """Used up the first time the unit would die: it does ``then`` instead (M-20)."""

    then: tuple[SaveAction, ...]
    noun: ClassVar[str] = "death replacement"

    def describe(self) -> str:
        return (
            f"instead of dying: {', '.join(self.then) or 'nothing'} (from {self.source})"
            f"{self.until()}"
        )


class KeywordGrant(Lasting):
    """Keywords a unit has while this lasts, as if printed on it (P-72)."""

    keywords: tuple[str, ...]
    noun: ClassVar[str] = "keyword grant"

    def describe(self) -> str:
        return f"{', '.join(self.keywords)} from {self.source}{self.until()}"


class ControlChange(Lasting):
    """Player ``to`` controls the unit while this lasts (P-107): it acts, fights and is seen
    as ``to``'s, and a unit at a base is at ``to``'s base; its owner stays its owner."""

    to: int
    noun: ClassVar[str] = "control change"

    def describe(self) -> str:
        return f"control taken (from {self.source}){self.until()}"


EVENT_WORDS = {"takes_damage": "takes damage", "dies": "dies"}
SIDE_WORDS = {
    "any_unit": "any unit",
    "friendly_unit": "a friendly unit",
    "enemy_unit": "an enemy unit",
}


class DelayedTrigger(Lasting):
    """A trigger an effect left behind (P-63): on a unit (``watch`` None) it watches that unit;
    on a player, every unit of ``watch`` (seen from ``owner``, who controls what it puts on the
    chain). ``once``: used up the first time it triggers."""

    when: DelayedEvent
    watch: Watched | None = None
    once: bool = False
    effects: tuple[Effect, ...] = ()
    noun: ClassVar[str] = "delayed trigger"

    def describe(self) -> str:
        """How the inspector lists it.

        >>> DelayedTrigger.make(4, "deathmark", 0, duration="this_turn", when="takes_damage",
        ...     once=True, effects=()).describe()
        'delayed trigger e4 (from deathmark): the next time it takes damage, this turn'
        """
        what = ", ".join(
            f"{e.do} {getattr(e, 'target', '').replace('_', ' ')}".strip() for e in self.effects
        )
        if self.when == "start_of_your_turn":
            event = "as the next turn of the player who left it begins"
        else:
            who = SIDE_WORDS[self.watch] if self.watch else "it"
            event = f"{'the next time' if self.once else 'when'} {who} {EVENT_WORDS[self.when]}"
        return (
            f"delayed trigger {self.id} (from {self.source}): {event}"
            + (f": {what}" if what else "")
            + ("," if self.duration != "permanent" else "")
            + self.until()
        )


LastingEffect = (
    MightModifier
    | Shield
    | Doubler
    | LethalOverride
    | BonusDamageGrant
    | Status
    | DeathReplacement
    | KeywordGrant
    | DelayedTrigger
    | ControlChange
)


# The field of ``MightCard`` that holds each kind of lasting effect (``MightCard.gaining``).
_FIELD_OF: dict[type[Lasting], str] = {
    MightModifier: "modifiers",
    Shield: "shields",
    Doubler: "doublers",
    LethalOverride: "lethal",
    Status: "statuses",
    DeathReplacement: "saves",
    KeywordGrant: "granted",
    DelayedTrigger: "delayed",
    ControlChange: "control",
}


class MightCard(Frozen):
    """A card: a unit on the table (base or a battlefield), a gear at its base (P-66), or any
    card in hand/chain/trash/deck, or a token that is gone (P-61)."""

    uid: str
    name: str
    owner: int
    zone: Zone
    battlefield: int | None = None
    exhausted: bool = False
    entered: int = 0  # 0 at set-up, else its number as it came to the table (P-12, ``arrival``)
    damage: int = 0
    modifiers: tuple[MightModifier, ...] = ()
    shields: tuple[Shield, ...] = ()
    doublers: tuple[Doubler, ...] = ()
    # Lethal-requirement replacements (M-3), oldest first: the latest one in force applies.
    lethal: tuple[LethalOverride, ...] = ()
    role: Literal["attacker", "defender"] | None = None  # in the combat under way (M-28)
    statuses: tuple[Status, ...] = ()  # stunned, can't be dealt damage (M-15, M-19)
    saves: tuple[DeathReplacement, ...] = ()  # oldest first: the one used next (M-20)
    granted: tuple[KeywordGrant, ...] = ()  # keywords an effect gave it (P-72)
    # Made by an effect, not a card: it ceases to exist off the table (P-61). Left out of a dump
    # while false, as ``deck`` while empty: a table without them dumps as it did before them.
    token: bool = Field(default=False, exclude_if=lambda token: not token)

    def leaving_for(self, zone: Zone) -> Zone:
        """Where this unit goes when it leaves the table for ``zone``: there, or ``gone`` for a
        token, which ceases to exist (P-61)."""
        return "gone" if self.token else zone

    # Triggers left on it, oldest first (P-63); left out of a dump while empty, so a table
    # without them dumps as it did before them.
    delayed: tuple[DelayedTrigger, ...] = Field(default=(), exclude_if=lambda left: not left)
    # Changes of control, oldest first: the latest applies (P-107). Left out of a dump while
    # empty, as ``delayed``.
    control: tuple[ControlChange, ...] = Field(default=(), exclude_if=lambda taken: not taken)

    @property
    def controller(self) -> int:
        """The player who controls it: its owner, unless an effect took control (P-107)."""
        return self.control[-1].to if self.control else self.owner

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
            role=None,
            statuses=(),
            saves=(),
            granted=(),
            delayed=(),
            control=(),
        )

    @property
    def stunned(self) -> bool:
        """Stunned: it adds 0 to its side's combat damage (M-15)."""
        return any(s.status == "stunned" for s in self.statuses)

    @property
    def takes_no_damage(self) -> bool:
        """No damage can be dealt to it while this lasts (M-19)."""
        return bool(self.statuses) and any(s.status == "takes_no_damage" for s in self.statuses)

    def might(self, definition: MightCardDef) -> int:
        """Its own Might: base plus modifiers, plus Assault while it attacks and Shield while
        it defends (M-28); it may be 0 or negative (M-2). Auras add to it: ``MightTable.might``
        (M-23)."""
        might = definition.might
        if self.modifiers:  # most units have none: no generator to start
            might += sum(map(_amount, self.modifiers))  # in C: no generator made
        return might + self.role_bonus(definition) if self.role is not None else might

    def role_bonus(self, definition: MightCardDef) -> int:
        """The Might its combat role gives it: Assault N attacking, Shield N defending (M-28)."""
        if self.role is None:
            return 0
        return self.keyword(definition, "Assault" if self.role == "attacker" else "Shield")

    def keyword(self, definition: MightCardDef, name: KeywordName) -> int:
        """The total of keyword ``name`` on the unit: printed and granted (M-28, P-72)."""
        printed = definition.keyword(name)
        return printed + sum(keyword_total(g.keywords, name) for g in self.granted)

    @property
    def lethal_override(self) -> LethalOverride | None:
        """The lethal requirement an effect set, in force: the latest (M-3); None: its Might's."""
        return self.lethal[-1] if self.lethal else None

    def lethal_threshold(self, definition: MightCardDef) -> int:
        """The latest replacement in force (M-3), else its own Might (M1)."""
        # ``lethal_override`` written out: every index move of a damaged unit asks this
        return self.lethal[-1].threshold if self.lethal else self.might(definition)

    def has_lethal_damage(self, definition: MightCardDef) -> bool:
        """Nonzero marked damage at least equal to the lethal requirement by its own Might
        (M1, M-2, M-3)."""
        return self.damage >= 1 and self.damage >= self.lethal_threshold(definition)

    def lasting(self) -> list[LastingEffect]:
        """Every effect with a duration on this card."""
        return [
            *self.modifiers,
            *self.shields,
            *self.doublers,
            *self.lethal,
            *self.statuses,
            *self.saves,
            *self.granted,
            *self.delayed,
            *self.control,
        ]

    def gaining(self, effect: LastingEffect) -> MightCard:
        """This card with ``effect`` last among the effects of its kind."""
        field = _FIELD_OF[type(effect)]
        return self.evolve(**{field: (*getattr(self, field), effect)})

    def without_lasting(self, ends: Callable[[LastingEffect], bool]) -> MightCard:
        """This card without those of its lasting effects for which ``ends`` holds."""
        return self.evolve(
            modifiers=tuple(m for m in self.modifiers if not ends(m)),
            shields=tuple(s for s in self.shields if not ends(s)),
            doublers=tuple(d for d in self.doublers if not ends(d)),
            lethal=tuple(t for t in self.lethal if not ends(t)),
            statuses=tuple(s for s in self.statuses if not ends(s)),
            saves=tuple(s for s in self.saves if not ends(s)),
            granted=tuple(g for g in self.granted if not ends(g)),
            delayed=tuple(d for d in self.delayed if not ends(d)),
            control=tuple(c for c in self.control if not ends(c)),
        )

    def place(self, table: MightTable) -> str:
        if self.zone == "battlefield" and self.battlefield is not None:
            return table.battlefields[self.battlefield].name
        return self.zone


class MightPlayer(Frozen):
    name: str
    runes: int = 0
    # The points scored (P-110); left out of a dump while 0.
    score: int = Field(default=0, exclude_if=lambda score: not score)
    bonus_damage: tuple[BonusDamageGrant, ...] = ()
    # Prevention over every unit the player controls (M-26): each unit gets its own copy, with
    # its own remaining value, the first time damage meets it (``MightTable.covered``).
    shields: tuple[Shield, ...] = ()
    # The cards in the player's deck, top first (P-60); left out of a dump while empty.
    deck: tuple[str, ...] = Field(default=(), exclude_if=lambda deck: not deck)
    # Triggers left behind that watch every unit of a side, now or later (P-63), oldest first;
    # left out of a dump while empty.
    delayed: tuple[DelayedTrigger, ...] = Field(default=(), exclude_if=lambda left: not left)

    @property
    def rune_pool(self) -> str:
        """What a change names the player's rune pool by (a ``runes`` stat change)."""
        return f"{self.name}'s rune pool"

    def lasting(self) -> list[LastingEffect]:
        """Every effect with a duration on the player: Bonus Damage, whole-side shields, delayed
        triggers that watch a side."""
        return [*self.bonus_damage, *self.shields, *self.delayed]

    def without_lasting(self, ends: Callable[[LastingEffect], bool]) -> MightPlayer:
        """This player without those of its lasting effects for which ``ends`` holds."""
        return self.evolve(
            bonus_damage=tuple(g for g in self.bonus_damage if not ends(g)),
            shields=tuple(g for g in self.shields if not ends(g)),
            delayed=tuple(d for d in self.delayed if not ends(d)),
        )


class Battlefield(Frozen):
    name: str
    holder: int | None = None
    auras: tuple[FieldAura, ...] = ()  # the battlefield's own standing Might (P-47)
    abilities: tuple[FieldAbility, ...] = ()  # its triggered abilities, its holder's (P-84)
    text: str = ""  # its printed text: shown, not interpreted


class ChainItem(Frozen):
    """A spell or triggered ability waiting to resolve (M5, M-7)."""

    id: str
    card: str
    controller: int
    kind: Literal["spell", "ability"]
    text: str
    targets: tuple[str, ...] = ()  # the chosen units, in the order chosen (P-41)
    source: str | None = None
    effects: tuple[Effect, ...] = ()
    reaction: bool = False
    battlefield: int | None = None  # where a triggered ability's source was when it triggered
    might: int | None = None  # a "when this dies" ability's unit's Might at its death (M-30)
    destination: int | None = None  # the battlefield chosen as it was played (P-74)

    @property
    def target(self) -> str | None:
        """The first chosen unit: the one ``target`` means in a condition or an amount."""
        return self.targets[0] if self.targets else None

    def named(self, role: str) -> str | None:
        """The unit a card's word names on this item: ``self`` (its card), ``source``,
        ``target`` (the first chosen) or ``target_N`` (the Nth chosen, P-41); None when there is
        none."""
        if role.startswith("target_"):
            number = int(role.removeprefix("target_"))
            return self.targets[number - 1] if number <= len(self.targets) else None
        return {"self": self.card, "source": self.source, "target": self.target}.get(role)


class Combat(Frozen):
    battlefield: int
    attacker: int
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


class MightTable(Frozen, Indexed[MightIndex]):
    """An immutable snapshot; ``cards`` keeps creation order (the default replacement order)."""

    index_class: ClassVar[type[MightIndex]] = MightIndex
    ruleset: Literal["might"] = "might"
    players: tuple[MightPlayer, MightPlayer]  # the rules are for two players
    battlefields: tuple[Battlefield, ...]
    defs: dict[str, MightCardDef]
    cards: CardMap[MightCard]
    chain: Stack[ChainItem] = Stack()  # shares the items under its top with earlier snapshots
    combat: Combat | None = None
    turn: int = 1
    turn_player: int = 0
    next_id: int = 1
    # Units a death replacement saved since the last death check began: one still lethal is no
    # survivor of that check (the fuzz invariants), and meets the cleanup's repeat as a new death,
    # or a Combat Cleanup's or expiration's heal (M-22, P-34).
    spared: tuple[str, ...] = ()
    # The "once per turn" abilities that triggered this turn, as ``uid#n`` (its n-th ability):
    # cleared as a turn begins (P-39).
    triggered_this_turn: tuple[str, ...] = ()
    # What happened this turn that a condition can ask (P-55): afresh as a turn begins. None
    # when no card of the game asks: then nothing is counted, and the dump has no such key.
    this_turn: ThisTurn | None = Field(None, exclude_if=lambda history: history is None)
    # Some battlefield has an aura (P-47): set with the table, as battlefields keep theirs.
    field_auras: bool = False
    # The game keeps score (P-110): a card or a battlefield of the game scores, or the set-up
    # gives a score. Only then do the table's text and the app show the players' scores.
    scoring: bool = False

    def with_card(self, card: MightCard) -> MightTable:
        old, cards = self.cards.swap(card.uid, card)
        return self._replaced(old, card, cards)

    def differences(self, before: MightTable) -> set[str]:
        """The cards that changed since ``before`` (a snapshot of the same game), the units a
        changed chain targets, and a player's units when a whole-side shield of theirs changed:
        a view redraws only these, and the units whose Might an aura that changed reaches
        (otherwise a unit's Might and lethal damage depend on the unit alone, M-23)."""
        changed = self.cards.changed_since(before.cards)
        if self.has_auras() or before.index.auras:
            changed |= auras.touched(before, self, changed)
        changed |= {uid for item in self.chain.since(before.chain) for uid in item.targets}
        changed |= {*self.index.statics}  # a static may turn on with any change (P-98)
        for owner, (now, then) in enumerate(zip(self.players, before.players, strict=True)):
            if now.shields != then.shields:  # a whole-side shield shows on each unit (M-26)
                changed |= {unit.uid for unit in self.units(owner)}
        return changed

    def remembering(self, update: Callable[[ThisTurn], ThisTurn]) -> MightTable:
        """This table with ``update`` made to this turn's history, when a card asks it
        (P-55)."""
        return self if self.this_turn is None else self.evolve(this_turn=update(self.this_turn))

    def with_player(self, index: int, player: MightPlayer) -> MightTable:
        players = list(self.players)
        players[index] = player
        return self.evolve(players=tuple(players))

    def definition(self, uid: str) -> MightCardDef:
        return self.defs[self.cards[uid].name]

    def simultaneous(self, uids: Iterable[str]) -> list[str]:
        """``uids`` in the one order of simultaneous events (deaths, triggers): the turn
        player's cards first, each player's in the order they came to the table (P-12)."""
        found = list(uids)
        if len(found) > 1:  # most checks find none or one: no key to work out
            found.sort(key=lambda uid: self._order_key(self.cards[uid]))
        return found

    def _order_key(self, card: MightCard) -> tuple[bool, int, int]:
        # ``arrival`` written out: it is read for every unit a sort meets (the end of a turn)
        return card.controller != self.turn_player, card.entered, self.cards.position(card.uid)

    def arrival(self, uid: str) -> tuple[int, int]:
        """When ``uid`` came to the table, to order what happens at once (P-12): the set-up's
        cards first (``entered`` 0) in the file's order, then each card played or made, by its
        number. The file's order breaks every tie, so that no order rests on a set's."""
        return self.cards[uid].entered, self.cards.position(uid)

    def units(self, owner: int | None = None) -> Iterator[MightCard]:
        """Units on the table (that ``owner`` controls, P-107, or both) in the order of
        ``simultaneous``."""
        on_table = [self.cards[uid] for uid in self.index.units]
        yield from sorted(
            (c for c in on_table if owner is None or c.controller == owner), key=self._order_key
        )

    def lethal_units(self) -> list[str]:
        """Units with lethal damage (M1, M-8), in the order of ``simultaneous``; with an aura
        on the table, read from the damaged units (lethal needs damage, M1, M-23)."""
        index = self.index  # a property: read once (``reads_table`` written out)
        if index.auras or self.field_auras or index.statics:
            return self.simultaneous(uid for uid in index.damaged if self.is_lethal(uid))
        return self.simultaneous(index.lethal)

    def heal_concerns(self) -> list[str]:
        """The units a heal of the whole table changes or mentions: those with marked damage
        and those with a triggered ability (a "when healed" one that does not fire is named,
        P-22), in the order of ``simultaneous``."""
        return self.simultaneous({*self.index.damaged, *self.index.triggers})

    def triggering_units(self) -> list[str]:
        """Units and gear with a triggered ability, in the order of ``simultaneous`` (P-66)."""
        return self.simultaneous(self.index.triggers)

    def watchers(self) -> list[str]:
        """Gear on the table with a standing death replacement, in the order of
        ``simultaneous``: the turn player's first (M-21, P-67)."""
        return self.simultaneous(self.index.watchers)

    def with_lasting(self) -> list[MightCard]:
        """Cards with an effect that has a duration, in the order of ``cards``."""
        uids = sorted(self.index.lasting, key=self.cards.position)
        return [self.cards[uid] for uid in uids]

    def has_unit_at(self, battlefield: int, owner: int) -> bool:
        """``owner`` has a unit at ``battlefield`` (stops at the first: a cleanup asks it for
        every held battlefield, M-14)."""
        return any(
            card.controller == owner
            and card.zone == "battlefield"
            and card.battlefield == battlefield
            for card in map(self.cards.__getitem__, self.index.units)
        )

    def units_at(self, battlefield: int, owner: int | None = None) -> list[MightCard]:
        return [
            u for u in self.units(owner) if u.zone == "battlefield" and u.battlefield == battlefield
        ]

    def on_table(self, uid: str) -> bool:
        """A unit or a gear at a base or a battlefield."""
        return uid in self.cards and self.cards[uid].zone in ("base", "battlefield")

    def is_unit(self, uid: str) -> bool:
        """A unit on the table: not a gear, which is no unit (P-66)."""
        return uid in self.index.units

    def is_gear(self, uid: str) -> bool:
        """A gear on the table, at its owner's base: a card there that is no unit (P-66)."""
        return self.cards[uid].zone == "base" and not self.is_unit(uid)

    def has_auras(self) -> bool:
        """A unit or a battlefield on this table has an aura: Might and lethal damage then
        depend on more than the unit (M-23, P-47)."""
        return bool(self.index.auras) or self.field_auras

    def reads_table(self, uid: str | None = None) -> bool:
        """Might and lethal damage depend on more than the unit ``uid`` (None: any unit): an
        aura on the table (M-23, P-47), or a static of the unit whose Assault or Shield holds
        while a condition of the table does (P-98)."""
        index = self.index  # a property: read once
        if index.auras or self.field_auras:  # ``has_auras``
            return True
        return bool(index.statics) if uid is None else uid in index.statics

    def might(self, uid: str) -> int:
        """Current Might: its own (``MightCard.might``), a static's Assault or Shield in its
        role (P-98) and what auras give it (M-23)."""
        index, card = self.index, self.cards[uid]  # each read once
        own = card.might(self.defs[card.name])
        if uid in index.statics:
            own += statics.role_bonus(self, uid)
        return own + auras.bonus(self, uid) if index.auras or self.field_auras else own

    def role_bonus(self, uid: str) -> int:
        """The Might its combat role gives it: Assault attacking, Shield defending, printed,
        granted or a static's while it holds (M-28, P-72, P-98)."""
        own = self.cards[uid].role_bonus(self.definition(uid))
        return own + statics.role_bonus(self, uid) if uid in self.index.statics else own

    def keyword(self, uid: str, name: KeywordName) -> int:
        """The total of keyword ``name`` on the unit now: printed, granted (P-72) and its
        statics' while their condition holds (P-98)."""
        own = self.cards[uid].keyword(self.definition(uid), name)
        return own + statics.keyword(self, uid, name) if uid in self.index.statics else own

    def takes_no_damage(self, uid: str) -> bool:
        """No damage can be dealt to it now: an effect says so (M-19), or a static of its card
        whose condition holds (P-98)."""
        card = self.cards[uid]
        if card.statuses and card.takes_no_damage:  # most units have none: no property read
            return True
        return uid in self.index.statics and statics.takes_no_damage(self, uid)

    def covered(self, uid: str) -> MightCard:
        """The unit with its controller's whole-side shields that it has no copy of yet, each
        whole: a unit that arrives later is covered too, and what one unit spends never uses
        up another's (M-26)."""
        card = self.cards[uid]
        side = self.players[card.controller].shields
        if not side or not self.is_unit(uid):  # a gear is no unit to cover (P-66)
            return card
        have = {shield.id for shield in card.shields}
        missing = tuple(shield for shield in side if shield.id not in have)
        return card.evolve(shields=(*card.shields, *missing)) if missing else card

    def lethal_threshold(self, uid: str) -> int:
        """The latest replacement in force (M-3), else current Might (M1, M-23)."""
        card = self.cards[uid]
        if card.lethal or not self.reads_table(uid):
            return card.lethal_threshold(self.defs[card.name])
        return self.might(uid)

    def is_lethal(self, uid: str) -> bool:
        """Nonzero marked damage at least equal to the lethal requirement (M1, M-2, M-3)."""
        card = self.cards[uid]
        if not self.reads_table(uid):
            return card.has_lethal_damage(self.defs[card.name])
        return card.damage >= 1 and card.damage >= self.lethal_threshold(uid)

    def bonus_damage(self, player: int, scope: Literal["combat", "spell", "ability"]) -> int:
        """The Bonus Damage ``player``'s damage of ``scope`` gets now: the grants on the player
        and the standing Bonus Damage of their units on the table, summed, never negative (M-4,
        P-76)."""
        grants = self.players[player].bonus_damage
        granted = sum(g.amount for g in grants if covers(g.scope, scope))
        return max(0, granted + sum(amount for _, amount in self.bonus_sources(player, scope)))

    def bonus_sources(
        self, player: int, scope: Literal["combat", "spell", "ability"]
    ) -> list[tuple[str, int]]:
        """``player``'s units on the table whose standing Bonus Damage covers ``scope``, with
        its amount, in the order they came to the table; read from the index, so a table
        without any pays nothing (P-76)."""
        found = [
            (uid, standing.amount)
            for uid in self.index.boosters
            if self.cards[uid].controller == player
            for standing in [self.definition(uid).bonus_damage]
            if standing is not None and covers(standing.scope, scope)
        ]
        return sorted(found, key=lambda pair: self.arrival(pair[0]))
