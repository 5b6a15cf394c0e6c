"""Rerun mutmut's surviving mutants against the tests its quick configuration leaves out.

mutmut runs, for each mutant, the engine tests that called the mutated function while it
collected its statistics (docs/testing.md). That leaves out two kinds of test that do kill
mutants of engine/:

- the app's and the hostile-input tests, left out of ``[tool.mutmut]`` for speed (Qt);
- tests mutmut cannot tie to a function: a function that runs when a module is imported (a
  model class built, a schema made) is called once, before any test, so no test is recorded
  for it; the module's own test file (``tests/engine/test_<module>.py``) builds what it needs
  while it runs.

For each survivor in mutmut's cache (or each NAME given) this runs those tests with the mutant
switched on, in mutmut's copy of the tree, and records which test killed it, if any, in
``$MUTATION_DIR/recheck.json`` with the hash of the mutated function, so that a result is
dropped when the function changes. ``scripts/mutation.sh`` counts these as killed.

    .venv/bin/python scripts/mutation_recheck.py              # every survivor not yet rechecked
    .venv/bin/python scripts/mutation_recheck.py NAME...      # these mutants, again
    .venv/bin/python scripts/mutation_recheck.py --also tests/test_x.py NAME...  # and test_x too

``--also`` runs a test file written since mutmut collected its statistics (it does not know
which functions such a file calls until the next ``scripts/mutation.sh``). With ``--only`` the
``--also`` files (or tests: ``file::name``) are all it runs, a quick check of new tests: a kill
is recorded, a survivor is not (the tests left out have not seen it).

Mutants run side by side, one per core (``RECHECK_JOBS`` to change it); one whose tests run
longer than 300 s (``RECHECK_TIMEOUT``) counts as killed, as mutmut counts a timeout.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIR = Path(os.environ.get("MUTATION_DIR", "/tmp/cardtable-mutation"))
MUTANTS = DIR / "mutants"
RESULTS = DIR / "recheck.json"
LEFT_OUT = [
    "tests/tools/test_cli.py",
    "tests/app/test_desktop_app.py",
    "tests/app/test_table_view.py",
    "tests/app/test_choice_dialogs.py",
    "tests/app/test_battle_and_chain_windows.py",
    "tests/app/test_main_window.py",
    "tests/tools/test_hostile_input.py",
]
JOBS = int(os.environ.get("RECHECK_JOBS", os.cpu_count() or 1))
# seconds; the tests take about 25 without a mutant (RECHECK_TIMEOUT: shorter for a quick
# ``--only`` check, where a mutant that loops for ever would hold a core this long)
TIMEOUT = int(os.environ.get("RECHECK_TIMEOUT", 300))
SURVIVED = (0, 33)  # mutmut's exit codes for "survived" and "no tests"


def cache() -> dict[str, tuple[int | None, str]]:
    """Every mutant in mutmut's cache: its exit code and the hash of its function."""
    found: dict[str, tuple[int | None, str]] = {}
    for meta in MUTANTS.rglob("*.meta"):
        data = json.loads(meta.read_text())
        module = str(meta.relative_to(MUTANTS).with_suffix("").with_suffix("")).replace("/", ".")
        hashes = data.get("hash_by_function_name", {})
        for name, code in data["exit_code_by_key"].items():
            function = name.rsplit("__mutmut_", 1)[0].removeprefix(module + ".")
            found[name] = (code, hashes.get(function, ""))
    return found


# the test files of an app package's modules, by behaviour rather than by the module's name
APP_TESTS = {
    "app.files": ["tests/app/test_saving.py"],
    "app.cli": [
        "tests/tools/test_cli.py",
        "tests/tools/test_cli_streams.py",  # in a subprocess, unseen by mutmut's coverage
        "tests/tools/test_fuzz.py",
        "tests/app/test_export.py",
    ],
    "app.presentation": [],
}


def own_tests(name: str) -> list[str]:
    """The mutated module's own test file, when there is one: tests/engine/test_<module>.py for
    engine/<module>.py, tests/<ruleset>/test_<module>.py for engine/<ruleset>/<module>.py;
    tests/app/test_<module>.py (or tests/tools/test_<module>.py) and the package's test files
    for app/<package>/<module>.py."""
    if name.startswith("app."):
        package, _, module = name.split(".x", 1)[0].rpartition(".")
        found = [f"tests/{folder}/test_{module}.py" for folder in ("app", "tools")]
        paths = [*found, *APP_TESTS.get(package, [])]
        return [path for path in dict.fromkeys(paths) if (MUTANTS / path).exists()]
    package, _, module = name.split(".x", 1)[0].removeprefix("engine.").rpartition(".")
    path = Path("tests") / (package or "engine") / f"test_{module}.py"
    return [str(path)] if (MUTANTS / path).exists() else []


def recheck(name: str, also: Sequence[str] = (), only: bool = False) -> str | None:
    """The first test that fails with the mutant on, or None when every one passes."""
    tests = [*also] if only else [*also, *own_tests(name), *LEFT_OUT]  # -x: newest first
    command = [sys.executable, "-m", "pytest", "-x", "-p", "no:randomly", "-p", "no:cacheprovider"]
    try:
        result = subprocess.run(
            [*command, "--tb=no", "-rfE", *tests],
            cwd=MUTANTS,
            env={**os.environ, "MUTANT_UNDER_TEST": name, "QT_QPA_PLATFORM": "offscreen"},
            capture_output=True,
            text=True,
            check=False,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return "(a timeout: the mutant hangs)"  # as mutmut counts it: killed
    if result.returncode == 0:
        return None
    # a test failed, or could not even start (the mutant broke an import): killed either way
    failed = [line for line in result.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    if result.returncode not in (1, 2) or not failed:
        raise SystemExit(f"{name}: pytest exited {result.returncode}\n{result.stdout[-2000:]}")
    return failed[0].split()[1]


def main(names: list[str], also: Sequence[str], only: bool = False) -> None:
    mutants = cache()
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    if not names:
        names = sorted(
            name
            for name, (code, digest) in mutants.items()
            if code in SURVIVED and results.get(name, {}).get("hash") != digest
        )
    with ThreadPoolExecutor(JOBS) as pool:  # each runs its tests in a process of its own
        for number, (name, killer) in enumerate(
            zip(names, pool.map(lambda name: recheck(name, also, only), names), strict=True), 1
        ):
            if killer or not only:  # read again: another recheck may have written since
                results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
                results[name] = {"hash": mutants[name][1], "killed_by": killer}
                RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True))
            verdict = f"killed by {killer}" if killer else "survived"
            print(f"[{number}/{len(names)}] {verdict}: {name}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutants (default: every survivor not rechecked)")
    parser.add_argument(
        "--also", action="append", default=[], help="a test file to run too (repeatable)"
    )
    parser.add_argument(
        "--only", action="store_true", help="run the --also tests alone; record kills only"
    )
    arguments = parser.parse_args()
    if arguments.only and not arguments.also:
        parser.error("--only runs the --also tests: name some")
    main(arguments.names, arguments.also, arguments.only)
