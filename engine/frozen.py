"""The immutable base model every snapshot and record is built from.

Snapshots are made on every step, so their size and cost matter (docs/performance.md): an
update copies no bookkeeping, and every model of a class with the same fields set shares one set
of their names.

A model made by ``model_construct`` or ``evolve`` keeps its fields' values inline, with no dict
object of its own: CPython 3.11 reads such an instance's attributes four times as fast as one
holding a key-sharing dict, and a copy is 64 bytes smaller. Storing them inline takes a store
CPython specializes, which it does only for a class whose ``__setattr__`` is ``object``'s: so
the models have ``object``'s, not pydantic's, which refuses to set a field of a frozen model.
Nothing of the engine or the app sets a field (mypy, with pydantic's plugin, refuses it), and
the test suite runs with ``refusing_changes`` on, which refuses it at run time
(docs/performance.md, "Models keep their values inline").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Self

from pydantic import BaseModel, ConfigDict
from pydantic_core import core_schema

_set = object.__setattr__  # past pydantic's __setattr__, which refuses it on a frozen model
_new = object.__new__
_made_fields = BaseModel.__dict__["__pydantic_fields_set__"].__get__  # unset: AttributeError
_setattr = setattr
_FIELD_SETS: dict[frozenset[str], set[str]] = {}
_IMMUTABLE = (type(None), bool, int, float, str, tuple, frozenset)
_MISSING = object()  # a field left out of model_construct

# pydantic's ``BaseModel.__getattr__`` serves only private attributes and extra fields, which
# the records and snapshots have none of. While a class has a ``__getattr__``, CPython reads
# every attribute of its instances through a slow hook that it never specializes: each
# ``card.damage`` of each step looked the hook up first. So the models go without it, a step
# running some 9% fewer instructions (docs/performance.md, issue 40), and every model of the
# process that has private attributes or extras gets it back, made before or after this (a
# plug-in's, a library's): ``_give_getattr_back``.
_PYDANTIC_GETATTR = BaseModel.__dict__.get("__getattr__")
_PYDANTIC_SETATTR = BaseModel.__setattr__
_PYDANTIC_DELATTR = BaseModel.__delattr__
_PYDANTIC_INIT_SUBCLASS = BaseModel.__dict__["__pydantic_init_subclass__"].__func__


def _reads_hidden(cls: type[BaseModel]) -> bool:
    """Whether ``cls`` has private attributes or extra fields, which pydantic's ``__getattr__``
    reads and its ``__setattr__`` keeps apart from the fields."""
    return bool(cls.__private_attributes__) or cls.model_config.get("extra") == "allow"


def _give_getattr_back(cls: type[BaseModel]) -> None:
    """Give ``cls`` pydantic's ``__getattr__`` when it has private attributes or extra fields,
    which it reads."""
    if _reads_hidden(cls) and "__getattr__" not in cls.__dict__:
        cls.__getattr__ = _PYDANTIC_GETATTR  # type: ignore[attr-defined]


def _init_subclass(cls: type[BaseModel], /, **kwargs: Any) -> None:
    _give_getattr_back(cls)
    _PYDANTIC_INIT_SUBCLASS(cls, **kwargs)


if _PYDANTIC_GETATTR is not None:
    delattr(BaseModel, "__getattr__")
    made = list(BaseModel.__subclasses__())
    while made:  # the models made before the engine
        model = made.pop()
        _give_getattr_back(model)
        made += model.__subclasses__()
    BaseModel.__pydantic_init_subclass__ = classmethod(_init_subclass)  # type: ignore[assignment,method-assign]  # and those made after


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

    # A docstring under a field is its description (engine/descriptions.py reads it for
    # ``cardtable schema`` and the reference in docs/scenarios.md).
    model_config = ConfigDict(frozen=True, extra="forbid")
    # object's, so that a model's own stores are specialized (the module's docstring). Both:
    # they share one slot, ``tp_setattro``, which CPython leaves generic only when both are
    # object's.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def model_post_init(self, context: Any, /) -> None:
        # Validation leaves a plain dict; the same values in a key-sharing dict take less room.
        twin = self.model_construct(**self.__dict__)
        _set(self, "__dict__", twin.__dict__)
        _set(self, "__pydantic_fields_set__", _shared(self.__pydantic_fields_set__))

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
        if not fields_set.issuperset(changes):  # a call in C: no keys view made and compared
            fields_set = _shared(fields_set | changes.keys())
        return self._evolved(changes, fields_set)

    def _evolved(self, changes: dict[str, object], fields_set: set[str]) -> Self:
        """A copy with ``changes`` and the fields set ``fields_set``, its values inline (the
        module's docstring): compiled for each model class (``_compiled_evolved``)."""
        raise NotImplementedError  # Frozen itself has no fields: only its subclasses are made

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Give the model its own ``model_construct``: a model from values the engine made
        itself, not validated, as pydantic's but without its copies (a record is made on every
        step), compiled from the model's fields (``_compiled_construct``). Its call sites are
        type-checked all the same: the pydantic mypy plugin types its arguments.

        >>> class Card(Frozen):
        ...     name: str
        ...     damage: int = 0
        >>> Card.model_construct(name="Sylva") == Card(name="Sylva")
        True
        """
        super().__pydantic_init_subclass__(**kwargs)  # pydantic's __getattr__ back if need be
        if _reads_hidden(cls):  # pydantic's __setattr__ keeps them in __pydantic_private__
            cls.__setattr__ = _PYDANTIC_SETATTR  # type: ignore[method-assign,assignment]
            cls.__delattr__ = _PYDANTIC_DELATTR  # type: ignore[method-assign,assignment]
        cls.model_construct = _compiled_construct(cls)  # type: ignore[method-assign]
        cls._evolved = _compiled_evolved(cls)  # type: ignore[method-assign]
        origin = cls.__pydantic_generic_metadata__["origin"]
        if origin is not None and cls.__doc__ is None:  # Branch[Action, Expectation] has none
            cls.__doc__ = origin.__doc__  # the schema's description of the model


def _compiled_construct(cls: type[Frozen]) -> Any:
    """``cls.model_construct`` as Python source made for its fields, as ``dataclasses`` makes an
    ``__init__`` (a loop over the fields cost twice as much): a keyword parameter per field, set
    in field order so that the instances share their keys; an immutable default is the
    parameter's default, a mutable or factory one is made afresh as pydantic makes it. Field
    names never start with "_" (pydantic refuses them), so the helpers' names cannot clash."""
    namespace = _helpers(cls)
    namespace["_fields_set_"] = _shared(frozenset(cls.model_fields))
    parameters, body = [], []
    for name, field in cls.model_fields.items():
        default = field.default
        if isinstance(default, _IMMUTABLE):  # not PydanticUndefined: neither required nor a factory
            namespace[f"_default_{name}"] = default
            parameters.append(f"{name}=_default_{name}")
        else:
            parameters.append(f"{name}=_MISSING_")
            if field.is_required():
                namespace[f"_missing_{name}"] = _missing(cls, name)
                body.append(f"    if {name} is _MISSING_: _missing_{name}()")
            else:
                namespace[f"_field_{name}"] = field
                body.append(
                    f"    if {name} is _MISSING_:"
                    f" {name} = _field_{name}.get_default(call_default_factory=True)"
                )
        body.append(_store(cls, name, name))
    keyword_only = ["*", *parameters] if parameters else []
    return classmethod(
        _compiled(
            namespace,
            f"model_construct({', '.join(['_cls', '_fields_set=None', *keyword_only])})",
            [
                "    new = _new_(_cls)",
                *body,
                _store(cls, "__pydantic_extra__", "None"),
                _store(cls, "__pydantic_private__", "None"),
                _store(cls, "__pydantic_fields_set__", "_fields_set_"),
                "    return new",
            ],
        )
    )


