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

Names that people tell apart (a file's card ids, a pool's card names, a file's labels, branch
names) are refused when one looks like another (``look``): the same but for case, spacing,
compatibility forms (a full-width letter, a ligature) or a Cyrillic or Greek letter drawn as a
Latin one. Letters that look like digits (``l`` and ``1``, ``O`` and ``0``) are not folded: the
app's font tells them apart, and ``whelp-1`` and ``whelp-l`` are two ids.

>>> seen = Distinct[None]()
>>> unlike("main", seen)
>>> unlike("doubling  first", seen)
>>> unlike("Doubling first", seen)
Traceback (most recent call last):
ValueError: the branch names 'doubling  first' and 'Doubling first' differ only by case or spacing
>>> unlike("m\\u0430in", seen)  # a Cyrillic a
Traceback (most recent call last):
ValueError: the branch names 'main' and 'm\u0430in' look alike: the second has U+0430 ...
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher
from typing import Annotated, Generic, TypeVar

from pydantic import AfterValidator

HIDDEN = {  # the categories of characters that do not show, or not as themselves
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Co": "a private-use character",
    "Cs": "a surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

# Cyrillic and Greek letters drawn as a Latin letter (Unicode's confusables, those alike in a
# sans-serif font), named, as the source would not show them apart either. Each maps to the Latin
# letter in its case, before case is folded: only the capital of some looks Latin (Greek capital
# eta is H, its small letter is not h).
LATIN_LOOK_ALIKES = str.maketrans(
    {
        unicodedata.lookup(name): latin
        for latin, names in {
            "A": ("CYRILLIC CAPITAL LETTER A", "GREEK CAPITAL LETTER ALPHA"),
            "B": ("CYRILLIC CAPITAL LETTER VE", "GREEK CAPITAL LETTER BETA"),
            "C": ("CYRILLIC CAPITAL LETTER ES",),
            "E": ("CYRILLIC CAPITAL LETTER IE", "GREEK CAPITAL LETTER EPSILON"),
            "H": ("CYRILLIC CAPITAL LETTER EN", "GREEK CAPITAL LETTER ETA"),
            "I": (
                "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I",
                "CYRILLIC LETTER PALOCHKA",
                "GREEK CAPITAL LETTER IOTA",
            ),
            "J": ("CYRILLIC CAPITAL LETTER JE",),
            "K": ("CYRILLIC CAPITAL LETTER KA", "GREEK CAPITAL LETTER KAPPA"),
            "M": ("CYRILLIC CAPITAL LETTER EM", "GREEK CAPITAL LETTER MU"),
            "N": ("GREEK CAPITAL LETTER NU",),
            "O": ("CYRILLIC CAPITAL LETTER O", "GREEK CAPITAL LETTER OMICRON"),
            "P": ("CYRILLIC CAPITAL LETTER ER", "GREEK CAPITAL LETTER RHO"),
            "Q": ("CYRILLIC CAPITAL LETTER QA",),
            "S": ("CYRILLIC CAPITAL LETTER DZE",),
            "T": ("CYRILLIC CAPITAL LETTER TE", "GREEK CAPITAL LETTER TAU"),
            "W": ("CYRILLIC CAPITAL LETTER WE",),
            "X": ("CYRILLIC CAPITAL LETTER HA", "GREEK CAPITAL LETTER CHI"),
            "Y": ("CYRILLIC CAPITAL LETTER STRAIGHT U", "GREEK CAPITAL LETTER UPSILON"),
            "Z": ("GREEK CAPITAL LETTER ZETA",),
            "a": ("CYRILLIC SMALL LETTER A",),
            "c": ("CYRILLIC SMALL LETTER ES", "GREEK LUNATE SIGMA SYMBOL"),
            "d": ("CYRILLIC SMALL LETTER KOMI DE",),
            "e": ("CYRILLIC SMALL LETTER IE",),
            "h": ("CYRILLIC SMALL LETTER SHHA",),
            "i": ("CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I",),
            "j": ("CYRILLIC SMALL LETTER JE", "GREEK LETTER YOT"),
            "l": ("CYRILLIC SMALL LETTER PALOCHKA",),
            "o": ("CYRILLIC SMALL LETTER O", "GREEK SMALL LETTER OMICRON"),
            "p": ("CYRILLIC SMALL LETTER ER",),
            "q": ("CYRILLIC SMALL LETTER QA",),
            "s": ("CYRILLIC SMALL LETTER DZE",),
            "v": ("GREEK SMALL LETTER NU",),
            "w": ("CYRILLIC SMALL LETTER WE",),
            "x": ("CYRILLIC SMALL LETTER HA",),
            "y": ("CYRILLIC SMALL LETTER U", "CYRILLIC SMALL LETTER STRAIGHT U"),
        }.items()
        for name in names
    }
)
Place = TypeVar("Place")


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
    """How a name looks to people: its compatibility forms folded (NFKC), letters of other
    scripts drawn as Latin ones as those, without case, every run of spaces one space.

    >>> look("\uff33ylva") == look("\u0405\u0443lva") == look(" sylva") == "sylva"
    True
    >>> look("whelp-1") == look("whelp-l"), look("\u0421\u044b\u0440") == look("cup")
    (False, False)
    """
    latin = unicodedata.normalize("NFKD", name).translate(LATIN_LOOK_ALIKES)
    return " ".join(unicodedata.normalize("NFKC", latin.casefold()).split())


def how_alike(first: str, second: str) -> str:
    """How two different names of one ``look`` differ, for a refusal that names them in turn:
    "differ only by case or spacing", else each character of ``second`` that stands for another
    of ``first``, by their Unicode names.

    >>> print(how_alike("sylva", "\\uff53\\u0443lva"))  # doctest: +NORMALIZE_WHITESPACE
    look alike: the second has U+FF53 FULLWIDTH LATIN SMALL LETTER S for U+0073 LATIN SMALL
    LETTER S, U+0443 CYRILLIC SMALL LETTER U for U+0079 LATIN SMALL LETTER Y
    """
    if " ".join(first.casefold().split()) == " ".join(second.casefold().split()):
        return "differ only by case or spacing"
    differences = []
    for tag, start, end, other_start, other_end in SequenceMatcher(
        None, first, second, autojunk=False
    ).get_opcodes():
        if tag == "equal":
            continue
        ours, theirs = first[start:end], second[other_start:other_end]
        pairs = zip(ours, theirs, strict=True) if len(ours) == len(theirs) else [(ours, theirs)]
        differences += [f"{described(b)} for {described(a)}" for a, b in pairs]
    return "look alike: the second has " + ", ".join(differences)


def described(characters: str) -> str:
    """``characters`` one by one (``describe_character``), or "nothing"."""
    return ", ".join(map(describe_character, characters)) or "nothing"


class Distinct(Generic[Place]):
    """Names that people must tell apart, each with the place where it was first written."""

    def __init__(self) -> None:
        self.seen: dict[str, tuple[str, Place]] = {}

    def add(self, name: str, place: Place) -> tuple[str, Place] | None:
        """Record ``name``, written at ``place``; the name and place of an earlier one that is
        ``name`` or looks like it (``look``) instead, if any."""
        key = look(name)
        earlier = self.seen.get(key)
        if earlier is None:
            self.seen[key] = (name, place)
        return earlier


def unlike(name: str, seen: Distinct[None]) -> None:
    """Add branch name ``name`` to ``seen``; ValueError naming both when it is one of them, or
    looks like one (``how_alike``)."""
    earlier = seen.add(name, None)
    if earlier is None:
        return
    other = earlier[0]
    if other == name:
        raise ValueError(f"two branches are named {name!r}")
    raise ValueError(f"the branch names {other!r} and {name!r} {how_alike(other, name)}")


def branch_name(name: str, others: Iterable[str]) -> str:
    """``name`` in NFC for a branch beside ``others`` (``main`` among them); ValueError saying
    why it cannot be one (as a file's branch would be refused)."""
    name = checked(name)
    seen = Distinct[None]()
    for other in others:
        seen.add(other, None)
    unlike(name, seen)
    return name
