"""Chosen targets (P-41): one spec or a list of them, and effects aimed at one of them;
activated abilities (P-42), moving to a battlefield or "here" and joining a combat (P-43, M-28),
and "when it attacks" / "when it defends" (P-44)."""

from __future__ import annotations

import pytest

from engine.choices import Answer, Choice
from engine.errors import MoreToChoose, RuleError, ScenarioError
from engine.might.cards import TargetSpec
from engine.might.game import MightGame
from engine.might.targeting import default_of, legal_targets, places_of, verify_targets
from engine.scenario import Playthrough, game_from_yaml
from tests.support.playthroughs import playthrough_of, steps_matching

CARDS = """\
cards:
  - name: Sharpshooter
    kind: unit
    might: 2
    abilities:
      - when: played
        name: Pick Off
        once_per_turn: true
        target: {side: enemy, state: damaged}
        effects: [{do: damage, amount: 2}]
  - name: Twin Bolt
    kind: spell
    target: {side: enemy, count: 2}
    effects: [{do: damage, amount: 1}]
  - name: Rune Smith
    kind: unit
    might: 3
    abilities:
      - when: activated
        name: Forge Strike
        cost: {exhaust: true, runes: 1}
        target: {side: enemy, here: true}
        effects: [{do: damage, amount: 2}]
  - name: Warhorn
    kind: unit
    might: 2
    abilities:
      - when: attacks
        target: {side: own, state: at_base}
        effects: [{do: move, to: Battlefield 1}]
  - name: Rout
    kind: spell
    target: [{side: enemy}, {side: own}]
    effects: [{do: stun, target: target_1}, {do: ready, target: target_2}]
  - name: Split Shot
    kind: spell
    target: {side: enemy, count: 2}
    effects: [{do: damage, amount: 3, target: target_1}, {do: damage, amount: 1, target: target_2}]
  - name: Medic
    kind: unit
    might: 1
    abilities:
      - when: played
        target: [{side: own, other: true}, {side: own, state: damaged}]
        effects: [{do: exhaust, target: target_1}, {do: heal, target: target_2}]
  - name: Banner
    kind: unit
    might: 1
    abilities:
      - when: activated
        target: {side: any, other: true}
        effects: [{do: move, to: here}]
  - name: Ambusher
    kind: unit
    might: 1
    abilities:
      - when: defends
        effects: [{do: damage, amount: 3, target: all_enemy_units_here}]
"""


def game(
    alice: str, bob: str, chooser: object = None, hand: str = "[]", runes: int = 0
) -> MightGame:
    text = f"""\
ruleset: might
title: Targets
rules: [P-41]
{CARDS}setup:
  players:
    - {{name: Alice, runes: {runes}, hand: {hand}, units: {alice}}}
    - {{name: Bob, units: {bob}}}
"""
    return game_from_yaml(text, chooser) if chooser else game_from_yaml(text)  # type: ignore[arg-type]


BOB = (
    "[{card: Stone Whelp, at: Battlefield 1, damage: 1}, {card: Thornback, at: Battlefield 1, "
    "damage: 1}, {card: Iron Sentinel, at: Battlefield 2}]"
)


def test_a_spec_keeps_the_units_of_its_side_state_and_place() -> None:
    g = game("[{card: Rune Smith, at: Battlefield 2}, {card: Stone Whelp, id: mine}]", BOB)
    table = g.table
    assert legal_targets(table, TargetSpec(side="enemy", state="damaged"), 0) == [
        "stone-whelp",
        "thornback",
    ]
    assert legal_targets(table, TargetSpec(side="enemy", here=True), 0, "rune-smith") == [
        "iron-sentinel"
    ]
    assert legal_targets(table, TargetSpec(side="own", other=True), 0, "rune-smith") == ["mine"]
    assert legal_targets(table, TargetSpec(state="at_base"), 0) == ["mine"]


