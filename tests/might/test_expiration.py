"""The end of a might turn (M10, M11, M-13): expiration's deaths, heals and the end of
"this turn" effects, in order."""

from __future__ import annotations

import pytest

from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from tests.support.might_tables import TABLE


@pytest.mark.rule("M11")
def test_expiration_heals_before_this_turn_effects_end() -> None:
    game = game_from_yaml(TABLE)
    game.modify_might("stone-whelp", 2)  # 4 Might this turn
    game.deal("stone-whelp", 3)
    steps = game.end_turn()
    assert game.table.cards["stone-whelp"].zone == "battlefield"
    assert game.table.cards["stone-whelp"].damage == 0 and game.table.might("stone-whelp") == 2
    labels = [s.phase[-1] for s in steps]
    assert labels.index("(b) Heal") < labels.index('(c) "This turn" effects end')
    assert game.table.turn_player == 1


EXPIRATION = """\
ruleset: might
title: What the end of the turn ends
rules: [M10, M-13]
setup:
  players:
    - name: Alice
      units:
        - card: Stone Whelp
          might: [{amount: 2}]
        - card: Iron Sentinel
          might: [{amount: 1}]
      bonus_damage:
        - {amount: 1, scope: spell, duration: this_turn}
        - {amount: 2, scope: spell, duration: permanent}
    - name: Bob
      units:
        - card: Iron Sentinel
          id: bob-sentinel
          doublers:
            - {id: brief, duration: this_turn}
            - {id: always, duration: permanent}
        - card: Iron Sentinel
          id: bob-guard
"""


ENDED = '(c) "This turn" effects end'


def ended_step(game: MightGame) -> str:
    """The description of the one (c) step of the last end of turn."""
    [step] = [s for s in game.steps if s.phase[-1:] == (ENDED,)]
    return step.description


@pytest.mark.rule("M-13", "M10")
def test_this_turn_effects_end_in_the_order_the_cards_came_to_the_table() -> None:
    """Expiration (c) ends every "this turn" effect together; the step lists the units in the
    order they came to the table (stone-whelp before iron-sentinel), not by name (M-13, M10)."""
    game = game_from_yaml(EXPIRATION)
    game.end_turn()
    assert ended_step(game).startswith(
        'Effects lasting "this turn" end together: '
        "stone-whelp: +2 Might from set-up this turn (Might 4 -> 2); "
        "iron-sentinel: +1 Might from set-up this turn (Might 5 -> 4); "
    )
    assert game.table.might("stone-whelp") == 2
    assert game.table.might("iron-sentinel") == 4


@pytest.mark.rule("M-13", "M8")
def test_a_this_turn_doubler_ends_and_a_permanent_one_stays() -> None:
    """Expiration (c) ends the unit's "this turn" doubler and keeps its permanent one: the next
    damage is doubled once, with no order to choose (M-13, M8)."""
    game = game_from_yaml(EXPIRATION)
    game.end_turn()
    assert "bob-sentinel: doubling brief (all damage) this turn" in ended_step(game)
    assert [d.describe() for d in game.table.cards["bob-sentinel"].doublers] == [
        "doubling always (all damage)"
    ]
    steps = game.deal("bob-sentinel", 1)
    assert steps[0].description == (
        "bob-sentinel takes 2 damage (1: always (doubling) 1 -> 2); marked 0 -> 2"
    )
    assert game.table.on_table("bob-sentinel")


@pytest.mark.rule("M-13", "M-3")
def test_a_this_turn_lethal_override_ends_and_a_permanent_one_applies_again() -> None:
    """Expiration (c) ends a "this turn" lethal requirement; the older permanent one is then
    the latest in force: 2 damage is not lethal at requirement 3 (M-13, M-3)."""
    game = game_from_yaml(EXPIRATION)
    game.set_lethal_threshold("bob-guard", 3, "permanent")
    game.set_lethal_threshold("bob-guard", 1)
    assert game.table.lethal_threshold("bob-guard") == 1
    game.end_turn()
    assert "bob-guard: lethal at 1 damage (from playtester) this turn" in ended_step(game)
    assert [t.describe() for t in game.table.cards["bob-guard"].lethal] == [
        "lethal at 3 damage (from playtester)"
    ]
    assert game.table.lethal_threshold("bob-guard") == 3
    game.deal("bob-guard", 2)
    assert game.table.on_table("bob-guard")
    assert game.table.cards["bob-guard"].damage == 2


@pytest.mark.rule("M-13", "M10", "M-4")
def test_a_players_this_turn_bonus_damage_ends_with_the_units_effects() -> None:
    """Expiration (c) ends a player's "this turn" Bonus Damage in the same step as the units'
    effects, listed after them; the permanent grant stays (M-13, M10, M-4)."""
    game = game_from_yaml(EXPIRATION)
    assert game.table.bonus_damage(0, "spell") == 3
    game.end_turn()
    assert ended_step(game) == (
        'Effects lasting "this turn" end together: '
        "stone-whelp: +2 Might from set-up this turn (Might 4 -> 2); "
        "iron-sentinel: +1 Might from set-up this turn (Might 5 -> 4); "
        "bob-sentinel: doubling brief (all damage) this turn; "
        "Alice: +1 Bonus Damage to spell damage this turn"
    )
    alice = game.table.players[0]
    assert [g.describe() for g in alice.bonus_damage] == ["+2 Bonus Damage to spell damage"]
    assert game.table.bonus_damage(0, "spell") == 2


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


@pytest.mark.rule("P-22", "P-12")
def test_healing_several_units_names_the_undamaged_and_triggers_the_healed_together() -> None:
    """Expiration heals every unit in one step, which names each undamaged unit that would have
    triggered (P-22); the healed units' triggers go on the chain together (P-12)."""
    game = game_from_yaml(MENDERS)
    steps = game.end_turn()
    heal = next(s for s in steps if s.description.startswith("heal:"))
    assert heal.description == (
        "heal: hurt-1 damage 1 -> 0, hurt-2 damage 1 -> 0 "
        '(whole-1, whole-2 had no damage: no "when healed" trigger)'
    )
    triggers = [s for s in steps if "triggers:" in s.description]
    assert [s.cause.card for s in triggers] == ["hurt-1", "hurt-2"]
    assert all("P-12" in s.rules for s in triggers)


@pytest.mark.rule("M11", "M-13")
def test_expiration_says_why_a_damaged_unit_lives_to_be_healed_and_what_it_lost() -> None:
    game = game_from_yaml(TABLE)
    game.modify_might("stone-whelp", 2)  # 4 Might this turn
    game.deal("stone-whelp", 3)
    said = {s.phase[-1]: s.description for s in game.end_turn()}
    # (a) names every damaged unit it found not lethal, whatever changed: the heal saves them
    assert said["(a) Lethal check"] == (
        "No unit has lethal damage: stone-whelp damage 3 < Might 4, "
        "iron-sentinel damage 2 < Might 4"
    )
    assert said["(b) Heal"] == "heal: stone-whelp damage 3 -> 0, iron-sentinel damage 2 -> 0"
    assert said[ENDED].startswith(
        'Effects lasting "this turn" end together: '
        "stone-whelp: +2 Might from playtester this turn (Might 4 -> 2); hollow-golem: "
    )
    assert said[ENDED].count("(Might ") == 1  # the golem's ward and doubler change no Might
    assert said["(d) Rune pools empty"] == "Every rune pool empties: Alice 1 -> 0"
