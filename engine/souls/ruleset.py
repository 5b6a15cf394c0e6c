"""The souls ruleset as the rest of the program sees it (``engine.ruleset``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.changes import Change
from engine.frozen import Frozen
from engine.ruleset import Invariants, Ruleset
from engine.script import ExpectationBase, Location, ScriptAction
from engine.setup_places import Place, PoolCard, Setting
from engine.souls import runner, setup_places
from engine.souls.changes import SOULS_CHANGES
from engine.souls.invariants import SoulsInvariants
from engine.souls.scenario import Action, SoulsScenario
from engine.souls.table import SoulsTable
from engine.souls.text import render_table
from engine.timeline import Step
from engine.yaml_source import YamlSource


class SoulsRuleset(Ruleset[SoulsTable]):
    name: ClassVar[str] = "souls"
    scenario: ClassVar[type[Frozen]] = SoulsScenario
    action: ClassVar[type[ScriptAction]] = Action
    invariants: ClassVar[Invariants] = SoulsInvariants()
    fact_words: ClassVar[dict[str, str]] = {"max_hp": "max HP"}
    setup_facts: ClassVar[Mapping[str, str]] = {"hp": "HP", "max_hp": "max HP", "power": "power"}
    changes: ClassVar[tuple[type[Change], ...]] = SOULS_CHANGES

    def play(self, scenario: Any, source: YamlSource) -> runner.SoulsPlay:
        return runner.SoulsPlay(scenario, source)

    def card_misses(
        self, step: Step[SoulsTable], expectation: ExpectationBase
    ) -> list[tuple[Location, str]]:
        return runner.card_misses(step, expectation)

    def card_facts(self, table: SoulsTable, uid: str) -> dict[str, object]:
        facts = runner.card_facts(table, uid)
        facts["bonuses"] = ", ".join(b.describe() for b in table.cards[uid].bonuses) or "none"
        return facts

    def table_facts(self, table: SoulsTable) -> dict[str, object]:
        return {
            "turn": table.turn,
            "turn player": table.players[table.turn_player].name,
            "result": table.result(),
        } | {f"{player.name}'s deck": len(player.deck) for player in table.players}

    def table_expectation(self, table: SoulsTable) -> dict[str, object]:
        return {
            "turn": table.turn,
            "deck": {player.name: len(player.deck) for player in table.players},
            "winner": runner.winner_of(table),
        }

    def render_table(self, table: SoulsTable) -> str:
        return render_table(table)

    # The set-up editor (``engine.setup_edits``), in ``engine.souls.setup_places``.
    def new_setup(self, players: Sequence[str]) -> dict[str, Any] | None:
        return setup_places.new_setup(players)

    def setup_places(self, setup: Mapping[str, Any]) -> list[Place]:
        return setup_places.setup_places(setup)

    def card_settings(self, place: Place) -> tuple[Setting, ...]:
        return setup_places.card_settings(place)

    def pool_card(self, card: Any) -> PoolCard:
        return setup_places.pool_card(card)


RULESET = SoulsRuleset()
