"""``Frozen.model_construct``: the engine's own records made without validation are the models
validation makes (engine/frozen.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import Field

from engine.changes import StatChanged
from engine.frozen import Frozen
from engine.timeline import Cause


def record_class() -> Any:
    """A model class made while the test runs: mutation testing switches a mutant on only
    then, and a class made at import has its ``model_construct`` compiled already."""

    class Record(Frozen):
        name: str
        amount: int = 5
        tags: list[str] = Field(default_factory=list)
        notes: list[int] = [1]

    return Record


def test_model_construct_equals_validation_with_every_default_filled() -> None:
    Record = record_class()
    built = Record.model_construct(name="a")
    assert built == Record(name="a")
    assert (built.amount, built.tags, built.notes) == (5, [], [1])
    assert built.model_fields_set == {"name", "amount", "tags", "notes"}


def test_model_construct_makes_a_fresh_default_of_a_mutable_one() -> None:
    Record = record_class()
    first, second = Record.model_construct(name="a"), Record.model_construct(name="b")
    assert first.tags is not second.tags
    assert first.notes is not second.notes and first.notes == second.notes


def test_model_construct_without_a_required_field_raises() -> None:
    Record = record_class()
    with pytest.raises(TypeError, match="Record.model_construct: the required field 'name'"):
        Record.model_construct(amount=3)


def test_model_construct_takes_fields_by_keyword_only() -> None:
    Record = record_class()
    with pytest.raises(TypeError):
        Record.model_construct(None, "a")


def test_a_model_without_fields_constructs() -> None:
    class Empty(Frozen):
        pass

    assert Empty.model_construct() == Empty()


def test_model_construct_takes_given_values_as_they_are() -> None:
    Record = record_class()
    assert Record.model_construct(name="a", amount=7, tags=["x"]).tags == ["x"]
    assert Record.model_construct(name="a", amount=7).amount == 7


def test_the_records_of_a_step_made_either_way_are_equal() -> None:
    made = Cause.model_construct(kind="playtester", card="x", text="deal 5")
    assert made == Cause(kind="playtester", card="x", text="deal 5")
    assert made.model_dump() == {"kind": "playtester", "card": "x", "text": "deal 5"}
    change = StatChanged.model_construct(card="x", stat="damage", before=0, after=5)
    assert change == StatChanged(card="x", stat="damage", before=0, after=5)
