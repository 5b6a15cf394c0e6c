"""What a user can try with a souls card: recruit, play, attack, activate, the playtester's
edits. The engine judges each (no rules here)."""

from __future__ import annotations

from app.presentation.offers import Offer
from engine.souls import scenario as souls
from engine.souls.table import SoulsTable


def card_offers(table: SoulsTable, uid: str) -> list[Offer]:
    card, definition = table.cards[uid], table.definition(uid)
    offers: list[Offer] = []
    if card.zone == "hand":
        if definition.kind == "soul":
            offers += [
                Offer(
                    f"Recruit onto {slot}",
                    "Recruit",
                    souls.Action(recruit=souls.RecruitArgs(card=uid, slot=slot)),
                )
                for slot in table.slot_names()
            ]
        elif definition.kind == "ambush":
            offers += [
                Offer(
                    f"Set at {slot}",
                    "Set Ambush",
                    souls.Action(play=souls.PlayArgs(card=uid, slot=slot)),
                )
                for slot in table.slot_names()
            ]
        elif definition.kind == "armament" or definition.target is not None:
            offers.append(
                Offer(
                    f"Play {card.name}…",
                    "Play",
                    pick=lambda t: souls.Action(play=souls.PlayArgs(card=uid, target=t[0])),
                    pick_prompt=f"Click the target for {card.name}",
                )
            )
        else:
            offers.append(
                Offer(f"Play {card.name}", "Play", souls.Action(play=souls.PlayArgs(card=uid)))
            )
        return offers
    if card.zone == "slot":
        offers.append(
            Offer(
                "Attack…",
                "Battle",
                pick=lambda t: souls.Action(attack=souls.AttackArgs(attacker=uid, target=t[0])),
                pick_prompt=f"Click the Soul or Realm {uid} attacks",
            )
        )
        activated = [a for a in definition.abilities if a.when == "activated"]
        for index, ability in enumerate(activated):
            label = f"Activate {ability.name or 'ability'}"
            if ability.target is not None:
                offers.append(
                    Offer(
                        label + "…",
                        "Abilities",
                        pick=lambda t, i=index: souls.Action(
                            activate=souls.ActivateArgs(card=uid, ability=i, target=t[0])
                        ),
                        pick_prompt=f"Click the target of {ability.name}",
                    )
                )
            else:
                offers.append(
                    Offer(
                        label,
                        "Abilities",
                        souls.Action(activate=souls.ActivateArgs(card=uid, ability=index)),
                    )
                )
    if card.zone == "ambush":
        sprung = [a for a in definition.abilities if a.when == "sprung"]
        if sprung and sprung[0].target is not None:
            offers.append(
                Offer(
                    "Spring…",
                    "Ambush",
                    pick=lambda t: souls.Action(spring=souls.SpringArgs(card=uid, target=t[0])),
                    pick_prompt=f"Click the target of {card.name}",
                )
            )
        else:
            offers.append(
                Offer("Spring", "Ambush", souls.Action(spring=souls.SpringArgs(card=uid)))
            )
    if card.zone == "armament":
        detach = souls.Action(detach=souls.CardArgs(card=uid))
        offers.append(Offer("Detach", "Playtester edit", detach))
    if card.zone in ("slot", "realm"):
        edits = [
            ("Deal 5 damage", souls.Action(deal=souls.AmountArgs(target=uid, amount=5))),
            ("Deal 10 damage", souls.Action(deal=souls.AmountArgs(target=uid, amount=10))),
            ("Heal 5", souls.Action(heal=souls.AmountArgs(target=uid, amount=5))),
            ("Heal 10", souls.Action(heal=souls.AmountArgs(target=uid, amount=10))),
            ("Pay 10 × rank HP", souls.Action(pay_hp=souls.PayArgs(card=uid))),
            ("Pay 10 HP", souls.Action(pay_hp=souls.PayArgs(card=uid, amount=10))),
            ("Capture", souls.Action(capture=souls.TargetArgs(target=uid))),
            ("Exile (captured Soul)", souls.Action(exile=souls.TargetArgs(target=uid))),
            (
                "+10 max HP until end of turn",
                souls.Action(
                    bonus=souls.BonusArgs(
                        target=uid, stat="max_hp", amount=10, duration="end_of_turn"
                    )
                ),
            ),
            (
                "−10 max HP",
                souls.Action(bonus=souls.BonusArgs(target=uid, stat="max_hp", amount=-10)),
            ),
            (
                "+5 power until end of turn",
                souls.Action(
                    bonus=souls.BonusArgs(
                        target=uid, stat="power", amount=5, duration="end_of_turn"
                    )
                ),
            ),
        ]
        offers += [Offer(label, "Playtester edit", action) for label, action in edits]
    return offers
