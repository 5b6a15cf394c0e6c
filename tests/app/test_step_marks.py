"""The deltas written over a card for a step (app/presentation/step_marks.py): short, signed,
in words; never a Python form, and nothing a card's badge already says."""

from __future__ import annotations

from app.presentation.step_marks import delta_text
from app.souls.view import VIEW
from engine.changes import Played
from engine.souls.changes import BonusChanged
from engine.souls.table import Bonus


def test_a_bonus_delta_is_its_signed_amount_and_a_play_is_one_word() -> None:
    curse = Bonus(stat="max_hp", amount=-10, duration="permanent", source="withering-curse")
    view = VIEW
    added = BonusChanged(kind="bonus_added", card="sylva", bonus=curse.describe())
    ended = BonusChanged(kind="bonus_ended", card="sylva", bonus=curse.describe())
    assert delta_text(added, view) == "-10 max HP"
    assert delta_text(ended, view) == "-10 max HP ends"
    assert delta_text(Played(card="iron-mail", to="armament of sylva"), view) == "played"


def test_a_might_combat_joins_every_attacker_and_defender_by_an_arrow() -> None:
    from app.presentation.step_marks import step_marks
    from engine.assets import SCENARIOS
    from engine.scenario import Playthrough, load_scenario

    scenario, source = load_scenario(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    declared = next(s for s in play.game.steps if s.description.startswith("Combat at"))
    marks = step_marks(declared, set(declared.table.cards))  # type: ignore[attr-defined]
    assert marks.arrows == [("vanguard-captain", "bob-whelp"), ("alice-whelp", "bob-sentinel")]


def test_a_rulesets_own_kinds_are_said_in_its_views_words() -> None:
    """Might's replacement and souls' line are theirs: the shared words know neither."""
    from app.might.view import VIEW as MIGHT
    from engine.might.changes import Replaced
    from engine.souls.changes import LineChanged

    shield = Replaced(card="u", effect="ward", effect_kind="prevention", before=2, after=0)
    doubler = Replaced(card="u", effect="twice", effect_kind="doubling", before=2, after=4)
    assert delta_text(shield, MIGHT) == "2 prevented"
    assert delta_text(doubler, MIGHT) == "doubled to 4"
    assert delta_text(LineChanged(card="sylva", before="back", after="front"), VIEW) == "→ front"
