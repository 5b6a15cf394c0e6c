"""Tally scenario files: the counters each player starts with, a script, the expectations."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.branches import Branch, check_branches, check_written, unique_labels
from engine.frozen import Frozen
from engine.names import Name
from engine.script import (
    ExpectationBase,
    ExpectedError,
    ScriptAction,
    card_id,
    unique_names,
)


class PlayerSetup(Frozen):
    """A player and their counters."""

    name: Name
    """The player's name; the players' names differ."""
    counters: dict[Name, Annotated[int, Field(ge=0)]] = {}
    """Counter name: its count at the start (0 or more). Its id is the name in lower case with
    dashes (``Red Apples``: ``red-apples``), unique across the players."""
    life: int = Field(default=20, ge=1)
    """Their life at the start; hits take it down (T-5)."""


class TallySetup(Frozen):
    """The first table: the players and whose turn it is."""

    players: tuple[PlayerSetup, ...] = Field(min_length=1)
    """The players, in the order they take turns."""
    turn: int = Field(default=1, ge=1)
    """The turn number."""
    turn_player: int = Field(default=0, ge=0)
    """The index in ``players`` of the player whose turn it is."""

    @model_validator(mode="after")
    def _turn_player_plays(self) -> TallySetup:
        if self.turn_player >= len(self.players):
            raise ValueError(f"turn_player {self.turn_player} is not the index of a player")
        return self


class AddArgs(Frozen):
    """``add``: a count goes up (T-2)."""

    card: Name
    """The id of one of the turn player's counters (T-1, T-3)."""
    amount: int
    """How much: positive, else the rules refuse it (T-2)."""


class HitArgs(Frozen):
    """``hit``: another player's life goes down (T-5)."""

    player: Name
    """The name of a player other than the turn player, not knocked out."""
    amount: int
    """How much: positive, else the rules refuse it (T-5)."""


class CardArgs(Frozen):
    """A counter of the turn player's (T-3)."""

    card: Name
    """Its id."""


class EndTurnArgs(Frozen):
    """``end_turn`` takes no arguments: ``- end_turn: {}``."""


class Action(ScriptAction):
    """One script entry: exactly one action key, plus an optional label and expected error."""

    add: AddArgs | None = None
    """Add to a counter (T-2)."""
    hit: HitArgs | None = None
    """Hit another player (T-5)."""
    remove: CardArgs | None = None
    """Remove one of your counters from the game (T-6)."""
    end_turn: EndTurnArgs | None = None
    """End the turn (T-4)."""


class CardExpect(Frozen):
    """What a counter must be: only the fields given are compared."""

    count: int | None = None
    """Its count."""
    removed: bool | None = None
    """Whether it is out of the game (T-6)."""


class Expectation(ExpectationBase):
    """Checked on the table after the action labelled ``at`` (or at the end)."""

    cards: dict[Name, CardExpect] = {}
    """Counter id: what it must be (a failure reads ``apples count: expected 5, saw 3``)."""


class TallyScenario(Frozen):
    """A tally scenario file: counters set up, a script played on them, what must come of it."""

    ruleset: Literal["tally"]
    """Selects this format."""
    title: str
    """Shown by ``run``, ``check`` and the app."""
    description: str = ""
    """Shown by ``run`` under the title."""
    topic: str = ""
    """A lesson's subject."""
    rules: tuple[str, ...] = Field(min_length=1)
    """The rule ids the scenario shows."""
    setup: TallySetup
    """The first table."""
    script: tuple[Action, ...] = ()
    """Actions played in order."""
    expect: tuple[Expectation, ...] = ()
    """Checked by ``run`` and ``check``."""
    expect_error: ExpectedError | None = None
    """The script stops at its first refusal, which must cite this rule."""
    branches: tuple[Branch[Action, Expectation], ...] = ()
    """Other ways the scenario could go, each played and checked on its own timeline."""

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: object) -> object:
        check_written(data, Action)
        return data

    @model_validator(mode="after")
    def _unique(self) -> TallyScenario:
        unique_labels(self.script)
        check_branches(self.script, self.branches)
        unique_names([player.name for player in self.setup.players], "players")
        ids = [card_id(name) for player in self.setup.players for name in player.counters]
        unique_names(ids, "counter ids")
        return self
