"""The JSON that ``run --json``, ``check --json`` and ``diff --json`` print: one versioned shape,
the same object for the same thing in each (a step, a change, a table), documented by its JSON
Schema (``SCHEMA``: ``cardtable schema --output``, docs/json-output.md) and checked against it by
tests/tools/test_json_output.py.

Every document starts ``{"format": "cardtable", "version": 1, "command": ...}``. The version
changes only when a key is removed or changes its meaning; a new key may come in any version.
A table is its facts, as ``expect`` and ``diff`` name them (``engine.compare``), never the
engine's own model: ``{"facts": {...}, "cards": {"iron-sentinel": {"damage": 2, ...}}}``.
"""

from __future__ import annotations

from typing import Any

from engine.changes import Change
from engine.compare import Comparison, card_facts, table_facts
from engine.table_shape import TableShape
from engine.timeline import Step

VERSION = 1


def head(command: str) -> dict[str, object]:
    return {"format": "cardtable", "version": VERSION, "command": command}


def change_json(change: Change) -> dict[str, object]:
    """A change's own fields (its ``kind`` first) and ``text``, as ``run`` prints it."""
    return {**change.model_dump(mode="json"), "text": change.describe()}


def step_json(step: Step) -> dict[str, object]:
    return {
        "index": step.index,
        "phase": list(step.phase),
        "description": step.description,
        "rules": list(step.rules),
        "cause": step.cause.model_dump(mode="json"),
        "changes": [change_json(change) for change in step.changes],
        "effect_ids": list(step.effect_ids),
    }


def table_json(table: TableShape) -> dict[str, object]:
    return {
        "facts": table_facts(table),
        "cards": {uid: card_facts(table, uid) for uid in table.cards},
    }


def diff_json(file: str, title: str, comparison: Comparison) -> dict[str, object]:
    left, right = (
        {"branch": side.branch, "step": step.index, "description": step.description}
        for side, step in zip(comparison.sides, comparison.shown, strict=True)
    )
    return head("diff") | {
        "file": file,
        "title": title,
        "left": left,
        "right": right,
        "diverge": comparison.diverge,
        "steps": [
            {"left": _maybe_step(pair.left), "right": _maybe_step(pair.right)}
            for pair in comparison.steps
        ],
        "differences": [
            {"card": d.card, "fact": d.fact, "left": d.left, "right": d.right, "text": d.describe()}
            for d in comparison.differences
        ],
    }


def _maybe_step(step: Step | None) -> dict[str, object] | None:
    return None if step is None else step_json(step)


