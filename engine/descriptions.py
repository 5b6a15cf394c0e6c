"""Field descriptions for the scenario schema, read from the docstrings written under fields.

A docstring right under a field is its description (as pydantic's ``use_attribute_docstrings``
reads them). They are read here, when a schema is made, not when a model class is made: that
option walks stack frames for every class at import, which costs every command a third of a
second for what only ``cardtable schema`` and the reference in docs/scenarios.md show.

>>> from engine.script import ExpectedError
>>> print(field_docstrings(ExpectedError)["rule"])
The rule id the refusal must cite, compared exactly (quoting an id such as "14.5.2"
keeps it a string whatever its shape).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema


@cache
def field_docstrings(cls: type[BaseModel]) -> dict[str, str]:
    """The docstring under each field of ``cls`` and of the classes it inherits fields from."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, BaseModel)) or klass is BaseModel:
            continue
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):  # made at run time: no source to read
            continue
        body = ast.parse(source).body
        if not body or not isinstance(body[0], ast.ClassDef):
            continue
        statements = body[0].body
        for field, after in zip(statements, statements[1:], strict=False):
            if (
                isinstance(field, ast.AnnAssign)
                and isinstance(field.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                found[field.target.id] = inspect.cleandoc(after.value.value)
    return found


class DescribedSchema(GenerateJsonSchema):
    """JSON Schema whose properties carry the docstrings under their fields."""

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        json_schema = super().model_schema(schema)
        cls: Any = schema["cls"]
        origin = cls.__pydantic_generic_metadata__["origin"] or cls  # Branch[Action, ...]
        docs = field_docstrings(origin)
        docs |= {  # a field the file writes by its alias (``not``, a word Python keeps)
            field.alias: docs[name]
            for name, field in origin.model_fields.items()
            if field.alias and name in docs
        }
        for name, value in json_schema.get("properties", {}).items():
            if name in docs and "description" not in value:
                value["description"] = docs[name]
        return json_schema
