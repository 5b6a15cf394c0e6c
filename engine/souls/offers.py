"""What may be tried with a souls card: recruit, play, attack, activate, the playtester's
edits; and with the table: end the turn, pass. The rules judge each (``engine.offers``):
nothing here decides what is legal."""

from __future__ import annotations

from engine.offers import ActionFor, Offer
from engine.script import ScriptAction
from engine.souls import scenario as souls
from engine.souls import verbs as souls_verbs
from engine.souls.table import SoulsTable
from engine.windows import Waiting


def activating(uid: str, ability: int) -> ActionFor:
    """Activating ``uid``'s activated ability number ``ability`` at the target picked."""

    def at(targets: tuple[str, ...]) -> ScriptAction:
        return souls.Action.of(souls_verbs.Activate(card=uid, ability=ability, target=targets[0]))

    return at


def card_offers(table: SoulsTable, uid: str) -> list[Offer]:
    card, definition = table.cards[uid], table.definition(uid)
    offers: list[Offer] = []
    if card.zone == "hand":
        if definition.kind == "soul":
            offers += [
                Offer(
                    f"Recruit onto {slot}",
                    "Recruit",
                    souls.Action.of(souls_verbs.Recruit(card=uid, slot=slot)),
                )
                for slot in table.slot_names()
            ]
        elif definition.kind == "ambush":
            offers += [
                Offer(
                    f"Set at {slot}",
                    "Set Ambush",
                    souls.Action.of(souls_verbs.Play(card=uid, slot=slot)),
                )
                for slot in table.slot_names()
            ]
        elif definition.kind == "armament" or definition.target is not None:
            offers.append(
                Offer(
                    f"Play {card.name}…",
                    "Play",
                    pick=lambda t: souls.Action.of(souls_verbs.Play(card=uid, target=t[0])),
                    pick_prompt=f"Click the target for {card.name}",
                )
            )
        else:
            offers.append(
                Offer(f"Play {card.name}", "Play", souls.Action.of(souls_verbs.Play(card=uid)))
            )
        return offers
    if card.zone == "slot":
        offers.append(
            Offer(
                "Attack…",
                "Battle",
                pick=lambda t: souls.Action.of(souls_verbs.Attack(attacker=uid, target=t[0])),
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
                        pick=activating(uid, index),
                        pick_prompt=f"Click the target of {ability.name}",
                    )
                )
            else:
                offers.append(
                    Offer(
                        label,
                        "Abilities",
                        souls.Action.of(souls_verbs.Activate(card=uid, ability=index)),
                    )
                )
    if card.zone == "ambush":
        sprung = [a for a in definition.abilities if a.when == "sprung"]
        if sprung and sprung[0].target is not None:
            offers.append(
                Offer(
                    "Spring…",
                    "Ambush",
                    pick=lambda t: souls.Action.of(souls_verbs.Spring(card=uid, target=t[0])),
                    pick_prompt=f"Click the target of {card.name}",
                )
            )
        else:
            offers.append(Offer("Spring", "Ambush", souls.Action.of(souls_verbs.Spring(card=uid))))
    if card.zone == "armament":
        detach = souls.Action.of(souls_verbs.Detach(card=uid))
        offers.append(Offer("Detach", "Playtester edit", detach))
    if card.zone in ("slot", "realm"):
        edits = [
            ("Deal 5 damage", souls.Action.of(souls_verbs.Deal(target=uid, amount=5))),
            ("Deal 10 damage", souls.Action.of(souls_verbs.Deal(target=uid, amount=10))),
            ("Heal 5", souls.Action.of(souls_verbs.Heal(target=uid, amount=5))),
            ("Heal 10", souls.Action.of(souls_verbs.Heal(target=uid, amount=10))),
            ("Pay 10 × rank HP", souls.Action.of(souls_verbs.PayHp(card=uid))),
            ("Pay 10 HP", souls.Action.of(souls_verbs.PayHp(card=uid, amount=10))),
            ("Capture", souls.Action.of(souls_verbs.Capture(target=uid))),
            ("Exile (captured Soul)", souls.Action.of(souls_verbs.Exile(target=uid))),
            (
                "+10 max HP until end of turn",
                souls.Action.of(
                    souls_verbs.Bonus(target=uid, stat="max_hp", amount=10, duration="end_of_turn")
                ),
            ),
            (
                "−10 max HP",
                souls.Action.of(souls_verbs.Bonus(target=uid, stat="max_hp", amount=-10)),
            ),
            (
                "+5 power until end of turn",
                souls.Action.of(
                    souls_verbs.Bonus(target=uid, stat="power", amount=5, duration="end_of_turn")
                ),
            ),
        ]
        offers += [Offer(label, "Playtester edit", action) for label, action in edits]
    return offers


def table_offers(waiting: Waiting | None) -> list[Offer]:
    """End turn; while a battle window is open, the pass to the capture step."""
    passing = [Offer(waiting.pass_label, "Turn", proceeds=True)] if waiting else []
    return [*passing, Offer("End turn", "Turn", souls.Action.of(souls_verbs.EndTurn()))]
