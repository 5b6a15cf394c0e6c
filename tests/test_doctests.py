"""The examples in the engine's docstrings run as written."""

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
