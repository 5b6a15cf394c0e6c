"""Behaviour the restarted full mutation run showed untested (docs/testing.md, "The full run"):
each test names the mutants it kills."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Choice
from engine.errors import RuleError
from engine.might.damage import verify_order
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.scenario import game_from_yaml, might_game_from_yaml
from engine.timeline import Cause, Step
from tests.support.playthroughs import playthrough_of, set_up_error
from tests.support.souls_tables import MAILED_SQUIRE, MOURNER, SELF_MENDER, TWO_SYLVAS

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


def test_a_playtesters_detach_is_an_edit_on_the_armament() -> None:
    game = game_from_yaml(MAILED_SQUIRE)
    [step] = game.detach("iron-mail")
    assert step.cause == Cause(kind="playtester", card="iron-mail", text="detach iron-mail")


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


PENITENT = """\
ruleset: souls
title: An ability with no name that hurts its own Soul
rules: [S-12, S-15]
cards:
  - name: Penitent
    kind: soul
    hp: 20
    power: 5
    abilities:
      - effects:
          - {do: damage, amount: 5, target: source}
setup:
  players:
    - {name: Alice, slots: {A1: {card: Penitent}}}
    - {name: Bob}
"""


def test_an_activated_abilitys_source_is_its_soul_and_an_unnamed_one_is_an_ability() -> None:
    """An activated effect aimed at ``source`` reaches the Soul itself (docs/scenarios.md); an
    ability without a name is called "ability"."""
    game = game_from_yaml(PENITENT)
    [activated, *_] = game.activate("penitent")
    assert activated.description == "penitent activates ability"
    assert activated.cause == Cause(kind="action", card="penitent", text="penitent: ability")
    assert game.table.cards["penitent"].damage == 5


SET_AMBUSH = """\
ruleset: souls
title: A set Ambush
rules: [P-3]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}, ambushes: {B1: {card: Pitfall}}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""


def test_springing_an_ambush_is_an_action_on_the_ambush() -> None:
    game = game_from_yaml(SET_AMBUSH)
    steps = game.spring("pitfall", "ember-imp")
    assert steps[0].description == "pitfall is sprung from slot B1"
    assert {step.cause for step in steps if step.cause.kind == "action"} == {
        Cause(kind="action", card="pitfall", text="spring pitfall")
    }


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


def test_a_playtesters_heal_is_an_edit_on_the_healed_card() -> None:
    game = game_from_yaml(MAILED_SQUIRE)
    game.deal("thorn-squire", 10)
    [healed] = game.heal("thorn-squire", 5)
    assert healed.cause == Cause(
        kind="playtester", card="thorn-squire", text="heal thorn-squire by 5"
    )


RECRUIT = """\
ruleset: souls
title: A recruit
rules: [S-1]
setup:
  players:
    - {name: Alice, hand: [{card: Thorn Squire}]}
    - {name: Bob}
"""


def test_recruiting_to_a_slot_that_does_not_exist_lists_the_slots() -> None:
    game = game_from_yaml(RECRUIT)
    with pytest.raises(RuleError) as refused:
        game.recruit("thorn-squire", "Z9")
    assert refused.value.rule == "S-1"
    assert refused.value.message == "there is no slot Z9 (slots: A1, A2, B1, B2, C1, C2)"


def test_recruiting_is_an_action_on_the_recruited_soul() -> None:
    game = game_from_yaml(RECRUIT)
    [recruited, *_] = game.recruit("thorn-squire", "A1")
    assert recruited.description.startswith("thorn-squire is recruited onto slot A1")
    assert recruited.cause == Cause(kind="action", card="thorn-squire", text="recruit thorn-squire")


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


def test_bonuses_until_end_of_turn_end_together_on_every_card() -> None:
    game = game_from_yaml(SELF_MENDER)
    game.add_bonus("thorn-squire", "power", 5, "end_of_turn")
    game.add_bonus("ember-imp", "max_hp", 10, "end_of_turn")
    ended = next(s for s in game.end_turn() if s.description.startswith("Bonuses"))
    assert {(c.card, c.kind) for c in ended.changes} == {
        ("thorn-squire", "bonus_ended"),
        ("ember-imp", "bonus_ended"),
    }


def test_a_soul_paying_hp_is_the_source_of_that_damage() -> None:
    """HP paid is damage from the Soul itself (docs/scenarios.md): its "when damaged" effect
    aimed at the source reaches it."""
    game = game_from_yaml(SELF_MENDER)
    game.pay_hp("self-mender", 10)
    assert game.table.cards["self-mender"].damage == 5  # paid 10, healed 5 by its own trigger


