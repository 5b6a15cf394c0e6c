"""Souls scenario files: the table set-up, a script of actions and the expectations to check.

The format is documented in docs/scenarios.md; ``cardtable schema`` prints its JSON Schema.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal, Self, cast

from pydantic import Field, field_validator, model_validator

from engine.frozen import Frozen
from engine.names import Name
from engine.scenario_fields import CardScenarioFields
from engine.script import ExpectationBase, ScriptAction, unique_names
from engine.souls.cards import CardDef

SLOT = r"[A-Z][1-9]"


def in_steps_of_5(what: str, amount: int) -> int:
    """Souls data amounts are multiples of 5 (S-5): set-up damage and bonuses too."""
    if amount % 5:
        raise ValueError(f"{what} is a multiple of 5 (S-5), not {amount}")
    return amount


class BonusSetup(Frozen):
    """A bonus already on a card at set-up; its source shows as ``set-up`` (S-6)."""

    stat: Literal["max_hp", "power"]
    """The stat it changes."""
    amount: int
    """Added to the stat: a multiple of 5 (S-5), negative to take away."""
    duration: Literal["permanent", "end_of_turn"] = "permanent"
    """``end_of_turn``: it ends in the end phase (14.1.3); ``permanent``: it lasts."""

    @field_validator("amount")
    @classmethod
    def _in_steps_of_5(cls, amount: int) -> int:
        return in_steps_of_5("a bonus", amount)


class CardSetup(Frozen):
    """A card placed at set-up: ``card`` names it in the pool (or in the scenario's ``cards``)."""

    card: Name
    """The card's exact name (case-sensitive) in the pool or in the scenario's ``cards``."""
    id: Name | None = None
    """The id the script and ``expect`` use, unique across both players and all zones; omitted:
    the name in lower case, each run of characters other than a-z and 0-9 one ``-``
    (``Final Resting Place``: ``final-resting-place``)."""
    damage: int = Field(default=0, ge=0)
    """Damage already on the card, a multiple of 5 (S-5); its HP follows (S-6). An active card
    cannot start at 0 HP (S-12)."""
    captured: bool = False
    """Face down: a captured Soul. A Realm cannot start shattered (S-17)."""
    bonuses: tuple[BonusSetup, ...] = ()
    """Bonuses already on the card."""
    armament: tuple[CardSetup, ...] = ()
    """Armament attached to this Soul (each an ``armament`` card)."""
    attacked: bool = False
    """The card has already attacked this turn (S-13)."""

    @field_validator("damage")
    @classmethod
    def _in_steps_of_5(cls, damage: int) -> int:
        return in_steps_of_5("set-up damage", damage)


class PlayerSetup(Frozen):
    """A player at set-up: the Realm, the Souls on the grid, the Ambushes and the other zones."""

    name: Name
    """The player's name (``winner`` gives it); the two players' names differ."""
    realm: CardSetup | None = None
    """The player's Realm (a ``realm`` card); without one it cannot be attacked and the game
    cannot end."""
    slots: dict[str, CardSetup] = {}
    """Souls (``soul`` cards) on the grid by slot name: a column letter and a row digit inside
    ``columns`` x ``rows`` (``A1``, ``B2``; S-1); row 1 is the Front Line row."""
    ambushes: dict[str, CardSetup] = {}
    """Ambushes (``ambush`` cards) set at a slot, by slot name: one per slot, which a Soul may
    share."""
    hand: tuple[CardSetup, ...] = ()
    """Cards that can be recruited or played, of any kind."""
    elysium: tuple[CardSetup, ...] = ()
    """The face-up discard (S-4), of any kind."""
    exile: tuple[CardSetup, ...] = ()
    """Cards removed from the game (S-4), of any kind."""

    @model_validator(mode="after")
    def _slot_names(self) -> PlayerSetup:
        for slot in [*self.slots, *self.ambushes]:
            if not re.fullmatch(SLOT, slot):
                raise ValueError(f"slot {slot!r} is not a slot name like A1 or B2 (S-1)")
        return self


class SoulsSetup(Frozen):
    """The first table (step 0): each player's grid of slots, whose turn it is, the players."""

    columns: int = Field(default=3, ge=1, le=26)
    """Slot columns per player, lettered from A (S-1)."""
    rows: int = Field(default=2, ge=1, le=9)
    """Slot rows per player, numbered from 1, the Front Line row (S-1)."""
    turn: int = Field(default=1, ge=1)
    """The turn number."""
    turn_player: int = Field(default=0, ge=0, le=1)
    """The index in ``players`` of the player whose turn it is."""
    players: tuple[PlayerSetup, PlayerSetup]
    """Exactly two players."""


class RecruitArgs(Frozen):
    """``recruit``: a Soul from its owner's hand onto an empty slot (S-3)."""

    card: Name
    """The id of a Soul in the turn player's hand."""
    slot: Name
    """An empty slot of the grid (S-1, S-3) whose slot above, if any, holds an active Soul (S-3,
    14.5.2); an Ambush there does not block it."""


class PlayArgs(Frozen):
    """``play``: a spell, an Armament or an Ambush from hand."""

    card: Name
    """The id of the card in its owner's hand."""
    target: Name | None = None
    """A spell's chosen target, checked against its ``target`` spec; for an Armament, the id of
    one of your active Souls, which it is attached to. An Ambush takes none (S-15)."""
    slot: Name | None = None
    """The slot an Ambush is set at (S-1); ignored for other cards."""


class ActivateArgs(Frozen):
    """``activate``: a Soul on a slot uses an activated ability, paying its HP cost first."""

    card: Name
    """The id of the Soul."""
    ability: int = Field(default=0, ge=0)
    """Which one: counted among the card's ``when: activated`` abilities from 0 (S-5)."""
    target: Name | None = None
    """The chosen target, checked against the ability's ``target`` spec."""


class SpringArgs(Frozen):
    """``spring``: an Ambush set at a slot is revealed and its first ``sprung`` ability resolves
    (P-3)."""

    card: Name
    """The id of the Ambush."""
    target: Name | None = None
    """The chosen target, checked against that ability's ``target`` spec, seen from the
    Ambush's owner."""


class AmountArgs(Frozen):
    """``deal`` or ``heal``: a playtester edit of one card's damage."""

    target: Name
    """The id of an active Soul on a slot or of a Realm, of either player."""
    amount: int = Field(ge=0)
    """Damage dealt (14.1.1, with no source card) or healed (14.2); rounded down to a multiple
    of 5 (S-7)."""


class PayArgs(Frozen):
    """``pay_hp``: a playtester edit: a Soul pays HP, as damage (14.3)."""

    card: Name
    """The id of an active Soul on a slot."""
    amount: Annotated[int, Field(ge=0)] | Literal["10x_rank"] = "10x_rank"
    """HP paid, rounded down to a multiple of 5 (S-7), at most the current HP (S-11);
    ``10x_rank`` is 10 x the card's rank."""


class TargetArgs(Frozen):
    """``capture`` or ``exile``: a playtester edit of one card."""

    target: Name
    """``capture``: the id of an active Soul (14.4.4); ``exile``: of a captured Soul (14.5.4)."""


class CardArgs(Frozen):
    """``detach``: a playtester edit: an Armament leaves its Soul for its owner's Elysium (S-4,
    14.4.5)."""

    card: Name
    """The id of an attached Armament."""


class BonusArgs(Frozen):
    """``bonus``: a playtester edit: a bonus with source ``playtester`` (S-6)."""

    target: Name
    """The id of an active Soul on a slot or of a Realm, of either player."""
    stat: Literal["max_hp", "power"]
    """The stat it changes."""
    amount: int
    """Added to the stat: a multiple of 5 (else refused, S-5), negative to take away."""
    duration: Literal["permanent", "end_of_turn"] = "permanent"
    """``end_of_turn``: it ends in the end phase (14.1.3); ``permanent``: it lasts."""


class EndTurnArgs(Frozen):
    """``end_turn`` takes no arguments: write ``- end_turn`` or ``- end_turn: {}``."""


class AttackArgs(Frozen):
    """``attack``: a battle (S-13): declaration, attack damage, battle window, capture step."""

    attacker: Name
    """The id of an active Front Line Soul of the turn player that has not attacked this turn."""
    target: Name
    """The id of an active enemy Front Line Soul, or of the enemy Realm when no enemy Soul is
    active in the Front Line."""
    window: tuple[Action, ...] = ()
    """Actions played in the battle window, in order, after the ``damaged`` triggers; nothing
    is captured automatically before the capture step (14.4.2)."""


Verb = Literal[
    "recruit",
    "play",
    "activate",
    "spring",
    "attack",
    "deal",
    "heal",
    "pay_hp",
    "capture",
    "exile",
    "bonus",
    "detach",
    "end_turn",
]
"""The action keys of a souls script entry, one per verb (``engine.souls.verbs`` plays them)."""


class Action(ScriptAction):
    """One script entry: exactly one action key, plus an optional label and expected error."""

    NESTED_KEY: ClassVar[str] = "window"  # attack.window
    BARE: ClassVar[tuple[str, ...]] = ("end_turn",)

    @property
    def kind(self) -> Verb:
        return cast(Verb, super().kind)  # one of the keys below, as ``_one_action`` checks

    recruit: RecruitArgs | None = None
    """Recruit a Soul onto a slot (S-3)."""
    play: PlayArgs | None = None
    """Play a spell, Armament or Ambush from hand."""
    activate: ActivateArgs | None = None
    """Use a Soul's activated ability (14.3.1)."""
    spring: SpringArgs | None = None
    """Spring an Ambush (P-3)."""
    attack: AttackArgs | None = None
    """Attack: a battle and its window (S-13)."""
    deal: AmountArgs | None = None
    """Playtester edit: damage with no source card (14.1.1)."""
    heal: AmountArgs | None = None
    """Playtester edit: healing (14.2)."""
    pay_hp: PayArgs | None = None
    """Playtester edit: a Soul pays HP (14.3)."""
    capture: TargetArgs | None = None
    """Playtester edit: capture a Soul whatever its HP (14.4.4)."""
    exile: TargetArgs | None = None
    """Playtester edit: exile a captured Soul, freeing its slot (14.5.4, P-5)."""
    bonus: BonusArgs | None = None
    """Playtester edit: a bonus to max HP or power (S-6)."""
    detach: CardArgs | None = None
    """Playtester edit: detach an Armament (S-4, 14.4.5)."""
    end_turn: EndTurnArgs | None = None
    """End the turn: the end phase (14.1.3, S-6), then the other player's turn; also written
    bare, ``- end_turn``."""

    def nested(self) -> tuple[Action, ...]:
        return self.attack.window if self.attack else ()

    def with_nested(self, nested: tuple[ScriptAction, ...]) -> Self:
        assert self.attack is not None
        return self.evolve(attack=self.attack.evolve(window=nested))


class CardExpect(Frozen):
    """What a card must be at that step: only the fields given are compared (``null``: not
    checked)."""

    hp: int | None = None
    """Current HP, max(0, max HP - damage) (S-6); Souls and Realms only."""
    max_hp: int | None = None
    """Base HP + bonuses + Armament + statics; Souls and Realms only."""
    damage: int | None = None
    """Damage on the card."""
    power: int | None = None
    """max(0, base power + bonuses + Armament + statics); Souls and Realms only."""
    captured: bool | None = None
    """Face down: a captured Soul, or a shattered Realm."""
    zone: Literal["hand", "slot", "realm", "elysium", "exile", "armament", "ambush"] | None = None
    """The zone the card is in."""
    slot: Name | None = None
    """The slot's name, for a card in the ``slot`` or ``ambush`` zone."""
    line: Literal["front", "back"] | None = None
    """The line of an active Soul on a slot (S-2)."""
    attached_to: Name | None = None
    """The id of the Soul an Armament is attached to."""


class Expectation(ExpectationBase):
    """Checked on the table after the action labelled ``at`` (or at the end)."""

    cards: dict[Name, CardExpect] = {}
    """Card id: what the card must be (a failure reads ``ember-imp hp: expected 5, saw 10``)."""
    winner: Name | None = None
    """The name of the player who won (S-17), or ``draw`` when both Realms shattered at once
    (P-23)."""


class SoulsScenario(CardScenarioFields[SoulsSetup, Action, Expectation, CardDef]):
    """A souls scenario file: a table set up, a script played on it, what must come of it."""

    ruleset: Literal["souls"]
    rules: tuple[str, ...] = Field(min_length=1)
    """The clause and ruling ids the scenario shows (``[14.4.2, S-13]``); each must be an id a
    ruleset or ruling defines, and one a step or an ``expect_error`` cites (else a warning)."""
    pool: str | None = "souls-starter"

    @model_validator(mode="after")
    def _players_named_once(self) -> SoulsScenario:
        unique_names([player.name for player in self.setup.players], "players")
        return self


AttackArgs.model_rebuild()
