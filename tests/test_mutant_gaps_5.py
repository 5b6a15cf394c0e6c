"""Behaviour the restarted full mutation run showed untested (docs/testing.md, "The full run"):
each test names the mutants it kills."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.might.damage import verify_order
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.scenario import might_game_from_yaml
from engine.timeline import Cause, Step
from tests.support.playthroughs import playthrough_of, set_up_error

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


def test_two_units_dying_together_put_their_triggers_on_the_chain_together() -> None:
    """Two "when this dies" triggers from one cleanup go on the chain in P-12's order; one
    alone does not cite P-12."""
    rules = triggered(might_game_from_yaml(MARTYRS))
    assert set(rules) == {"martyr-1", "martyr-2"}
    assert all("P-12" in cited and "M-8" in cited for cited in rules.values())

    alone = might_game_from_yaml(
        MARTYRS.replace("        - {card: Ash Martyr, id: martyr-2}\n", "")
    )
    assert "P-12" not in triggered(alone)["martyr-1"]


def test_playing_a_card_is_an_action_on_that_card() -> None:
    game = might_game_from_yaml(MARTYRS)
    [played, *_] = game.play("firestorm")
    assert played.cause == Cause(kind="action", card="firestorm", text="play firestorm")


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


EXHAUSTED = """\
ruleset: might
title: An exhausted unit
rules: [M-6]
setup:
  players:
    - name: Alice
      units:
        - {card: Stone Whelp, exhausted: true}
    - name: Bob
"""


def test_a_unit_that_leaves_the_table_is_ready_again() -> None:
    """Nothing on a unit stays with it when it leaves the table (M-6): not even exhaustion."""
    game = might_game_from_yaml(EXHAUSTED)
    assert game.table.cards["stone-whelp"].exhausted
    game.return_to_hand("stone-whelp")
    assert game.table.cards["stone-whelp"].zone == "hand"
    assert not game.table.cards["stone-whelp"].exhausted


QUAKE = """\
ruleset: might
title: A quake
rules: [M5]
cards:
  - name: Quake
    kind: spell
    effects:
      - {do: damage, amount: 1, target: all_units}
  - name: Backfire
    kind: spell
    effects:
      - {do: damage, amount: 1, target: all_own_units}
setup:
  players:
    - name: Alice
      units:
        - {card: Iron Sentinel, id: alice-sentinel}
      hand:
        - {card: Quake}
        - {card: Backfire}
    - name: Bob
      units:
        - {card: Iron Sentinel, id: bob-sentinel}
"""


def test_an_effect_on_all_units_reaches_both_players_units() -> None:
    game = might_game_from_yaml(QUAKE)
    game.play("quake")
    game.resolve()
    assert game.table.cards["alice-sentinel"].damage == 1
    assert game.table.cards["bob-sentinel"].damage == 1


def test_an_effect_on_all_own_units_reaches_only_the_controllers() -> None:
    game = might_game_from_yaml(QUAKE)
    game.play("backfire")
    game.resolve()
    assert game.table.cards["alice-sentinel"].damage == 1
    assert game.table.cards["bob-sentinel"].damage == 0


def test_what_a_resolving_chain_item_does_is_caused_by_its_card() -> None:
    game = might_game_from_yaml(MARTYRS)
    game.play("firestorm")
    resolves, hits_martyr, *_ = game.resolve()
    assert resolves.description == "firestorm resolves"
    assert (
        resolves.cause
        == hits_martyr.cause
        == Cause(kind="effect", card="firestorm", text="firestorm")
    )


MENDERS = """\
ruleset: might
title: Units that answer healing
rules: [M6, P-12, P-22]
cards:
  - name: Mending Acolyte
    kind: unit
    might: 3
    abilities:
      - when: healed
        effects:
          - {do: might, amount: 1, target: self}
setup:
  players:
    - name: Alice
      units:
        - {card: Mending Acolyte, id: hurt-1, damage: 1}
        - {card: Mending Acolyte, id: hurt-2, damage: 1}
        - {card: Mending Acolyte, id: whole-1}
        - {card: Mending Acolyte, id: whole-2}
    - name: Bob