def test_a_playtesters_capture_is_an_edit_on_the_soul() -> None:
    game = game_from_yaml(SELF_MENDER)
    steps = game.capture("ember-imp")
    assert {s.cause for s in steps} == {
        Cause(kind="playtester", card="ember-imp", text="capture ember-imp")
    }


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


def test_finishing_a_battle_when_there_is_none_is_refused_by_name() -> None:
    game = game_from_yaml(SELF_MENDER)
    with pytest.raises(RuleError) as refused:
        game.finish_battle()
    assert (refused.value.rule, refused.value.message) == ("S-13", "there is no battle to finish")


def test_an_ambush_set_during_a_battle_is_refused_by_name() -> None:
    game = game_from_yaml(
        SET_AMBUSH.replace("ambushes: {B1: {card: Pitfall}}", "hand: [{card: Pitfall}]")
    )
    game.attack("thorn-squire", "ember-imp")
    with pytest.raises(RuleError) as refused:
        game.play("pitfall", slot="B1")
    assert (refused.value.rule, refused.value.message) == (
        "S-13",
        "an Ambush is set outside battles",
    )


def test_playing_a_spell_is_an_action_on_the_spell() -> None:
    game = game_from_yaml(
        SET_AMBUSH.replace("ambushes: {B1: {card: Pitfall}}", "hand: [{card: Firebolt}]")
    )
    steps = game.play("firebolt", "ember-imp")
    assert steps[0].description == "firebolt is played"
    assert steps[0].cause == Cause(kind="action", card="firebolt", text="play firebolt")


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


def test_a_captured_souls_armaments_are_named_together() -> None:
    two = MAILED_SQUIRE.replace("[{card: Iron Mail}]", "[{card: Iron Mail}, {card: Ember Blade}]")
    [captured] = game_from_yaml(two).capture("thorn-squire")
    assert captured.description == (
        "thorn-squire is captured: face down, on the slot; iron-mail, ember-blade to the Elysium"
    )


def test_a_capture_counts_for_every_active_sylva_after_a_captured_one() -> None:
    """A captured Sylva counts nothing (14.5.1); the active one after it in the order of
    events still gains from the capture (14.5.3)."""
    game = game_from_yaml(TWO_SYLVAS)
    [captured] = game.capture("ember-imp")
    assert "new-sylva max_hp 30 -> 40" in captured.description
    assert "old-sylva" not in captured.description


def test_ambushes_at_a_captured_souls_slot_are_named_together() -> None:
    game = game_from_yaml(TWO_SYLVAS)
    game.play("second-pitfall", slot="A1")
    [captured] = game.capture("ember-imp")
    assert "pitfall, second-pitfall stay at their slots" in captured.description


def test_an_exile_of_an_active_soul_does_nothing() -> None:
    """Only a captured Soul is exiled (14.5.4): an ability that exiles its own active Soul
    does nothing, and says why."""
    game = game_from_yaml(TWO_SYLVAS)
    steps = game.activate("hermit-exile")
    [nothing] = [s for s in steps if s.description.startswith("exile on")]
    assert nothing.description == (
        "exile on hermit-exile: nothing happens, only a captured Soul is exiled"
    )
    assert nothing.rules == ("14.5.4", "P-4")
    assert game.table.cards["hermit-exile"].zone == "slot"


def test_a_capture_of_a_realm_does_nothing() -> None:
    """Only a Soul on a slot is captured (14.4.4): an effect that would capture a Realm does
    nothing, and says why."""
    game = game_from_yaml(
        TWO_SYLVAS.replace(
            "    - name: Alice\n", "    - name: Alice\n      realm: {card: Old Keep}\n"
        )
    )
    steps = game.activate("hermit-exile", 1)
    [nothing] = [s for s in steps if s.description.startswith("capture on")]
    assert (
        nothing.description
        == "capture on old-keep: nothing happens, only a Soul on a slot is captured"
    )
    assert nothing.rules == ("14.4.4", "P-4")


def test_an_effect_on_a_realm_that_is_not_there_has_no_target() -> None:
    """An effect with no target does nothing (S-15); the effects after it still resolve."""
    game = game_from_yaml(TWO_SYLVAS)  # Bob has no Realm
    steps = game.activate("hermit-exile", 2)
    [nothing] = [s for s in steps if s.description.startswith("damage:")]
    assert nothing.description == "damage: no legal target, nothing happens"
    assert nothing.rules == ("S-15",)
    assert game.table.cards["hermit-exile"].damage == 5


