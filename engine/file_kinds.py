"""What a model takes at each place of a file, read from its types: where pydantic's location of
a problem is in the file, and what is valid there, said in the file's words.

pydantic's location names the members of a union and the validators around them
(``damage``, ``number``, ``[one]``, ``function-after[checked(), str]``, ``TargetSpec``); the
file has none of them. Walking the model's types along the location tells a key of the file
from the name of a member, so every model, one added later too, is placed and described alike.

>>> from engine.frozen import Frozen
>>> class Spell(Frozen):
...     amount: Annotated[int, Field(ge=0)] | Literal["x_rank"] = 0
...     target: Literal["self", "target"] = "target"
>>> kinds = kinds_at(Spell, ("amount", "constrained-int"))
>>> kinds.path, valid_here(kinds.declared)
(('amount',), ['a whole number (0 or more)', 'x_rank'])
"""

from __future__ import annotations

import re
import types
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel, Field, Tag  # noqa: F401  (Field: the example)
from pydantic.fields import FieldInfo

Loc = tuple[int | str, ...]  # pydantic's location of a problem

# pydantic's names of scalar members and of validators around a member: `constrained-int`,
# `function-after[checked(), str]` (the member it wraps after the comma)
_SCALAR = re.compile(r"(constrained-)?(int|float|str|bool|bytes)")
_WRAPPED = re.compile(r"function-[a-z]+\[[^,]*, (.*)\]")


@dataclass(frozen=True)
class Kinds:
    """The types at the end of a location: ``declared`` is the place's own (a union: all its
    forms), ``read`` the member pydantic read the value as (None: not known)."""

    path: Loc  # the location as keys of the file
    declared: Any
    read: Any


def kinds_at(model: type[BaseModel], loc: Sequence[int | str]) -> Kinds:
    """Walk the types of ``model`` along pydantic's ``loc``: each key is a key of the file or
    the name of the member of a union (or of a validator) the value was read as."""
    path: list[int | str] = []
    declared: Any = model
    kind: Any = model
    for key in loc:
        members = _members(kind)
        if members:
            kind = _member(members, key)
        elif kind is None and isinstance(key, str) and _names_a_member(key):
            continue
        else:
            path.append(key)
            declared = kind = _inside(kind, key)
    return Kinds(tuple(path), declared, kind)


def _names_a_member(key: str) -> bool:
    """Whether ``key``, where the types are not known, is pydantic's name of a member."""
    return (key.endswith("]") and key != "[key]") or bool(_SCALAR.fullmatch(key))


