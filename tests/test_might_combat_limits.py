"""Combat assignment limits (M7, M-10), spell targets (M5) and a playtester's doubler (M8), as
a user sees them."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Assigned, Choice
from engine.errors import RuleError
from engine.might.combat import assignment_of, verify_assignment
from engine.might.game import MightGame
from engine.scenario import might_game_from_yaml

LIMITS = """\
ruleset: might
title: What each defender needs
rules: [M7, M-10]
setup:
  players:
    - name: Alice
      units: [{card: Vanguard Captain, at: Battlefield 1}]
    - name: Bob
      units:
        - {card: Stone Whelp, at: Battlefield 1}
        - card: Iron Sentinel
          at: Battlefield 1
          shields: [{id: aegis, value: all, scope: combat}]
        - card: Thornback
          at: Battlefield 1
          shields: [{id: charm, value: all, scope: spell}]
"""


def alices_limits(text: str, chooser_order: Answer | None = None) -> tuple[list[str], MightGame]:
    """The limits of every assignment asked in Alice's combat at Battlefield 1, and the game."""
    asked: list[str] = []

    def chooser(choice: Choice) -> Answer:
        if choice.kind == "assignment":
            asked.append(choice.limits)
        if choice.kind == "replacement_order" and chooser_order is not None:
            return chooser_order
        return choice.default

    game = might_game_from_yaml(text, chooser)
    game.combat(0)
    return asked, game


def test_the_assignment_limits_name_each_defenders_lethal_in_order() -> None:
    # Prevention "all" of combat damage makes a unit impossible to make lethal (assigned last,
    # M7, M-10); prevention "all" of spell damage does not cover combat damage, so that unit
    # still needs its Might
    asked, _ = alices_limits(LIMITS)
    assert asked[0] == (
        "5 to assign, in order: stone-whelp needs 2 for lethal; "
        "iron-sentinel can't be made lethal (assign last); thornback needs 3 for lethal"
    )


ORDERED = """\
ruleset: might
title: Doubling first lowers what is needed
rules: [M7, M8, M-4, M-10]
setup:
  players:
    - name: Alice
      units: [{card: Vanguard Captain, at: Battlefield 1}]
    - name: Bob
      units:
        - card: Iron Sentinel
          at: Battlefield 1
          shields: [{id: ward, value: 2}]
          doublers: [{id: twice}]
        - {card: Stone Whelp, at: Battlefield 1}
"""


def test_the_lethal_needed_follows_the_controllers_replacement_order() -> None:
    # The lethal amount needed follows the order Bob chose (M7, M8, M-4):
    # doubling before prevention 2, the 4-Might sentinel needs 3 (3 -> 6 -> 4), not the 4 of
    # the creation order (4 -> 2 -> 4); then 3 + 2 is exactly Alice's 5, and both die
    asked, game = alices_limits(ORDERED, ("twice", "ward"))
    assert asked[0] == (
        "5 to assign, in order: iron-sentinel needs 3 for lethal; stone-whelp needs 2 for lethal"
    )
    assert [s.description for s in game.steps if s.description.startswith("Alice assigns")] == [
        "Alice assigns 5, in order: iron-sentinel 3: Bob's order twice, then ward; "
        "twice (doubling) 3 -> 6; ward (prevention) 6 -> 4, spent 2, 0 left = 4; "
        "then stone-whelp 2"
    ]
    cards = game.table.cards
    assert (cards["iron-sentinel"].zone, cards["stone-whelp"].zone) == ("trash", "trash")


TARGETS = """\
ruleset: might
title: Who a spell may target
rules: [M5]
cards:
  - name: Pinpoint Bolt
    kind: spell
    text: Deal 1 damage to an enemy unit.
    target: {side: enemy}
    effects: [{do: damage, amount: 1}]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp, at: Battlefield 1}]
      hand: [{card: Spark}, {card: Last Stand}, {card: Pinpoint Bolt}]
    - name: Bob
      units: [{card: Thornback, at: Battlefield 1}]
"""


@pytest.mark.parametrize(
    ("card", "target", "message"),
    [
        ("spark", None, "spark needs a target: a unit"),
        ("last-stand", None, "last-stand needs a target: a unit you control"),
        ("last-stand", "thornback", "thornback is not a unit you control"),
        ("pinpoint-bolt", None, "pinpoint-bolt needs a target: an enemy unit"),
        ("pinpoint-bolt", "stone-whelp", "stone-whelp is not an enemy unit"),
    ],
)
def test_a_spell_refused_its_target_says_what_it_may_target(
    card: str, target: str | None, message: str
) -> None:
    # the M5 refusal names what the card may target, in the rules' words
    game = might_game_from_yaml(TARGETS)
    with pytest.raises(RuleError) as refused:
        game.play(card, target)
    assert (refused.value.rule, refused.value.message) == ("M5", message)


