"""What a user can try with a clicked card: script actions for the engine to judge.

No rules here: an offer is a script action (or one that needs a target clicked next); whether it
is legal, and why not, comes from the engine (``Session.why_not``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.frozen import Frozen
from engine.might import scenario as might
from engine.might.table import MightTable
from engine.script import ScriptAction
from engine.souls import scenario as souls
from engine.souls.table import SoulsTable
from engine.windows import Waiting

ActionFor = Callable[[str], ScriptAction]


@dataclass(frozen=True)
class Offer:
    """``action`` is ready to play; ``pick`` builds it from a target the user clicks next;
    ``proceeds``: pass, finishing what waits (the engine's ``Waiting``)."""

    label: str
    group: str
    action: ScriptAction | None = None
    pick: ActionFor | None = None
    pick_prompt: str = ""
    proceeds: bool = False


def offers_for(table: Frozen, uid: str) -> list[Offer]:
    if isinstance(table, SoulsTable):
        return souls_offers(table, uid)
    if isinstance(table, MightTable):
        return might_offers(table, uid)
    return []


def global_offers(table: Frozen, waiting: Waiting | None = None) -> list[Offer]:
    """End turn; while something waits, the pass that finishes it (else, for might, the
    resolve action)."""
    passing = [Offer(waiting.pass_label, "Turn", proceeds=True)] if waiting else []
    if isinstance(table, SoulsTable):
        return [*passing, Offer("End turn", "Turn", souls.Action(end_turn=souls.EndTurnArgs()))]
    resolve = Offer("Resolve the chain", "Turn", might.Action(resolve=might.NoArgs()))
    end_turn = Offer("End turn", "Turn", might.Action(end_turn=might.NoArgs()))
    return [*passing, end_turn] if passing else [end_turn, resolve]


def souls_offers(table: SoulsTable, uid: str) -> list[Offer]:
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
                    pick=lambda t: souls.Action(play=souls.PlayArgs(card=uid, target=t)),
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
                pick=lambda t: souls.Action(attack=souls.AttackArgs(attacker=uid, target=t)),
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
                            activate=souls.ActivateArgs(card=uid, ability=i, target=t)
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
                    pick=lambda t: souls.Action(spring=souls.SpringArgs(card=uid, target=t)),
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


def might_offers(table: MightTable, uid: str) -> list[Offer]:
    card, definition = table.cards[uid], table.definition(uid)
    offers: list[Offer] = []
    if card.zone == "hand":
        if definition.target is not None:
            offers.append(
                Offer(
                    f"Play {card.name}…",
                    "Play",
                    pick=lambda t: might.Action(play=might.PlayArgs(card=uid, target=t)),
                    pick_prompt=f"Click the target unit for {card.name}",
                )
            )
        else:
            offers.append(
                Offer(f"Play {card.name}", "Play", might.Action(play=might.PlayArgs(card=uid)))
            )
        return offers
    if not table.on_table(uid):
        return offers
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
