"""Might scenario files: set-up, a script of actions (with the players' choices) and expectations.

The format is documented in docs/scenarios.md; ``cardtable schema`` prints its JSON Schema.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Self, cast

from pydantic import Field, model_validator

from engine.choices import Assigned
from engine.frozen import Frozen
from engine.might.cards import Duration, FieldAura, MightCardDef, Scope
from engine.might.cards import Move as MoveEffect
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
    """A player at set-up: the rune pool, the units on the table and the cards off it."""

    name: Name
    """The player's name, as ``assign``, ``bonus_damage``, ``add_runes``, ``runes`` and
    ``holders`` give it; the two players' names differ."""
    runes: int = Field(default=0, ge=0)
    """The rune pool; card costs are paid from it (P-19)."""
    units: tuple[UnitSetup, ...] = ()
    """Units on the table: at the base or at a battlefield."""
    hand: tuple[CardSetup, ...] = ()
    """Cards that can be played: units or spells."""
    trash: tuple[CardSetup, ...] = ()
    """Discarded cards."""
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
    turn: int = Field(default=1, ge=1)
    """The turn number."""
    turn_player: int = Field(default=0, ge=0, le=1)
    """The index in ``players`` of the player whose turn it is."""
    players: tuple[MightPlayerSetup, MightPlayerSetup]
    """Exactly two players."""


def one_way(target: str | None, targets: tuple[str, ...]) -> None:
    if target is not None and targets:
        raise ValueError("give `target` (one unit) or `targets` (a list), not both")


class PlayArgs(Frozen):
    """``play``: a card from its owner's hand, its cost paid: a unit to the base, a spell onto
    the chain (M-1, M-7)."""

    card: Name
    """The id of the card in its owner's hand; its ``cost`` is paid from the rune pool (P-19)."""
    target: Name | None = None
    """The id of the unit on the table a spell targets, of the side its ``target`` allows (M5);
    omitted for a card that does not target."""
    targets: tuple[Name, ...] = ()
    """The ids of the units a spell that chooses several targets (``count``, or a list of
    specs: one for each, in its order) targets, in order (P-41); instead of ``target``."""
    responses: tuple[Action, ...] = ()
    """Actions played, in order, while the spell is on the chain (Reactions, edits,
    ``resolve``); after them a top-level ``play`` resolves the whole chain."""

    @model_validator(mode="after")
    def _one_way(self) -> Self:
        one_way(self.target, self.targets)
        return self

    def chosen(self) -> str | tuple[str, ...] | None:
        return self.targets or self.target


class ActivateArgs(Frozen):
    """``activate``: a unit's controller pays an activated ability's cost and it goes on the
    chain (P-42)."""

    card: Name
    """The id of the unit on the table."""
    ability: int = Field(default=0, ge=0)
    """Which one: counted among the card's ``when: activated`` abilities from 0."""
    target: Name | None = None
    """The id of the unit it targets, of the kind its ``target`` allows (M5)."""
    targets: tuple[Name, ...] = ()
    """The ids of the units, for an ability that chooses several (``count``, or a list of
    specs: one for each, in its order) (P-41); instead of ``target``."""
    responses: tuple[Action, ...] = ()
    """Actions played, in order, while it is on the chain; after them a top-level
    ``activate`` resolves the whole chain."""

    @model_validator(mode="after")
    def _one_way(self) -> Self:
        one_way(self.target, self.targets)
        return self

    def chosen(self) -> str | tuple[str, ...] | None:
        return self.targets or self.target


class UnitArgs(Frozen):
    """``recall``, ``ready``, ``exhaust`` or ``return_to_hand``: an action on one unit."""

    unit: Name
    """The id of a unit on the table."""


class MoveArgs(Frozen):
    """``move``: the turn player's unit to a battlefield or to its base (M6, P-18)."""

    unit: Name
    """The id of a unit on the table."""
    to: Name
    """A battlefield's name, or ``base``."""


class CombatArgs(Frozen):
    """``combat``: the turn player's units at a battlefield attack, the other player's defend
    (M-9)."""

    battlefield: Name
    """The battlefield's name."""
    assign: dict[Name, tuple[Assigned, ...]] = {}
    """Player name: the enemy units in the order that player's damage is assigned to them, each
    once with all it gets (M-10). A player left out gets the default: lethal to each unit in
    turn, in the order they came to the table (never-lethal units last), the rest to the
    first."""


