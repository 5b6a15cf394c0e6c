"""The immutable base model every snapshot and record is built from.

Snapshots are made on every step, so their size and cost matter (docs/performance.md): an
update copies no bookkeeping, and every model of a class with the same fields set shares one set
of their names. Validation and ``trusted`` set the instance's attributes one by one, so that
CPython stores them in a key-sharing dict (about half the size of the dict validation builds);
``evolve`` copies that dict, which keeps it one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict
from pydantic.fields import FieldInfo

_set = object.__setattr__  # frozen models refuse plain attribute assignment
_FIELD_SETS: dict[frozenset[str], set[str]] = {}
_IMMUTABLE = (type(None), bool, int, float, str, tuple, frozenset)


def _shared(names: set[str] | frozenset[str]) -> set[str]:
    """One set object for every model with these fields set: pydantic copies a model's set
    before it changes one, and a frozen model never changes its own."""
    key = frozenset(names)
    found = _FIELD_SETS.get(key)
    if found is None:
        found = _FIELD_SETS[key] = set(key)
    return found


class Frozen(BaseModel):
    """A frozen pydantic model: updates go through ``evolve`` and share everything unchanged."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    # model_construct's plan: each field's name and how to fill it when left out; every field set
    _construct_plan: ClassVar[tuple[tuple[tuple[str, Callable[[], object]], ...], set[str]]]

    def model_post_init(self, context: Any, /) -> None:
        # Validation leaves a plain dict; the same values in a key-sharing dict take less room.
        twin = self._built(self.__dict__, _shared(self.__pydantic_fields_set__), None)
        _set(self, "__dict__", twin.__dict__)
        _set(self, "__pydantic_fields_set__", twin.__pydantic_fields_set__)

    def evolve(self, **changes: object) -> Self:
        """Return a copy with ``changes`` applied; every other field is shared, not copied.

        ``model_copy(update=...)`` without its copies of the bookkeeping: an update of a
        snapshot is the engine's hottest path. Like ``model_copy``, the values are taken as they
        are, not validated: callers pass the fields' own types.

        >>> class Card(Frozen):
        ...     name: str
        ...     damage: int = 0
        >>> card = Card(name="Sylva")
        >>> card.evolve(damage=5), card
        (Card(name='Sylva', damage=5), Card(name='Sylva', damage=0))
        """
        fields_set = self.__pydantic_fields_set__
        if not changes.keys() <= fields_set:
            fields_set = _shared(fields_set | changes.keys())
        values = self.__dict__.copy()  # a key-sharing dict stays one: copied in C, as small
        values.update(changes)
        new = self.__class__.__new__(self.__class__)
        _set(new, "__dict__", values)
        _set(new, "__pydantic_fields_set__", fields_set)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", self.__pydantic_private__)
        return new

    @classmethod
    def model_construct(  # type: ignore[override]  # the mypy plugin types each model's
        cls, _fields_set: set[str] | None = None, **values: Any
    ) -> Self:
        """A model from values the engine made itself, not validated: pydantic's
        ``model_construct`` without its copies (a record is made on every step). Its call
        sites are type-checked all the same (the pydantic mypy plugin types its arguments).

        >>> class Card(Frozen):
        ...     name: str
        ...     damage: int = 0
        >>> Card.model_construct(name="Sylva") == Card(name="Sylva")
        True
        """
        fields, fields_set = cls._construct_plan
        new = cls.__new__(cls)
        for name, default in fields:  # in field order: the instances share their dict's keys
            _set(new, name, values[name] if name in values else default())
        _set(new, "__pydantic_fields_set__", fields_set)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls._construct_plan = (
            tuple((name, _default_of(field)) for name, field in cls.model_fields.items()),
            _shared(frozenset(cls.model_fields)),
        )

    @classmethod
    def _built(
        cls, values: dict[str, object], fields_set: set[str], private: dict[str, Any] | None
    ) -> Self:
        new = cls.__new__(cls)
        for name, value in values.items():
            _set(new, name, value)
        _set(new, "__pydantic_fields_set__", fields_set)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", private)
        return new


def _default_of(field: FieldInfo) -> Callable[[], object]:
    """How ``model_construct`` fills a field left out: an immutable default as it is, anything
    else as pydantic would make it (a required field left out raises)."""
    if field.is_required():

        def missing() -> object:
            raise TypeError(f"model_construct: a required field is missing ({field})")

        return missing
    default = field.default
    if field.default_factory is None and isinstance(default, _IMMUTABLE):
        return lambda: default
    return lambda: field.get_default(call_default_factory=True)
