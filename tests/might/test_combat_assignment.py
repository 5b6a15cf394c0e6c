"""Combat damage assignment (M7, M-10): the limits of each assignment and what lethal needs, as a
user sees them, the orders that change them (M8, M-4), and the assignments refused."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Assigned, Choice
from engine.errors import RuleError
from engine.might.assignment import (
    FIRST,
    LAST,
    MIDDLE,
    assignment_of,
    default_assignment,
    describe_limits,
    verify_assignment,
)
from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from tests.support.might_tables import SHIELDED_PAIRS

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

    game = game_from_yaml(text, chooser)
    game.combat(0)
    return asked, game


@pytest.mark.rule("M7", "M-10")
def test_the_assignment_limits_name_each_defenders_lethal_in_order() -> None:
    # Prevention "all" of combat damage makes a unit impossible to make lethal (assigned last,
    # M7, M-10); prevention "all" of spell damage does not cover combat damage, so that unit
    # still needs its Might
    asked, _ = alices_limits(LIMITS)
    assert asked[0] == (
        "5 to assign, in order: stone-whelp needs 2 for lethal; "
        "iron-sentinel can't be made lethal (assign last); thornback needs 3 for lethal"
    )


@pytest.mark.rule("M-10")
def test_the_assignment_step_says_the_lethal_each_entry_was_held_to() -> None:
    _, game = alices_limits(LIMITS)
    [assigned] = [s.description for s in game.steps if s.description.startswith("Alice's 5")]
    assert assigned == (
        "Alice's 5 damage is assigned by default, in order: stone-whelp 2 (needs 2 for lethal); "
        "then thornback 3 (needs 3 for lethal)"
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


@pytest.mark.rule("M7", "M8", "M-4")
def test_the_lethal_needed_follows_the_controllers_replacement_order() -> None:
    # The lethal amount needed follows the order Bob chose (M7, M8, M-4):
    # doubling before prevention 2, the 4-Might sentinel needs 3 (3 -> 6 -> 4), not the 4 of
    # the creation order (4 -> 2 -> 4); then 3 + 2 is exactly Alice's 5, and both die
    asked, game = alices_limits(ORDERED, ("twice", "ward"))
    assert asked[0] == (
        "5 to assign, in order: iron-sentinel needs 3 for lethal; stone-whelp needs 2 for lethal"
    )
    assert [s.description for s in game.steps if s.description.startswith("Alice assigns")] == [
        "Alice assigns 5, in order: iron-sentinel 3 (needs 3 for lethal): Bob's order twice, then "
        "ward; twice (doubling) 3 -> 6; ward (prevention) 6 -> 4, spent 2, 0 left = 4; "
        "then stone-whelp 2 (needs 2 for lethal)"
    ]
    cards = game.table.cards
    assert (cards["iron-sentinel"].zone, cards["stone-whelp"].zone) == ("trash", "trash")


@pytest.mark.rule("M-4")
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

    game = game_from_yaml(text, chooser)
    with pytest.raises(RuleError) as refused:
        game.combat(0)
    assert str(refused.value) == (
        "the replacement order for iron-sentinel must name each of the effects that apply, "
        "once (aegis, twice); got nonsense (rule M-4)"
    )
    assert len(game.steps) == 1  # nothing happened


def units(*pairs: tuple[str, int]) -> tuple[Assigned, ...]:
    return tuple(Assigned(unit=unit, damage=damage) for unit, damage in pairs)


@pytest.mark.rule("M-10")
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


@pytest.mark.rule("M3", "M8", "M-4")
def test_a_replacement_order_choice_says_how_the_effects_apply() -> None:
    # what the order dialog shows (M3, M8, M-4)
    asked: list[Choice] = []

    def chooser(choice: Choice) -> Answer:
        asked.append(choice)
        return choice.default

    game = game_from_yaml(
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


@pytest.mark.rule("M-10")
def test_an_assignment_that_is_not_a_list_is_refused() -> None:
    # the answer must be units with their damage, in order (M-10)
    with pytest.raises(RuleError) as refused:
        assignment_of(("ward", "twice"))
    assert (refused.value.rule, refused.value.message) == (
        "M-10",
        "an assignment lists enemy units with their damage, in order",
    )


def seq(*entries: tuple[str, int]) -> tuple[Assigned, ...]:
    return tuple(Assigned(unit=unit, damage=damage) for unit, damage in entries)


@pytest.mark.rule("M-10")
def test_assignment_limits() -> None:  # checked in the order assigned
    needs = {"a": 2, "b": 3, "c": None}
    assert default_assignment(needs, 4) == seq(("a", 2), ("b", 2))
    assert default_assignment(needs, 7) == seq(("a", 2), ("b", 3), ("c", 2))  # the rest last
    verify_assignment(needs, 4, seq(("b", 3), ("a", 1)))  # b lethal first, then a partial
    verify_assignment(needs, 7, seq(("c", 2), ("b", 3), ("a", 2)))  # all lethal: rest anywhere
    bad = {
        "a partial before b": seq(("a", 1), ("b", 3)),
        "b partial before a": seq(("b", 2), ("a", 2)),
        "over lethal": seq(("a", 4)),
        "never-lethal first": seq(("c", 4)),
        "short": seq(("a", 2)),
        "twice": seq(("a", 2), ("a", 2)),
        "zero": seq(("a", 2), ("b", 2), ("c", 0)),
        "unknown": seq(("x", 4)),
    }
    for name, assignment in bad.items():
        with pytest.raises(RuleError) as error:
            verify_assignment(needs, 4, assignment)
        assert error.value.rule == "M-10", name


def test_what_lethal_needs_counts_the_shield_left() -> None:
    asked: list[Choice] = []

    def player(choice: Choice):  # type: ignore[no-untyped-def]
        asked.append(choice)
        return choice.default

    game = game_from_yaml(SHIELDED_PAIRS, player)
    game.combat(1)
    needs = [c.needs for c in asked if c.kind == "assignment" and "guard" in c.needs]
    assert needs and needs[0]["guard"] == 4 + 10  # its Might, plus the 10 the shield would stop


# --- Tank and Backline (M-17, M-18): the groups, as pure functions -----------------------------


TANK_NEEDS = {"tank": 3, "plain": 2, "back": 2}
TANK_GROUPS = {"tank": (FIRST,), "plain": (MIDDLE,), "back": (LAST,)}


def entries(*pairs: tuple[str, int]) -> tuple[Assigned, ...]:
    return tuple(Assigned(unit=unit, damage=damage) for unit, damage in pairs)


@pytest.mark.rule("M-17", "P-29")
def test_the_default_takes_tank_then_neither_then_backline() -> None:
    assert default_assignment(TANK_NEEDS, 6, TANK_GROUPS) == entries(
        ("tank", 3), ("plain", 2), ("back", 1)
    )
    assert describe_limits(TANK_NEEDS, 6, TANK_GROUPS) == (
        "6 to assign, in order: tank needs 3 for lethal (Tank: first); plain needs 2 for "
        "lethal; back needs 2 for lethal (Backline: last)"
    )
    warded = {**TANK_NEEDS, "tank": None}
    assert describe_limits(warded, 6, TANK_GROUPS).startswith(
        "6 to assign, in order: tank can't be made lethal (assign last in its group) (Tank: first)"
    )
    assert "(assign last)" in describe_limits({"a": None, "b": 2}, 4)


@pytest.mark.rule("M-17")
@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        (
            entries(("plain", 2), ("tank", 3), ("back", 1)),
            "plain gets damage before tank has lethal: tank has Tank and is assigned first",
        ),
        (
            entries(("tank", 3), ("back", 2), ("plain", 1)),
            "back gets damage before plain has lethal: back has Backline and is assigned last",
        ),
    ],
)
def test_a_later_group_before_an_earlier_one_is_refused(
    assignment: tuple[Assigned, ...], message: str
) -> None:
    with pytest.raises(RuleError, match=message) as refused:
        verify_assignment(TANK_NEEDS, 6, assignment, TANK_GROUPS)
    assert refused.value.rule == "M-17"


@pytest.mark.rule("M-17")
def test_without_keywords_the_same_order_is_free() -> None:
    verify_assignment(TANK_NEEDS, 6, entries(("plain", 2), ("back", 2), ("tank", 2)))


@pytest.mark.rule("M-18", "P-29")
def test_a_unit_with_both_keywords_goes_first_or_last_never_between() -> None:
    needs = {"both": 2, "plain": 2, "other": 2}
    groups = {"both": (FIRST, LAST), "plain": (MIDDLE,), "other": (MIDDLE,)}
    verify_assignment(needs, 5, entries(("both", 2), ("plain", 2), ("other", 1)), groups)
    verify_assignment(needs, 5, entries(("plain", 2), ("other", 2), ("both", 1)), groups)
    with pytest.raises(RuleError) as refused:
        verify_assignment(needs, 5, entries(("plain", 2), ("both", 2), ("other", 1)), groups)
    assert refused.value.rule == "M-17"


@pytest.mark.rule("P-29")
def test_the_default_takes_a_unit_with_both_keywords_first() -> None:
    needs = {"plain": 2, "back": 2, "both": 2}
    groups = {"plain": (MIDDLE,), "back": (LAST,), "both": (FIRST, LAST)}
    assert default_assignment(needs, 6, groups) == entries(("both", 2), ("plain", 2), ("back", 2))


@pytest.mark.rule("M-18", "P-29")
def test_a_tank_that_cant_be_made_lethal_takes_all_that_is_left() -> None:
    needs: dict[str, int | None] = {"warded": None, "plain": 2}
    groups = {"warded": (FIRST,), "plain": (MIDDLE,)}
    assert default_assignment(needs, 5, groups) == entries(("warded", 5))
    verify_assignment(needs, 5, entries(("warded", 5)), groups)
    with pytest.raises(RuleError, match="warded can't be made lethal, so it takes all"):
        verify_assignment(needs, 5, entries(("warded", 3), ("plain", 2)), groups)
    with pytest.raises(RuleError, match="plain gets damage behind warded, which has Tank"):
        verify_assignment(needs, 5, entries(("plain", 2), ("warded", 3)), groups)


@pytest.mark.rule("M-18", "P-29")
def test_a_warded_unit_without_keywords_shelters_the_backline() -> None:
    needs: dict[str, int | None] = {"warded": None, "back": 2}
    groups = {"warded": (MIDDLE,), "back": (LAST,)}
    with pytest.raises(RuleError, match="which has neither Tank nor Backline and can't be made"):
        verify_assignment(needs, 4, entries(("back", 2), ("warded", 2)), groups)


CHOSEN = """\
ruleset: might
title: Alice's 5 against two units, Bob's 6 against one
rules: [M-10]
setup:
  players:
    - name: Alice
      units: [{card: Vanguard Captain, at: Battlefield 1}]
    - name: Bob
      units: [{card: Stone Whelp, at: Battlefield 1}, {card: Iron Sentinel, at: Battlefield 1}]
"""


@pytest.mark.rule("M-10")
@pytest.mark.parametrize(
    ("alice_chooses", "alices_step"),
    [
        (
            False,
            "Alice's 5 damage is assigned by default, in order: stone-whelp 2 (needs 2 for "
            "lethal); then iron-sentinel 3 (needs 4 for lethal)",
        ),
        (
            True,
            "Alice assigns 5, in order: stone-whelp 2 (needs 2 for lethal); then iron-sentinel 3 "
            "(needs 4 for lethal)",
        ),
    ],
)
def test_an_assignment_nobody_chose_is_said_to_be_the_default(
    alice_chooses: bool, alices_step: str
) -> None:
    """The same split reads as Alice's only when she gave it; Bob's 6 against one unit can go
    only one way, which is his whatever anyone chose."""

    def chooser(choice: Choice) -> Answer:
        if choice.kind == "assignment" and alice_chooses:
            return (*choice.default,)  # her own answer (a new tuple), though the same split
        return choice.default

    steps = game_from_yaml(CHOSEN, chooser).combat(0)
    said = [s.description for s in steps if s.phase[-1] == "Assignment"]
    assert said == [alices_step, "Bob assigns 6, in order: vanguard-captain 6 (needs 5 for lethal)"]
