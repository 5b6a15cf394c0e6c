"""`cardtable run`'s picture of a might table: units and where they are, damage and
lethal damage, Might and its effects, hands, trashes, the chain and held battlefields."""

from __future__ import annotations

from engine.assets import SCENARIOS
from engine.scenario import run_scenario
from engine.text import render_table

MIGHT = SCENARIOS / "might"


def table_at(name: str, step: int) -> str:
    return render_table(run_scenario(MIGHT / name).steps[step].table)


def test_units_in_hand_and_trash_and_the_chain() -> None:
    assert table_at("M-1-actions-need-a-unit-on-the-table.yaml", 6).splitlines() == [
        "Turn 1, Alice to play",
        "Alice: rune pool 0",
        "  Battlefield 1   stone-whelp (Stone Whelp) Might 2, exhausted",
        "  hand: meteor",
        "  trash: fallen-captain",
        "Bob: rune pool 0",
        "  Battlefield 2   iron-sentinel (Iron Sentinel) Might 4",
        "Chain (top last): rune-cache",
    ]


def test_lethal_damage_is_marked() -> None:
    text = table_at("M-1-actions-need-a-unit-on-the-table.yaml", 14)
    assert "  Battlefield 2   iron-sentinel (Iron Sentinel) Might 4, damage 5 LETHAL" in text
    assert "Chain" not in text and "hand:" not in text


def test_non_lethal_damage_is_not_marked() -> None:
    text = table_at("M-13-expiration-restarts.yaml", 0)
    assert "vengeful-spirit (Vengeful Spirit) Might 2, damage 1\n" in text + "\n"
    assert "LETHAL" not in text


def test_held_battlefield_is_named() -> None:
    text = table_at("M-10-assignment-is-a-sequence.yaml", 10)
    assert text.splitlines()[-1] == "Battlefield 1 is held by Bob"
    assert "  trash: bob-whelp" in text


def test_changed_might_shows_the_base_and_the_lasting_effect() -> None:
    text = table_at("M-13-expiration-restarts.yaml", 0)
    assert (
        "  base            iron-sentinel (Iron Sentinel) Might 6 (base 4),"
        " +2 Might from set-up this turn"
    ) in text
