"""What a lesson file teaches beside its script: a note per labelled action, and the questions a
student answers before an action that decides something (the app's predict mode).

    notes:
      start: Bob's sentinel has 4 Might and 2 damage.
      spark: The Spark would make it 4: lethal, unless something comes first.
    predict:
      - at: spark
        question: Does the sentinel survive the Spark?
        choices: [It survives, It dies]
        answer: It survives
        why: Quick Mend resolves first (last in, first out) and heals the 2 damage.

A note's key and a question's ``at`` are labels of the file's script (``start``: the set-up);
``check`` refuses one that is not, with the labels there are. A what-if branch has ``notes``
too, keyed by the labels of its own timeline: its script's and those of the actions it keeps.
One question per action: once it is answered the action is shown, and a second question would
ask what is already on screen.

A lesson's words are plain text, shown as written (never as markup), and read as written: a
plain ``Yes``, ``off`` or ``3`` is the word, not YAML's boolean or number. A note, question or
reason is not empty and holds at most ``MAX_TEXT`` characters (a panel's reading, laid out at
every step), a choice at most ``MAX_CHOICE`` (a button); the choices of a question are names a
student tells apart: none empty, none twice, none a look-alike of another (``engine/names.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Annotated, Any, NamedTuple

import yaml
from pydantic import AfterValidator, Field, model_validator

from engine.errors import InvalidAt, ScenarioError, first_of
from engine.frozen import Frozen
from engine.names import Distinct, Name, checked, how_alike, nfc
from engine.safe_yaml import LOADER
from engine.script import START, unknown_label
from engine.yaml_source import YamlSource

MAX_TEXT = 2000  # characters of a note, a question or its reason
MAX_CHOICE = 200  # characters of a choice


def _text(text: str) -> str:
    if not text.strip():
        raise ValueError("a lesson's text cannot be empty or only spaces")
    if len(text) > MAX_TEXT:
        raise ValueError(f"{len(text):,} characters; a lesson's text holds at most {MAX_TEXT:,}")
    return text


def _choice(choice: str) -> str:
    if not choice.strip():
        raise ValueError("a choice cannot be empty or only spaces")
    if len(choice) > MAX_CHOICE:
        raise ValueError(f"{len(choice):,} characters; a choice holds at most {MAX_CHOICE}")
    return checked(choice)  # in NFC; a character that does not show, or a space at an end, refused


Text = Annotated[str, AfterValidator(_text)]  # a note, a question, a reason
Choice = Annotated[str, AfterValidator(_choice)]  # one answer offered


class Prediction(Frozen):
    """A question asked before the action labelled ``at`` is shown: the student picks one of
    ``choices``, then the action's steps are revealed and ``why`` says why ``answer`` is right."""

    at: Name
    """The label of the action that decides (not ``start``: nothing is played before it)."""
    question: Text
    """What the student is asked, about what the action will do."""
    choices: tuple[Choice, ...] = Field(min_length=2, max_length=6)
    """The answers offered, two to six, each told apart from the others (not the same but for
    case, spacing or Unicode's spelling)."""
    answer: Choice
    """The right one: one of ``choices``, written the same."""
    why: Text
    """Shown with the outcome: the rule that decides it, in the teacher's words."""

    @model_validator(mode="after")
    def _can_be_asked(self) -> Prediction:
        seen = Distinct[None]()  # what a student could take for another choice
        for index, choice in enumerate(self.choices):
            earlier = seen.add(choice, None)
            if earlier is not None:
                other = earlier[0]
                raise InvalidAt(
                    ("choices", index),
                    f"the choice {choice!r} is given twice"
                    if other == choice
                    else f"the choices {other!r} and {choice!r} {how_alike(other, choice)}",
                )
        if self.answer not in self.choices:
            raise ValueError(
                f"the answer {self.answer!r} is not one of the choices: {', '.join(self.choices)}"
            )
        if self.at == START:
            raise ValueError(f"a question comes before an action; {START!r} is the set-up")
        return self


def _one_per_action(predict: tuple[Prediction, ...]) -> tuple[Prediction, ...]:
    first: dict[str, int] = {}
    for index, question in enumerate(predict):
        if first.setdefault(question.at, index) != index:
            raise InvalidAt(
                (index, "at"),
                f"predict[{first[question.at]}] already asks before {question.at!r}: "
                "one question per action",
            )
    return predict