def test_an_effect_on_all_own_souls_reaches_only_the_controllers() -> None:
    game = game_from_yaml(
        TWO_SYLVAS.replace(
            "    - name: Bob\n", "    - name: Bob\n      slots: {A1: {card: Thorn Squire}}\n"
        )
    )
    game.activate("hermit-exile", 3)
    assert game.table.cards["new-sylva"].damage == 5
    assert game.table.cards["thorn-squire"].damage == 0


def test_damage_notes_are_listed_together() -> None:
    game = game_from_yaml(SELF_MENDER)
    dealt, *_ = game.deal("ember-imp", 17)
    assert dealt.description == (
        "ember-imp takes 10 damage (HP 10 -> 0); 17 rounded down, 15 capped at its 10 HP"
    )


def test_a_target_for_a_card_that_does_not_target_is_refused_by_name() -> None:
    game = game_from_yaml(SELF_MENDER)
    with pytest.raises(RuleError) as refused:
        game.verify_target(0, None, "ember-imp")
    assert refused.value.rule == "S-15"
    assert refused.value.message == "this card does not target; remove the target"


def test_an_armament_new_to_a_table_changes_its_soul_too() -> None:
    """Between two tables, an Armament that is on one only changes the Soul it is attached to
    (what a view redraws, S-6)."""
    table = game_from_yaml(MAILED_SQUIRE).table
    assert table.differences(table.without_card("iron-mail")) == {"iron-mail", "thorn-squire"}


def test_captures_stop_when_the_game_ends() -> None:
    """The capture that shatters Bob's Realm ends the game (S-17): the Mourner, at 0 HP only
    because that same capture took its max HP, is not captured after it."""
    game = game_from_yaml(MOURNER)
    game.attack("ember-imp", "ember-citadel")
    game.finish_battle()
    assert game.table.game_over
    assert game.table.cards["ember-imp"].face_down
    assert game.table.hp("mourner") == 0
    assert not game.table.cards["mourner"].face_down


def test_a_capture_check_that_finds_nobody_moves_the_baseline_on() -> None:
    """A max-HP loss is cited (14.4.3) against the table of the last check: a loss that an
    earlier check already saw does not make a later capture one."""
    game = game_from_yaml(SELF_MENDER)
    game.add_bonus("thorn-squire", "max_hp", -10)  # checked: still above 0 HP
    steps = game.deal("thorn-squire", game.table.hp("thorn-squire"))
    [captured] = [s for s in steps if "is captured" in s.description]
    assert "14.4.3" not in captured.rules


def test_a_soul_set_up_at_0_hp_is_located_on_its_owners_slot() -> None:
    text = SELF_MENDER.replace("{card: Ember Imp}", "{card: Ember Imp, damage: 10}")
    assert set_up_error(text) == (
        "a.yaml:16: setup.players[1].slots.A1: ember-imp starts at 0 HP and would be captured "
        "at the first check (S-12): set `captured: true` or give it less damage (rule P-6)"
    )


def test_a_realm_set_up_at_0_hp_is_located_on_its_owners_realm() -> None:
    text = MOURNER.replace("damage: 30}", "damage: 40}")
    assert set_up_error(text).startswith("a.yaml:18: setup.players[1].realm: ember-citadel starts")


@pytest.mark.parametrize(
    ("change", "located"),
    [
        (
            ("damage: 30}", "captured: true}"),
            "a.yaml:18: setup.players[1].realm: Bob's Realm cannot start shattered: the game would "
            "be over (S-17) (rule P-6)",
        ),
        (
            ("damage: 30}", "damage: 40}"),
            "a.yaml:18: setup.players[1].realm: ember-citadel starts at 0 HP and would be captured "
            "at the first check (S-12): give it less damage (rule P-6)",
        ),
        (
            ("A1: {card: Ember Imp, damage: 5}", "A1: {card: Ember Imp, damage: 10}"),
            "a.yaml:15: setup.players[0].slots.A1: ember-imp starts at 0 HP and would be captured "
            "at the first check (S-12): set `captured: true` or give it less damage (rule P-6)",
        ),
        (
            ("A1: {card: Ember Imp", "D1: {card: Ember Imp"),
            "a.yaml:15: setup.players[0].slots.D1: slot D1 is outside the 3x2 grid (rule S-1)",
        ),
        (("A1: {card: Ember Imp", "C1: {card: Ember Imp"), None),
        (
            ("A1: {card: Ember Imp", "A3: {card: Ember Imp"),
            "a.yaml:15: setup.players[0].slots.A3: slot A3 is outside the 3x2 grid (rule S-1)",
        ),
        (("A1: {card: Ember Imp", "A2: {card: Ember Imp"), None),
    ],
)
def test_an_unsettled_or_misplaced_set_up_is_located_and_explained(
    change: tuple[str, str], located: str | None
) -> None:
    """A Realm set up shattered or at 0 HP, a Soul at 0 HP (P-6) and a slot outside the grid
    (S-1): each error names its place and says what to do; the last column and row are in."""
    text = MOURNER.replace(*change)
    if located is None:
        game_from_yaml(text, name="a.yaml")
        return
    assert set_up_error(text) == located


