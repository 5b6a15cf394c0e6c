"""The CI's fixed sample of mutants (scripts/mutation_sample.py) still points at code that exists:
each one's text to change occurs exactly once in its file. An edit of the code around one would
otherwise be found only by ``.ci/run``, after the tests pass."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def sample() -> Any:
    spec = importlib.util.spec_from_file_location(
        "mutation_sample", ROOT / "scripts" / "mutation_sample.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


MUTANTS = sample().MUTANTS


@pytest.mark.parametrize("mutant", MUTANTS, ids=[mutant.name for mutant in MUTANTS])
def test_each_sampled_mutant_changes_text_found_once(mutant: Any) -> None:
    text = (ROOT / mutant.file).read_text(encoding="utf-8")
    assert text.count(mutant.old) == 1, f"{mutant.name}: {mutant.old!r} in {mutant.file}"
    assert mutant.new != mutant.old
    assert all((ROOT / test.split("::")[0]).is_file() for test in mutant.tests)