def test_a_triggers_target_is_its_controllers_choice_and_the_step_says_whose() -> None:
    asked: list[Choice] = []

    def last(choice: Choice) -> Answer:
        asked.append(choice)
        return (choice.options[-1],)

    g = game("[]", BOB, last, hand="[{card: Sharpshooter}]")
    steps = g.play("sharpshooter")
    g.resolve()
    [choice] = asked
    assert (choice.kind, choice.options, choice.default) == (
        "targets",
        ("stone-whelp", "thornback"),
        ("stone-whelp",),
    )
    assert "targeting thornback (Alice's choice)" in steps[-1].description
    assert "P-41" in steps[-1].rules
    assert g.table.cards["thornback"].zone == "trash"
    assert g.table.cards["stone-whelp"].damage == 1


def test_a_triggers_targets_choice_judges_an_answer_as_the_engine_judges_the_one_given() -> None:
    """``Choice.judge``: what the app's dialog asks before it answers (P-41)."""
    asked: list[Choice] = []
    hand = "[{card: Sharpshooter}]"
    g = game("[]", BOB, lambda choice: asked.append(choice) or choice.default, hand=hand)
    g.play("sharpshooter")
    [choice] = asked
    assert choice.judge is not None
    choice.judge(("thornback",))  # legal: nothing raised
    with pytest.raises(RuleError, match="iron-sentinel is not a damaged enemy unit"):
        choice.judge(("iron-sentinel",))
    with pytest.raises(RuleError, match="choose a damaged enemy unit") as none:
        choice.judge(())
    assert none.value.rule == "M5"


def test_nobody_choosing_takes_the_first_legal_unit_and_says_it_is_the_default() -> None:
    g = game("[]", BOB, hand="[{card: Sharpshooter}]")
    steps = g.play("sharpshooter")
    assert steps[-1].description.endswith(
        "targeting stone-whelp (by default, the first legal unit in table order)"
    )


def test_with_no_legal_target_a_trigger_stays_off_the_chain_and_keeps_its_once() -> None:
    g = game("[]", "[{card: Iron Sentinel}]", hand="[{card: Sharpshooter}]")
    steps = g.play("sharpshooter")
    assert not g.table.chain
    assert steps[-1].description == (
        "sharpshooter: Pick Off triggers but has no legal target (a damaged enemy unit): "
        "it does not go on the chain"
    )
    assert g.table.triggered_this_turn == ()  # it did not trigger: its once is still there


def test_an_answer_that_does_not_fit_refuses_the_whole_play() -> None:
    g = game("[]", BOB, lambda choice: ("iron-sentinel",), hand="[{card: Sharpshooter}]")
    with pytest.raises(RuleError, match="iron-sentinel is not a damaged enemy unit") as refused:
        g.play("sharpshooter")
    assert refused.value.rule == "M5"
    assert g.table.cards["sharpshooter"].zone == "hand"


def test_a_spell_with_several_targets_acts_on_each_in_the_order_chosen() -> None:
    g = game("[]", BOB, hand="[{card: Twin Bolt}]")
    assert not g.can_play("twin-bolt", ("stone-whelp", "thornback", "iron-sentinel"))
    g.play("twin-bolt", ("iron-sentinel", "thornback"))
    steps = g.resolve()
    hits = [s.description.split()[0] for s in steps if " takes 1 damage" in s.description]
    assert hits == ["iron-sentinel", "thornback"]
    assert g.table.cards["thornback"].damage == 2


def test_activating_pays_the_cost_then_waits_on_the_chain_like_a_spell() -> None:
    g = game("[{card: Rune Smith, at: Battlefield 1}]", BOB, runes=1)
    assert not g.can_activate("rune-smith", 0, "iron-sentinel")  # not here
    g.activate("rune-smith", 0, "stone-whelp")
    assert g.table.cards["rune-smith"].exhausted and g.table.players[0].runes == 0
    assert [item.text for item in g.table.chain] == [
        "rune-smith: Forge Strike targeting stone-whelp"
    ]
    assert g.table.cards["stone-whelp"].damage == 1  # not yet resolved
    g.resolve()
    assert g.table.cards["stone-whelp"].zone == "trash"
    with pytest.raises(RuleError, match="rune-smith is exhausted") as refused:
        g.verify_activate("rune-smith", 0, "thornback")
    assert refused.value.rule == "P-42"


