#!/usr/bin/env bash
# Mutation testing of engine/ with mutmut (docs/testing.md#mutation-testing).
#
#   scripts/mutation.sh                        # every mutant of engine/ (slow: hours on 2 cores)
#   scripts/mutation.sh 'engine.script.*'      # only the mutants whose name matches (mutmut globs)
#
# Runs in a copy of the work tree (tracked and untracked-but-not-ignored files) in
# $MUTATION_DIR (default /tmp/cardtable-mutation), so the checkout is never mutated and can be
# edited meanwhile; the copy keeps mutmut's cache, so a rerun only tests what changed.
# Niced: it shares the machine. Prints the summary and the surviving mutants; inspect one with
#   (cd "$MUTATION_DIR" && "$OLDPWD/.venv/bin/mutmut" show NAME)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
DIR=${MUTATION_DIR:-/tmp/cardtable-mutation}

[[ -x .venv/bin/mutmut ]] || bash ./test.sh --version >/dev/null  # installs the [test] extra

mkdir -p "$DIR"
git ls-files -z --cached --others --exclude-standard \
    | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "$DIR"

cd "$DIR"
export QT_QPA_PLATFORM=offscreen
# A run stopped while it wrote leaves an empty mutant file or a cut .meta: drop both, so that
# mutmut makes them again rather than failing on them.
"$ROOT/.venv/bin/python" - <<'PY'
import json
from pathlib import Path
for meta in Path("mutants").rglob("*.meta"):
    source = meta.with_suffix("")
    try:
        json.loads(meta.read_text())
        intact = source.stat().st_size > 0
    except (ValueError, OSError):
        intact = False
    if not intact:
        print(f"dropping the cut mutants of {source}")
        meta.unlink(missing_ok=True)
        source.unlink(missing_ok=True)
PY
nice -n 19 "$ROOT/.venv/bin/mutmut" run "$@" || true
"$ROOT/.venv/bin/python" - "$@" <<'PY'
# The score: killed (or timed out) / mutants checked; "no tests" counts as not killed.
import json, sys, fnmatch
from pathlib import Path
from mutmut.stats import status_by_exit_code
counts: dict[str, int] = {}
survivors = []
for meta in Path("mutants").rglob("*.meta"):
    data = json.loads(meta.read_text())
    for name, code in data.get("exit_code_by_key", {}).items():
        if sys.argv[1:] and not any(fnmatch.fnmatch(name, p) for p in sys.argv[1:]):
            continue
        status = status_by_exit_code[code]
        counts[status] = counts.get(status, 0) + 1
        if status in ("survived", "no tests"):
            survivors.append(f"{status}: {name}")
checked = sum(v for k, v in counts.items() if k not in ("not checked", "skipped"))
killed = counts.get("killed", 0) + counts.get("timeout", 0) + counts.get("caught by type check", 0)
print("mutants:", dict(sorted(counts.items())))
if checked:
    print(f"score: {killed}/{checked} = {100 * killed / checked:.1f}%")
for line in sorted(survivors):
    print(line)
PY
