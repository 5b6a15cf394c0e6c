"""One JSON shape for ``run``, ``check`` and ``diff`` (app/cli/json_output.py): every document
validates against the published schema (``cardtable schema --output``, kept in
docs/json-output.schema.json), starts with its format, version and command, and gives the same
object for the same thing: a step in ``run`` equals the step in ``diff``, changes are objects,
numbers are numbers."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from app.cli.commands import main
from app.cli.json_output import SCHEMA
from engine.assets import SCENARIOS

DOCS = Path(__file__).resolve().parents[2] / "docs"
M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
DEMO = SCENARIOS / "souls" / "demo-table.yaml"
BRANCHES = ("--branch", "main", "--branch", "doubling first")


def printed(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, object]:
    main(list(arguments))
    data = json.loads(capsys.readouterr().out)
    jsonschema.validate(data, SCHEMA)
    assert isinstance(data, dict)
    return data


def test_run_check_and_diff_print_the_published_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: souls\n\tx: 1\n", "utf-8")
    documents = [
        printed(capsys, "run", "--json", str(M8)),
        printed(capsys, "run", "--json", str(DEMO)),
        printed(capsys, "check", "--json", str(M8), str(broken)),
        printed(
            capsys, "diff", "--json", str(M8), "--branch", "main", "--branch", "doubling first"
        ),
    ]
    heads = [(d["format"], d["version"], d["command"]) for d in documents]
    assert heads == [("cardtable", 1, c) for c in ("run", "run", "check", "diff")]
    check = documents[2]
    assert check["counts"] == {"ok": 1, "failed": 0, "bad input": 1}
    assert [f["outcome"] for f in check["files"]] == ["ok", "bad input"]  # type: ignore[index]


def test_a_step_is_the_same_object_in_run_and_in_diff(capsys: pytest.CaptureFixture[str]) -> None:
    run = printed(capsys, "run", "--json", str(M8))
    diff = printed(capsys, "diff", "--json", str(M8), *BRANCHES)
    pairs = diff["steps"]
    assert isinstance(pairs, list) and pairs
    left = pairs[0]["left"]
    assert left == run["steps"][left["index"]]  # type: ignore[index]
    changes = [c for step in run["steps"] for c in step["changes"]]  # type: ignore[attr-defined]
    assert changes and all(isinstance(c, dict) and c["kind"] and c["text"] for c in changes)


def test_a_fact_keeps_its_type(capsys: pytest.CaptureFixture[str]) -> None:
    """A count is a number, yes is true: as ``expect`` writes them, not as words."""
    diff = printed(capsys, "diff", "--json", str(M8), *BRANCHES)
    facts = {d["fact"]: d for d in diff["differences"] if d["card"] == "sentinel-a"}  # type: ignore[attr-defined]
    assert (facts["doublers"]["left"], facts["doublers"]["right"]) == (1, 0)
    assert facts["shields"]["left"] == {"ward-a": 1}
    run = printed(capsys, "run", "--json", str(M8))
    cards = run["final_table"]["cards"]  # type: ignore[index]
    assert isinstance(cards["sentinel-a"]["damage"], int)


def test_the_published_schema_is_the_one_in_the_docs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--output"]) == 0
    out = capsys.readouterr().out
    assert out == (DOCS / "json-output.schema.json").read_text(encoding="utf-8")  # as kept
    printed_schema = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(printed_schema)
    assert printed_schema == SCHEMA
    kept = json.loads((DOCS / "json-output.schema.json").read_text(encoding="utf-8"))
    assert kept == SCHEMA, "run .venv/bin/python scripts/scenario_reference.py"
