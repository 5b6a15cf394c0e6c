"""Souls scenario files: the table set-up, a script of actions and the expectations to check.

The format is documented in docs/scenarios.md; ``cardtable schema`` prints its JSON Schema.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator, model_validator

from engine.frozen import Frozen
from engine.names import Name
from engine.scenario_fields import CardScenarioFields
from engine.script import ExpectationBase, ScriptAction, unique_names
from engine.souls.cards import HP_STEP, CardDef
from engine.souls.table import COLUMNS, ROWS, Zone
from engine.souls.verbs import VERBS

SLOT = r"[A-Z][1-9]"


def in_steps_of_5(what: str, amount: int) -> int:
    """Souls data amounts are multiples of 5 (S-5): set-up damage and bonuses too."""
    if amount % HP_STEP:
        raise ValueError(f"{what} is a multiple of {HP_STEP} (S-5), not {amount}")
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
    deck: tuple[Name | CardSetup, ...] = ()
    """The player's deck, top first, hidden but for its count (P-92), of any kind: a card's
    name, whose id is the player's with ``-deck-`` and its place from the top
    (``alice-deck-1``), or ``{card: ..., id: ...}``. ``draw`` takes cards from the top."""

    @model_validator(mode="after")
    def _slot_names(self) -> PlayerSetup:
        for slot in [*self.slots, *self.ambushes]:
            if not re.fullmatch(SLOT, slot):
                raise ValueError(f"slot {slot!r} is not a slot name like A1 or B2 (S-1)")
        return self


class SoulsSetup(Frozen):
    """The first table (step 0): each player's grid of slots, whose turn it is, the players."""

    columns: int = Field(default=COLUMNS, ge=1, le=26)
    """Slot columns per player, lettered from A (S-1)."""
    rows: int = Field(default=ROWS, ge=1, le=9)
    """Slot rows per player, numbered from 1, the Front Line row (S-1)."""
    turn: int = Field(default=1, ge=1)
    """The turn number."""
    turn_player: int = Field(default=0, ge=0, le=1)
    """The index in ``players`` of the player whose turn it is."""
    players: tuple[PlayerSetup, PlayerSetup]
    """Exactly two players."""


class SoulsAction(ScriptAction):
    """One script entry: exactly one verb (``engine.souls.verbs``), plus an optional label and
    expected error."""


if TYPE_CHECKING:  # the checker sees the fields every entry has; files see the verbs too
    Action = SoulsAction
else:
    Action = SoulsAction.with_verbs(VERBS)


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
    zone: Zone | None = None
    """The zone the card is in; ``deck``: its owner's deck (P-92)."""
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
    deck: dict[Name, int] = {}
    """Player name: how many cards are left in the player's deck (P-92)."""
    winner: Name | None = None
    """The name of the player who won (S-17), or ``draw`` when both Realms shattered at once
    (P-23)."""


class SoulsScenario(CardScenarioFields[SoulsSetup, Action, Expectation, CardDef]):
    """A souls scenario file: a table set up, a script played on it, what must come of it."""

    ruleset: Literal["souls"]
    rules: tuple[str, ...] = ()
    """The clause and ruling ids the scenario shows (``[14.4.2, S-13]``); each must be an id a
    ruleset or ruling defines, and one a step or an ``expect_error`` cites (else a warning). A
    sandbox may leave them out; a lesson or a test names them."""
    pool: str | None = "souls-starter"

    @model_validator(mode="after")
    def _players_named_once(self) -> SoulsScenario:
        unique_names([player.name for player in self.setup.players], "players")
        return self