class DealArgs(Frozen):
    """``deal``: a playtester edit: one damage event with no source."""

    target: Name
    """The id of a unit on the table, of either player."""
    amount: int = Field(ge=0)
    """The damage, before Bonus Damage and replacements."""
    kind: Literal["spell", "combat", "ability"] = "spell"
    """The kind of damage: which scoped shields and doublers apply."""
    bonus: int = 0
    """Bonus Damage added to ``amount``; the players' own Bonus Damage is not added."""


class TargetArgs(Frozen):
    """``heal``: a playtester edit: all marked damage removed (M6)."""

    target: Name
    """The id of a unit on the table, of either player."""


class MightArgs(Frozen):
    """``might``: a playtester edit: a Might modifier (M2, M-2)."""

    target: Name
    """The id of a unit on the table, of either player."""
    amount: int
    """Added to the unit's Might; may be negative."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""


class ShieldArgs(Frozen):
    """``shield``: a playtester edit: a prevention shield (M3, M-5)."""

    target: Name
    """The id of a unit on the table, of either player."""
    id: Name | None = None
    """The shield's name; omitted: ``e<n>``, the next effect id. Neither a name the unit's
    effects use nor of the form ``e<digits>`` (M-4)."""
    value: Annotated[int, Field(ge=0)] | Literal["all", "next"]
    """The damage it prevents, ``all``, or ``next`` (the whole next damage event, M-25); not
    negative (M3)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""


class DoubleArgs(Frozen):
    """``double``: a playtester edit: a doubler (M8)."""

    target: Name
    """The id of a unit on the table, of either player."""
    id: Name | None = None
    """The doubler's name; omitted: ``e<n>``, the next effect id. Neither a name the unit's
    effects use nor of the form ``e<digits>`` (M-4)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""
    scope: Scope = "all"
    """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""


class ThresholdArgs(Frozen):
    """``lethal``: a playtester edit: the unit's lethal requirement replaced (M-3)."""

    target: Name
    """The id of a unit on the table, of either player."""
    threshold: int = Field(ge=1)
    """The damage that is lethal to the unit, instead of its Might; a new one replaces the
    old."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""


class BonusDamageArgs(Frozen):
    """``bonus_damage``: a playtester edit: a Bonus Damage grant for a player (M3, M-4)."""

    player: Name
    """The player's name."""
    amount: int
    """Added to the player's damage of its scope; a player's Bonus Damage of a kind, the sum of
    the grants that cover it, is never below 0."""
    scope: Scope = "spell"
    """The damage it adds to: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""
    duration: Duration = "this_turn"
    """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
    the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
    ``permanent``."""


class RunesArgs(Frozen):
    """``add_runes``: a playtester edit: runes added to a player's pool."""

    player: Name
    """The player's name."""
    amount: int = Field(ge=0)
    """Runes added; a pool never goes below 0 (M-1)."""


class NoArgs(Frozen):
    """An action without arguments: ``- end_turn`` or ``- end_turn: {}``."""


Order = tuple[Name, ...]
Verb = Literal[
    "play",
    "activate",
    "resolve",
    "move",
    "recall",
    "ready",
    "exhaust",
    "return_to_hand",
    "combat",
    "end_turn",
    "deal",
    "heal",
    "might",
    "shield",
    "double",
    "lethal",
    "bonus_damage",
    "add_runes",
]
"""The action keys of a might script entry, one per verb (``engine.might.verbs`` plays them)."""


