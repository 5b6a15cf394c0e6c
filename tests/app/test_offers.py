"""What a card's menu offers, and the refusal of an offer once it no longer applies."""

from __future__ import annotations

from app.presentation.offers import offers_for
from engine.assets import SCENARIOS
from engine.scenario import Playthrough, load_scenario

SOULS = SCENARIOS / "souls"


def test_the_armament_card_offers_detach() -> None:
    play = Playthrough(*load_scenario(SOULS / "S-4-detach-armament.yaml"))
    [offer] = [o for o in offers_for(play.game.table, "iron-mail") if o.label == "Detach"]
    assert offer.action is not None and play.refusal(offer.action) is None
    play.act(offer.action)
    assert play.game.table.cards["iron-mail"].zone == "elysium"
    refusal = play.refusal(offer.action)
    assert refusal is not None and refusal.rule == "S-4"
