"""The command line's values beyond argparse's types: sizes, step lists, strips, and fuzz's
numbers, bounds and scheduler, each refused in one located line (status 2) before any work
starts."""

from __future__ import annotations

import argparse
import doctest
import os
import sys
from pathlib import Path

import pytest

import app.cli.arguments
import app.cli.fuzz_command
from app.cli.arguments import ArgumentError, parse_size, parse_steps, verify_strip
from app.cli.commands import main
from app.cli.fuzz_command import argument_problems
from engine.assets import SCENARIOS
from engine.ruleset import Unavailable

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"


def test_the_examples_in_the_docstring_run() -> None:
    result = doctest.testmod(app.cli.arguments)
    assert result.attempted >= 3 and result.failed == 0


@pytest.mark.parametrize(
    "text", ["12", "8000x600", "600x8000", "99x100", "²⁰⁰x³⁰⁰", "٣٠٠x٣٠٠", "30000", "1e3x1e3", ""]
)
def test_a_size_is_ascii_digits_within_bounds(text: str) -> None:
    with pytest.raises(ArgumentError, match="expected WIDTHxHEIGHT, 100 to 4000 pixels each"):
        parse_size("--size", text)


def test_a_size_at_the_bounds_is_taken() -> None:
    assert parse_size("--size", "100x4000") == (100, 4000)
    assert parse_size("--size", " 4000x100 ") == (4000, 100)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("3,³", "--steps 3,³: '³' is not a step number (e.g. 3,5,9)"),
        ("3,\x1b[2J", "--steps 3,\\x1b[2J: '\\x1b[2J' is not a step number (e.g. 3,5,9)"),
        ("3,,5", "--steps 3,,5: '' is not a step number (e.g. 3,5,9)"),
        ("3,13", "--steps 3,13: step 13 is out of range 0..12"),
        (",".join(["1"] * 17), "--steps: 17 steps, more than the 16 one strip can show"),
    ],
)
def test_a_step_list_is_refused_with_what_is_wrong(text: str, said: str) -> None:
    with pytest.raises(ArgumentError) as refused:
        parse_steps("--steps", text, last=12)
    assert str(refused.value) == said


def test_a_step_list_takes_the_first_and_the_last_step_in_the_order_given() -> None:
    assert parse_steps("--steps", "12, 0,5", last=12) == [12, 0, 5]
    assert parse_steps("--steps", ",".join(["1"] * 16), last=12) == [1] * 16  # a full strip


def test_a_word_that_is_no_label_is_refused_with_the_labels() -> None:
    labels = {"start": 0, "twin bolt": 4}
    assert parse_steps("--steps", "twin bolt,2", last=12, labels=labels) == [4, 2]
    with pytest.raises(ArgumentError) as refused:
        parse_steps("--steps", "start,twin blot", last=12, labels=labels)
    assert str(refused.value) == (
        "--steps start,twin blot: 'twin blot' is not a step number or a label (start, twin bolt)"
        " (did you mean 'twin bolt'?)"
    )


def test_a_strip_too_large_for_memory_is_refused() -> None:
    verify_strip(16, (1000, 2500))
    with pytest.raises(ArgumentError, match="8 tables of 4000x4000 make 128 megapixels"):
        verify_strip(8, (4000, 4000))
    with pytest.raises(ArgumentError) as refused:
        verify_strip(4, (4000, 3000))
    assert str(refused.value) == (
        "--steps and --size: 4 tables of 4000x3000 make 48 megapixels, more than the 40 a strip "
        "may have: fewer steps or a smaller --size"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["shot", str(M8), "--size", "100000x100000"],
        ["shot", str(M8), "--size", "³⁰⁰x³⁰⁰"],
        ["export", str(M8), "--size", "30000x30000"],
        ["export", str(M8), "--png-strip", "--steps", "1,2,3,4,5,6,7,8", "--size", "4000x4000"],
        ["export", str(M8), "--png-strip", "--steps", "1,²"],
    ],
)
def test_the_commands_refuse_bad_sizes_and_steps_in_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "out.png"
    assert main([*argv, "-o", str(output)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1, error
    assert "internal error" not in error
    assert not output.exists()


# ----------------------------------------------------------------------------- fuzz


def fuzz(tmp_path: Path, *options: str) -> list[str]:
    base = ["fuzz", "--ruleset", "souls", "--games", "1", "--steps-per-game", "2", "--quiet"]
    return [*base, "--out", str(tmp_path / "out"), *options]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--games", "1000000000"], "--games must be 1 to 100000"),
        (["--workers", "1000"], "--workers must be 1 to"),
        (["--steps-per-game", "0"], "--steps-per-game must be 1 to 10000"),
        (["--seed", str(2**64)], "--seed must be 0 to 9223372036854775807"),
        (["--scheduler", ""], "--scheduler : expected a scheduler address such as tcp://host:8786"),
        (["--scheduler", "localhost"], "--scheduler localhost: expected a scheduler address"),
        (["--scheduler", "tcp://host:99999"], "--scheduler tcp://host:99999: expected"),
        (["--scheduler", "tcp://host:x\x1b]0;t"], "--scheduler tcp://host:x\\x1b]0;t: expected"),
    ],
)
def test_fuzz_arguments_are_bounded_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert main(fuzz(tmp_path, *options)) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and said in error, error
    assert not (tmp_path / "out").exists()


