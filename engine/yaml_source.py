"""Reading YAML files so that every error can name the file and the line it is about."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from engine.errors import ScenarioError, first_of
from engine.input_file import LINE_BREAK, line_ending, read_written_text
from engine.plain_errors import located_problems
from engine.safe_yaml import describe_location, parse_yaml

__all__ = ["YamlSource", "describe_location"]

M = TypeVar("M", bound=BaseModel)


class YamlSource:
    """A parsed YAML file that remembers where each value was written."""

    def __init__(self, path: Path, text: str, newline: str = "\n") -> None:
        self.path = path
        self.text = text  # as read: saving keeps its comments and layout
        self.newline = newline  # the file's line break, which ``text`` writes as ``\n``
        self.data, self._root = parse_yaml(text, str(path))

    @classmethod
    def read(cls, path: Path) -> YamlSource:
        written = read_written_text(path)
        return cls(path, LINE_BREAK.sub("\n", written), line_ending(written))

    def line_of(self, location: Sequence[object]) -> int | None:
        """The 1-based line of the value at ``location``; unknown keys keep the nearest parent."""
        spot = self._root
        if spot is None:
            return None
        for key in location:
            spot = spot.child(key) or spot
        return spot.line

    def key_line(self, location: Sequence[object]) -> int | None:
        """The 1-based line of the key that ends ``location`` (where a block value begins a
        line later), else the line of its value."""
        parent = self._root
        for key in location[:-1]:
            parent = (parent.child(key) if parent else None) or parent
        lines = parent.key_lines if parent is not None else None
        if location and lines and str(location[-1]) in lines:
            return lines[str(location[-1])]
        return self.line_of(location)

    def error(
        self, location: Sequence[object], message: str, rule: str | None = None
    ) -> ScenarioError:
        return ScenarioError(
            str(self.path), describe_location(location), message, self.line_of(location), rule
        )

    def validate(self, model: type[M]) -> M:
        """Validate the whole file against ``model``; a ScenarioError names the place of each
        problem, the first first."""
        if not isinstance(self.data, dict):
            raise self.error((), "expected a mapping of keys at the top of the file")
        try:
            # Strict: "10" and true are not numbers (the models hold tuples, never lists).
            return model.model_validate(as_tuples(self.data), strict=True)
        except ValidationError as error:
            raise first_of(
                [self._located(where, message) for where, message in located_problems(model, error)]
            ) from None

    def _located(self, location: tuple[object, ...], message: str) -> ScenarioError:
        """The problem ``message`` at ``location`` (keys of the file) at its line."""
        if location[-1:] == ("[key]",):  # a key refused: at its value's line, in its mapping
            where = describe_location(location[:-2])
            return ScenarioError(str(self.path), where, message, self.line_of(location[:-1]))
        where = describe_location(location)  # at the line of the key itself (an unknown one too)
        return ScenarioError(str(self.path), where, message, self.key_line(location))


def as_tuples(data: object) -> object:
    """``data`` with every list a tuple, as the strict models take them."""
    if isinstance(data, list):
        return tuple(as_tuples(item) for item in data)
    if isinstance(data, dict):
        return {key: as_tuples(value) for key, value in data.items()}
    return data
