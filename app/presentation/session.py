"""The open scenario and what the user did with it: the timeline, the selected step, undo/redo.

The session holds no rules: it replays the scenario's set-up with a list of script actions
through the engine (``Playthrough``) and keeps the last good playthrough when anything fails.
No Qt either: each operation returns a ``Changed`` record of what it changed (as Anki's
operations do) and tells its listeners; ``app/widgets/session_signals.py`` turns that into Qt
signals.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from app.files.saving import (
    FileChanged,
    SavedBranch,
    SaveError,
    is_shipped,
    save_text,
    scenario_text,
    with_keys,
)
from app.presentation.authoring import Authored, new_label
from app.presentation.branches import BranchState, action_label, answers_label, unique_name
from app.presentation.views import verify_view
from engine.acting import ActingPoint, acting_point
from engine.authoring import card_expectation, table_expectation
from engine.branches import MAIN
from engine.choices import Chooser, default_chooser
from engine.errors import RuleError, ScenarioError
from engine.frozen import Frozen
from engine.gc_history import freeze_settled, thaw
from engine.input_file import read_text
from engine.lessons import Prediction
from engine.names import Distinct, branch_name, checked, how_alike
from engine.output_files import same_file
from engine.plain_errors import first_problem, plain
from engine.rule_ids import rule_problem
from engine.scenario import (
    Playthrough,
    Scenario,
    load_scenario,
    play_branch,
    settled,
    validate_scenario,
    without_answers,
)
from engine.scenario_fields import Lesson
from engine.script import END, START, ScriptAction, script_labels
from engine.setup_edits import Draft, new_draft, refusal_text
from engine.setup_edits import checked as checked_draft
from engine.table_shape import TableShape
from engine.timeline import Step
from engine.windows import Waiting
from engine.yaml_source import YamlSource, describe_location

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Changed:
    """What one operation of the session changed, so that views redraw just that; false when
    nothing did."""

    timeline: bool = False  # the steps were replaced: another playthrough, branch or file
    step: bool = False  # the selected step moved (``Session.index``)
    dirty: bool = False  # the unsaved mark changed (``Session.dirty``)
    authored: bool = False  # the expectations, notes or questions changed (``Session.authored``)

    def __or__(self, other: Changed) -> Changed:
        return Changed(*(getattr(self, f.name) or getattr(other, f.name) for f in fields(self)))

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))


NOTHING = Changed()
Listener = Callable[[Changed], None]


@dataclass(frozen=True)
class Edit:
    """What the user wrote (``Authored``) before and after one edit, undone and redone as a
    whole, and the file's own actions before and after it when it labelled one."""

    before: Authored
    after: Authored
    actions: tuple[list[ScriptAction], list[ScriptAction]] | None = None
    texts: tuple[str, str] | None = None  # the file's text before and after (``rewrite``)


@dataclass(frozen=True)
class PlayedTable:
    """The table whose set-up set-up mode edits (``Session.begin_setup``): what ``start_here``
    plays its actions again on the new set-up from, or comes back to, as it was."""

    play: Playthrough  # the branch shown; the others stay in ``Session.put_aside``
    scenario: Scenario
    source: YamlSource
    index: int
    dirty: bool
    data: Any  # the file's data it began with: the draft's ``setup:`` and ``cards:`` are edited


@dataclass(frozen=True)
class Saved:
    """What a save tells the user: the file's expectations that no longer hold (when the script
    changed), and the file's other names that keep the old text (``save_text``), if it had any."""

    broken: list[str]
    unlinked: str | None = None


