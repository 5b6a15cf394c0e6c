"""Write the reference part of docs/scenarios.md: the tables of every key of the scenario format,
made from the models and their docstrings (engine/reference.py). Run it after changing a model
of the format; tests/tools/test_schema_descriptions.py fails while the page is not current.

    .venv/bin/python scripts/scenario_reference.py
"""

from __future__ import annotations

from pathlib import Path

from engine.reference import reference, with_reference
from engine.scenario import scenario_schema

PAGE = Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"

if __name__ == "__main__":
    page = PAGE.read_text(encoding="utf-8")
    PAGE.write_text(with_reference(page, reference(scenario_schema())), encoding="utf-8")
    print(f"wrote the reference in {PAGE}")
