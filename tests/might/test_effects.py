"""What a might effect reaches (M5, P-21, P-27): its targets (and the refusal of one it may not
target), its source, "here", and nothing to act on; an edit's doubler and shield come from the
playtester (M8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.choices import Answer, Assigned, Choice
from engine.errors import RuleError, ScenarioError
from engine.scenario import Playthrough, game_from_yaml, load_scenario
from tests.support.might_tables import TRIGGERS

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


@pytest.mark.rule("M5")
@pytest.mark.parametrize(
    ("card", "target", "message"),
    [
        ("spark", None, "spark needs a target: a unit"),
        ("last-stand", None, "last-stand needs a target: a unit you control"),
        ("last-stand", "thornback", "thornback is not a unit you control (legal: stone-whelp)"),
        ("pinpoint-bolt", None, "pinpoint-bolt needs a target: an enemy unit"),
        ("pinpoint-bolt", "stone-whelp", "stone-whelp is not an enemy unit (legal: thornback)"),
    ],
)
def test_a_spell_refused_its_target_says_what_it_may_target(
    card: str, target: str | None, message: str
) -> None:
    # the M5 refusal names what the card may target, in the rules' words
    game = game_from_yaml(TARGETS)
    with pytest.raises(RuleError) as refused:
        game.play(card, target)
    assert (refused.value.rule, refused.value.message) == ("M5", message)


@pytest.mark.rule("M8", "M-4")
def test_a_playtesters_doubler_comes_from_the_playtester() -> None:
    # an edit's doubler comes from the playtester (M8, M-4), as an edit's shield does
    game = game_from_yaml(TARGETS)
    steps = game.add_doubler("thornback", effect_id="twice")
    assert steps[0].description == "thornback gets doubling twice (all damage) this turn"
    game.add_shield("thornback", 1, effect_id="ward")
    card = game.table.cards["thornback"]
    assert [(e.id, e.source, e.owner) for e in (*card.doublers, *card.shields)] == [
        ("twice", "playtester", 1),
        ("ward", "playtester", 1),
    ]


@pytest.mark.rule("P-21")
def test_here_is_the_battlefield_the_unit_left_even_the_second(tmp_path: Path) -> None:
    """P-21 at Battlefield 2: the step names Battlefield 2, not the first battlefield."""
    from engine.assets import SCENARIOS

    text = (SCENARIOS / "might" / "P-21-here-after-leaving.yaml").read_text()
    path = tmp_path / "p21-second.yaml"
    path.write_text(text.replace("Battlefield 1", "Battlefield 2"))
    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    assert any(
        step.description.startswith(
            'thornback has left Battlefield 2: "here" is still Battlefield 2'
        )
        for step in play.game.steps
    )
    assert not play.failures()


SOURCE = """\
ruleset: might
title: Striking back at the source
rules: [M-7]
cards:
  - name: Spiked Shell
    kind: unit
    might: 3
    text: When this is damaged, deal 1 damage to the unit that damaged it.
    abilities:
      - when: takes_damage
        name: Spikes
        effects: [{do: damage, amount: 1, target: source}]
setup:
  players:
    - name: Alice
      units: [{card: Thornback, at: Battlefield 1}]
      hand: [{card: Spark}]
    - name: Bob
      units: [{card: Spiked Shell, at: Battlefield 1}]
"""


def test_an_ability_strikes_its_source_only_while_it_is_on_the_table() -> None:
    # Thornback's Barbed Hide (on the table) is struck back; a spell
    # (in the trash by then) is not
    game = game_from_yaml(SOURCE)
    game.play("spark", "thornback")
    game.resolve()
    struck = [s for s in game.steps if s.description.startswith("thornback takes")]
    assert [c.describe() for s in struck for c in s.changes] == [
        "thornback damage 0 -> 2",  # the Spark
        "thornback damage 2 -> 3",  # Spikes strikes back; it dies, so the next finds it gone
    ]
    assert "the source thornback has left the table" in game.steps[-2].description
    spell = game_from_yaml(SOURCE)
    spell.play("spark", "spiked-shell")
    spell.resolve()
    assert not [s for s in spell.steps if s.description.startswith("thornback takes")]
    assert any("no legal target" in s.description for s in spell.steps)


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
    game = game_from_yaml(QUAKE)
    game.play("quake")
    game.resolve()
    assert game.table.cards["alice-sentinel"].damage == 1
    assert game.table.cards["bob-sentinel"].damage == 1


def test_an_effect_on_all_own_units_reaches_only_the_controllers() -> None:
    game = game_from_yaml(QUAKE)
    game.play("backfire")
    game.resolve()
    assert game.table.cards["alice-sentinel"].damage == 1
    assert game.table.cards["bob-sentinel"].damage == 0


@pytest.mark.rule("P-27")
def test_a_self_effect_of_a_dead_unit_says_the_unit_is_gone() -> None:
    # P-27: the dies trigger finds its unit in the trash
    game = game_from_yaml(TRIGGERS)
    steps = game.deal("pyre-moth", 1)
    assert [s.description for s in steps if "no legal target" in s.description] == [
        "might: no legal target on the table, nothing happens (pyre-moth is not on the table)"
    ]


@pytest.mark.rule("P-27")
def test_a_source_effect_after_sourceless_damage_says_there_is_no_source() -> None:
    # P-27: the playtester's damage has no source
    game = game_from_yaml(TRIGGERS)
    steps = game.deal("spite-totem", 1)
    nothing = [s for s in steps if "no legal target" in s.description]
    assert [(s.description, s.rules) for s in nothing] == [
        ("damage: no legal target on the table, nothing happens (no source)", ("M5", "P-27"))
    ]


ADEPT = """\
ruleset: might
title: Bonus Damage from a unit
rules: [P-76]
cards:
  - name: Pyre Adept
    kind: unit
    might: 2
    bonus_damage: {amount: 1, scope: noncombat}
  - name: War Drummer
    kind: unit
    might: 1
    bonus_damage: {amount: 2, scope: combat}
