"""What the card designer does with a card: its face, and the open scenario edited to hold it.

No Qt and no rules: the engine says where a card goes (``engine.card_forms.card_in_hand``) and
whether the scenario it makes is valid (``Session.rewrite`` reads and replays it); the file's
text keeps its comments (``app.files.saving.with_keys``).
"""

from __future__ import annotations

from typing import Any

from app.files.saving import with_keys
from app.presentation.looks import CardLook
from app.presentation.session import Changed, Session
from app.presentation.views import view_of
from engine.card_forms import card_in_hand, card_text, defined
from engine.scenario import game_from_yaml
from engine.script import card_id
from engine.yaml_source import YamlSource


def can_hold(session: Session, ruleset: str) -> str:
    """Why the open scenario cannot take a card of ``ruleset`` ("": it can)."""
    if session.source is None or session.scenario is None:
        return "open a scenario first: the card goes into its cards and a hand"
    if session.setting_up:  # the set-up editor holds the set-up until Start here
        return "finish the set-up first (Start here): the card goes into the scenario's file"
    if session.scenario.ruleset != ruleset:
        return f"the open scenario is a {session.scenario.ruleset} scenario, not a {ruleset} one"
    return ""


def add_to_hand(session: Session, card: dict[str, Any]) -> Changed:
    """Define ``card`` in the open scenario's ``cards`` and put a copy of it in the turn
    player's hand, as one edit undo takes back. Raises ValueError (no hand), SaveError (the
    scenario it makes is not valid) or ScenarioError (its actions no longer play)."""
    assert session.source is not None and session.scenario is not None
    keys = card_in_hand(type(session.scenario), session.source.data, card)
    return session.rewrite(with_keys(session.source, keys))


def define_card(session: Session, card: dict[str, Any]) -> Changed:
    """Define ``card`` in the open scenario's ``cards`` (in place of the card of its name), as
    one edit undo takes back; raises as ``add_to_hand``."""
    assert session.source is not None
    return session.rewrite(with_keys(session.source, {"cards": defined(session.source.data, card)}))


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
