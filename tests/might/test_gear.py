"""Gear (P-66): a card at its owner's base that is no unit, played for its cost, with activated
abilities; and a gear's standing death replacement that watches other units (P-67, M-20 to
M-22)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.choices import Answer, Choice
from engine.errors import RuleError, ScenarioError
from engine.might.game import MightGame
from engine.might.verbs import Activate, Move, Ready
from engine.scenario import game_from_yaml

CARDS = """\
cards:
  - name: Ember Cannon
    kind: gear
    cost: 1
    text: "Exhaust: deal 2 to an enemy unit."
    abilities:
      - when: activated
        name: Fire
        cost: {exhaust: true}
        target: {side: enemy}
        effects: [{do: damage, amount: 2}]
  - name: Guardian Totem
    kind: gear
    cost: 2
    text: "The next time a friendly unit would die, kill this instead and recall that unit."
    replaces: {would_die: friendly_unit, then: [recall], and_this: trash}
  - name: Mending Shrine
    kind: gear
    text: "Exhaust this instead: a friendly unit that would die heals."
    replaces: {then: [heal], and_this: exhaust}
  - name: Doom
    kind: spell
    target: {}
    effects: [{do: kill}]
  - name: Firestorm
    kind: spell
    effects: [{do: damage, amount: 9, target: all_units}]
  - name: Saved Soldier
    kind: unit
    might: 2
    abilities:
      - when: played
        effects: [{do: instead_of_dying, target: self}]
"""


def game(
    alice: str,
    gear: str = "[]",
    bob: str = "[{card: Stone Whelp, at: Battlefield 1}]",
    hand: str = "[]",
    runes: int = 0,
    chooser: object = None,
) -> MightGame:
    text = f"""\
ruleset: might
title: Gear
rules: [P-66]
{CARDS}setup:
  players:
    - {{name: Alice, runes: {runes}, hand: {hand}, units: {alice}, gear: {gear}}}
    - {{name: Bob, units: {bob}}}
"""
    made = game_from_yaml(text, chooser) if chooser else game_from_yaml(text)  # type: ignore[arg-type]
    assert isinstance(made, MightGame)
    return made


# --- P-66: gear is played to the base, ready, and is no unit -----------------------------------


def test_a_gear_is_played_for_its_cost_to_its_base_ready_and_is_no_unit() -> None:
    g = game("[]", hand="[{card: Ember Cannon}]", runes=1)
    steps = g.play("ember-cannon")
    cannon = g.table.cards["ember-cannon"]
    assert (cannon.zone, cannon.exhausted, g.table.players[0].runes) == ("base", False, 0)
    assert "P-66" in steps[-1].rules and "ready (gear enters ready)" in steps[-1].description
    assert [u.uid for u in g.table.units()] == ["stone-whelp"]  # no count or target finds it
    assert not g.table.is_unit("ember-cannon") and g.table.on_table("ember-cannon")


def test_a_set_up_puts_gear_at_the_base_as_it_says() -> None:
    g = game("[]", gear="[{card: Guardian Totem, exhausted: true}]")
    totem = g.table.cards["guardian-totem"]
    assert (totem.zone, totem.exhausted) == ("base", True)


@pytest.mark.parametrize(
    ("act", "words"),
    [
        (lambda g: g.move("ember-cannon", 0), "is gear, not a unit"),
        (lambda g: g.deal("ember-cannon", 2), "is gear, not a unit"),
        (lambda g: g.heal("ember-cannon"), "is gear, not a unit"),
        (lambda g: g.return_to_hand("ember-cannon"), "is gear, not a unit"),
    ],
)
def test_what_only_a_unit_does_is_refused_on_a_gear(act: object, words: str) -> None:
    g = game("[]", gear="[{card: Ember Cannon}]")
    with pytest.raises(RuleError) as refused:
        act(g)  # type: ignore[operator]
    assert refused.value.rule == "P-66" and words in str(refused.value)


def test_a_gear_is_never_a_legal_target() -> None:
    g = game("[]", gear="[{card: Ember Cannon}]", hand="[{card: Spark}]")
    with pytest.raises(RuleError) as refused:
        g.play("spark", "ember-cannon")
    assert refused.value.rule == "P-66" and "never a target" in str(refused.value)


def test_a_gears_activated_ability_exhausts_it_and_goes_on_the_chain() -> None:
    g = game("[]", gear="[{card: Ember Cannon}]")
    g.activate("ember-cannon", 0, "stone-whelp")
    assert g.table.cards["ember-cannon"].exhausted
    g.resolve()
    assert g.table.cards["stone-whelp"].zone == "trash"
    with pytest.raises(RuleError) as refused:
        g.activate("ember-cannon", 0, "stone-whelp")
    assert refused.value.rule == "P-42"
    g.set_ready("ember-cannon", True)  # a player's edit readies it, as a unit (P-18)
    assert not g.table.cards["ember-cannon"].exhausted


def test_the_engine_offers_a_gears_abilities_and_status_but_no_move() -> None:
    g = game("[]", gear="[{card: Ember Cannon}]")
    offered = [
        o.label
        for verb in (Activate, Move, Ready)
        for o in verb.offered(g.table, "ember-cannon", None)
    ]
    assert offered == ["Activate Fire…", "Ready"]  # a status like a unit's, and no move


# --- check: what a gear can't have is refused at its key ---------------------------------------


def card_error(card: str, setup: str = "[]") -> str:
    text = f"""\
