"""The whole-state helper sees every part of a game: each change below must show."""

from __future__ import annotations

import doctest
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.choices import Answer, Choice, default_chooser
from engine.might.game import MightGame
from engine.might.table import Combat
from engine.scenario import Playthrough, game_from_yaml, validate_scenario
from engine.souls.core import PendingTrigger
from engine.souls.game import SoulsGame
from engine.souls.scenario import Action
from engine.yaml_source import YamlSource
from tests.support import game_state
from tests.support.game_state import whole_state
from tests.support.might_tables import TABLE
from tests.support.souls_tables import scenario_text


def another_chooser(choice: Choice) -> Answer:
    return default_chooser(choice)


def a_pending_trigger(game: SoulsGame) -> None:
    ability = game.table.definition("ember-imp").abilities[0]
    game.pending.append(PendingTrigger("ember-imp", ability, None))


SOULS: dict[str, tuple[Callable[[SoulsGame], object], list[str]]] = {
    "table": (lambda g: g.deal("sylva", 5), ["_baseline", "steps", "table", "saved"]),
    "phase": (lambda g: setattr(g, "phase", (*g.phase, "Battle 9")), ["phase"]),
    "pending": (a_pending_trigger, ["pending", "saved"]),
    "battle": (lambda g: setattr(g, "battle", ("sylva", "ember-imp")), ["battle", "saved"]),
    "battles": (lambda g: setattr(g, "_battles", 3), ["_battles", "saved"]),
    "baseline": (
        lambda g: setattr(g, "_baseline", g.steps[0].table.evolve(turn=2)),
        ["_baseline", "saved"],
    ),
    "a step dropped": (lambda g: g.steps.pop(), ["steps"]),
}


@pytest.mark.parametrize("part", SOULS)
def test_every_part_of_a_souls_game_shows(part: str) -> None:
    game = game_from_yaml(scenario_text())
    game.deal("fading-wisp", 5)
    before = whole_state(game)
    change, names = SOULS[part]
    change(game)
    assert whole_state(game) != before
    assert whole_state(game).differences(before) == names


MIGHT: dict[str, tuple[Callable[[MightGame], object], list[str]]] = {
    "chain": (lambda g: g.play("spark", "stone-whelp"), ["steps", "table"]),
    "combat": (
        lambda g: setattr(
            g,
            "table",
            g.table.evolve(combat=Combat(battlefield=0, attacker=0, attackers=(), defenders=())),
        ),
        ["table"],
    ),
    "id counter": (lambda g: setattr(g, "table", g.table.evolve(next_id=99)), ["table"]),
    "chooser": (lambda g: setattr(g, "chooser", another_chooser), ["chooser"]),
}


@pytest.mark.parametrize("part", MIGHT)
def test_every_part_of_a_might_game_shows(part: str) -> None:
    game = game_from_yaml(TABLE)
    before = whole_state(game)
    change, names = MIGHT[part]
    change(game)
    assert whole_state(game).differences(before) == names


def test_a_playthrough_shows_its_actions_its_window_and_the_chooser_answers() -> None:
    source = YamlSource(Path("t.yaml"), scenario_text())
    play = Playthrough(validate_scenario(source), source)
    before = whole_state(play)
    play.act(Action.model_validate({"attack": {"attacker": "sylva", "target": "ember-imp"}}))
    assert whole_state(play).differences(before) == [
        "_open_since",
        "actions",
        "driver",
        "open",
        "runner",
        "window_points",
    ]
    might_source = YamlSource(Path("m.yaml"), TABLE)
    might = Playthrough(validate_scenario(might_source), might_source)
    before = whole_state(might)
    might.driver.chooser.used[(1, "order", "stone-whelp")] = 1  # type: ignore[attr-defined]
    assert whole_state(might).differences(before) == ["driver"]  # a use count left behind


def test_a_change_in_place_shows() -> None:
    game = game_from_yaml(scenario_text())
    before = whole_state(game)
    game.steps.append(game.steps[0])  # the same list, one more step
    assert whole_state(game).differences(before) == ["steps"]


def test_the_helpers_example_runs() -> None:
    result = doctest.testmod(game_state, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
