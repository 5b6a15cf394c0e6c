"""The set-up editor's edits (engine/setup_edits.py): each is checked as ``check`` checks a
file, a refused one raises the rules' located reason and leaves the draft as it was, and the
edits work on any ruleset that describes its places, a plug-in's too."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest

from engine.errors import ScenarioError
from engine.ruleset import ruleset, rulesets
from engine.scenario import run_scenario
from engine.script import card_id
from engine.setup_edits import (
    Draft,
    add_card,
    checked,
    define_card,
    design_card,
    draft_text,
    entries,
    entry,
    move_card,
    new_draft,
    owners,
    place_names,
    refusal_text,
    remove_card,
    set_card,
    set_setting,
    set_table,
    turn_hand,
)
from engine.setup_places import Setting


def souls() -> Draft:
    draft = new_draft("souls", ["Alice", "Bob"])
    draft = add_card(draft, "Alice: slot A1", "Thorn Squire")
    return add_card(draft, "Bob: slot A1", "Ember Imp")


def might() -> Draft:
    draft = new_draft("might", ["Alice", "Bob"])
    draft = add_card(draft, "Battlefield 1: Alice's side", "Iron Sentinel")
    return add_card(draft, "Alice: hand", "Iron Sentinel")


def test_a_souls_table_is_built_edit_by_edit_and_checks(tmp_path: Path) -> None:
    draft = souls()
    draft = set_card(draft, "thorn-squire", ("damage",), 5)
    draft = add_card(draft, "Alice: hand", "Thorn Squire")  # a second one gets an id of its own
    draft = move_card(draft, "ember-imp", "Bob: slot B2")
    draft = set_table(draft, ("turn_player",), 1)
    assert [(e.uid, e.place.name) for e in entries(draft)] == [
        ("thorn-squire", "Alice: slot A1"),
        ("thorn-squire-2", "Alice: hand"),
        ("ember-imp", "Bob: slot B2"),
    ]
    draft = set_card(draft, "thorn-squire", ("damage",), 0, default=0)  # a default is left out
    assert draft["setup"]["players"][0]["slots"]["A1"] == {"card": "Thorn Squire"}
    draft = remove_card(draft, "thorn-squire-2")
    assert "hand" not in draft["setup"]["players"][0]  # an empty list is left out
    path = tmp_path / "table.yaml"
    path.write_text(draft_text(draft), encoding="utf-8")
    assert run_scenario(path).failures == []


def test_a_might_unit_moves_between_the_base_and_a_battlefield() -> None:
    draft = might()
    assert "Alice: gear" in place_names(draft)
    draft = move_card(draft, "iron-sentinel", "Alice: base")
    assert draft["setup"]["players"][0]["units"] == [{"card": "Iron Sentinel"}]  # at: base
    draft = move_card(draft, "iron-sentinel", "Battlefield 2: Bob's side")
    assert draft["setup"]["players"][1]["units"] == [
        {"card": "Iron Sentinel", "at": "Battlefield 2"}
    ]
    draft = set_card(draft, "iron-sentinel", ("exhausted",), True)
    draft = set_table(draft, ("players", 0, "runes"), 3)
    assert draft["setup"]["players"][0]["runes"] == 3
    assert list(draft["setup"]["players"][0]) == ["name", "runes", "hand"]  # the docs' order
    assert "\n  players:\n    - name: Alice\n      runes: 3\n" in draft_text(draft)


SENTRY = {"name": "Ember Sentry", "kind": "unit", "might": 2}


def test_a_designed_card_is_defined_before_the_set_up_and_put_in_the_turn_players_hand() -> None:
    draft = might()
    assert turn_hand(draft) == "Alice: hand"
    draft = design_card(draft, SENTRY, turn_hand(draft) or "")
    assert list(draft) == ["ruleset", "title", "cards", "setup"]  # where the docs write it
    assert draft["cards"] == [SENTRY]
    assert draft["setup"]["players"][0]["hand"][-1] == {"card": "Ember Sentry"}
    draft = set_table(draft, ("turn_player",), 1)
    assert turn_hand(draft) == "Bob: hand"
    stronger = SENTRY | {"might": 3}
    draft = design_card(draft, stronger, "Battlefield 2: Bob's side")  # the same name: replaced
    assert draft["cards"] == [stronger]
    assert [(e.uid, e.place.name) for e in entries(draft)][-1] == (
        "ember-sentry-2",
        "Battlefield 2: Bob's side",
    )
    draft = define_card(draft, {"name": "Spark", "kind": "spell"})  # a pool card's, replaced
    assert [card["name"] for card in draft["cards"]] == ["Ember Sentry", "Spark"]


def setting(draft: Draft, uid: str, label: str) -> Setting:
    """The setting ``label`` the editor offers for card ``uid``."""
    found = entry(draft, uid)
    offered = ruleset(draft["ruleset"]).card_settings(found.place)
    return next(each for each in offered if each.label == label)


def souls_table() -> Draft:
    """Alice's Thorn Squire on A1 (HP 20, power 10) and her Old Keep, Bob's Ember Imp."""
    return add_card(souls(), "Alice: Realm", "Old Keep")


def might_table() -> Draft:
    """Alice's Iron Sentinel (Might 4) at Battlefield 1, a gear of hers and a Spark in hand."""
    draft = new_draft("might", ["Alice", "Bob"])
    draft["cards"] = [{"name": "Banner", "kind": "gear", "text": "A gear."}]
    draft = add_card(draft, "Battlefield 1: Alice's side", "Iron Sentinel")
    draft = add_card(draft, "Alice: gear", "Banner")
    return add_card(draft, "Alice: hand", "Spark")


