"""What the card designer does with a card: its face, and the open scenario edited to hold it.

No Qt and no rules: the engine says where a card goes (``engine.card_forms.card_in_hand``; in
set-up mode ``engine.setup_edits.design_card``) and whether the scenario it makes is valid
(``Session.rewrite`` reads and replays it; ``Session.edit_setup`` checks the set-up); the
file's text keeps its comments (``app.files.saving.with_keys``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.files.saving import with_keys
from app.presentation.looks import CardLook
from app.presentation.session import Changed, Session
from app.presentation.views import view_of
from engine.card_forms import card_in_hand, card_text, defined
from engine.errors import ScenarioError
from engine.frozen import Frozen
from engine.scenario import Scenario, game_from_yaml
from engine.script import card_id
from engine.setup_edits import Draft, checked, design_card, new_draft, refusal_text, turn_hand
from engine.setup_edits import define_card as define_in_setup
from engine.yaml_source import YamlSource


def can_hold(session: Session, ruleset: str) -> str:
    """Why the open scenario cannot take a card of ``ruleset`` ("": it can), saying what to do."""
    if session.source is None or session.scenario is None:
        return (
            f"No scenario is open: open a {ruleset} scenario, or make a new {ruleset} table "
            "(File > New), to put the card in a hand. Save to card file… keeps it now."
        )
    if session.scenario.ruleset != ruleset:
        return f"the open scenario is a {session.scenario.ruleset} scenario, not a {ruleset} one"
    return ""


def add_to_hand(session: Session, card: dict[str, Any], place: str = "") -> Changed:
    """Define ``card`` in the open scenario's ``cards`` and put a copy of it in the turn
    player's hand, as one edit undo takes back; in set-up mode, a set-up edit that puts it at
    ``place`` (by default the turn player's hand). Raises ValueError (no hand, a set-up edit
    refused), SaveError (the scenario it makes is not valid) or ScenarioError (its actions no
    longer play)."""
    if session.setting_up:
        return _setup_edit(session, lambda draft: design_card(draft, card, place or _hand(draft)))
    # open, and its model is (ScenarioFields)
    assert session.source is not None and isinstance(session.scenario, Frozen)
    keys = card_in_hand(type(session.scenario), session.source.data, card)
    return session.rewrite(with_keys(session.source, keys))


def define_card(session: Session, card: dict[str, Any]) -> Changed:
    """Define ``card`` in the open scenario's ``cards`` (in place of the card of its name), as
    one edit undo takes back (in set-up mode, a set-up edit); raises as ``add_to_hand``."""
    if session.setting_up:
        return _setup_edit(session, lambda draft: define_in_setup(draft, card))
    assert session.source is not None
    return session.rewrite(with_keys(session.source, {"cards": defined(session.source.data, card)}))


def _hand(draft: Draft) -> str:
    hand = turn_hand(draft)
    if hand is None:
        raise ValueError("this ruleset's set-up has no hand to put a card in")
    return hand


def _setup_edit(session: Session, edit: Callable[[Draft], Draft]) -> Changed:
    """A set-up edit; a refusal is a ValueError in the set-up editor's words."""
    try:
        return session.edit_setup(edit)
    except ScenarioError as error:
        raise ValueError(refusal_text(error)) from None


def face_table(session: Session, ruleset: str) -> tuple[YamlSource, type[Scenario]]:
    """The scenario the designer draws a card of ``ruleset`` on, as read (its source) and its
    model: the open one when it can hold the card, else an empty table of ``ruleset``. Raises
    ScenarioError when the set-up editor cannot build one."""
    if not can_hold(session, ruleset):
        assert session.source is not None and session.scenario is not None
        return session.source, type(session.scenario)
    scenario, source = checked(new_draft(ruleset, ["Alice", "Bob"]))
    return source, type(scenario)


def card_face(source: YamlSource, scenario: type, card: dict[str, Any]) -> CardLook:
    """The look ``card`` has in the hand ``add_to_hand`` puts it in, on the set-up of the
    scenario read as ``source`` (of model ``scenario``); raises ValueError or ScenarioError
    when the card cannot be put there."""
    keys = card_in_hand(scenario, source.data, card)
    game = game_from_yaml(card_text(source.data | keys), name=str(source.path))
    setup = keys["setup"]
    entry = setup["players"][setup.get("turn_player", 0)]["hand"][-1]
    uid = entry.get("id") or card_id(entry["card"])
    table = game.table
    return view_of(table).look(table, table.cards[uid])
