"""The headless command line: run (and its might table, and a failed expectation), run --json,
check, schema, demo, open, shot (it writes nothing but its output), export's progress, and the
help of every command and option as reviewed (tests/support/cli_help.txt)."""

from __future__ import annotations

import argparse
import difflib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.commands import DEMO, build_parser, format_step, main
from app.cli.export_command import terminal_progress
from engine.assets import SCENARIOS
from engine.output_files import OutputError
from engine.ruleset import rulesets
from engine.scenario import run_scenario
from tests.support.souls_tables import scenario_text

MIGHT = SCENARIOS / "might"
M4 = SCENARIOS / "might" / "M4-prevention-worked-example.yaml"


def test_run_prints_every_step_with_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(DEMO)]) == 0
    out = capsys.readouterr().out
    assert "Battle 1 > Capture step" in out and "[9.5.6" in out and "Final table:" in out
    scenario = run_scenario(DEMO).scenario
    assert scenario.description
    assert out.splitlines()[:3] == [
        f"Demo table  ({DEMO})",  # the title, then the file
        scenario.description.strip(),
        "",
    ]


def test_a_step_that_cites_no_rule_shows_no_brackets() -> None:
    step = run_scenario(DEMO).game.steps[0]
    assert format_step(step).splitlines()[1] == f"     {step.with_effect_ids()}  [S-1]"
    bare = step.model_copy(update={"rules": ()})
    assert format_step(bare).splitlines()[1] == f"     {step.with_effect_ids()}"


def test_run_json_has_steps_and_final_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--json", str(DEMO)]) == 0
    out = capsys.readouterr().out
    assert out.startswith('{\n  "format": "cardtable",\n')  # indented, for a reader too
    data = json.loads(out)
    assert data["failures"] == data["warnings"] == [] and data["waiting"] is None
    assert (data["file"], data["title"], data["branch"]) == (str(DEMO), "Demo table", None)
    step = data["steps"][5]
    assert set(step) >= {"index", "phase", "description", "rules", "cause", "changes"}
    assert all(s["rules"] for s in data["steps"][1:])
    assert data["final_table"]["cards"]["bob-imp"]["captured"] is True  # a fact, as expect says
    assert data["final_table"]["facts"]["turn"] == 3


def test_check_reports_a_failed_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(
        scenario_text(script="- deal: {target: sylva, amount: 10}\n")
        + "expect:\n  - cards:\n      sylva: {damage: 5}\n"
    )
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {path}" in out
    assert f"{path}:26: expect[0] at 'end': sylva damage: expected 5, saw 10" in out


def test_check_a_directory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(DEMO.parent)]) == 0
    files = len(list(DEMO.parent.rglob("*.yaml")))
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"{files} scenario(s) checked: {files} ok, 0 failed, 0 bad input"
    )


def test_check_of_a_folder_without_scenarios_says_so_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("not a scenario\n")
    (tmp_path / "empty").mkdir()
    assert main(["check", str(tmp_path), str(tmp_path / "empty")]) == 2
    assert capsys.readouterr() == ("", "no scenario files found\n")


def test_schema_is_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('{\n  "')  # indented, for a reader too
    schema = json.loads(out)
    assert {"SoulsScenario", "MightScenario"} <= set(schema["$defs"])
    assert "setup" in schema["$defs"]["MightScenario"]["properties"]
    assert len(schema["anyOf"]) == 2


