"""Tally as the rest of the program sees it (``engine.ruleset``): its play of a scenario, how
expectations and comparisons read its tables, its table in text, and its invariants. The
``cardtable.rulesets`` entry point names ``RULESET``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from engine.changes import Change
from engine.frozen import Frozen
from engine.ruleset import AsksNothing, Broken, Invariants, Ruleset, at
from engine.script import (
    ExpectationBase,
    Location,
    ScriptAction,
    ScriptRunner,
    card_fact_misses,
    card_id,
)
from engine.setup_places import Place, PoolCard, Setting
from engine.timeline import Recorder, Step
from engine.windows import Waiting
from engine.yaml_source import YamlSource
from tally.changes import KnockedOut
from tally.game import OUT, Counter, Player, TallyGame, TallyTable
from tally.scenario import Action, Expectation, TallyScenario

HERE = Path(__file__).parent
# The counters the set-up editor offers: a counter is any name, these are the usual ones.
COUNTERS = ("Apples", "Pears", "Red Plums", "Cherries")
COUNT = "count"  # a counter's number, as its entry in the set-up editor names it


def first_table(scenario: TallyScenario) -> TallyTable:
    """The table the set-up describes: step 0 of every timeline."""
    setup = scenario.setup
    cards = {
        card_id(name): Counter(uid=card_id(name), name=name, owner=owner, count=count)
        for owner, player in enumerate(setup.players)
        for name, count in player.counters.items()
    }
    players = tuple(Player(name=player.name, life=player.life) for player in setup.players)
    return TallyTable(players=players, cards=cards, turn=setup.turn, turn_player=setup.turn_player)


class TallyPlay(AsksNothing):
    """A tally game driven by script actions (``engine.ruleset.RulesetPlay``). No action waits
    for the players and none leaves a choice open."""

    def __init__(self, scenario: TallyScenario) -> None:
        self.game = TallyGame(first_table(scenario))

    def perform(self, action: ScriptAction, place: Location, runner: ScriptRunner) -> None:
        action.verb.act(self.game)

    def verify(self, action: ScriptAction) -> None:
        action.verb.verify(self.game)

    # The windows (``engine.windows``): as ``opens`` is never true, nothing waits, so a
    # Playthrough never opens, plays inside or closes one.
    def opens(self, action: ScriptAction) -> bool:
        return False

    def waiting(self, since: int) -> Waiting | None:
        return None

    def open(self, action: ScriptAction) -> None:
        raise NotImplementedError("no tally action waits")

    def inside(
        self, outer: ScriptAction, action: ScriptAction, place: Location, runner: ScriptRunner
    ) -> None:
        raise NotImplementedError("no tally action waits")

    def close(self, outer: ScriptAction) -> list[Step]:
        raise NotImplementedError("no tally action waits")

    def verify_close(self, outer: ScriptAction) -> None:
        raise NotImplementedError("no tally action waits")


class TallyInvariants(Invariants[TallyTable]):
    """What ``cardtable fuzz`` checks in every tally game besides the shared invariants."""

    def step(self, steps: Sequence[Step[TallyTable]], index: int) -> Iterator[Broken]:
        step, before = steps[index], steps[index - 1].table
        table = step.table
        for card in table.cards.values():
            if card.count < 0:
                yield (
                    "counts never negative",
                    f"{at(step)}: {card.uid} counts {card.count}",
                    {"cards": {card.uid: {"count": 0}}},
                )
            if card.count < before.cards[card.uid].count:
                yield (
                    "counts never go down",
                    f"{at(step)}: {card.uid} went from {before.cards[card.uid].count} to "
                    f"{card.count}",
                    {"cards": {card.uid: {"count": before.cards[card.uid].count}}},
                )

    def settled(self, game: Recorder[TallyTable]) -> Iterator[Broken]:
        table = game.table
        if not 0 <= table.turn_player < len(table.players):
            yield "the turn player plays", f"turn player {table.turn_player}", None


class TallyRuleset(Ruleset[TallyTable]):
    name: ClassVar[str] = "tally"
    scenario: ClassVar[type[Frozen]] = TallyScenario
    action: ClassVar[type[ScriptAction]] = Action
    invariants: ClassVar[Invariants] = TallyInvariants()
    summaries: ClassVar[Path | None] = HERE / "rules.yaml"
    changes: ClassVar[tuple[type[Change], ...]] = (KnockedOut,)

    def play(self, scenario: Any, source: YamlSource) -> TallyPlay:
        return TallyPlay(scenario)

    def card_misses(
        self, step: Step[TallyTable], expectation: ExpectationBase
    ) -> list[tuple[Location, str]]:
        assert isinstance(expectation, Expectation)
        table = step.table
        return card_fact_misses(expectation.cards, partial(self.card_facts, table))

    def card_facts(self, table: TallyTable, uid: str) -> dict[str, object]:
        card = table.cards[uid]
        return {
            "count": card.count,
            "owner": table.players[card.owner].name,
            "removed": card.removed,
        }

    def table_facts(self, table: TallyTable) -> dict[str, object]:
        lives = {f"{player.name} life": player.life for player in table.players}
        return {"turn": table.turn, "turn player": table.players[table.turn_player].name, **lives}

    def render_table(self, table: TallyTable) -> str:
        lines = [f"Turn {table.turn}, {table.players[table.turn_player].name} to play"]
        for owner, player in enumerate(table.players):
            counts = [
                f"{c.uid} {c.count}" + (f" ({OUT})" if c.removed else "")
                for c in table.cards.values()
                if c.owner == owner
            ]
            lines.append(
                f"{player.name} (life {player.life}): {', '.join(counts) or 'no counters'}"
            )
        return "\n".join(lines)

    def examples(self) -> Path:
        return HERE / "examples"

    # The set-up editor (``engine.setup_edits``): each player's counters, ``NAME: COUNT``.
    def new_setup(self, players: Sequence[str]) -> dict[str, Any] | None:
        return {"players": [{"name": name} for name in players]}

    def setup_places(self, setup: Mapping[str, Any]) -> list[Place]:
        return [
            Place(
                f"{player['name']}: counters",
                ("players", index, "counters"),
                index,
                named=COUNT,
                zone=(index, "counters"),  # the player's row of the table (``tally_app.view``)
            )
            for index, player in enumerate(setup["players"])
        ]

    def card_settings(self, place: Place) -> tuple[Setting, ...]:
        return (Setting((COUNT,), "Count"),)

    def table_settings(self, setup: Mapping[str, Any]) -> list[Setting]:
        lives = [
            Setting(("players", index, "life"), f"{player['name']}'s life", default=20, minimum=1)
            for index, player in enumerate(setup["players"])
        ]
        return super().table_settings(setup) + lives

    def pool_cards(self, scenario: Any, source: YamlSource) -> list[PoolCard]:
        text = "A counter: its owner adds to it on their turn (T-2, T-3)."
        return [PoolCard(name, "counter", text) for name in COUNTERS]


RULESET = TallyRuleset()
