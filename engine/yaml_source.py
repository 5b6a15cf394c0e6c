"""Reading YAML files so that every error can name the file and the line it is about."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from engine.errors import ScenarioError

M = TypeVar("M", bound=BaseModel)


class YamlSource:
    """A parsed YAML file that remembers where each value was written."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text  # as read: saving keeps its comments and layout
        try:
            self.data: Any = yaml.safe_load(text)
            self._root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            raise ScenarioError(str(path), "", f"not valid YAML: {error}", line) from None

    @classmethod
    def read(cls, path: Path) -> YamlSource:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ScenarioError(str(path), "", f"cannot read the file: {error}") from None
        return cls(path, text)

    def line_of(self, location: Sequence[object]) -> int | None:
        """The 1-based line of the value at ``location``; unknown keys keep the nearest parent."""
        node = self._root
        if node is None:
            return None
        for key in location:
            if isinstance(node, yaml.MappingNode):
                for key_node, value_node in node.value:
                    if key_node.value == str(key):
                        node = value_node
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int):
                if 0 <= key < len(node.value):
                    node = node.value[key]
        return int(node.start_mark.line) + 1

    def error(
        self, location: Sequence[object], message: str, rule: str | None = None
    ) -> ScenarioError:
        return ScenarioError(
            str(self.path), describe_location(location), message, self.line_of(location), rule
        )

    def validate(self, model: type[M]) -> M:
        """Validate the whole file against ``model``, naming the place of the first problem."""
        if not isinstance(self.data, dict):
            raise self.error((), "expected a mapping of keys at the top of the file")
        try:
            return model.model_validate(self.data)
        except ValidationError as error:
            first = error.errors()[0]
            location = first["loc"]
            message = first["msg"]
            if first["type"] == "extra_forbidden":
                message = f"unknown key {location[-1]!r}"
            more = error.error_count() - 1
            suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
            raise self.error(location, message + suffix) from None


def describe_location(location: Sequence[object]) -> str:
    """``('script', 2, 'attack')`` -> ``script[2].attack``."""
    text = ""
    for key in location:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text
