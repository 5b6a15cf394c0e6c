"""A fixed sample of mutants of engine/ and app/, each of which named tests must kill (.ci/run).

Each mutant is one textual change to one file (the text must occur exactly once, so an edit
of the code around it fails here loudly instead of silently testing nothing). The change is
made in a temporary copy of the work tree, never in the checkout, and the named tests run
there: they must fail (pytest exit status 1). A surviving mutant fails this script.

    .venv/bin/python scripts/mutation_sample.py            # all of them
    .venv/bin/python scripts/mutation_sample.py -k steps   # those whose name contains "steps"

The whole mutation run (scripts/mutation.sh) and the score are in docs/testing.md.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str  # what bug it stands for
    file: str
    old: str
    new: str
    tests: tuple[str, ...]  # pytest arguments: the tests that must catch it


MUTANTS = (
    Mutant(
        "check never reports a missed expect_error",
        "engine/script.py",
        "        if expected is not None:\n            self.judge(place, expected, None)",
        "        if False:\n            self.judge(place, expected, None)",
        ("tests/engine/test_checker.py",),
    ),
    Mutant(
        "check ignores steps: expectations",
        "engine/script.py",
        "        elif match.times is None and not hits:",
        "        elif False:",
        ("tests/engine/test_checker.py",),
    ),
    Mutant(
        "check ignores the might card expectations",
        "engine/might/runner.py",
        "    misses = card_fact_misses(expectation.cards, partial(unit_facts, table))\n",
        "    return []\n",
        ("tests/engine/test_checker.py",),
    ),
    Mutant(
        "the turn player check (P-1) is gone",
        "engine/souls/core.py",
        "        if owner != self.table.turn_player and self.battle is None:",
        "        if False:",
        ("tests/souls/test_battle.py",),
    ),
    Mutant(
        "a rollback forgets the pending state (triggers, battle, choices)",
        "engine/timeline.py",
        "        self._restore_state(state)",
        "        pass",
        ("tests/souls/test_loops.py", "tests/might/test_loops.py"),
    ),
    Mutant(
        "might lethal damage needs more than the unit's Might",
        "engine/might/table.py",
        "self.damage >= 1 and self.damage >= self.lethal_threshold(definition)",
        "self.damage >= 1 and self.damage > self.lethal_threshold(definition)",
        ("tests/might/test_lethal.py",),
    ),
    Mutant(
        "a save writes the file in place, not atomically",
        "app/files/saving.py",
        '        output_files.write_atomically(path, text.replace("\\n", newline).encode("utf-8"))',
        '        path.write_bytes(text.replace("\\n", newline).encode("utf-8"))',
        (
            "tests/app/test_saving.py::test_a_save_that_fails_midway_leaves_the_file_as_it_was",
            "tests/app/test_saving.py::"
            "test_a_save_over_a_file_with_another_name_says_that_name_keeps_the_old_text",
        ),
    ),
    Mutant(
        "a spliced line loses its comment",
        "app/files/splicing.py",
        """    return (line, line + 1, [f"{found[1]}{key}: {value}{found[2] or ''}\\n"])""",
        """    return (line, line + 1, [f"{found[1]}{key}: {value}\\n"])""",
        ("tests/app/test_saving.py::test_a_branch_renamed_or_moved_changes_only_its_own_lines",),
    ),
)


def copy_tree(into: Path) -> None:
    """The checkout's files (tracked, and untracked but not ignored) copied into ``into``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    for raw in listed:
        if not raw:
            continue
        source = ROOT / os.fsdecode(raw)
        if source.is_file():
            target = into / os.fsdecode(raw)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def run_mutant(mutant: Mutant, tree: Path) -> str | None:
    """None when the tests kill ``mutant``, else why not."""
    path = tree / mutant.file
    original = path.read_text(encoding="utf-8")
    count = original.count(mutant.old)
    if count != 1:
        return f"the text to change occurs {count} times in {mutant.file}, not once"
    path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
    try:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-x",
                "-q",
                "-p",
                "no:cacheprovider",
                "--benchmark-disable",
                *mutant.tests,
            ],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
        )
    finally:
        path.write_text(original, encoding="utf-8")
    if result.returncode == 1:
        return None
    tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-5:])
    if result.returncode == 0:
        return f"survived: {' '.join(mutant.tests)} all pass\n{tail}"
    return f"pytest exit status {result.returncode} (not a test failure)\n{tail}"


def main(argv: list[str]) -> int:
    chosen = MUTANTS
    if argv[:1] == ["-k"] and len(argv) == 2:
        chosen = tuple(m for m in MUTANTS if argv[1] in m.name)
    elif argv:
        print(__doc__, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="cardtable-mutants-") as folder:
        tree = Path(folder)
        copy_tree(tree)
        # The copy's engine/ must be the one imported there (python -m puts the cwd first).
        probe = subprocess.run(
            [sys.executable, "-c", "import engine; print(engine.__file__)"],
            cwd=tree,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert Path(probe).resolve().is_relative_to(tree.resolve()), probe
        failed = 0
        for mutant in chosen:
            start = time.monotonic()
            problem = run_mutant(mutant, tree)
            took = time.monotonic() - start
            if problem is None:
                print(f"killed    {mutant.name} ({mutant.file}, {took:.0f} s)")
            else:
                failed += 1
                print(f"NOT KILLED {mutant.name} ({mutant.file}): {problem}")
    print(f"mutation sample: {len(chosen) - failed} of {len(chosen)} mutants killed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
