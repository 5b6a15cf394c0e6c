"""Delayed triggers an effect leaves behind (P-63): set up, triggered on the chain as the
controller's ability, used up, ended at their duration or with their unit, shown with the
unit's effects; and the words a delayed trigger's effects can't read, refused at check."""

from __future__ import annotations

import re
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.might.game import MightGame
from engine.might.text import render_table
from engine.scenario import game_from_yaml
from engine.timeline import Step

CARDS = """\
cards:
  - name: Bloodbath
    kind: spell
    effects:
      - do: delayed
        when: takes_damage
        target: any_unit
        effects: [{do: kill, target: that_unit}]
  - name: Deathmark
    kind: spell
    target: {side: enemy}
    effects:
      - {do: delayed, when: takes_damage, once: true, effects: [{do: kill, target: that_unit}]}
  - name: Hex
    kind: spell
    target: {side: any}
    effects:
      - do: delayed
        when: takes_damage
        once: true
        effects: [{do: damage, amount: 1, target: that_unit}]
  - name: Doom
    kind: spell
    target: {side: enemy}
    effects:
      - {do: delayed, when: start_of_your_turn, effects: [{do: kill, target: that_unit}]}
  - name: Vendetta
    kind: spell
    effects:
      - do: delayed
        when: takes_damage
        target: enemy_unit
        duration: until_your_next_turn
        effects: [{do: might, amount: -1, target: that_unit}]
  - name: Pyre
    kind: spell
    target: {side: enemy}
    effects:
      - {do: delayed, when: dies, effects: [{do: damage, amount: 2, target: all_enemy_units}]}
  - name: Tally Wound
    kind: spell
    effects:
      - do: delayed
        when: takes_damage
        target: any_unit
        effects: [{do: might, amount: 1, target: that_unit}]
  - name: Bounce
    kind: spell
    target: {side: any}
    effects: [{do: return_to_hand}]
"""


def game(hand: str = "[]", bob: str = "") -> MightGame:
    text = f"""\
ruleset: might
title: delayed triggers
rules: [P-63]
{CARDS}
setup:
  players:
    - name: Alice
      hand: {hand}
      units:
        - {{card: Vanguard Captain, at: Battlefield 1}}
    - name: Bob
      units:
        - {{card: Iron Sentinel, at: Battlefield 1}}
        - {{card: Stone Whelp, at: Battlefield 1}}
{bob}"""
    return cast(MightGame, game_from_yaml(text))


def play(g: MightGame, card: str, target: str | None = None) -> list[Step]:
    return [*g.play(card, target), *g.resolve()]


def texts(steps: list[Step], rule: str = "P-63") -> list[str]:
    return [s.description for s in steps if rule in s.rules]


@pytest.mark.rule("P-63")
def test_leaving_a_trigger_is_a_step_and_the_text_table_shows_it() -> None:
    g = game("[{card: Deathmark}]")
    steps = play(g, "deathmark", "iron-sentinel")
    assert texts(steps) == [
        "iron-sentinel gets Alice's delayed trigger e1 (from deathmark): the next time it takes "
        "damage: kill that unit, this turn"
    ]
    assert "the next time it takes damage" in render_table(g.table)


@pytest.mark.rule("P-63", "M-7")
def test_kill_it_the_next_time_it_takes_damage_this_turn() -> None:
    g = game("[{card: Deathmark}]")
    play(g, "deathmark", "iron-sentinel")
    steps = g.deal("iron-sentinel", 1)
    assert g.table.cards["iron-sentinel"].zone == "trash"
    assert texts(steps)[:2] == [
        "iron-sentinel took damage: deathmark's delayed trigger e1 on iron-sentinel triggers "
        "(goes on the chain; Alice controls it, its effects aim at iron-sentinel)",
        "deathmark's delayed trigger e1 is used up: it triggers once",
    ]
    assert "iron-sentinel dies: killed by deathmark" in [s.description for s in steps]


@pytest.mark.rule("P-63")
def test_a_once_trigger_is_used_up_so_the_damage_it_deals_triggers_nothing_more() -> None:
    g = game("[{card: Hex}]")
    play(g, "hex", "iron-sentinel")
    steps = g.deal("iron-sentinel", 1)
    assert g.table.cards["iron-sentinel"].damage == 2  # 1, and 1 from the trigger, once
    assert not g.table.cards["iron-sentinel"].delayed
    assert len([t for t in texts(steps) if "triggers (goes on the chain" in t]) == 1
    assert not texts(g.deal("iron-sentinel", 1))


