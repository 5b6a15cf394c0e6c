#!/usr/bin/env bash
# Mutation testing of engine/ (or of one app package) with mutmut (docs/testing.md#mutation-testing).
#
#   scripts/mutation.sh                        # every mutant of engine/ (slow: hours on 2 cores)
#   scripts/mutation.sh 'engine.script.*'      # only the mutants whose name matches (mutmut globs)
#   MUTATION_SOURCE=app/files scripts/mutation.sh    # app/files, app/cli or app/presentation
#
# An app package runs in a directory of its own (default /tmp/cardtable-mutation-app-files for
# app/files) whose copy of pyproject.toml alone is rewritten: source_paths becomes the package and
# the tests collected are its own ($MUTATION_TESTS, default below). The real pyproject.toml keeps
# the engine's settings, so the engine's cached results stay valid.
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
SOURCE=${MUTATION_SOURCE:-engine/}
SOURCE=${SOURCE%/}/
VENV=${VENV:-$ROOT/.venv}  # a worktree may borrow the main checkout's
if [[ $SOURCE == engine/ ]]; then
    DIR=${MUTATION_DIR:-/tmp/cardtable-mutation}
else
    name=${SOURCE%/}
    DIR=${MUTATION_DIR:-/tmp/cardtable-mutation-${name//\//-}}
    # the tests that cover the package without Qt, or with only a little of it; the Qt tests
    # left out run for the survivors in scripts/mutation_recheck.py
    case $SOURCE in
        app/files/) default_tests="tests/app/test_saving.py tests/app/test_setup_on_opened_files.py tests/app/test_card_designer.py tests/app/test_session_changes.py" ;;
        # the files that run the command in process (a subprocess is not seen by mutmut's
        # coverage: its mutants would have "no tests"), the engine's that run it too
        app/cli/) default_tests="tests/tools/test_cli.py tests/tools/test_cli_arguments.py tests/tools/test_cli_branches.py tests/tools/test_cli_diff.py tests/tools/test_cli_moves.py tests/tools/test_json_output.py tests/tools/test_output_files.py tests/tools/test_rule_command.py tests/tools/test_schema_descriptions.py tests/tools/test_terminal_output.py tests/contracts/test_transcripts.py tests/contracts/test_scenarios.py tests/app/test_plain_text.py tests/engine/test_bad_input.py tests/engine/test_checker.py tests/engine/test_saved_waiting.py tests/engine/test_branch_limits.py tests/engine/test_branches.py tests/engine/test_step_expectations.py tests/engine/test_rule_ids.py tests/engine/test_mistakes_explained.py tests/engine/test_lessons.py" ;;
        app/presentation/) default_tests="tests/app" ;;
        *) default_tests="tests" ;;
    esac
    TESTS=${MUTATION_TESTS:-$default_tests}
    # mutmut's allowance added to the seconds a mutant's tests took in the warm process that
    # measured them: a worker forked for one app/cli mutant imports Qt, the rulesets and the rule
    # summaries again, and with the default (1 s) hundreds of its mutants falsely "timed out"
    # (one killed by a failing test in 8 s). app/files and app/presentation keep the default:
    # their timeouts are window tests left waiting, which 10 s more would only make slower.
    case $SOURCE in
        app/cli/) constant=10 ;;
        *) constant= ;;
    esac
fi
export MUTATION_DIR=$DIR  # for the score (and scripts/mutation_recheck.py run after)

[[ -x $VENV/bin/mutmut ]] || bash ./test.sh --version >/dev/null  # installs the [test] extra

mkdir -p "$DIR"
git ls-files -z --cached --others --exclude-standard \
    | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "$DIR"

cd "$DIR"
export QT_QPA_PLATFORM=offscreen
if [[ $SOURCE != engine/ ]]; then
    # the copy's settings only: mutate the package, collect its tests, the timeout's constant
    MUTATION_SOURCE=$SOURCE MUTATION_TESTS=$TESTS MUTATION_TIMEOUT_CONSTANT=$constant \
        "$VENV/bin/python" - <<'PY'
import json
import os
import re
from pathlib import Path
path = Path("pyproject.toml")
text = path.read_text()
source = os.environ["MUTATION_SOURCE"]
tests = os.environ["MUTATION_TESTS"].split()
text, found = re.subn(
    r'^source_paths = \[.*\]$',
    f"source_paths = {json.dumps([source])}\n"
    f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
    text,
    count=1,
    flags=re.M,
)
assert found == 1, "no source_paths in [tool.mutmut]"
if constant := os.environ["MUTATION_TIMEOUT_CONSTANT"]:
    line = rf"\1\ntimeout_constant = {constant}"
    text, found = re.subn(r"^(timeout_multiplier = .*)$", line, text, count=1, flags=re.M)
    assert found == 1, "no timeout_multiplier in [tool.mutmut]"
path.write_text(text)
PY
fi
# A run stopped while it wrote leaves an empty mutant file or a cut .meta: drop both, so that
# mutmut makes them again rather than failing on them.
"$VENV/bin/python" - <<'PY'
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
nice -n 19 "$VENV/bin/mutmut" run "$@" || true
"$VENV/bin/python" "$ROOT/scripts/mutation_score.py" "$@"
