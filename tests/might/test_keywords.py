"""A unit's keywords (engine/might/keywords.py): the ones the engine interprets, and the refusal
of every other word, which would otherwise pass and do nothing."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from engine.errors import ScenarioError
from engine.might.cards import MightCardDef
from engine.might.game import MightGame
from engine.scenario import game_from_yaml, validate_scenario
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


SLIPPERY = (
    "{name: Slippery, kind: unit, might: 2, statics: [{only_while: {moved: self, at_least: 2}, "
    "cant_be_dealt_damage: true, keywords: [Tank]}]}"
)
WARDEN = (
    "{name: Warden, kind: unit, might: 2, statics: [{only_while: {count: friendly_units, here: "
    "true, at_most: 1}, keywords: [Shield 2, Deflect 1]}]}"
)


def static_game(units: str) -> MightGame:
    text = f"""\
ruleset: might
title: statics
rules: [P-98]
cards: [{SLIPPERY}, {WARDEN}]
setup:
  players:
    - name: Alice
      units: [{units}]
    - name: Bob
      units: [{{card: Stone Whelp, id: bob-whelp, at: Battlefield 1}}]
"""
    return cast(MightGame, game_from_yaml(text))


@pytest.mark.rule("P-98")
def test_a_static_turns_on_with_the_second_move_on_its_step_and_stops_damage() -> None:
    g = static_game("{card: Slippery}")
    g.move("slippery", 0)
    assert not g.table.takes_no_damage("slippery") and g.table.keyword("slippery", "Tank") == 0
    steps = g.move("slippery", None)
    assert "slippery's static holds: Tank and can't be dealt damage" in steps[0].description
    assert "P-98" in steps[0].rules
    assert g.table.takes_no_damage("slippery") and g.table.keyword("slippery", "Tank") == 1
    not_dealt = g.deal("slippery", 3)
    assert g.table.cards["slippery"].damage == 0
    assert list(not_dealt[0].rules) == ["M-19", "P-98"]
    ended = g.end_turn()  # the count starts again as the turn begins, on that step
    assert any("slippery's static no longer holds" in s.description for s in ended)
    assert not g.table.takes_no_damage("slippery")


@pytest.mark.rule("P-98")
def test_a_static_shield_counts_in_might_while_it_defends_alone() -> None:
    g = static_game("{card: Warden, at: Battlefield 1}")
    g.end_turn()
    steps = g.combat(0)  # Bob's whelp (2) against the Warden alone: Shield 2 makes it a 4
    assert "warden with 4 (counting warden Shield +2 Might)" in steps[0].description
    assert g.table.cards["warden"].zone == "battlefield"
    assert g.table.cards["bob-whelp"].zone == "trash"


@pytest.mark.rule("P-98")
def test_a_static_ends_on_the_step_that_breaks_its_condition_and_then_counts_nowhere() -> None:
    g = static_game("{card: Warden, at: Battlefield 1}, {card: Stone Whelp, id: mine}")
    assert g.table.keyword("warden", "Shield") == 2 and g.table.keyword("warden", "Deflect") == 1
    joined = g.move("mine", 0)
    assert "warden's static no longer holds: Shield 2 and Deflect 1" in joined[0].description
    assert g.table.keyword("warden", "Shield") == 0 and g.table.keyword("warden", "Deflect") == 0
    g.end_turn()
    g.combat(0)  # not alone: it defends with 2 and Bob's whelp's 2 kill it
    assert g.table.cards["warden"].zone == "trash"


@pytest.mark.rule("P-98")
@pytest.mark.parametrize(
    ("static", "message"),
    [
        ("{only_while: {you_hold: 1}}", "a static gives keywords or cant_be_dealt_damage"),
        (
            "{only_while: {you_hold: 1}, keywords: [Accelerate 1]}",
            "cards[0].statics[0].keywords: Accelerate counts as the card is played from hand",
        ),
        (
            "{only_while: {moved: target, at_least: 2}, keywords: [Tank]}",
            "cards[0].statics[0].only_while: a static's only_while is about its own unit: use "
            "moved: self",
        ),
    ],
)
def test_a_static_that_could_never_mean_anything_is_refused(static: str, message: str) -> None:
    text = UNIT.replace("keywords: KEYWORDS", f"statics: [{static}]")
    with pytest.raises(ScenarioError) as raised:
        validate_scenario(YamlSource(Path("f.yaml"), text))
    assert message in str(raised.value)


def test_a_spell_or_gear_has_no_statics() -> None:
    static = {"only_while": {"you_hold": 1}, "keywords": ["Tank"]}
    with pytest.raises(ValueError, match="a spell has no keywords"):
        MightCardDef.model_validate({"name": "Zap", "kind": "spell", "statics": [static]})
    with pytest.raises(ValueError, match="gear has no statics"):
        MightCardDef.model_validate({"name": "Cog", "kind": "gear", "statics": [static]})


GUARD = (
    "{name: Guard, kind: unit, might: 3, statics: [{only_while: {gear: friendly, at_least: 1}, "
    "keywords: [Tank]}]}"
)
THIEF = (
    "{name: Thief, kind: unit, might: 1, abilities: [{when: activated, target: {side: enemy}, "
    "effects: [{do: take_control}]}]}"
)


@pytest.mark.rule("P-112")
def test_a_static_on_a_gear_turns_on_with_its_play_and_reads_the_controller() -> None:
    text = f"""\
ruleset: might
title: gear
rules: [P-112]
cards: [{GUARD}, {THIEF}, {{name: Cog, kind: gear}}]
setup:
  players:
    - {{name: Alice, hand: [{{card: Cog}}], units: [{{card: Guard}}]}}
    - {{name: Bob, units: [{{card: Thief}}]}}
"""
    g = cast(MightGame, game_from_yaml(text))
    assert g.table.keyword("guard", "Tank") == 0
    played = g.play("cog")
    assert "guard's static holds: Tank while you control at least 1 gear" in played[-1].description
    assert {"P-98", "P-112"} <= set(played[-1].rules)
    assert g.table.keyword("guard", "Tank") == 1
    g.end_turn()
    g.activate("thief", 0, "guard")
    taken = g.resolve()  # Bob controls it now, and no gear: "you" is its controller (P-107)
    assert any("guard's static no longer holds" in s.description for s in taken)
    assert g.table.keyword("guard", "Tank") == 0