# The schema of the three documents: what a script may rely on (docs/json-output.md).
_TEXTS = {"type": "array", "items": {"type": "string"}}
_FACT = {"type": ["string", "integer", "boolean", "null", "object", "array"]}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://cardtable.invalid/json-output/v1",
    "title": "What cardtable run, check and diff print with --json (version 1)",
    "oneOf": [{"$ref": "#/$defs/Run"}, {"$ref": "#/$defs/Check"}, {"$ref": "#/$defs/Diff"}],
    "$defs": {
        "Head": {
            "type": "object",
            "required": ["format", "version", "command"],
            "properties": {
                "format": {"const": "cardtable"},
                "version": {"const": VERSION},
                "command": {"enum": ["run", "check", "diff"]},
            },
        },
        "Change": {
            "description": "One typed change of a step: its kind, its own fields (the card it "
            "is about, before and after, ...) and the line that says it.",
            "type": "object",
            "required": ["kind", "text"],
            "properties": {"kind": {"type": "string"}, "text": {"type": "string"}},
        },
        "Step": {
            "description": "A timeline step: where in the turn, what happened, the rules it "
            "applied, what caused it, its changes and the ids of the lasting effects it makes "
            "or uses (what a file's order: names them by; the description leaves them out).",
            "type": "object",
            "required": ["index", "phase", "description", "rules", "cause", "changes"],
            "additionalProperties": False,
            "properties": {
                "index": {"type": "integer", "minimum": 0},
                "phase": _TEXTS,
                "description": {"type": "string"},
                "rules": _TEXTS,
                "cause": {
                    "type": "object",
                    "required": ["kind", "card", "text"],
                    "additionalProperties": False,
                    "properties": {
                        "kind": {
                            "enum": ["setup", "action", "effect", "trigger", "rule", "playtester"]
                        },
                        "card": {"type": ["string", "null"]},
                        "text": {"type": "string"},
                    },
                },
                "changes": {"type": "array", "items": {"$ref": "#/$defs/Change"}},
                "effect_ids": _TEXTS,
            },
        },
        "Table": {
            "description": "A table as its facts: the table's own (turn, runes, holders, ...) "
            "and each card's, named as expect and diff name them.",
            "type": "object",
            "required": ["facts", "cards"],
            "additionalProperties": False,
            "properties": {
                "facts": {"type": "object", "additionalProperties": _FACT},
                "cards": {
                    "type": "object",
                    "additionalProperties": {"type": "object", "additionalProperties": _FACT},
                },
            },
        },
        "Run": {
            "allOf": [{"$ref": "#/$defs/Head"}],
            "type": "object",
            "required": ["command", "file", "title", "ruleset", "branch", "steps"],
            "properties": {
                "command": {"const": "run"},
                "file": {"type": "string"},
                "title": {"type": "string"},
                "ruleset": {"type": "string"},
                "branch": {"type": ["string", "null"]},
                "steps": {"type": "array", "items": {"$ref": "#/$defs/Step"}},
                "final_table": {"$ref": "#/$defs/Table"},
                "failures": _TEXTS,
                "warnings": _TEXTS,
                "waiting": {
                    "type": ["object", "null"],
                    "required": ["kind", "players", "prompt", "pass_label", "rules", "since"],
                },
            },
        },
        "Check": {
            "allOf": [{"$ref": "#/$defs/Head"}],
            "type": "object",
            "required": ["command", "files", "counts"],
            "properties": {
                "command": {"const": "check"},
                "files": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["file", "outcome", "title", "problems", "warnings"],
                        "additionalProperties": False,
                        "properties": {
                            "file": {"type": "string"},
                            "outcome": {"enum": ["ok", "failed", "bad input"]},
                            "title": {"type": ["string", "null"]},
                            "problems": _TEXTS,
                            "warnings": _TEXTS,
                        },
                    },
                },
                "counts": {
                    "type": "object",
                    "required": ["ok", "failed", "bad input"],
                    "additionalProperties": {"type": "integer", "minimum": 0},
                },
            },
        },
        "Diff": {
            "allOf": [{"$ref": "#/$defs/Head"}],
            "type": "object",
            "required": ["command", "left", "right", "diverge", "steps", "differences"],
            "properties": {
                "command": {"const": "diff"},
                "file": {"type": "string"},
                "title": {"type": "string"},
                "left": {"$ref": "#/$defs/Side"},
                "right": {"$ref": "#/$defs/Side"},
                "diverge": {"type": ["integer", "null"]},
                "steps": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["left", "right"],
                        "properties": {
                            "left": {"oneOf": [{"$ref": "#/$defs/Step"}, {"type": "null"}]},
                            "right": {"oneOf": [{"$ref": "#/$defs/Step"}, {"type": "null"}]},
                        },
                    },
                },
                "differences": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["card", "fact", "left", "right", "text"],
                        "properties": {
                            "card": {"type": "string"},
                            "fact": {"type": "string"},
                            "left": _FACT,
                            "right": _FACT,
                            "text": {"type": "string"},
                        },
                    },
                },
            },
        },
        "Side": {
            "type": "object",
            "required": ["branch", "step", "description"],
            "properties": {
                "branch": {"type": "string"},
                "step": {"type": "integer"},
                "description": {"type": "string"},
            },
        },
    },
}
