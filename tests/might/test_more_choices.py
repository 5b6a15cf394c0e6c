"""More choices (issue 36): a total Might over the chosen units (P-94), counts past four and
``any`` (P-49), and a choice the opponent makes (P-95)."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Choice
from engine.errors import MoreToChoose, RuleError, ScenarioError
from engine.might import targeting
from engine.might.cards import TargetSpec
from engine.might.game import MightGame
from engine.might.targeting import default_of, places_of, verify_targets
from engine.scenario import game_from_yaml

CARDS = """\
cards:
  - name: Frost Snare
    kind: spell
    target: {side: enemy, count: any, at_least: 0, total_might_at_most: 4}
    effects: [{do: stun}]
  - name: Fivefold Volley
    kind: spell
    target: {side: enemy, count: 5}
    effects: [{do: damage, amount: 1}, {do: damage, amount: 1, target: target_5}]
  - name: Grim Bargain
    kind: spell
    target: {side: enemy, chooser: opponent}
    effects: [{do: kill}]
  - name: Tithe Collector
    kind: unit
    might: 2
    abilities:
      - when: played
        target: {side: enemy, chooser: opponent}
        effects: [{do: damage, amount: 2}]
  - name: Extortionist
    kind: unit
    might: 2
    abilities:
      - when: activated
        name: Extort
        target: {side: enemy, chooser: opponent}
        effects: [{do: exhaust}]
  - {name: Warded, kind: unit, might: 1, keywords: [Deflect 1]}
"""

# Bob's units in table order, with their Might: 2, 0, 3, 4, 5, 2
BOB = (
    "[{card: Stone Whelp, at: Battlefield 1}, {card: Hollow Golem, at: Battlefield 1}, "
    "{card: Thornback, at: Battlefield 1}, {card: Iron Sentinel, at: Battlefield 2}, "
    "{card: Vanguard Captain, at: Battlefield 2}, {card: Stone Whelp, id: whelp-2, "
    "at: Battlefield 2}]"
)
HAND = (
    "[{card: Frost Snare}, {card: Fivefold Volley}, {card: Grim Bargain}, {card: Tithe Collector}]"
)


def game(alice: str = "[]", bob: str = BOB, chooser: object = None, runes: int = 0) -> MightGame:
    text = f"""\
ruleset: might
title: Choices
rules: [P-94]
{CARDS}setup:
  players:
    - {{name: Alice, runes: {runes}, hand: {HAND}, units: {alice}}}
    - {{name: Bob, units: {bob}}}
"""
    return game_from_yaml(text, chooser) if chooser else game_from_yaml(text)  # type: ignore[arg-type]


def never(card: str) -> str:
    return f"""\
ruleset: might
title: Never
rules: [P-94]
cards: [{card}]
setup:
  players: [{{name: Alice}}, {{name: Bob}}]