ruleset: might
title: Gear
rules: [P-66]
cards:
  - {card}
setup:
  players:
    - {{name: Alice, units: {setup}}}
    - {{name: Bob}}
"""
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(text)
    return str(refused.value)


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("{name: G, kind: gear, might: 2}", "cards[0].might: gear has no might"),
        ("{name: G, kind: gear, keywords: [Tank]}", "cards[0].keywords: gear has no keywords"),
        (
            "{name: G, kind: gear, abilities: [{when: takes_damage}]}",
            "cards[0].abilities[0].when: gear never meets 'takes_damage'",
        ),
        (
            "{name: G, kind: gear, abilities: [{when: activated, effects: [{do: damage, "
            "amount: 1, target: self}]}]}",
            "only ready and exhaust may aim at self (P-66)",
        ),
        (
            "{name: U, kind: unit, replaces: {then: [heal]}}",
            "cards[0].replaces: only gear has a standing replacement",
        ),
        ("{name: G, kind: gear, replaces: {then: []}}", "`then: []` does nothing"),
    ],
)
def test_what_a_gear_cant_have_is_refused_at_its_key(card: str, words: str) -> None:
    assert words in card_error(card)


def test_a_gear_readies_itself() -> None:
    text = """\
ruleset: might
title: Gear
rules: [P-66]
cards:
  - {name: G, kind: gear, abilities: [{when: activated, effects: [{do: ready, target: self}]}]}
setup:
  players:
    - {name: Alice, gear: [{card: G, exhausted: true}]}
    - {name: Bob}
