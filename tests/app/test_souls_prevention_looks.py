"""How souls prevention is shown (P-103, P-104): a badge for each shield with what it has left,
one for a card's own prevention, marked used this turn; the inspector's row and each step's
delta. The engine says what is left and whether it was used; the app only shows it."""

from __future__ import annotations

from app.presentation.step_marks import delta_text
from app.souls.inspector import card_rows
from app.souls.looks import card_look
from app.souls.view import VIEW
from engine.assets import SCENARIOS
from engine.scenario import run_scenario
from engine.souls.changes import ShieldChanged

P103 = SCENARIOS / "souls" / "P-103-preventing-damage.yaml"
P104 = SCENARIOS / "souls" / "P-104-a-soul-that-prevents.yaml"


def test_a_shield_is_a_badge_with_what_it_has_left_and_a_row_in_the_inspector() -> None:
    steps = run_scenario(P103).game.steps
    [shielded] = [s for s in steps if "blood-priest gets a shield" in s.description]
    table = shielded.table
    look = card_look(table, table.card("blood-priest"))
    assert "prevent 10" in look.badges
    assert ("Prevention", "prevent 10 from second-prayer this turn") in card_rows(
        table, "blood-priest"
    )


def test_a_cards_own_prevention_is_a_badge_marked_used_this_turn() -> None:
    steps = run_scenario(P104).game.steps
    before, after = steps[0].table, steps[3].table  # the set-up; Firebolt's hit prevented
    assert "prevents 5" in card_look(before, before.card("stoneskin-sentinel")).badges
    assert "prevent used" in card_look(after, after.card("stoneskin-sentinel")).badges
    rows = dict(card_rows(after, "stoneskin-sentinel"))
    assert rows["Prevention"] == "prevents 5 of the first damage each turn (used this turn)"


def test_each_prevention_change_has_a_delta() -> None:
    made = ShieldChanged(kind="shield_added", card="x", shield="prevent 10 from y this turn")
    spent = ShieldChanged(kind="shield_spent", card="x", shield="prevent 5 from y", prevented=5)
    ended = ShieldChanged(kind="shield_ended", card="x", shield="prevent 5 from y this turn")
    own = ShieldChanged(kind="prevented", card="x", shield="prevents 5 of each damage", prevented=5)
    assert [delta_text(c, VIEW) for c in (made, spent, ended, own)] == [
        "prevent 10",
        "5 prevented",
        "prevent 5 ends",
        "5 prevented",
    ]