class Action(ScriptAction):
    """One script entry: exactly one action key, plus an optional label, expected error and
    replacement order."""

    QUALIFIERS: ClassVar[tuple[str, ...]] = (*ScriptAction.QUALIFIERS, "order", "targets")
    NESTED_KEY: ClassVar[str] = "responses"  # play.responses
    BARE: ClassVar[tuple[str, ...]] = ("end_turn", "resolve")

    @property
    def kind(self) -> Verb:
        return cast(Verb, super().kind)  # one of the keys below, as ``_one_action`` checks

    order: dict[Name, Order | tuple[Order, ...]] | None = None
    """Damaged unit id: the replacements that apply to it, by effect id, first applied first
    (M8, M-4), or a list of such orders, one per damage event in turn. It answers every such
    choice for that unit in this action; an order never asked for refuses the action."""
    targets: dict[Name, Order | tuple[Order, ...]] | None = None
    """A unit's id: the units its triggered ability targets as it goes on the chain in this
    action (P-41), or a list of such choices, one per trigger in turn. Left out: the first
    legal units in the order they came to the table, as the step says. An answer nothing asks
    (more units than the trigger chooses, more choices than the unit's triggers) refuses the
    action."""
    play: PlayArgs | None = None
    """Play a unit or a spell from hand (M-1)."""
    activate: ActivateArgs | None = None
    """Activate a unit's ability, its cost paid (P-42)."""
    resolve: NoArgs | None = None
    """Both players pass: the whole chain resolves (M-7); also written bare, ``- resolve``."""
    move: MoveArgs | None = None
    """Move a unit to a battlefield or its base (M6)."""
    recall: UnitArgs | None = None
    """Move a unit to its base (M6)."""
    ready: UnitArgs | None = None
    """Ready a unit (M6, P-18)."""
    exhaust: UnitArgs | None = None
    """Exhaust a unit (M6, P-18)."""
    return_to_hand: UnitArgs | None = None
    """A unit goes to its owner's hand and loses its damage and every effect on it (M-6)."""
    combat: CombatArgs | None = None
    """A combat at a battlefield (M-9)."""
    end_turn: NoArgs | None = None
    """End the turn: end-of-turn effects, expiration, the next turn (M10, M-13); also written
    bare, ``- end_turn``."""
    deal: DealArgs | None = None
    """Playtester edit: a damage event."""
    heal: TargetArgs | None = None
    """Playtester edit: heal a unit (M6)."""
    might: MightArgs | None = None
    """Playtester edit: a Might modifier (M2, M-2)."""
    shield: ShieldArgs | None = None
    """Playtester edit: a prevention shield (M3, M-5)."""
    double: DoubleArgs | None = None
    """Playtester edit: a doubler (M8)."""
    lethal: ThresholdArgs | None = None
    """Playtester edit: a lethal threshold (M-3)."""
    bonus_damage: BonusDamageArgs | None = None
    """Playtester edit: a Bonus Damage grant."""
    add_runes: RunesArgs | None = None
    """Playtester edit: runes for a player's pool."""

    def nested(self) -> tuple[Action, ...]:
        waiting = self.play or self.activate
        return waiting.responses if waiting else ()

    def with_nested(self, nested: tuple[ScriptAction, ...]) -> Self:
        if self.activate is not None:
            return self.evolve(activate=self.activate.evolve(responses=nested))
        assert self.play is not None
        return self.evolve(play=self.play.evolve(responses=nested))


class UnitExpect(Frozen):
    """What a card must be at that step: only the fields given are compared (``null``: not
    checked)."""

    might: int | None = None
    """Current Might: base + modifiers (may be 0 or negative); units only."""
    damage: int | None = None
    """Marked damage."""
    lethal: bool | None = None
    """The marked damage is lethal now (it would die at the next check); units only."""
    zone: Literal["hand", "base", "battlefield", "chain", "trash"] | None = None
    """The zone the card is in."""
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


class MightScenario(CardScenarioFields[MightSetup, Action, Expectation, MightCardDef]):
    """A might scenario file: a table set up, a script played on it, what must come of it."""

    ruleset: Literal["might"]
    rules: tuple[str, ...] = Field(min_length=1)
    """The paragraph and ruling ids the scenario shows (``[M-7, M8]``); each must be an id a
    ruleset or ruling defines, and one a step or an ``expect_error`` cites (else a warning)."""
    pool: str | None = "might-starter"

    @model_validator(mode="after")
    def _players_and_places(self) -> MightScenario:
        unique_names([player.name for player in self.setup.players], "players")
        places = (*self.setup.battlefields, "base", "here")
        for name in self.setup.battlefield_auras:
            if name not in self.setup.battlefields:
                raise ValueError(
                    f"battlefield_auras names {name!r}, which is no battlefield here "
                    f"({', '.join(self.setup.battlefields)}) (P-47)"
                )
        for card in self.cards:
            for effect in card.all_effects():
                if isinstance(effect, MoveEffect) and effect.to not in places:
                    raise ValueError(
                        f"{card.name} moves units to {effect.to!r}, which is no battlefield here "
                        f"({', '.join(places)}) (P-43)"
                    )
        return self


PlayArgs.model_rebuild()
ActivateArgs.model_rebuild()
