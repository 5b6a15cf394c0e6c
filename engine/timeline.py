"""Timeline steps and the recorder every ruleset's game drives.

Every change to the table is a step: the phase path it happened in, a one-line description, the
rule ids it applied, its cause, the typed changes and the immutable table after it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Generic, Literal, TypeVarTuple

from pydantic import SerializeAsAny

from engine.cascades import ACTION_STEP_LIMIT, CascadeError
from engine.changes import Change
from engine.errors import RuleError
from engine.frozen import Frozen
from engine.table_shape import TableT, TableT_co


class Cause(Frozen):
    """What made a step happen: a player's action, a card's effect, a trigger, or the rules."""

    kind: Literal["setup", "action", "effect", "trigger", "rule", "playtester"]
    card: str | None = None
    text: str = ""

    def describe(self) -> str:
        """The cause as the inspector names it.

        >>> Cause(kind="playtester", text="deal 5 to ember-imp").describe()
        'playtester: deal 5 to ember-imp'
        >>> Cause(kind="setup").describe()
        'setup'
        """
        return f"{self.kind}: {self.text}" if self.text else self.kind


class Step(Frozen, Generic[TableT_co]):
    """One recorded change of the table: a ``Step[MightTable]`` holds a might table."""

    index: int
    phase: tuple[str, ...]
    description: str
    rules: tuple[str, ...]
    cause: Cause
    changes: tuple[SerializeAsAny[Change], ...] = ()  # each dumped with its own fields
    # The ids of the lasting effects the step makes or uses (e1, or a file's own name): what a
    # file's ``order:`` and expectations name them by. The description leaves them out, to read
    # as words on the table; ``cardtable run`` and the inspector give them (``with_effect_ids``).
    effect_ids: tuple[str, ...] = ()
    table: SerializeAsAny[TableT_co]  # dumped as its own model, whatever its ruleset

    def with_effect_ids(self) -> str:
        """The description, then the ids of the effects it makes or uses, as authors read it:
        ``... gets +2 Might from battle-cry this turn: Might 2 -> 4 (effect e4)``."""
        if not self.effect_ids:
            return self.description
        noun = "effect" if len(self.effect_ids) == 1 else "effects"
        return f"{self.description} ({noun} {', '.join(self.effect_ids)})"

    def changed_cards(self) -> set[str]:
        """Every card a change of this step is about (a declaration: attacker and target)."""
        return {card for change in self.changes for card in change.cards()}


# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md)
_new_step = Step.model_construct
Args = TypeVarTuple("Args")
# What undoing to a point needs: the number of steps, the table, the phase, the ruleset's state.
Checkpoint = tuple[int, TableT, tuple[str, ...], object]
_CITED: dict[tuple[str, ...], tuple[str, ...]] = {}


def turn_label(turn: int, player: str) -> str:
    """The top level of every phase path: ``Turn 3 (Alice)``."""
    return f"Turn {turn} ({player})"


class Recorder(Generic[TableT]):
    """Holds the current table and the timeline; records steps and rolls back failed actions."""

    def __init__(
        self, table: TableT, phase: Sequence[str] = ("Set-up",), rules: Sequence[str] = ()
    ) -> None:
        """A game whose timeline holds one step, step 0, "The table as set up".

        ``table``: the table as set up, step 0's and the current one (``self.table``).
        ``phase``: the phase path of step 0 and of the steps recorded next (``self.phase``,
        which the game changes as play moves on): ``(turn_label(1, "Alice"), "Main phase")``.
        ``rules``: the rule ids step 0 cites, those of the table's layout (souls: ``("S-1",)``);
        none by default. ``record`` needs at least one; step 0 does not.
        """
        self.table: TableT = table
        self.phase: tuple[str, ...] = tuple(phase)
        # The index of the first step the action under way may not record (P-48): none while
        # no action runs.
        self._step_limit = sys.maxsize
        self.steps: list[Step[TableT]] = [
            Step(
                index=0,
                phase=self.phase,
                description="The table as set up",
                rules=tuple(rules),
                cause=Cause(kind="setup"),
                table=table,
            )
        ]

    def record(
        self,
        description: str,
        rules: Sequence[str],
        cause: Cause,
        changes: Sequence[Change] = (),
        sub_step: str | None = None,
        effect_ids: Sequence[str] = (),
    ) -> Step[TableT]:
        """Append a step showing the current table; ``rules`` must cite at least one rule id;
        ``effect_ids``: the lasting effects it makes or uses, which ``description`` leaves out."""
        if not rules:
            raise ValueError(f"step {description!r} cites no rule")
        index = len(self.steps)
        if index >= self._step_limit:
            raise CascadeError
        phase = (*self.phase, sub_step) if sub_step else self.phase
        cited = tuple(rules)
        # The engine's own values: validating costs time. ``Step``, not ``Step[TableT]``: a
        # parametrized pydantic model is a class of its own, made (and looked up) per type.
        step = _new_step(
            index=index,
            phase=phase,
            description=description,
            rules=_CITED.setdefault(cited, cited),  # a few hundred combinations, shared
            cause=cause,
            changes=tuple(changes),
            table=self.table,
            effect_ids=tuple(effect_ids),
        )
        self.steps.append(step)
        return step

    @staticmethod
    def _can(verify: Callable[[*Args], None], *args: *Args) -> bool:
        """``can_x`` from ``verify_x``: True unless the rules reject it."""
        try:
            verify(*args)
        except RuleError:
            return False
        return True

    def rules_state(self) -> tuple[object, ...]:
        """Where play stands besides the table, phase and steps (none here): what a refused
        action leaves as it was, as the fuzz harness checks."""
        return ()

    def _save_state(self) -> object:
        """Extra progress state a ruleset keeps besides table, phase and steps (none here)."""
        return None

    def _restore_state(self, state: object) -> None:
        """Put back what ``_save_state`` returned."""

    def _checkpoint(self) -> Checkpoint[TableT]:
        """What ``_roll_back`` needs to put the game back as it is now."""
        return (len(self.steps), self.table, self.phase, self._save_state())

    def _roll_back(self, mark: Checkpoint[TableT]) -> None:
        steps, self.table, self.phase, state = mark
        del self.steps[steps:]
        self._restore_state(state)

    def _act(
        self, check: Callable[[], None], act: Callable[[*Args], object], *args: *Args
    ) -> list[Step[TableT]]:
        """``x``: ``check``, then ``act(*args)`` and what the rules do after every action
        (``_settle``), all or nothing: on any error, a loop's (P-25) or a cascade's past
        ``ACTION_STEP_LIMIT`` steps (P-48) too, the game is put back as it was. The steps it
        recorded.

        A ruleset's actions come here: a ``transaction`` without a context manager's calls, as
        this is the hot path.
        """
        mark = self._checkpoint()
        outer_limit = self._step_limit
        try:
            check()
            first = len(self.steps)
            limit = first + ACTION_STEP_LIMIT  # a nested action keeps the outer one's if less
            self._step_limit = limit if limit < outer_limit else outer_limit  # ``min``, no call
            act(*args)
            self._settle()
        except BaseException:
            self._roll_back(mark)
            raise
        finally:
            self._step_limit = outer_limit
        return self.steps[first:]

    def _settle(self) -> None:
        """What the rules do after every action, a capture check or triggers (nothing here)."""

    def _verify(
        self, check: Callable[[], None], action: Callable[[*Args], object], *args: *Args
    ) -> None:
        """``verify_x``: ``check``, then, when the cards could loop for ever (``_may_loop``),
        ``x`` itself (``action``) rehearsed: only acting shows a loop that never ends (P-25),
        so that ``can_x`` answers as ``x`` would."""
        check()
        if self._may_loop():
            self.rehearse(lambda: action(*args))

    def _may_loop(self) -> bool:
        """Whether an action's rules could repeat for ever (P-25): a ruleset that can tell when
        they cannot spares ``verify_x`` its rehearsal."""
        return True

    def transaction(self) -> AbstractContextManager[None]:
        """Run an action all or nothing: on any error the table and timeline are restored.

        >>> from engine.scenario import game_from_yaml
        >>> game = game_from_yaml('''
        ... ruleset: souls
        ... title: Two Souls
        ... rules: [S-1]
        ... setup:
        ...   players:
        ...     - {name: Alice, slots: {A1: {card: Thorn Squire}}}
        ...     - {name: Bob, slots: {A1: {card: Ember Imp}}}
        ... ''')
        >>> try:
        ...     with game.transaction():
        ...         _ = game.deal("ember-imp", 5)
        ...         print(game.table.cards["ember-imp"].damage, len(game.steps) > 1)
        ...         raise RuntimeError("changed my mind")
        ... except RuntimeError:
        ...     pass
        5 True
        >>> game.table.cards["ember-imp"].damage, len(game.steps)
        (0, 1)
        """
        return _Transaction(self)

    def rehearse(self, act: Callable[[], object]) -> None:
        """Carry out ``act`` and undo it whatever happens; its RuleError (a loop, P-25) escapes.

        ``verify_x`` rehearses an action where only acting shows whether the rules allow it
        (cards that would loop for ever); choices it meets get the answers ``_rehearsing``
        gives.
        """
        mark = self._checkpoint()
        try:
            with self._rehearsing():
                act()
        finally:
            self._roll_back(mark)

    def _rehearsing(self) -> AbstractContextManager[None]:
        """What holds while a rehearsal runs (nothing here): a rehearsal asks nobody, so a
        ruleset whose rules ask the players answers with the rules' defaults."""
        return nullcontext()


class _Transaction(AbstractContextManager[None]):
    """``Recorder.transaction``: a class, not a generator, as every script action opens one."""

    __slots__ = ("recorder", "mark")

    def __init__(self, recorder: Recorder[Any]) -> None:
        self.recorder = recorder

    def __enter__(self) -> None:
        self.mark = self.recorder._checkpoint()

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is not None:  # any error: undo it all
            self.recorder._roll_back(self.mark)