Predictions = Annotated[tuple[Prediction, ...], AfterValidator(_one_per_action)]
Notes = dict[Name, Text]  # a note per label


def words_as_written(source: YamlSource) -> None:
    """Make the lesson's words in ``source.data`` the text written: YAML 1.1 reads a plain
    ``Yes``, ``off`` or ``3`` as a boolean or a number, where the teacher wrote a word. Only a
    file whose words hold one is read again (composed, not constructed: its limits held)."""
    data = source.data
    read = [place for place, value in _words(data) if isinstance(value, bool | int | float)]
    if not read:
        return
    root = yaml.compose(source.text, Loader=LOADER)
    for place in read:
        node = _node_at(root, place)
        if isinstance(node, yaml.ScalarNode):
            *into, last = place
            _container_at(data, into)[last] = node.value


def _words(data: object) -> Iterator[tuple[tuple[str | int, ...], object]]:
    """The place and value of every note (a branch's too), question, choice, answer and reason
    in ``data``."""
    if not isinstance(data, dict):
        return
    notes, predict, branches = data.get("notes"), data.get("predict"), data.get("branches")
    if isinstance(notes, dict):
        yield from ((("notes", key), value) for key, value in notes.items())
    for index, branch in enumerate(branches if isinstance(branches, list) else []):
        notes = branch.get("notes") if isinstance(branch, dict) else None
        if isinstance(notes, dict):
            yield from ((("branches", index, "notes", key), value) for key, value in notes.items())
    for index, question in enumerate(predict if isinstance(predict, list) else []):
        if not isinstance(question, dict):
            continue
        for key in ("question", "answer", "why"):
            if key in question:
                yield ("predict", index, key), question[key]
        choices = question.get("choices")
        for n, choice in enumerate(choices if isinstance(choices, list) else []):
            yield ("predict", index, "choices", n), choice


def _node_at(node: yaml.Node | None, place: Sequence[str | int]) -> yaml.Node | None:
    for key in place:
        if isinstance(node, yaml.SequenceNode) and isinstance(key, int):
            node = node.value[key]
        elif isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if nfc(k.value) == key), None)
        else:
            return None
    return node


def _container_at(data: Any, place: Sequence[str | int]) -> Any:
    for key in place:
        data = data[key]
    return data


class BranchNotes(NamedTuple):
    """A branch's notes, written at ``branches[place].notes``, and the labels of its timeline:
    its own script's and those of the actions it keeps, ``start`` included."""

    place: int
    name: str
    notes: Mapping[str, str]
    labels: Collection[str]


def verify_teaching(
    notes: Mapping[str, str],
    predict: Sequence[Prediction],
    labels: Collection[str],
    source: YamlSource,
    branches: Sequence[BranchNotes] = (),
) -> None:
    """Raise ScenarioError at every note and question whose label is not one of ``labels``
    (the script's, ``start`` included), and at every branch's note whose label its timeline
    does not play, naming the branch; the others after the first."""
    problems = _misplaced_notes(("notes",), notes, labels, source)
    problems += [
        source.error(("predict", index, "at"), unknown_label(question.at, _listed(labels)))
        for index, question in enumerate(predict)
        if question.at not in labels
    ]
    for branch in branches:
        where = ("branches", branch.place, "notes")
        whose = f"branch {branch.name!r}: "
        problems += _misplaced_notes(where, branch.notes, branch.labels, source, whose)
    if problems:
        raise first_of(problems)


def _misplaced_notes(
    where: tuple[str | int, ...],
    notes: Mapping[str, str],
    labels: Collection[str],
    source: YamlSource,
    whose: str = "",
) -> list[ScenarioError]:
    """An error at each of ``notes`` (written at ``where``) whose label is not in ``labels``."""
    return [
        source.error((*where, key), whose + unknown_label(key, _listed(labels)))
        for key in notes
        if key not in labels
    ]


def _listed(labels: Collection[str]) -> list[str]:
    """``labels`` as an error lists them: ``start`` first, then the others sorted."""
    return sorted(labels, key=lambda label: (label != START, label))
