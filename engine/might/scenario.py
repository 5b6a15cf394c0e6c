"""Might scenario files: set-up, a script of actions (with the players' choices) and expectations.

The format is documented in docs/scenarios.md; ``cardtable schema`` prints its JSON Schema.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, model_validator

from engine.choices import Assigned
from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.might.card_effects import Duration, Scope
from engine.might.card_effects import Move as MoveEffect
from engine.might.cards import FieldAbility, FieldAura, MightCardDef
from engine.might.verbs import VERBS
from engine.names import Name
from engine.scenario_fields import CardScenarioFields
from engine.script import ExpectationBase, ScriptAction, unique_names


class ModifierSetup(Frozen):
    """A Might modifier on a unit at set-up (M-2)."""

    amount: int
    """Added to the unit's Might; may be negative."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""


class ShieldSetup(Frozen):
    """A prevention shield on a unit at set-up (M3, M-5)."""

    id: Name | None = None
    """Names the shield in ``order`` and in the ``shields`` expectation; omitted: ``e<n>``, its
    effect id."""
    value: Annotated[int, Field(ge=0)] | Literal["all", "next"]
    """The damage it prevents, ``all``, or ``next``: the whole next damage event (M-25)."""
    remaining: int | None = Field(default=None, ge=0)
    """What is left of ``value``, at most ``value`` (M3); omitted: all of it; none for ``all``."""

    @model_validator(mode="after")
    def _remaining_within_value(self) -> ShieldSetup:
        if self.remaining is not None and (
            not isinstance(self.value, int) or self.remaining > self.value
        ):
            raise ValueError("remaining prevention cannot exceed the shield's value (M3)")
        return self

    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""


class DoublerSetup(Frozen):
    """A doubler on a unit at set-up: damage dealt to it is doubled (M8)."""

    id: Name | None = None
    """Names the doubler in ``order``; omitted: ``e<n>``, its effect id."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""


class ThresholdSetup(Frozen):
    """A lethal threshold on a unit at set-up (M1, M-3)."""

    threshold: int = Field(ge=1)
    """The damage that is lethal to the unit, instead of its Might."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""


class UnitSetup(Frozen):
    """A card at set-up; on the table ``at`` is ``base`` or a battlefield's name."""

    card: Name
    """The exact name of a ``unit`` card (M-1) in the pool or in the scenario's ``cards``."""
    id: Name | None = None
    """The id the script and ``expect`` use, unique across both players and all zones; omitted:
    the name in lower case with dashes (``Iron Sentinel``: ``iron-sentinel``)."""
    at: Name = "base"
    """``base`` or the name of a battlefield (M-1)."""
    damage: int = Field(default=0, ge=0)
    """Marked damage; lethal damage at set-up is refused (P-6, M-8)."""
    exhausted: bool = False
    """Exhausted (shown turned sideways); else ready."""
    might: tuple[ModifierSetup, ...] = ()
    """Might modifiers on it (M-2)."""
    shields: tuple[ShieldSetup, ...] = ()
    """Prevention shields on it (M3, M-5)."""
    doublers: tuple[DoublerSetup, ...] = ()
    """Doublers on it (M8)."""
    lethal: ThresholdSetup | None = None
    """A lethal threshold that replaces its Might as its lethal requirement (M1, M-3)."""
    stunned: bool = False
    """Stunned this turn, as by a stun effect (M-15, M-16)."""
    cant_be_dealt_damage: bool = False
    """Can't be dealt damage this turn, as by such an effect (M-19)."""


class GearSetup(Frozen):
    """A gear at its owner's base at set-up: no Might, no damage, no effects on it (P-66)."""

    card: Name
    """The exact name of a ``gear`` card in the pool or in the scenario's ``cards``."""
    id: Name | None = None
    """The id the script and ``expect`` use, unique across both players and all zones; omitted:
    the name in lower case with dashes."""
    exhausted: bool = False
    """Exhausted (shown turned sideways); else ready."""


