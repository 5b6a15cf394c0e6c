"""The examples in the engine's docstrings run as written.

Only modules with examples are collected (a module without any would be an empty run that
always passes), each must run at least one, and the modules of the public API must keep theirs.
"""

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import engine


def examples(module: ModuleType) -> int:
    """How many examples the module's docstrings hold (those of its functions and classes)."""
    return sum(len(test.examples) for test in doctest.DocTestFinder().find(module))


ALL = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
MODULES = [name for name in ALL if examples(importlib.import_module(name))]

# The public API, where an example teaches how the engine is driven: each must keep one.
TAUGHT = {
    "engine.branches",  # what-if branches of a scenario
    "engine.choices",  # a chooser answering the rules' questions
    "engine.compare",  # what a branch changes
    "engine.might.game",  # might: play, a Reaction on the chain, resolve
    "engine.scenario",  # game_from_yaml, Playthrough, run_scenario
    "engine.souls.game",  # souls: verify_x, can_x, x
    "engine.timeline",  # a transaction: all or nothing
}


def test_the_public_api_keeps_its_examples() -> None:
    assert TAUGHT <= set(MODULES), f"no examples left in {sorted(TAUGHT - set(MODULES))}"


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0  # an empty run proves nothing
    assert result.failed == 0
