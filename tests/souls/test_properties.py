"""Invariants of the souls engine under random playtester edits (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import RuleError
from engine.scenario import game_from_yaml
from tests.support.game_state import assert_unchanged, whole_state
from tests.support.souls_edits import EDITS, apply
from tests.support.souls_tables import scenario_text

BASE = scenario_text()


@settings(max_examples=60, deadline=None)
@given(st.lists(EDITS, max_size=12))
def test_edits_keep_the_table_consistent(edits) -> None:  # type: ignore[no-untyped-def]
    game = game_from_yaml(BASE)
    for edit in edits:
        before = whole_state(game)
        try:
            apply(game, edit)
        except RuleError:
            assert_unchanged(before, game)  # nothing changed, pending triggers and phase included
            continue
        assert game.steps[-1].table is game.table
        current = game.table
        for card in current.cards.values():
            assert card.damage % 5 == 0 and card.damage >= 0  # 14.1.2
            if card.zone in ("slot", "realm") and not card.face_down:
                # S-12: after every step of play no active card is left at 0 HP.
                assert current.hp(card.uid) > 0 or current.winner is not None
            if card.face_down:
                assert card.zone in ("slot", "realm") and not card.bonuses  # 14.4.1, S-14
        assert [s.index for s in game.steps] == list(range(len(game.steps)))