class BonusDamageSetup(Frozen):
    """A Bonus Damage grant of a player at set-up (M3, M-4)."""

    amount: int
    """Added to the player's damage of its scope."""
    scope: Scope = "spell"
    """The damage it adds to: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""


class CardSetup(Frozen):
    """A card off the table (hand, trash): no damage or effects on it (M-6)."""

    card: Name
    """The card's exact name in the pool or in the scenario's ``cards``."""
    id: Name | None = None
    """The id the script and ``expect`` use, unique across both players and all zones; omitted:
    the name in lower case with dashes."""


class MightPlayerSetup(Frozen):
    """A player at set-up: the rune pool, the units and gear on the table and the cards off
    it."""

    name: Name
    """The player's name, as ``assign``, ``bonus_damage``, ``add_runes``, ``runes`` and
    ``holders`` give it; the two players' names differ."""
    runes: int = Field(default=0, ge=0)
    """The rune pool; card costs are paid from it (P-19)."""
    score: int = Field(default=0, ge=0)
    """The points the player has scored (P-110); ``score`` effects add to it. Given, or
    scored by a card or battlefield of the game, the scores are shown."""
    units: tuple[UnitSetup, ...] = ()
    """Units on the table: at the base or at a battlefield."""
    gear: tuple[GearSetup, ...] = ()
    """Gear at the player's base (P-66)."""
    hand: tuple[CardSetup, ...] = ()
    """Cards that can be played: units, spells or gear."""
    trash: tuple[CardSetup, ...] = ()
    """Discarded cards."""
    deck: tuple[Name | CardSetup, ...] = ()
    """The player's deck, top first, hidden but for its count (P-60): a card's name, whose id
    is the player's with ``-deck-`` and its place from the top (``alice-deck-1``), or ``{card:
    ..., id: ...}``. ``draw`` takes cards from the top."""
    bonus_damage: tuple[BonusDamageSetup, ...] = ()
    """The player's Bonus Damage grants (M3, M-4)."""


class MightSetup(Frozen):
    """The first table (step 0): the battlefields, whose turn it is, the players."""

    battlefields: tuple[Name, ...] = ("Battlefield 1", "Battlefield 2")
    """The battlefields' names, which ``at``, ``move``'s ``to``, ``combat`` and ``holders`` use;
    none is held at set-up."""
    battlefield_auras: dict[Name, tuple[FieldAura, ...]] = {}
    """A battlefield's name: its standing Might for the units there (P-47), as
    ``{Sunlit Field: [{might: 1, to: holder}]}``."""
    battlefield_abilities: dict[Name, tuple[FieldAbility, ...]] = {}
    """A battlefield's name: its triggered abilities, controlled by its holder (P-84), as
    ``{Toll Bridge: [{when: a_unit_moves_here, source_is: {side: enemy}, effects: [{do:
    damage, amount: 1, target: source}]}]}``."""
    battlefield_texts: dict[Name, str] = {}
    """A battlefield's name: its printed text, shown, not interpreted (as a card's ``text``):
    its auras and abilities say what it does, ``{Hill: "When you hold here, score 1
    point."}``."""
    turn: int = Field(default=1, ge=1)
    """The turn number."""
    turn_player: int = Field(default=0, ge=0, le=1)
    """The index in ``players`` of the player whose turn it is."""
    players: tuple[MightPlayerSetup, MightPlayerSetup]
    """Exactly two players."""


Order = tuple[Name, ...]


class MightAction(ScriptAction):
    """One script entry: exactly one verb (``engine.might.verbs``), plus an optional label,
    expected error and the players' answers to the choices it asks."""

    order: dict[Name, Order | tuple[Order, ...]] | None = None
    """Damaged unit id: the replacements that apply to it, by effect id, first applied first
    (M8, M-4), or a list of such orders, one per damage event in turn. It answers every such
    choice for that unit in this action; an order never asked for refuses the action."""
    split: dict[Name, tuple[Assigned, ...]] | None = None
    """The id of a card whose effect divides its damage (P-77): the units it reaches, each
    once with its share, the shares adding up to the amount; it answers every such division
    of that card in this action. Left out: all of it to the first unit. A split nothing asks
    refuses the action."""
    pick: dict[Name, Order] | None = None
    """The id of a card whose effect looks at its controller's deck (P-109): the deck cards
    put into the hand, then, if you like, all the rest in the order they go to the bottom of
    the deck, the last lowest (else they keep their order); it answers every such choice of
    that card in this action. Left out: the first cards. A pick nothing asks refuses the
    action."""
    targets: dict[Name, Order | tuple[Order, ...]] | None = None
    """A unit's id: the units its triggered ability targets as it goes on the chain in this
    action (P-41), or a list of such choices, one per trigger in turn. Left out: the first
    legal units in the order they came to the table, as the step says. An answer nothing asks
    (more units than the trigger chooses, more choices than the unit's triggers) refuses the
    action."""
    to: dict[Name, Name | tuple[Name, ...]] | None = None
    """A unit's id: the name of the battlefield its triggered ability's ``to: chosen`` move
    goes to, chosen as it goes on the chain in this action (P-74), or a list of names, one per
    trigger in turn (the last answers the rest). Left out: the first battlefield, as the step
    that moves says. An answer nothing asks refuses the action."""