"""
    g = game_from_yaml(text)
    assert isinstance(g, MightGame)
    g.activate("g")
    g.resolve()
    assert not g.table.cards["g"].exhausted  # its self is the gear (P-66)


def test_a_gear_under_units_and_a_unit_under_gear_are_refused() -> None:
    assert "is gear, not a unit: put it under the player's `gear`" in card_error(
        "{name: G, kind: gear}", "[{card: G}]"
    )
    with pytest.raises(ScenarioError, match="not gear: put it under `units`"):
        game("[]", gear="[{card: Stone Whelp}]")


# --- P-67: a gear's standing death replacement ---------------------------------------------------


def test_a_friendly_unit_killed_is_recalled_and_the_gear_goes_to_the_trash() -> None:
    g = game(
        "[{card: Iron Sentinel, at: Battlefield 1}]",
        "[{card: Guardian Totem}]",
        hand="[{card: Doom}]",
    )
    g.play("doom", "iron-sentinel")
    steps = g.resolve()
    sentinel = g.table.cards["iron-sentinel"]
    assert (sentinel.zone, g.table.cards["guardian-totem"].zone) == ("base", "trash")
    [save] = [s for s in steps if "P-67" in s.rules]
    assert "M-20" in save.rules and "guardian-totem goes to the trash" in save.description
    assert "guardian-totem" in save.changed_cards()


def test_an_enemy_units_death_is_not_watched() -> None:
    g = game("[]", "[{card: Guardian Totem}]", hand="[{card: Doom}]")
    g.play("doom", "stone-whelp")
    g.resolve()
    assert g.table.cards["stone-whelp"].zone == "trash"
    assert g.table.cards["guardian-totem"].zone == "base"


def test_a_units_own_save_is_used_before_the_gears() -> None:
    g = game("[]", "[{card: Guardian Totem}]", hand="[{card: Saved Soldier}, {card: Doom}]")
    g.play("saved-soldier")
    g.resolve()
    g.set_ready("saved-soldier", True)
    g.play("doom", "saved-soldier")
    g.resolve()
    assert g.table.cards["saved-soldier"].zone == "base"
    assert g.table.cards["guardian-totem"].zone == "base"  # not needed: unused


def saved_soldier_doomed(chooser: object) -> MightGame:
    g = game(
        "[]",
        "[{card: Guardian Totem}, {card: Mending Shrine}]",
        hand="[{card: Saved Soldier}, {card: Doom}]",
        chooser=chooser,
    )
    g.play("saved-soldier")
    g.resolve()
    g.set_ready("saved-soldier", True)
    g.play("doom", "saved-soldier")
    g.resolve()
    return g


@pytest.mark.rule("P-99")
def test_the_units_controller_may_put_a_gear_before_its_own_save() -> None:
    asked: list[Choice] = []

    def shrine_first(choice: Choice) -> Answer:
        asked.append(choice)
        return ("mending-shrine", *(o for o in choice.options if o != "mending-shrine"))

    g = saved_soldier_doomed(shrine_first)
    [choice] = [c for c in asked if c.subject == "saved-soldier"]
    assert choice.kind == "replacement_order" and choice.player == 0
    assert choice.options[1:] == ("guardian-totem", "mending-shrine")  # its own first: default
    assert g.table.cards["saved-soldier"].zone == "base"
    assert g.table.cards["mending-shrine"].exhausted  # the shrine paid for it
    assert g.table.cards["guardian-totem"].zone == "base"  # not used
    assert len(g.table.cards["saved-soldier"].saves) == 1  # its own stays for the next death
    step = next(s for s in g.steps if "Alice's order: mending-shrine" in s.description)
    assert {"M-4", "P-99", "P-67"} <= set(step.rules)


@pytest.mark.rule("P-99")
def test_a_death_replacement_order_that_is_not_the_replacements_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        saved_soldier_doomed(
            lambda c: ("guardian-totem",) if c.subject == "saved-soldier" else c.default
        )
    assert refused.value.rule == "P-99"
    assert "must name each that applies, once" in refused.value.message


def test_a_recall_without_a_heal_saves_from_a_kill_not_from_lethal_damage() -> None:
    g = game("[{card: Stone Whelp, id: mine, at: Battlefield 1}]", "[{card: Guardian Totem}]")
    g.deal("mine", 2)
    assert g.table.cards["mine"].zone == "trash"  # recalled, then M-22's repeat: a new death
    assert g.table.cards["guardian-totem"].zone == "trash"


def test_an_exhaust_gear_saves_while_ready_and_then_only_once_readied() -> None:
    g = game("[{card: Iron Sentinel}, {card: Stone Whelp, id: mine}]", "[{card: Mending Shrine}]")
    g.deal("mine", 2)
    assert (g.table.cards["mine"].damage, g.table.cards["mending-shrine"].exhausted) == (0, True)
    steps = g.deal("iron-sentinel", 4)
    assert g.table.cards["iron-sentinel"].zone == "trash"
    assert any("mending-shrine is exhausted: it can't replace" in s.description for s in steps)


def test_several_deaths_at_once_the_gears_controller_picks_the_one_it_saves() -> None:
    asked: list[Choice] = []

    def last_first(choice: Choice) -> Answer:
        asked.append(choice)
        return tuple(reversed(choice.options))

    alice = "[{card: Iron Sentinel, at: Battlefield 1}, {card: Stone Whelp, id: mine}]"
    g = game(alice, "[{card: Mending Shrine}]", hand="[{card: Firestorm}]", chooser=last_first)
    g.play("firestorm")
    g.resolve()
    [choice] = asked
    assert (choice.kind, choice.subject, choice.options) == (
        "replacement_order",
        "mending-shrine",
        ("iron-sentinel", "mine"),
    )
    assert g.table.cards["mine"].zone == "base"
    assert g.table.cards["iron-sentinel"].zone == "trash"


def test_an_order_that_is_not_the_deaths_is_refused() -> None:
    alice = "[{card: Iron Sentinel}, {card: Stone Whelp, id: mine}]"
    g = game(
        alice, "[{card: Mending Shrine}]", hand="[{card: Firestorm}]", chooser=lambda c: ("mine",)
    )
    with pytest.raises(RuleError) as refused:
        g.play("firestorm")
        g.resolve()
    assert refused.value.rule == "M-21"


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=4), st.randoms(use_true_random=False))
def test_a_one_use_gear_saves_exactly_the_one_unit_its_controller_picks(
    units: int, rng: object
) -> None:
    picked: list[str] = []

    def shuffled(choice: Choice) -> Answer:
        order = list(choice.options)
        rng.shuffle(order)  # type: ignore[attr-defined]
        picked.append(order[0])
        return tuple(order)

    alice = "[" + ", ".join(f"{{card: Stone Whelp, id: u{n}}}" for n in range(units)) + "]"
    g = game(alice, "[{card: Mending Shrine, id: s}]", hand="[{card: Firestorm}]", chooser=shuffled)
    g.play("firestorm")
    g.resolve()
    # asked only when it has a choice; the saved unit is healed, every other one dies (M-21)
    assert len(picked) == (1 if units > 1 else 0)
    assert [u.uid for u in g.table.units(0)] == (picked or ["u0"])
    assert g.table.cards["s"].exhausted and g.table.cards["s"].damage == 0
