"""The mutation score of mutmut's cache in ``$MUTATION_DIR`` (docs/testing.md).

Killed (or timed out) / mutants checked; "no tests" counts as not killed. A survivor that
``scripts/mutation_recheck.py`` saw killed by the tests mutmut leaves out counts as killed, as
long as its function has not changed since. Prints the counts, the score and every survivor.

    .venv/bin/python scripts/mutation_score.py                   # every mutant checked
    .venv/bin/python scripts/mutation_score.py 'engine.script.*' # those matching (mutmut globs)
"""

from __future__ import annotations

import fnmatch
import json
import sys

from mutation_recheck import RESULTS, SURVIVED, cache
from mutmut.stats import status_by_exit_code

# a mutant that crashes the tests ("segfault") or hangs them is caught as surely as one a test fails
KILLED = ("killed", "timeout", "segfault", "caught by type check", "killed by the left-out tests")


def main(patterns: list[str]) -> None:
    rechecked = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    counts: dict[str, int] = {}
    survivors = []
    for name, (code, digest) in sorted(cache().items()):
        if patterns and not any(fnmatch.fnmatch(name, p) for p in patterns):
            continue
        status = status_by_exit_code[code]
        if code in SURVIVED:
            recheck = rechecked.get(name, {})
            if recheck.get("killed_by") and recheck.get("hash") == digest:
                status = "killed by the left-out tests"
            else:
                survivors.append(f"{status}: {name}")
        counts[status] = counts.get(status, 0) + 1
    checked = sum(n for status, n in counts.items() if status not in ("not checked", "skipped"))
    killed = sum(counts.get(status, 0) for status in KILLED)
    print("mutants:", dict(sorted(counts.items())))
    if checked:
        print(f"score: {killed}/{checked} = {100 * killed / checked:.1f}%")
    print("\n".join(survivors))


if __name__ == "__main__":
    main(sys.argv[1:])
