"""The kinds of change a scenario file's ``steps:`` and ``no_steps:`` entries name (``change:``):
each must be one its ruleset's steps may record, the kinds every ruleset shares or the
ruleset's own (``Ruleset.change_kinds``). A word no kind has would match nothing, silently,
so it is refused at its place, as a typo. The schema lists them for the reference
(``kinds_schema``)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from engine.branches import AnyBranch
from engine.changes import Change, kind_words
from engine.descriptions import DescribedSchema
from engine.errors import first_of
from engine.plain_errors import not_valid_here
from engine.script import ExpectationBase, Location, StepMatch
from engine.yaml_source import YamlSource


def written_matches(
    expect: Sequence[ExpectationBase], branches: Sequence[AnyBranch]
) -> Iterator[tuple[Location, StepMatch]]:
    """Every step match of the file's expectations and its branches', with its place."""
    places: list[tuple[Location, Sequence[ExpectationBase]]] = [(("expect",), expect)]
    places += [(("branches", b, "expect"), branch.expect) for b, branch in enumerate(branches)]
    for where, expectations in places:
        for index, expectation in enumerate(expectations):
            for key in ("steps", "no_steps"):
                for number, match in enumerate(getattr(expectation, key)):
                    yield (*where, index, key, number), match


def verify_change_kinds(
    expect: Sequence[ExpectationBase],
    branches: Sequence[AnyBranch],
    kinds: Sequence[str],
    source: YamlSource,
) -> None:
    """Raise ScenarioError at each ``change:`` that is none of ``kinds`` (the others listed
    after the first), with the closest kind and all of them."""
    unknown = [
        source.error((*place, "change"), not_valid_here(match.change, kinds))
        for place, match in written_matches(expect, branches)
        if match.change is not None and match.change not in kinds
    ]
    if unknown:
        raise first_of(unknown)


KINDS_KEY = "x-change-kinds"  # where a model's schema lists the kinds of change (a list of
# ``{"kinds": [word, ...], "description": text}``, a shape each)


def kinds_schema(shapes_of: Mapping[type, tuple[type[Change], ...]]) -> type[DescribedSchema]:
    """A schema generator that lists, on the schema of each model of ``shapes_of``, its kinds of
    change (``KINDS_KEY``): ``StepMatch`` the shared ones, a ruleset's scenario model its own."""

    class ChangeKindsSchema(DescribedSchema):
        def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
            json_schema = super().model_schema(schema)
            shapes = shapes_of.get(schema["cls"], ())
            if shapes:
                json_schema[KINDS_KEY] = [
                    {"kinds": list(kind_words(shape)), "description": _doc(shape)}
                    for shape in shapes
                ]
            return json_schema

    return ChangeKindsSchema


def _doc(shape: type[Any]) -> str:
    """The first paragraph of the shape's docstring (its examples left out), on one line."""
    return " ".join(inspect.cleandoc(shape.__doc__ or "").split("\n\n")[0].split())
