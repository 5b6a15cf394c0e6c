"""The proof harness (``cardtable fuzz``, fuzz/): random legal play with invariants.

Small seeded runs find nothing; the same seed gives the same summary, serially and in worker
processes; planted engine bugs are found, shrunk and written to a scenario that shows them;
the command's exit status; a Dask ``LocalCluster`` run; the 5,000 steps per ruleset the
issue asks CI to check; and each ruleset's invariants (``Ruleset.invariants``) on planted
tables, with might's random answers.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import app.cli.fuzz_command
import engine.souls.damage as souls_damage
from app.cli.commands import main
from engine.changes import StatChanged
from engine.choices import Assigned, Choice
from engine.errors import RuleError
from engine.frozen import Frozen
from engine.might.assignment import verify_answer
from engine.might.changes import Replaced
from engine.might.core import MightCore
from engine.might.table import Combat as CombatState
from engine.might.table import MightCard, MightModifier, Status
from engine.output_files import OutputError
from engine.ruleset import ruleset as installed
from engine.scenario import Playthrough, game_from_yaml, run_scenario
from engine.timeline import Cause, Step
from fuzz import harness, run
from tests.support.souls_tables import scenario_text


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_a_small_seeded_run_finds_no_violation(ruleset: str) -> None:
    summary = run.fuzz(ruleset, seed=7, games=20, moves=30)
    assert summary.games == 20
    assert summary.steps > 300 and summary.tried > summary.steps
    assert summary.refused == summary.tried - summary.steps
    assert not summary.violations, "\n".join(run.report(summary))


def test_the_same_seed_gives_the_same_summary_serially_and_in_workers() -> None:
    def key(summary: run.Summary) -> tuple[object, ...]:
        return (summary.games, summary.steps, summary.timeline, summary.tried, summary.digest)

    first = run.fuzz("might", seed=3, games=6, moves=20)
    assert key(run.fuzz("might", seed=3, games=6, moves=20)) == key(first)
    assert key(run.fuzz("might", seed=3, games=6, moves=20, workers=2)) == key(first)
    assert run.fuzz("might", seed=4, games=6, moves=20).digest != first.digest


def test_a_game_is_its_seed() -> None:
    one, _ = harness.play_game("souls", 11, 5, 25)
    two, _ = harness.play_game("souls", 11, 5, 25)
    assert (one.setup, one.digest, one.tried) == (two.setup, two.digest, two.tried)


def off_by_one(amount: int) -> int:
    """A planted bug: damage of 10 or more lands one point too high."""
    return max(0, amount) // 5 * 5 + (1 if amount >= 10 else 0)


def test_a_planted_damage_bug_is_found_shrunk_and_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(souls_damage, "round_down_to_5", off_by_one)
    summary = run.fuzz("souls", seed=1, games=4, moves=30, out=tmp_path)
    assert summary.violations
    for violation in summary.violations:
        assert violation.invariant == "souls damage in steps of 5"
        assert 1 <= len(violation.actions) <= violation.shrunk_from
        assert violation.file is not None
        text = Path(violation.file).read_text(encoding="utf-8")
        assert text.startswith("# cardtable fuzz: invariant violated: souls damage in steps of 5")
        assert run_scenario(Path(violation.file)).failures  # the bug shows...
        assert main(["check", violation.file]) == 1
    longest = max(summary.violations, key=lambda v: v.shrunk_from)
    assert longest.shrunk_from > len(longest.actions)  # something was dropped
    monkeypatch.undo()  # ... and without it the file is a valid, passing scenario
    assert all(not run_scenario(Path(v.file or "")).failures for v in summary.violations)


def test_a_refusal_that_disagrees_with_acting_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Planted: ``refusal`` says yes to everything, so acting refuses what it allowed; the
    shrunk file ends with that action, which ``check`` refuses (status 2)."""
    monkeypatch.setattr(Playthrough, "refusal", lambda self, action: None)
    summary = run.fuzz("might", seed=2, games=2, moves=10, out=tmp_path)
    assert {v.invariant for v in summary.violations} == {"refusal agrees with acting"}
    violation = summary.violations[0]
    assert violation.probe is not None and violation.file is not None
    assert main(["check", violation.file]) == 2


