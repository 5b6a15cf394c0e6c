"""A might unit's keywords: the words the engine interprets, and the refusal of any other.

``Assault N`` and ``Shield N`` add N Might while the unit attacks or defends (M-28; N is 1 when
no number is given, and instances add up). ``Tank`` and ``Backline`` order combat assignment
(M-17, M-18). ``Deflect N``: an opponent's spell or activated ability that chooses the unit
costs N more runes (P-88). ``Accelerate N``: its controller may pay N more runes as it is played
to have it enter ready (P-89). ``Ganking``: the unit's own move may go from a battlefield to
another battlefield (P-106). A keyword nobody interprets would pass as printed text and do
nothing, so it is refused with the known ones.

>>> keyword("Assault 2"), keyword("tank")
(('Assault', 2), ('Tank', 1))
>>> keyword("Shiled 1")
Traceback (most recent call last):
ValueError: unknown keyword 'Shiled 1' (did you mean Shield?): the keywords are Assault N, ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from difflib import get_close_matches
from typing import Annotated, Literal

from pydantic import AfterValidator

KeywordName = Literal["Assault", "Shield", "Deflect", "Accelerate", "Tank", "Backline", "Ganking"]
NUMBERED: tuple[KeywordName, ...] = ("Assault", "Shield", "Deflect", "Accelerate")  # "Assault 2"
PLAIN: tuple[KeywordName, ...] = ("Tank", "Backline", "Ganking")
KNOWN = "Assault N, Shield N, Deflect N, Accelerate N, Tank, Backline and Ganking"
UNNUMBERED = 1  # the N of a keyword printed without one: Shield is Shield 1 (M-28)
_FORM = re.compile(r"\s*([A-Za-z]+)(?:\s+([0-9]{1,3}))?\s*")


def keyword(text: str) -> tuple[KeywordName, int]:
    """The keyword ``text`` names and its number (``UNNUMBERED`` when it has none); ValueError
    otherwise."""
    match = _FORM.fullmatch(text)
    word = match.group(1).capitalize() if match else ""
    for name in (*NUMBERED, *PLAIN):
        if word == name and match is not None:
            if match.group(2) is not None and name in PLAIN:
                raise ValueError(f"keyword {text!r}: {name} takes no number")
            return name, int(match.group(2) or UNNUMBERED)
    close = get_close_matches(word or text, [*NUMBERED, *PLAIN], n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise ValueError(f"unknown keyword {text!r}{hint}: the keywords are {KNOWN}")


def _known(text: str) -> str:
    keyword(text)
    return text


KeywordText = Annotated[str, AfterValidator(_known)]
"""A keyword as printed (``Assault 2``), checked to be one the engine interprets."""


def keyword_total(keywords: Iterable[str], name: KeywordName) -> int:
    """The sum of the instances of ``name`` among ``keywords`` (0 without one, M-28)."""
    return sum(value for word, value in map(keyword, keywords) if word == name)
