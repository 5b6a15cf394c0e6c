"""The might ruleset as the rest of the program sees it (``engine.ruleset``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.changes import Change
from engine.choices import Chooser, default_chooser
from engine.frozen import Frozen
from engine.might import runner, setup_places
from engine.might.changes import MIGHT_CHANGES
from engine.might.game import MightGame
from engine.might.invariants import MightInvariants
from engine.might.scenario import Action, MightScenario
from engine.might.table import MightTable
from engine.might.text import render_table
from engine.might.verbs import Combat
from engine.ruleset import Invariants, Ruleset
from engine.script import ExpectationBase, Location, ScriptAction
from engine.setup_places import Place, PoolCard, Setting
from engine.timeline import Step
from engine.yaml_source import YamlSource


class MightRuleset(Ruleset[MightTable]):
    name: ClassVar[str] = "might"
    scenario: ClassVar[type[Frozen]] = MightScenario
    action: ClassVar[type[ScriptAction]] = Action
    invariants: ClassVar[Invariants] = MightInvariants()
    fact_words: ClassVar[dict[str, str]] = {"cant_be_dealt_damage": "can't be dealt damage"}
    setup_facts: ClassVar[Mapping[str, str]] = {"might": "Might"}
    changes: ClassVar[tuple[type[Change], ...]] = MIGHT_CHANGES
    choices: ClassVar[Mapping[str, str]] = {
        "replacement_order": "the order of the replacement effects on one damage event (M8, M-4)",
        "assignment": "how a side's combat damage is assigned among the enemy units (M-10)",
        "targets": "the units a spell or an ability targets (P-41)",
        "split": "how an effect's damage is divided among the units it reaches (P-77)",
        "pick": "the deck cards looked at that go into the hand, and the order of the rest at "
        "the bottom (P-109)",
        "battlefield": "the battlefield a triggered ability's `to: chosen` move goes to (P-74)",
    }

    def play(self, scenario: Any, source: YamlSource) -> runner.MightPlay:
        return runner.MightPlay(scenario, source)

    def game(
        self, scenario: Any, source: YamlSource, chooser: Chooser = default_chooser
    ) -> MightGame:
        return MightGame(runner.TableBuilder(scenario, source).build(), chooser)

    def card_misses(
        self, step: Step[MightTable], expectation: ExpectationBase
    ) -> list[tuple[Location, str]]:
        return runner.card_misses(step, expectation)

    def card_facts(self, table: MightTable, uid: str) -> dict[str, object]:
        facts = runner.unit_facts(table, uid)
        facts["modifiers"] = ", ".join(m.describe() for m in table.cards[uid].modifiers) or "none"
        return facts

    def table_facts(self, table: MightTable) -> dict[str, object]:
        """Every fact of the table beside its cards' that the app shows: whose turn, each rune
        pool and deck, who holds each battlefield, the chain's length, the scores (P-110)."""
        names = [player.name for player in table.players]
        return (
            {"turn": table.turn, "turn player": names[table.turn_player]}
            | {f"{player.name}'s runes": player.runes for player in table.players}
            | {f"{player.name}'s deck": len(player.deck) for player in table.players}
            | {
                f"{b.name} holder": "nobody" if b.holder is None else names[b.holder]
                for b in table.battlefields
            }
            | {"chain": len(table.chain)}
            | ({f"{p.name}'s score": p.score for p in table.players} if table.scoring else {})
        )

    def table_expectation(self, table: MightTable) -> dict[str, object]:
        names = [player.name for player in table.players]
        return {
            "turn": table.turn,
            "runes": {player.name: player.runes for player in table.players},
            "holders": {
                b.name: None if b.holder is None else names[b.holder] for b in table.battlefields
            },
            "chain": len(table.chain),
            "deck": {player.name: len(player.deck) for player in table.players},
        } | ({"score": {p.name: p.score for p in table.players}} if table.scoring else {})

    def render_table(self, table: MightTable) -> str:
        return render_table(table)

    def without_answers(self, action: ScriptAction) -> ScriptAction:
        """The order of replacements, the targets and battlefields of triggers and the combat
        assignment taken out (M-4, P-41, P-74, M-10)."""
        assert isinstance(action, Action)
        combat = action.verb
        if isinstance(combat, Combat):
            unanswered = Combat.model_fields["assign"].get_default(call_default_factory=True)
            action = action.with_verb(combat.evolve(assign=unanswered))
        return action.evolve(order=None, targets=None, to=None)

    # The set-up editor (``engine.setup_edits``), in ``engine.might.setup_places``.
    def new_setup(self, players: Sequence[str]) -> dict[str, Any] | None:
        return setup_places.new_setup(players)

    def setup_places(self, setup: Mapping[str, Any]) -> list[Place]:
        return setup_places.setup_places(setup)

    def card_settings(self, place: Place) -> tuple[Setting, ...]:
        return setup_places.card_settings(place)

    def pool_card(self, card: Any) -> PoolCard:
        return setup_places.pool_card(card)

    def table_settings(self, setup: Mapping[str, Any]) -> list[Setting]:
        return super().table_settings(setup) + setup_places.table_settings(setup)


RULESET = MightRuleset()
