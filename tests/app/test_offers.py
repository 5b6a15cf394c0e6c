"""What a card's menu offers, and the refusal of an offer once it no longer applies."""

from __future__ import annotations

from app.presentation.offers import offers_for
from app.presentation.session import Session
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


def test_the_session_says_why_an_offer_cannot_be_played_now() -> None:
    session = Session()
    session.open(SOULS / "S-4-detach-armament.yaml")
    session.select(0)
    assert session.table is not None
    [offer] = [o for o in offers_for(session.table, "iron-mail") if o.label == "Detach"]
    assert offer.action is not None and session.why_not(offer.action) is None
    session.act(offer.action)
    why = session.why_not(offer.action)
    assert why == "iron-mail is not an Armament attached to a Soul (rule S-4)"


def test_a_unit_offers_its_activated_abilities_and_the_engine_judges_them() -> None:
    play = Playthrough(*load_scenario(SCENARIOS / "might" / "P-42-activated-abilities.yaml"))
    table = play.game.table
    [strike] = [o for o in offers_for(table, "rune-smith") if o.label.startswith("Activate")]
    assert (strike.label, strike.group, strike.action) == ("Activate Forge Strike…", "Play", None)
    assert strike.pick is not None
    action = strike.pick(("stone-whelp",))
    assert play.refusal(action) is None
    play.act(action)
    assert play.game.table.cards["stone-whelp"].zone == "trash"
    refusal = play.refusal(strike.pick(("shield-warden",)))
    assert refusal is not None and refusal.rule == "P-42"  # the Smith is exhausted now
    [brace] = [o for o in offers_for(table, "shield-warden") if o.label.startswith("Activate")]
    assert brace.label == "Activate Brace" and brace.action is not None
    refusal = play.refusal(brace.action)
    assert refusal is not None and refusal.rule == "M-7"  # a Reaction: nothing on the chain
