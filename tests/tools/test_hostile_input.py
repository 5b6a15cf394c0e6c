"""Hostile and broken files are refused: exit status 2 and one line naming the file (and the line
where there is one), without a traceback, without memory growth and without hanging.

The corpus: hand-made files for every class of attack, and hypothesis-made mutations of the
shipped scenarios (a number made a string, a boolean or huge; a key given twice; a hostile value
inserted; a control character or a broken UTF-8 byte; a pool given as a path; a cut file).
Hostile command lines too: outputs over inputs or over files of another kind, huge or odd
sizes and step lists, unbounded fuzz arguments, and titles that would forge check's report.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli.commands import DEMO, main
from engine import safe_yaml
from engine.assets import SCENARIOS
from engine.branches import MAX_ACTIONS, MAX_BRANCHES
from engine.safe_yaml import MAX_CHARS, MAX_DEPTH, MAX_INT, MAX_VALUES
from engine.scenario import run_scenario
from tests.support.souls_tables import scenario_text

PEAK_LIMIT = 16 * 1024 * 1024  # bytes a refusal may allocate (an alias bomb: gigabytes)
SHIPPED = sorted(SCENARIOS.rglob("*.yaml"))
INT_KEYS = {"damage", "amount", "turn", "might", "hp", "power", "max_hp", "cost", "runes", "chain"}
GOOD = scenario_text()


def alias_bomb(levels: int) -> str:
    """Each level lists the one before ten times: 10**levels values from a few hundred bytes."""
    return "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, levels)
    )


BOMB = alias_bomb(6)  # a million values: refused, else a peak far above PEAK_LIMIT


def refusal(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The one line ``cardtable run`` prints for ``path``, checked: status 2, nothing else,
    no traceback, a bounded allocation peak."""
    tracemalloc.start()
    try:
        status = main(["run", str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    assert out == ""
    assert err.startswith(f"error: {path}") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert peak < PEAK_LIMIT, f"{peak} bytes allocated to refuse {path.name}"
    return err.strip()


def located(message: str, path: Path) -> int:
    """The line the message names for ``path``."""
    found = re.match(rf"error: {re.escape(str(path))}:(\d+): ", message)
    assert found, f"no line in {message!r}"
    return int(found.group(1))


# ----------------------------------------------------------------------------- hand-made


def nested(levels: int) -> str:
    return "\n".join(f"{'  ' * level}k{level}:" for level in range(levels)) + " 1\n"


HAND_MADE: dict[str, tuple[str | bytes, str]] = {
    # name: (file content, what the message says)
    "alias-bomb": (GOOD + BOMB, f"more than {MAX_VALUES} values"),
    "recursive-alias": (GOOD + "loop: &r [*r]\n", "names no complete value"),
    "unknown-alias": (GOOD + "x: *nowhere\n", "names no complete value"),
    "flow-nesting-500": (GOOD + "deep: " + "[" * 500 + "]" * 500 + "\n", "levels of nesting"),
    "block-nesting-500": (GOOD + nested(500), f"more than {MAX_DEPTH} levels of nesting"),
    "number-5000-digits": (GOOD.replace("title: Test table", "turn: " + "7" * 5000), "a number"),
    "number-out-of-range": (
        GOOD.replace("{card: Sylva}", f"{{card: Sylva, damage: {MAX_INT * 10}}}"),
        "out of range",
    ),
    "number-infinite": (GOOD.replace("{card: Sylva}", "{card: Sylva, damage: .inf}"), "finite"),
    "duplicate-slot": (
        GOOD.replace(
            "        B1: {card: Sylva}\n", "        B1: {card: Sylva}\n        A1: {card: Sylva}\n"
        ),
        "setup.players[0].slots: key 'A1' is given twice (lines 9 and 11)",
    ),
    "duplicate-top-key": (GOOD + "title: again\n", "key 'title' is given twice (lines 2 and 22)"),
    "string-number": (
        GOOD.replace("{card: Sylva}", '{card: Sylva, damage: "10"}'),
        "a whole number",
    ),
    "boolean-number": (
        GOOD.replace("{card: Sylva}", "{card: Sylva, damage: true}"),
        "a whole number",
    ),
    "float-number": (
        GOOD.replace("{card: Sylva}", "{card: Sylva, damage: 10.0}"),
        "a whole number",
    ),
    "number-boolean": (
        GOOD.replace("{card: Sylva}", "{card: Sylva, captured: 1}"),
        "true or false",
    ),
    "python-tag": (GOOD + "x: !!python/object/apply:os.system [echo]\n", "is not allowed"),
    "binary-tag": (GOOD + "x: !!binary aGk=\n", "is not allowed"),
    "set-tag": (GOOD + "x: !!set {a, b}\n", "is not allowed"),
    "local-tag": (GOOD + "x: !mine 1\n", "is not allowed"),
    "two-documents": (GOOD + "---\nruleset: souls\n", "one YAML document"),
    "mapping-key": (GOOD + "? {a: 1}\n: x\n", "a key must be a plain value"),
    "control-character": (GOOD.replace("Bob", "B\x00ob"), "control characters"),
    "not-utf8": (GOOD.encode().replace(b"Bob", b"B\xffob"), "not UTF-8"),
    "unclosed": (GOOD + "broken: [1, 2\n", "not valid YAML"),
    "pool-parent-path": (
        GOOD.replace("rules: [S-1]", "rules: [S-1]\npool: ../../x"),
        "no card pool",
    ),
    "pool-absolute-path": (
        GOOD.replace("rules: [S-1]", "rules: [S-1]\npool: /etc/passwd"),
        "no card pool '/etc/passwd'",
    ),
    "pool-with-folder": (
        GOOD.replace("rules: [S-1]", "rules: [S-1]\npool: ../pools/souls-starter"),
        "no card pool",
    ),
    "pool-of-other-ruleset": (
        GOOD.replace("rules: [S-1]", "rules: [S-1]\npool: might-starter"),
        "the card pool 'might-starter' is for might, not for souls",
    ),
    "pay-hp-unknown-card": (
        GOOD + "script:\n  - pay_hp: {card: nobody, amount: 5}\n",
        "nobody",
    ),
    "top-level-list": ("- ruleset: souls\n", "expected a mapping"),
    "id-with-zero-width-space": (
        GOOD.replace("{card: Sylva}", '{card: Sylva, id: "syl\\u200bva"}'),
        "setup.players[0].slots.B1.id: 'syl\\u200bva' holds U+200B ZERO WIDTH SPACE",
    ),
    "branch-named-like-main": (
        GOOD + "branches:\n  - {name: Main}\n",
        "the branch names 'main' and 'Main' differ only by case or spacing",
    ),
    "line-separator-before-an-error": (  # YAML ends a line there, an editor does not
        GOOD.replace("title: Test table", "title: 'Test\u2028table'") + "x: !!binary aGk=\n",
        f":{GOOD.count(chr(10)) + 1}: x: the tag tag:yaml.org,2002:binary is not allowed",
    ),
    "branch-chain-1000": (
        GOOD
        + "branches:\n  - {name: b0}\n"
        + "".join(f"  - {{name: b{i}, parent: b{i - 1}}}\n" for i in range(1, 1000)),
        f"branches[{MAX_BRANCHES}]: more than {MAX_BRANCHES} branches",
    ),
    "script-over-action-limit": (
        GOOD + "script: [" + ", ".join(["end_turn"] * (MAX_ACTIONS + 1)) + "]\n",
        f"script[{MAX_ACTIONS}]: more than {MAX_ACTIONS} actions in one timeline",
    ),
}


@pytest.mark.parametrize("name", HAND_MADE)
def test_hand_made_hostile_file_is_refused_on_one_located_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, says = HAND_MADE[name]
    path = tmp_path / f"{name}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    message = refusal(path, capsys)
    assert says in message
    assert located(message, path) >= 1


def test_alias_bomb_of_1kb_is_refused_before_expansion(tmp_path: Path) -> None:
    """The billion-value bomb runs in a process held to 1 GiB of address space: were it
    expanded, it would fail with a MemoryError instead of the refusal."""
    path = tmp_path / "bomb.yaml"
    bomb = alias_bomb(9)
    path.write_text(GOOD + bomb)
    assert len(bomb) < 1024

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-m", "app.cli.commands", "run", str(path)],
        capture_output=True,
        text=True,
        preexec_fn=limit_memory,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"error: {path}:{GOOD.count(chr(10)) + 6}: a5[1]: more than {MAX_VALUES} values "
        "(aliases count the values they repeat)\n"
    )


def test_oversized_file_is_refused_reading_at_most_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(GOOD + "#" * (MAX_CHARS - len(GOOD)) + "\n")
    message = refusal(path, capsys)
    assert message == f"error: {path}: the file is larger than {MAX_CHARS} bytes"


def test_fifo_named_yaml_does_not_hang_check_of_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A writer waits on the FIFO: were it opened for reading, the check would not hang but
    read a good scenario and say ``ok``."""
    good, fifo = tmp_path / "a-good.yaml", tmp_path / "b-fifo.yaml"
    good.write_text(GOOD)
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(GOOD,), daemon=True)
    writer.start()
    try:
        assert main(["check", str(tmp_path)]) == 2
    finally:  # let the writer finish: a read-write end never blocks and serves as its reader
        holder = os.open(fifo, os.O_RDWR)
        writer.join()
        os.close(holder)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"ok    {good}")
    assert out[1:] == [
        f"ERROR {fifo}",
        f"  {fifo}: cannot read the file: it is a FIFO, not a regular file",
        "2 scenario(s) checked: 1 ok, 0 failed, 1 bad input",
    ]


def test_symlink_to_dev_zero_is_refused_without_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "zero.yaml"
    path.symlink_to("/dev/zero")
    message = refusal(path, capsys)
    assert message.endswith("it is a character device, not a regular file")


def test_folder_named_yaml_is_refused_and_check_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-folder.yaml").mkdir()
    (tmp_path / "b-good.yaml").write_text(GOOD)
    assert main(["check", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert "it is a directory, not a regular file" in out and "ok    " in out


def test_unexpected_exception_is_an_internal_error_and_check_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    broken, good = tmp_path / "a-broken.yaml", tmp_path / "b-good.yaml"
    broken.write_text(GOOD)
    good.write_text(GOOD)
    real = run_scenario

    def failing(path: Path, branch: str | None = None):  # type: ignore[no-untyped-def]
        if path == broken:
            raise KeyError("a bug\nover two lines")
        return real(path, branch)

    monkeypatch.setattr("app.cli.commands.run_scenario", failing)
    assert main(["check", str(tmp_path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        f"ERROR {broken}",
        f"  {broken}: internal error: KeyError: 'a bug\\nover two lines'",
    ]
    assert out[2].startswith(f"ok    {good}")
    assert main(["run", str(broken)]) == 2
    assert capsys.readouterr().err == (
        f"error: {broken}: internal error: KeyError: 'a bug\\nover two lines'\n"
    )


def test_yaml_is_read_in_one_libyaml_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    assert safe_yaml.LOADER is yaml.CSafeLoader  # libyaml is installed with PyYAML's wheel
    passes: list[type] = []
    real_parse = yaml.parse

    def counting(stream: str, Loader: type) -> Iterator[yaml.Event]:  # noqa: N803
        passes.append(Loader)
        return real_parse(stream, Loader=Loader)

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("a second, pure-Python pass")

    monkeypatch.setattr(safe_yaml.yaml, "parse", counting)
    for name in ("compose", "load", "safe_load"):
        monkeypatch.setattr(yaml, name, forbidden)
    run_scenario(DEMO)
    assert passes == [yaml.CSafeLoader]  # the pool is read once per process, not here


# ----------------------------------------------------------------------------- hostile commands

# An unlucky or hostile command line: each refused with status 2 in one line before any work,
# and no file harmed ({file}: a copy of the demo; {notes}: a text file of the user's). Each
# class is tested in depth by what it is about: tests/tools/test_output_files.py (outputs),
# tests/tools/test_cli_arguments.py (values), tests/tools/test_terminal_output.py (what is
# printed).
HOSTILE_COMMANDS: dict[str, tuple[list[str], str]] = {
    "export-over-its-input": (["export", "{file}", "-o", "{file}"], "which would be lost"),
    "strip-over-its-input": (
        ["export", "{file}", "--png-strip", "--steps", "1", "-o", "{file}", "--force"],
        "which would be lost",
    ),
    "shot-over-its-input": (["shot", "{file}", "-o", "{file}"], "which would be lost"),
    "shot-over-notes": (["shot", "{file}", "-o", "{notes}"], "holds text, not an image"),
    "page-over-notes": (["export", "{file}", "-o", "{notes}"], "holds text, not an HTML page"),
    "size-too-large": (["shot", "{file}", "--size", "100000x100000"], "100 to 4000 pixels"),
    "size-superscript": (["export", "{file}", "--size", "³⁰⁰x³⁰⁰"], "100 to 4000 pixels"),
    "steps-superscript": (
        ["export", "{file}", "--png-strip", "--steps", "1,²"],
        "'²' is not a step number",
    ),
    "strip-too-large": (
        ["export", "{file}", "--png-strip", "--steps", "1,2,3,4,5,6,7,8", "--size", "4000x4000"],
        "megapixels",
    ),
    "fuzz-billion-games": (
        ["fuzz", "--ruleset", "souls", "--games", "1000000000"],
        "--games must be 1 to 100000",
    ),
    "fuzz-thousand-workers": (
        ["fuzz", "--ruleset", "souls", "--workers", "1000"],
        "--workers must be 1 to",
    ),
    "fuzz-empty-scheduler": (
        ["fuzz", "--ruleset", "souls", "--scheduler", ""],
        "expected a scheduler address",
    ),
    "fuzz-out-a-file": (["fuzz", "--ruleset", "souls", "--out", "{notes}"], "not a folder"),
}


@pytest.mark.parametrize("name", HOSTILE_COMMANDS)
def test_hostile_command_is_refused_in_one_line_and_harms_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    file, notes = tmp_path / "demo.yaml", tmp_path / "notes.txt"
    file.write_bytes(DEMO.read_bytes())
    notes.write_text("my notes\n", encoding="utf-8")
    argv, said = HOSTILE_COMMANDS[name]
    assert main([part.format(file=file, notes=notes) for part in argv]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: ") and err.count("\n") == 1 and said in err, err
    assert "internal error" not in err
    assert file.read_bytes() == DEMO.read_bytes() and notes.read_text() == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.yaml", "notes.txt"]


def test_a_title_cannot_forge_checks_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = tmp_path / "forged.yaml"
    title = '"x\\nok    /tmp/all-good.yaml\\r\\x1b[2J"'
    forged.write_text(
        GOOD.replace("title: Test table", f"title: {title}")
        + "expect:\n  - cards: {sylva: {damage: 99}}\n",
        encoding="utf-8",
    )
    assert main(["check", str(forged)]) == 1
    out = capsys.readouterr().out
    assert [line[:6] for line in out.splitlines()] == ["FAIL  ", f"  {str(forged)[:4]}", "1 scen"]
    assert "\x1b" not in out and "\r" not in out


# ----------------------------------------------------------------------------- mutations


def int_values(text: str) -> list[tuple[int, int]]:
    """(start, end) of every plain integer given to an integer field."""
    found: list[tuple[int, int]] = []
    key: str | None = None
    mapping_depth: list[bool] = []  # per open collection: is it a mapping awaiting a key
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            mapping_depth.append(isinstance(event, yaml.MappingStartEvent))
            key = None
        elif isinstance(event, yaml.CollectionEndEvent):
            mapping_depth.pop()
            key = None
        elif isinstance(event, yaml.ScalarEvent) and mapping_depth and mapping_depth[-1]:
            if key is None:
                key = event.value
                continue
            if key in INT_KEYS and event.implicit[0] and re.fullmatch(r"-?\d+", event.value):
                found.append((event.start_mark.index, event.end_mark.index))
            key = None
    return found


def keys_with_inline_values(text: str) -> list[tuple[str, int, int, bool]]:
    """(key, column, end of its value, in a flow mapping) for every key whose value is a
    scalar (not a block scalar) or a flow collection."""
    found: list[tuple[str, int, int, bool]] = []
    open_: list[tuple[bool, bool, list[tuple[str, int]]]] = []  # mapping, flow, pending key

    def value_ends(end: int) -> None:
        if open_ and open_[-1][0] and open_[-1][2]:
            key, column = open_[-1][2].pop()
            found.append((key, column, end, open_[-1][1]))

    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            mapping = isinstance(event, yaml.MappingStartEvent)
            open_.append((mapping, event.flow_style is True, []))
        elif isinstance(event, yaml.CollectionEndEvent):
            flow = open_.pop()[1]
            if flow:
                value_ends(event.end_mark.index)
            elif open_ and open_[-1][2]:
                open_[-1][2].pop()  # a block value: it ends where the next key begins
        elif isinstance(event, yaml.ScalarEvent) and open_ and open_[-1][0]:
            if not open_[-1][2]:
                open_[-1][2].append((event.value, event.start_mark.column))
            elif event.style in ("|", ">"):
                open_[-1][2].pop()
            else:
                value_ends(event.end_mark.index)
    return found


HOSTILE_VALUES = ['"7"', "true", "false", "7.0", "[7]", "{}", "7" * 5000, str(MAX_INT + 1), ".inf"]
HOSTILE_ENTRIES = [
    BOMB,
    "loop: &r [*r]\n",
    "deep: " + "[" * 100 + "]" * 100 + "\n",
    "x: !!python/name:os.system\n",
    "---\nruleset: souls\n",
    "? [a]\n: b\n",
]
POOL_PATHS = [
    "../../x",
    "/etc/passwd",
    "../pools/souls-starter",
    "souls-starter.yaml",
    "SOULS-STARTER",
    "~/pools/might-starter",
    "souls-starter/../might-starter",
]


def with_int_value(text: str, data: st.DataObject) -> str:
    """Needs a file with an integer field (``applicable``)."""
    start, end = data.draw(st.sampled_from(int_values(text)))
    return text[:start] + data.draw(st.sampled_from(HOSTILE_VALUES)) + text[end:]


def with_key_twice(text: str, data: st.DataObject) -> str:
    """Needs a file with a key whose value ends on its line (``applicable``)."""
    key, column, end, flow = data.draw(st.sampled_from(keys_with_inline_values(text)))
    again = f", {key}: 1" if flow else f"\n{' ' * column}{key}: 1"
    return text[:end] + again + text[end:]


def with_entry(text: str, data: st.DataObject) -> str:
    return data.draw(st.sampled_from(HOSTILE_ENTRIES)) + text


def with_character(text: str, data: st.DataObject) -> str:
    at = data.draw(st.integers(0, len(text)))
    return text[:at] + data.draw(st.sampled_from("\x00\x01\x07\x1b\x7f\ufffe")) + text[at:]


def with_pool_path(text: str, data: st.DataObject) -> str:
    pool = data.draw(st.sampled_from(POOL_PATHS))
    if re.search(r"^pool:.*$", text, flags=re.M):
        return re.sub(r"^pool:.*$", f"pool: {pool}", text, flags=re.M)
    return re.sub(r"^(ruleset: \w+)$", rf"\1\npool: {pool}", text, count=1, flags=re.M)


def cut_short(text: str, data: st.DataObject) -> str:
    lines = text.splitlines(keepends=True)
    return "".join(lines[: data.draw(st.integers(0, len(lines)))]) + "\nbroken: [1, 2\n"


MUTATIONS: list[Callable[[str, st.DataObject], str]] = [
    with_int_value,
    with_key_twice,
    with_entry,
    with_character,
    with_pool_path,
    cut_short,
]
NEEDS: dict[Callable[[str, st.DataObject], str], Callable[[str], list[object]]] = {
    with_int_value: int_values,  # type: ignore[dict-item]
    with_key_twice: keys_with_inline_values,  # type: ignore[dict-item]
}


def applicable(mutation: Callable[[str, st.DataObject], str]) -> list[Path]:
    """The shipped scenarios ``mutation`` can be applied to."""
    needs = NEEDS.get(mutation)
    return [path for path in SHIPPED if needs is None or needs(path.read_text(encoding="utf-8"))]


BAD_UTF8 = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80"]


SHIPPING = {mutation: applicable(mutation) for mutation in MUTATIONS} | {None: SHIPPED}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[int]]]:
    """A folder for the generated files and a counter of how many were made: with the
    hand-made files, at least 200."""
    made = [0]
    yield tmp_path_factory.mktemp("hostile"), made
    assert made[0] == 0 or made[0] + len(HAND_MADE) >= 200  # 0: the test was deselected


@settings(
    max_examples=200,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_mutated_scenario_is_refused_on_one_located_line(
    data: st.DataObject,
    corpus: tuple[Path, list[int]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, made = corpus
    made[0] += 1
    mutate = data.draw(st.sampled_from([*MUTATIONS, None]))  # None: a broken UTF-8 byte
    shipped = data.draw(st.sampled_from(SHIPPING[mutate]))
    text = shipped.read_text(encoding="utf-8")
    path = folder / f"{made[0]:03}-{shipped.stem}.yaml"
    if mutate is None:
        raw = text.encode()
        at = data.draw(st.integers(0, len(raw)))
        path.write_bytes(raw[:at] + data.draw(st.sampled_from(BAD_UTF8)) + raw[at:])
    else:
        path.write_text(mutate(text, data), encoding="utf-8")
    located(refusal(path, capsys), path)