def test_demo_prints_the_demo_timeline(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--print"]) == 0
    assert "captured" in capsys.readouterr().out


def test_demo_opens_the_app_on_the_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = []
    monkeypatch.setattr("app.widgets.gui.launch", lambda path: opened.append(path) or 0)
    assert main(["demo"]) == 0 and opened == [DEMO]


def test_demo_print_is_the_demo_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--print"]) == 0
    printed = capsys.readouterr().out
    assert main(["run", str(DEMO)]) == 0
    assert printed == capsys.readouterr().out


def test_open_opens_the_app_on_a_good_file_and_refuses_a_bad_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = []
    monkeypatch.setattr("app.widgets.gui.launch", lambda path: opened.append(path) or 0)
    assert main(["open", str(M4)]) == 0 and opened == [M4]
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: souls\n", "utf-8")
    assert main(["open", str(broken)]) == 2 and opened == [M4]  # said here, no window
    assert capsys.readouterr().err.startswith(f"error: {broken}:1: title: the key")


def test_run_prints_the_might_timeline_and_final_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(MIGHT / "M3-bonus-damage-before-prevention.yaml")]) == 0
    out = capsys.readouterr().out
    final = out.split("\nFinal table:\n", 1)[1]
    assert final.splitlines() == [
        "Turn 1, Alice to play",
        "Alice: rune pool 0; +1 Bonus Damage to spell damage this turn",
        "  trash: ember-focus, spark, searing-blast",
        "Bob: rune pool 0",
        "  base            iron-sentinel (Iron Sentinel) Might 4, damage 2,"
        " prevention ward (0 left of 5) this turn",
    ]
    assert "#15  Turn 1 (Alice) > Main phase" in out
    assert "Failed expectations" not in out


def test_run_exits_1_and_lists_failures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = (MIGHT / "M3-bonus-damage-before-prevention.yaml").read_text(encoding="utf-8")
    wrong = "iron-sentinel: {damage: 2, might: 4, lethal: false, shields: {ward: 0}}"
    assert source.count(wrong) == 1
    bad = tmp_path / "bad.yaml"
    twice = wrong.replace("damage: 2", "damage: 3").replace("might: 4", "might: 5")
    bad.write_text(source.replace(wrong, twice), "utf-8")
    assert main(["run", str(bad)]) == 1
    out = capsys.readouterr().out
    failures = out.split("\nFailed expectations:\n", 1)[1].splitlines()
    assert failures == [  # one line each
        f"  {bad}:43: expect[2] at 'blast': iron-sentinel might: expected 5, saw 4",
        f"  {bad}:43: expect[2] at 'blast': iron-sentinel damage: expected 3, saw 2",
    ]
    assert main(["run", "--json", str(bad)]) == 1  # as without --json
    assert len(json.loads(capsys.readouterr().out)["failures"]) == 2


