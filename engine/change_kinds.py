"""The kinds of change a scenario file's ``steps:`` and ``no_steps:`` entries name (``change:``):
each must be one its ruleset's steps may record, the kinds every ruleset shares or the
ruleset's own (``Ruleset.change_kinds``). A word no kind has would match nothing, silently,
so it is refused at its place, as a typo."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.branches import AnyBranch
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
