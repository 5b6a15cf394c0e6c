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
``check`` refuses one that is not, with the labels there are.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from pydantic import Field, model_validator

from engine.errors import first_of
from engine.frozen import Frozen
from engine.names import Name
from engine.script import START, unknown_label
from engine.yaml_source import YamlSource


class Prediction(Frozen):
    """A question asked before the action labelled ``at`` is shown: the student picks one of
    ``choices``, then the action's steps are revealed and ``why`` says why ``answer`` is right."""

    at: Name
    """The label of the action that decides (not ``start``: nothing is played before it)."""
    question: str
    """What the student is asked, about what the action will do."""
    choices: tuple[str, ...] = Field(min_length=2, max_length=6)
    """The answers offered, two to six."""
    answer: str
    """The right one: one of ``choices``, written the same."""
    why: str
    """Shown with the outcome: the rule that decides it, in the teacher's words."""

    @model_validator(mode="after")
    def _answer_is_a_choice(self) -> Prediction:
        if self.answer not in self.choices:
            raise ValueError(
                f"the answer {self.answer!r} is not one of the choices: {', '.join(self.choices)}"
            )
        if self.at == START:
            raise ValueError(f"a question comes before an action; {START!r} is the set-up")
        return self


def verify_teaching(
    notes: Mapping[str, str],
    predict: Sequence[Prediction],
    labels: Collection[str],
    source: YamlSource,
) -> None:
    """Raise ScenarioError at every note and question whose label is not one of ``labels``
    (the script's, ``start`` included), the others after the first."""
    known = sorted(labels, key=lambda label: (label != START, label))
    problems = [
        source.error(("notes", key), unknown_label(key, known))
        for key in notes
        if key not in labels
    ]
    problems += [
        source.error(("predict", index, "at"), unknown_label(question.at, known))
        for index, question in enumerate(predict)
        if question.at not in labels
    ]
    if problems:
        raise first_of(problems)
