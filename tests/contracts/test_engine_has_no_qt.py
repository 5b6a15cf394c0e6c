"""The engine package must stay free of Qt: PySide6 lives only in app/."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parents[2] / "engine"
QT_MODULE_PREFIXES = ("PySide6", "shiboken6", "PyQt")

# Import every engine module in a fresh interpreter, then list any Qt modules loaded.
IMPORT_ALL_ENGINE_MODULES = textwrap.dedent(
    """
    import importlib
    import pkgutil
    import sys

    import engine

    for module_info in pkgutil.walk_packages(engine.__path__, "engine."):
        importlib.import_module(module_info.name)

    qt_modules = sorted(m for m in sys.modules if m.startswith({prefixes!r}))
    print(qt_modules)
    sys.exit(1 if qt_modules else 0)
    """
).format(prefixes=QT_MODULE_PREFIXES)

_QT = r"(?:PySide6|shiboken6|PyQt\d*)"
# `import PySide6...`, `import os, PySide6`, `from PySide6... import`, and dynamic
# `importlib.import_module("PySide6...")` / `__import__("PySide6...")`.
# Mentions in comments or docstrings are fine.
QT_IMPORT_RE = re.compile(
    rf"^[ \t]*(?:from[ \t]+{_QT}\b|import[ \t]+[^#\n]*\b{_QT}\b)"
    rf"|(?:import_module|__import__)\(\s*[rbuf]?[\"']{_QT}\b",
    re.MULTILINE,
)


def test_importing_all_engine_modules_loads_no_qt() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_ENGINE_MODULES],
        cwd=ENGINE_DIR.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, (
        "importing engine.* must not load Qt (PySide6 belongs in app/).\n"
        f"exit code: {result.returncode}\n"
        f"stdout (Qt modules loaded): {result.stdout.strip()}\n"
        f"stderr:\n{result.stderr.strip()}"
    )


def test_engine_sources_do_not_mention_qt() -> None:
    offenders = []
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in QT_IMPORT_RE.finditer(text):
            line_no = text.count("\n", 0, match.start()) + 1
            line = text.splitlines()[line_no - 1].strip()
            offenders.append(f"{path.relative_to(ENGINE_DIR.parent)}:{line_no}: {line}")
    assert not offenders, "Qt import in engine/ (PySide6 belongs in app/):\n" + "\n".join(offenders)
