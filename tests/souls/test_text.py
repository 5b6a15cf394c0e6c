"""`cardtable run`'s picture of a souls table: slots, face-down cards, Ambushes, Armament
and the end of the game."""

from __future__ import annotations

from engine.assets import SCENARIOS
from engine.scenario import run_scenario
from engine.text import render_table

SOULS = SCENARIOS / "souls"


def souls_table_at(name: str, step: int) -> list[str]:
    return render_table(run_scenario(SOULS / name).steps[step].table).splitlines()


def test_souls_game_over_and_face_down_cards() -> None:
    assert souls_table_at("14.4.6-realm-shatters-game-ends.yaml", 8) == [
        "Turn 1, Alice to play",
        "Game over: Alice wins",
        "Alice:",
        "  Realm  old-keep (Old Keep) HP 50/50",
        "  A1     grave-warden (Grave Warden) HP 20/35 (damage 15), power 15, front line",
        "  elysium: soul-snare",
        "Bob:",
        "  Realm  ember-citadel [shattered, face down]",
        "  B1     thorn-squire [captured, face down]",
    ]


def test_souls_ambush_on_an_empty_slot_and_armament() -> None:
    lines = souls_table_at("P-3-ambush-set-then-sprung.yaml", 1)
    assert "  B1     (empty) + ambush pitfall" in lines
    assert "Game over" not in "\n".join(lines)
    lines = souls_table_at("14.4.5-armament-to-elysium-ambush-stays.yaml", 0)
    assert lines[-1] == (
        "  A1     thorn-squire (Thorn Squire) HP 10/30 (damage 20), power 10, front line"
        " + armament iron-mail + ambush pitfall"
    )