"""


# --- a total Might (P-94)


@pytest.mark.rule("P-94")
def test_a_choice_over_the_total_might_is_refused_naming_the_total() -> None:
    g = game()
    with pytest.raises(RuleError) as refused:
        g.play("frost-snare", ("stone-whelp", "thornback"))
    assert refused.value.rule == "P-94"
    assert "the chosen units' total Might is 5 (stone-whelp 2 + thornback 3), more than 4" in str(
        refused.value
    )
    assert g.table.cards["frost-snare"].zone == "hand"


@pytest.mark.rule("P-94")
def test_a_choice_within_the_total_is_played_and_each_unit_acted_on() -> None:
    g = game()
    steps = g.play("frost-snare", ("stone-whelp", "hollow-golem", "whelp-2"))
    assert "P-94" in steps[-1].rules
    g.resolve()
    stunned = {uid for uid, card in g.table.cards.items() if card.stunned}
    assert stunned == {"stone-whelp", "hollow-golem", "whelp-2"}


@pytest.mark.rule("P-94")
def test_the_total_is_of_might_as_it_is_now() -> None:
    """A modifier counts: the Golem at -1 lets a 3 and a 2 in under 4."""
    g = game(
        bob=BOB.replace(
            "{card: Hollow Golem, at: Battlefield 1}",
            "{card: Hollow Golem, at: Battlefield 1, might: [{amount: -1}]}",
        )
    )
    g.play("frost-snare", ("hollow-golem", "thornback", "stone-whelp"))  # -1 + 3 + 2 = 4


@pytest.mark.rule("P-94")
def test_the_default_takes_as_many_as_fit_the_earliest_in_table_order() -> None:
    table = game().table
    spec = TargetSpec(side="enemy", count="any", at_least=0, total_might_at_most=4)
    assert default_of(table, spec, places_of(table, spec, 0)) == (
        "stone-whelp",
        "hollow-golem",
        "whelp-2",
    )
    two = TargetSpec(side="enemy", count=2, total_might_at_most=5)  # 2 + 0 is earliest
    assert default_of(table, two, places_of(table, two, 0)) == ("stone-whelp", "hollow-golem")
    exactly = TargetSpec(side="enemy", count=2, at_least=2, total_might_at_most=1)
    assert default_of(table, exactly, places_of(table, exactly, 0)) is None  # 0 + 2 is the least


@pytest.mark.rule("P-94")
def test_a_start_that_leaves_no_room_is_refused_and_one_that_does_asks_for_more() -> None:
    table = game().table
    spec = TargetSpec(side="enemy", count=3, at_least=3, total_might_at_most=5)
    with pytest.raises(MoreToChoose):
        verify_targets(table, spec, ("stone-whelp",), 0)  # 2 + 0 + 2 still fits
    with pytest.raises(RuleError, match="no unit is left for the second target") as refused:
        verify_targets(table, spec, ("iron-sentinel",), 0)  # 4 + 0 + 2 is past 5
    assert refused.value.rule == "P-41"


@pytest.mark.rule("P-94")
@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "{name: T, kind: spell, target: {count: 2, different: false, "
            "total_might_at_most: 4}, effects: [{do: stun}]}",
            r"a total Might adds up different units.*\(P-94\)",
        ),
        (
            "{name: T, kind: spell, target: {zone: trash, total_might_at_most: 4}, "
            "effects: [{do: return_from_trash, to: base}]}",
            r"a card in a trash has no Might.*\(P-94\)",
        ),
        (
            "{name: T, kind: spell, target: [{total_might_at_most: 4}, {side: own}], "
            "effects: [{do: stun}]}",
            "leave count and total_might_at_most out",
        ),
        (
            "{name: T, kind: spell, target: {zone: chain, total_might_at_most: 4}, "
            "effects: [{do: counter}]}",
            r"a spell on the chain is no unit",
        ),
    ],
)
def test_a_total_that_cannot_be_read_is_refused_at_check(card: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        game_from_yaml(never(card))


# --- counts past four, and any (P-49)


@pytest.mark.rule("P-49")
def test_five_units_are_chosen_and_target_5_is_the_fifth() -> None:
    g = game()
    five = ("iron-sentinel", "vanguard-captain", "thornback", "stone-whelp", "hollow-golem")
    assert not g.can_play("fivefold-volley", (*five, "whelp-2"))  # six is more than five
    steps = g.play("fivefold-volley", five)
    assert "P-49" in steps[-1].rules
    g.resolve()
    damage = {uid: g.table.cards[uid].damage for uid in five[:4]}
    assert damage == {"iron-sentinel": 1, "vanguard-captain": 1, "thornback": 1, "stone-whelp": 1}
    assert g.table.cards["hollow-golem"].zone == "trash"  # 1 + 1 on a 0: target_5 is it


@pytest.mark.rule("P-49")
def test_any_number_takes_every_legal_unit_by_default() -> None:
    table = game().table
    spec = TargetSpec(side="enemy", count="any")
    assert default_of(table, spec, places_of(table, spec, 0)) == tuple(
        u.uid for u in table.units(1)
    )
    assert TargetSpec(side="enemy", count="any").describe() == "any number of enemy units"


@pytest.mark.rule("P-49")
def test_a_large_count_is_chosen_without_trying_every_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thirty units at two battlefields, all wanted at one: the old search tried every order of
    them; the default and a refusal now read each battlefield once, so each unit's place is
    asked a few times, not once an order (counted, not timed)."""
    units = ", ".join(
        f"{{card: Stone Whelp, id: w{n}, at: Battlefield {1 + n % 2}}}" for n in range(30)
    )
    table = game(bob=f"[{units}]").table
    asked: list[str] = []
    elsewhere = targeting._elsewhere
    monkeypatch.setattr(
        targeting, "_elsewhere", lambda *args: asked.append(args[-1]) or elsewhere(*args)
    )
    spec = TargetSpec(side="enemy", count=30, at_least=16, same_place=True)
    assert default_of(table, spec, places_of(table, spec, 0)) is None  # 15 at each
    with pytest.raises(RuleError, match="no unit is left for the second target"):
        verify_targets(table, spec, ("w0",), 0)
    fifteen = TargetSpec(side="enemy", count=30, at_least=15, same_place=True)
    found = default_of(table, fifteen, places_of(table, fifteen, 0))
    assert found == tuple(f"w{n}" for n in range(0, 30, 2))
    assert len(asked) <= 4 * 30  # three reads of the thirty: 90