@pytest.mark.rule("P-63", "M-13")
def test_when_any_unit_takes_damage_this_turn_kill_it_until_expiration() -> None:
    g = game("[{card: Bloodbath}, {card: Stone Whelp, id: alices-whelp}]")
    steps = play(g, "bloodbath")
    assert texts(steps) == [
        "Alice gets delayed trigger e1 (from bloodbath): when any unit takes damage: kill that "
        "unit, this turn"
    ]
    assert g.table.players[0].delayed and "when any unit takes damage" in render_table(g.table)
    g.deal("stone-whelp", 1)  # Bob's
    g.play("alices-whelp")  # a unit that comes later is watched too
    g.deal("alices-whelp", 1)
    assert g.table.cards["stone-whelp"].zone == g.table.cards["alices-whelp"].zone == "trash"
    assert g.table.players[0].delayed  # not used up: it is not once
    ended = [s for s in g.end_turn() if "Alice: delayed trigger e1" in s.description]
    assert [s.phase[-1] for s in ended] == ['(c) "This turn" effects end']
    assert not g.table.players[0].delayed
    g.deal("iron-sentinel", 1)
    assert g.table.cards["iron-sentinel"].zone == "battlefield"


@pytest.mark.rule("P-63", "P-17")
def test_an_enemy_unit_watch_leaves_friendly_units_alone_until_your_next_turn() -> None:
    g = game("[{card: Vendetta}]")
    play(g, "vendetta")
    assert not texts(g.deal("vanguard-captain", 1))
    g.deal("iron-sentinel", 1)
    assert g.table.might("iron-sentinel") == 3
    g.end_turn()  # Bob's turn: it still watches
    g.deal("iron-sentinel", 1)  # the -1 of Alice's turn expired with it
    assert g.table.might("iron-sentinel") == 3
    steps = g.end_turn()  # Alice's turn begins: it ends
    assert any("Alice: delayed trigger" in t for t in texts(steps, "P-17"))
    assert not g.table.players[0].delayed


@pytest.mark.rule("P-63", "P-33")
def test_it_dies_at_the_start_of_your_next_turn() -> None:
    g = game("[{card: Doom}]")
    play(g, "doom", "stone-whelp")
    bobs_turn = g.end_turn()
    assert not texts(bobs_turn) and g.table.cards["stone-whelp"].zone == "battlefield"
    steps = g.end_turn()
    fired = [s for s in steps if s.description.startswith("Alice's turn begins: doom's")]
    assert [s.phase[0] for s in fired] == ["Turn 3 (Alice)"]
    assert g.table.cards["stone-whelp"].zone == "trash"
    assert not g.table.cards["stone-whelp"].delayed


@pytest.mark.rule("P-63", "M-8")
def test_when_it_dies_the_trigger_goes_on_the_chain_for_the_card_that_left_it() -> None:
    g = game("[{card: Pyre}, {card: Doom}]")
    play(g, "pyre", "stone-whelp")
    play(g, "doom", "stone-whelp")  # one that ends with it, on the record
    steps = g.deal("stone-whelp", 2)
    assert g.table.cards["iron-sentinel"].damage == 2  # Alice's trigger: Bob's units
    assert g.table.cards["vanguard-captain"].damage == 0
    said = texts(steps)
    fired = said.index(
        "stone-whelp died: pyre's delayed trigger e1 on stone-whelp triggers (goes on the "
        "chain; Alice controls it, its effects aim at stone-whelp)"
    )
    ends = [t for t in said if "has left the table" in t]  # each, after the death's trigger
    assert len(ends) == 1 and said.index(ends[0]) > fired
    assert "e1 (from pyre)" in ends[0] and "e2 (from doom)" in ends[0]


@pytest.mark.rule("P-63", "M-6")
def test_a_trigger_left_on_a_unit_ends_as_it_returns_to_hand() -> None:
    g = game("[{card: Deathmark}, {card: Bounce}]")
    play(g, "deathmark", "iron-sentinel")
    steps = play(g, "bounce", "iron-sentinel")
    assert any("ends with it: delayed trigger e1" in t for t in texts(steps))
    assert not g.table.cards["iron-sentinel"].delayed


ONCE_ANY_UNIT = "once: true, target: any_unit, effects: [{do: kill"


@pytest.mark.rule("P-63", "M-11")
def test_a_once_watch_of_a_side_triggers_for_the_first_unit_of_one_combat_deal() -> None:
    text = f"""\
ruleset: might
title: delayed in combat
rules: [P-63]
{CARDS.replace("once: true, effects: [{do: kill", ONCE_ANY_UNIT)}
setup:
  players:
    - name: Alice
      hand: [{{card: Deathmark}}]
      units:
        - {{card: Vanguard Captain, at: Battlefield 1}}
    - name: Bob
      units:
        - {{card: Stone Whelp, at: Battlefield 1}}
"""
    g = cast(MightGame, game_from_yaml(text))
    play(g, "deathmark", "stone-whelp")
    steps = g.combat(0)
    fired = [t for t in texts(steps) if "triggers (goes on the chain" in t]
    assert fired == [
        "vanguard-captain took damage: deathmark's delayed trigger e1 on vanguard-captain "
        "triggers (goes on the chain; Alice controls it, its effects aim at vanguard-captain)"
    ]  # both units took damage at once; the turn player's unit comes first (P-12)
    assert g.table.cards["vanguard-captain"].zone == "trash"


