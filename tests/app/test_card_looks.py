"""What a card looks like and where a zone lies, as plain data (app/presentation/looks.py): a
turned card's size, a stat's tone, the id a card shows, a card in hand, how cards in a line
share their room, and which zone a point of the table is in (where a dragged card drops)."""

from __future__ import annotations

import pytest

from app.presentation.looks import (
    CARD_H,
    CARD_W,
    STRIP_H,
    STRIP_W,
    UNIT_H,
    UNIT_W,
    CardLook,
    LookCache,
    Region,
    hand_look,
    spread,
    tone,
    with_uid,
)
from engine.assets import SCENARIOS
from engine.scenario import Playthrough, load_scenario


def test_a_turned_card_lies_as_wide_as_it_is_tall_upright() -> None:
    assert CardLook("Thorn Squire", 0).size == (CARD_W, CARD_H)
    assert CardLook("Stone Whelp", 1, form="unit").size == (UNIT_W, UNIT_H)
    assert CardLook("Stone Whelp", 1, form="unit", sideways=True).size == (UNIT_H, UNIT_W)
    assert CardLook("Iron Mail", 0, form="strip").size == (STRIP_W, STRIP_H)


def test_a_stat_above_its_printed_value_is_drawn_up_below_it_down() -> None:
    assert [tone(6, 5), tone(4, 5), tone(5, 5)] == ["up", "down", "plain"]


def test_a_card_shows_its_id_only_where_its_name_does_not_give_it() -> None:
    """Two Thorn Squires are thorn-squire and thorn-squire-2: the second says which it is; a
    card face down shows nothing of itself."""
    look = CardLook("Thorn Squire", 0, tooltip="Soul")
    assert with_uid(look, "thorn-squire", "Thorn Squire") == look
    second = with_uid(look, "thorn-squire-2", "Thorn Squire")
    assert second == CardLook("Thorn Squire", 0, tooltip="Soul", uid="thorn-squire-2")
    hidden = CardLook("", 0, face_down=True)
    assert with_uid(hidden, "thorn-squire-2", "Thorn Squire").uid == ""


def test_the_cards_laid_out_show_their_ids_where_their_names_do_not_give_them() -> None:
    """The demo table's two Ember Imps are alice-imp and bob-imp; Thorn Squire is thorn-squire."""
    scenario, source = load_scenario(SCENARIOS / "souls" / "demo-table.yaml")
    play = Playthrough(scenario, source)
    cache = LookCache()
    looks = {
        placement.uid: cache.look_of(placement.uid)
        for placement in cache.layout(play.game.table).placements
    }
    assert (looks["alice-imp"].uid, looks["bob-imp"].uid) == ("alice-imp", "bob-imp")
    assert looks["thorn-squire"].uid == ""


def test_a_card_in_hand_is_a_strip_with_its_name_and_its_text_for_the_preview() -> None:
    look = hand_look("Spark", 1, "Spell", "2", "Deal 2 damage.", text="Deal 2 damage to a unit.")
    assert look == CardLook(
        title="Spark",
        owner=1,
        form="strip",
        subtitle="Spell",
        stat="2",
        tooltip="Deal 2 damage.",
        text="Deal 2 damage to a unit.",
    )
    assert hand_look("Spark", 0, "", "", "").text == ""


def test_cards_in_a_line_lie_a_small_gap_apart_while_they_fit_then_overlap() -> None:
    assert spread(3, 400, 100) == 104  # 312 of 400
    assert spread(4, 416, 100) == 104  # just fits
    assert spread(5, 416, 100) == pytest.approx(79)  # the last ends at the edge: 4 * 79 + 100
    assert spread(2, 150, 100) == 50  # two overlap as well
    assert spread(1, 50, 100) == 104  # one card never squeezed, nor divided by zero
    assert spread(0, 50, 100) == 104


def test_a_point_is_in_a_zone_from_its_top_left_edge_up_to_but_not_on_the_far_edges() -> None:
    zone = Region((0, "hand"), 10, 20, 100, 50)
    assert zone.holds(10, 20) and zone.holds(109.5, 69.5)
    assert not zone.holds(9.5, 30) and not zone.holds(110, 30)
    assert not zone.holds(50, 19.5) and not zone.holds(50, 70)