"""


def test_healing_several_units_names_the_undamaged_and_triggers_the_healed_together() -> None:
    """Expiration heals every unit in one step, which names each undamaged unit that would have
    triggered (P-22); the healed units' triggers go on the chain together (P-12)."""
    game = might_game_from_yaml(MENDERS)
    steps = game.end_turn()
    heal = next(s for s in steps if s.description.startswith("heal:"))
    assert heal.description == (
        'heal: hurt-1, hurt-2 healed (whole-1, whole-2 had no damage: no "when healed" trigger)'
    )
    triggers = [s for s in steps if "triggers:" in s.description]
    assert [s.cause.card for s in triggers] == ["hurt-1", "hurt-2"]
    assert all("P-12" in s.rules for s in triggers)


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


def test_a_spells_damage_meets_spell_scoped_shields_and_all_scoped_bonus_damage() -> None:
    """Bonus Damage of scope "all" adds to a spell's damage (M3); a shield of scope "spell" and
    a doubler of scope "all" both apply to it, so their order is asked (M-4)."""
    asked: list[Choice] = []

    def ward_first(choice: Choice) -> Answer:
        asked.append(choice)
        return ("spell-ward", "double")

    game = might_game_from_yaml(SCOPED, ward_first)
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
    game = might_game_from_yaml(WARDED.replace("    - name: Alice\n", with_whelp))
    with pytest.raises(RuleError) as refused:
        verify_order(game.table.cards[unit], "spell", order)
    assert refused.value.rule == "M-4"
    assert refused.value.message == (
        f"the replacement order for {unit} must name each of the effects that apply, {says}"
    )


MIGHT_ZONES = """\
ruleset: might
title: Cards in hand and in the trash
rules: [M1]
setup:
  turn: 3
  players:
    - name: Alice
      hand:
        - {card: Stone Whelp}
        - {card: Nothing Here}
      trash:
        - {card: Stone Whelp, id: old-whelp}
        - {card: Nothing There}
    - name: Bob
"""


@pytest.mark.parametrize(
    ("unknown", "located"),
    [
        ("Nothing Here", "a.yaml:10: setup.players[0].hand[1].card: unknown card 'Nothing Here'"),
        (
            "Nothing There",
            "a.yaml:12: setup.players[0].trash[1].card: unknown card 'Nothing There'",
        ),
    ],
)
def test_an_unknown_card_in_a_might_hand_or_trash_is_located(unknown: str, located: str) -> None:
    other = ({"Nothing Here", "Nothing There"} - {unknown}).pop()
    text = MIGHT_ZONES.replace(f"        - {{card: {other}}}\n", "")
    assert set_up_error(text, might_game_from_yaml).startswith(located)


def test_a_might_set_up_starts_at_its_turn() -> None:
    text = MIGHT_ZONES.replace("        - {card: Nothing Here}\n", "")
    game = might_game_from_yaml(text.replace("        - {card: Nothing There}\n", ""))
    assert game.table.turn == 3
    assert game.table.cards["old-whelp"].zone == "trash"


TWO_WHELPS = """\
ruleset: might
title: Set-up mistakes
rules: [M-1]
setup:
  players:
    - name: Alice
      units:
        - {card: Stone Whelp}
        - {card: Stone Whelp}
    - name: Bob
      units:
        - {card: Spark}
"""


def test_might_set_up_mistakes_are_located_and_explained() -> None:
    """Two cards with one id, a spell set up as a unit and an unknown card: each error names
    its place, says what is wrong and, where a rule decides it, cites it."""
    assert set_up_error(TWO_WHELPS, might_game_from_yaml) == (
        "a.yaml:9: setup.players[0].units[1]: two cards have the id 'stone-whelp': "
        "give one an explicit id"
    )
    one_whelp = TWO_WHELPS.replace("        - {card: Stone Whelp}\n", "", 1)
    assert set_up_error(one_whelp, might_game_from_yaml) == (
        "a.yaml:11: setup.players[1].units[0].card: Spark is a spell, not a unit (rule M-1)"
    )
    assert set_up_error(one_whelp.replace("Spark", "Sparkle"), might_game_from_yaml) == (
        "a.yaml:11: setup.players[1].units[0].card: unknown card 'Sparkle': it is neither in "
        "the pool 'might-starter' nor in this scenario's cards"
    )
