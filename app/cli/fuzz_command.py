"""``cardtable fuzz``: its arguments checked, then the run (``fuzz/run.py``) and its report."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from app.cli.arguments import shown
from engine.output_files import OutputError
from engine.ruleset import Unavailable, ruleset
from fuzz.run import SchedulerError, fuzz, print_progress, report

SCHEDULER_ADDRESS = re.compile(
    r"(?:(?:tcp|tls|ucx|ws|wss)://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})"
)


def argument_problems(args: Any) -> list[str]:
    """What is wrong with ``cardtable fuzz``'s arguments, each said in a few words."""
    most_workers = 4 * (os.cpu_count() or 1)  # more processes than that only thrash
    bounds = {
        "games": (1, 100_000),
        "workers": (1, most_workers),
        "steps_per_game": (1, 10_000),
        "seed": (0, 2**63 - 1),
    }
    problems = [
        f"--{name.replace('_', '-')} must be {least} to {most}"
        for name, (least, most) in bounds.items()
        if not least <= getattr(args, name) <= most
    ]
    if args.scheduler is not None:
        match = SCHEDULER_ADDRESS.fullmatch(args.scheduler)
        if match is None or not 1 <= int(match["port"]) <= 65535:
            problems.append(
                f"--scheduler {shown(args.scheduler)}: expected a scheduler address "
                "such as tcp://host:8786"
            )
    try:
        ruleset(args.ruleset)  # registered (a choice of the parser), but it may not load
    except Unavailable as error:
        problems.append(f"--ruleset {args.ruleset}: {error}")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        problems.append(f"--out {shown(args.out)}: it is a file, not a folder")
    elif not os.access(next(p for p in (out, *out.parents) if p.exists()), os.W_OK):
        problems.append(f"--out {shown(args.out)}: the folder cannot be written to")
    return problems


def fuzz_command(args: Any) -> int:
    """``cardtable fuzz``: 0 when no invariant failed, 1 on a violation, 2 on bad arguments."""
    wrong = argument_problems(args)
    if wrong:
        print(f"error: {'; '.join(wrong)}", file=sys.stderr)
        return 2
    if args.scheduler is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print(
                "error: --scheduler needs the dask extra: pip install 'cardtable[dask]'",
                file=sys.stderr,
            )
            return 2
    progress = None if args.quiet else (lambda s: print_progress(s, args.games))
    try:
        summary = fuzz(
            args.ruleset,
            args.seed,
            args.games,
            args.steps_per_game,
            workers=args.workers,
            scheduler=args.scheduler,
            out=Path(args.out),
            progress=progress,
        )
    except (SchedulerError, OutputError) as error:
        after_progress = "" if args.quiet else "\n"  # the progress line has no end yet
        said = (
            f"--scheduler {shown(error.address)}: {shown(error.reason)}"
            if isinstance(error, SchedulerError)
            else str(error)
        )
        print(f"{after_progress}error: {said}", file=sys.stderr)
        return 2
    print("\n".join(report(summary)))
    print(f"{summary.seconds:.1f} s, {summary.steps / max(summary.seconds, 1e-9):.0f} steps/s")
    return 1 if summary.violations else 0
