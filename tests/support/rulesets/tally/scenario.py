"""Tally scenario files: the counters each player starts with, a script, the expectations."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.frozen import Frozen
from engine.names import Name
from engine.scenario_fields import ScenarioFields
from engine.script import ExpectationBase, ScriptAction, card_id, unique_names
from tally.verbs import VERBS


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


class TallyAction(ScriptAction):
    """One script entry: exactly one verb (``tally.verbs``), plus an optional label and
    expected error."""


Action = TallyAction.with_verbs(VERBS)


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


class TallyScenario(ScenarioFields[TallySetup, Action, Expectation]):
    """A tally scenario file: counters set up, a script played on them, what must come of it."""

    ruleset: Literal["tally"]

    @model_validator(mode="after")
    def _players_and_counters_named_once(self) -> TallyScenario:
        unique_names([player.name for player in self.setup.players], "players")
        ids = [card_id(name) for player in self.setup.players for name in player.counters]
        unique_names(ids, "counter ids")
        return self
