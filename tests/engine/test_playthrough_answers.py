"""Acting through a file one action at a time, as the app does, writes the player's answers into
the actions it returns; replaying those actions gives the same timeline, with the same action
ends (engine/scenario.py ``Playthrough.act``, ``MightPlay.answered``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.scenario import Playthrough, load_scenario, scenario_files, without_answers

FILES = scenario_files([SCENARIOS, LESSONS])


class NotTheDefault:
    """A player who orders a unit's replacements last-created first (the default is created
    first) the first time, then as the default, then reversed again: when one action asks
    twice for the same unit, the answers differ and the action must keep both. Of a trigger's
    targets it picks the last legal unit (the default is the first)."""

    def __init__(self) -> None:
        self.asked: dict[str, int] = {}

    def __call__(self, choice: Choice) -> Answer:
        if choice.kind == "targets" and len(choice.options) > 1:
            return (choice.options[-1],)
        if choice.kind != "replacement_order" or len(choice.default) < 2:
            return choice.default
        times = self.asked[choice.subject] = self.asked.get(choice.subject, 0) + 1
        # the second time the default's order, chosen: a new tuple (``is_default``)
        return tuple(reversed(choice.default)) if times % 2 else (*choice.default,)  # type: ignore[arg-type]


def timeline(play: Playthrough) -> list[str]:
    return [f"{step.description} {step.rules}" for step in play.game.steps]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_acting_writes_the_answers_and_a_replay_matches(path: Path) -> None:
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    for action in scenario.script:
        try:
            written = play.act(without_answers(action), NotTheDefault(), open_windows=False)
        except RuleError:
            continue  # a refusal the file expects: nothing changed
        assert play.actions[-1] is written
        assert play.runner.ends[-1] == len(play.game.steps) - 1
    replay = Playthrough(scenario, source)
    replay.run(play.actions)
    assert timeline(replay) == timeline(play)
    assert replay.runner.ends == play.runner.ends


def test_a_reversed_order_is_written_into_the_action() -> None:
    path = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    written = [
        play.act(without_answers(action), NotTheDefault(), open_windows=False)
        for action in scenario.script
    ]
    orders = [action.order for action in written if getattr(action, "order", None)]
    assert orders, "no order was asked"
    replay = Playthrough(scenario, source)
    replay.run(written)
    assert timeline(replay) == timeline(play)
    default = Playthrough(scenario, source)
    default.run([without_answers(action) for action in written])
    assert timeline(default) != timeline(play)  # the written orders are not the defaults


TWICE = """\
ruleset: might
title: One spell, two hits, two orders
rules: [M8]
cards:
  - name: Double Tap
    kind: spell
    text: Deal 1 damage to a unit, then 1 more.
    target: {side: any}
    effects:
      - {do: damage, amount: 1}
      - {do: damage, amount: 1}
setup:
  players:
    - name: Alice
      hand: [{card: Double Tap}]
    - name: Bob
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 3}]
          doublers: [{id: twice}]
script:
  - play: {card: double-tap, target: iron-sentinel}
"""


def test_two_different_orders_for_one_unit_in_one_action_are_both_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text(TWICE)
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    [action] = scenario.script
    written = play.act(action, NotTheDefault(), open_windows=False)
    assert getattr(written, "order", None) == {
        "iron-sentinel": (("twice", "ward"), ("ward", "twice"))
    }
    replay = Playthrough(scenario, source)
    replay.run([written])
    assert timeline(replay) == timeline(play)


def test_a_triggers_chosen_target_is_written_into_the_play_that_opens_the_chain() -> None:
    """A unit played with the chain left open (as the app plays it) asks its "when played"
    trigger's target then: the answer is written into that play, so a saved game replays it
    (P-41; found by the fuzz harness, might seed 2026 game 41)."""
    path = SCENARIOS / "might" / "P-41-chosen-targets.yaml"
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    written = play.act(without_answers(scenario.script[0]), NotTheDefault(), open_windows=True)
    assert play.open
    assert getattr(written, "targets", None) == {"sharpshooter": ("thornback",)}
    play.proceed()
    replay = Playthrough(scenario, source)
    replay.run(play.actions)
    assert timeline(replay) == timeline(play)
