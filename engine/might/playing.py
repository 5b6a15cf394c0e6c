"""Playing a card from hand, its cost paid: a unit to its base (exhausted unless it enters
ready, M-32), a gear to its base, ready (P-66), a spell onto the chain, a Reaction while a
spell waits (M-1, M-7, M5, P-16, P-19)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.changes import Change, Moved, Played, StatChanged, StatusChanged
from engine.errors import RuleError
from engine.might.card_effects import Effect
from engine.might.cards import Choosing, chooses_a_battlefield, describe_choice, fewest_targets
from engine.might.chain import ChainRules
from engine.might.core import MightCore
from engine.might.table import ChainItem
from engine.might.targeting import verify_targets
from engine.timeline import Cause

Targets = str | tuple[str, ...] | None
"""The units a play or an activation targets: one, several (P-41), or none."""


def chosen(target: Targets) -> tuple[str, ...]:
    return (target,) if isinstance(target, str) else tuple(target or ())


@dataclass(frozen=True, eq=False)
class PlayingRules:
    """The turn player's plays, and the Reactions that answer a spell, given the game's core
    (``core``: its triggers) and the chain a spell goes on."""

    core: MightCore
    chain: ChainRules

    def check_play(self, uid: str, target: Targets = None, to: int | None = None) -> None:
        card = self.core._card(uid)
        definition = self.core.table.definition(uid)
        if card.zone != "hand":
            raise RuleError("M-1", f"{uid} is not in its owner's hand")
        if definition.speed == "reaction":
            if not self.core.table.chain:  # anything on it: a spell, an ability, a trigger
                raise RuleError(
                    "M-7", f"{uid} is a Reaction: it can answer only while the chain waits"
                )
        else:
            self.core._require_turn_player(card.owner, f"play {uid}")
            self.core._require_empty_chain(f"play {uid}")
            if self.core.table.combat is not None:
                raise RuleError("M-9", "cannot play a card during combat")
        if short := self.short_of_runes(card.owner, definition.cost, uid):
            raise RuleError("M-1", short)
        self.verify_chosen(uid, definition.target, chosen(target), card.owner, None)
        self.verify_place(uid, definition.effects, to)

    def verify_place(self, uid: str, effects: tuple[Effect, ...], to: int | None) -> None:
        """A battlefield is given for a card or an ability that moves units to one chosen as it
        is played or activated (``to: chosen``), and only then (P-74)."""
        if chooses_a_battlefield(effects) and to is None:
            names = ", ".join(b.name for b in self.core.table.battlefields)
            raise RuleError(
                "P-74", f"{uid} moves units to a battlefield chosen now: give `to:` ({names})"
            )
        if not chooses_a_battlefield(effects) and to is not None:
            raise RuleError("P-74", f"{uid} chooses no battlefield: remove `to:`")

    def verify_chosen(
        self,
        uid: str,
        spec: Choosing | None,
        targets: tuple[str, ...],
        controller: int,
        me: str | None,
    ) -> None:
        """The targets given for a spell or an activated ability fit what it chooses (M5)."""
        if spec is None:
            if targets:
                raise RuleError("M5", f"{uid} does not target; remove the target")
            return
        if not targets and fewest_targets(spec):
            raise RuleError("M5", f"{uid} needs a target: {describe_choice(spec)}")
        verify_targets(self.core.table, spec, targets, controller, me)

    def short_of_runes(self, owner: int, cost: int, what: str) -> str | None:
        """Why ``owner``'s rune pool can't pay ``cost`` for ``what``; None when it can."""
        runes = self.core.table.players[owner].runes
        return f"{what} costs {cost} but the rune pool has {runes}" if cost > runes else None

    def pay_runes(self, owner: int, cost: int, cause: Cause, rules: list[str]) -> None:
        player = self.core.table.players[owner]
        self.core.table = self.core.table.with_player(
            owner, player.evolve(runes=player.runes - cost)
        )
        self.core.record(
            f"{player.name} pays {cost} from the rune pool",
            rules,
            cause,
            [
                StatChanged(
                    card=f"{player.name}'s rune pool",
                    stat="runes",
                    before=player.runes,
                    after=player.runes - cost,
                )
            ],
        )

    def play(self, uid: str, target: Targets, to: int | None = None) -> None:
        """A unit or a gear to its base, or a spell on the chain."""
        card, definition = self.core._card(uid), self.core.table.definition(uid)
        cause = Cause(kind="action", card=uid, text=f"play {uid}")
        if definition.cost:
            self.pay_runes(card.owner, definition.cost, cause, ["M-1", "P-19"])
        spell = definition.kind == "spell"
        self.core.table = self.core.table.remembering(  # for conditions about this turn (P-55)
            lambda history: history.after_play(card.owner, spell)
        )
        if not spell:  # a unit, or a gear, which enters ready (P-66)
            gear = definition.kind == "gear"
            exhausted = not gear and definition.enters == "exhausted"
            self.core._set(
                card.evolve(zone="base", entered=self.core._new_number(), exhausted=exhausted)
            )
            changes: list[Change] = [
                Played(card=uid, to="base"),
                Moved(card=uid, before="hand", after="base"),
            ]
            rules = ["M-1", "P-66" if gear else "M-32"]
            if exhausted != card.exhausted:  # a card in hand is ready but for an edit
                status = ("ready", "exhausted") if exhausted else ("exhausted", "ready")
                changes.append(StatusChanged(card=uid, before=status[0], after=status[1]))
                rules.append("P-18")  # the status is all it changes
            self.core.record(
                f"{uid} is played to {self.core.table.players[card.owner].name}'s base, "
                + (
                    "exhausted" if exhausted else f"ready ({'gear' if gear else 'it'} enters ready)"
                ),
                rules,
                cause,
                changes,
            )
            # it and what sees it wait on the chain, as a spell does (P-33, P-57)
            seen = {"you_play_a_card": None, "you_play_a_unit": uid}
            self.core._trigger_all(
                {**self.core._watchers(seen, card.owner, besides=uid), uid: {"played": None}}
            )
            return
        self.core._set(card.evolve(zone="chain"))
        targets = chosen(target)
        aim = f" targeting {', '.join(targets)}" if targets else ""
        aim += "" if to is None else f" to {self.core.table.battlefields[to].name}"
        item = ChainItem(
            id=uid,
            card=uid,
            controller=card.owner,
            kind="spell",
            text=f"{uid}{aim}",
            targets=targets,
            effects=definition.effects,
            reaction=definition.speed == "reaction",
            destination=to,
        )
        again = len(set(targets)) < len(targets)  # "up to" with none, or a unit again (P-73)
        chose = definition.target is not None and (not targets or again)
        rules = ["M-1", "M5", *(["P-73"] if chose else []), *(["P-74"] if to is not None else [])]
        self.chain.push(item, cause, rules, [Played(card=uid, to="chain")])
        seen = {"you_play_a_card": None, "you_play_a_spell": None}
        self.core._trigger_all(self.core._watchers(seen, card.owner))  # above it (P-57)
