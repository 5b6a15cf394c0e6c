"""A validation problem of a file said in plain words: the unknown key first, with "did you mean"
and the keys or values that are valid there.

>>> from engine.frozen import Frozen
>>> class Effect(Frozen):
...     amount: int
...     target: Literal["self", "target"] = "target"
>>> try:
...     Effect.model_validate({"amout": 2})
... except ValidationError as error:
...     print(plain(Effect, first_problem(error.errors()), error.errors()))
unknown key 'amout' (did you mean 'amount'?); the keys here: amount, target
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Iterable, Sequence
from difflib import get_close_matches
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, Tag, ValidationError  # noqa: F401  (ValidationError: the example)
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from engine.table_shape import CardShape

Loc = tuple[int | str, ...]  # pydantic's location of a problem
# One value of pydantic's list of the values expected ("1, 2 or 3", "'self' or 'target'"): a
# quoted string (either quote) or a bare value (a number, True, None), after ", " or " or ".
_VALUE = re.compile(r"""(?:^|, | or )(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^,\s'"]+))""")


def _values(expected: str) -> list[str]:
    """The values of pydantic's list ``expected``, strings without their quotes.

    >>> _values("'self' or 'target'")
    ['self', 'target']
    >>> _values('1, 2 or 3')
    ['1', '2', '3']
    >>> _values('''-1, "it's", 'a, b or c' or None''')
    ['-1', "it's", 'a, b or c', 'None']
    """
    return ["".join(value) for value in _VALUE.findall(expected)]


def first_problem(problems: Sequence[ErrorDetails]) -> ErrorDetails:
    """The problem to report first: an unknown key (a typo is often why a key is missing)."""
    return next((p for p in problems if p["type"] == "extra_forbidden"), problems[0])


def separate_problems(
    problems: Sequence[ErrorDetails], place_of: Callable[[Loc], Sequence[object]] | None = None
) -> list[ErrorDetails]:
    """One problem per place of the file, ``first_problem`` first, the rest in pydantic's order:
    a union's several reports of one value count once, and a missing key that an unknown key
    beside it misspells is that key's problem, not another, and a list too short for want of
    an item refused inside it is that item's problem. ``place_of``: where a location is in the
    file (default: the location without the names of union members)."""
    at = place_of or _place
    places = [tuple(at(p["loc"])) for p in problems]
    problems = [
        problem
        for problem, place in zip(problems, places, strict=True)
        if problem["type"] != "too_short"
        or not any(len(other) > len(place) and other[: len(place)] == place for other in places)
    ]
    first = first_problem(problems)
    unknown = [p["loc"] for p in problems if p["type"] == "extra_forbidden"]
    chosen: dict[tuple[object, ...], ErrorDetails] = {tuple(at(first["loc"])): first}
    for problem in problems:
        place = tuple(at(problem["loc"]))
        misspelt = problem["type"] == "missing" and any(
            tuple(at(loc[:-1])) == place[:-1] and did_you_mean(loc[-1], [str(place[-1])])
            for loc in unknown
        )
        if misspelt:
            continue
        if place not in chosen or (
            problem["type"] == "extra_forbidden" and chosen[place]["type"] != "extra_forbidden"
        ):
            chosen[place] = problem
    return list(chosen.values())


def did_you_mean(word: object, candidates: Sequence[str]) -> str:
    """The candidate ``word`` is closest to, if any is close, letter case aside.

    >>> did_you_mean("Mian", ["main", "harder"])
    " (did you mean 'main'?)"
    """
    folded = {str(candidate).casefold(): candidate for candidate in candidates}
    close = get_close_matches(str(word).casefold(), list(folded), n=1, cutoff=0.6)
    return f" (did you mean {folded[close[0]]!r}?)" if close else ""


def not_valid_here(given: object, values: Sequence[str]) -> str:
    """That ``given`` is none of ``values``, with the closest and every one of them.

    >>> not_valid_here("movd", ["stat", "moved"])
    "'movd' is not valid here (did you mean 'moved'?); valid here: stat, moved"
    """
    hint, listed = did_you_mean(given, values), ", ".join(values)
    return f"{given!r} is not valid here{hint}; valid here: {listed}"


MAX_LISTED = 12  # ids listed in a message; more would hide it


def no_card(uid: str, cards: Iterable[CardShape], where: str = "") -> str:
    """That there is no card ``uid`` (``where``: " on the table") among ``cards`` (a table's),
    said with what it may be: a card's name where its id belongs, or a close id. Built only for
    the message: the caller has already found ``uid`` missing.

    >>> from types import SimpleNamespace as Card
    >>> imp = Card(uid="ember-imp", name="Ember Imp")
    >>> squire = Card(uid="thorn-squire", name="Thorn Squire")
    >>> no_card("Ember Imp", [imp])
    "there is no card 'Ember Imp': that is a card's name; its id: 'ember-imp'"
    >>> no_card("ember-im", [imp, squire])
    "there is no card 'ember-im' (did you mean 'ember-imp'?); the cards: ember-imp, thorn-squire"
    """
    names = {card.uid: card.name for card in cards}
    ids = [card for card, name in names.items() if name == uid]
    if ids:
        named = ", ".join(map(repr, ids))
        return f"there is no card {uid!r}{where}: that is a card's name; its id: {named}"
    listed = f"; the cards: {', '.join(names)}" if len(names) <= MAX_LISTED else ""
    return f"there is no card {uid!r}{where}{did_you_mean(uid, list(names))}{listed}"


def plain(model: type[BaseModel], problem: ErrorDetails, problems: Sequence[ErrorDetails]) -> str:
    """``problem`` (one of ``problems``, all of one validation of ``model``) in plain words."""
    kind, loc = problem["type"], problem["loc"]
    ctx: dict[str, Any] = dict(problem.get("ctx") or {})
    if kind == "extra_forbidden":
        keys = keys_at(model, loc[:-1])
        missing = [str(p["loc"][-1]) for p in problems if p["type"] == "missing"]
        hint = did_you_mean(loc[-1], [*missing, *keys])
        listed = f"; the keys here: {', '.join(keys)}" if keys else ""
        return f"unknown key {loc[-1]!r}{hint}{listed}"
    if kind == "missing":
        if isinstance(loc[-1], int):  # a list of a fixed length, too short
            return f"entry {loc[-1] + 1} is missing: this list needs more entries"
        return f"the key {loc[-1]!r} is required here"
    if kind == "union_tag_invalid":
        tags = _values(str(ctx.get("expected_tags", "")))
        key = str(ctx.get("discriminator", "")).strip("'")
        tag = ctx.get("tag")
        return f"{key}: {tag!r} is unknown{did_you_mean(tag, tags)}; valid here: {', '.join(tags)}"
    if kind == "literal_error":
        return not_valid_here(problem.get("input"), _literal_values(problem, problems))
    refused = ctx.get("error")
    if kind == "value_error" and isinstance(refused, ValueError):
        return str(refused)
    return problem["msg"]


def _literal_values(problem: ErrorDetails, problems: Sequence[ErrorDetails]) -> list[str]:
    """Every value allowed at the place of ``problem``: a union of literals reports one
    problem per literal, each naming only its own values."""
    place = _place(problem["loc"])
    values: list[str] = []
    for other in problems:
        if other["type"] == "literal_error" and _place(other["loc"]) == place:
            expected = str((other.get("ctx") or {}).get("expected", ""))
            values += [v for v in _values(expected) if v not in values]
    return values


def _place(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """``loc`` without pydantic's names of union members (``literal['a','b']``)."""
    return tuple(key for key in loc if not (isinstance(key, str) and key.endswith("]")))


def keys_at(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The keys a mapping at ``loc`` (pydantic's location in a value of ``model``) may hold,
    or none when the place is not a model's."""
    kind: Any = model
    for key in loc:
        kind = _unwrapped(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            field = _keyed(kind).get(str(key))
            if field is None:
                return []
            kind = field.annotation
        elif get_origin(kind) in (tuple, list) and isinstance(key, int):
            kind = get_args(kind)[0]
        elif get_origin(kind) is dict:
            kind = get_args(kind)[1]
        elif get_origin(kind) in (Union, types.UnionType):
            kind = _member(get_args(kind), key)
            if kind is None:
                return []
        else:
            return []
    kind = _unwrapped(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return list(_keyed(kind))
    return []


def _keyed(model: type[BaseModel]) -> dict[str, FieldInfo]:
    """A model's fields by the key a file writes: its alias when it has one (``not``, a word
    Python keeps for itself)."""
    return {field.alias or name: field for name, field in model.model_fields.items()}


def _unwrapped(kind: Any) -> Any:
    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    if get_origin(kind) in (Union, types.UnionType):
        members = [m for m in get_args(kind) if m is not type(None)]
        if len(members) == 1:
            return _unwrapped(members[0])
    return kind


def _member(members: Sequence[Any], key: int | str) -> Any:
    """The member of a union that pydantic names ``key``: by its class name or by the literal
    value of its discriminating field."""
    models = [
        m for m in map(_unwrapped, members) if isinstance(m, type) and issubclass(m, BaseModel)
    ]
    tagged_as = [  # a discriminated union's member, by its Tag
        _unwrapped(m)
        for m in members
        if get_origin(m) is Annotated
        and any(isinstance(meta, Tag) and meta.tag == key for meta in get_args(m)[1:])
    ]
    if tagged_as:
        return tagged_as[0]
    named = [m for m in models if m.__name__ == key]
    tagged = [
        m
        for m in models
        for field in m.model_fields.values()
        if get_origin(field.annotation) is Literal and key in get_args(field.annotation)
    ]
    return next(iter(named or tagged), None)
