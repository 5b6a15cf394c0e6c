"""Damage replacements (M3, M4, M8, M-4, M-5): prevention, doubling, Bonus Damage, and the
order a player gives them, asked, written and replayed."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.might.game import MightGame
from engine.might.replacements import resolve_event, verify_order
from engine.might.scenario import Action
from engine.scenario import Playthrough, game_from_yaml, load_scenario
from engine.timeline import Step
from tests.support.game_state import assert_refused, assert_unchanged, whole_state
from tests.support.might_tables import ORDERS_IN_COMBAT, TABLE, TRIGGERS
from tests.support.playthroughs import playthrough_of


@pytest.mark.rule("M8")
def test_replacement_orders_change_the_outcome() -> None:
    table = game_from_yaml(TABLE).table
    prevent_first, _ = resolve_event(table, "hollow-golem", 2, 0, "spell", None, ["ward", "twice"])
    double_first, card = resolve_event(
        table, "hollow-golem", 2, 0, "spell", None, ["twice", "ward"]
    )
    assert (prevent_first.final, prevent_first.replacements[0].left) == (0, "1")
    assert (double_first.final, double_first.replacements[1].left) == (1, "0")
    assert card.shields[0].remaining == 0
    assert table.cards["hollow-golem"].shields[0].remaining == 3  # the snapshot is untouched


@pytest.mark.rule("M-4")
def test_order_naming_wrong_effects_is_rejected_and_changes_nothing() -> None:
    def chooser(choice: Choice) -> Answer:
        return ("ward", "nonsense")

    game = game_from_yaml(TABLE, chooser)
    before = whole_state(game)
    with pytest.raises(RuleError) as error:
        game.deal("hollow-golem", 2)
    assert error.value.rule == "M-4" and "ward, twice" in error.value.message
    assert_unchanged(before, game)


@pytest.mark.rule("M4", "M-5")
def test_fully_prevented_damage_triggers_nothing() -> None:
    game = game_from_yaml(
        TABLE.replace(
            "{card: Thornback, at: Battlefield 1}",
            "{card: Thornback, at: Battlefield 1, shields: [{value: all}]}",
        )
    )
    steps = game.deal("thornback", 3)
    assert game.table.cards["thornback"].damage == 0
    assert not game.table.chain
    assert not any(c.kind == "triggered" for s in steps for c in s.changes)


@pytest.mark.rule("M-4", "M8")
def test_one_order_per_damage_event_replays_the_same() -> None:
    from engine.might.runner import nth_order

    assert nth_order(("a", "b"), 3) == ("a", "b")
    assert nth_order((("a", "b"), ("b", "a")), 1) == ("b", "a")
    assert nth_order((("a", "b"), ("b", "a")), 5) == ("b", "a")


@pytest.mark.rule("M-4")
def test_an_order_never_asked_for_refuses_the_whole_action_before_anything_stays() -> None:
    # M-4: fewer than two replacements apply to the whelp, so the order is refused; the Spark
    # must not have resolved and killed it (the check used to run after the commit).
    play = playthrough_of(TABLE, name="t.yaml")
    game = play.game
    spark = might.Action.of(
        might_verbs.Play(card="spark", target="stone-whelp"),
        order={"stone-whelp": ("ward", "twice")},
    )
    assert isinstance(game, MightGame)
    error = assert_refused(play, lambda: play.act(spark, open_windows=False), "M-4")
    assert "never asked for" in error.message
    assert game.table.cards["stone-whelp"].zone == "battlefield"
    assert game.table.cards["spark"].zone == "hand"


STALE = """\
ruleset: might
title: An order left to the default by the script
rules: [M8, M-4]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp}]
    - name: Bob
      units:
        - {card: Hollow Golem, shields: [{id: ward, value: 3}], doublers: [{id: twice}]}
script:
  - deal: {target: hollow-golem, amount: 1}
"""


@pytest.mark.rule("M-4")
def test_an_order_the_script_left_open_is_not_written_into_the_next_action() -> None:
    # The script's own run leaves its default order for the golem; the next action (a heal of
    # another unit) must not be recorded with it, or its replay is refused (M-4)
    play = playthrough_of(STALE, "stale.yaml")
    play.run(play.scenario.script)
    healed = play.act(Action.model_validate({"heal": {"target": "stone-whelp"}}))
    assert isinstance(healed, Action) and healed.order is None
    replay = playthrough_of(STALE, "stale.yaml")
    replay.run(play.actions)
    assert not replay.failures()


THRICE = """\
ruleset: might
title: One spell, three hits, three orders
rules: [M8]
cards:
  - name: Triple Tap
    kind: spell
    text: Deal 1 damage to a unit three times.
    target: {side: any}
    effects: [{do: damage, amount: 1}, {do: damage, amount: 1}, {do: damage, amount: 1}]
