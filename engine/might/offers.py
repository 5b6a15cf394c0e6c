"""What may be tried with a might card: play it (at a target), activate its abilities, move,
combat, the playtester's edits; and with the table: end the turn, resolve the chain, pass.
The rules judge each (``engine.offers``): nothing here decides what is legal."""

from __future__ import annotations

from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.might.cards import most_targets
from engine.might.table import MightTable
from engine.offers import ActionFor, Offer
from engine.script import ScriptAction
from engine.windows import Waiting


def aimed(targets: tuple[str, ...]) -> dict[str, str | tuple[str, ...]]:
    """An action's targets as a file writes them: ``target`` for one, ``targets`` for more."""
    return {"target": targets[0]} if len(targets) == 1 else {"targets": targets}


def activating(uid: str, ability: int) -> ActionFor:
    """Activating ``uid``'s activated ability number ``ability`` at the targets picked."""

    def at(targets: tuple[str, ...]) -> ScriptAction:
        return might.Action.of(might_verbs.Activate(card=uid, ability=ability, **aimed(targets)))

    return at


def card_offers(table: MightTable, uid: str) -> list[Offer]:
    card, definition = table.cards[uid], table.definition(uid)
    offers: list[Offer] = []
    if card.zone == "hand":
        if definition.target is not None:
            offers.append(
                Offer(
                    f"Play {card.name}…",
                    "Play",
                    pick=lambda t: might.Action.of(might_verbs.Play(card=uid, **aimed(t))),
                    pick_prompt=f"Click the target unit for {card.name}",
                    most=most_targets(definition.target),
                )
            )
        else:
            offers.append(
                Offer(f"Play {card.name}", "Play", might.Action.of(might_verbs.Play(card=uid)))
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
                    pick=activating(uid, number),
                    pick_prompt=f"Click the target unit for {name}",
                    most=most_targets(ability.target),
                )
            )
        else:
            offers.append(
                Offer(
                    f"Activate {name}",
                    "Play",
                    might.Action.of(might_verbs.Activate(card=uid, ability=number)),
                )
            )
    places = [b.name for b in table.battlefields] + ["base"]
    offers += [
        Offer(f"Move to {place}", "Move", might.Action.of(might_verbs.Move(unit=uid, to=place)))
        for place in places
    ]
    offers.append(Offer("Recall", "Move", might.Action.of(might_verbs.Recall(unit=uid))))
    offers.append(Offer("Ready", "Status", might.Action.of(might_verbs.Ready(unit=uid))))
    offers.append(Offer("Exhaust", "Status", might.Action.of(might_verbs.Exhaust(unit=uid))))
    offers.append(
        Offer("Return to hand", "Status", might.Action.of(might_verbs.ReturnToHand(unit=uid)))
    )
    if card.battlefield is not None:
        name = table.battlefields[card.battlefield].name
        offers.append(
            Offer(
                f"Start combat at {name}",
                "Combat",
                might.Action.of(might_verbs.Combat(battlefield=name)),
            )
        )
    edits = [
        ("Deal 1 damage", might.Action.of(might_verbs.Deal(target=uid, amount=1))),
        ("Deal 2 damage", might.Action.of(might_verbs.Deal(target=uid, amount=2))),
        ("Deal 3 damage", might.Action.of(might_verbs.Deal(target=uid, amount=3))),
        ("Heal", might.Action.of(might_verbs.Heal(target=uid))),
        ("+1 Might this turn", might.Action.of(might_verbs.ModifyMight(target=uid, amount=1))),
        ("−1 Might this turn", might.Action.of(might_verbs.ModifyMight(target=uid, amount=-1))),
        (
            "Prevent the next 2 this turn",
            might.Action.of(might_verbs.Shield(target=uid, value=2)),
        ),
        ("Prevent all this turn", might.Action.of(might_verbs.Shield(target=uid, value="all"))),
        ("Double damage this turn", might.Action.of(might_verbs.Double(target=uid))),
    ]
    offers += [Offer(label, "Playtester edit", action) for label, action in edits]
    return offers


def table_offers(waiting: Waiting | None) -> list[Offer]:
    """End turn and resolve the chain; while a spell waits, the pass that resolves it."""
    end_turn = Offer("End turn", "Turn", might.Action.of(might_verbs.EndTurn()))
    if waiting:
        return [Offer(waiting.pass_label, "Turn", proceeds=True), end_turn]
    return [end_turn, Offer("Resolve the chain", "Turn", might.Action.of(might_verbs.Resolve()))]
