"""Names that identify: card and unit ids, card, player and battlefield names, labels, branches.

One identity per name. A name is read in NFC, so that ``é`` typed as one character or as ``e``
and an accent is one name. What would let two different names look the same is refused: a
character that does not show (a control or format character such as a zero-width space or a
bidi override, a private-use character, a surrogate, a non-character, a line separator), a space
at either end, and a name of spaces only.

>>> checked("Cafe\\u0301") == "Caf\\u00e9"
True
>>> checked("ember\\u200bimp")
Traceback (most recent call last):
ValueError: 'ember\\u200bimp' holds U+200B ZERO WIDTH SPACE, an invisible formatting character
>>> checked("a\\x00")
Traceback (most recent call last):
ValueError: 'a\\x00' holds U+0000, a control character

Branch names are for people, who do not tell ``Main`` from ``main``: two that differ only by
case or spacing are refused too.

>>> seen = {look("main"): "main"}
>>> unlike("doubling  first", seen)
>>> unlike("Doubling first", seen)
Traceback (most recent call last):
ValueError: the branch names 'doubling  first' and 'Doubling first' differ only by case or spacing
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Annotated

from pydantic import AfterValidator

HIDDEN = {  # the categories of characters that do not show, or not as themselves
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Co": "a private-use character",
    "Cs": "a surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def nfc(text: str) -> str:
    """``text`` in Unicode's composed form (NFC): one spelling for what looks the same."""
    return unicodedata.normalize("NFC", text)


def is_noncharacter(character: str) -> bool:
    """U+FDD0..U+FDEF and the last two code points of every plane are never characters."""
    code = ord(character)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def describe_character(character: str) -> str:
    """``U+200B ZERO WIDTH SPACE``; a character without a name (a control) as ``U+0000``."""
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" {name}" if name else "")


def checked(name: str) -> str:
    """``name`` in NFC; ValueError when it could look like another name (the reason given)."""
    name = nfc(name)
    for character in name:
        what = HIDDEN.get(unicodedata.category(character))
        if what is None and is_noncharacter(character):
            what = "a non-character"
        if what is not None:
            raise ValueError(f"{name!r} holds {describe_character(character)}, {what}")
    if not name.strip():
        raise ValueError("a name cannot be empty or only spaces")
    if name != name.strip():
        raise ValueError(f"{name!r} begins or ends with a space")
    return name


Name = Annotated[str, AfterValidator(checked)]  # a field that holds a name


def look(name: str) -> str:
    """How a name looks to people: without case, every run of spaces one space."""
    return " ".join(name.casefold().split())


def unlike(name: str, seen: dict[str, str]) -> None:
    """Add branch name ``name`` to ``seen`` (``look`` -> name); ValueError naming both when it is
    one of them, or differs from one only by case or spacing."""
    other = seen.get(look(name))
    if other == name:
        raise ValueError(f"two branches are named {name!r}")
    if other is not None:
        raise ValueError(f"the branch names {other!r} and {name!r} differ only by case or spacing")
    seen[look(name)] = name


def branch_name(name: str, others: Iterable[str]) -> str:
    """``name`` in NFC for a branch beside ``others`` (``main`` among them); ValueError saying
    why it cannot be one (as a file's branch would be refused)."""
    name = checked(name)
    unlike(name, {look(other): other for other in others})
    return name
