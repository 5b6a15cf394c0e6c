#!/usr/bin/env bash
# Open the Cardtable app on the built-in demo table.
# Creates ./.venv (Python >= 3.11) and installs the project on first use or when
# pyproject.toml changes. Extra arguments are passed to `cardtable demo`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

VENV=.venv
STAMP="$VENV/.installed-run"

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
    echo "Installing cardtable into $VENV..." >&2
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e .
    touch "$STAMP"
fi

exec "$VENV/bin/cardtable" demo "$@"