class Session:
    """The open scenario; ``listeners`` hear of every change (``Changed``)."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []
        self.path: Path | None = None
        self.scenario: Scenario | None = None
        self.source: YamlSource | None = None
        self.play: Playthrough | None = None
        self.redo_stack: list[tuple[ScriptAction, bool]] = []  # (action, open its window)
        self.last_action: tuple[int, int] | None = None  # first and last step of the last played
        self.index = 0
        self._dirty = False
        self.chooser: Chooser = default_chooser
        self._probe: tuple[ActingPoint, Playthrough] | None = None  # judges earlier steps
        self._point: tuple[int, ActingPoint | RuleError] | None = None  # of the step selected
        self.branch = MAIN  # the branch shown; the others wait in ``put_aside``
        self.put_aside: dict[str, BranchState] = {}
        self.parents: dict[str, str] = {MAIN: ""}  # every branch, in the order made
        self.origins: dict[str, int] = {}  # a branch's place among the file's, by its name now
        self.disk_text: str | None = None  # the file's text as last read or saved
        self.disk_stamp: tuple[int, int] | None = None  # and its (mtime, size) then
        self.authored = Authored()  # the expectations, notes and questions the file will hold
        # What undo takes back, last last: an edit of ``authored``, or None for an action (the
        # file's own actions are taken back when this runs out); ``undone``: what redo redoes.
        self.history: list[Edit | None] = []
        self.undone: list[Edit | None] = []
        # Set-up mode: the table shown is ``draft``'s set-up, step 0, not yet played. Edits
        # (``edit_setup``) change the set-up and nothing is played until ``start_here``; undo
        # and redo take back and give back edits. A new table (``new_table``) starts in it, an
        # open one enters it (``begin_setup``) and leaves it with its actions played again.
        self.setting_up = False
        self.draft: Draft | None = None  # the set-up being built, as its file writes it
        self.played: PlayedTable | None = None  # the open table, while its set-up is edited
        self.setup_undo: list[Draft] = []
        self.setup_redo: list[Draft] = []

    # ----------------------------------------------------------------------------- reading

    @property
    def steps(self) -> list[Step]:
        return self.play.game.steps if self.play else []

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.play else None

    @property
    def table(self) -> TableShape | None:
        return self.step.table if self.step else None

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def at_end(self) -> bool:
        return self.index == self.last

    def actions(self) -> list[ScriptAction]:
        return list(self.play.actions) if self.play else []

    @property
    def dirty(self) -> bool:
        """True when there are actions not saved to the file."""
        return self._dirty

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self._tell(self._mark(value))

    def _mark(self, dirty: bool) -> Changed:
        if dirty == self._dirty:
            return NOTHING
        self._dirty = dirty
        return Changed(dirty=True)

    def _tell(self, changed: Changed) -> Changed:
        """Tell the listeners what changed (nothing when nothing did); return it."""
        if changed:
            for listener in list(self.listeners):
                listener(changed)
        return changed

    @property
    def read_only(self) -> bool:
        """A shipped example: saving it asks for a new file."""
        return self.path is not None and is_shipped(self.path)

    # ----------------------------------------------------------------------------- opening

    def open(self, path: Path) -> Changed:
        """Open a scenario; on any error (raised) the current session is left as it was."""
        thaw()  # the old file's timeline goes back to the collector
        scenario, source = load_scenario(path)
        verify_view(scenario.ruleset, source)
        play = play_branch(scenario, source, MAIN)
        others = {}
        for branch in scenario.branches:  # each branch's own timeline, played once
            branch_play = play_branch(scenario, source, branch.name)
            last = branch_play.game.steps[-1].index
            others[branch.name] = BranchState(branch.parent, branch_play, index=last)
        self.path, self.scenario, self.source = path, scenario, source
        self.branch, self.put_aside = MAIN, others
        self.parents = {MAIN: "", **{b.name: b.parent for b in scenario.branches}}
        self.origins = {b.name: n for n, b in enumerate(scenario.branches)}
        self.disk_text, self.disk_stamp = source.text, _stamp(path)
        self.authored = Authored.read(source.data)
        self.last_action = None
        self.redo_stack.clear()
        self.history.clear()
        self.undone.clear()
        self._leave_setup()
        opened = self._commit(play, play.game.steps[-1].index) | Changed(authored=True)
        return self._tell(self._mark(False) | opened)

    # ----------------------------------------------------------------------------- set-up mode

    def new_table(self, ruleset: str, players: list[str], title: str = "New table") -> Changed:
        """An empty table of ``ruleset`` for ``players`` titled ``title``, in set-up mode, with
        no file yet; raises ScenarioError (the session unchanged) when the engine refuses it."""
        draft = new_draft(ruleset, players, title.strip())
        thaw()
        self.path, self.disk_text, self.disk_stamp = None, None, None
        self.branch, self.put_aside, self.parents, self.origins = MAIN, {}, {MAIN: ""}, {}
        self.last_action = None
        self.redo_stack.clear()
        self.authored = Authored()
        self.history.clear()
        self.undone.clear()
        self._leave_setup()
        self.setting_up = True
        return self._tell(self._mark(False) | self._show_draft(draft))

    def begin_setup(self) -> Changed:
        """Set-up mode on the open table: step 0, the file's data the draft (its script, branches
        and expectations as they are: only ``setup:`` is edited, and ``cards:`` by the card
        designer), played again by ``start_here``."""
        if self.setting_up or self.play is None or self.source is None or self.scenario is None:
            return NOTHING
        data = deepcopy(self.source.data)
        played = PlayedTable(self.play, self.scenario, self.source, self.index, self._dirty, data)
        self._leave_setup()
        self.setting_up, self.played = True, played
        return self._tell(self._show_draft(data))

    def edit_setup(self, edit: Callable[[Draft], Draft]) -> Changed:
        """Apply a set-up edit (``engine.setup_edits``) to the draft: a refusal raises the
        engine's ScenarioError and leaves the set-up as it was."""
        assert self.setting_up and self.draft is not None
        draft = edit(self.draft)
        if draft == self.draft:
            return NOTHING
        self.setup_undo.append(self.draft)
        self.setup_redo.clear()
        return self._tell(self._mark(self._unsaved(draft)) | self._show_draft(draft))

    def _unsaved(self, draft: Draft) -> bool:
        """Whether the table would have unsaved changes with ``draft`` as its set-up: on an open
        table, unless the draft is the set-up (and cards) it had and it had none."""
        played = self.played
        return played is None or played.dirty or draft != played.data

    def _show_draft(self, draft: Draft) -> Changed:
        scenario, source = checked_draft(draft)
        self.draft, self.scenario, self.source = draft, scenario, source
        return self._commit(Playthrough(scenario, source), 0)

    def start_here(self) -> Changed:
        """Leave set-up mode: the set-up is the table the game starts from, and play begins. On
        an open table its actions and every branch's are played again on it, as one edit undo
        takes back, at the step shown before (or the last); an action that no longer plays
        raises the ScenarioError saying which, after which step and why (``_played``), and
        set-up mode stays as it was (so does a SaveError: the file would not be valid)."""
        if not self.setting_up:
            return NOTHING
        played, draft = self.played, self.draft
        if played is None:  # a new table: nothing played yet
            self._leave_setup()
            return self._tell(Changed(timeline=True, step=True))
        assert draft is not None
        table = played.scenario, played.source, played.play, self.put_aside
        edit = None
        # the set-up edited, and the cards the card designer defined in set-up mode
        if edited := {key: value for key, value in draft.items() if value != played.data.get(key)}:
            text = with_keys(played.source, edited)
            table = self._played_on(text, played.source, played.play)
            edit = Edit(self.authored, self.authored, texts=(played.source.text, text))
        self._leave_setup()
        self.scenario, self.source, play, self.put_aside = table
        if edit is not None:
            self.history.append(edit)
            self.undone.clear()
        changed = self._commit(play, min(played.index, play.game.steps[-1].index))
        return self._tell(self._mark(edit is not None or played.dirty) | changed)

    def _leave_setup(self) -> None:
        self.setting_up, self.draft, self.played = False, None, None
        self.setup_undo.clear()
        self.setup_redo.clear()

    def can_undo(self) -> bool:
        """Something to take back: a set-up edit in set-up mode, else an action or an edit of
        the file's expectations, notes and questions."""
        return bool(self.setup_undo) if self.setting_up else bool(self.actions() or self.history)

    def can_redo(self) -> bool:
        return bool(self.setup_redo) if self.setting_up else bool(self.redo_stack or self.undone)

    def _step_setup(self, back: list[Draft], forth: list[Draft]) -> Changed:
        """Undo (or redo) one set-up edit: the draft from ``back``, the current one kept in
        ``forth``."""
        if not back:
            return NOTHING
        assert self.draft is not None
        forth.append(self.draft)
        draft = back.pop()
        return self._tell(self._mark(self._unsaved(draft)) | self._show_draft(draft))

    def _commit(self, play: Playthrough, index: int) -> Changed:
        freeze_settled()
        self.play = play
        self._probe = self._point = None
        self.index = index
        return Changed(timeline=True, step=True)

    # ----------------------------------------------------------------------------- moving

    def select(self, index: int) -> Changed:
        if not self.play:
            return NOTHING
        index = max(0, min(index, self.last))
        if index == self.index:
            return NOTHING
        self.index = index
        return self._tell(Changed(step=True))

    def phase_start(self, direction: int) -> int:
        """The first step of the next (+1) or current/previous (-1) phase."""
        steps = self.steps
        here = steps[self.index].phase[:2]
        i = self.index
        if direction > 0:
            while i < self.last and steps[i].phase[:2] == here:
                i += 1
            return i
        if i > 0 and steps[i - 1].phase[:2] != here:
            i -= 1  # already at a phase start: go to the previous phase
        here = steps[i].phase[:2]
        while i > 0 and steps[i - 1].phase[:2] == here:
            i -= 1
        return i

    # ----------------------------------------------------------------------------- acting

    def _acting_point(self) -> ActingPoint:
        """Where acting at the selected step goes (``engine.acting``): after the actions that
        end by it, or inside the window of the action it is in; raises the RuleError (P-128)
        of a step inside an action, outside its window."""
        assert self.play is not None
        if self._point is None or self._point[0] != self.index:
            try:
                found: ActingPoint | RuleError = acting_point(
                    self._replay, self.play.actions, self.play.runner.ends, self.index
                )
            except RuleError as error:
                found = error
            self._point = (self.index, found)
        if isinstance(self._point[1], RuleError):
            raise self._point[1]
        return self._point[1]

    @property
    def waiting(self) -> Waiting | None:
        """What waits for the players after the last action (a battle window, a spell on the
        chain), or None; acting now plays inside it, ``proceed`` passes."""
        return self.play.waiting() if self.play else None

    def acts_at_end(self) -> bool:
        """Acting follows the last action: at the last step, anywhere in the action played last
        (its first step is selected after playing it) or in the action that waits."""
        if self.play is None:
            return False
        starts = [self.last_action[0]] if self.last_action else []
        if (waiting := self.waiting) is not None:
            starts.append(waiting.since)
        return self.at_end() or any(self.index >= start for start in starts)

    def refusal(self, action: ScriptAction) -> RuleError | None:
        """The engine's refusal of ``action`` after the selected step, or None.

        At an earlier step the actions are judged on a replay up to that step, where acting
        would take place; inside an open window, as the table stands in it."""
        assert self.play is not None, "offers are judged only with a scenario open"
        if self.acts_at_end():
            return self.play.refusal(action)
        try:
            point = self._acting_point()
        except RuleError as error:
            return error
        if self._probe is None or self._probe[0] != point:
            replayed = point.replayed(self.play.actions)
            self._probe = (point, self._replay(replayed, point.inside is not None))
        return self._probe[1].refusal(action)

    def why_not(self, action: ScriptAction) -> str | None:
        """The engine's reason why ``action`` can't be played after the selected step, or None."""
        error = self.refusal(action)
        return None if error is None else str(error)

    def act(self, action: ScriptAction) -> Changed:
        """Play ``action`` after the selected step (inside what waits, if anything does); an
        attack stops at its battle window and a spell waits on the chain. Raises RuleError (or
        ChoiceCancelled) and changes nothing if the engine rejects it or the player cancels.
        Acting at an earlier step starts a new branch; the later steps stay in the old one: at a
        step of an action's window, the action goes in at that point of it (P-128)."""
        assert self.play is not None
        # Past a script that stopped at its expected refusal, the file's script stays whole:
        # what the user plays after it goes in a branch.
        if self.acts_at_end() and self.play.runner.stopped is None:
            return self._played(
                self.play.actions, self.play.open, lambda play: play.act(action, self.chooser)
            )
        point = self._acting_point()
        return self._played(
            point.replayed(self.play.actions),
            point.inside is not None,
            lambda play: play.act(action, self.chooser),
            branch=lambda _: action_label(action),
        )

    def can_answer_again(self) -> bool:
        """Whether the selected step belongs to an action (the set-up does not)."""
        return self.play is not None and 0 < self.index <= (self.play.runner.ends or [0])[-1]

    def answer_again(self) -> Changed:
        """Play the action of the selected step again with its choices asked afresh (the order
        of replacements, an assignment), in a new branch; raises as ``act`` does."""
        assert self.play is not None and self.can_answer_again()
        ends = self.play.runner.ends
        number = next(n for n, end in enumerate(ends) if end >= self.index)
        before = self.play.actions[number]
        return self._played(
            self.play.actions[:number],
            False,
            lambda play: play.act(without_answers(before), self.chooser),
            branch=lambda answered: answers_label(before, answered),
        )

    def _branch_off(self, wanted: str) -> None:
        """Put the shown branch aside unchanged and name a new one, its child, as the shown one."""
        assert self.play is not None
        self.put_aside[self.branch] = BranchState(
            self.parents[self.branch],
            self.play,
            list(self.redo_stack),
            self.index,
            self.last_action,
        )
        name = unique_name(wanted, set(self.parents))
        self.parents[name] = self.branch
        self.branch = name

    def switch(self, name: str) -> Changed:
        """Show branch ``name`` as it was left: its step, its undo and redo."""
        if name == self.branch or name not in self.put_aside:
            return NOTHING
        assert self.play is not None
        shown = BranchState(
            self.parents[self.branch], self.play, self.redo_stack, self.index, self.last_action
        )
        target = self.put_aside.pop(name)
        self.put_aside[self.branch] = shown
        self.branch = name
        self.redo_stack, self.last_action = target.redo_stack, target.last_action
        return self._tell(self._commit(target.play, target.index))

    def rename(self, old: str, new: str) -> Changed:
        """Rename a branch; raises ValueError for ``main``, or for a name a file's branch could not
        have beside the others (engine.names: empty, taken, looking like another), saying why."""
        new = new.strip()
        try:
            if old == MAIN:
                raise ValueError(f"{MAIN!r} is the file's own script")
            new = branch_name(new, (name for name in self.parents if name != old))
        except ValueError as error:
            raise ValueError(f"a branch cannot be renamed {new!r}: {error}") from None
        self.parents = {
            (new if k == old else k): (new if v == old else v) for k, v in self.parents.items()
        }
        if old in self.put_aside:
            self.put_aside[new] = self.put_aside.pop(old)
        if old in self.origins:  # its expectations and comments in the file stay its own
            self.origins[new] = self.origins.pop(old)
        for state in self.put_aside.values():
            state.parent = new if state.parent == old else state.parent
        if self.branch == old:
            self.branch = new
        return self._tell(self._mark(True) | Changed(timeline=True))

    def branch_play(self, name: str) -> Playthrough:
        """Branch ``name``'s playthrough, shown or put aside."""
        play = self.play if name == self.branch else self.put_aside[name].play
        assert play is not None
        return play

    def branch_actions(self, name: str) -> list[ScriptAction]:
        """Every action of branch ``name``, as played."""
        return list(self.branch_play(name).actions)

    def proceed(self) -> Changed:
        """Pass / continue: finish what waits (the capture step; the chain resolves)."""
        assert self.play is not None
        return self._played(
            self.play.actions, self.play.open, lambda play: play.proceed(self.chooser)
        )

    def _played(
        self,
        actions: list[ScriptAction],
        leave_open: bool,
        move: Callable[[Playthrough], object],
        branch: Callable[[Any], str] | None = None,
        redone: bool = False,
    ) -> Changed:
        """Replay ``actions`` (the last left open when ``leave_open``), then ``move`` on it; a
        refusal propagates and changes nothing. With ``branch`` the move starts a branch named
        after what it played; the redo stack is cleared (a ``redone`` move pops it instead).
        What was just played is shown from its first step; ``last_action`` spans it."""
        play = self._replay(actions, leave_open)
        mark = len(play.game.steps)
        played = move(play)
        if branch is not None:  # the later steps stay in the branch acted from
            self._branch_off(branch(played))
        if redone:
            self.redo_stack.pop()
            if self.undone:  # a branch's redo stack is its own, ``undone`` the session's:
                self.undone.pop()  # it was cleared when another branch was acted in
        else:
            self.redo_stack.clear()
            self.undone.clear()
        self.history.append(None)
        last = play.game.steps[-1].index
        self.last_action = (mark, last) if last >= mark else None
        return self._tell(self._mark(True) | self._commit(play, min(mark, last)))

    def undo(self) -> Changed:
        """Take back the last edit or action: inside an open window its last nested action
        first; in set-up mode, the last set-up edit."""
        if self.setting_up:
            return self._step_setup(self.setup_undo, self.setup_redo)
        if self.history and (edit := self.history[-1]) is not None:
            self.undone.append(self.history.pop())
            if edit.texts is not None:
                return self._rewritten(edit.texts[0])
            return self._apply(edit.before, edit.actions[0] if edit.actions else None)
        back = self.play.take_back() if self.play else None
        if back is None:
            return NOTHING
        if self.history:
            self.history.pop()
        self.undone.append(None)
        self.redo_stack.append((back.action, back.was_open))
        play = self._replay(back.actions, back.leave_open)
        self.last_action = None
        return self._tell(self._mark(True) | self._commit(play, play.game.steps[-1].index))

    def redo(self) -> Changed:
        if self.setting_up:
            return self._step_setup(self.setup_redo, self.setup_undo)
        if self.undone and (edit := self.undone[-1]) is not None:
            self.history.append(self.undone.pop())
            if edit.texts is not None:
                return self._rewritten(edit.texts[1])
            return self._apply(edit.after, edit.actions[1] if edit.actions else None)
        if not self.play or not self.redo_stack:
            return NOTHING
        action, was_open = self.redo_stack[-1]
        try:
            return self._played(
                self.play.actions,
                self.play.open,
                lambda play: play.act(action, self.chooser, open_windows=was_open),
                redone=True,
            )
        except (RuleError, ScenarioError):
            self.redo_stack.clear()
            raise

    def _replay(self, actions: list[ScriptAction], leave_last_open: bool = False) -> Playthrough:
        assert self.scenario is not None and self.source is not None
        # all played before: the same choices, the same steps
        return _played(self.scenario, self.source, actions, leave_last_open, self.branch)

    # ----------------------------------------------------------------------------- authoring

    def can_author(self) -> bool:
        """Expectations, notes and questions are written about the file's own script (the
        branch ``main``): the labels they name are its."""
        return self.play is not None and self.branch == MAIN

    def label_at(self, index: int) -> tuple[str, int]:
        """The label that an expectation, a note or a question about step ``index`` names, and
        the step it names (``_about``)."""
        label, step, _ = self._about(index)
        return label, step

    def _about(self, index: int) -> tuple[str, int, list[ScriptAction] | None]:
        """The label of step ``index``: the set-up's, that of the innermost labelled action
        around it, else a new one on its top-level action (``new_label``); the step the label
        names; the file's actions with the new label on (None: none was needed)."""
        play = self.play
        assert play is not None
        if not self.can_author():
            raise ValueError(
                f"expectations, notes and questions are about the file's own script: switch to "
                f"the branch {MAIN!r} to write them"
            )
        if index == 0:
            return START, 0, None
        starts, ends = play.runner.starts, play.runner.labels
        around = [(starts[k], k) for k in ends if k != START and starts[k] <= index <= ends[k]]
        if around:
            label = max(around)[1]
            return label, ends[label], None
        number = next(n for n, end in enumerate(play.runner.ends) if end >= index)
        actions = list(play.actions)
        label = new_label(actions[number], self._file_labels() | {START, END})
        actions[number] = actions[number].evolve(label=label)
        return label, play.runner.ends[number], actions

    def expect_card(self, uid: str) -> tuple[str, int]:
        """Add an expectation of what card ``uid`` is at the selected step (at the end of its
        action: the table a label names); the label and the step it names. ValueError when it
        cannot be said there (the card is not on that table, the ruleset names no cards)."""
        label, step, actions = self._about(self.index)
        table = self.steps[step].table
        if uid not in table.cards:
            raise ValueError(f"{uid} is not on the table at step {step}")
        assert isinstance(self.scenario, Frozen)  # open, and its model is (ScenarioFields)
        entry = card_expectation(type(self.scenario), self.steps[0].table, table, uid, label)
        self._edit(self.authored.expecting(entry), actions)
        return label, step

    def expect_step(self) -> tuple[str, int]:
        """Add an expectation of the table as a whole at the selected step (as ``expect_card``)."""
        label, step, actions = self._about(self.index)
        assert isinstance(self.scenario, Frozen)  # as in expect_card
        first, table = self.steps[0].table, self.steps[step].table
        entry = table_expectation(type(self.scenario), first, table, label)
        self._edit(self.authored.expecting(entry), actions)
        return label, step

    def write_note(self, text: str) -> str:
        """Make ``text`` the lesson's note for the selected step's action (the set-up's at step
        0); an empty text takes the note out. The label noted; ValueError in a line saying why
        a note cannot be ``text`` (too long)."""
        label, _, actions = self._about(self.index)
        text = text.strip()
        _validated(Lesson, {"notes": {label: text}} if text else {})
        self._edit(self.authored.noting(label, text), actions if text else None)
        return label

    def ask_before(self, question: str, choices: list[str], answer: str, why: str) -> str:
        """Ask ``question`` in predict mode before the selected step's action is shown (in place
        of a question already asked there); the label asked at. ValueError in a line saying
        what is wrong with it (a choice twice, an answer that is none of the choices...)."""
        label, _, actions = self._about(self.index)
        data = {"at": label, "question": question, "choices": choices, "answer": answer, "why": why}
        asked = _validated(Prediction, data)
        self._edit(self.authored.asking(asked), actions)
        return label

    def name_rules(self, text: str) -> tuple[str, ...]:
        """Make the ids in ``text`` (split at commas and spaces) the rules the file's ``rules:``
        names, as one edit undo takes back; the ids named. ValueError saying why not: an id no
        ruleset or ruling defines (with the closest one that is), one named twice."""
        self._about(0)  # on main, or ValueError saying so
        rules = tuple(text.replace(",", " ").split())
        for rule in rules:
            if problem := rule_problem(rule):
                raise ValueError(problem)
        if twice := next((rule for n, rule in enumerate(rules) if rule in rules[:n]), None):
            raise ValueError(f"the rule {twice!r} is named twice")
        self._edit(self.authored.naming(rules))
        return rules

    def relabel(self, index: int, name: str) -> Changed:
        """Name the table after the action that ends at step ``index`` ``name`` (no label when
        empty), and every expectation, note and question about it with it; ValueError saying
        why not (a name a label could not have, one another action has or looks like)."""
        self._about(0)  # on main, or ValueError saying so
        assert self.play is not None
        ends = self.play.runner.ends
        if index not in ends:
            raise ValueError(f"step {index} ends no action of the script: no label names it")
        number = ends.index(index)
        actions = list(self.play.actions)
        old = actions[number].label
        new = _label_name(name.strip(), old, self._file_labels() | {START, END})
        if old and not new and self.authored.uses(old):
            raise ValueError(f"the label {old!r} is used by an expectation, a note or a question")
        actions[number] = actions[number].evolve(label=new or None)
        after = self.authored.relabelled(old, new) if old and new else self.authored
        return self._edit(after, actions)

    def _file_labels(self) -> set[str]:
        """Every label of the file's actions as played: its own script's and its branches'."""
        return set().union(*(script_labels(self.branch_actions(b)) for b in self.parents))

    def _edit(self, after: Authored, actions: list[ScriptAction] | None = None) -> Changed:
        """Make ``after`` what the user wrote (and ``actions``, when given, the file's own
        actions), as one edit that undo takes back."""
        assert self.play is not None and self.can_author(), "edits are made on main"
        edit = Edit(self.authored, after, None if actions is None else (self.actions(), actions))
        self.history.append(edit)
        self.undone.clear()
        return self._apply(edit.after, actions)

    def _apply(self, authored: Authored, actions: list[ScriptAction] | None) -> Changed:
        """Make ``authored`` what the user wrote, and ``actions`` the file's own actions."""
        self.authored = authored
        changed = Changed(authored=True)
        if actions is not None:
            self.switch(MAIN)  # an edit that labelled an action is undone where it was made
            assert self.play is not None
            play = self._replay(actions, self.play.open)
            changed |= self._commit(play, min(self.index, play.game.steps[-1].index))
        return self._tell(self._mark(True) | changed)

    def rewrite(self, text: str) -> Changed:
        """Make ``text`` the open file's text (the scenario itself edited: the card designer
        defines a card and puts one in a hand), as one edit undo takes back; every branch is
        played again on it. Raises ScenarioError (or RuleError) and changes nothing when it
        does not read as a scenario or an action no longer plays on it."""
        assert self.source is not None
        edit = Edit(self.authored, self.authored, texts=(self.source.text, text))
        changed = self._rewritten(text)
        self.history.append(edit)
        self.undone.clear()
        return changed

    def _rewritten(self, text: str) -> Changed:
        """The scenario read from ``text``, every branch replayed on it; nothing changes when
        that fails (raised)."""
        assert self.source is not None and self.play is not None
        self.scenario, self.source, play, self.put_aside = self._played_on(
            text, self.source, self.play
        )
        changed = self._commit(play, min(self.index, play.game.steps[-1].index))
        return self._tell(self._mark(True) | changed)

    def _played_on(
        self, text: str, source: YamlSource, play: Playthrough
    ) -> tuple[Scenario, YamlSource, Playthrough, dict[str, BranchState]]:
        """The scenario read from ``text`` in the place of ``source``, the actions of ``play``
        (the branch shown) and of every branch put aside played again on it; raises
        ScenarioError saying why not (``_played``), the session unchanged."""
        source = YamlSource(source.path, text, source.newline)
        scenario = validate_scenario(source)
        shown = _played(scenario, source, play.actions, play.open, self.branch)
        aside = {
            name: replace(
                state, play=_played(scenario, source, state.play.actions, state.play.open, name)
            )
            for name, state in self.put_aside.items()
        }
        return scenario, source, shown, aside

    # ----------------------------------------------------------------------------- saving

    def save(self, path: Path, overwrite: bool = False) -> Saved:
        """Write the scenario with the actions taken as its script (reopening replays them) and
        every other branch under ``branches:``, keeping the rest of the file as written, its
        line breaks too; raises SaveError and changes nothing on failure, FileChanged (unless
        ``overwrite``) when the open file was changed on disk since it was read or saved."""
        if self.setting_up and self.played is not None:
            return self._save_in_setup(path, overwrite)
        assert self.source is not None and self.play is not None and self.scenario is not None
        if not overwrite and self.changed_on_disk(path):
            raise FileChanged(path, "it was changed on disk since it was opened")
        script, actions = self.scenario.script, self.main_script()
        branches = [self._saved_branch(name) for name in self.parents if name != MAIN]
        authored = self.authored.data()
        text = scenario_text(self.source, script, actions, branches, authored)
        unlinked = save_text(path, text, self.source.newline)
        self.path, self.disk_text, self.disk_stamp = path, text, _stamp(path)
        self.dirty = False
        if list(actions) == list(script) and Authored.read(self.source.data) == self.authored:
            return Saved([], unlinked)
        try:  # the expectations as saved, on the script as saved
            saved, source = load_scenario(path)
            return Saved(play_branch(saved, source, MAIN).failures(), unlinked)
        except ScenarioError as error:  # an expectation at a label the new script lacks
            return Saved([str(error)], unlinked)

    def _save_in_setup(self, path: Path, overwrite: bool) -> Saved:
        """Save an open table in set-up mode: started from (``start_here``: a set-up its actions
        no longer play on is not saved, a SaveError saying why), saved, and set-up mode goes on
        on the table saved, its set-up edits still to undo."""
        undo, redo = list(self.setup_undo), list(self.setup_redo)
        try:
            self.start_here()
        except ScenarioError as error:
            raise SaveError(path, setup_refusal(error)) from None
        try:
            return self.save(path, overwrite)
        finally:
            self.begin_setup()
            self.setup_undo, self.setup_redo = undo, redo
            self._tell(Changed(timeline=True))  # undo and redo are there again

    def changed_on_disk(self, path: Path) -> bool:
        """Whether ``path``, the open file, holds other text than it was read or saved with (a
        file since deleted holds nothing to lose)."""
        if self.path is None or not path.exists() or not same_file(path, self.path):
            return False
        if _stamp(path) == self.disk_stamp:  # untouched since: no need to read it
            return False
        try:
            return read_text(path) != self.disk_text
        except ScenarioError:  # unreadable now (too large, not a file): not what was read
            return True

    def main_script(self) -> list[ScriptAction]:
        """The file's own script as saved: while it plays as written up to an expected refusal
        (its top-level ``expect_error``), the refused action and those after it stay."""
        play, script = self.branch_play(MAIN), self.scenario.script if self.scenario else ()
        actions = play.saved_actions()
        if play.runner.stopped is not None and actions == list(script[: len(actions)]):
            return list(script)
        return actions

    def _saved_branch(self, name: str) -> SavedBranch:
        """Branch ``name`` as the file writes it: what it keeps of its parent, then its own
        actions; a branch read from the file keeps its entry there (expectations, comments)."""
        actions, parent = self.branch_play(name).saved_actions(), self.parents[name]
        before = self.branch_actions(parent)
        keep = 0
        while keep < min(len(actions), len(before)) and settled(actions[keep]) == settled(
            before[keep]
        ):
            keep += 1
        if actions and actions[-1].waits:  # a waiting action is the branch's own: it ends it
            keep = min(keep, len(actions) - 1)
        assert self.scenario is not None
        origin = self.origins.get(name)
        written = self.scenario.branches[origin].script if origin is not None else ()
        return SavedBranch(name, parent, keep, actions[keep:], origin, written)