@pytest.mark.parametrize(
    ("change", "located"),
    [
        (
            ("realm: {card: Ember Citadel, damage: 30}", "realm: {card: Thorn Squire}"),
            "a.yaml:18: setup.players[1].realm.card: Thorn Squire is a Soul, not a Realm",
        ),
        (
            ("B1: {card: Mourner, damage: 10}", "B1: {card: Firebolt}"),
            "a.yaml:16: setup.players[0].slots.B1.card: Firebolt is a spell, not a Soul (rule S-5)",
        ),
        (
            ("      slots:\n", "      ambushes: {C1: {card: Nothing}}\n      slots:\n"),
            "a.yaml:14: setup.players[0].ambushes.C1.card: unknown card 'Nothing'",
        ),
        (
            ("      slots:\n", "      ambushes: {C1: {card: Firebolt}}\n      slots:\n"),
            "a.yaml:14: setup.players[0].ambushes.C1.card: Firebolt is a spell, not an Ambush",
        ),
    ],
)
def test_a_card_of_the_wrong_kind_or_unknown_is_located_where_it_is_set_up(
    change: tuple[str, str], located: str
) -> None:
    assert set_up_error(MOURNER.replace(*change)).startswith(located)


def test_a_souls_set_up_starts_at_its_turn() -> None:
    game = game_from_yaml(SELF_MENDER.replace("setup:\n", "setup:\n  turn: 3\n"))
    assert game.table.turn == 3


@pytest.mark.parametrize(
    ("change", "located"),
    [
        (
            ("    - name: Bob\n", "    - name: Bob\n      hand: [{card: Firebolt, damage: 5}]\n"),
            "a.yaml:18: setup.players[1].hand[0]: a card in hand has no damage, bonuses, Armament "
            "or capture: only cards on the table do (rule P-6)",
        ),
        (
            (
                "{card: Ember Citadel, damage: 30}",
                "{card: Ember Citadel, armament: [{card: Iron Mail}]}",
            ),
            "a.yaml:18: setup.players[1].realm.armament: Armament goes on a Soul, not a Realm "
            "(rule S-5)",
        ),
        (
            (
                "{card: Mourner, damage: 10}",
                "{card: Mourner, captured: true, armament: [{card: Iron Mail}]}",
            ),
            "a.yaml:16: setup.players[0].slots.B1: a captured Soul keeps no Armament or bonuses: "
            "they end when it is captured (rule S-14)",
        ),
    ],
)
def test_a_card_set_up_with_what_its_zone_cannot_hold_is_refused(
    change: tuple[str, str], located: str
) -> None:
    assert set_up_error(MOURNER.replace(*change)) == located


def test_two_souls_cards_with_one_id_are_located_at_the_second() -> None:
    second = "        B1: {card: Mourner, damage: 10}\n        C1: {card: Ember Imp}\n"
    text = MOURNER.replace("        B1: {card: Mourner, damage: 10}\n", second)
    assert set_up_error(text) == (
        "a.yaml:17: setup.players[0].slots.C1: two cards have the id 'ember-imp': "
        "give one an explicit id"
    )


def test_a_soul_set_up_as_an_armament_is_refused_where_it_is() -> None:
    armed = "{card: Mourner, damage: 10, armament: [{card: Ember Imp, id: imp-mail}]}"
    assert set_up_error(MOURNER.replace("{card: Mourner, damage: 10}", armed)) == (
        "a.yaml:16: setup.players[0].slots.B1.armament[0].card: Ember Imp is a Soul, "
        "not an Armament (rule S-5)"
    )
