"""What the card designer does with a card, without a window (app/presentation/card_design.py):
whether the open scenario can take it, the face it has in a hand, and the scenario edited to
hold it (in set-up mode, a set-up edit at the turn player's hand unless a place is chosen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.presentation.card_design import (
    add_to_hand,
    can_hold,
    card_face,
    define_card,
    face_table,
)
from app.presentation.session import Session
from engine.assets import SCENARIOS
from engine.errors import ScenarioError
from tests.app.test_setup_editor import tally  # noqa: F401  (the fixture installing it)
from tests.app.test_setup_on_opened_files import LEFT_ON_THE_CHAIN

WARDEN: dict[str, Any] = {"name": "Cinder Warden", "kind": "unit", "might": 2}


def new_might_table() -> Session:
    session = Session()
    session.new_table("might", ["Alice", "Bob"])
    return session


def test_only_an_open_scenario_of_the_cards_ruleset_can_hold_it() -> None:
    assert can_hold(new_might_table(), "might") == ""
    assert can_hold(new_might_table(), "souls") == (
        "the open scenario is a might scenario, not a souls one"
    )
    assert can_hold(Session(), "souls") == (
        "No scenario is open: open a souls scenario, or make a new souls table (File > New), "
        "to put the card in a hand. Save to card file… keeps it now."
    )


def test_a_card_is_drawn_on_the_open_table_or_an_empty_one_of_its_ruleset() -> None:
    session = new_might_table()
    source, model = face_table(session, "might")
    assert source is session.source and model is type(session.scenario)
    source, model = face_table(session, "souls")  # another ruleset's: an empty table of it
    assert source.data["ruleset"] == "souls" and model.__name__ == "SoulsScenario"
    face = card_face(source, model, {"name": "Ember Knight", "kind": "soul", "hp": 20})
    assert face.title == "Ember Knight" and face.form == "strip"  # as it is in a hand
    face = card_face(*face_table(session, "might"), WARDEN)
    assert (face.title, face.owner, face.subtitle) == ("Cinder Warden", 0, "Unit")


def test_in_set_up_mode_a_card_goes_to_the_turn_players_hand_unless_placed() -> None:
    session = new_might_table()
    session.edit_setup(lambda draft: {**draft, "setup": {**draft["setup"], "turn_player": 1}})
    add_to_hand(session, WARDEN)
    assert session.draft is not None
    assert session.draft["setup"]["players"] == [
        {"name": "Alice"},
        {"name": "Bob", "hand": [{"card": "Cinder Warden"}]},
    ]
    add_to_hand(session, WARDEN, "Battlefield 1: Alice's side")
    assert session.table is not None and session.table.cards["cinder-warden-2"].owner == 0
    define_card(session, {**WARDEN, "might": 3})  # the design changed: its definition only
    assert session.draft["cards"] == [{**WARDEN, "might": 3}]
    session.undo()
    assert session.draft["cards"] == [WARDEN]


def test_a_set_up_edit_refused_is_said_in_the_set_up_editors_words() -> None:
    session = new_might_table()
    with pytest.raises(ValueError) as refused:
        add_to_hand(session, WARDEN, "Alice: gear")
    assert str(refused.value) == (
        "setup.players[0].gear[0].card: Cinder Warden is a unit, not gear: put it under `units` "
        "(rule P-66)"
    )
    assert session.draft is not None and "cards" not in session.draft


@pytest.mark.usefixtures("tally")
def test_a_set_up_without_a_hand_takes_a_card_only_at_a_place_chosen() -> None:
    """Tally, the example plug-in game, deals no hands."""
    session = Session()
    session.new_table("tally", ["Alice", "Bob"])
    with pytest.raises(ValueError, match="^this ruleset's set-up has no hand to put a card in$"):
        add_to_hand(session, {"name": "Apple"})


def test_while_playing_a_card_is_defined_and_put_in_the_turn_players_hand() -> None:
    session = Session()
    session.open(SCENARIOS / "might" / "P-41-chosen-targets.yaml")
    steps = len(session.steps)
    add_to_hand(session, WARDEN)
    assert session.table is not None
    assert session.table.cards["cinder-warden"].zone == "hand"
    assert session.table.cards["cinder-warden"].owner == 0
    assert len(session.steps) == steps and session.dirty  # the script played again on it
    define_card(session, {**WARDEN, "might": 5})
    assert session.source is not None
    assert {**WARDEN, "might": 5} in session.source.data["cards"]
    session.undo()
    session.undo()
    assert session.table is not None and "cinder-warden" not in session.table.cards


def test_a_card_redefined_so_that_the_action_left_waiting_waits_no_more_is_refused(
    tmp_path: Path,
) -> None:
    """The file's spell waits on the chain; made a unit it plays, and then nothing waits: the
    refusal names that action, and the file is left as it was."""
    path = tmp_path / "charm.yaml"
    path.write_text(LEFT_ON_THE_CHAIN, encoding="utf-8")
    session = Session()
    session.open(path)
    with pytest.raises(ScenarioError) as refused:
        define_card(session, {"name": "Cinder Charm", "kind": "unit", "might": 2})
    assert refused.value.where == "action 1 of the script (play cinder-charm), after step 1"
    assert refused.value.message.startswith("nothing waits after this action")
    assert session.source is not None and session.source.text == LEFT_ON_THE_CHAIN
    assert session.waiting is not None and not session.dirty and session.history == []
