"""A score (P-110), and a battlefield's "when you hold here" (P-111): scored as its holder's turn
begins, on the record, and shown only in a game that keeps score."""

from __future__ import annotations

from typing import cast

import pytest

from engine.changes import PlayerStatChanged
from engine.errors import ScenarioError
from engine.might.game import MightGame
from engine.might.text import render_table
from engine.scenario import game_from_yaml

HILL = """\
ruleset: might
title: a hill to hold
rules: [P-110, P-111]
cards:
  - {name: Victory, kind: spell, effects: [{do: score, amount: 2}]}
setup:
  battlefields: [Battlefield 1, Hill]
  battlefield_abilities:
    Hill: [{when: held, name: Hold, effects: [{do: score, amount: 1}]}]
  players:
    - name: Alice
      units: [{card: Stone Whelp, at: Hill}, {card: Iron Sentinel}]
      hand: [{card: Victory}]
    - name: Bob
      score: 3
      units: [{card: Vanguard Captain, at: Battlefield 1}]
"""


def game(text: str = HILL) -> MightGame:
    return cast(MightGame, game_from_yaml(text))


def scores(g: MightGame) -> list[int]:
    return [player.score for player in g.table.players]


def said(g: MightGame, since: int) -> list[str]:
    return [step.description for step in g.steps[since:]]


@pytest.mark.rule("P-110")
def test_a_score_effect_adds_to_its_controllers_score_on_a_step_of_its_own() -> None:
    g = game()
    assert scores(g) == [0, 3]  # 0, or as the set-up says
    g.play("victory")
    g.resolve()
    assert scores(g) == [2, 3]
    step = next(s for s in g.steps if "scores" in s.description)
    assert step.description == "Alice scores 2 points (victory): score 0 -> 2"
    assert list(step.rules) == ["P-110"]
    assert step.changes == (PlayerStatChanged(player="Alice", stat="score", before=0, after=2),)


@pytest.mark.rule("P-110")
def test_only_a_game_that_keeps_score_shows_the_scores() -> None:
    assert "Alice: rune pool 0; score 0" in render_table(game().table)
    plain = game(
        HILL.replace("[{do: score, amount: 1}]", "[{do: add_runes, amount: 1}]")
        .replace("      score: 3\n", "")
        .replace("[{do: score, amount: 2}]", "[{do: draw}]")
    )
    assert not plain.table.scoring and "score" not in render_table(plain.table)
    given = game(HILL.replace("[{do: score, amount: 1}]", "[{do: add_runes, amount: 1}]"))
    assert given.table.scoring  # the set-up gives a score


@pytest.mark.rule("P-111")
def test_a_held_battlefield_scores_as_its_holders_turn_begins_and_not_on_the_others() -> None:
    g = game()
    g.combat(1)  # Alice conquers the Hill: conquering is not holding, nothing scores yet
    assert g.table.battlefields[1].holder == 0 and scores(g) == [0, 3]
    since = len(g.steps)
    g.end_turn()  # Bob's turn begins: Alice's Hill does not trigger
    assert (
        "Hill: Hold does not trigger: Alice holds Hill: it triggers only as Alice's turn begins"
        in said(g, since)
    )
    assert scores(g) == [0, 3]
    since = len(g.steps)
    g.end_turn()  # Alice's turn begins while she holds it
    assert "Hill triggers: Hold (goes on the chain), controlled by its holder, Alice" in said(
        g, since
    )
    trigger = next(s for s in g.steps[since:] if "Hill triggers" in s.description)
    assert list(trigger.rules) == ["P-84", "P-111", "M-7"]
    assert "Alice scores 1 point (Hill): score 0 -> 1" in said(g, since)
    assert scores(g) == [1, 3] and not g.table.chain


@pytest.mark.rule("P-111")
def test_a_battlefield_nobody_holds_does_not_trigger_as_a_turn_begins() -> None:
    g = game()
    since = len(g.steps)
    g.end_turn()
    assert "Hill: Hold does not trigger: nobody holds Hill, so nobody controls it" in said(g, since)
    assert scores(g) == [0, 3]


@pytest.mark.rule("P-111")
def test_held_resolves_after_the_units_start_of_turn_triggers() -> None:
    """The battlefield's trigger goes on the chain first, so it resolves last (P-84)."""
    text = HILL.replace(
        "cards:\n",
        "cards:\n  - name: Herald\n    kind: unit\n    might: 1\n    abilities:\n"
        "      - {when: start_of_your_turn, effects: [{do: score, amount: 5}]}\n",
    ).replace("{card: Iron Sentinel}", "{card: Herald}")
    g = game(text)
    g.combat(1)
    g.end_turn()
    g.end_turn()
    scored = [s.description for s in g.steps if "scores" in s.description]
    assert scored == [
        "Alice scores 5 points (herald): score 0 -> 5",
        "Alice scores 1 point (Hill): score 5 -> 6",
    ]


@pytest.mark.rule("P-110", "P-111")
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{do: score, amount: 1}", "{do: score, amount: 0}", r"amount"),
        ("      score: 3\n", "      score: -1\n", r"score"),
        ("{when: held,", "{when: holds,", r"when"),
        ("{when: held,", "{when: held, source_is: {side: enemy},", r"'held' has no source"),
        (
            "  players:\n",
            '  battlefield_texts: {Hills: "When you hold here, score 1 point."}\n  players:\n',
            r"battlefield_texts names 'Hills', which is no battlefield here",
        ),
    ],
)
def test_score_and_hold_words_that_cant_be_read_are_refused_at_check(
    old: str, new: str, message: str
) -> None:
    assert old in HILL
    with pytest.raises(ScenarioError, match=message):
        game(HILL.replace(old, new))
