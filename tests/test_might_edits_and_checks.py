"""The playtester's might edits and the checks of a might scenario."""

from __future__ import annotations

from engine.might.scenario import Action
from engine.scenario import might_game_from_yaml
from engine.timeline import Cause
from tests.support.might_tables import EDITS
from tests.support.playthroughs import playthrough_of


def test_a_playtesters_heal_is_caused_by_the_playtester_on_the_unit_m6() -> None:
    # the cause names the healed unit, the step cites M6 (and M-6)
    steps = might_game_from_yaml(EDITS).heal("stone-whelp")
    assert (steps[0].description, steps[0].rules) == ("heal: stone-whelp healed", ("M6", "M-6"))
    assert steps[0].cause == Cause(kind="playtester", card="stone-whelp", text="heal stone-whelp")


def test_a_playtesters_shield_is_the_playtesters_on_the_unit_m3() -> None:
    # the cause names the unit, the shield's source is the playtester
    game = might_game_from_yaml(EDITS)
    steps = game.add_shield("iron-sentinel", 2)
    assert steps[0].description == "iron-sentinel gets prevention e1 (2 left of 2) this turn"
    assert steps[0].cause == Cause(
        kind="playtester", card="iron-sentinel", text="prevention 2 on iron-sentinel"
    )
    shield = game.table.cards["iron-sentinel"].shields[0]
    assert (shield.source, shield.owner) == ("playtester", 1)


def test_a_shield_of_0_is_a_legal_edit_m3() -> None:
    # prevention is a value of 0 or more (M3), so 0 is accepted
    steps = might_game_from_yaml(EDITS).add_shield("iron-sentinel", 0, effect_id="nothing")
    assert steps[0].description == "iron-sentinel gets prevention nothing (0 left of 0) this turn"


def test_a_playtesters_doubler_is_caused_by_the_playtester_on_the_unit_m8() -> None:
    # the cause names the unit
    steps = might_game_from_yaml(EDITS).add_doubler("iron-sentinel", effect_id="twice")
    assert steps[0].cause == Cause(
        kind="playtester", card="iron-sentinel", text="doubling on iron-sentinel"
    )


def test_adding_0_runes_is_a_legal_edit_m1() -> None:
    # add 0 or more runes (M-1), so 0 is accepted and changes nothing
    game = might_game_from_yaml(EDITS)
    steps = game.add_runes(0, 0)
    assert steps[0].cause == Cause(kind="playtester", card=None, text="add 0 runes")
    assert game.table.players[0].runes == 1


def test_moving_a_unit_to_base_can_be_played() -> None:
    # `to: base` is the unit's base, not a battlefield named "base" (M-1)
    play = playthrough_of(EDITS, name="edits.yaml")
    move = Action.model_validate({"move": {"unit": "stone-whelp", "to": "base"}})
    assert play.why_not(move) is None
    play.act(move)
    assert play.game.table.cards["stone-whelp"].zone == "base"


def test_an_edit_naming_an_engine_id_is_refused_before_it_is_played_m4() -> None:
    # the id of a shield or doubler edit is checked (M-4)
    play = playthrough_of(EDITS, name="edits.yaml")
    shield = {"shield": {"target": "iron-sentinel", "id": "e7", "value": 1}}
    double = {"double": {"target": "iron-sentinel", "id": "e7"}}
    for edit in (Action.model_validate(shield), Action.model_validate(double)):
        assert play.why_not(edit) == (
            "e7: ids e1, e2, ... are numbered by the engine; choose another (rule M-4)"
        )


SORE = """\
ruleset: might
title: A wisp that hurts itself when healed
rules: [P-25]
cards:
  - name: Sore Wisp
    kind: unit
    might: 3
    text: When this takes damage, heal it. When this is healed, deal 1 damage to it.
    abilities:
      - when: takes_damage
        effects: [{do: heal, target: self}]
      - when: healed
        effects: [{do: damage, amount: 1, target: self}]
setup:
  players:
    - name: Alice
      units: [{card: Sore Wisp}]
    - name: Bob
"""


def test_a_deal_looping_only_through_its_bonus_damage_is_refused_p25() -> None:
    # the trial of a deal edit includes its Bonus Damage (M3, P-25): 0 damage triggers
    # nothing, 0 + 1 starts the wisp's endless heal-and-hurt
    play = playthrough_of(SORE, name="edits.yaml")
    plain = Action.model_validate({"deal": {"target": "sore-wisp", "amount": 0}})
    bonus = Action.model_validate({"deal": {"target": "sore-wisp", "amount": 0, "bonus": 1}})
    assert play.why_not(plain) is None
    assert play.why_not(bonus) == (
        "the chain item 'sore-wisp: when takes damage' repeated more than 200 times: the cards "
        "loop forever, so the action is refused (rule P-25)"
    )


COMBAT_IN_RESPONSE = """\
ruleset: might
title: A combat among the responses to a unit
rules: [M-10]
setup:
  players:
    - name: Alice
      units: [{card: Iron Sentinel, at: Battlefield 1}]
      hand: [{card: Stone Whelp}]
    - name: Bob
      units: [{card: Stone Whelp, id: bob-whelp, at: Battlefield 1}]
"""


def test_a_combat_among_the_responses_to_a_played_unit_is_fought_m10() -> None:
    # An assignment asked while the action played is not a combat (here
    # a unit's play, whose responses hold the combat: a unit leaves nothing on the chain, so
    # the combat may start) is not written into that action, and the play goes through
    play = playthrough_of(COMBAT_IN_RESPONSE, name="edits.yaml")
    combat = {"combat": {"battlefield": "Battlefield 1"}}
    action = Action.model_validate({"play": {"card": "stone-whelp", "responses": [combat]}})
    played = play.act(action, open_windows=False)
    assert isinstance(played, Action)
    assert (played.combat, played.order) == (None, None)
    assert [s.description for s in play.game.steps[3:5]] == [
        "Alice assigns 4, in order: bob-whelp 4",
        "Bob assigns 2, in order: iron-sentinel 2",
    ]
    assert play.game.table.cards["bob-whelp"].zone == "trash"


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


SCRIPTED_EDITS = """\
ruleset: might
title: Edits written in a script
rules: [M-2, M-4]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp}]
    - name: Bob
      units: [{card: Hollow Golem}]
script:
  - deal: {target: hollow-golem, amount: 1, bonus: 1}
  - might: {target: stone-whelp, amount: 2, duration: permanent}
  - lethal: {target: stone-whelp, threshold: 5, duration: until_your_next_turn}
  - bonus_damage: {player: Alice, amount: 1, scope: spell, duration: permanent}
"""


def test_a_scripted_edit_keeps_every_argument_it_is_given() -> None:
    # each script edit is the game's own edit with all its arguments (M-2, M-4)
    play = playthrough_of(SCRIPTED_EDITS, "edits.yaml")
    play.run(play.scenario.script)
    by_hand = might_game_from_yaml(SCRIPTED_EDITS)
    by_hand.deal("hollow-golem", 1, "spell", 1)
    by_hand.modify_might("stone-whelp", 2, "permanent")
    by_hand.set_lethal_threshold("stone-whelp", 5, "until_your_next_turn")
    by_hand.grant_bonus_damage(0, 1, "spell", "permanent")
    assert [s.description for s in play.game.steps] == [s.description for s in by_hand.steps]
    assert play.game.table == by_hand.table
