"""The keys every ruleset's scenario file shares, with their docstrings and checks: a ruleset's
scenario model subclasses ``ScenarioFields`` (or ``CardScenarioFields``, which adds a lesson's
``notes`` and ``predict`` and the card ``pool`` and inline ``cards``) with its own set-up,
action and expectation models, and overrides only ``ruleset`` (its name, a ``Literal``) and
what it says its own way (``rules`` with its own ids, its own starter ``pool``).

The keys keep the order files write them in, which ``cardtable schema``, the reference in
docs/scenarios.md and the keys an error lists show. Pydantic puts each field where the first
class in reversed ``__mro__`` declares it (an override keeps that place): so the keys are cut
into groups, each a class, where keys a format may go without (a lesson's, the inline cards)
come between others, and a model lists its groups last first.
"""

from __future__ import annotations

from typing import Generic, Self, TypeVar, get_args

from pydantic import model_validator

from engine.branches import Branch, check_branches, check_written, unique_labels
from engine.errors import InvalidAt
from engine.frozen import Frozen
from engine.lessons import Notes, Predictions
from engine.pools import card_name
from engine.script import ExpectationBase, ExpectedError, ScriptAction, unique_names

SetupT = TypeVar("SetupT", bound=Frozen)
ActionT = TypeVar("ActionT", bound=ScriptAction)
ExpectT = TypeVar("ExpectT", bound=ExpectationBase)
CardT = TypeVar("CardT", bound=Frozen)


class Heading(Frozen):
    """What the file is and what it is about."""

    ruleset: str
    """Selects this format."""
    title: str
    """Shown by ``run``, ``check`` and the app."""
    description: str = ""
    """Shown by ``run`` under the title."""
    topic: str = ""
    """A lesson's subject: File > Lessons groups lessons by it."""


class Lesson(Frozen):
    """What a lesson teaches beside its script (``engine.lessons``)."""

    notes: Notes = {}
    """A lesson's note per action, keyed by its script label (``start``: the set-up): the app's
    lesson panel shows it while that action's steps are shown."""
    predict: Predictions = ()
    """Questions for the app's predict mode, each asked before its labelled action is shown."""


class RulesShown(Frozen):
    """The rules the scenario is about (``engine.rule_ids`` checks them)."""

    rules: tuple[str, ...] = ()
    """The rule ids the scenario shows; each must be an id a ruleset or ruling defines, and one
    a step or an ``expect_error`` cites (else a warning). A sandbox, a table built for play,
    may leave them out; a lesson or a test (``topic``, ``notes``, ``predict``, ``expect``,
    ``expect_error``) names them."""

    @model_validator(mode="after")
    def _a_test_names_its_rules(self) -> Self:
        # A file that teaches or tests says what it teaches: that is what ``check`` holds it to
        # (every rule named must apply). A sandbox teaches nothing, so it has nothing to name.
        if self.rules:
            return self
        teaching = [key for key in TEACHING if getattr(self, key, None)]
        branches = getattr(self, "branches", ())
        teaching += ["a branch's expect" for b in branches if b.expect]
        teaching += ["a branch's notes" for b in branches if b.notes]
        if not teaching:
            return self
        raise InvalidAt(
            ("rules",),
            f"a file with {teaching[0]} is a lesson or a test: name the rules it shows in "
            "rules: (only a sandbox, a table built for play, may leave them out)",
        )


# The keys that make a file a lesson or a test, which must name its rules (``RulesShown``).
TEACHING = ("topic", "notes", "predict", "expect", "expect_error")


class InlineCards(Frozen, Generic[CardT]):
    """The cards the set-up may name (``engine.pools.scenario_cards``)."""

    pool: str | None  # a ruleset gives its starter pool as the default
    """A card pool by name, never a path: a shipped pool (``assets/pools/NAME.yaml``), else one
    of the user's card files (``NAME.yaml`` in the user's cards folder, docs/app.md); ``null``:
    only the inline ``cards``."""
    cards: tuple[CardT, ...] = ()
    """Inline card definitions; one with a pool card's name replaces it here."""


class Played(Frozen, Generic[SetupT, ActionT, ExpectT]):
    """The table set up, the script played on it and what must come of it."""

    setup: SetupT
    """The first table."""
    script: tuple[ActionT, ...] = ()
    """Actions played in order."""
    expect: tuple[ExpectT, ...] = ()
    """Checked by ``run`` and ``check``."""
    expect_error: ExpectedError | None = None
    """The script stops at its first refusal, which must cite this rule (else status 1); the
    timeline holds what came before it."""
    branches: tuple[Branch[ActionT, ExpectT], ...] = ()
    """Other ways the scenario could go, each played and checked on its own timeline."""

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: object) -> object:
        # the ruleset's action model (what ``script`` holds) finds the actions inside others
        action: type[ScriptAction] = get_args(cls.model_fields["script"].annotation)[0]
        check_written(data, action)
        return data

    @model_validator(mode="after")
    def _labels_and_branches(self) -> Self:
        unique_labels(self.script, self.branches)
        check_branches(self.script, self.branches)
        return self


class ScenarioFields(Played[SetupT, ActionT, ExpectT], RulesShown, Heading):
    """A scenario file: a table set up, a script played on it, what must come of it."""


class CardScenarioFields(
    Played[SetupT, ActionT, ExpectT],
    InlineCards[CardT],
    RulesShown,
    Lesson,
    Heading,
    Generic[SetupT, ActionT, ExpectT, CardT],
):
    """A scenario file that may be a lesson and may define its own cards."""

    @model_validator(mode="after")
    def _cards_named_once(self) -> Self:
        unique_names([card_name(card) for card in self.cards])
        return self
