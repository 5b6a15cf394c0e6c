"""A run of ``cardtable fuzz``: its games on local cores or a Dask cluster, their summary and
the reproducers written for their violations (the command and its arguments are
``app/cli/fuzz_command.py``)."""

from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.output_files import Kind, OutputError, write_output
from fuzz.harness import GameResult, Violation, run_game, violation_text

# ----------------------------------------------------------------------------- results


@dataclass
class Summary:
    ruleset: str
    seed: int
    games: int = 0
    steps: int = 0
    timeline: int = 0
    tried: int = 0
    refused: int = 0
    violations: list[Violation] = field(default_factory=list)
    digest: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"fuzz {self.ruleset} seed {self.seed}: {self.games} games, {self.steps} steps "
            f"({self.timeline} timeline steps), {self.tried} actions tried, {self.refused} "
            f"refused, {len(self.violations)} violations; timeline digest {self.digest[:16]}"
        )


# ----------------------------------------------------------------------------- a run


def _task(args: tuple[str, int, int, int, bool]) -> GameResult:
    return run_game(*args)


def results(
    ruleset: str,
    seed: int,
    games: int,
    moves: int,
    workers: int = 1,
    scheduler: str | None = None,
    twice: bool = True,
) -> Iterator[GameResult]:
    """Every game's result, as they finish (in any order)."""
    tasks = [(ruleset, seed, game, moves, twice) for game in range(games)]
    if scheduler is not None:
        yield from _dask_results(scheduler, tasks)
    elif workers <= 1:
        yield from map(_task, tasks)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            yield from pool.imap_unordered(_task, tasks)


def _dask_results(
    address: str, tasks: Sequence[tuple[str, int, int, int, bool]]
) -> Iterator[GameResult]:
    from distributed import Client, as_completed  # the optional ``dask`` extra

    try:
        # distributed leaves Client and as_completed unannotated
        client = Client(address, timeout=SCHEDULER_TIMEOUT)  # type: ignore[no-untyped-call]
    except Exception as error:  # distributed raises OSError, TimeoutError, ValueError...
        raise SchedulerError(
            address,
            f"no Dask scheduler answered there within {SCHEDULER_TIMEOUT} s "
            f"({type(error).__name__}: {error})",
        ) from None
    with client:
        futures = client.map(_task, tasks, pure=False)
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()


def fuzz(
    ruleset: str,
    seed: int,
    games: int,
    moves: int,
    workers: int = 1,
    scheduler: str | None = None,
    out: Path | None = None,
    progress: Callable[[Summary], None] | None = None,
    twice: bool = True,
) -> Summary:
    """Run ``games`` games; violations shrunk and written to ``out``."""
    start = time.perf_counter()
    summary = Summary(ruleset, seed)
    done: list[GameResult] = []
    for result in results(ruleset, seed, games, moves, workers, scheduler, twice):
        done.append(result)
        summary.games += 1
        summary.steps += result.steps
        summary.timeline += result.timeline
        summary.tried += result.tried
        summary.refused += result.refused
        summary.violations += result.violations
        if progress:
            progress(summary)
    done.sort(key=lambda r: r.game)
    summary.violations.sort(key=lambda v: v.game)
    summary.digest = hashlib.sha256("".join(r.digest for r in done).encode()).hexdigest()
    if out is not None and summary.violations:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(out, error.strerror or str(error)) from None
        for number, violation in enumerate(summary.violations):
            slug = "".join(c if c.isalnum() else "-" for c in violation.invariant).strip("-")
            path = out / f"fuzz-{ruleset}-{seed}-game{violation.game}-{number}-{slug}.yaml"
            text = violation_text(ruleset, violation, seed)
            write_output(path, text.encode("utf-8"), REPRODUCER)
            violation.file = str(path)
    summary.seconds = time.perf_counter() - start
    return summary


def print_progress(summary: Summary, total: int, stream: Any = None) -> None:
    stream = stream or sys.stderr
    width = 24
    filled = width * summary.games // max(1, total)
    bar = "#" * filled + "." * (width - filled)
    stream.write(
        f"\r[{bar}] {summary.games}/{total} games, {summary.steps} steps, "
        f"{summary.refused}/{summary.tried} refused, {len(summary.violations)} violations"
    )
    if summary.games == total:
        stream.write("\n")
    stream.flush()


def report(summary: Summary) -> Iterable[str]:
    yield summary.line()
    for violation in summary.violations:
        where = f" -> {violation.file}" if violation.file else ""
        yield (
            f"  VIOLATION game {violation.game} ({violation.setup}): {violation.invariant}: "
            f"{violation.detail}{where}"
        )


# ----------------------------------------------------------------------------- the command


class SchedulerError(Exception):
    """A Dask scheduler that does not answer at ``address``, and why (escaped where shown)."""

    def __init__(self, address: str, reason: str) -> None:
        super().__init__(address, reason)
        self.address, self.reason = address, reason


SCHEDULER_TIMEOUT = 5  # seconds to reach a Dask scheduler before giving up
REPRODUCER = Kind("a scenario", lambda start: start.startswith(b"#") or b"ruleset:" in start)
