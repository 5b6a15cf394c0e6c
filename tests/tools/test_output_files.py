"""Every file the program writes: atomic (a failure leaves the old file whole and nothing
behind), never over an input, never over a file of another kind unless forced; the CLI's
export, strip and shot through it."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.cli.commands import main
from engine.assets import SCENARIOS
from engine.output_files import HTML, IMAGE, PNG, OutputError, verify_output, write_output

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
PNG_START = b"\x89PNG\r\n\x1a\n"


ERRORS = {"write": errno.ENOSPC, "fsync": errno.EIO, "replace": errno.EACCES}


def failing(name: str) -> Callable[..., Any]:
    """``os.write`` failing as a full disk does, ``os.fsync`` and ``os.replace`` as I/O errors."""

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(ERRORS[name], os.strerror(ERRORS[name]))

    return fail


@pytest.mark.parametrize("name", ["write", "fsync", "replace"])
def test_a_failed_write_leaves_the_old_file_whole_and_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    old = tmp_path / "lesson.html"
    old.write_text("<!DOCTYPE html><p>the old page</p>", encoding="utf-8")
    monkeypatch.setattr(os, name, failing(name))
    with pytest.raises(OutputError) as refused:
        write_output(old, b"<!DOCTYPE html>" + b"x" * 100_000, HTML)
    assert str(refused.value) == f"cannot write {old}: {os.strerror(ERRORS[name])}"
    monkeypatch.undo()
    assert old.read_text(encoding="utf-8") == "<!DOCTYPE html><p>the old page</p>"
    assert os.listdir(tmp_path) == ["lesson.html"]


def test_a_write_replaces_the_file_and_keeps_its_mode_and_links(tmp_path: Path) -> None:
    target = tmp_path / "strip.png"
    target.write_bytes(PNG_START + b"old")
    target.chmod(0o640)
    link = tmp_path / "latest.png"
    link.symlink_to(target)
    write_output(link, PNG_START + b"new", PNG)
    assert target.read_bytes() == PNG_START + b"new"
    assert link.is_symlink() and (target.stat().st_mode & 0o777) == 0o640


@pytest.mark.parametrize(
    ("existing", "kind", "what"),
    [
        (b"ruleset: souls\ntitle: mine\n", PNG, "text"),
        (b"my notes", IMAGE, "text"),
        (PNG_START + b"...", HTML, "an image"),
        (b"\x00\x01\x02\xff\xfe binary", HTML, "binary data"),
    ],
)
def test_a_file_of_another_kind_is_refused_unless_forced(
    tmp_path: Path, existing: bytes, kind: Any, what: str
) -> None:
    path = tmp_path / "README"
    path.write_bytes(existing)
    with pytest.raises(OutputError) as refused:
        write_output(path, b"new", kind)
    assert str(refused.value) == (
        f"cannot write {path}: it exists and holds {what}, not {kind.name}: "
        "give another name, or --force to replace it"
    )
    assert path.read_bytes() == existing
    write_output(path, b"new", kind, force=True)
    assert path.read_bytes() == b"new"


def test_a_file_of_the_same_kind_or_empty_is_replaced(tmp_path: Path) -> None:
    page, empty = tmp_path / "old.html", tmp_path / "empty.png"
    page.write_bytes(b"\xef\xbb\xbf  <!doctype HTML><p>old")
    empty.write_bytes(b"")
    write_output(page, b"<!DOCTYPE html>new", HTML)
    write_output(empty, PNG_START, PNG)
    assert page.read_bytes() == b"<!DOCTYPE html>new" and empty.read_bytes() == PNG_START


def test_an_input_is_never_an_output_even_forced(tmp_path: Path) -> None:
    scenario = tmp_path / "mine.yaml"
    scenario.write_text("ruleset: souls\n", encoding="utf-8")
    hard_link = tmp_path / "same.html"
    os.link(scenario, hard_link)
    for output in (scenario, tmp_path / "." / "mine.yaml", hard_link):
        with pytest.raises(OutputError, match="it is the input .*mine.yaml, which would be lost"):
            verify_output(output, HTML, [scenario], force=True)
    assert scenario.read_text(encoding="utf-8") == "ruleset: souls\n"


def test_a_folder_or_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="it is a folder, not a file"):
        write_output(tmp_path, b"x", None)
    with pytest.raises(OutputError, match="it is not a regular file"):
        write_output(fifo, b"x", PNG)


# ----------------------------------------------------------------------------- the command line


def copy_of_m8(tmp_path: Path) -> Path:
    copy = tmp_path / "m8.yaml"
    copy.write_bytes(M8.read_bytes())
    return copy


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    return error


@pytest.mark.parametrize(
    "command",
    [
        ["export", "{file}", "-o", "{file}"],
        ["export", "{file}", "--png-strip", "--steps", "1,2", "-o", "{file}"],
        ["shot", "{file}", "-o", "{file}"],
        ["export", "{file}", "-o", "{file}", "--force"],
    ],
)
def test_the_scenario_is_never_replaced_by_what_is_made_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    file = copy_of_m8(tmp_path)
    before = file.read_bytes()
    error = refused([part.format(file=file) for part in command], capsys)
    assert f"cannot write {file}: it is the input {file}, which would be lost" in error
    assert file.read_bytes() == before


@pytest.mark.parametrize("command", ["shot", "strip", "page"])
def test_a_text_file_is_not_replaced_by_an_image_or_page_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    argv = {
        "shot": ["shot", str(M8), "-o", str(notes)],
        "strip": ["export", str(M8), "--png-strip", "--steps", "1", "-o", str(notes)],
        "page": ["export", str(M8), "-o", str(notes)],
    }[command]
    assert "give another name, or --force to replace it" in refused(argv, capsys)
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert main([*argv, "--force"]) == 0
    start = notes.read_bytes()[:15]
    assert start.startswith(PNG_START) if command != "page" else start == b"<!DOCTYPE html>"


def test_a_shot_is_written_whole_in_its_suffix_format(tmp_path: Path) -> None:
    png, jpeg, bare = tmp_path / "t.png", tmp_path / "t.jpg", tmp_path / "table"
    for output in (png, jpeg, bare):
        assert main(["shot", str(M8), "--size", "400x300", "-o", str(output)]) == 0
    assert png.read_bytes().startswith(PNG_START) and bare.read_bytes().startswith(PNG_START)
    assert jpeg.read_bytes().startswith(b"\xff\xd8\xff")
    assert sorted(os.listdir(tmp_path)) == ["t.jpg", "t.png", "table"]


def test_a_full_disk_keeps_the_old_page_and_strip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page, strip = tmp_path / "lesson.html", tmp_path / "strip.png"
    page.write_text("<!DOCTYPE html>old", encoding="utf-8")
    strip.write_bytes(PNG_START + b"old")
    monkeypatch.setattr(os, "write", failing("write"))
    error = refused(["export", str(M8), "-o", str(page)], capsys)
    assert f"cannot write {page}: No space left on device" in error
    refused(["export", str(M8), "--png-strip", "--steps", "1", "-o", str(strip)], capsys)
    refused(["shot", str(M8), "-o", str(strip)], capsys)
    monkeypatch.undo()
    assert page.read_text(encoding="utf-8") == "<!DOCTYPE html>old"
    assert strip.read_bytes() == PNG_START + b"old"
    assert sorted(os.listdir(tmp_path)) == ["lesson.html", "strip.png"]