def first_table(draft: Draft) -> Any:
    scenario, source = checked(draft)
    return ruleset(draft["ruleset"]).game(scenario, source).steps[0].table


def test_a_souls_bonus_is_one_entry_of_the_card_s_bonuses_as_a_person_writes_it() -> None:
    draft = souls()
    draft = set_setting(draft, "thorn-squire", setting(draft, "thorn-squire", "Max HP bonus"), 10)
    draft = set_setting(draft, "thorn-squire", setting(draft, "thorn-squire", "Power bonus"), -5)
    squire = draft["setup"]["players"][0]["slots"]["A1"]
    assert squire["bonuses"] == [
        {"stat": "max_hp", "amount": 10},  # permanent, the default, left out
        {"stat": "power", "amount": -5},
    ]
    table = first_table(draft)
    assert (table.max_hp("thorn-squire"), table.power("thorn-squire")) == (30, 5)
    draft = set_setting(draft, "thorn-squire", setting(draft, "thorn-squire", "Max HP bonus"), 15)
    assert draft["setup"]["players"][0]["slots"]["A1"]["bonuses"][0]["amount"] == 15
    for label in ("Max HP bonus", "Power bonus"):
        draft = set_setting(draft, "thorn-squire", setting(draft, "thorn-squire", label), 0)
    assert draft["setup"]["players"][0]["slots"]["A1"] == {"card": "Thorn Squire"}


def test_a_listed_setting_leaves_the_entries_it_does_not_own_as_they_are() -> None:
    draft = souls()
    written = [{"stat": "max_hp", "amount": 5, "duration": "end_of_turn"}]
    draft = set_card(draft, "thorn-squire", ("bonuses",), written)
    max_hp = setting(draft, "thorn-squire", "Max HP bonus")
    assert max_hp.value_in(entry(draft, "thorn-squire").data) == 0  # this turn's: not its own
    draft = set_setting(draft, "thorn-squire", max_hp, 10)
    assert draft["setup"]["players"][0]["slots"]["A1"]["bonuses"] == [
        *written,
        {"stat": "max_hp", "amount": 10},
    ]
    draft = set_setting(draft, "thorn-squire", max_hp, 0)
    assert draft["setup"]["players"][0]["slots"]["A1"]["bonuses"] == written


def test_a_might_unit_s_modifier_and_shield_are_entries_of_its_lists() -> None:
    draft = might_table()
    combat = {"amount": 2, "duration": "this_combat"}
    warded = {"id": "ward", "value": 1}
    draft = set_card(draft, "iron-sentinel", ("might",), [combat])
    draft = set_card(draft, "iron-sentinel", ("shields",), [warded])
    modifier = setting(draft, "iron-sentinel", "Might modifier")
    shield = setting(draft, "iron-sentinel", "Shield")
    draft = set_setting(draft, "iron-sentinel", modifier, -1)
    draft = set_setting(draft, "iron-sentinel", shield, 3)
    unit = draft["setup"]["players"][0]["units"][0]
    assert unit["might"] == [combat, {"amount": -1}]  # this turn, the default, left out
    assert unit["shields"] == [warded, {"value": 3}]
    table = first_table(draft)
    assert table.might("iron-sentinel") == 4 + 2 - 1
    draft = set_setting(draft, "iron-sentinel", shield, 2)
    assert draft["setup"]["players"][0]["units"][0]["shields"] == [warded, {"value": 2}]
    draft = set_card(draft, "iron-sentinel", ("might",), [])  # the file's own taken out too
    draft = set_setting(draft, "iron-sentinel", modifier, 0)
    assert "might" not in draft["setup"]["players"][0]["units"][0]


