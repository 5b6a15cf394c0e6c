"""The chain (M5, M-7, P-12, P-16, P-24): spells and triggers wait on it, Reactions answer
them, passing resolves it, and whose written answers apply."""

from __future__ import annotations

from functools import partial

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.scenario import Playthrough, game_from_yaml
from engine.text import render_table
from engine.timeline import Cause
from engine.windows import Waiting
from tests.support.might_tables import TABLE, TRIGGERS, TRIGGERS_WITH_SPARK
from tests.support.playthroughs import playthrough_of


@pytest.mark.rule("M5", "M-7")
def test_spell_waits_on_the_chain_for_a_reaction() -> None:
    game = game_from_yaml(TABLE)
    game.deal("stone-whelp", 1)
    game.play("spark", "stone-whelp")
    assert game.can_play("bulwark", "stone-whelp")
    assert not game.can_play("enfeeble", "stone-whelp")  # a normal spell needs an empty chain
    game.play("bulwark", "stone-whelp")
    game.resolve()
    assert game.table.cards["stone-whelp"].damage == 1  # Bulwark resolved first and prevented 2
    with pytest.raises(RuleError) as error:
        game.play("quick-mend", "stone-whelp")  # no window once the chain is empty
    assert error.value.rule == "M-7"


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


@pytest.mark.rule("M-7", "P-16", "P-24")
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


@pytest.mark.rule("M-7")
def test_the_text_table_lists_the_chain_bottom_to_top() -> None:
    # render_table: chain items are separated by "; ", the last played last (M-7)
    play = playthrough(CHAIN)
    play.act(SPARK)
    play.act(BULWARK)
    assert render_table(play.game.table).splitlines()[-1] == (
        "Chain (top last): spark targeting iron-sentinel; bulwark targeting stone-whelp"
    )


@pytest.mark.rule("M-4", "P-24")
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


@pytest.mark.rule("M-4", "P-14")
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


@pytest.mark.rule("M-7")
def test_a_combat_cannot_start_while_a_spell_waits_on_the_chain() -> None:
    """Starting a combat while the chain is not empty is refused, naming the action (M-7)."""
    game = game_from_yaml(TRIGGERS_WITH_SPARK)
    game.play("spark", "spite-totem")
    assert game.table.chain
    expected = "cannot start combat while the chain is not empty; resolve it first (rule M-7)"
    with pytest.raises(RuleError) as verified:
        game.verify_combat(0)
    assert str(verified.value) == expected
    assert game.can_combat(0) is False
    with pytest.raises(RuleError) as refused:
        game.combat(0)
    assert refused.value.rule == "M-7"
    assert str(refused.value) == expected


@pytest.mark.rule("M-7")
def test_moving_a_unit_while_a_spell_waits_on_the_chain_is_refused_by_name() -> None:
    """A unit's own actions wait for an empty chain; the refusal names the action (M-7)."""
    game = game_from_yaml(TRIGGERS_WITH_SPARK)
    game.play("spark", "spite-totem")
    with pytest.raises(RuleError) as refused:
        game.move("stone-whelp", 1)
    assert str(refused.value) == (
        "cannot move stone-whelp while the chain is not empty; resolve it first (rule M-7)"
    )


@pytest.mark.rule("M-7", "M-11")
def test_an_unnamed_trigger_is_labelled_by_when_it_fires() -> None:
    """A triggered ability without a name goes on the chain as "when takes damage", caused by
    its unit's trigger (M-7, M-11)."""
    game = game_from_yaml(TRIGGERS.replace("        name: Spite\n", ""))
    pushed = game.deal("spite-totem", 1)[1]
    assert pushed.description == "spite-totem triggers: when takes damage (goes on the chain)"
    assert pushed.cause == Cause(
        kind="trigger", card="spite-totem", text="spite-totem: when takes damage"
    )


@pytest.mark.rule("M-7")
def test_resolving_an_empty_chain_is_refused_in_full() -> None:
    """Both players passing with nothing on the chain is refused, saying why (M-7)."""
    game = game_from_yaml(TRIGGERS)
    expected = "the chain is empty: there is nothing to resolve (rule M-7)"
    with pytest.raises(RuleError) as verified:
        game.verify_resolve()
    assert str(verified.value) == expected
    assert game.can_resolve() is False
    with pytest.raises(RuleError) as refused:
        game.resolve()
    assert refused.value.rule == "M-7"
    assert str(refused.value) == expected


@pytest.mark.rule("M-7")
def test_a_second_normal_spell_waits_for_an_empty_chain_naming_the_card() -> None:
    """A normal spell cannot be played while another waits on the chain; the refusal names the
    card played (M-7)."""
    game = game_from_yaml(
        TRIGGERS_WITH_SPARK.replace(
            "hand: [{card: Spark}]", "hand: [{card: Spark}, {card: Spark, id: x}]"
        )
    )
    game.play("spark", "spite-totem")
    assert [item.card for item in game.table.chain] == ["spark"]
    expected = "cannot play x while the chain is not empty; resolve it first (rule M-7)"
    with pytest.raises(RuleError) as refused:
        game.play("x", "spite-totem")
    assert refused.value.rule == "M-7"
    assert str(refused.value) == expected
    assert game.can_play("x", "spite-totem") is False
    assert game.table.cards["x"].zone == "hand"


MARTYRS = """\
ruleset: might
title: Martyrs
rules: [M-8, P-12]
cards:
  - name: Firestorm
    kind: spell
    effects:
      - {do: damage, amount: 2, target: all_enemy_units}
setup:
  players:
    - name: Alice
      hand:
        - {card: Firestorm}
    - name: Bob
      units:
        - {card: Ash Martyr, id: martyr-1}
        - {card: Ash Martyr, id: martyr-2}
"""


def triggered(game: MightGame) -> dict[str | None, list[str]]:
    """The rules each trigger cites when Firestorm resolves."""
    game.play("firestorm")
    return {s.cause.card: s.rules for s in game.resolve() if "triggers:" in s.description}


@pytest.mark.rule("P-12")
def test_two_units_dying_together_put_their_triggers_on_the_chain_together() -> None:
    """Two "when this dies" triggers from one cleanup go on the chain in P-12's order; one
    alone does not cite P-12."""
    rules = triggered(game_from_yaml(MARTYRS))
    assert set(rules) == {"martyr-1", "martyr-2"}
    assert all("P-12" in cited and "M-8" in cited for cited in rules.values())

    alone = game_from_yaml(MARTYRS.replace("        - {card: Ash Martyr, id: martyr-2}\n", ""))
    assert "P-12" not in triggered(alone)["martyr-1"]


def test_playing_a_card_is_an_action_on_that_card() -> None:
    game = game_from_yaml(MARTYRS)
    [played, *_] = game.play("firestorm")
    assert played.cause == Cause(kind="action", card="firestorm", text="play firestorm")


def test_what_a_resolving_chain_item_does_is_caused_by_its_card() -> None:
    game = game_from_yaml(MARTYRS)
    game.play("firestorm")
    resolves, hits_martyr, *_ = game.resolve()
    assert resolves.description == "firestorm resolves"
    assert (
        resolves.cause
        == hits_martyr.cause
        == Cause(kind="effect", card="firestorm", text="firestorm")
    )