def test_a_playtesters_doubler_comes_from_the_playtester() -> None:
    # an edit's doubler comes from the playtester (M8, M-4), as an edit's shield does
    game = might_game_from_yaml(TARGETS)
    steps = game.add_doubler("thornback", effect_id="twice")
    assert steps[0].description == "thornback gets doubling twice (all damage) this turn"
    game.add_shield("thornback", 1, effect_id="ward")
    card = game.table.cards["thornback"]
    assert [(e.id, e.source, e.owner) for e in (*card.doublers, *card.shields)] == [
        ("twice", "playtester", 1),
        ("ward", "playtester", 1),
    ]


def test_a_wrong_order_is_refused_for_a_unit_that_can_never_be_made_lethal() -> None:
    # An order is checked when it is given, not when it is used (M-4): the Iron Sentinel's
    # prevention "all" makes it never lethal, so Alice assigns it nothing and the order is never
    # used
    text = LIMITS.replace(
        "shields: [{id: aegis, value: all, scope: combat}]",
        "shields: [{id: aegis, value: all, scope: combat}]\n          doublers: [{id: twice}]",
    )

    def chooser(choice: Choice) -> Answer:
        if choice.kind == "replacement_order":
            return ("nonsense",)
        return choice.default

    game = might_game_from_yaml(text, chooser)
    with pytest.raises(RuleError) as refused:
        game.combat(0)
    assert str(refused.value) == (
        "the replacement order for iron-sentinel must name each of the effects that apply, "
        "once (aegis, twice); got nonsense (rule M-4)"
    )
    assert len(game.steps) == 1  # nothing happened


def units(*pairs: tuple[str, int]) -> tuple[Assigned, ...]:
    return tuple(Assigned(unit=unit, damage=damage) for unit, damage in pairs)


@pytest.mark.parametrize(
    ("needs", "total", "assignment", "message"),
    [
        (
            {"a": 2, "b": 3},
            2,
            units(("x", 1), ("y", 1)),
            "x, y is not an enemy unit in this combat (assign to a, b)",
        ),
        ({}, 1, units(("x", 1)), "x is not an enemy unit in this combat (assign to nobody)"),
        (
            {"a": 2, "b": 3},
            4,
            units(("a", 1), ("a", 1), ("b", 1), ("b", 1)),
            "a, b is listed twice: list each unit once, with all it gets",
        ),
        (
            {"a": 2},
            2,
            units(("a", 2), ("b", 0)),
            "b is not an enemy unit in this combat (assign to a)",
        ),
        (
            {"a": 2, "b": 2},
            2,
            units(("a", 2), ("b", 0)),
            "each unit listed gets 1 damage or more; leave the others out",
        ),
        (
            {"a": 1, "b": 2},
            3,
            units(("b", 3)),
            "b gets 3 but lethal is 2: no unit gets more than lethal until every enemy unit "
            "has lethal",
        ),
        (
            {"a": None, "b": 2},
            2,
            units(("a", 1), ("b", 1)),
            "a can't be made lethal, so it is assigned last: give every other unit lethal "
            "damage first",
        ),
    ],
)
def test_an_assignment_outside_the_limits_is_refused_saying_why(
    needs: dict[str, int | None], total: int, assignment: tuple[Assigned, ...], message: str
) -> None:
    # each M-10 limit, in the words the assignment dialog shows
    with pytest.raises(RuleError) as refused:
        verify_assignment(needs, total, assignment)
    assert (refused.value.rule, refused.value.message) == ("M-10", message)


def test_a_replacement_order_choice_says_how_the_effects_apply() -> None:
    # what the order dialog shows (M3, M8, M-4)
    asked: list[Choice] = []

    def chooser(choice: Choice) -> Answer:
        asked.append(choice)
        return choice.default

    game = might_game_from_yaml(
        LIMITS.replace(
            "shields: [{id: aegis, value: all, scope: combat}]",
            "shields: [{id: ward, value: 2}]\n          doublers: [{id: twice}]",
        ),
        chooser,
    )
    game.deal("iron-sentinel", 1)
    (order,) = [c for c in asked if c.kind == "replacement_order"]
    assert (order.subject, order.options, order.default) == (
        "iron-sentinel",
        ("ward", "twice"),
        ("ward", "twice"),
    )
    assert order.limits == "each applies once; prevention spends only what it prevents (M3, M8)"
    assert order.details == {
        "ward": "prevention ward (2 left of 2) this turn",
        "twice": "doubling twice (all damage) this turn",
    }


def test_an_assignment_that_is_not_a_list_is_refused() -> None:
    # the answer must be units with their damage, in order (M-10)
    with pytest.raises(RuleError) as refused:
        assignment_of(("ward", "twice"))
    assert (refused.value.rule, refused.value.message) == (
        "M-10",
        "an assignment lists enemy units with their damage, in order",
    )
