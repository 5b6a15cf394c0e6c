"""What the user writes into the open file besides the script: its expectations (``Expect
this``), a lesson's notes and questions and the rules it shows, as the data the file will hold.
No Qt and no rules here: the engine makes each expectation (``engine.authoring``) and validates
each question (``engine.lessons.Prediction``) and rule id (``engine.rule_ids``); saving writes
this data into the file (``scenario_text``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import count
from typing import Any

from engine.lessons import Prediction
from engine.names import look
from engine.script import ScriptAction, card_id


@dataclass(frozen=True)
class Authored:
    """The file's ``expect:`` entries, ``notes`` and ``predict`` entries as data, in file order:
    those read from the file first, as written, then those the user added; and the ids its
    ``rules:`` names (a file with any of the others is a lesson or a test and names them)."""

    expect: tuple[dict[str, Any], ...] = ()
    notes: Mapping[str, str] = field(default_factory=dict)
    predict: tuple[dict[str, Any], ...] = ()
    rules: tuple[str, ...] = ()

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Authored:
        """What the file read as ``data`` holds."""
        return cls(
            tuple(data.get("expect") or ()),
            dict(data.get("notes") or {}),
            tuple(data.get("predict") or ()),
            tuple(data.get("rules") or ()),
        )

    def data(self) -> dict[str, Any]:
        """The top-level keys as saving writes them (``scenario_text``'s ``authored``)."""
        notes, predict, expect = dict(self.notes), list(self.predict), list(self.expect)
        return {"notes": notes, "predict": predict, "rules": list(self.rules), "expect": expect}

    @property
    def predictions(self) -> tuple[Prediction, ...]:
        """The questions, for the lesson panel (each was validated when it was added)."""
        return tuple(Prediction.model_validate(entry) for entry in self.predict)

    def expecting(self, entry: dict[str, Any]) -> Authored:
        return replace(self, expect=(*self.expect, entry))

    def noting(self, label: str, text: str) -> Authored:
        """With ``text`` as the note of ``label``; an empty text takes the note out."""
        notes = dict(self.notes)  # a note written again keeps its place
        if text:
            notes[label] = text
        else:
            notes.pop(label, None)
        return replace(self, notes=notes)

    def asking(self, question: Prediction) -> Authored:
        """With ``question``, in place of any question already asked before its action."""
        entry = question.model_dump(mode="json")
        asked = [entry if old.get("at") == question.at else old for old in self.predict]
        return replace(self, predict=tuple(asked if entry in asked else [*asked, entry]))

    def naming(self, rules: tuple[str, ...]) -> Authored:
        """With ``rules`` as the ids the file's ``rules:`` names."""
        return replace(self, rules=rules)

    def relabelled(self, old: str, new: str) -> Authored:
        """With every reference to label ``old`` (an expectation's ``at``, ``before``,
        ``between``; a note's key; a question's ``at``) naming ``new`` instead."""
        return replace(
            self,
            expect=tuple(_renamed(entry, old, new) for entry in self.expect),
            notes={new if key == old else key: text for key, text in self.notes.items()},
            predict=tuple({**q, "at": new} if q.get("at") == old else q for q in self.predict),
        )

    def uses(self, label: str) -> bool:
        """Whether an expectation, a note or a question refers to ``label``."""
        return self.relabelled(label, "\0") != self  # "\0": no label has it


def _renamed(entry: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """An expectation with the label ``old`` renamed ``new`` where it names a table."""

    def label(value: object) -> object:
        return new if value == old else value

    renamed = {key: label(value) if key == "at" else value for key, value in entry.items()}
    for key in ("steps", "no_steps"):
        if isinstance(entry.get(key), list):
            renamed[key] = [_renamed_match(match, label) for match in entry[key]]
    return renamed


def _renamed_match(match: object, label: Any) -> object:
    if not isinstance(match, dict):
        return match
    renamed = {key: label(value) if key == "before" else value for key, value in match.items()}
    if isinstance(match.get("between"), list):
        renamed["between"] = [label(value) for value in match["between"]]
    return renamed


def new_label(action: ScriptAction, taken: set[str]) -> str:
    """A label for ``action`` that no other action of the file has: its kind (``attack``),
    numbered from 2 when taken (``attack-2``)."""
    wanted, looks = card_id(action.kind), {look(label) for label in taken}
    names = (wanted if n == 1 else f"{wanted}-{n}" for n in count(1))
    return next(name for name in names if look(name) not in looks)
