"""The deltas written over a card for a step (app/presentation/step_marks.py): short, signed,
in words; never a Python form, and nothing a card's badge already says."""

from __future__ import annotations

from app.presentation.step_marks import delta_text
from app.souls.view import VIEW
from engine.changes import BonusChanged, Played
from engine.souls.table import Bonus


def test_a_bonus_delta_is_its_signed_amount_and_a_play_is_one_word() -> None:
    curse = Bonus(stat="max_hp", amount=-10, duration="permanent", source="withering-curse")
    view = VIEW
    added = BonusChanged(kind="bonus_added", card="sylva", bonus=curse.describe())
    ended = BonusChanged(kind="bonus_ended", card="sylva", bonus=curse.describe())
    assert delta_text(added, view) == "-10 max HP"
    assert delta_text(ended, view) == "-10 max HP ends"
    assert delta_text(Played(card="iron-mail", to="armament of sylva"), view) == "played"