def test_an_attack_trigger_resolves_before_the_sides_are_counted_and_a_mover_joins() -> None:
    g = game(
        "[{card: Warhorn, at: Battlefield 1}, {card: Iron Sentinel, id: reserve}]",
        "[{card: Ambusher, at: Battlefield 1}]",
    )
    steps = g.combat(0)
    texts = [s.description for s in steps]
    joined = texts.index("reserve joins the combat as an attacker")
    counted = next(i for i, t in enumerate(texts) if "attack with" in t)
    assert joined < counted
    # the Ambusher's trigger went on the chain last and resolved first (P-12): its 3 killed
    # the Warhorn, the only attacker there yet; the Warhorn's ability still moved the reserve,
    # so the reserve's 4 alone is counted against the Ambusher's 1
    assert texts[counted] == (
        "Combat at Battlefield 1: reserve attack with 4 damage; defending: ambusher with 1"
    )
    assert g.table.cards["warhorn"].zone == "trash"
    assert g.table.cards["ambusher"].zone == "trash"
    assert g.table.cards["reserve"].damage == 0  # healed at the Combat Cleanup


def test_a_move_to_a_battlefield_the_file_does_not_have_is_refused_at_its_own_line() -> None:
    text = """\
ruleset: might
title: Nowhere
rules: [P-43]
cards:
  - {name: Lost, kind: spell, target: {side: any}, effects: [{do: move, to: Battlefield 9}]}
  - name: Drifter
    kind: unit
    might: 1
    abilities:
      - when: played
        effects:
          - {do: move, to: somewhere, target: self}
setup:
  players: [{name: Alice}, {name: Bob}]
"""
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(text)
    assert "moves units to 'Battlefield 9', which is no battlefield" in refused.value.message
    assert (refused.value.where, refused.value.line) == ("cards[0].effects[0].to", 5)
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(text.replace("to: Battlefield 9", "to: base"))
    assert "Drifter moves units to 'somewhere'" in refused.value.message
    assert refused.value.where == "cards[1].abilities[0].effects[0].to"
    assert refused.value.line == 12  # the effect's own line, not the file's first


def test_a_list_of_targets_takes_one_unit_for_each_entry_in_order() -> None:
    g = game("[{card: Stone Whelp, id: mine, exhausted: true}]", BOB, hand="[{card: Rout}]")
    with pytest.raises(RuleError, match=r"the first target: mine is not an enemy unit \(legal: "):
        g.verify_play("rout", ("mine", "thornback"))
    with pytest.raises(MoreToChoose, match="choose the second target too: a unit you control"):
        g.verify_play("rout", ("thornback",))
    g.play("rout", ("thornback", "mine"))
    g.resolve()
    assert g.table.cards["thornback"].stunned
    assert not g.table.cards["mine"].exhausted


def test_a_list_that_cannot_be_filled_is_refused_and_has_no_default() -> None:
    g = game("[]", BOB, hand="[{card: Rout}]")
    rout = g.table.definition("rout").target
    assert rout is not None
    assert default_of(g.table, rout, places_of(g.table, rout, 0)) is None
    with pytest.raises(RuleError, match="no unit is left for the second target") as refused:
        verify_targets(g.table, rout, ("thornback",), 0)
    assert not isinstance(refused.value, MoreToChoose)
    assert not g.can_play("rout", ("thornback",))