def test_armament_is_attached_to_a_soul_on_a_slot_and_goes_where_it_goes() -> None:
    draft = souls()
    assert "Alice: Armament on A1" in place_names(draft)
    assert "Alice: Armament on B1" not in place_names(draft)  # no Soul there
    draft = add_card(draft, "Alice: Armament on A1", "Iron Mail")
    assert draft["setup"]["players"][0]["slots"]["A1"]["armament"] == [{"card": "Iron Mail"}]
    assert first_table(draft).max_hp("thorn-squire") == 30
    draft = move_card(draft, "thorn-squire", "Alice: slot B2")
    assert [(e.uid, e.place.name) for e in entries(draft)][:2] == [
        ("thorn-squire", "Alice: slot B2"),
        ("iron-mail", "Alice: Armament on B2"),
    ]
    draft = remove_card(draft, "iron-mail")
    assert draft["setup"]["players"][0]["slots"]["B2"] == {"card": "Thorn Squire"}


@pytest.mark.parametrize("name", ["souls", "might"])
def test_a_deck_names_its_cards_as_the_rules_give_their_ids(name: str) -> None:
    draft = new_draft(name, ["Alice", "Bob"])
    card = "Thorn Squire" if name == "souls" else "Iron Sentinel"
    draft["setup"]["players"][0]["deck"] = [card, card]  # names alone, as a file may give them
    draft = add_card(draft, "Alice: deck", card)  # the editor writes an entry
    assert draft["setup"]["players"][0]["deck"][2] == {"card": card}
    uids = [e.uid for e in entries(draft)]
    assert uids == ["alice-deck-1", "alice-deck-2", card_id(card)]
    assert sorted(uids) == sorted(first_table(draft).cards)  # the ids the rules give them
    draft = move_card(draft, "alice-deck-2", "Bob: hand")
    assert draft["setup"]["players"][0]["deck"] == [card, {"card": card}]
    assert draft["setup"]["players"][1]["hand"] == [{"card": card, "id": f"{card_id(card)}-2"}]
    draft = remove_card(draft, "alice-deck-1")
    assert draft["setup"]["players"][0]["deck"] == [{"card": card}]


def test_a_card_changes_owner_by_going_to_the_other_player_s_place_like_its_own() -> None:
    draft = might_table()
    assert owners(draft, "iron-sentinel") == {
        0: "Battlefield 1: Alice's side",
        1: "Battlefield 1: Bob's side",
    }
    draft = move_card(draft, "iron-sentinel", owners(draft, "iron-sentinel")[1])
    assert first_table(draft).cards["iron-sentinel"].owner == 1
    draft = add_card(souls(), "Alice: Armament on A1", "Iron Mail")
    assert owners(draft, "iron-mail") == {0: "Alice: Armament on A1", 1: "Bob: Armament on A1"}
    draft = move_card(draft, "ember-imp", "Bob: slot B2")
    assert owners(draft, "iron-mail") == {0: "Alice: Armament on A1"}  # no Soul on Bob's A1
    assert owners(draft, "ember-imp") == {0: "Alice: slot B2", 1: "Bob: slot B2"}


def test_a_table_setting_at_its_default_is_left_out() -> None:
    draft = set_table(might(), ("players", 1, "score"), 2, 0)
    assert draft["setup"]["players"][1]["score"] == 2
    assert first_table(draft).players[1].score == 2
    draft = set_table(draft, ("players", 1, "score"), 0, 0)
    assert "score" not in draft["setup"]["players"][1]
    assert [s.label for s in ruleset("might").table_settings(draft["setup"])][2:4] == [
        "Alice's runes",
        "Alice's score",
    ]