if TYPE_CHECKING:  # the checker sees the fields every entry has; files see the verbs too
    Action = MightAction
else:
    Action = MightAction.with_verbs(VERBS)


class UnitExpect(Frozen):
    """What a card must be at that step: only the fields given are compared (``null``: not
    checked)."""

    might: int | None = None
    """Current Might: base + modifiers (may be 0 or negative); units only."""
    damage: int | None = None
    """Marked damage."""
    lethal: bool | None = None
    """The marked damage is lethal now (it would die at the next check); units only."""
    zone: Literal["hand", "base", "battlefield", "chain", "trash", "deck", "gone"] | None = None
    """The zone the card is in; ``gone``: a token that left the table (P-61)."""
    at: Name | None = None
    """The battlefield's name for a unit at a battlefield, else the zone."""
    exhausted: bool | None = None
    """Exhausted, or (``false``) ready."""
    shields: dict[Name, int | Literal["all", "next"]] | None = None
    """All of the unit's shields: id: what is left (0 when spent), ``all``, or ``next`` (a
    next-event shield not yet spent); ``{}``: none."""
    stunned: bool | None = None
    """Stunned (M-15), or (``false``) not."""
    cant_be_dealt_damage: bool | None = None
    """An effect says it can't be dealt damage (M-19), or (``false``) none does."""
    doublers: int | None = None
    """How many doublers the unit has."""


class Expectation(ExpectationBase):
    """Checked on the table after the action labelled ``at`` (or at the end)."""

    cards: dict[Name, UnitExpect] = {}
    """Card id: what the card must be (a failure reads ``iron-sentinel damage: expected 2, saw
    4``)."""
    runes: dict[Name, int] = {}
    """Player name: the rune pool."""
    holders: dict[Name, Name | None] = {}
    """Battlefield name: the player holding it, or ``null`` for nobody."""
    chain: int | None = None
    """How many items are on the chain (more than 0 only at a label inside ``responses``)."""
    deck: dict[Name, int] = {}
    """Player name: how many cards are left in the player's deck (P-60)."""
    score: dict[Name, int] = {}
    """Player name: the player's score (P-110)."""


class MightScenario(CardScenarioFields[MightSetup, Action, Expectation, MightCardDef]):
    """A might scenario file: a table set up, a script played on it, what must come of it."""

    ruleset: Literal["might"]
    rules: tuple[str, ...] = ()
    """The paragraph and ruling ids the scenario shows (``[M-7, M8]``); each must be an id a
    ruleset or ruling defines, and one a step or an ``expect_error`` cites (else a warning). A
    sandbox may leave them out; a lesson or a test names them."""
    pool: str | None = "might-starter"

    @model_validator(mode="after")
    def _players_and_places(self) -> MightScenario:
        unique_names([player.name for player in self.setup.players], "players")
        places = (*self.setup.battlefields, "base", "here")
        for setting, rule in (
            ("battlefield_auras", "P-47"),
            ("battlefield_abilities", "P-84"),
            ("battlefield_texts", "P-84"),
        ):
            for name in getattr(self.setup, setting):
                if name not in self.setup.battlefields:
                    raise InvalidAt(
                        ("setup", setting, name),
                        f"{setting} names {name!r}, which is no battlefield here "
                        f"({', '.join(self.setup.battlefields)}) ({rule})",
                    )
        for index, card in enumerate(self.cards):
            for place, effect in card.placed_effects():
                key = effect.place_key
                allowed = (*places, "chosen") if key == "to" else places  # P-74
                if key and (named := getattr(effect, key)) not in allowed:
                    what = "moves units" if isinstance(effect, MoveEffect) else "makes tokens"
                    raise InvalidAt(
                        ("cards", index, *place, key),
                        f"{card.name} {what} to {named!r}, which is no battlefield here "
                        f"({', '.join(places)}) ({'P-43' if key == 'to' else 'P-61'})",
                    )
        return self