def test_the_default_for_a_list_leaves_a_unit_for_the_later_entries() -> None:
    asked: list[Choice] = []

    def default(choice: Choice) -> Answer:
        asked.append(choice)
        return choice.default

    # the damaged whelp, first in table order, is the only unit for the second entry, so the
    # first entry takes the captain
    g = game(
        "[{card: Stone Whelp, id: hurt, damage: 1}, {card: Vanguard Captain}]",
        BOB,
        default,
        hand="[{card: Medic}]",
    )
    steps = g.play("medic")
    [choice] = asked
    assert choice.default == ("vanguard-captain", "hurt")
    assert choice.groups == {"hurt": (0, 1), "vanguard-captain": (0,)}  # the medic: neither
    assert steps[-1].description.endswith(
        "targeting vanguard-captain, hurt "
        "(by default, the first legal unit for each target in turn, in table order)"
    )
    g.resolve()
    assert g.table.cards["hurt"].damage == 0
    assert g.table.cards["vanguard-captain"].exhausted


def test_an_effect_aimed_at_one_target_acts_on_that_one_only() -> None:
    g = game("[]", BOB, hand="[{card: Split Shot}]")
    g.play("split-shot", ("iron-sentinel", "stone-whelp"))
    g.resolve()
    assert g.table.cards["iron-sentinel"].damage == 3
    assert g.table.cards["stone-whelp"].zone == "trash"  # its 1 damage and 1 more: lethal
    g = game("[]", BOB, hand="[{card: Split Shot}]")
    g.play("split-shot", "iron-sentinel")
    steps = g.resolve()
    assert "nothing happens (no second target was chosen)" in steps[-3].description
    assert g.table.cards["iron-sentinel"].damage == 3