def bonus(draft: Draft, label: str, amount: int) -> Draft:
    return set_setting(draft, "thorn-squire", setting(draft, "thorn-squire", label), amount)


def unit(draft: Draft, label: str, amount: int) -> Draft:
    return set_setting(draft, "iron-sentinel", setting(draft, "iron-sentinel", label), amount)


# Every kind of edit the rules refuse: the table it is tried on, the edit, where the refusal
# says, why, and the rule it names (None: a bound of the file's own shape, which no rule says).
REFUSED: list[tuple[Callable[[], Draft], Callable[[Draft], Draft], str, str, str | None]] = [
    (
        souls,
        lambda d: set_card(d, "thorn-squire", ("damage",), 7),
        "setup.players[0].slots.A1.damage",
        "a multiple of 5",
        "S-5",
    ),
    (
        souls,
        lambda d: bonus(d, "Max HP bonus", 7),
        "setup.players[0].slots.A1.bonuses[0].amount",
        "a bonus is a multiple of 5",
        "S-5",
    ),
    (
        souls,
        lambda d: set_card(d, "thorn-squire", ("damage",), 20),
        "setup.players[0].slots.A1",
        "starts at 0 HP and would be captured at the first check (S-12)",
        "P-6",
    ),
    (
        souls,
        lambda d: set_card(bonus(d, "Max HP bonus", 5), "thorn-squire", ("damage",), 25),
        "setup.players[0].slots.A1",
        "starts at 0 HP",
        "P-6",
    ),
    (
        souls_table,
        lambda d: set_card(d, "old-keep", ("captured",), True),
        "setup.players[0].realm",
        "cannot start shattered: the game would be over (S-17)",
        "P-6",
    ),
    (
        souls,
        lambda d: set_card(bonus(d, "Power bonus", 5), "thorn-squire", ("captured",), True),
        "setup.players[0].slots.A1",
        "a captured Soul keeps no Armament or bonuses",
        "S-14",
    ),
    (
        souls,
        lambda d: add_card(d, "Alice: slot B1", "Firebolt"),
        "setup.players[0].slots.B1.card",
        "Firebolt is a spell, not a Soul",
        "S-5",
    ),
    (
        souls,
        lambda d: add_card(d, "Alice: slot A1", "Ember Imp"),
        "setup.players[0].slots.A1",
        "Alice: slot A1 holds Thorn Squire already",
        "S-3",
    ),
    (
        souls_table,
        lambda d: add_card(d, "Alice: Realm", "Old Keep"),
        "setup.players[0].realm",
        "Alice: Realm holds Old Keep already",
        "S-1",
    ),
    (
        souls,
        lambda d: add_card(d, "Alice: Realm", "Ember Imp"),
        "realm.card",
        "Ember Imp is a Soul, not a Realm",
        "S-5",
    ),
    (
        souls,
        lambda d: add_card(d, "Alice: Ambush at B1", "Thorn Squire"),
        "setup.players[0].ambushes.B1.card",
        "Thorn Squire is a Soul, not an Ambush",
        "S-5",
    ),
    (
        souls,
        lambda d: add_card(d, "Alice: Armament on A1", "Ember Imp"),
        "setup.players[0].slots.A1.armament[0].card",
        "Ember Imp is a Soul, not an Armament",
        "S-5",
    ),
    (
        souls_table,
        lambda d: set_card(d, "old-keep", ("armament",), [{"card": "Iron Mail"}]),
        "setup.players[0].realm.armament",
        "Armament goes on a Soul, not a Realm",
        "S-5",
    ),
    (
        souls,
        lambda d: set_card(add_card(d, "Alice: hand", "Ember Imp"), "ember-imp-2", ("damage",), 5),
        "setup.players[0].hand[0]",
        "a card in hand has no damage",
        "P-6",
    ),
    (
        souls,
        lambda d: move_card(set_card(d, "ember-imp", ("damage",), 5), "ember-imp", "Bob: hand"),
        "setup.players[1].hand[0]",
        "a card in hand has no damage",
        "P-6",
    ),
    (
        souls,
        lambda d: set_card(
            add_card(d, "Bob: deck", "Ember Imp"), "ember-imp-2", ("captured",), True
        ),
        "setup.players[1].deck[0]",
        "a card in deck has no damage, bonuses, Armament or capture",
        "P-6",
    ),
    (souls, lambda d: add_card(d, "Alice: hand", "Nope"), "hand[0].card", "unknown card", None),
    (souls, lambda d: set_table(d, ("turn_player",), 2), "setup.turn_player", "0 to 1", None),
    (souls, lambda d: set_table(d, ("turn",), 0), "setup.turn", "1 or more", None),
    (
        might,
        lambda d: set_card(d, "iron-sentinel", ("damage",), 20),
        "setup.players[0].units[0]",
        "starts with lethal damage: it would die at the first check (P-6)",
        "M-8",
    ),
    (
        might_table,
        lambda d: unit(set_card(d, "iron-sentinel", ("damage",), 1), "Might modifier", -3),
        "setup.players[0].units[0]",
        "starts with lethal damage",
        "M-8",
    ),
    (
        might_table,
        lambda d: unit(d, "Shield", -1),
        "setup.players[0].units[0].shields[0].value",
        "0 or more",
        None,
    ),
    (
        might_table,
        lambda d: add_card(d, "Battlefield 1: Alice's side", "Spark"),
        "setup.players[0].units[1].card",
        "Spark is a spell, not a unit",
        "M-1",
    ),
    (
        might_table,
        lambda d: move_card(d, "banner", "Battlefield 1: Alice's side"),
        "setup.players[0].units[1].card",
        "Banner is gear, not a unit",
        "P-66",
    ),
    (
        might_table,
        lambda d: move_card(d, "spark", "Alice: gear"),
        "setup.players[0].gear[1].card",
        "Spark is a spell, not gear",
        "P-66",
    ),
    (
        might,
        lambda d: add_card(d, "Alice: gear", "Iron Sentinel"),
        "gear[0].card",
        "is a unit, not gear",
        "P-66",
    ),
    (
        might_table,
        lambda d: set_card(d, "spark", ("damage",), 1),
        "setup.players[0].hand[0].damage",
        "unknown key 'damage'",
        None,
    ),
    (
        might,
        lambda d: design_card(d, {"name": "Ember Sentry", "kind": "unt"}, "Alice: hand"),
        "cards[0].kind",
        "did you mean 'unit'",
        None,
    ),
    (might, lambda d: define_card(d, {"kind": "unit"}), "cards[0].name", "required", None),
    (
        might,
        lambda d: set_table(d, ("players", 0, "runes"), -1),
        "setup.players[0].runes",
        "0 or more",
        None,
    ),
    (
        might,
        lambda d: set_table(d, ("players", 1, "score"), -1),
        "setup.players[1].score",
        "0 or more",
        None,
    ),
]