def test_every_wrong_fuzz_argument_is_said_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(fuzz(tmp_path, "--games", "0", "--steps-per-game", "0")) == 2
    assert capsys.readouterr().err == (
        "error: --games must be 1 to 100000; --steps-per-game must be 1 to 10000\n"
    )


def test_a_scheduler_without_the_dask_extra_says_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # ``import distributed`` fails
    assert main(fuzz(tmp_path)) == 0  # without --scheduler it is not needed
    capsys.readouterr()
    assert main(fuzz(tmp_path, "--scheduler", "tcp://127.0.0.1:8786")) == 2
    assert capsys.readouterr() == (
        "",
        "error: --scheduler needs the dask extra: pip install 'cardtable[dask]'\n",
    )


@pytest.mark.parametrize("option", ["--games", "--seed", "--workers", "--steps-per-game"])
@pytest.mark.parametrize(
    "text", ["0_7", "\u0663", "\uff13", "1e3", "+5", "-1", "0x10", "", "9" * 31]
)
def test_fuzz_numbers_are_ascii_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, text: str
) -> None:
    """``int`` takes ``0_7``, Arabic-Indic and full-width digits: a user reads none as a number."""
    assert main([*fuzz(tmp_path), option, text]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    assert f"{option} {text}: expected a whole number, 1 to 30 ASCII digits (0-9)" in error
    assert not (tmp_path / "out").exists()


def test_fuzz_bounds_take_their_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bound is a value a user may give; workers go to four per core (one core when the
    count is unknown)."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    ends = argparse.Namespace(
        ruleset="souls", out=str(tmp_path / "out"), games=100_000, workers=8,
        steps_per_game=10_000, seed=2**63 - 1, scheduler="tcp://127.0.0.1:65535",
    )  # fmt: skip
    assert argument_problems(ends) == []
    firsts = argparse.Namespace(**{**vars(ends), "games": 1, "workers": 1, "steps_per_game": 1})
    assert argument_problems(argparse.Namespace(**{**vars(firsts), "seed": 0})) == []
    assert argument_problems(argparse.Namespace(**{**vars(ends), "scheduler": "host:1"})) == []
    assert argument_problems(argparse.Namespace(**{**vars(ends), "workers": 9})) == [
        "--workers must be 1 to 8"
    ]
    for port in ("0", "65536"):
        wrong = argparse.Namespace(**{**vars(ends), "scheduler": f"host:{port}"})
        assert argument_problems(wrong) == [
            f"--scheduler host:{port}: expected a scheduler address such as tcp://host:8786"
        ]
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert argument_problems(argparse.Namespace(**{**vars(ends), "workers": 5})) == [
        "--workers must be 1 to 4"
    ]


def test_a_ruleset_that_fails_to_load_is_said_for_fuzz(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(name: str) -> object:
        raise Unavailable(f"the ruleset {name!r} failed to load: ImportError: no module x")

    monkeypatch.setattr(app.cli.fuzz_command, "ruleset", broken)
    assert main(fuzz(tmp_path)) == 2
    assert capsys.readouterr().err == (
        "error: --ruleset souls: the ruleset 'souls' failed to load: ImportError: no module x\n"
    )


def test_fuzz_out_must_be_a_folder_it_can_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "a-file"
    file.write_text("mine", encoding="utf-8")
    argv = fuzz(tmp_path)
    argv[argv.index("--out") + 1] = str(file)
    assert main(argv) == 2
    assert f"--out {file}: it is a file, not a folder" in capsys.readouterr().err
    assert file.read_text(encoding="utf-8") == "mine"
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != locked and real(path, mode))
    argv[argv.index("--out") + 1] = str(locked / "new" / "out")  # its nearest folder is locked
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        f"error: --out {locked / 'new' / 'out'}: the folder cannot be written to\n"
    )


def test_an_unreachable_scheduler_fails_within_seconds_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    import socket

    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    assert main(fuzz(tmp_path, "--scheduler", f"tcp://127.0.0.1:{port}")) == 2
    error = capsys.readouterr().err
    assert f"--scheduler tcp://127.0.0.1:{port}: no Dask scheduler answered there" in error
