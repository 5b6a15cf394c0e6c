"""A souls set-up read from a file (S-1, S-5, P-6): what it may hold, where each refusal is
located, and the turn it starts at."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from engine.scenario import game_from_yaml
from tests.support.playthroughs import set_up_error
from tests.support.souls_tables import GRUDGE_KNIGHT, MOURNER, SELF_MENDER, scenario_text


@pytest.mark.rule("S-5")
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("B1: {card: Sylva}", "B1: {card: Sylva, damage: 12}", "set-up damage is a multiple"),
        (
            "B1: {card: Sylva}",
            "B1: {card: Sylva, bonuses: [{stat: power, amount: 7}]}",
            "a bonus is a multiple",
        ),
    ],
)
def test_set_up_amounts_are_multiples_of_5_citing_s5(old: str, new: str, message: str) -> None:
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(scenario_text().replace(old, new))
    assert message in str(error.value) and "(S-5)" in str(error.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            (
                "realm: {card: Old Keep, damage: 20}",
                "realm: {card: Old Keep, armament: [{card: Iron Mail}]}",
            ),
            "Armament goes on a Soul, not a Realm (rule S-5)",
        ),
        (
            (
                "hand: [{card: Keep Mender}, {card: Pitfall}]",
                "hand: [{card: Keep Mender, armament: [{card: Iron Mail}]}]",
            ),
            "hand[0]",
        ),
        (
            (
                "        A1: {card: Grudge Knight}",
                "        A1: {card: Grudge Knight, armament: [{card: Iron Mail, damage: 5}]}",
            ),
            "slots.A1.armament[0]",
        ),
        (
            (
                "      hand: [{card: Keep Mender}, {card: Pitfall}]",
                "      hand: [{card: Keep Mender}]\n      ambushes: {Z9: {card: Pitfall}}",
            ),
            "ambushes.Z9",
        ),
    ],
)
def test_a_bad_set_up_is_refused_at_its_place(change: tuple[str, str], message: str) -> None:
    # the rule and the place of each refusal: Armament on a Realm, in hand or damaged, an
    # Ambush off the grid
    with pytest.raises(ScenarioError) as refused:
        game_from_yaml(GRUDGE_KNIGHT.replace(*change))
    assert message in str(refused.value)


def test_a_soul_set_up_at_0_hp_is_located_on_its_owners_slot() -> None:
    text = SELF_MENDER.replace("{card: Ember Imp}", "{card: Ember Imp, damage: 10}")
    assert set_up_error(text) == (
        "a.yaml:16: setup.players[1].slots.A1: ember-imp starts at 0 HP and would be captured "
        "at the first check (S-12): set `captured: true` or give it less damage (rule P-6)"
    )


def test_a_realm_set_up_at_0_hp_is_located_on_its_owners_realm() -> None:
    text = MOURNER.replace("damage: 30}", "damage: 40}")
    assert set_up_error(text).startswith("a.yaml:18: setup.players[1].realm: ember-citadel starts")


@pytest.mark.rule("P-6", "S-1")
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
        "a.yaml:17: setup.players[0].slots.C1: two cards have the id 'ember-imp' "
        "(the other at line 15): give one an explicit id"
    )


def test_a_soul_set_up_as_an_armament_is_refused_where_it_is() -> None:
    armed = "{card: Mourner, damage: 10, armament: [{card: Ember Imp, id: imp-mail}]}"
    assert set_up_error(MOURNER.replace("{card: Mourner, damage: 10}", armed)) == (
        "a.yaml:16: setup.players[0].slots.B1.armament[0].card: Ember Imp is a Soul, "
        "not an Armament (rule S-5)"
    )
