"""Reading an input file in process: what is not a regular file is named and refused before it
is opened (a FIFO's open would block), and the text limits hold (engine/input_file.py)."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path
from typing import Any, BinaryIO

import pytest

from engine import input_file
from engine.errors import ScenarioError
from engine.input_file import file_kind, read_text


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        (stat.S_IFREG, None),
        (stat.S_IFDIR, "a directory"),
        (stat.S_IFIFO, "a FIFO"),
        (stat.S_IFCHR, "a character device"),
        (stat.S_IFBLK, "a block device"),
        (stat.S_IFSOCK, "a socket"),
        (0, "not a regular file"),
    ],
)
def test_each_kind_of_file_is_named(mode: int, kind: str | None) -> None:
    assert file_kind(mode) == kind


def refusal(path: Path, limit: int | None = None) -> str:
    with pytest.raises(ScenarioError) as refused:
        read_text(path) if limit is None else read_text(path, limit)
    return str(refused.value)


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert refusal(fifo) == f"{fifo}: cannot read the file: it is a FIFO, not a regular file"


def test_a_socket_and_a_folder_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        assert refusal(path).endswith("it is a socket, not a regular file")
    finally:
        server.close()
    assert refusal(tmp_path).endswith("it is a directory, not a regular file")
    assert "cannot read the file" in refusal(tmp_path / "missing.yaml")


def test_the_text_limits(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 1\r\nb: 2\rc: 3\n")
    assert read_text(path) == "a: 1\nb: 2\nc: 3\n"
    assert refusal(path, limit=5) == f"{path}: the file is larger than 5 bytes"
    path.write_bytes(b"a: 1\nb: \xff\n")
    assert refusal(path) == f"{path}:2: not UTF-8 text: byte 0xff cannot be decoded"
    path.write_bytes(b"\na: 1\nb: \xff\n")  # lines counted from the start, not from the bad byte
    assert refusal(path) == f"{path}:3: not UTF-8 text: byte 0xff cannot be decoded"


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 1\n")
    assert read_text(path, limit=5) == "a: 1\n"


def test_a_missing_file_is_named_in_the_systems_words(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    assert refusal(missing) == f"{missing}: cannot read the file: No such file or directory"


def test_a_file_swapped_after_its_check_is_refused_once_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the check and the open a regular file can be replaced; the open one is checked."""
    swapped = tmp_path / "swapped.yaml"
    os.mkfifo(swapped)
    real_stat = os.stat

    def regular_before_open(path: object, *args: object, **kwargs: object) -> object:
        if Path(str(path)) == swapped:
            return os.stat_result((stat.S_IFREG | 0o644, 0, 0, 1, 0, 0, 0, 0, 0, 0))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", regular_before_open)
    assert refusal(swapped) == (
        f"{swapped}: cannot read the file: it is a FIFO, not a regular file"
    )


def test_reading_leaves_no_file_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 1\n")
    opened: list[int] = []
    real_open = os.open

    def recording_open(*args: Any, **kwargs: Any) -> int:
        opened.append(real_open(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(os, "open", recording_open)
    assert read_text(path) == "a: 1\n"
    assert len(opened) == 1
    with pytest.raises(OSError):
        os.fstat(opened[0])  # closed


def test_at_most_the_limit_and_one_byte_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A huge regular file costs no more than a file one byte over the limit."""
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 1\nb: 2\n" * 100)
    sizes: list[int | None] = []
    real_open = open

    class Recording:
        def __init__(self, stream: BinaryIO) -> None:
            self.stream = stream

        def __enter__(self) -> Recording:
            return self

        def __exit__(self, *exc: object) -> None:
            self.stream.close()

        def read(self, size: int | None = None) -> bytes:
            sizes.append(size)
            return self.stream.read(size)

    def recording_open(*args: Any, **kwargs: Any) -> Recording:
        return Recording(real_open(*args, **kwargs))

    monkeypatch.setattr(input_file, "open", recording_open, raising=False)
    assert refusal(path, limit=5) == f"{path}: the file is larger than 5 bytes"
    assert sizes and all(size is not None and size <= 6 for size in sizes)


def test_a_scenario_file_is_opened_without_blocking_and_not_inherited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is opened non-blocking and close-on-exec: a file swapped for a FIFO after the
    check cannot hang the reader (docs/scenarios.md, hostile files)."""
    path = tmp_path / "a.yaml"
    path.write_text("ruleset: souls\n")
    opened: list[int] = []
    real_open = os.open

    def recording_open(file: object, flags: int, *args: object) -> int:
        opened.append(flags)
        return real_open(file, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(input_file.os, "open", recording_open)
    assert input_file.read_text(path) == "ruleset: souls\n"
    [flags] = opened
    assert flags & os.O_NONBLOCK and flags & os.O_CLOEXEC