def test_a_refused_action_that_changes_the_table_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a heal is refused after it changed the playthrough."""
    original = Playthrough.act

    def leaky(self: Playthrough, action: object, *args: object, **kw: object) -> object:
        result = original(self, action, *args, **kw)  # type: ignore[arg-type]
        if getattr(action, "kind", "") == "heal":
            self.open = not self.open
            raise RuleError("P-1", "planted")
        return result

    monkeypatch.setattr(Playthrough, "act", leaky)
    summary = run.fuzz("souls", seed=5, games=6, moves=30, twice=False)
    assert "a refused action changes nothing" in {v.invariant for v in summary.violations}


def test_a_snapshot_changed_in_place_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: might's core exhausts a unit by setting it on the card the timeline's steps
    share, where it should record a changed copy; the harness plays every move guarded
    (``refusing_changes``) and names the model and field."""
    original = MightCore._set

    def in_place(self: MightCore, card: MightCard) -> None:
        if card.exhausted:
            self.table.cards[card.uid].exhausted = True  # type: ignore[misc]
        original(self, card)

    monkeypatch.setattr(MightCore, "_set", in_place)
    summary = run.fuzz("might", seed=2, games=4, moves=30, twice=False)
    found = [v for v in summary.violations if v.invariant == "no snapshot is changed in place"]
    assert found, run.report(summary)
    assert "MightCard is immutable: its 'exhausted' cannot be set" in found[0].detail
    assert found[0].probe is not None


def test_the_command_exit_status(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "out")
    base = ["fuzz", "--games", "3", "--steps-per-game", "10", "--seed", "1", "--out", out]
    assert main([*base, "--ruleset", "might"]) == 0
    printed = capsys.readouterr()
    assert "3 games" in printed.out and "0 violations" in printed.out
    assert "3/3 games" in printed.err  # the progress line
    assert main([*base, "--ruleset", "might", "--workers", "0"]) == 2
    assert main([*base, "--ruleset", "souls", "--games", "0"]) == 2
    with pytest.raises(SystemExit) as exit_:
        main([*base, "--ruleset", "chess"])
    assert exit_.value.code == 2
    monkeypatch.setattr(souls_damage, "round_down_to_5", off_by_one)
    assert main([*base, "--ruleset", "souls", "--quiet"]) == 1
    assert "VIOLATION" in capsys.readouterr().out
    assert list((tmp_path / "out").glob("fuzz-souls-1-*.yaml"))


