"""Souls scenario files: the table set-up, a script of actions and the expectations to check.

The format is documented in docs/scenarios.md; ``cardtable schema`` prints its JSON Schema.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal, Self

from pydantic import Field, field_validator, model_validator

from engine.branches import Branch, check_branches, check_written
from engine.frozen import Frozen
from engine.names import Name
from engine.script import (
    ExpectationBase,
    ExpectedError,
    ScriptAction,
    unique_labels,
    unique_names,
)
from engine.souls.cards import CardDef

SLOT = r"[A-Z][1-9]"


def in_steps_of_5(what: str, amount: int) -> int:
    """Souls data amounts are multiples of 5 (S-5): set-up damage and bonuses too."""
    if amount % 5:
        raise ValueError(f"{what} is a multiple of 5 (S-5), not {amount}")
    return amount


class BonusSetup(Frozen):
    stat: Literal["max_hp", "power"]
    amount: int
    duration: Literal["permanent", "end_of_turn"] = "permanent"

    @field_validator("amount")
    @classmethod
    def _in_steps_of_5(cls, amount: int) -> int:
        return in_steps_of_5("a bonus", amount)


class CardSetup(Frozen):
    """A card placed at set-up: ``card`` names it in the pool (or in the scenario's ``cards``)."""

    card: Name
    id: Name | None = None
    damage: int = Field(default=0, ge=0)
    captured: bool = False
    bonuses: tuple[BonusSetup, ...] = ()
    armament: tuple[CardSetup, ...] = ()
    attacked: bool = False

    @field_validator("damage")
    @classmethod
    def _in_steps_of_5(cls, damage: int) -> int:
        return in_steps_of_5("set-up damage", damage)


class PlayerSetup(Frozen):
    name: Name
    realm: CardSetup | None = None
    slots: dict[str, CardSetup] = {}
    ambushes: dict[str, CardSetup] = {}
    hand: tuple[CardSetup, ...] = ()
    elysium: tuple[CardSetup, ...] = ()
    exile: tuple[CardSetup, ...] = ()

    @model_validator(mode="after")
    def _slot_names(self) -> PlayerSetup:
        for slot in [*self.slots, *self.ambushes]:
            if not re.fullmatch(SLOT, slot):
                raise ValueError(f"slot {slot!r} is not a slot name like A1 or B2 (S-1)")
        return self


class SoulsSetup(Frozen):
    columns: int = Field(default=3, ge=1, le=26)
    rows: int = Field(default=2, ge=1, le=9)
    turn: int = Field(default=1, ge=1)
    turn_player: int = Field(default=0, ge=0, le=1)
    players: tuple[PlayerSetup, PlayerSetup]


class RecruitArgs(Frozen):
    card: Name
    slot: Name


class PlayArgs(Frozen):
    card: Name
    target: Name | None = None
    slot: Name | None = None


class ActivateArgs(Frozen):
    card: Name
    ability: int = Field(default=0, ge=0)
    target: Name | None = None


class SpringArgs(Frozen):
    card: Name
    target: Name | None = None


class AmountArgs(Frozen):
    target: Name
    amount: int = Field(ge=0)


class PayArgs(Frozen):
    card: Name
    amount: Annotated[int, Field(ge=0)] | Literal["10x_rank"] = "10x_rank"


class TargetArgs(Frozen):
    target: Name


class CardArgs(Frozen):
    card: Name


class BonusArgs(Frozen):
    target: Name
    stat: Literal["max_hp", "power"]
    amount: int
    duration: Literal["permanent", "end_of_turn"] = "permanent"


class EndTurnArgs(Frozen):
    """``end_turn`` takes no arguments: write ``- end_turn`` or ``- end_turn: {}``."""


class AttackArgs(Frozen):
    attacker: Name
    target: Name
    window: tuple[Action, ...] = ()


class Action(ScriptAction):
    """One script entry: exactly one action key, plus an optional label and expected error."""

    NESTED_KEY: ClassVar[str] = "window"  # attack.window

    recruit: RecruitArgs | None = None
    play: PlayArgs | None = None
    activate: ActivateArgs | None = None
    spring: SpringArgs | None = None
    attack: AttackArgs | None = None
    deal: AmountArgs | None = None
    heal: AmountArgs | None = None
    pay_hp: PayArgs | None = None
    capture: TargetArgs | None = None
    exile: TargetArgs | None = None
    bonus: BonusArgs | None = None
    detach: CardArgs | None = None
    end_turn: EndTurnArgs | None = None

    @model_validator(mode="before")
    @classmethod
    def _bare_end_turn(cls, data: object) -> object:
        # ``- end_turn`` (a bare string) reads better than ``- end_turn: {}``.
        if data == "end_turn":
            return {"end_turn": {}}
        if isinstance(data, dict) and "end_turn" in data and data["end_turn"] is None:
            return {**data, "end_turn": {}}
        return data

    def nested(self) -> tuple[Action, ...]:
        return self.attack.window if self.attack else ()

    def with_nested(self, nested: tuple[ScriptAction, ...]) -> Self:
        assert self.attack is not None
        return self.evolve(attack=self.attack.evolve(window=nested))


class CardExpect(Frozen):
    hp: int | None = None
    max_hp: int | None = None
    damage: int | None = None
    power: int | None = None
    captured: bool | None = None
    zone: Literal["hand", "slot", "realm", "elysium", "exile", "armament", "ambush"] | None = None
    slot: Name | None = None
    line: Literal["front", "back"] | None = None
    attached_to: Name | None = None


class Expectation(ExpectationBase):
    """Checked on the table after the action labelled ``at`` (or at the end)."""

    cards: dict[Name, CardExpect] = {}
    winner: Name | None = None  # a player's name, or "draw"


class SoulsScenario(Frozen):
    ruleset: Literal["souls"]
    title: str
    description: str = ""
    topic: str = ""  # a lesson's subject, by which the app groups lessons
    rules: tuple[str, ...] = Field(min_length=1)
    pool: str | None = "souls-starter"
    cards: tuple[CardDef, ...] = ()
    setup: SoulsSetup
    script: tuple[Action, ...] = ()
    expect: tuple[Expectation, ...] = ()
    expect_error: ExpectedError | None = None  # the script stops at this refusal
    branches: tuple[Branch[Action, Expectation], ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: object) -> object:
        check_written(data, Action)
        return data

    @model_validator(mode="after")
    def _labels_and_cards_are_unique(self) -> SoulsScenario:
        unique_labels(self.script)
        check_branches(self.script, self.branches)
        unique_names([card.name for card in self.cards])
        unique_names([player.name for player in self.setup.players], "players")
        return self


AttackArgs.model_rebuild()
