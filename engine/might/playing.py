"""Playing a card from hand, its cost paid: a unit to its base (exhausted unless it enters
ready, M-32), a gear to its base, ready (P-66), a spell onto the chain, a Reaction while a
spell waits (M-1, M-7, M5, P-16, P-19)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.changes import Change, Moved, Played, StatChanged, StatusChanged
from engine.errors import RuleError
from engine.might.card_effects import Effect
from engine.might.cards import (
    Choosing,
    choice_rulings,
    chooses_a_battlefield,
    describe_choice,
    fewest_targets,
    opponent_chooses,
)
from engine.might.chain import ChainRules
from engine.might.core import MightCore, default_words
from engine.might.table import ChainItem
from engine.might.targeting import default_of, deflecting, places_of, verify_targets
from engine.timeline import Cause


@dataclass(frozen=True)
class Extra:
    """Runes a play or an activation costs beyond its printed cost: ``runes``, ``why`` (the
    words that add them, ``Deflect 1 of stone-whelp``) and the ruling that adds them."""

    runes: int
    why: str
    rule: str


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

    def check_play(
        self, uid: str, target: Targets = None, to: int | None = None, accelerate: bool = False
    ) -> None:
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
        targets = self.given(definition.target, target, card.owner, None)[0]
        self.verify_chosen(uid, definition.target, targets, card.owner, None)
        self.verify_place(uid, definition.effects, to)
        extras = self.deflections(definition.target, targets, card.owner)
        extras += self.acceleration(uid, accelerate)
        self.verify_extras(card.owner, definition.cost, extras, uid)

    def given(
        self, spec: Choosing | None, target: Targets, controller: int, me: str | None
    ) -> tuple[tuple[str, ...], bool]:
        """The targets a play or an activation is given, and whether they are the rules'
        default: where the opponent chooses and the action gives none, the first legal units
        in table order (P-95, P-41); none when no choice can be made (refused as none given)."""
        targets = chosen(target)
        if targets or not opponent_chooses(spec):
            return targets, False
        assert spec is not None  # the opponent chooses for a card that chooses
        places = places_of(self.core.table, spec, controller, me)
        return default_of(self.core.table, spec, places) or (), True

    def chooser_words(self, spec: Choosing | None, default: bool, controller: int) -> str:
        """How a step says the opponent chose the targets, given or by default (P-95); ""
        where the controller chose."""
        if spec is None or not opponent_chooses(spec):
            return ""
        name = self.core.table.players[1 - controller].name
        return f" ({default_words(spec)}; {name} chooses)" if default else f" ({name}'s choice)"

    def aim_words(self, targets: tuple[str, ...], to: int | None) -> str:
        """What a chain item chose, as its text says it: `` targeting a, b to Battlefield 2``
        (P-41, P-74)."""
        aim = f" targeting {', '.join(targets)}" if targets else ""
        return aim + ("" if to is None else f" to {self.core.table.battlefields[to].name}")

    def deflections(
        self, spec: Choosing | None, targets: tuple[str, ...], controller: int
    ) -> list[Extra]:
        """What Deflect adds to a spell or an activated ability of ``controller`` choosing
        ``targets``: N for each opponent's unit on the table with Deflect N, once however often
        it is chosen (P-88); nothing where the opponent chose them, who does not pay (P-95)."""
        if opponent_chooses(spec):
            return []
        found = deflecting(self.core.table, targets, controller)
        return [Extra(runes, f"Deflect {runes} of {uid}", "P-88") for uid, runes in found.items()]

    def acceleration(self, uid: str, accelerate: bool) -> list[Extra]:
        """What playing ``uid`` accelerated adds: its Accelerate N, refused for a card without
        Accelerate or one that enters ready anyway (P-89); nothing when not accelerated."""
        if not accelerate:
            return []
        definition = self.core.table.definition(uid)
        runes = definition.keyword("Accelerate") if definition.kind == "unit" else 0
        if not runes:
            raise RuleError("P-89", f"{uid} has no Accelerate: play it without `accelerate`")
        if definition.enters == "ready":
            raise RuleError("P-89", f"{uid} enters ready anyway: play it without `accelerate`")
        return [Extra(runes, f"Accelerate {runes}", "P-89")]

    def verify_extras(self, owner: int, cost: int, extras: list[Extra], what: str) -> None:
        """Refuse when the rune pool can't pay ``cost`` and the ``extras`` too (P-88, P-89)."""
        total = cost + sum(extra.runes for extra in extras)
        if not extras or not (short := self.short_of_runes(owner, total, what)):
            return
        if any(extra.rule == "P-89" for extra in extras):  # a unit: it chooses nobody
            raise RuleError("P-89", f"{short} ({_reasons(cost, extras)})")
        raise RuleError("P-88", f"{short} ({_reasons(cost, extras)})")

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

    def pay_runes(
        self, owner: int, cost: int, cause: Cause, rules: list[str], extras: list[Extra]
    ) -> None:
        """Pay ``cost`` and the ``extras`` from ``owner``'s rune pool, one step saying what each
        adds (P-19, P-88, P-89)."""
        player = self.core.table.players[owner]
        total = cost + sum(extra.runes for extra in extras)
        self.core.table = self.core.table.with_player(
            owner, player.evolve(runes=player.runes - total)
        )
        because = f" ({_reasons(cost, extras)})" if extras else ""
        self.core.record(
            f"{player.name} pays {total} from the rune pool{because}",
            [*rules, *dict.fromkeys(extra.rule for extra in extras)],
            cause,
            [
                StatChanged(
                    card=player.rune_pool,
                    stat="runes",
                    before=player.runes,
                    after=player.runes - total,
                )
            ],
        )

    def play(
        self, uid: str, target: Targets, to: int | None = None, accelerate: bool = False
    ) -> None:
        """A unit or a gear to its base, or a spell on the chain; ``accelerate``: a unit paid
        its Accelerate to enter ready (P-89)."""
        card, definition = self.core._card(uid), self.core.table.definition(uid)
        cause = Cause(kind="action", card=uid, text=f"play {uid}")
        targets, default = self.given(definition.target, target, card.owner, None)
        extras = self.deflections(definition.target, targets, card.owner)
        extras += self.acceleration(uid, accelerate)
        if definition.cost or extras:
            self.pay_runes(card.owner, definition.cost, cause, ["M-1", "P-19"], extras)
        spell = definition.kind == "spell"
        self.core.table = self.core.table.remembering(  # for conditions about this turn (P-55)
            lambda history: history.after_play(card.owner, spell)
        )
        if not spell:  # a unit, or a gear, which enters ready (P-66)
            gear = definition.kind == "gear"
            exhausted = not gear and definition.enters == "exhausted" and not accelerate
            self.core._set(
                card.evolve(zone="base", entered=self.core._new_number(), exhausted=exhausted)
            )
            changes: list[Change] = [
                Played(card=uid, to="base"),
                Moved(card=uid, before="hand", after="base"),
            ]
            rules = ["M-1", "P-66" if gear else "M-32", *(["P-89"] if accelerate else [])]
            if exhausted != card.exhausted:  # a card in hand is ready but for an edit
                status = ("ready", "exhausted") if exhausted else ("exhausted", "ready")
                changes.append(StatusChanged(card=uid, before=status[0], after=status[1]))
                rules.append("P-18")  # the status is all it changes
            self.core.record(
                f"{uid} is played to {self.core.table.players[card.owner].name}'s base, "
                + ("exhausted" if exhausted else f"ready ({_why_ready(gear, accelerate)})"),
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
        aim = self.aim_words(targets, to)
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
        rules = [
            "M-1",
            "M5",
            *(["P-73"] if chose else []),
            *(["P-74"] if to is not None else []),
            *choice_rulings(definition.target),
        ]
        said = self.chooser_words(definition.target, default, card.owner)
        self.chain.push(item, cause, rules, [Played(card=uid, to="chain")], said)
        seen = {"you_play_a_card": None, "you_play_a_spell": None}
        self.core._trigger_all(self.core._watchers(seen, card.owner))  # above it (P-57)


def _reasons(cost: int, extras: list[Extra]) -> str:
    """``2 + 1 for Deflect 1 of stone-whelp``: a cost and what each extra adds."""
    return " + ".join([str(cost), *(f"{extra.runes} for {extra.why}" for extra in extras)])


def _why_ready(gear: bool, accelerated: bool) -> str:
    if accelerated:
        return "accelerated: its Accelerate was paid"
    return f"{'gear' if gear else 'it'} enters ready"
