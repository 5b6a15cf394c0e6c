"""The ``cardtable`` command: run and check scenarios headless, print the schema, show the demo.

Exit status: 0 success, 1 a scenario's expectation failed or the output cannot be written
(``>/dev/full``), 2 bad input (file, card, action) or an internal error
(``FILE: internal error: ...``), 141 the reader of the output went away
(``cardtable run FILE | head``), as for SIGPIPE.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.cli import json_output
from app.cli.arguments import ArgumentError, parse_size, parse_whole_number
from app.cli.moves_command import command_moves
from app.cli.rule_command import command_rule
from app.cli.standard_streams import (
    BestEffortStream,
    ClosedStream,
    OutputFailed,
    fill_closed_descriptors,
)
from app.cli.terminal_text import TerminalStream, one_line
from engine.assets import SCENARIOS
from engine.branches import MAIN
from engine.compare import Comparison, Side, compare
from engine.errors import ScenarioError, internal_error
from engine.output_files import OutputError
from engine.reference import reference
from engine.ruleset import rulesets
from engine.scenario import (
    ScenarioRun,
    load_scenario,
    run_scenario,
    scenario_files,
    scenario_schema,
)
from engine.text import render_table
from engine.timeline import Step

DEMO = SCENARIOS / "souls" / "demo-table.yaml"
QUIET_HELP = "print nothing on success (the line saying what was written)"
REPLACE_HELP = "replace an existing file that is not of the kind written (never an input)"


def print_error(error: object) -> None:
    """An error on stderr in one line, its file content escaped."""
    print(f"error: {one_line(str(error))}", file=sys.stderr)


def shown_error(error: ScenarioError) -> list[str]:
    """A file's problems, one line each, the first followed by its line as written with a
    caret under the place (a YAML syntax error), indented as ruff shows it."""
    first, *others = (one_line(problem) for problem in error.every())
    return [first, *(f"    {line}" for line in error.excerpt), *others]


def said(args: argparse.Namespace, line: str) -> None:
    """What a command wrote, in one line on stdout (as git and pytest say it), unless
    ``--quiet``."""
    if not args.quiet:
        print(one_line(line))


def format_step(step: Step) -> str:
    phase = " > ".join(step.phase)
    lines = [
        f"#{step.index:<3} {phase}",
        f"     {step.with_effect_ids()}  [{', '.join(step.rules)}]"
        if step.rules
        else f"     {step.with_effect_ids()}",
    ]
    if step.cause.kind != "setup":
        card = f" (card {step.cause.card})" if step.cause.card else ""  # the table's arrows
        lines.append(f"     cause: {step.cause.describe()}{card}")
    lines += [f"       - {change.describe()}" for change in step.changes]
    return "\n".join(lines)


def timeline_json(run: ScenarioRun, branch: str | None) -> dict[str, object]:
    """``run --json``: the timeline, the final table as its facts, what failed (version 1,
    ``json_output.SCHEMA``)."""
    return json_output.head("run") | {
        "file": str(run.path),
        "title": run.scenario.title,
        "ruleset": run.scenario.ruleset,
        "branch": branch,
        "steps": [json_output.step_json(step) for step in run.game.steps],
        "final_table": json_output.table_json(run.steps[-1].table),
        "failures": run.failures,
        "warnings": run.warnings,
        "waiting": run.waiting.model_dump(mode="json") if run.waiting else None,
    }


def command_run(args: argparse.Namespace) -> int:
    run = run_scenario(Path(args.file), args.branch)
    for warning in run.warnings:  # on stderr: the timeline (or its JSON) stays as it was
        print(f"warning: {one_line(warning)}", file=sys.stderr)
    if args.json:
        print(json.dumps(timeline_json(run, args.branch), indent=2))
        return 1 if run.failures else 0
    branch = f" [branch {args.branch!r}]" if args.branch else ""
    print(f"{one_line(run.scenario.title)}{one_line(branch)}  ({one_line(str(run.path))})")
    if run.scenario.description:
        print(run.scenario.description.strip())
    print()
    for step in run.game.steps:
        print(format_step(step))
    if run.waiting:
        print(f"\nWaiting: {one_line(run.waiting.prompt)}")
    print("\nFinal table:")
    print(render_table(run.steps[-1].table))
    if run.failures:
        print("\nFailed expectations:")
        print("\n".join(f"  {one_line(failure)}" for failure in run.failures))
        return 1
    return 0


@dataclass
class Checked:
    """One file's outcome in ``check``: its problems (the located errors, the failed
    expectations) and warnings, each one line, and the lines the text shows under its head."""

    file: str
    outcome: str  # ok, failed, bad input
    title: str | None = None
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)  # the text's lines, a caret's too

    def text(self) -> list[str]:
        head = {"ok": "ok   ", "failed": "FAIL ", "bad input": "ERROR"}[self.outcome]
        title = f"  ({one_line(self.title)})" if self.title and self.outcome != "bad input" else ""
        lines = [f"{head} {one_line(self.file)}{title}"]
        lines += [f"  {line}" for line in self.shown or map(one_line, self.problems)]
        if self.outcome != "bad input":
            lines += [f"  warning: {one_line(warning)}" for warning in self.warnings]
        return lines

    def json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "outcome": self.outcome,
            "title": self.title,
            "problems": self.problems,
            "warnings": self.warnings,
        }


def check_file(file: Path, strict: bool) -> Checked:
    name = str(file)
    try:
        run = run_scenario(file)
    except ScenarioError as error:
        return Checked(name, "bad input", problems=error.every(), shown=shown_error(error))
    except Exception as error:  # a bug must not stop the check of the other files
        return Checked(name, "bad input", problems=[internal_error(name, error)])
    title = run.scenario.title
    if strict and run.warnings:
        return Checked(name, "bad input", title, problems=run.warnings)  # they are its problems
    outcome = "failed" if run.failures else "ok"
    return Checked(name, outcome, title, problems=run.failures, warnings=run.warnings)


def command_check(args: argparse.Namespace) -> int:
    files = scenario_files([Path(p) for p in args.paths])
    if not files:
        print("no scenario files found", file=sys.stderr)
        return 2
    results = []
    for file in files:
        result = check_file(file, args.strict)
        results.append(result)
        if not args.json:
            print("\n".join(result.text()))
    counts = {outcome: 0 for outcome in ("ok", "failed", "bad input")}
    for result in results:
        counts[result.outcome] += 1
    if args.json:
        files_json = [result.json() for result in results]
        print(json.dumps(json_output.head("check") | {"files": files_json, "counts": counts}))
    else:
        warnings = sum(len(result.warnings) for result in results)
        print(
            f"{len(files)} scenario(s) checked: "
            + ", ".join(f"{number} {outcome}" for outcome, number in counts.items())
            + (f"; {warnings} warning(s)" if warnings else "")
        )
    return 2 if counts["bad input"] else 1 if counts["failed"] else 0


def command_schema(args: argparse.Namespace) -> int:
    if args.output:
        print(json.dumps(json_output.SCHEMA, indent=2))
        return 0
    schema = scenario_schema()
    print(reference(schema) if args.markdown else json.dumps(schema, indent=2))
    return 0


def command_demo(args: argparse.Namespace) -> int:
    if args.print:
        return command_run(argparse.Namespace(file=str(DEMO), json=False, branch=None))
    from app.widgets.gui import launch

    return launch(DEMO)


def command_open(args: argparse.Namespace) -> int:
    from app.widgets.gui import launch

    load_scenario(Path(args.file))  # report a bad file here, with exit status 2
    return launch(Path(args.file))


def command_shot(args: argparse.Namespace) -> int:
    from app.widgets.gui import shot

    try:
        size = parse_size("--size", args.size)
        output = Path(args.output)
        index = shot(
            Path(args.file), args.step, output, args.timeline, size, args.force, args.branch
        )
    except (ArgumentError, OutputError, ValueError) as error:
        print_error(error)
        return 2
    shown = "the window" if args.timeline else "the table"
    said(args, f"wrote {output}: {shown} at step {index} of {args.branch!r}, {size[0]}x{size[1]}")
    return 0


def command_export(args: argparse.Namespace) -> int:
    from app.cli.export_command import export

    try:
        written = export(
            Path(args.file),
            args.output,
            args.by,
            args.size,
            args.png_strip,
            args.steps,
            args.force,
            args.branch,
        )
    except (ArgumentError, OutputError) as error:
        print_error(error)
        return 2
    said(args, written)
    return 0


def diff_text(title: str, comparison: Comparison) -> list[str]:
    """What ``diff`` prints: where the timelines diverge (first line), the steps that differ
    side by side, then how the two tables compared differ."""
    names = [one_line(side.branch) for side in comparison.sides]
    both = f"{names[0]!r} and {names[1]!r}"
    if comparison.diverge is None:
        head = f"{both} do not diverge: the same {comparison.shown[0].index + 1} steps"
    else:
        head = f"{both} diverge at step {comparison.diverge}"
    lines = [f"{head} ({one_line(title)})"]
    width = max(len(name) for name in names)
    for pair in comparison.steps:
        lines.append("")
        for name, step in zip(names, (pair.left, pair.right), strict=True):
            if step is None:
                lines.append(f"  {name:<{width}}  —    (no step here)")
                continue
            rules = f"  [{', '.join(step.rules)}]" if step.rules else ""
            text = one_line(step.with_effect_ids())
            lines.append(f"  {name:<{width}}  #{step.index:<3} {text}{rules}")
    left, right = (
        f"{name!r} at step {step.index}" for name, step in zip(names, comparison.shown, strict=True)
    )
    lines += ["", f"The tables at {left} / {right}:"]
    lines += [f"  {one_line(d.describe())}" for d in comparison.differences] or ["  no difference"]
    return lines


def command_diff(args: argparse.Namespace) -> int:
    branches = (args.branch + [MAIN, MAIN])[:2]
    steps = (args.step + [None, None])[:2]
    if len(args.branch) > 2 or len(args.step) > 2:
        raise ScenarioError(args.file, "", "give at most two --branch and two --step")
    scenario, source = load_scenario(Path(args.file))
    sides = [Side(branch, step) for branch, step in zip(branches, steps, strict=True)]
    comparison = compare(scenario, source, *sides)
    if args.json:
        print(json.dumps(json_output.diff_json(args.file, scenario.title, comparison)))
    else:
        print("\n".join(diff_text(scenario.title, comparison)))
    return 0


FUZZ_NUMBERS = ("games", "seed", "workers", "steps_per_game")  # options read as whole numbers


def command_fuzz(args: argparse.Namespace) -> int:
    from app.cli.fuzz_command import fuzz_command

    try:
        for name in FUZZ_NUMBERS:
            option = "--" + name.replace("_", "-")
            setattr(args, name, parse_whole_number(option, getattr(args, name)))
    except ArgumentError as error:
        print_error(error)
        return 2
    return fuzz_command(args)


BRANCH_HELP = "a branch by its name (main: the file's script)"
STEP_HELP = "a step number or a script label"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardtable", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="play a scenario and print its timeline")
    run.add_argument("file")
    run.add_argument("--json", action="store_true", help="print the timeline as JSON")
    run.add_argument("--branch", help=BRANCH_HELP + " (default: main, and every branch checked)")
    run.set_defaults(handler=command_run)
    check = commands.add_parser(
        "check",
        help="check the expectations of scenario files",
        description="Play each scenario file and check its expectations; a directory is "
        "searched for *.yaml files (recursively, sorted). Prints ok, FAIL (with each failure) "
        "or ERROR (with the located message) per file, and its warnings, then the counts.",
        epilog="exit status: 0 every file passes, 1 an expectation failed, 2 bad input (a "
        "file that cannot be read or played, or no file found; with --strict, a warning too)",
    )
    check.add_argument(
        "paths", nargs="+", metavar="FILE|DIR", help="scenario files, or folders of them"
    )
    check.add_argument(
        "--strict",
        action="store_true",
        help="a warning (a rule named in rules: that no step applies) makes its file bad input",
    )
    check.add_argument(
        "--json", action="store_true", help="print each file's outcome and the counts as JSON"
    )
    check.set_defaults(handler=command_check)
    schema = commands.add_parser("schema", help="print the scenario file JSON Schema")
    schema.add_argument(
        "--markdown", action="store_true", help="print it as the tables of docs/scenarios.md"
    )
    schema.add_argument(
        "--output",
        action="store_true",
        help="the schema of what run, check and diff print with --json instead",
    )
    schema.set_defaults(handler=command_schema)
    demo = commands.add_parser("demo", help="open the app on the built-in demo table")
    demo.add_argument("--print", action="store_true", help="print its timeline instead")
    demo.set_defaults(handler=command_demo)
    open_ = commands.add_parser("open", help="open the app on a scenario")
    open_.add_argument("file")
    open_.set_defaults(handler=command_open)
    shot = commands.add_parser("shot", help="render the table to an image, without a display")
    shot.add_argument("file")
    shot.add_argument("--step", help=STEP_HELP + " (default: the last)")
    shot.add_argument("--branch", default=MAIN, help=BRANCH_HELP + " (default: main)")
    shot.add_argument("-o", "--output", default="table.png")
    shot.add_argument("--timeline", action="store_true", help="the whole window, timeline too")
    shot.add_argument("--size", default="1600x1000", help="WIDTHxHEIGHT in pixels")
    shot.add_argument("--force", action="store_true", help=REPLACE_HELP)
    shot.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    shot.set_defaults(handler=command_shot)
    export = commands.add_parser("export", help="a lesson page (HTML) or a PNG strip of steps")
    export.add_argument("file")
    export.add_argument("-o", "--output", help="default: lesson.html, or strip.png")
    export.add_argument("--by", choices=("step", "phase"), help="a section per step (default)")
    export.add_argument("--size", help="WIDTHxHEIGHT: the box a table is scaled into")
    export.add_argument("--png-strip", action="store_true", help="chosen steps side by side")
    export.add_argument(
        "--steps", help="with --png-strip: the steps to show, numbers or labels, e.g. 3,5,capture"
    )
    export.add_argument(
        "--branch",
        default=MAIN,
        help=BRANCH_HELP + ": the strip's, or the tab the page opens on (default: main)",
    )
    export.add_argument("--force", action="store_true", help=REPLACE_HELP)
    export.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    export.set_defaults(handler=command_export)
    diff = commands.add_parser("diff", help="what differs between two branches (or steps)")
    diff.add_argument("file")
    diff.add_argument(
        "--branch", action="append", default=[], help="twice: the two branches (default: main)"
    )
    diff.add_argument(
        "--step", action="append", default=[], help="per side: " + STEP_HELP + " (default: last)"
    )
    diff.add_argument("--json", action="store_true", help="print the differences as JSON")
    diff.set_defaults(handler=command_diff)
    moves = commands.add_parser(
        "moves", help="what may be tried where the script ends, each with the rules' verdict"
    )
    moves.add_argument("file")
    moves.add_argument("--branch", help=BRANCH_HELP + " (default: main)")
    moves.add_argument("--legal", action="store_true", help="only the moves the rules allow")
    moves.add_argument("--json", action="store_true", help="print the moves as JSON")
    moves.set_defaults(handler=command_moves)
    rule = commands.add_parser(
        "rule", help="a rule's summary, as the app shows it, and the rules it cites"
    )
    rule.add_argument("ids", nargs="*", metavar="ID", help="rule ids, e.g. M-10 14.4.2 P-49")
    rule.add_argument("--list", action="store_true", help="every rule id with its title")
    rule.set_defaults(handler=command_rule)
    fuzz = commands.add_parser(
        "fuzz", help="random legal play with invariants checked (status 1 on a violation)"
    )
    fuzz.add_argument("--ruleset", choices=rulesets().names, required=True)  # none loaded
    fuzz.add_argument("--games", default="100")
    fuzz.add_argument("--seed", default="0")
    fuzz.add_argument("--workers", default="1", help="local processes")
    fuzz.add_argument("--steps-per-game", default="50", help="moves per game")
    fuzz.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler (dask extra)")
    fuzz.add_argument("--out", default="fuzz-out", help="where shrunk violations are written")
    fuzz.add_argument("--quiet", action="store_true", help="no progress line")
    fuzz.set_defaults(handler=command_fuzz)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    fill_closed_descriptors()
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout = TerminalStream(stdout or ClosedStream())  # file content printed: escaped
    sys.stderr = BestEffortStream(stderr)
    try:
        return run_command(argv)
    except OutputFailed as failure:  # a full device, a closed stdout, a reader gone
        return failure.end(stdout)
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def run_command(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
    finally:
        sys.stdout.flush()  # --help's text: a failure to write it is caught in main
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except ScenarioError as error:
        first, *others = shown_error(error)
        print_error(first)
        print("".join(f"{line}\n" for line in others), end="", file=sys.stderr)
        return 2
    except OutputFailed:
        raise
    except Exception as error:  # never a traceback: one line about the file, status 2
        print_error(internal_error(getattr(args, "file", None) or "cardtable", error))
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
