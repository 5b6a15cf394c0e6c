"""``Frozen.model_construct``: the engine's own records made without validation are the models
validation makes (engine/frozen.py)."""

from __future__ import annotations

import pytest
from pydantic import Field

from engine.changes import StatChanged
from engine.frozen import Frozen
from engine.timeline import Cause


class Record(Frozen):
    name: str
    amount: int = 5
    tags: list[str] = Field(default_factory=list)
    notes: list[int] = [1]


def test_model_construct_equals_validation_with_every_default_filled() -> None:
    built = Record.model_construct(name="a")
    assert built == Record(name="a")
    assert (built.amount, built.tags, built.notes) == (5, [], [1])
    assert built.model_fields_set == {"name", "amount", "tags", "notes"}


def test_model_construct_makes_a_fresh_default_of_a_mutable_one() -> None:
    first, second = Record.model_construct(name="a"), Record.model_construct(name="b")
    assert first.tags is not second.tags
    assert first.notes is not second.notes and first.notes == second.notes


def test_model_construct_without_a_required_field_raises() -> None:
    with pytest.raises(TypeError, match="Record.model_construct: the required field 'name'"):
        Record.model_construct(amount=3)  # type: ignore[call-arg]


def test_model_construct_takes_fields_by_keyword_only() -> None:
    with pytest.raises(TypeError):
        Record.model_construct(None, "a")  # type: ignore[call-arg]


def test_a_model_without_fields_constructs() -> None:
    class Empty(Frozen):
        pass

    assert Empty.model_construct() == Empty()


def test_model_construct_takes_given_values_as_they_are() -> None:
    assert Record.model_construct(name="a", amount=7, tags=["x"]).tags == ["x"]
    assert Record.model_construct(name="a", amount=7).amount == 7


def test_the_records_of_a_step_made_either_way_are_equal() -> None:
    made = Cause.model_construct(kind="playtester", card="x", text="deal 5")
    assert made == Cause(kind="playtester", card="x", text="deal 5")
    assert made.model_dump() == {"kind": "playtester", "card": "x", "text": "deal 5"}
    change = StatChanged.model_construct(card="x", stat="damage", before=0, after=5)
    assert change == StatChanged(card="x", stat="damage", before=0, after=5)