# --- the opponent chooses (P-95)


@pytest.mark.rule("P-95")
def test_the_opponent_chooses_a_spells_target_and_the_step_names_them() -> None:
    g = game(alice="[{card: Stone Whelp, id: mine}]")
    with pytest.raises(RuleError, match=r"mine is not an enemy unit \(your opponent chooses\)"):
        g.play("grim-bargain", "mine")
    steps = g.play("grim-bargain", "thornback")
    assert (
        steps[-1].description == "grim-bargain targeting thornback goes on the chain (Bob's choice)"
    )
    assert "P-95" in steps[-1].rules
    g.resolve()
    assert g.table.cards["thornback"].zone == "trash"


@pytest.mark.rule("P-95")
def test_with_no_answer_the_opponents_choice_is_the_first_legal_unit() -> None:
    g = game()
    steps = g.play("grim-bargain")
    assert steps[-1].description == (
        "grim-bargain targeting stone-whelp goes on the chain (by default, the first legal unit "
        "in table order; Bob chooses)"
    )
    with pytest.raises(RuleError, match="grim-bargain needs a target") as refused:
        game(bob="[]").play("grim-bargain")  # nothing to choose: as a play given no target
    assert refused.value.rule == "M5"


@pytest.mark.rule("P-95")
def test_a_trigger_asks_the_opponent() -> None:
    asked: list[Choice] = []

    def last(choice: Choice) -> Answer:
        asked.append(choice)
        return (choice.options[-1],)

    g = game(chooser=last)
    steps = g.play("tithe-collector")
    [choice] = asked
    assert (choice.player, choice.by) == (1, "Bob")
    assert choice.prompt.startswith("Bob chooses an enemy unit (your opponent chooses)")
    assert steps[-1].description.endswith("targeting whelp-2 (Bob's choice)")


@pytest.mark.rule("P-95")
def test_an_activated_ability_the_opponent_chooses_for_pays_no_deflect() -> None:
    g = game(
        alice="[{card: Extortionist, at: Battlefield 1}]",
        bob="[{card: Warded, at: Battlefield 1}]",
    )
    steps = g.activate("extortionist", 0, None)
    assert steps[-1].description == (
        "extortionist: Extort targeting warded goes on the chain (by default, the first legal "
        "unit in table order; Bob chooses)"
    )
    assert g.table.players[0].runes == 0  # no rune for the Deflect of warded: Bob chose it


@pytest.mark.rule("P-95")
def test_a_list_of_targets_is_its_controllers_choice() -> None:
    card = (
        "{name: T, kind: spell, target: [{side: enemy, chooser: opponent}, {side: own}], "
        "effects: [{do: stun}]}"
    )
    with pytest.raises(ScenarioError, match=r"leave chooser out of its entries \(P-95\)"):
        game_from_yaml(never(card))
