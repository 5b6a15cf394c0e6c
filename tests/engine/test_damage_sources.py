"""Damage names the cards it came from (issue 38: every damage drawn with its arrow): an
attacker, a Realm's counterblow, a spell, the other side of a might combat; and a might
assignment records what each unit is assigned, from whom (M-10)."""

from __future__ import annotations

from engine.assets import SCENARIOS
from engine.changes import Change, StatChanged
from engine.might.changes import DamageAssigned
from engine.scenario import Playthrough, load_scenario
from engine.table_shape import TableShape
from engine.timeline import Step


def steps_of(path: str) -> list[Step[TableShape]]:
    scenario, source = load_scenario(SCENARIOS / path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    return list(play.game.steps)


def damage(steps: list[Step[TableShape]]) -> list[tuple[str, tuple[str, ...]]]:
    """Each damage dealt, with its sources, in order."""
    return [
        (change.card, change.sources)
        for step in steps
        for change in step.changes
        if isinstance(change, StatChanged)
        and change.stat == "damage"
        and change.after > change.before
    ]


def of_kind(steps: list[Step[TableShape]], shape: type[Change]) -> list[Change]:
    return [change for step in steps for change in step.changes if isinstance(change, shape)]


def test_might_combat_damage_comes_from_the_other_side_and_is_assigned_first() -> None:
    steps = steps_of("might/M-10-assignment-is-a-sequence.yaml")
    attackers, defenders = ("vanguard-captain", "alice-whelp"), ("bob-whelp", "bob-sentinel")
    assert of_kind(steps, DamageAssigned) == [
        DamageAssigned(card="bob-whelp", amount=5, sources=attackers),
        DamageAssigned(card="bob-sentinel", amount=2, sources=attackers),
        DamageAssigned(card="vanguard-captain", amount=5, sources=defenders),
        DamageAssigned(card="alice-whelp", amount=1, sources=defenders),
    ]
    assert damage(steps) == [
        ("bob-whelp", attackers),
        ("bob-sentinel", attackers),
        ("vanguard-captain", defenders),
        ("alice-whelp", defenders),
    ]


def test_a_might_spell_and_an_ability_name_their_card() -> None:
    dealt = damage(steps_of("might/M-11-deal-all-at-once.yaml"))
    assert ("iron-sentinel", ("hound",)) in dealt  # Spite, the hound's ability
    spell = damage(steps_of("might/M6-two-spells-of-2-kill-at-next-check.yaml"))
    assert spell and all(sources and sources[0].startswith("spark") for _, sources in spell)


def test_souls_attack_counterblow_and_effect_damage_name_their_card() -> None:
    assert damage(steps_of("souls/14.4.3-lost-bonus-captures.yaml")) == [
        ("ember-citadel", ("thorn-squire",)),  # the attack
        ("thorn-squire", ("ember-citadel",)),  # the Realm's counterblow
    ]
    assert damage(steps_of("souls/S-12-capture-cascade.yaml"))[0] == ("pyre-martyr", ("firebolt",))