setup:
  players:
    - name: Alice
      hand: [{card: Triple Tap}]
    - name: Bob
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 5}]
          doublers: [{id: twice}]
script:
  - play: {card: triple-tap, target: iron-sentinel}
    order: {iron-sentinel: [[twice, ward], [ward, twice], [twice, ward]]}
"""


def test_three_orders_for_one_unit_are_used_in_turn(tmp_path: Path) -> None:
    # the orders are used in the order written: 1 then 2 then 3, not 1, 3, 2
    path = tmp_path / "thrice.yaml"
    path.write_text(THRICE)
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    orders = [
        step.description.split("Bob's order ")[1].split(";")[0]
        for step in play.game.steps
        if "Bob's order " in step.description
    ]
    assert orders == ["twice, then ward", "ward, then twice", "twice, then ward"]


WARDED = """\
ruleset: might
title: A ward and a doubler
rules: [M8, M-4]
setup:
  players:
    - name: Alice
    - name: Bob
      units:
        - card: Iron Sentinel
          shields: [{id: ward, value: 10}]
          doublers: [{id: double}]
"""


@pytest.mark.rule("M-4")
def test_an_action_played_again_answers_its_orders_from_the_first_one() -> None:
    """Orders given one per damage event count from the first event each time the action is
    played, not from where its last run stopped (M-4)."""
    play = playthrough_of(WARDED)
    deal = Action.model_validate(
        {
            "deal": {"target": "iron-sentinel", "amount": 1},
            "order": {"iron-sentinel": [["ward", "double"], ["double", "ward"]]},
        }
    )
    mark = len(play.game.steps)
    play.act(deal)
    again = len(play.game.steps)
    play.act(deal)

    def ordered(steps: list[Step]) -> list[str]:
        return [s.description for s in steps if "(prevention)" in s.description]

    [first] = ordered(play.game.steps[mark:again])
    [second] = ordered(play.game.steps[again:])
    assert first.index("ward") < first.index("double")
    assert second.index("ward") < second.index("double")


SCOPED = """\
ruleset: might
title: Scoped replacements and Bonus Damage
rules: [M3, M8, M-4]
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
      bonus_damage:
        - {amount: 1, scope: all, duration: permanent}
    - name: Bob
      units:
        - card: Iron Sentinel
          shields: [{id: spell-ward, value: 1, scope: spell}]
          doublers: [{id: double, scope: all}]
"""


@pytest.mark.rule("M3", "M-4")
def test_a_spells_damage_meets_spell_scoped_shields_and_all_scoped_bonus_damage() -> None:
    """Bonus Damage of scope "all" adds to a spell's damage (M3); a shield of scope "spell" and
    a doubler of scope "all" both apply to it, so their order is asked (M-4)."""
    asked: list[Choice] = []

    def ward_first(choice: Choice) -> Answer:
        asked.append(choice)
        return ("spell-ward", "double")

    game = game_from_yaml(SCOPED, ward_first)
    game.play("firestorm")
    game.resolve()
    assert [(c.kind, c.options) for c in asked] == [("replacement_order", ("spell-ward", "double"))]
    dealt = next(s for s in game.steps if s.description.startswith("iron-sentinel takes"))
    assert dealt.description.startswith("iron-sentinel takes 4 damage (2 + 1 Bonus Damage")


@pytest.mark.parametrize(
    ("unit", "order", "says"),
    [
        ("iron-sentinel", [], "once (ward, double); got nothing"),
        ("iron-sentinel", ["ward", "ward"], "once (ward, double); got ward, ward"),
        ("stone-whelp", ["ward"], "once (none); got ward"),
    ],
)
def test_a_wrong_replacement_order_says_what_applies_and_what_it_got(
    unit: str, order: list[str], says: str
) -> None:
    with_whelp = "    - name: Alice\n      units: [{card: Stone Whelp}]\n"
    game = game_from_yaml(WARDED.replace("    - name: Alice\n", with_whelp))
    with pytest.raises(RuleError) as refused:
        verify_order(game.table.cards[unit], "spell", order)
    assert refused.value.rule == "M-4"
    assert refused.value.message == (
        f"the replacement order for {unit} must name each of the effects that apply, {says}"
    )


@pytest.mark.rule("M-4")
def test_an_order_left_open_in_a_combat_with_an_assignment_is_the_default() -> None:
    # An assignment answers only an assignment choice, so the order of Alice's sentinel (asked
    # of Alice, M-4) takes the default, said as such, and is not written in: a replay takes it
    play = playthrough_of(ORDERS_IN_COMBAT, name="gaps.yaml")
    combat = {
        "battlefield": "Battlefield 1",
        "assign": {"Alice": [{"unit": "stone-whelp", "damage": 4}]},
    }
    played = play.act(Action.model_validate({"combat": combat}))
    assert isinstance(played, Action)
    assert played.order is None
    assert play.game.steps[3].description == (
        "Bob assigns 2, in order: iron-sentinel 2 (needs 3 for lethal): by default, in the order "
        "created: ward, then twice; ward (prevention) 2 -> 1, spent 1, 0 left; twice (doubling) "
        "1 -> 2 = 2"
    )


COLLIDING = """\
ruleset: might
title: A unit named like an assignment
rules: [M-4, P-21]
setup:
  players:
    - name: Alice
      units: [{card: Thornback, at: Battlefield 1}]
    - name: Bob
      units:
        - card: Iron Sentinel
          id: assign Alice
          at: Battlefield 1
          shields: [{id: ward, value: all}]
          doublers: [{id: twice}]
