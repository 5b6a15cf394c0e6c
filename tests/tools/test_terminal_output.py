"""What the command line prints cannot be forged by a file: control characters, bidi overrides
and line breaks in titles, names and paths are shown escaped; JSON stays JSON."""

from __future__ import annotations

import doctest
import json
import unicodedata
from pathlib import Path

import pytest

import app.cli.terminal_text
from app.cli.commands import main
from app.cli.terminal_text import escaped, one_line
from tests.support.souls_tables import scenario_text

HOSTILE = {
    "clear the screen": "\x1b[2J",
    "retitle the terminal": "\x1b]0;owned\x07",
    "overwrite the line": "\rok    /tmp/all-good.yaml",
    "forge a line": "\nok    /tmp/all-good.yaml",
    "reverse the text": "\u202egnp.exe",
    "hide a mark": "a\u200bb",
    "next line": "\x85ok",
    "line separator": "\u2028ok",
    "delete": "\x7f",
}


def test_the_examples_in_the_docstring_run() -> None:
    result = doctest.testmod(app.cli.terminal_text)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_what_a_terminal_would_obey_is_escaped(text: str) -> None:
    shown = one_line(text)
    assert all(unicodedata.category(char) not in {"Cc", "Cf", "Zl", "Zp"} for char in shown), shown
    assert shown == repr(text)[1:-1].replace("\\'", "'").replace('\\"', '"')


def test_printable_text_passes_unchanged_and_newlines_stay_where_kept() -> None:
    text = "Sylva — 5 dégâts, ½ HP; 日本語 tab\tand 'quotes' \\ too"
    assert escaped(text) == text.replace("\t", "\\t")
    assert escaped("two\nlines") == "two\nlines" and one_line("two\nlines") == "two\\nlines"
    assert escaped("\ud800") == "\\ud800"  # a lone surrogate could not even be printed


def hostile_file(tmp_path: Path, title: str) -> Path:
    path = tmp_path / "hostile.yaml"
    body = scenario_text(title=json.dumps(title), script="- deal: {target: sylva, amount: 5}\n")
    path.write_text(body + "expect:\n  - cards: {sylva: {damage: 99}}\n", encoding="utf-8")
    return path


def test_check_cannot_be_made_to_print_a_line_it_did_not_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_file(tmp_path, "x\nok    /tmp/all-good.yaml\r\x1b[2J\u202e")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == f"FAIL  {path}  (x\\nok    /tmp/all-good.yaml\\r\\x1b[2J\\u202e)"
    assert not any(line.startswith("ok") for line in lines)
    assert "\x1b" not in out and "\r" not in out and "\u202e" not in out


@pytest.mark.parametrize("command", ["run", "diff"])
def test_run_and_diff_escape_the_file_s_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = hostile_file(tmp_path, "T\x1b]0;owned\x07\u2028itle")
    main([command, str(path)])
    out = capsys.readouterr().out
    assert "T\\x1b]0;owned\\x07\\u2028itle" in out.splitlines()[0]
    assert "\x1b" not in out and "\x07" not in out and "\u2028" not in out


def test_errors_name_a_hostile_path_escaped_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "gone\x1b[2J\nok.yaml"
    assert main(["run", str(missing)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "gone\\x1b[2J\\nok.yaml" in error and "\x1b" not in error


def test_json_output_stays_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    title = "x\n\x1b[2J\u202e"
    main(["run", "--json", str(hostile_file(tmp_path, title))])
    assert json.loads(capsys.readouterr().out)["title"] == title
