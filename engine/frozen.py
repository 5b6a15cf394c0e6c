"""The immutable base model every snapshot and record is built from.

Snapshots are made on every step, so their size and cost matter (docs/performance.md): an
update copies no bookkeeping, and every model of a class with the same fields set shares one set
of their names. Validation and ``model_construct`` set the instance's attributes one by one, so that
CPython stores them in a key-sharing dict (about half the size of the dict validation builds);
``evolve`` copies that dict, which keeps it one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from pydantic import BaseModel, ConfigDict
from pydantic_core import core_schema

_set = object.__setattr__  # frozen models refuse plain attribute assignment
# BaseModel's slots, each set by its own descriptor: a call cheaper than ``_set``'s, which looks
# the name up and unpacks its arguments again (several of each on every step).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__
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
_PYDANTIC_INIT_SUBCLASS = BaseModel.__dict__["__pydantic_init_subclass__"].__func__


def _give_getattr_back(cls: type[BaseModel]) -> None:
    """Give ``cls`` pydantic's ``__getattr__`` when it has private attributes or extra fields,
    which it reads."""
    needs = cls.__private_attributes__ or cls.model_config.get("extra") == "allow"
    if needs and "__getattr__" not in cls.__dict__:
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
        values = self.__dict__.copy()  # a key-sharing dict stays one: copied in C, as small
        values.update(changes)
        new = _new(self.__class__)  # a model has no __new__ of its own: skip looking it up
        _set_dict(new, values)
        _set_fields_set(new, fields_set)
        _set_extra(new, None)
        _set_private(new, self.__pydantic_private__)
        return new

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
        cls.model_construct = _compiled_construct(cls)  # type: ignore[method-assign]
        origin = cls.__pydantic_generic_metadata__["origin"]
        if origin is not None and cls.__doc__ is None:  # Branch[Action, Expectation] has none
            cls.__doc__ = origin.__doc__  # the schema's description of the model


def _compiled_construct(cls: type[Frozen]) -> Any:
    """``cls.model_construct`` as Python source made for its fields, as ``dataclasses`` makes an
    ``__init__`` (a loop over the fields cost twice as much): a keyword parameter per field, set
    in field order so that the instances share their dict's keys; an immutable default is the
    parameter's default, a mutable or factory one is made afresh as pydantic makes it. Field
    names never start with "_" (pydantic refuses them), so the helpers' names cannot clash."""
    namespace: dict[str, Any] = {
        "_new_": cls.__new__,
        "_set_": _set,
        "_set_fields_set_": _set_fields_set,
        "_set_extra_": _set_extra,
        "_set_private_": _set_private,
        "_fields_set_": _shared(frozenset(cls.model_fields)),
        "_MISSING_": _MISSING,
    }
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
        body.append(f"    _set_(_new, {name!r}, {name})")
    keyword_only = ["*", *parameters] if parameters else []
    source = "\n".join(
        [
            f"def model_construct({', '.join(['_cls', '_fields_set=None', *keyword_only])}):",
            "    _new = _new_(_cls)",
            *body,
            "    _set_fields_set_(_new, _fields_set_)",
            "    _set_extra_(_new, None)",
            "    _set_private_(_new, None)",
            "    return _new",
        ]
    )
    exec(source, namespace)  # noqa: S102  # our own source, from the class's field names
    return classmethod(namespace["model_construct"])


def _missing(cls: type[Frozen], name: str) -> Callable[[], None]:
    def missing() -> None:
        raise TypeError(f"{cls.__name__}.model_construct: the required field {name!r} is missing")

    return missing


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