def test_here_is_the_abilitys_battlefield_or_its_own_base() -> None:
    g = game("[{card: Banner, at: Battlefield 2}, {card: Vanguard Captain}]", BOB)
    g.activate("banner", 0, "vanguard-captain")
    g.resolve()
    assert g.table.cards["vanguard-captain"].battlefield == 1
    g = game("[{card: Banner}, {card: Vanguard Captain, at: Battlefield 1}]", BOB)
    g.activate("banner", 0, "vanguard-captain")
    g.resolve()
    assert g.table.cards["vanguard-captain"].zone == "base"
    g = game("[{card: Banner}]", BOB)
    g.activate("banner", 0, "stone-whelp")
    steps = g.resolve()
    assert g.table.cards["stone-whelp"].battlefield == 0
    assert any("stone-whelp goes only to its own base" in s.description for s in steps)


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "{name: T, kind: spell, target: {side: any}, effects: [{do: move, to: here}]}",
            "it can't move units here; name the battlefield",
        ),
        (
            "{name: T, kind: spell, target: {side: any, count: 2}, effects: "
            "[{do: heal, target: target_3}]}",
            "aims at 'target_3' but a spell chooses at most 2",
        ),
        (
            "{name: T, kind: spell, effects: [{do: heal, target: target_1}]}",
            "aims at 'target_1' but a spell chooses none",
        ),
        (
            "{name: T, kind: spell, target: [{side: any}], effects: [{do: heal}]}",
            "a list of targets has 2 to 4 entries",
        ),
        (
            "{name: T, kind: spell, target: [{side: any, count: 2}, {side: own}], "
            "effects: [{do: heal}]}",
            "each entry is one unit",
        ),
        (
            "{name: T, kind: spell, target: {side: any, count: 101}, effects: [{do: heal}]}",
            r"a count is 1 to 100, or `any` for any number of units \(P-49\)",
        ),
        (
            "{name: T, kind: spell, target: {side: any, count: any, different: false}, "
            "effects: [{do: heal}]}",
            "each chosen again as often as you like, has no end",
        ),
        (
            "{name: T, kind: spell, target: [{side: any}, {side: own}, {side: any}, {side: any}, "
            "{side: any}], effects: [{do: heal}]}",
            r"a list of targets has 2 to 4 entries \(P-49\)",
        ),
    ],
)
def test_targets_that_could_never_be_chosen_are_refused_at_check(card: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        game_from_yaml(one_card_table(card))


def one_card_table(card: str) -> str:
    return f"""\
ruleset: might
title: Never
rules: [P-41]
cards: [{card}]
setup:
  players: [{{name: Alice}}, {{name: Bob}}]
"""


@pytest.mark.rule("P-49")
def test_a_card_may_choose_up_to_a_hundred_units_or_any_number() -> None:
    for count in ("100", "any"):
        card = (
            f"{{name: T, kind: spell, target: {{side: any, count: {count}}}, effects: "
            "[{do: heal, target: target_100}]}"
        )
        game_from_yaml(one_card_table(card))  # refused beyond 100, as above


HERALD = """\
ruleset: might
title: A trigger's battlefield
rules: [P-74]
cards:
  - name: Herald
    kind: unit
    might: 2
    text: "When played, move a unit you control to a battlefield."
    abilities:
      - when: played
        name: March
        target: {side: own, other: true}
        effects: [{do: move, to: chosen}]
setup:
  players:
    - name: Alice
      hand: [{card: Herald}, {card: Herald, id: second}]
      units: [{card: Stone Whelp}]
    - {name: Bob}
"""


@pytest.mark.rule("P-74")
def test_a_triggers_battlefield_is_its_controllers_choice_as_it_goes_on_the_chain() -> None:
    asked: list[Choice] = []

    def second(choice: Choice) -> Answer:
        asked.append(choice)
        return ("Battlefield 2",) if choice.kind == "battlefield" else choice.default

    g = game_from_yaml(HERALD, second)
    steps = [*g.play("herald"), *g.resolve()]  # type: ignore[attr-defined]
    [choice] = [c for c in asked if c.kind == "battlefield"]
    assert (choice.player, choice.subject, choice.options, choice.default) == (
        0,
        "herald",
        ("Battlefield 1", "Battlefield 2"),
        ("Battlefield 1",),
    )
    assert choice.details == {"Battlefield 1": "held by nobody", "Battlefield 2": "held by nobody"}
    pushed = next(s for s in steps if "triggers: March" in s.description)
    assert pushed.description.endswith("moving to Battlefield 2 (Alice's choice)")
    assert "P-74" in pushed.rules
    assert g.table.cards["stone-whelp"].battlefield == 1
    assert not any("by default" in s.description and "P-74" in s.rules for s in steps)


@pytest.mark.rule("P-74")
def test_nobody_choosing_a_triggers_battlefield_moves_to_the_first_on_the_record() -> None:
    g = game_from_yaml(HERALD)
    steps = [*g.play("herald"), *g.resolve()]  # type: ignore[attr-defined]
    pushed = next(s for s in steps if "triggers: March" in s.description)
    assert "moving to" not in pushed.description and "P-74" not in pushed.rules
    assert any(
        s.description == "no battlefield was chosen as herald's ability triggered: the first, "
        "Battlefield 1, by default"
        for s in steps
    )
    assert g.table.cards["stone-whelp"].battlefield == 0


def herald_script(script: str) -> Playthrough:
    """The Herald's table with ``script`` (YAML) played as a file plays it."""
    play = playthrough_of(f"{HERALD}script:\n{script}", name="herald.yaml")
    play.run(play.scenario.script)  # type: ignore[attr-defined]
    return play


@pytest.mark.rule("P-74")
def test_a_script_names_each_triggers_battlefield_in_turn() -> None:
    play = herald_script(
        "  - play: {card: herald}\n"
        "    to: {herald: Battlefield 2}\n"
        "  - play: {card: second}\n"
        "    targets: {second: [stone-whelp]}\n"
        "    to: {second: [Battlefield 1]}\n"
    )
    moves = steps_matching(play.game.steps, "stone-whelp moves by")
    assert [s.description.split(" -> ")[1] for s in moves] == ["Battlefield 2", "Battlefield 1"]


@pytest.mark.rule("P-74")
def test_a_scripted_battlefield_that_does_not_exist_is_refused_at_its_name() -> None:
    with pytest.raises(ScenarioError) as refused:
        herald_script("  - play: {card: herald}\n    to: {herald: [Battlefield 1, Nowhere]}\n")
    assert refused.value.where == "script[0].to.herald[1]"
    assert "there is no battlefield 'Nowhere' (battlefields: Battlefield 1, Battlefield 2)" in (
        refused.value.message
    )