def test_the_command_prints_the_run_s_report_then_its_speed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """stdout: the report of the run the arguments ask for, each game's seed from ``--seed``;
    stderr: the progress line, redrawn after each game and ended with the last (``--quiet``:
    none). The same run, called directly, reports the same."""
    out = tmp_path / "out"
    base = ["fuzz", "--ruleset", "souls", "--games", "3", "--steps-per-game", "10"]
    assert main([*base, "--seed", "7", "--workers", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    ran = run.fuzz("souls", seed=7, games=3, moves=10)
    *lines, speed = printed.out.splitlines()
    assert lines == list(run.report(ran)) and re.fullmatch(r"\d+\.\d s, \d+ steps/s", speed)
    assert printed.err.count("\r") == 3 and printed.err.startswith("\r[")
    assert printed.err.endswith(f"] 3/3 games, {ran.steps} steps, {ran.refused}/{ran.tried} "
                                "refused, 0 violations\n")  # fmt: skip
    assert main([*base, "--seed", "7", "--quiet", "--out", str(out)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("quiet", [False, True], ids=["progress", "quiet"])
def test_the_command_says_a_run_s_speed_violations_and_failure(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    quiet: bool,
) -> None:
    """The speed in steps a second; status 1 with a violation; a scheduler that fails, or an
    output that cannot be written, in a line of its own after the progress line (status 2)."""
    outcome: list[object] = []
    asked: list[tuple[object, ...]] = []

    def ran(*args: object, **kwargs: object) -> run.Summary:
        asked.append((*args, kwargs["workers"], kwargs["scheduler"], kwargs["out"]))
        if isinstance(outcome[0], Exception):
            raise outcome[0]
        assert isinstance(outcome[0], run.Summary)
        return outcome[0]

    monkeypatch.setattr(app.cli.fuzz_command, "fuzz", ran)
    argv = ["fuzz", "--ruleset", "souls", "--out", str(tmp_path), *(["--quiet"] * quiet)]
    argv += ["--seed", "5", "--games", "4", "--steps-per-game", "7", "--workers", "3"]
    violation = harness.Violation("souls damage in steps of 5", "sylva: 7", game=2, setup="s")
    for summary, status in (
        (run.Summary("souls", 1, games=2, steps=100, seconds=0.5), 0),
        (run.Summary("souls", 1, steps=3, violations=[violation]), 1),
    ):
        outcome[:] = [summary]
        assert main(argv) == status
        assert capsys.readouterr().out.splitlines() == [
            *run.report(summary),
            "0.5 s, 200 steps/s" if status == 0 else "0.0 s, 3000000000 steps/s",
        ]
    after = "" if quiet else "\n"
    for error, said in (
        (
            run.SchedulerError("tcp://h:1", "no answer\x1b[2J"),
            "--scheduler tcp://h:1: no answer\\x1b[2J",
        ),
        (OutputError(tmp_path, "the disk is full"), f"cannot write {tmp_path}: the disk is full"),
    ):
        outcome[:] = [error]
        assert main(argv) == 2
        assert capsys.readouterr() == ("", f"{after}error: {said}\n")
    assert set(asked) == {("souls", 5, 4, 7, 3, None, tmp_path)}  # the run asked for


def test_games_run_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="the optional dask extra (distributed) is not installed"
    )
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = run.fuzz("souls", 4, 4, 10, scheduler=cluster.scheduler_address)
    local = run.fuzz("souls", 4, 4, 10)
    assert (remote.games, remote.steps, remote.digest) == (local.games, local.steps, local.digest)
    assert not remote.violations


@pytest.mark.parametrize("ruleset", ["souls", "might"])
def test_five_thousand_random_steps_keep_every_invariant(ruleset: str) -> None:
    """The issue's CI bar: the invariants over at least 5,000 random steps per ruleset
    (measured: about 20 s for souls and 15 s for might on the 2-core machine; a run's speed is
    the command's to print, not a test's to assert)."""
    summary = run.fuzz(ruleset, seed=2026, games=150, moves=50, workers=2)
    assert summary.steps >= 5000, summary.line()
    assert not summary.violations, "\n".join(run.report(summary))


# ----------------------------------------------------------------------------- the invariants


def broken(ruleset: str, before: Step, after: Step) -> dict[str, object]:
    """What ``after`` (played after ``before``) breaks: invariant -> the expectation written."""
    found = installed(ruleset).invariants.step([before, after], 1)
    return {name: expect for name, _, expect in found}


def planted(step: Step, table: Frozen, phase: str = "", cause: Cause | None = None) -> Step:
    """``step``'s table replaced, as the next step of a sub-phase ``phase``."""
    return step.evolve(
        index=1,
        table=table,
        phase=(*step.phase, phase) if phase else step.phase,
        description="planted",
        cause=cause or Cause(kind="rule"),
    )


STATUS = Status.make(1, "set-up", 0, duration="this_turn", status="takes_no_damage")


def test_might_invariants_name_what_breaks_them() -> None:
    game = game_from_yaml(
        """
ruleset: might
title: A damaged sentinel
rules: [M1]
setup:
  players:
    - name: Alice
      runes: 2
      bonus_damage: [{amount: 1}]
      units: [{card: Iron Sentinel, damage: 2, shields: [{id: ward, value: 3}]}]
    - {name: Bob}
"""
    )
    start, uid = game.steps[0], "iron-sentinel"
    table = game.table
    unit = table.cards[uid]
    assert broken("might", start, planted(start, table)) == {}
    shield = unit.shields[0].evolve(remaining=-1)
    below = table.with_card(unit.evolve(shields=(shield,)))
    assert broken("might", start, planted(start, below)) == {
        "prevention never negative": {"cards": {uid: {"shields": {"ward": 0}}}}
    }
    lethal = table.with_card(unit.evolve(damage=4))
    assert broken("might", start, planted(start, lethal, "(a) Lethal check")) == {
        "no lethal unit survives a cleanup": {"cards": {uid: {"zone": "trash"}}}
    }
    weaker = table.with_card(
        unit.evolve(modifiers=(MightModifier.make(2, "x", 0, amount=-2, duration="this_turn"),))
    )
    assert broken("might", start, planted(start, weaker, "(a) Lethal check")) == {}  # M-24
    assert broken("might", start, planted(start, table, "(b) Heal")) == {"every unit healed": None}
    assert broken("might", start, planted(start, table, '(c) "This turn" effects end')) == {
        '"this turn" effects end at expiration': None
    }
    assert broken("might", start, planted(start, table, "(d) Rune pools empty")) == {
        "rune pools empty at expiration": {"runes": {"Alice": 0}}
    }
    guarded = start.evolve(table=table.with_card(unit.evolve(statuses=(STATUS,))))
    hurt = table.with_card(unit.evolve(damage=3, statuses=(STATUS,)))
    assert broken("might", guarded, planted(start, hurt)) == {
        "a unit that can't be dealt damage takes none": {"cards": {uid: {"damage": 2}}}
    }
    game.table = lethal
    assert [name for name, _, _ in installed("might").invariants.settled(game)] == [
        "no lethal unit survives a cleanup"
    ]


def test_the_combat_roles_invariant_names_a_unit_that_did_not_join() -> None:
    """After a cleanup in a combat, the units at its battlefield are those with a role (M-28,
    M-29, P-43): a unit that arrived and was never given one breaks it."""
    game = game_from_yaml(
        """
ruleset: might
title: A combat
rules: [M-28]
setup:
  players:
    - {name: Alice, units: [{card: Iron Sentinel, at: Battlefield 1}, {card: Stone Whelp}]}
    - {name: Bob, units: [{card: Thornback, at: Battlefield 1}]}
"""
    )
    start = game.steps[0]
    table = game.table
    fight = CombatState(battlefield=0, attacker=0, attackers=("iron-sentinel",), defenders=())
    table = table.evolve(combat=fight)
    for uid, role in (("iron-sentinel", "attacker"), ("thornback", "defender")):
        table = table.with_card(table.cards[uid].evolve(role=role))
    cleanup = start.evolve(  # as Damage._cleanup records it: the invariant reads P-15
        index=1,
        table=table,
        description="Cleanup: no unit has lethal damage",
        rules=("M-8", "M1", "P-15"),
    )
    assert broken("might", start, cleanup) == {}
    arrived = table.with_card(table.cards["stone-whelp"].evolve(zone="battlefield", battlefield=0))
    step = cleanup.evolve(table=arrived)
    assert broken("might", start, step) == {"combat roles follow the battlefield": None}
    wrong = table.with_card(table.cards["thornback"].evolve(role="attacker"))
    assert broken("might", start, cleanup.evolve(table=wrong)) == {
        "combat roles follow the battlefield": None
    }


def test_might_random_answers_are_legal() -> None:
    needs: dict[str, int | None] = {"a": 2, "b": None, "c": 1}
    default = (
        Assigned(unit="a", damage=2),
        Assigned(unit="c", damage=1),
        Assigned(unit="b", damage=2),
    )
    choice = Choice(
        kind="assignment",
        player=0,
        subject="combat",
        prompt="assign",
        options=("a", "b", "c"),
        default=default,
        total=5,
        needs=needs,
    )
    invariants = installed("might").invariants
    answers = {invariants.answer(choice, random.Random(seed)) for seed in range(40)}
    assert len(answers) > 2 and default in answers
    for answer in answers:
        verify_answer(choice, answer)
    order = choice.model_copy(update={"kind": "replacement_order", "default": ("a", "b", "c")})
    assert {tuple(sorted(invariants.answer(order, random.Random(1))))} == {("a", "b", "c")}


def test_might_random_battlefields_are_each_one_of_the_battlefields() -> None:
    """A trigger's battlefield (P-74): one name, any of them, drawn at random."""
    names = ("Battlefield 1", "Battlefield 2", "Battlefield 3")
    choice = Choice(
        kind="battlefield",
        player=0,
        subject="herald",
        prompt="choose",
        options=names,
        default=names[:1],
    )
    invariants = installed("might").invariants
    answers = {invariants.answer(choice, random.Random(seed)) for seed in range(20)}
    assert answers == {(name,) for name in names}


def test_souls_invariants_name_what_breaks_them() -> None:
    game = game_from_yaml(
        """
ruleset: souls
title: Two Souls
rules: [S-1]
setup:
  players:
    - name: Alice
      slots: {A1: {card: Thorn Squire}, A2: {card: Ember Imp, id: imp, captured: true}}
    - {name: Bob, slots: {A1: {card: Ember Imp}}}
"""
    )
    start, table = game.steps[0], game.table
    squire, captured = table.cards["thorn-squire"], table.cards["imp"]
    assert broken("souls", start, planted(start, table)) == {}
    odd = table.with_card(squire.evolve(damage=3))
    assert broken("souls", start, planted(start, odd)) == {
        "souls damage in steps of 5": {"cards": {"thorn-squire": {"damage": 0}}}
    }
    moved = table.with_card(captured.evolve(slot="A3"))
    assert broken("souls", start, planted(start, moved)) == {
        "captured Souls stay on their slot": {
            "cards": {"imp": {"zone": "slot", "slot": "A2", "captured": True}}
        }
    }
    acts = Cause(kind="action", card="imp", text="attack")
    assert broken("souls", start, planted(start, table, cause=acts)) == {
        "captured Souls never act": None
    }
    game.table = table.with_card(squire.evolve(damage=20))
    assert [name for name, _, _ in installed("souls").invariants.settled(game)] == [
        "no active Soul at 0 HP outside a window"
    ]
    assert not installed("souls").invariants.over(game)


def test_a_change_of_a_kind_its_ruleset_does_not_register_is_found() -> None:
    """A souls step recording might's ``replacement``: no souls file could name it in its
    ``steps:`` (the kinds a ruleset registers, ``Ruleset.change_kinds``)."""
    start = game_from_yaml(scenario_text()).steps[0]
    doubled = Replaced(card="ember-imp", effect="x", effect_kind="doubling", before=1, after=2)
    odd = planted(start, start.table).evolve(changes=(doubled,))
    found = harness.step_violations(installed("souls"), [start, odd], 1)
    assert [(name, detail) for name, detail, _ in found] == [
        ("every change is of a registered kind", "step 1 (planted) records replacement")
    ]


def test_a_card_a_step_changes_without_naming_it_is_found() -> None:
    """A souls step that damages the Imp and records no change: the app, which outlines the
    cards a step's changes name, would show nothing happening to it."""
    start = game_from_yaml(scenario_text()).steps[0]
    imp = start.table.cards["ember-imp"]
    odd = planted(start, start.table.with_card(imp.evolve(damage=5)))
    found = harness.step_violations(installed("souls"), [start, odd], 1)
    assert [(name, detail) for name, detail, _ in found] == [
        (
            "every card a step changes is named by a change",
            "step 1 (planted) changes ember-imp and names none of them",
        )
    ]
    named = odd.evolve(changes=(StatChanged(card="ember-imp", stat="damage", before=0, after=5),))
    assert list(harness.step_violations(installed("souls"), [start, named], 1)) == []


def test_a_choice_of_a_kind_its_ruleset_does_not_register_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted: might forgets to register ``replacement_order`` (``Ruleset.choices``); the
    move that asked it is the violation's probe, and replaying it shows it again."""
    might = type(installed("might"))
    kept = {kind: asks for kind, asks in might.choices.items() if kind != "replacement_order"}
    monkeypatch.setattr(might, "choices", kept)
    summary = run.fuzz("might", seed=2, games=4, moves=30)  # a seed whose games ask an order
    assert {v.invariant for v in summary.violations} == {"every choice is of a registered kind"}
    violation = summary.violations[0]
    assert violation.detail.startswith("'replacement_order' asked of player ")
    assert violation.probe is not None and "did not reproduce" not in violation.detail
