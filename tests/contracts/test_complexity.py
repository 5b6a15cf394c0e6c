"""No function in engine/ is above cyclomatic complexity 20 as radon counts it (issue 35): each is
a room a person can hold in their head. Methods, closures and methods of nested classes count."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MOST = 20


def functions(blocks: Iterable[Function | Class]) -> Iterator[Function]:
    """Every function in ``blocks``: cc_visit lists the top-level functions, the classes and their
    methods; a function's closures and a nested class's methods are inside those."""
    for block in blocks:
        if isinstance(block, Function):
            yield block
            yield from functions(block.closures)
        else:
            for inner in block.inner_classes:
                yield from functions([*inner.methods, inner])


def too_complex(folder: Path) -> list[str]:
    """``file:line name complexity`` for each function under ``folder`` above ``MOST``."""
    return [
        f"{path.relative_to(folder.parent)}:{function.lineno} {function.fullname} "
        f"{function.complexity}"
        for path in sorted(folder.rglob("*.py"))
        for function in sorted(
            functions(cc_visit(path.read_text(encoding="utf-8"))), key=lambda f: f.lineno
        )
        if function.complexity > MOST
    ]


def test_no_engine_function_is_above_complexity_20() -> None:
    found = too_complex(ENGINE)
    assert not found, f"above {MOST}, to split along the rule's own stages:\n" + "\n".join(found)


def branchy(name: str, ifs: int, inside: str = "") -> str:
    """A function of complexity ``ifs + 1`` (one path, then one more per ``if``)."""
    branches = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(ifs))
    return f"def {name}(x):\n{textwrap.indent(inside, '    ')}{branches}    return -1\n"


def test_the_count_reaches_methods_closures_and_nested_classes(tmp_path: Path) -> None:
    """A function of complexity 21 is found wherever it is, and one of 20 is not."""
    inner = "class Inner:\n" + textwrap.indent(branchy("deep", 20), "    ")
    nested = branchy("method", 0, branchy("closure", 20)) + inner
    source = (
        branchy("top", 20)
        + branchy("fine", 19)
        + "class Outer:\n"
        + textwrap.indent(nested, "    ")
    )
    package = tmp_path / "engine"
    package.mkdir()
    (package / "rooms.py").write_text(source)
    assert too_complex(package) == [
        "engine/rooms.py:1 top 21",
        "engine/rooms.py:85 closure 21",
        "engine/rooms.py:129 Inner.deep 21",
    ]