def _played(
    scenario: Scenario,
    source: YamlSource,
    actions: list[ScriptAction],
    leave_last_open: bool,
    branch: str,
) -> Playthrough:
    """``actions`` (of branch ``branch``) played on ``scenario``'s table, the last left open
    when ``leave_last_open``; one the rules refuse raises a ScenarioError saying which action of
    which branch, after which step, and why (the rule)."""
    play = Playthrough(scenario, source)
    try:
        play.run(actions, leave_last_open)
    except (ScenarioError, RuleError) as error:
        number = min(len(play.runner.ends), len(actions) - 1)
        action = actions[number]
        alone = action.with_nested(()) if action.verb.nested_key else action  # its window's out
        which = "the script" if branch == MAIN else f"the branch {branch!r}"
        # an action inside it (a response in its window) as the file names it: ``window[0].play``
        top = f"script[{number}].{action.kind}."
        inner = getattr(error, "where", "").removeprefix(top)
        inside = f", its {inner}" if inner and not inner.startswith("script[") else ""
        where = (
            f"action {number + 1} of {which} ({action_label(alone)}{inside}), "
            f"after step {play.game.steps[-1].index}"
        )
        raise ScenarioError(str(source.path), where, error.message, rule=error.rule) from None
    return play


def setup_refusal(error: ScenarioError | SaveError) -> str:
    """Why the set-up cannot be started from, as the window says it (``start_here``)."""
    if isinstance(error, ScenarioError):
        return f"The file's actions no longer play on this set-up: {refusal_text(error)}"
    return str(error)


def _validated(model: type[M], data: dict[str, Any]) -> M:
    """``data`` as a ``model``; ValueError in a line, as a file would be told, when it is not."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = error.errors()
        problem = first_problem(problems)
        where, says = describe_location(problem["loc"]), plain(model, problem, problems)
        raise ValueError(f"{where}: {says}" if where else says) from None


def _label_name(name: str, old: str | None, labels: set[str]) -> str:
    """``name`` as the label of an action labelled ``old`` beside ``labels`` ("": none);
    ValueError saying why an action of the file could not have it."""
    if not name:
        return ""
    name = checked(name)
    seen = Distinct[None]()
    for label in labels - {old}:
        seen.add(label, None)
    earlier = seen.add(name, None)
    if earlier is not None:
        other = earlier[0]
        raise ValueError(
            f"{other!r} names another table already"
            if other == name
            else f"the labels {other!r} and {name!r} {how_alike(other, name)}"
        )
    return name


def _stamp(path: Path) -> tuple[int, int] | None:
    """When a file was last written and its size, or None when it cannot be told."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size
