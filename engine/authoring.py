"""Expectations made from a table as it stands: what the app's "Expect this" adds to a file.

An expectation of a card holds the facts ``check`` compares for it (``Ruleset.card_facts``, those
the ruleset's ``cards`` entries name) that the script changed since the set-up, and where the
card is (``zone``); an expectation of the table holds its turn and what else the ruleset's
``expect`` says of a table (``Ruleset.table_expectation``) that changed since the set-up. What
the script changed is what a test of it pins, and a fact the set-up held already reads as noise
in a file a person would write. Each is written as the file writes it: the keys in the model's
order (the reference's), its defaults left out (``at: end``), so the saved entry reads as typed.
Every fact is read off the table the expectation is about, so the entry passes ``check`` there.
"""

from __future__ import annotations

from typing import Any, get_args

from engine.frozen import Frozen
from engine.ruleset import ruleset_of
from engine.script import ExpectationBase
from engine.table_shape import TableShape

ALWAYS = ("zone", "turn")  # written even when unchanged: where the card is, which turn it is


def expectation_model(scenario: type[Frozen]) -> type[ExpectationBase]:
    """The model of one ``expect:`` entry of the scenario model ``scenario``."""
    model: type[ExpectationBase] = get_args(scenario.model_fields["expect"].annotation)[0]
    return model


def card_fields(expectation: type[ExpectationBase]) -> list[str]:
    """The facts an entry of ``expectation``'s ``cards`` may name (none: it names no card)."""
    cards = expectation.model_fields.get("cards")
    if cards is None:
        return []
    card: type[Frozen] = get_args(cards.annotation)[1]
    return list(card.model_fields)


def card_expectation(
    scenario: type[Frozen], first: TableShape, table: TableShape, uid: str, at: str
) -> dict[str, Any]:
    """The ``expect:`` entry at label ``at`` saying what card ``uid`` is on ``table``
    (``first``: the set-up table); ValueError when the ruleset's expectations name no cards."""
    model = expectation_model(scenario)
    fields = card_fields(model)
    if not fields:
        raise ValueError("this ruleset's expectations say nothing of a card")
    rules = ruleset_of(table)
    now = rules.card_facts(table, uid)
    before = rules.card_facts(first, uid) if uid in first.cards else {}
    facts = _changed({k: now[k] for k in fields if k in now}, before)
    return _written(model, {"at": at, "cards": {uid: facts}})


def table_expectation(
    scenario: type[Frozen], first: TableShape, table: TableShape, at: str
) -> dict[str, Any]:
    """The ``expect:`` entry at label ``at`` saying what ``table`` is as a whole (``first``: the
    set-up table)."""
    rules = ruleset_of(table)
    facts = _changed(rules.table_expectation(table), rules.table_expectation(first))
    return _written(expectation_model(scenario), {"at": at, **facts})


def _changed(now: dict[str, object], before: dict[str, object]) -> dict[str, object]:
    """The facts of ``now`` that are set and differ from ``before``, and those always written."""
    return {
        key: value
        for key, value in now.items()
        if value is not None and (key in ALWAYS or before.get(key) != value)
    }


def _written(model: type[ExpectationBase], data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as a file writes it: validated, in the model's key order, defaults left out."""
    entry: dict[str, Any] = model.model_validate(data).model_dump(
        mode="json", exclude_defaults=True, exclude_none=True
    )
    return entry
