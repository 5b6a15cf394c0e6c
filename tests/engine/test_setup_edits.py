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
from engine.ruleset import rulesets
from engine.scenario import run_scenario
from engine.setup_edits import (
    Draft,
    add_card,
    define_card,
    design_card,
    draft_text,
    entries,
    move_card,
    new_draft,
    place_names,
    remove_card,
    set_card,
    set_table,
    turn_hand,
)


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


REFUSED: list[tuple[Callable[[], Draft], Callable[[Draft], Draft], str, str]] = [
    (
        souls,
        lambda d: set_card(d, "thorn-squire", ("damage",), 7),
        "setup.players[0].slots.A1.damage",
        "a multiple of 5",
    ),
    (
        souls,
        lambda d: set_card(d, "thorn-squire", ("damage",), 20),
        "setup.players[0].slots.A1",
        "would be captured at the first check",
    ),
    (
        souls,
        lambda d: move_card(set_card(d, "ember-imp", ("damage",), 5), "ember-imp", "Bob: hand"),
        "setup.players[1].hand[0]",
        "a card in hand has no damage",
    ),
    (souls, lambda d: add_card(d, "Alice: slot A1", "Ember Imp"), "slots.A1", "holds"),
    (souls, lambda d: add_card(d, "Alice: Realm", "Ember Imp"), "realm.card", "not a Realm"),
    (souls, lambda d: add_card(d, "Alice: hand", "Nope"), "hand[0].card", "unknown card"),
    (souls, lambda d: set_table(d, ("turn_player",), 2), "setup.turn_player", "0 to 1"),
    (
        might,
        lambda d: set_card(d, "iron-sentinel", ("damage",), 20),
        "setup.players[0].units[0]",
        "lethal damage",
    ),
    (
        might,
        lambda d: add_card(d, "Alice: gear", "Iron Sentinel"),
        "gear[0].card",
        "is a unit, not gear",
    ),
    (
        might,
        lambda d: design_card(d, {"name": "Ember Sentry", "kind": "unt"}, "Alice: hand"),
        "cards[0].kind",
        "did you mean 'unit'",
    ),
    (might, lambda d: define_card(d, {"kind": "unit"}), "cards[0].name", "required"),
    (
        might,
        lambda d: set_table(d, ("players", 0, "runes"), -1),
        "setup.players[0].runes",
        "0 or more",
    ),
]


@pytest.mark.parametrize(("make", "edit", "where", "why"), REFUSED)
def test_a_refused_edit_says_where_and_why_and_changes_nothing(
    make: Callable[[], Draft], edit: Callable[[Draft], Draft], where: str, why: str
) -> None:
    draft = make()
    before = deepcopy(draft)
    with pytest.raises(ScenarioError) as refused:
        edit(draft)
    assert where in refused.value.where and why in refused.value.message
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