script:
  - combat:
      battlefield: Battlefield 1
      assign: {Alice: [{unit: assign Alice, damage: 3}]}
    order: {assign Alice: [[ward, twice], [twice, ward], [ward, twice]]}
"""


@pytest.mark.rule("P-21", "M-4")
def test_per_event_orders_survive_an_assignment_in_between() -> None:
    # The count of orders used: the combat event uses the first order, Alice's
    # assignment comes next, then Thornback's Barbed Hide (P-21) uses the second (M-4). The
    # unit's id reads like Alice's assignment ("assign Alice"): the assignment must leave the
    # count of the unit's orders used at 1
    play = playthrough_of(COLLIDING, name="gaps.yaml")
    play.run(play.scenario.script)
    orders = [
        s.description.split("Bob's order ")[1].split(";")[0]
        for s in play.game.steps
        if "Bob's order " in s.description
    ]
    assert orders == ["ward, then twice", "twice, then ward"]
    assert not play.failures()


@pytest.mark.rule("M-4")
def test_an_order_for_a_unit_named_like_an_assignment_is_still_refused_unasked() -> None:
    # Orders and assignments are kept apart: a unit whose id reads like Alice's
    # assignment ("assign Alice") still gets the M-4 refusal for an order it was never asked
    play = playthrough_of(
        ORDERS_IN_COMBAT.replace(
            "          doublers: [{id: twice}]\n",
            "          doublers: [{id: twice}]\n        - {card: Stone Whelp, id: assign Alice}\n",
        ),
        name="gaps.yaml",
    )
    combat = {
        "battlefield": "Battlefield 1",
        "assign": {"Alice": [{"unit": "stone-whelp", "damage": 4}]},
    }
    with pytest.raises(RuleError) as refused:
        play.act(
            Action.model_validate({"combat": combat, "order": {"assign Alice": ["ward", "twice"]}})
        )
    assert refused.value.rule == "M-4"
    assert str(refused.value) == (
        "the order given for assign Alice was never asked for: fewer than two replacement "
        "effects applied to it (rule M-4)"
    )


@pytest.mark.rule("M8")
def test_a_combat_only_doubler_says_so() -> None:
    """A doubler scoped to combat damage is described as such, not as all damage (M8)."""
    steps = game_from_yaml(TRIGGERS).add_doubler("stone-whelp", scope="combat")
    assert steps[0].description == "stone-whelp gets doubling e1 (combat damage) this turn"
    steps = game_from_yaml(TRIGGERS).add_doubler("stone-whelp")
    assert steps[0].description == "stone-whelp gets doubling e1 (all damage) this turn"


ABILITY_DAMAGE = """\
ruleset: might
title: Damage from an ability
rules: [P-20]
cards:
  - name: Rune Smith
    kind: unit
    might: 3
    text: "Exhaust, pay 1 rune: deal 2 to an enemy unit here."
    abilities:
      - when: activated
        name: Forge Strike
        cost: {exhaust: true, runes: 1}
        target: {side: enemy, here: true}
        effects: [{do: damage, amount: 2}]
setup:
  players:
    - {name: Alice, runes: 1, units: [{card: Rune Smith, at: Battlefield 1}]}
    - {name: Bob, units: [{card: Iron Sentinel, at: Battlefield 1}]}
"""


@pytest.mark.rule("P-20")
def test_an_abilitys_damage_meets_only_what_covers_all_damage() -> None:
    """Spell and combat shields and spell Bonus Damage leave an ability's damage alone; a
    doubler of scope "all" doubles it (P-20)."""
    game = game_from_yaml(ABILITY_DAMAGE)
    game.add_shield("iron-sentinel", 1, scope="spell", effect_id="spell-ward")
    game.add_shield("iron-sentinel", 1, scope="combat", effect_id="combat-ward")
    game.add_doubler("iron-sentinel", scope="all", effect_id="double")
    game.grant_bonus_damage(0, 1, scope="spell")
    game.activate("rune-smith", 0, "iron-sentinel")
    dealt = next(s for s in game.resolve() if s.description.startswith("iron-sentinel takes"))
    assert dealt.description == (
        "iron-sentinel takes 4 damage (2: double (doubling) 2 -> 4); marked 0 -> 4"
    )
    assert "P-20" in dealt.rules
