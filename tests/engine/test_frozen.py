"""``Frozen``: the engine's own records made without validation (``model_construct``) and the
copies ``evolve`` makes are the models validation makes, with their values inline; a model made
is never changed in place (engine/frozen.py)."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import Field, PrivateAttr, ValidationError

from engine.changes import StatChanged
from engine.frozen import Frozen, refusing_changes
from engine.timeline import Cause

ROOT = Path(__file__).resolve().parents[2]


def printed_apart(program: str) -> str:
    """What ``program`` prints, run in a process of its own, outside the test suite."""
    return subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout


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


def holds_a_dict(model: Frozen) -> bool:
    """Whether ``model`` holds a dict object of its own rather than its values inline: the
    collector sees the dict among what it refers to (the fields here hold no dict)."""
    return any(type(held) is dict for held in gc.get_referents(model))


def test_a_model_made_or_evolved_keeps_its_values_inline() -> None:
    """``model_construct`` and ``evolve`` leave no dict object: CPython reads such a model's
    fields four times as fast, and every snapshot of a timeline is a copy (docs/performance.md).
    Validation leaves one, which a copy does not keep."""

    class Card(Frozen):
        name: str
        damage: int = 0

    made = Card.model_construct(name="a")
    validated = Card(name="a")
    assert not holds_a_dict(made)
    assert not holds_a_dict(made.evolve(damage=5))
    assert holds_a_dict(validated) and not holds_a_dict(validated.evolve(damage=5))
    assert made.evolve(damage=5) == Card(name="a", damage=5) == validated.evolve(damage=5)


def test_every_way_of_making_a_model_shares_its_keys() -> None:
    """Validation, ``model_construct`` and ``evolve`` set the fields in their order, so that a
    model's dict, when one is made (pydantic reads it to dump or compare), shares its keys: it
    holds only the values."""
    Record = record_class()
    one_by_one = Record.__new__(Record)
    for name, value in {"name": "a", "amount": 5, "tags": [], "notes": [1]}.items():
        object.__setattr__(one_by_one, name, value)
    made = [
        Record(name="a"),
        Record.model_construct(name="a"),
        Record.model_construct(name="a").evolve(amount=6),
    ]
    assert {sys.getsizeof(record.__dict__) for record in made} == {
        sys.getsizeof(one_by_one.__dict__)
    }
    assert [list(record.__dict__) for record in made] == [["name", "amount", "tags", "notes"]] * 3


def test_a_model_refuses_a_change_in_place_while_refusing_changes() -> None:
    """The test suite runs every test so (tests/conftest.py): a snapshot is never changed."""
    Record = record_class()
    record = Record.model_construct(name="a")
    with refusing_changes():
        with pytest.raises(TypeError, match="Record is immutable: its 'amount' cannot be set"):
            record.amount = 6
        with pytest.raises(TypeError, match="Record is immutable: its 'name' cannot be set or"):
            del record.name
        with pytest.raises(TypeError, match="its '__pydantic_fields_set__' cannot be set"):
            record.__pydantic_fields_set__ = set()
        assert record.evolve(amount=6).amount == 6
        assert Record.model_construct(name="b").name == Record(name="b").name == "b"
    assert (record.amount, record.name) == (5, "a")


def test_the_refusal_says_what_to_do_instead() -> None:
    record = record_class().model_construct(name="a")
    with pytest.raises(TypeError) as refused:
        record.name = "b"
    assert str(refused.value) == (
        "Record is immutable: its 'name' cannot be set or deleted (evolve makes a changed copy)"
    )


def test_a_model_not_yet_made_takes_a_set_and_a_delete_while_refusing_changes() -> None:
    """Only a made model refuses: one being made (its fields set not yet set) takes both."""
    Record = record_class()
    being_made = Record.__new__(Record)
    being_made.name = "a"
    del being_made.name
    assert not hasattr(being_made, "name")


def test_a_plain_model_is_made_and_copied_by_plain_stores() -> None:
    """What makes ``model_construct`` and ``evolve`` cheap: their compiled code stores each field
    in place, which CPython specializes, not through ``object.__setattr__`` (``_set_``), which
    a model with private attributes still takes."""

    class Counted(Frozen):
        name: str
        _seen: int = PrivateAttr(default=3)

    Record = record_class()
    for made in (Record.model_construct.__func__, Record._evolved):  # type: ignore[attr-defined]
        assert "_set_" not in made.__code__.co_names
    assert Record._evolved.__globals__["_setattr_"] is setattr  # type: ignore[attr-defined]
    for made in (Counted.model_construct.__func__, Counted._evolved):  # type: ignore[attr-defined]
        assert "_set_" in made.__code__.co_names
    assert Counted._evolved.__globals__["_setattr_"] is object.__setattr__  # type: ignore[attr-defined]


def test_refusing_changes_nested_keeps_refusing_until_the_outer_one_ends() -> None:
    record = record_class().model_construct(name="a")
    with refusing_changes():
        with refusing_changes():
            pass
        with pytest.raises(TypeError):
            record.amount = 6


def test_outside_the_test_suite_the_models_take_a_plain_store() -> None:
    """The app and the CLI run without ``refusing_changes``: a model's stores are the ones
    CPython specializes (``object.__setattr__``), in a process of their own."""
    printed = printed_apart(
        "from engine.timeline import Cause, Step\n"
        "print(Step.__setattr__ is object.__setattr__, Cause.__delattr__ is object.__delattr__)"
    )
    assert printed.split() == ["True", "True"]


def test_refusing_changes_is_on_in_every_test() -> None:
    with pytest.raises(TypeError, match="immutable"):
        Cause(kind="rule").text = "changed"  # type: ignore[misc]


def test_a_model_with_private_attributes_keeps_pydantics_setattr() -> None:
    """A private attribute set lives in ``__pydantic_private__``, where pydantic reads it, and
    the model stays frozen with or without ``refusing_changes``."""

    class Counted(Frozen):
        name: str
        _seen: int = PrivateAttr(default=3)

    counted = Counted.model_construct(name="a")
    counted._seen = 4
    assert counted.__pydantic_private__ == {"_seen": 4}
    assert counted.evolve(name="b")._seen == 4
    with pytest.raises(ValidationError, match="frozen"):
        counted.name = "b"


def test_evolve_adds_the_changed_fields_to_the_fields_set() -> None:
    Record = record_class()
    record = Record(name="a")
    assert record.model_fields_set == {"name"}
    assert record.evolve(amount=6).model_fields_set == {"name", "amount"}
    assert record.evolve(name="b").model_fields_set == {"name"}


def test_models_with_the_same_fields_set_share_one_set_of_their_names() -> None:
    Record = record_class()
    first, second = Record(name="a"), Record(name="b")
    assert first.__pydantic_fields_set__ is second.__pydantic_fields_set__
    assert (
        first.evolve(amount=1).__pydantic_fields_set__
        is Record(name="c", amount=2).__pydantic_fields_set__
    )


def test_evolve_keeps_the_private_attributes() -> None:
    class Counted(Frozen):
        name: str
        _seen: int = PrivateAttr(default=3)

    assert Counted(name="a").evolve(name="b")._seen == 3


def test_the_models_read_their_fields_without_pydantics_getattr() -> None:
    """A step reads fields without the hook CPython calls for a class with ``__getattr__``."""
    Record = record_class()
    assert not any("__getattr__" in vars(cls) for cls in Record.__mro__)


def test_any_other_model_still_reads_its_private_attributes_and_extras() -> None:
    """The engine takes pydantic's ``__getattr__`` off its base model, not from the models of a
    plug-in or a library that need it: made after the engine, or before it (a new process)."""
    from pydantic import BaseModel, ConfigDict

    class Private(BaseModel):
        _seen: int = PrivateAttr(default=3)

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")

    class Subclass(Private):
        pass

    assert Private()._seen == 3 and Subclass()._seen == 3
    assert Extra(colour="red").colour == "red"  # type: ignore[attr-defined]
    before = printed_apart(
        "from pydantic import BaseModel, PrivateAttr\n"
        "class Before(BaseModel):\n    _seen: int = PrivateAttr(default=4)\n"
        "import engine.frozen\nprint(Before()._seen)\n"
    )
    assert before.strip() == "4"
