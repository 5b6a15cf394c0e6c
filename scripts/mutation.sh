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
# Then run scripts/mutation_recheck.py: the survivors against the tests mutmut leaves out.
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
"$ROOT/.venv/bin/python" "$ROOT/scripts/mutation_score.py" "$@"