setup:
  players:
    - name: Alice
      units:
        - {card: Pyre Adept, at: Battlefield 1}
        - {card: War Drummer, at: Battlefield 2}
      hand: [{card: Spark}, {card: Spark, id: spark-2}]
    - name: Bob
      units:
        - {card: Vanguard Captain, at: Battlefield 1}
        - {card: Iron Sentinel, at: Battlefield 2}
        - {card: Thornback, at: Battlefield 2}
"""


@pytest.mark.rule("P-76")
def test_a_units_standing_bonus_damage_adds_to_its_controllers_spell_damage() -> None:
    game = game_from_yaml(ADEPT)
    game.play("spark", "vanguard-captain")
    game.resolve()
    assert game.table.cards["vanguard-captain"].damage == 3  # 2 + the adept's 1
    noted = [s for s in game.steps if "P-76" in s.rules]
    assert [s.description for s in noted] == [
        "Alice's spell damage gets Bonus Damage from units on the table: pyre-adept +1"
    ]


@pytest.mark.rule("P-76")
def test_a_units_bonus_damage_ends_when_it_leaves_the_table() -> None:
    game = game_from_yaml(ADEPT)
    game.return_to_hand("pyre-adept")
    game.play("spark", "vanguard-captain")
    game.resolve()
    assert game.table.cards["vanguard-captain"].damage == 2
    assert not game.table.bonus_sources(0, "spell")


@pytest.mark.rule("P-76")
def test_an_enemys_bonus_damage_adds_nothing_to_yours_and_combat_reads_its_own() -> None:
    game = game_from_yaml(ADEPT)
    assert game.table.bonus_damage(1, "spell") == 0  # Bob has no adept
    assert game.table.bonus_damage(0, "combat") == 2  # the drummer's, not the adept's
    game.combat(1)
    declared = next(s for s in game.steps if "P-76" in s.rules)
    assert "war-drummer attack with 3 damage" in declared.description
    assert "(Bonus Damage from units: war-drummer +2)" in declared.description


@pytest.mark.rule("P-76")
@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "{name: Hex, kind: spell, bonus_damage: {amount: 1}}",
            r"cards\[0\].bonus_damage: a spell has no standing Bonus Damage",
        ),
        ("{name: G, kind: gear, bonus_damage: {amount: 1}}", "gear has no bonus_damage"),
        ("{name: U, kind: unit, bonus_damage: {amount: 0}}", r"cards\[0\].bonus_damage.amount"),
        (
            "{name: U, kind: unit, bonus_damage: {amount: 1, scope: ability}}",
            r"cards\[0\].bonus_damage.scope",
        ),
    ],
)
def test_standing_bonus_damage_that_means_nothing_is_refused(card: str, message: str) -> None:
    text = (
        f"ruleset: might\ntitle: t\nrules: [P-76]\ncards:\n  - {card}\nsetup:\n  players:\n"
        "    - {name: Alice}\n    - {name: Bob}\n"
    )
    with pytest.raises(ScenarioError, match=message):
        game_from_yaml(text)


FORK = """\
ruleset: might
title: Damage divided
rules: [P-77]
cards:
  - name: Forked Bolt
    kind: spell
    effects: [{do: split_damage, amount: 4, target: {every: enemy_units}}]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp}]
      hand: [{card: Forked Bolt}, {card: Ember Focus}]
    - name: Bob
      units: [{card: Vanguard Captain}, {card: Iron Sentinel}]
"""


@pytest.mark.rule("P-77")
def test_divided_damage_by_default_all_goes_to_the_first_unit() -> None:
    game = game_from_yaml(FORK)
    game.play("forked-bolt")
    game.resolve()
    assert game.table.cards["vanguard-captain"].damage == 4
    assert game.table.cards["iron-sentinel"].damage == 0
    assert any("(by default, all to the first)" in s.description for s in game.steps)


@pytest.mark.rule("P-77")
def test_each_share_is_its_own_event_with_its_bonus_damage() -> None:
    def split(choice: Choice) -> Answer:
        if choice.kind != "split":
            return choice.default
        assert choice.options == ("vanguard-captain", "iron-sentinel")
        return (
            Assigned(unit="iron-sentinel", damage=1),
            Assigned(unit="vanguard-captain", damage=3),
        )

    game = game_from_yaml(FORK, split)
    game.play("ember-focus")  # +1 Bonus Damage to Alice's spell damage this turn
    game.resolve()
    game.play("forked-bolt")
    game.resolve()
    assert game.table.cards["iron-sentinel"].damage == 2  # 1 + 1
    assert game.table.cards["vanguard-captain"].damage == 4  # 3 + 1