def _compiled_evolved(cls: type[Frozen]) -> Any:
    """``evolve``'s copy of a model of ``cls``, as Python source made for its fields: each field
    read from the model and stored in the copy, then the changes, then the fields set, which
    marks the copy as made (``_made``)."""
    return _compiled(
        _helpers(cls),
        "_evolved(self, changes, fields_set)",
        [
            "    new = _new_(self.__class__)",
            *(_store(cls, name, f"self.{name}") for name in cls.model_fields),
            _store(cls, "__pydantic_extra__", "None"),
            _store(cls, "__pydantic_private__", "self.__pydantic_private__"),
            "    for name, value in changes.items():",
            "        _setattr_(new, name, value)",
            _store(cls, "__pydantic_fields_set__", "fields_set"),
            "    return new",
        ],
    )


def _helpers(cls: type[Frozen]) -> dict[str, Any]:
    """What the compiled functions of ``cls`` call."""
    return {
        "_new_": _new,
        "_set_": _set,
        "_setattr_": _setattr if _plain_stores(cls) else _set,
        "_MISSING_": _MISSING,
    }


def _store(cls: type[Frozen], name: str, value: str) -> str:
    """The line of compiled source that sets the attribute ``name`` of ``new`` to ``value``: a
    plain store where the class takes one (``_plain_stores``), which CPython specializes, else
    (pydantic's ``__setattr__``, which refuses it) through ``object.__setattr__``."""
    if _plain_stores(cls):
        return f"    new.{name} = {value}"
    return f"    _set_(new, {name!r}, {value})"


