"""What holds in every souls game, as ``cardtable fuzz`` checks it after every step and move
(``engine.ruleset.Invariants``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.ruleset import Broken, Invariants, at
from engine.souls.damage import round_down_to_5
from engine.souls.game import SoulsGame
from engine.souls.table import SoulsTable
from engine.timeline import Recorder, Step


class SoulsInvariants(Invariants[SoulsTable]):
    def step(self, steps: Sequence[Step[SoulsTable]], index: int) -> Iterator[Broken]:
        step, prev = steps[index], steps[index - 1].table
        table = step.table
        where = at(step)
        yield from _damage_in_fives(table, where)
        yield from _captured_stay(prev, table, step.rules, where)
        yield from _captured_never_act(prev, step, where)

    def settled(self, game: Recorder[SoulsTable]) -> Iterator[Broken]:
        assert isinstance(game, SoulsGame)  # a battle under way is the game's, not the table's
        table = game.table
        if game.battle is not None or table.game_over:
            return
        where = f"after {at(game.steps[-1])}"
        for card in table.on_table():
            if card.face_down:
                continue
            if table.hp(card.uid) == 0:
                yield (
                    "no active Soul at 0 HP outside a window",
                    f"{where}: {card.uid} is active at 0 HP",
                    {"cards": {card.uid: {"captured": True}}},
                )
            elif card.damage > table.max_hp(card.uid):
                yield (
                    "souls damage at most max HP outside a window",
                    f"{where}: {card.uid} has {card.damage} damage, max HP "
                    f"{table.max_hp(card.uid)}",
                    {"cards": {card.uid: {"captured": True}}},
                )

    def over(self, game: Recorder[SoulsTable]) -> bool:
        return game.table.game_over


def _damage_in_fives(table: SoulsTable, where: str) -> Iterator[Broken]:
    """Damage is marked in steps of 5, never below 0 (S-7, 14.1.2, 14.2.2)."""
    for card in table.cards.values():
        if card.damage != round_down_to_5(card.damage):
            yield (
                "souls damage in steps of 5",
                f"{where}: {card.uid} has {card.damage} damage",
                {"cards": {card.uid: {"damage": round_down_to_5(card.damage)}}},
            )


def _captured_stay(
    prev: SoulsTable, table: SoulsTable, rules: Sequence[str], where: str
) -> Iterator[Broken]:
    """A captured Soul stays face down on its slot; only exile or a return to its owner's hand,
    a step that cites 14.5.4, removes it (S-14, P-85)."""
    for old in prev.cards.values():
        if old.zone != "slot" or not old.face_down:
            continue
        now = table.cards.get(old.uid)
        stays = now is not None and now.zone == "slot" and now.face_down and now.slot == old.slot
        released = now is not None and now.zone in ("exile", "hand") and "14.5.4" in rules
        if not (stays or released):
            place = "gone" if now is None else f"{now.zone} {now.slot} face_down={now.face_down}"
            yield (
                "captured Souls stay on their slot",
                f"{where}: {old.uid} was captured on {old.slot}, now {place}",
                {"cards": {old.uid: {"zone": "slot", "slot": old.slot, "captured": True}}},
            )


def _captured_never_act(prev: SoulsTable, step: Step, where: str) -> Iterator[Broken]:
    """A card captured before the step causes nothing in it (14.5.1), but the change-less steps
    that end its pending effects (S-14) or the game (S-17) and its own "when captured" trigger
    (S-12, P-2). A playtester's edit is no card acting."""
    actor = step.cause.card
    if actor is None or actor not in prev.cards or step.cause.kind == "playtester":
        return
    card = prev.cards[actor]
    ended = not step.changes and ("S-14" in step.rules or "S-17" in step.rules)
    if card.zone == "slot" and card.face_down and not ended and not _captured_trigger(prev, step):
        yield (
            "captured Souls never act",
            f"{where}: caused by the captured {actor} ({step.cause.describe()})",
            None,
        )


def _captured_trigger(table: SoulsTable, step: Step) -> bool:
    """The step belongs to the card's own "when captured" trigger (S-12, P-2)."""
    actor = step.cause.card
    assert actor is not None
    if step.cause.kind != "trigger":
        return False
    labels = {
        f"{actor}: {ability.name or 'when captured'}"
        for ability in table.definition(actor).abilities
        if ability.when == "captured"
    }
    return step.cause.text in labels