def test_shot_touches_no_file_but_its_output(tmp_path: Path) -> None:
    from app.cli.commands import main

    sibling = tmp_path / "report.ini"
    sibling.write_text("[mine]\nkeep=1\n")
    for whole_window in ([], ["--timeline"]):  # the window writes its layout when closed
        assert main(["shot", str(M4), "-o", str(tmp_path / "report.png"), *whole_window]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.ini", "report.png"]
    assert sibling.read_text() == "[mine]\nkeep=1\n"


def test_shot_of_the_window_is_said_and_drawn_as_the_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, window = tmp_path / "table.png", tmp_path / "window.png"
    size = ["--size", "400x300", "--step", "2"]
    assert main(["shot", str(M4), *size, "-o", str(table)]) == 0
    assert main(["shot", str(M4), *size, "--timeline", "-o", str(window)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {table}: the table at step 2 of 'main', 400x300",
        f"wrote {window}: the window at step 2 of 'main', 400x300",
    ]
    assert table.read_bytes() != window.read_bytes()


@pytest.mark.parametrize("command", ["shot", "export"])
def test_a_bad_size_names_its_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main([command, str(M4), "--size", "12", "-o", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == (
        "error: --size 12: expected WIDTHxHEIGHT, 100 to 4000 pixels each\n"
    )


def test_export_writes_lesson_html_or_strip_png_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(M4), "--size", "300x200"]) == 0
    assert main(["export", str(M4), "--png-strip", "--steps", "1,2"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.html", "strip.png"]
    assert (tmp_path / "strip.png").read_bytes().startswith(b"\x89PNG")
    assert capsys.readouterr().out.splitlines()[1] == (
        "wrote strip.png: steps 1, 2 of 'main' side by side"
    )


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            ["--png-strip", "--steps", "1", "--by", "phase"],
            "--by goes with the page, not with --png-strip",
        ),
        (["--png-strip"], "--png-strip needs --steps, e.g. --steps 3,5,9"),
        (["--steps", "1"], "--steps goes with --png-strip"),
    ],
)
def test_export_options_that_do_not_go_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert main(["export", str(M4), "-o", str(tmp_path / "out"), *options]) == 2
    assert capsys.readouterr().err == f"error: {said}\n"
    assert not (tmp_path / "out").exists()


def test_shot_and_export_say_what_they_wrote_unless_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line on stdout, as git and pytest say it: the file, and which step or steps."""
    png, page, strip = (tmp_path / name for name in ("t.png", "l.html", "s.png"))
    assert main(["shot", str(M4), "--step", "2", "--size", "300x200", "-o", str(png)]) == 0
    assert main(["export", str(M4), "--size", "300x200", "-o", str(page)]) == 0
    assert main(["export", str(M4), "--png-strip", "--steps", "1,2", "-o", str(strip)]) == 0
    steps = len(run_scenario(M4).game.steps)
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {png}: the table at step 2 of 'main', 300x200",
        f"wrote {page}: the lesson page, {steps} steps",
        f"wrote {strip}: steps 1, 2 of 'main' side by side",
    ]
    assert main(["shot", str(M4), "-q", "-o", str(png), "--force"]) == 0
    assert main(["export", str(M4), "--quiet", "-o", str(page), "--force"]) == 0
    assert capsys.readouterr().out == ""


def test_export_draws_a_page_960x640_and_a_strip_640x480_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for options, size, name in (
        (["--png-strip", "--steps", "1,2"], "640x480", "strip.png"),
        ([], "960x640", "lesson.html"),
    ):
        told, untold = tmp_path / f"told-{name}", tmp_path / name
        assert main(["export", str(M4), *options, "--size", size, "-q", "-o", str(told)]) == 0
        assert main(["export", str(M4), *options, "-q", "-o", str(untold)]) == 0
        assert told.read_bytes() == untold.read_bytes(), name
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(
    ("options", "holds", "other", "drawn"),
    [
        (
            ["--png-strip", "--steps", "1,2"],
            "an HTML page, not a PNG image",
            b"<!DOCTYPE html>\n<p>notes</p>\n",
            "png_bytes",
        ),
        ([], "an image, not an HTML page", b"\x89PNG\r\n\x1a\n" + bytes(64), "lesson_page"),
    ],
    ids=["strip", "page"],
)
def test_export_replaces_a_file_of_its_kind_but_no_other(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    options: list[str],
    holds: str,
    other: bytes,
    drawn: str,
) -> None:
    """An existing output of the same kind is an earlier export; any other file is refused,
    before anything is drawn, without --force, and so is one made while the tables are drawn."""
    import app.cli.export_command as export_command

    output = tmp_path / "out"
    command = ["export", str(M4), *options, "--size", "300x200", "-q", "-o", str(output)]
    assert main(command) == 0
    assert main(command) == 0  # its own kind: replaced
    assert capsys.readouterr() == ("", "")
    refused = (
        f"error: cannot write {output}: it exists and holds {holds}: "
        "give another name, or --force to replace it\n"
    )
    output.write_bytes(other)
    with monkeypatch.context() as patched:
        patched.setattr(export_command, drawn, None)  # not reached
        assert main(command) == 2
    assert capsys.readouterr().err == refused
    steps = options[-1] if options else None
    with pytest.raises(OutputError):  # called as a function: refused unless forced, too
        export_command.export(M4, str(output), None, "300x200", bool(options), steps)
    real = getattr(export_command, drawn)

    def made_meanwhile(*args: object) -> object:
        output.write_bytes(other)
        return real(*args)

    output.unlink()
    monkeypatch.setattr(export_command, drawn, made_meanwhile)
    assert main(command) == 2
    assert capsys.readouterr().err == refused and output.read_bytes() == other


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_export_counts_the_tables_drawn_on_one_terminal_line() -> None:
    """On a terminal only: a log or a pipe gets no carriage returns."""
    assert terminal_progress(io.StringIO()) is None
    terminal = Terminal()
    show = terminal_progress(terminal)
    assert show is not None
    for done in (1, 2, 3):
        show(done, 3)
    assert terminal.getvalue() == (
        "\rexport: table 1 of 3\rexport: table 2 of 3\rexport: table 3 of 3\n"
    )


def test_export_on_a_terminal_shows_its_progress_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["export", str(M4), "--size", "300x200", "-q", "-o", str(tmp_path / "l.html")]) == 0
    shown = terminal.getvalue()
    assert shown.startswith("\rexport: table 1 of ") and shown.endswith("\n")


@pytest.mark.parametrize(
    "command",
    [
        ["shot", str(DEMO), "--timeline"],
        ["export", str(DEMO), "--png-strip", "--steps", "0,1"],
    ],
)
def test_rendering_commands_say_nothing_on_stderr(tmp_path: Path, command: list[str]) -> None:
    """The offscreen platform's "does not support propagateSizeHints()" is noise, not news."""
    output = tmp_path / "out.png"
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", *command, "-o", str(output)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr
    assert output.exists()
    assert result.stderr == ""


def test_check_counts_each_outcome_and_returns_the_worst(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "a-good.yaml"
    good.write_text(DEMO.read_text())
    failing = tmp_path / "b-failing.yaml"
    failing.write_text(DEMO.read_text().replace("expect:", "expect:\n  - {turn: 99}", 1))
    broken = tmp_path / "c-broken.yaml"
    broken.write_text("ruleset: souls\n")
    assert main(["check", str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines()[-1] == (
        "3 scenario(s) checked: 1 ok, 1 failed, 1 bad input"
    )
    broken.unlink()
    assert main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1].endswith(": 1 ok, 1 failed, 0 bad input")


def test_a_bug_in_a_command_is_one_line_naming_its_file_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Never a traceback: the file the command was given (else ``cardtable``), the exception."""

    def buggy(args: argparse.Namespace) -> int:
        raise KeyError("slot")

    monkeypatch.setattr("app.cli.commands.command_run", buggy)
    monkeypatch.setattr("app.cli.commands.command_schema", buggy)
    assert main(["run", str(DEMO)]) == 2
    assert capsys.readouterr() == ("", f"error: {DEMO}: internal error: KeyError: 'slot'\n")
    assert main(["schema"]) == 2
    assert capsys.readouterr() == ("", "error: cardtable: internal error: KeyError: 'slot'\n")


def test_a_bug_on_one_file_is_its_internal_error_and_check_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    buggy = tmp_path / "a-buggy.yaml"
    buggy.write_text(DEMO.read_text())
    good = tmp_path / "b-good.yaml"
    good.write_text(DEMO.read_text())

    def bug_on_the_first(path: Path) -> object:
        if path == buggy:
            raise KeyError("slot")
        return run_scenario(path)

    monkeypatch.setattr("app.cli.commands.run_scenario", bug_on_the_first)
    assert main(["check", str(tmp_path)]) == 2
    internal = f"{buggy}: internal error: KeyError: 'slot'"
    assert capsys.readouterr().out.splitlines() == [
        f"ERROR {buggy}",
        f"  {internal}",
        f"ok    {good}  (Demo table)",
        "2 scenario(s) checked: 1 ok, 0 failed, 1 bad input",
    ]
    assert main(["check", "--json", str(buggy)]) == 2
    said = json.loads(capsys.readouterr().out)["files"]
    assert said == [
        {
            "file": str(buggy),
            "outcome": "bad input",
            "title": None,
            "problems": [internal],
            "warnings": [],
        }
    ]


def test_check_json_gives_a_bad_file_its_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: souls\n", "utf-8")
    assert main(["check", str(broken)]) == 2
    text = capsys.readouterr().out.splitlines()
    assert main(["check", "--json", str(broken)]) == 2
    problems = json.loads(capsys.readouterr().out)["files"][0]["problems"]
    assert problems and [f"  {problem}" for problem in problems] == text[1:-1]


def test_check_help_lists_its_options_and_exit_statuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "scenario files, or folders of them" in text
    assert "exit status: 0 every file passes, 1 an expectation failed, 2 bad input" in text


def test_a_syntax_error_shows_its_line_with_a_caret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` under the file's problem, ``run`` on stderr after it: the line as typed."""
    path = tmp_path / "s.yaml"
    path.write_text("ruleset: souls\nscript:\n  - end_turn\n    label: over\n", "utf-8")
    assert main(["check", str(path)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith(f"  {path}:4: not valid YAML: `label:` is under `- end_turn`")
    assert lines[2:4] == ["      4 |     label: over", "        |     ^"]
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"error: {path}:4: not valid YAML: ")
    assert err[1:] == ["    4 |     label: over", "      |     ^"]


# What --help says, as reviewed (argparse's layout aside, which changes with Python's version):
# a reworded or lost line, a default changed, is a diff to review; after a change meant to make
# one, rewrite it: CARDTABLE_UPDATE_TRANSCRIPTS=1 ./test.sh tests/tools/test_cli.py -k reviewed
REVIEWED = Path(__file__).parents[1] / "support" / "cli_help.txt"
UPDATE = os.environ.get("CARDTABLE_UPDATE_TRANSCRIPTS") == "1"


def commands(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def option(action: argparse.Action) -> str:
    """One option or argument: its names, the value it takes, its facts, then its words."""
    names = ", ".join(action.option_strings) or action.dest
    if action.option_strings and action.nargs != 0:  # it takes a value
        names += f" {action.metavar or action.dest.upper()}"
    choices = action.choices
    if choices is not None and list(choices) == list(rulesets().names):
        choices = "the rulesets installed"  # whichever they are
    facts = [
        f"{name} {value!r}"
        for name, value in [
            ("nargs", action.nargs),
            ("default", action.default),
            ("choices", choices),
            ("required", action.required and bool(action.option_strings)),
            ("metavar", None if action.option_strings else action.metavar),
        ]
        if value not in (None, False)
    ]
    said = f": {action.help}" if action.help is not None else ""
    return f"  {names}{' [' + ', '.join(facts) + ']' if facts else ''}{said}"


def interface() -> str:
    """The parser's own words: each command's line and description, each option's."""
    parser = build_parser()
    subcommands = commands(parser)
    lines = [f"{parser.prog}: {(parser.description or '').splitlines()[0]}"]
    lines.append(f"  {subcommands.dest} [required {subcommands.required!r}]")
    for listed in subcommands._choices_actions:
        command = subcommands.choices[listed.dest]
        lines += ["", f"{command.prog}: {listed.help}"]
        lines += [f"  {text}" for text in (command.description, command.epilog) if text]
        lines += [option(a) for a in command._actions if not isinstance(a, argparse._HelpAction)]
    return "\n".join(lines) + "\n"


def test_every_command_and_option_says_what_it_is_as_reviewed() -> None:
    actual = interface()
    if UPDATE:
        REVIEWED.write_text(actual, encoding="utf-8")
    expected = REVIEWED.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "reviewed", "now", lineterm="", n=1
        )
        pytest.fail("\n".join(list(diff)[:60]), pytrace=False)


def test_help_prints_the_reviewed_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # one line per option: no wrapping to compare
    with pytest.raises(SystemExit) as ended:
        main(["--help"])
    assert ended.value.code == 0
    listed = capsys.readouterr().out
    for line in REVIEWED.read_text(encoding="utf-8").splitlines():
        if line.startswith("cardtable ") and ": " in line:
            name, said = line.removeprefix("cardtable ").split(": ", 1)
            assert f"{name} " in listed and said in listed