def _plain_stores(cls: type[Frozen]) -> bool:
    """Whether ``cls`` takes a plain store: ``object``'s ``__setattr__``, or the one that
    refuses to change a model made (``refusing_changes``), not pydantic's."""
    setattr_of: object = cls.__setattr__  # read from the class: a function, not a method
    return setattr_of in (object.__setattr__, _refuse_setattr)


def _compiled(namespace: dict[str, Any], signature: str, body: list[str]) -> Any:
    """The function ``def signature:`` with ``body``, run in ``namespace``."""
    source = "\n".join([f"def {signature}:", *body])
    exec(source, namespace)  # noqa: S102  # our own source, from the class's field names
    return namespace[signature.partition("(")[0]]


def _missing(cls: type[Frozen], name: str) -> Callable[[], None]:
    def missing() -> None:
        raise TypeError(f"{cls.__name__}.model_construct: the required field {name!r} is missing")

    return missing


def _made(model: BaseModel) -> bool:
    """Whether ``model`` is made: ``model_construct``, ``evolve`` and validation set its fields
    set last."""
    try:
        _made_fields(model)
    except AttributeError:
        return False
    return True


class ChangedInPlace(TypeError):
    """A model that is made was set or deleted inside ``refusing_changes``."""


def _refuse_setattr(model: BaseModel, name: str, value: object) -> None:
    if _made(model):
        raise ChangedInPlace(_refusal(model, name))
    _set(model, name, value)


def _refuse_delattr(model: BaseModel, name: str) -> None:
    if _made(model):
        raise ChangedInPlace(_refusal(model, name))
    object.__delattr__(model, name)


def _refusal(model: BaseModel, name: str) -> str:
    return (
        f"{type(model).__name__} is immutable: its {name!r} cannot be set or deleted"
        " (evolve makes a changed copy)"
    )


@contextmanager
def refusing_changes() -> Iterator[None]:
    """Within it, setting or deleting an attribute of a model that is made raises a TypeError
    (``ChangedInPlace``), as pydantic's frozen models do: the test suite and ``cardtable fuzz``
    run in it, so that nothing that changes a snapshot in place goes unseen. Outside it, the
    models have ``object``'s ``__setattr__``, which CPython specializes (the module's
    docstring).

    >>> class Card(Frozen):
    ...     damage: int = 0
    >>> card = Card()
    >>> with refusing_changes():  # doctest: +ELLIPSIS
    ...     card.damage = 5
    Traceback (most recent call last):
    engine.frozen.ChangedInPlace: Card is immutable: its 'damage' cannot be set or deleted (...)
    >>> with refusing_changes():
    ...     card.evolve(damage=5).damage
    5
    """
    was = Frozen.__dict__["__setattr__"], Frozen.__dict__["__delattr__"]  # on already, nested
    Frozen.__setattr__ = _refuse_setattr  # type: ignore[assignment,method-assign]
    Frozen.__delattr__ = _refuse_delattr  # type: ignore[assignment,method-assign]
    try:
        yield
    finally:
        Frozen.__setattr__, Frozen.__delattr__ = was  # type: ignore[method-assign]


def persistent_schema(
    cls: type, written: core_schema.CoreSchema, plain: Callable[[Any], Any]
) -> core_schema.CoreSchema:
    """The schema of a persistent container ``cls`` (``CardMap``, ``Stack``) written as the
    dict or list ``written``: validated from that (one of ``cls`` is taken as it is), dumped as
    ``plain(container)``."""
    made = core_schema.no_info_after_validator_function(cls, written)
    return core_schema.json_or_python_schema(
        json_schema=made,
        python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), made]),
        serialization=core_schema.plain_serializer_function_ser_schema(
            plain, return_schema=written
        ),
    )
