"""A unit's keywords (engine/might/keywords.py): the ones the engine interprets, and the refusal
of every other word, which would otherwise pass and do nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import ScenarioError
from engine.might.cards import MightCardDef
from engine.scenario import validate_scenario
from engine.yaml_source import YamlSource

UNIT = """\
ruleset: might
title: t
rules: [M-28]
cards:
  - {name: Bearer, kind: unit, might: 3, keywords: KEYWORDS}
setup:
  players:
    - {name: Alice, units: [{card: Bearer}]}
    - {name: Bob}
"""


def refusal(keywords: str) -> str:
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(YamlSource(Path("f.yaml"), UNIT.replace("KEYWORDS", keywords)))
    return str(raised.value)


@pytest.mark.rule("M-28")
def test_a_misspelt_keyword_is_refused_with_the_known_ones() -> None:
    assert refusal("[Shiled 1]") == (
        "f.yaml:5: cards[0].keywords[0]: unknown keyword 'Shiled 1' (did you mean Shield?): "
        "the keywords are Assault N, Shield N, Deflect N, Accelerate N, Tank, Backline and Ganking"
    )


@pytest.mark.parametrize("word", ["Flying", "Deathtouch 2", "", "Assault two"])
def test_a_keyword_nobody_interprets_is_refused(word: str) -> None:
    assert (
        "the keywords are Assault N, Shield N, Deflect N, Accelerate N, Tank, Backline and Ganking"
        in refusal(f"[{word!r}]")
    )


def test_a_plain_keyword_takes_no_number() -> None:
    assert refusal("[Tank 2]").endswith("keyword 'Tank 2': Tank takes no number")


def test_a_spell_has_no_keywords() -> None:
    with pytest.raises(ValueError, match="a spell has no keywords"):
        MightCardDef.model_validate({"name": "Zap", "kind": "spell", "keywords": ["Tank"]})


@pytest.mark.rule("M-28")
def test_numbered_keywords_add_up_and_default_to_1() -> None:
    card = MightCardDef.model_validate(
        {"name": "x", "kind": "unit", "keywords": ["Assault 2", "assault", "Shield", "Tank"]}
    )
    assert (card.keyword("Assault"), card.keyword("Shield")) == (3, 1)
    assert (card.keyword("Tank"), card.keyword("Backline")) == (1, 0)
