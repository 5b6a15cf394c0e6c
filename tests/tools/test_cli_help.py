"""What ``cardtable --help`` and ``cardtable COMMAND --help`` tell a user: every command and
every option with its words, its value, its default and its choices, as reviewed
(``tests/support/cli_help.txt``, argparse's layout aside, which changes with Python's version).
A reworded or lost help line, a default changed, is a diff to review; after a change meant to
make one, rewrite the file and review it:

    CARDTABLE_UPDATE_TRANSCRIPTS=1 ./test.sh tests/tools/test_cli_help.py
"""

from __future__ import annotations

import argparse
import difflib
import os
from pathlib import Path

import pytest

from app.cli.commands import build_parser, main
from engine.ruleset import rulesets

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
