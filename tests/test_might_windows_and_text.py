"""The might chain window (what it shows, whose written answers apply inside it), the chain in
the text picture of a table, and located YAML errors."""

from __future__ import annotations

from functools import partial

from engine.choices import Answer, Choice
from engine.might.scenario import Action
from engine.scenario import Playthrough
from engine.text import render_table
from engine.windows import Waiting
from tests.support.playthroughs import playthrough_of

CHAIN = """\
ruleset: might
title: Orders on the chain
rules: [M-4, M-7]
setup:
  players:
    - name: Alice
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 1}]
          doublers: [{id: twice}]
      hand: [{card: Spark}, {card: Bulwark}]
    - name: Bob
      units: [{card: Stone Whelp}]
"""

# Alice's written order for her sentinel: doubling first, then the 1-point ward (M-4)
SPARK = Action.model_validate(
    {
        "play": {"card": "spark", "target": "iron-sentinel"},
        "order": {"iron-sentinel": ["twice", "ward"]},
    }
)
BULWARK = Action.model_validate({"play": {"card": "bulwark", "target": "stone-whelp"}})
DEAL_ONE = Action.model_validate({"deal": {"target": "iron-sentinel", "amount": 1}})


playthrough = partial(playthrough_of, name="chain.yaml")


def nobody_asked(choice: Choice) -> Answer:
    raise AssertionError(f"the player was asked: {choice.prompt}")


def descriptions(play: Playthrough) -> list[str]:
    return [step.description for step in play.game.steps]


def test_the_chain_window_shows_the_chain_top_first_with_its_rules() -> None:
    # the exact prompt, pass label and rules of the chain window
    # (M-7, P-16: Reactions answer a spell on the chain; P-24: passing resolves it)
    play = playthrough(CHAIN)
    play.act(SPARK)
    play.act(BULWARK)
    assert play.waiting() == Waiting(
        kind="chain",
        players=("Alice", "Bob"),
        prompt="On the chain: bulwark targeting stone-whelp, then spark targeting "
        "iron-sentinel (the last one played resolves first): either player may answer with "
        "a Reaction; pass to resolve the chain",
        pass_label="Pass: resolve the chain",
        rules=("M-7", "P-16", "P-24"),
        since=1,
    )


def test_the_text_table_lists_the_chain_bottom_to_top() -> None:
    # render_table: chain items are separated by "; ", the last played last (M-7)
    play = playthrough(CHAIN)
    play.act(SPARK)
    play.act(BULWARK)
    assert render_table(play.game.table).splitlines()[-1] == (
        "Chain (top last): spark targeting iron-sentinel; bulwark targeting stone-whelp"
    )


def test_the_spells_written_order_answers_its_resolution_when_the_players_pass() -> None:
    # passing resolves the chain with the waiting spell's answers (M-4, P-24);
    # the player is not asked, and the file written from the actions replays the same timeline
    play = playthrough(CHAIN)
    play.act(SPARK, nobody_asked)
    play.proceed(nobody_asked)
    assert (
        "iron-sentinel takes 3 damage (2: Alice's order twice, then ward; twice (doubling) "
        "2 -> 4; ward (prevention) 4 -> 3, spent 1, 0 left); marked 0 -> 3"
    ) in descriptions(play)
    replay = playthrough(CHAIN)
    replay.run(play.actions)
    assert descriptions(replay) == descriptions(play)


def test_an_edit_inside_the_window_takes_the_spells_written_order() -> None:
    # an action played while the spell waits is answered from the inner
    # action, then from the spell, as in a file's responses (M-4, P-14)
    play = playthrough(CHAIN)
    play.act(SPARK, nobody_asked)
    play.act(DEAL_ONE, nobody_asked)
    assert descriptions(play)[-2] == (
        "iron-sentinel takes 1 damage (1: Alice's order twice, then ward; twice (doubling) "
        "1 -> 2; ward (prevention) 2 -> 1, spent 1, 0 left); marked 0 -> 1"
    )
    assert play.waiting() is not None  # the spell still waits
    replay = playthrough(CHAIN)
    replay.run(play.actions, leave_last_open=True)
    assert descriptions(replay) == descriptions(play)