@pytest.mark.parametrize(("make", "edit", "where", "why", "rule"), REFUSED)
def test_a_refused_edit_says_where_why_and_by_which_rule_and_changes_nothing(
    make: Callable[[], Draft],
    edit: Callable[[Draft], Draft],
    where: str,
    why: str,
    rule: str | None,
) -> None:
    draft = make()
    before = deepcopy(draft)
    with pytest.raises(ScenarioError) as refused:
        edit(draft)
    assert where in refused.value.where and why in refused.value.message
    said = refusal_text(refused.value)
    assert said.startswith(refused.value.where) and why in said
    if rule is not None:
        assert rule in said
    assert draft == before


def test_new_players_are_checked() -> None:
    with pytest.raises(ScenarioError) as refused:
        new_draft("might", ["Alice", "Alice"])
    assert "Alice" in refused.value.message


@pytest.fixture
def tally(tally_site: Path) -> Iterator[None]:
    sys.path.insert(0, str(tally_site))
    rulesets.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tally_site))
        rulesets.cache_clear()


def test_a_plug_in_that_describes_its_places_is_edited_the_same_way(tally: Any) -> None:
    draft = new_draft("tally", ["Alice", "Bob"])
    draft = add_card(draft, "Alice: counters", "Apples")
    draft = set_card(draft, "apples", ("count",), 3)
    draft = move_card(draft, "apples", "Bob: counters")
    assert draft["setup"]["players"] == [
        {"name": "Alice"},
        {"name": "Bob", "counters": {"Apples": 3}},
    ]
    with pytest.raises(ScenarioError) as refused:
        set_card(draft, "apples", ("count",), -1)
    assert refused.value.where == "setup.players[1].counters.Apples"
