"""Activated abilities: a unit's controller pays the cost (exhausting it, runes) and the
ability goes on the chain, to resolve as a spell does (M-7, P-42)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.changes import Activated
from engine.errors import RuleError
from engine.might.cards import Ability, choice_rulings
from engine.might.chain import ChainRules
from engine.might.conditions import Condition, Context, holds, reading
from engine.might.core import MightCore
from engine.might.playing import PlayingRules, Targets
from engine.might.table import ChainItem, MightCard
from engine.timeline import Cause


@dataclass(frozen=True, eq=False)
class ActivatingRules:
    """Activating a unit's ability, its cost paid, given the game's core (``core``), the chain
    the ability goes on and the rules of playing (``playing``) whose costs and targets it
    shares."""

    core: MightCore
    chain: ChainRules
    playing: PlayingRules

    def _activated(self, uid: str, index: int) -> Ability:
        abilities = [a for a in self.core.table.definition(uid).abilities if a.when == "activated"]
        if not 0 <= index < len(abilities):
            names = ", ".join(f"{n}: {a.name or 'unnamed'}" for n, a in enumerate(abilities))
            raise RuleError(
                "P-42",
                f"{uid} has no activated ability number {index} "
                f"({'it has ' + names if names else 'it has none'})",
            )
        return abilities[index]

    def check_activate(
        self, uid: str, index: int = 0, target: Targets = None, to: int | None = None
    ) -> None:
        card = self.core._on_table(uid)  # a unit's, or a gear's (P-66)
        ability = self._activated(uid, index)
        label = ability.name or "its ability"
        if ability.speed == "reaction":
            if not self.core.table.chain:
                raise RuleError(
                    "M-7", f"{label} is a Reaction: it can answer only while the chain waits"
                )
        else:
            self.core._require_turn_player(card.controller, f"activate {label}")
            self.core._require_empty_chain(f"activate {label}")
            if self.core.table.combat is not None:
                raise RuleError("M-9", "cannot activate an ability during combat")
        if ability.only_while is not None:
            self._check_limit(card, ability.only_while, label)
        cost = ability.cost
        if cost is not None and cost.exhaust and card.exhausted:
            raise RuleError("P-42", f"{uid} is exhausted: it can't pay {label}'s cost (exhaust)")
        if cost is not None and (
            short := self.playing.short_of_runes(card.controller, cost.runes, label)
        ):
            raise RuleError("P-42", short)
        targets = self.playing.given(ability.target, target, card.controller, uid)[0]
        self.playing.verify_chosen(uid, ability.target, targets, card.controller, uid)
        self.playing.verify_place(uid, ability.effects, to)
        extras = self.playing.deflections(ability.target, targets, card.controller)
        self.playing.verify_extras(card.controller, cost.runes if cost else 0, extras, label)

    def _check_limit(self, card: MightCard, limit: Condition, label: str) -> None:
        """Refuse an activation while its ``only_while`` does not hold, saying what it read
        (P-56); "here" is where its unit is."""
        table = self.core.table
        here = card.battlefield if card.zone == "battlefield" else None
        context = Context(me=card.uid, controller=card.controller, battlefield=here)
        if not holds(table, limit, context):
            raise RuleError(
                "P-56",
                f"{label} can be activated only while {reading(table, limit, context)}: false now",
            )

    def activate(self, uid: str, index: int, target: Targets, to: int | None = None) -> None:
        """Pay the cost of ``uid``'s activated ability number ``index`` and put it on the
        chain."""
        card, ability = self.core._card(uid), self._activated(uid, index)
        label = ability.name or "its ability"
        cause = Cause(kind="action", card=uid, text=f"{uid} activates {label}")
        self.core.record(
            f"{uid} activates {label}", ["P-42"], cause, [Activated(card=uid, ability=label)]
        )
        cost = ability.cost
        if cost is not None and cost.exhaust:
            self.core._set_exhausted(uid, True, cause, ["P-42", "P-18", "M-6"], " to pay the cost")
        targets, default = self.playing.given(ability.target, target, card.controller, uid)
        extras = self.playing.deflections(ability.target, targets, card.controller)
        if (cost is not None and cost.runes) or extras:
            runes = cost.runes if cost is not None else 0
            self.playing.pay_runes(card.controller, runes, cause, ["P-42", "M-1", "P-19"], extras)
        aim = self.playing.aim_words(targets, to)
        item = ChainItem(
            id=f"e{self.core._new_number()}",
            card=uid,
            controller=card.controller,
            kind="ability",
            text=f"{uid}: {label}{aim}",
            targets=targets,
            effects=ability.effects,
            reaction=ability.speed == "reaction",
            battlefield=card.battlefield if card.zone == "battlefield" else None,
            destination=to,
        )
        said = self.playing.chooser_words(ability.target, default, card.controller)
        rules = ["P-42", *choice_rulings(ability.target)]
        self.chain.push(item, cause, rules, [], said)