@settings(max_examples=20, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["vanguard-captain", "iron-sentinel"]), st.integers(1, 3)),
        max_size=5,
    )
)
def test_a_watch_of_any_unit_triggers_once_for_each_damage_dealt_and_ends_with_the_turn(
    deals: list[tuple[str, int]],
) -> None:
    g = game("[{card: Tally Wound}]")
    play(g, "tally-wound")
    for uid, amount in deals:
        if not g.table.on_table(uid):
            continue
        steps = g.deal(uid, amount)
        dealt = [s for s in steps if s.description.startswith(f"{uid} takes ")]
        fired = [t for t in texts(steps) if "triggers (goes on the chain" in t]
        assert len(fired) == len(dealt) == 1
    g.end_turn()
    assert not any(p.delayed for p in g.table.players)
    assert not any(c.delayed for c in g.table.cards.values())


def spell(effect: str, target: str = "") -> str:
    return f"{{name: Test, kind: spell, {target}effects: [{effect}]}}"


@pytest.mark.rule("P-63")
@pytest.mark.parametrize(
    ("card", "where", "message"),
    [
        (
            spell("{do: delayed, when: dies, effects: [{do: kill}]}", "target: {side: any}, "),
            r"cards\[0\]\.effects\[0\]\.effects\[0\]\.target",
            "a delayed trigger \\(dies\\) chooses no target: its effects aim at that_unit",
        ),
        (
            spell("{do: kill, target: that_unit}", "target: {side: any}, "),
            r"cards\[0\]\.effects\[0\]\.target",
            "a spell has no 'that_unit': only a delayed trigger's effects aim at it",
        ),
        (
            spell(
                "{do: delayed, when: dies, effects: [{do: kill, target: source}]}",
                "target: {side: any}, ",
            ),
            r"effects\[0\]\.effects\[0\]\.target",
            "has no source",
        ),
        (
            spell(
                "{do: delayed, when: takes_damage, target: any_unit, effects: [{do: damage, "
                "amount: 1, target: all_enemy_units_here}]}"
            ),
            r"effects\[0\]\.effects\[0\]\.target",
            "is at no place",
        ),
        (
            spell(
                "{do: delayed, when: takes_damage, target: any_unit, effects: [{do: heal, "
                "target: that_unit, only_if: {unit: target, state: damaged}}]}"
            ),
            r"effects\[0\]\.effects\[0\]\.only_if",
            "can't be about unit target: a delayed trigger chooses no target: use source$",
        ),
        (
            spell(
                "{do: delayed, when: takes_damage, target: any_unit, effects: [{do: delayed, "
                "when: dies, effects: [{do: kill, target: that_unit}]}]}"
            ),
            r"effects\[0\]\..*effects\[0\]$",
            "do: 'delayed' is unknown; valid here: damage, ",
        ),
        (
            spell(
                "{do: delayed, when: start_of_your_turn, once: false, effects: [{do: kill, "
                "target: that_unit}]}",
                "target: {side: any}, ",
            ),
            r"cards\[0\]\.effects\[0\]",
            "triggers once, as your next turn begins: leave out once: false",
        ),
        (
            spell(
                "{do: delayed, when: start_of_your_turn, target: enemy_unit, effects: [{do: "
                "kill, target: that_unit}]}"
            ),
            r"cards\[0\]\.effects\[0\]",
            "is left on units",
        ),
        (
            spell("{do: delayed, when: dies, target: any_unit, effects: []}"),
            r"cards\[0\]\.effects\[0\]\..*effects$",
            "does nothing: give it an effect",
        ),
        (
            spell(
                "{do: delayed, when: dies, target: self, effects: [{do: heal, target: that_unit}]}"
            ),
            r"cards\[0\]\.effects\[0\]\.target",
            "a spell has no self",
        ),
    ],
)
def test_words_a_delayed_trigger_could_never_read_are_refused_at_their_key(
    card: str, where: str, message: str
) -> None:
    text = f"""\
ruleset: might
title: refused
rules: [P-63]
cards: [{card}]
setup:
  players:
    - {{name: Alice}}
    - {{name: Bob}}
"""
    with pytest.raises(ScenarioError, match=message) as error:
        game_from_yaml(text)
    assert error.value.where is not None
    assert re.search(where, error.value.where), error.value.where
