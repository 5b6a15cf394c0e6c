"""What a user can try with a might card: play it (at a target), activate its abilities, move,
combat, the playtester's edits. The engine judges each (no rules here)."""

from __future__ import annotations

from app.presentation.offers import Offer
from engine.might import scenario as might
from engine.might.cards import most_targets
from engine.might.table import MightTable


def aimed(targets: tuple[str, ...]) -> dict[str, str | tuple[str, ...]]:
    """An action's targets as a file writes them: ``target`` for one, ``targets`` for more."""
    return {"target": targets[0]} if len(targets) == 1 else {"targets": targets}


def card_offers(table: MightTable, uid: str) -> list[Offer]:
    card, definition = table.cards[uid], table.definition(uid)
    offers: list[Offer] = []
    if card.zone == "hand":
        if definition.target is not None:
            offers.append(
                Offer(
                    f"Play {card.name}…",
                    "Play",
                    pick=lambda t: might.Action(play=might.PlayArgs(card=uid, **aimed(t))),
                    pick_prompt=f"Click the target unit for {card.name}",
                    most=most_targets(definition.target),
                )
            )
        else:
            offers.append(
                Offer(f"Play {card.name}", "Play", might.Action(play=might.PlayArgs(card=uid)))
            )
        return offers
    if not table.on_table(uid):
        return offers
    activated = [a for a in definition.abilities if a.when == "activated"]
    for number, ability in enumerate(activated):
        name = ability.name or f"ability {number + 1}"
        if ability.target is not None:
            offers.append(
                Offer(
                    f"Activate {name}…",
                    "Play",
                    pick=lambda t, n=number: might.Action(
                        activate=might.ActivateArgs(card=uid, ability=n, **aimed(t))
                    ),
                    pick_prompt=f"Click the target unit for {name}",
                    most=most_targets(ability.target),
                )
            )
        else:
            offers.append(
                Offer(
                    f"Activate {name}",
                    "Play",
                    might.Action(activate=might.ActivateArgs(card=uid, ability=number)),
                )
            )
    places = [b.name for b in table.battlefields] + ["base"]
    offers += [
        Offer(f"Move to {place}", "Move", might.Action(move=might.MoveArgs(unit=uid, to=place)))
        for place in places
    ]
    offers.append(Offer("Recall", "Move", might.Action(recall=might.UnitArgs(unit=uid))))
    offers.append(Offer("Ready", "Status", might.Action(ready=might.UnitArgs(unit=uid))))
    offers.append(Offer("Exhaust", "Status", might.Action(exhaust=might.UnitArgs(unit=uid))))
    offers.append(
        Offer("Return to hand", "Status", might.Action(return_to_hand=might.UnitArgs(unit=uid)))
    )
    if card.battlefield is not None:
        name = table.battlefields[card.battlefield].name
        offers.append(
            Offer(
                f"Start combat at {name}",
                "Combat",
                might.Action(combat=might.CombatArgs(battlefield=name)),
            )
        )
    edits = [
        ("Deal 1 damage", might.Action(deal=might.DealArgs(target=uid, amount=1))),
        ("Deal 2 damage", might.Action(deal=might.DealArgs(target=uid, amount=2))),
        ("Deal 3 damage", might.Action(deal=might.DealArgs(target=uid, amount=3))),
        ("Heal", might.Action(heal=might.TargetArgs(target=uid))),
        ("+1 Might this turn", might.Action(might=might.MightArgs(target=uid, amount=1))),
        ("−1 Might this turn", might.Action(might=might.MightArgs(target=uid, amount=-1))),
        (
            "Prevent the next 2 this turn",
            might.Action(shield=might.ShieldArgs(target=uid, value=2)),
        ),
        ("Prevent all this turn", might.Action(shield=might.ShieldArgs(target=uid, value="all"))),
        ("Double damage this turn", might.Action(double=might.DoubleArgs(target=uid))),
    ]
    offers += [Offer(label, "Playtester edit", action) for label, action in edits]
    return offers
