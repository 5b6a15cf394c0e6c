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
from collections.abc import Callable, Iterable, Sequence
from difflib import get_close_matches
from typing import Any, Literal  # noqa: F401  (Literal: the example)

from pydantic import BaseModel, ValidationError  # noqa: F401  (ValidationError: the example)
from pydantic_core import ErrorDetails

from engine.errors import InvalidAt
from engine.file_kinds import kinds_at, literal_values, model_keys, valid_here
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
    problems: Sequence[ErrorDetails], at: Callable[[Loc], Sequence[object]]
) -> list[ErrorDetails]:
    """One problem per place of the file, ``first_problem`` first, the rest in pydantic's order:
    a union's several reports of one value count once, and a missing key that an unknown key
    beside it misspells is that key's problem, not another, and a list too short for want of
    an item refused inside it is that item's problem, as is a value of a union refused as of
    the wrong kind by one member when another member read it and refused inside it. ``at``:
    where a location is in the file."""
    places = [tuple(at(p["loc"])) for p in problems]
    problems = [
        problem
        for problem, place in zip(problems, places, strict=True)
        if not (problem["type"] == "too_short" or problem["type"].endswith("_type"))
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
    """``problem`` (one of ``problems``, all of one validation of ``model``) in plain words: in
    the file's words, never pydantic's (its names of types, of union members, of validators)."""
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
    refused = ctx.get("error")
    if kind == "value_error" and isinstance(refused, ValueError):
        return str(refused)
    return _not_of_its_kind(model, problem)


def _not_of_its_kind(model: type[BaseModel], problem: ErrorDetails) -> str:
    """A value of the wrong kind, or a word, a number or a list out of what its place allows,
    said with what is valid there (pydantic's words only if the place's type is not known)."""
    kind, ctx = problem["type"], problem.get("ctx") or {}
    declared = kinds_at(model, problem["loc"]).declared
    if kind == "union_tag_not_found":
        key = str(ctx.get("discriminator", "")).strip("'")
        return f"the key {key!r} is required here; valid here: {', '.join(valid_here(declared))}"
    if kind in ("too_short", "too_long"):
        least, most = ctx.get("min_length"), ctx.get("max_length")
        bound = f"{least} or more" if kind == "too_short" else f"at most {most}"
        count = ctx.get("actual_length")
        entries = "entry" if count == 1 else "entries"
        return f"the list has {count} {entries}; valid here: {bound}"
    if declared is None or not (kind.endswith(("_type", "_parsing")) or kind in _OUT_OF_RANGE):
        return problem["msg"]
    given = problem.get("input")
    words = [*literal_values(declared), *model_keys(declared)]  # a word, or a key written bare
    hint = did_you_mean(given, words) if isinstance(given, str) else ""
    return f"{shown(given)} is not valid here{hint}; valid here: {', '.join(valid_here(declared))}"


_OUT_OF_RANGE = {
    "literal_error",
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
}


def shown(value: object) -> str:
    """A value of the file as the file writes it: a word quoted, a list or a mapping by its kind.

    >>> shown("two"), shown(3), shown(True), shown(("a", "b")), shown({"a": 1}), shown(None)
    ("'two'", '3', 'true', 'a list', 'a mapping', 'an empty value')
    """
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        return "a list"
    return "a mapping" if isinstance(value, dict) else "an empty value"


def keys_at(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The keys a mapping at ``loc`` (pydantic's location in a value of ``model``) may hold:
    those of the form pydantic read it as, else of every form of the place; none when the
    place is not a mapping's."""
    kinds = kinds_at(model, loc)
    return model_keys(kinds.read) or model_keys(kinds.declared)


def reread(model: type[BaseModel], problems: Sequence[ErrorDetails]) -> list[ErrorDetails]:
    """``problems`` as the file's author meant them: a mapping read as another form of its place
    (``amount: {migth_of: self}`` read as a number) is an unknown key of that mapping, named
    with the keys of the place's forms."""
    return [_reread(model, problem) for problem in problems]


def _reread(model: type[BaseModel], problem: ErrorDetails) -> ErrorDetails:
    given = problem.get("input")
    if not isinstance(given, dict) or not problem["type"].endswith("_type"):
        return problem
    kinds = kinds_at(model, problem["loc"])
    keys = model_keys(kinds.declared)
    unknown = [key for key in given if key not in keys]
    if model_keys(kinds.read) or not keys or not unknown:
        return problem
    msg = "Extra inputs are not permitted"
    return ErrorDetails(
        type="extra_forbidden", loc=(*problem["loc"], unknown[0]), msg=msg, input=given[unknown[0]]
    )


def located_problems(
    model: type[BaseModel], error: ValidationError
) -> list[tuple[tuple[object, ...], str]]:
    """Each problem of ``error`` (a validation of ``model``), one per place of the file, the
    first first (``separate_problems``): where it is, as keys of the file (a validator's own
    place inside the value it refused added), and what, in plain words.

    >>> from engine.frozen import Frozen
    >>> class Spell(Frozen):
    ...     amount: int
    ...     target: Literal["self", "target"] = "target"
    >>> try:
    ...     Spell.model_validate({"amount": "two", "target": "slef"})
    ... except ValidationError as error:
    ...     for where, message in located_problems(Spell, error):
    ...         print(where, message)
    ('amount',) 'two' is not valid here; valid here: a whole number
    ('target',) 'slef' is not valid here (did you mean 'self'?); valid here: self, target
    """
    problems = reread(model, error.errors())
    located = []
    for problem in separate_problems(problems, lambda loc: place_in_file(model, loc)):
        location: tuple[object, ...] = place_in_file(model, problem["loc"])
        refused = (problem.get("ctx") or {}).get("error")
        if isinstance(refused, InvalidAt):
            location += refused.place
        located.append((location, plain(model, problem, problems)))
    return located


def place_in_file(model: type[BaseModel], loc: Sequence[int | str]) -> Loc:
    """Where pydantic's ``loc`` (in a value of ``model``) is in the file: its keys, without
    pydantic's names of union members and validators.

    >>> from engine.frozen import Frozen
    >>> class Cost(Frozen):
    ...     hp: int | Literal["x_rank"]
    >>> place_in_file(Cost, ("hp", "literal['x_rank']"))
    ('hp',)
    """
    return kinds_at(model, loc).path