def _inside(kind: Any, key: int | str) -> Any:
    """The type of the value at ``key`` in a value of type ``kind`` (None: not known)."""
    kind = unwrapped(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        field = keyed(kind).get(str(key))
        return None if field is None else field_kind(field)
    args = get_args(kind)
    if get_origin(kind) in (tuple, list) and isinstance(key, int) and args:
        fixed = get_origin(kind) is tuple and args[-1] is not Ellipsis
        return args[key] if fixed and key < len(args) else None if fixed else args[0]
    if get_origin(kind) is dict and args:
        return args[0] if key == "[key]" else args[1]
    return None


def keyed(model: type[BaseModel]) -> dict[str, FieldInfo]:
    """A model's fields by the key a file writes: its alias when it has one (``not``, a word
    Python keeps for itself)."""
    return {field.alias or name: field for name, field in model.model_fields.items()}


def field_kind(field: FieldInfo) -> Any:
    """A model field's type with its constraints (``ge=1``): ``Annotated`` when it has some."""
    return Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation


def unwrapped(kind: Any) -> Any:
    """``kind`` without ``Annotated`` and, for ``X | None``, without the None."""
    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    if get_origin(kind) in (Union, types.UnionType):
        members = [m for m in get_args(kind) if m is not type(None)]
        if len(members) == 1:
            return unwrapped(members[0])
    return kind


def _members(kind: Any) -> list[Any]:
    """The members of a union of two or more (each as written, its ``Tag`` kept), else none."""
    kind = unwrapped(kind)
    if get_origin(kind) in (Union, types.UnionType):
        return [m for m in get_args(kind) if m is not type(None)]
    return []


def _member(members: Sequence[Any], key: int | str) -> Any:
    """The member of a union that pydantic names ``key``: by its ``Tag``, its class name, the
    literal value of its discriminating field, or its kind (``literal[...]``, ``int``,
    ``tuple[...]``, a validator around one); None when none is."""
    wrapped = _WRAPPED.fullmatch(str(key))
    if wrapped:
        return _member(members, wrapped[1])
    for member in members:
        if get_origin(member) is Annotated and any(
            isinstance(meta, Tag) and meta.tag == key for meta in get_args(member)[1:]
        ):
            return member
    return next((m for m in members if _is_named(unwrapped(m), str(key))), None)


def _is_named(kind: Any, key: str) -> bool:
    """Whether pydantic names a union's member of type ``kind`` ``key``."""
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return kind.__name__ == key or any(
            get_origin(field.annotation) is Literal and key in get_args(field.annotation)
            for field in kind.model_fields.values()
        )
    origin = get_origin(kind)
    if origin is not None:
        name = "literal" if origin is Literal else getattr(origin, "__name__", "")
        return key.startswith(f"{name}[")
    scalar = _SCALAR.fullmatch(key)
    return scalar is not None and getattr(kind, "__name__", None) == scalar[2]


def model_keys(kind: Any) -> list[str]:
    """The keys a mapping of type ``kind`` may hold: a model's fields, or those of every
    model of a union (once each); none for another type."""
    keys: list[str] = []
    for member in _members(kind) or [kind]:
        keys += [key for key in _fields(member) if key not in keys]
    return keys


def _fields(kind: Any) -> list[str]:
    """The fields of a model, the one its union's tag names first (``amount: {count: ...}``),
    none for another type."""
    bare = unwrapped(kind)
    if not (isinstance(bare, type) and issubclass(bare, BaseModel)):
        return []
    tags = [meta.tag for meta in _metadata(kind) if isinstance(meta, Tag)]
    return sorted(keyed(bare), key=lambda key: key not in tags)


def literal_values(kind: Any) -> list[str]:
    """The words a value of type ``kind`` may be (those of its literals, a union's included)."""
    members = _members(kind)
    if members:  # a member may itself be a union of literals (``Annotated[A | B, Tag]``)
        return [word for member in members for word in literal_values(member)]
    bare = unwrapped(kind)
    return [str(value) for value in _literal_args(bare)] if get_origin(bare) is Literal else []


def _literal_args(kind: Any) -> list[Any]:
    return [
        value
        for arg in get_args(kind)
        for value in (_literal_args(arg) if get_origin(arg) is Literal else [arg])
    ]


def valid_here(kind: Any) -> list[str]:
    """What a value of type ``kind`` may be, in the file's words: each form of a union, each
    word of a literal ("a whole number (0 or more)", "a mapping (keys: side, count)", "self")."""
    members = _members(kind)
    if members:
        shared = _shared_tag(members)
        if shared:
            return [f"a mapping with {shared[0]}: {', '.join(shared[1])}"]
        return [said for member in members for said in valid_here(member)]
    if get_origin(unwrapped(kind)) is Literal:
        return literal_values(kind)
    return [_one_kind(kind)]


_SCALARS = {bool: "true or false", int: "a whole number", str: "a text"}


def _one_kind(kind: Any) -> str:
    """A type that is not a union or a literal, in the file's words."""
    bare = unwrapped(kind)
    if isinstance(bare, type) and issubclass(bare, BaseModel):
        return f"a mapping (keys: {', '.join(_fields(kind))})"
    if get_origin(bare) in (tuple, list):
        return "a list"
    if get_origin(bare) is dict:
        return "a mapping"
    said = _SCALARS.get(bare, "a value")
    if bare is str and (named := _titled(kind)):  # a word with a number (``target_N``)
        return named
    bounds = _bounds(kind)
    return f"{said} ({bounds})" if bounds else said


def _bounds(kind: Any) -> str:
    """The range of numbers ``kind`` allows (``1 to 4``, ``0 or more``), "" when open."""
    low = high = None
    for meta in _metadata(kind):
        if isinstance(meta, annotated_types.Ge | annotated_types.Gt):
            low = meta.ge if isinstance(meta, annotated_types.Ge) else f"more than {meta.gt}"
        elif isinstance(meta, annotated_types.Le | annotated_types.Lt):
            high = meta.le if isinstance(meta, annotated_types.Le) else f"less than {meta.lt}"
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"{low} or more" if isinstance(low, int) else str(low)
    return "" if high is None else f"at most {high}" if isinstance(high, int) else str(high)


def _titled(kind: Any) -> str | None:
    """The title a ``Field(...)`` gives ``kind``: the words a patterned text is said in."""
    while get_origin(kind) is Annotated:
        kind, *metas = get_args(kind)
        for meta in metas:
            if isinstance(meta, FieldInfo) and meta.title:
                return meta.title
    return None


def _metadata(kind: Any) -> list[Any]:
    """The constraints ``Annotated`` gives ``kind``, those of a ``Field(...)`` included."""
    found: list[Any] = []
    while get_origin(kind) is Annotated:
        kind, *metas = get_args(kind)
        for meta in metas:
            found += meta.metadata if isinstance(meta, FieldInfo) else [meta]
    return found


def _shared_tag(members: Sequence[Any]) -> tuple[str, list[str]] | None:
    """A union of models told apart by one key's words (``do: damage``): the key and every
    word, else None."""
    models = [unwrapped(m) for m in members]
    if not all(isinstance(m, type) and issubclass(m, BaseModel) for m in models):
        return None
    first = models[0].model_fields
    for key in first:
        kinds = [m.model_fields.get(key) for m in models]
        if all(k is not None and get_origin(k.annotation) is Literal for k in kinds):
            return key, [w for k in kinds if k for w in literal_values(k.annotation)]
    return None
