"""Might scenario files: set-up, a script of actions (with the players' choices) and expectations.

The format is documented in docs/scenarios.md; ``cardtable schema`` prints its JSON Schema.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Self

from pydantic import Field, model_validator

from engine.branches import Branch, check_branches, check_written
from engine.choices import Assigned
from engine.frozen import Frozen
from engine.might.cards import Duration, MightCardDef, Scope
from engine.names import Name
from engine.script import (
    ExpectationBase,
    ExpectedError,
    ScriptAction,
    unique_labels,
    unique_names,
)


class ModifierSetup(Frozen):
    amount: int
    duration: Duration = "this_turn"


class ShieldSetup(Frozen):
    id: Name | None = None
    value: Annotated[int, Field(ge=0)] | Literal["all"]
    remaining: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _remaining_within_value(self) -> ShieldSetup:
        if self.remaining is not None and (self.value == "all" or self.remaining > self.value):
            raise ValueError("remaining prevention cannot exceed the shield's value (M3)")
        return self

    duration: Duration = "this_turn"
    scope: Scope = "all"


class DoublerSetup(Frozen):
    id: Name | None = None
    duration: Duration = "this_turn"
    scope: Scope = "all"


class ThresholdSetup(Frozen):
    threshold: int = Field(ge=1)
    duration: Duration = "this_turn"


class UnitSetup(Frozen):
    """A card at set-up; on the table ``at`` is ``base`` or a battlefield's name."""

    card: Name
    id: Name | None = None
    at: Name = "base"
    damage: int = Field(default=0, ge=0)
    exhausted: bool = False
    might: tuple[ModifierSetup, ...] = ()
    shields: tuple[ShieldSetup, ...] = ()
    doublers: tuple[DoublerSetup, ...] = ()
    lethal: ThresholdSetup | None = None


class BonusDamageSetup(Frozen):
    amount: int
    scope: Scope = "spell"
    duration: Duration = "this_turn"


class CardSetup(Frozen):
    """A card off the table (hand, trash): no damage or effects on it (M-6)."""

    card: Name
    id: Name | None = None


class MightPlayerSetup(Frozen):
    name: Name
    runes: int = Field(default=0, ge=0)
    units: tuple[UnitSetup, ...] = ()
    hand: tuple[CardSetup, ...] = ()
    trash: tuple[CardSetup, ...] = ()
    bonus_damage: tuple[BonusDamageSetup, ...] = ()


class MightSetup(Frozen):
    battlefields: tuple[Name, ...] = ("Battlefield 1", "Battlefield 2")
    turn: int = Field(default=1, ge=1)
    turn_player: int = Field(default=0, ge=0, le=1)
    players: tuple[MightPlayerSetup, MightPlayerSetup]


class PlayArgs(Frozen):
    card: Name
    target: Name | None = None
    responses: tuple[Action, ...] = ()


class UnitArgs(Frozen):
    unit: Name


class MoveArgs(Frozen):
    unit: Name
    to: Name


class CombatArgs(Frozen):
    """``assign``: player name -> the enemy units in the order damage is assigned to them, each
    once with all it gets (M-10)."""

    battlefield: Name
    assign: dict[Name, tuple[Assigned, ...]] = {}


class DealArgs(Frozen):
    target: Name
    amount: int = Field(ge=0)
    kind: Literal["spell", "combat", "ability"] = "spell"
    bonus: int = 0


class TargetArgs(Frozen):
    target: Name


class MightArgs(Frozen):
    target: Name
    amount: int
    duration: Duration = "this_turn"


class ShieldArgs(Frozen):
    target: Name
    id: Name | None = None  # the name of the shield it creates (else e<n>)
    value: Annotated[int, Field(ge=0)] | Literal["all"]
    duration: Duration = "this_turn"
    scope: Scope = "all"


class DoubleArgs(Frozen):
    target: Name
    id: Name | None = None  # the name of the doubler it creates (else e<n>)
    duration: Duration = "this_turn"
    scope: Scope = "all"


class ThresholdArgs(Frozen):
    target: Name
    threshold: int = Field(ge=1)
    duration: Duration = "this_turn"


class BonusDamageArgs(Frozen):
    player: Name
    amount: int
    scope: Scope = "spell"
    duration: Duration = "this_turn"


class RunesArgs(Frozen):
    player: Name
    amount: int = Field(ge=0)


class NoArgs(Frozen):
    """An action without arguments: ``- end_turn`` or ``- end_turn: {}``."""


Order = tuple[Name, ...]


class Action(ScriptAction):
    """One script entry: exactly one action key; ``order`` answers replacement-order choices
    (damaged unit id -> effect ids, or a list of such orders, one per damage event in turn)
    for everything this action causes."""

    QUALIFIERS: ClassVar[tuple[str, ...]] = ("label", "expect_error", "order")
    NESTED_KEY: ClassVar[str] = "responses"  # play.responses

    order: dict[Name, Order | tuple[Order, ...]] | None = None
    play: PlayArgs | None = None
    resolve: NoArgs | None = None
    move: MoveArgs | None = None
    recall: UnitArgs | None = None
    ready: UnitArgs | None = None
    exhaust: UnitArgs | None = None
    return_to_hand: UnitArgs | None = None
    combat: CombatArgs | None = None
    end_turn: NoArgs | None = None
    deal: DealArgs | None = None
    heal: TargetArgs | None = None
    might: MightArgs | None = None
    shield: ShieldArgs | None = None
    double: DoubleArgs | None = None
    lethal: ThresholdArgs | None = None
    bonus_damage: BonusDamageArgs | None = None
    add_runes: RunesArgs | None = None

    @model_validator(mode="before")
    @classmethod
    def _bare_actions(cls, data: object) -> object:
        if data in ("end_turn", "resolve"):
            return {data: {}}
        if isinstance(data, dict):
            return {
                k: ({} if k in ("end_turn", "resolve") and v is None else v)
                for k, v in data.items()
            }
        return data

    def nested(self) -> tuple[Action, ...]:
        return self.play.responses if self.play else ()

    def with_nested(self, nested: tuple[ScriptAction, ...]) -> Self:
        assert self.play is not None
        return self.evolve(play=self.play.evolve(responses=nested))


class UnitExpect(Frozen):
    might: int | None = None
    damage: int | None = None
    lethal: bool | None = None
    zone: Literal["hand", "base", "battlefield", "chain", "trash"] | None = None
    at: Name | None = None
    exhausted: bool | None = None
    shields: dict[Name, int | Literal["all"]] | None = None
    doublers: int | None = None


class Expectation(ExpectationBase):
    cards: dict[Name, UnitExpect] = {}
    runes: dict[Name, int] = {}
    holders: dict[Name, Name | None] = {}
    chain: int | None = None


class MightScenario(Frozen):
    ruleset: Literal["might"]
    title: str
    description: str = ""
    topic: str = ""  # a lesson's subject, by which the app groups lessons
    rules: tuple[str, ...] = Field(min_length=1)
    pool: str | None = "might-starter"
    cards: tuple[MightCardDef, ...] = ()
    setup: MightSetup
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
    def _labels_and_cards_are_unique(self) -> MightScenario:
        unique_labels(self.script)
        check_branches(self.script, self.branches)
        unique_names([card.name for card in self.cards])
        unique_names([player.name for player in self.setup.players], "players")
        return self


PlayArgs.model_rebuild()
