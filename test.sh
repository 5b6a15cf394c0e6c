#!/usr/bin/env bash
# Run the test suite: creates ./.venv (Python >= 3.11) and installs the project with
# its [test] extra on first use or when pyproject.toml changes, then runs pytest.
# Extra arguments are passed to pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

VENV=.venv
STAMP="$VENV/.installed-test"

find_python() {
    local candidate
    for candidate in python3.13 python3.12 python3.11 python3; do
        # pyenv shims exist for uninstalled versions and fail when run, so actually run it.
        if command -v "$candidate" >/dev/null 2>&1 \
            && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
        then
            echo "$candidate"
            return 0
        fi
    done
    echo "error: Python >= 3.11 not found (tried python3.13, python3.12, python3.11, python3)" >&2
    return 1
}

if [[ ! -x "$VENV/bin/python" ]]; then
    PY="$(find_python)"
    echo "Creating $VENV with $("$PY" --version 2>&1)..." >&2
    "$PY" -m venv "$VENV"
fi

if [[ ! -f "$STAMP" || pyproject.toml -nt "$STAMP" ]]; then
    echo "Installing cardtable[test] into $VENV..." >&2
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e '.[test]'
    touch "$STAMP"
fi

export QT_QPA_PLATFORM=offscreen
exec "$VENV/bin/python" -m pytest "$@"
