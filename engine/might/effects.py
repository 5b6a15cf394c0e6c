"""What a chain item's effects do: their targets, damage and healing, kill, ready, exhaust,
recall and return to hand, drawing, tokens and returns from a trash (P-60 to P-62), and the
lasting effects (Might modifiers, prevention, doubling,
lethal thresholds, Bonus Damage, runes, stun, "can't be dealt damage"; M2, M3, M8, M-2 to
M-5, M-15, M-16, M-19, M-25, M-27, M-30, M-31, P-21, P-27, P-31)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.changes import Change, Moved, PlayerStatChanged, StatChanged
from engine.choices import Assigned, Choice
from engine.decks import draw_text, is_or_are, split_draw
from engine.might import control, delayed
from engine.might.amounts import CountOf, DamageOn, MightOf
from engine.might.assignment import split_of
from engine.might.card_effects import Damage as DamageEffect
from engine.might.card_effects import (
    Delayed,
    Duration,
    Effect,
    MakeToken,
    SaveAction,
    Scope,
    ShieldValue,
    target_number,
)
from engine.might.changes import Made, effect_ended
from engine.might.conditions import Context, cited, counted, holds, reading
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.looking import looked_text, pick_choice, pick_text, picked
from engine.might.replacements import DamageKind
from engine.might.table import (
    BonusDamageGrant,
    ChainItem,
    DeathReplacement,
    DelayedTrigger,
    Doubler,
    KeywordGrant,
    LastingEffect,
    LethalOverride,
    MightCard,
    MightModifier,
    Shield,
    Status,
)
from engine.might.targeting import nth
from engine.might.unit_filters import Every
from engine.script import card_id
from engine.stack import Stack
from engine.timeline import Cause

# The automatic targets that reach every unit of a kind, whatever the chain item names.
EVERY_UNIT = ("all_units", "all_own_units", "all_enemy_units", "all_enemy_units_here")
# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md). Not validated: the engine's own values
# (a validated change cost eight times as much, every Might modifier and every end of turn).
_new_stat_changed = StatChanged.model_construct


@dataclass(frozen=True, eq=False)
class EffectRules:
    """Effects applied as a chain item resolves, and the lasting effects they (or the
    playtester) create, given the game's core (``core``) and the damage rules (``damage``) an
    effect deals, heals and kills with."""

    core: MightCore
    damage: DamageRules

    def _targets(self, item: ChainItem, effect: Effect) -> list[str]:
        """The units an effect acts on as it resolves: every unit of a kind now, or those of the
        units its chain item names that are still on the table (P-27)."""
        aims = effect.target
        if isinstance(aims, Every):
            return aims.reaches(self.core.table, item.controller, item.card, item.battlefield)
        if aims in EVERY_UNIT:
            return self._every_unit(item, aims)
        return [uid for uid in _named_units(item, aims) if self.core.table.on_table(uid)]

    def _every_unit(self, item: ChainItem, target: str) -> list[str]:
        """Every unit, the controller's, the other player's, or the other player's where the
        source was when it triggered (P-21)."""
        table, controller = self.core.table, item.controller
        if target == "all_units":
            return [u.uid for u in table.units()]
        if target == "all_own_units":
            return [u.uid for u in table.units(controller)]
        if target == "all_enemy_units":
            return [u.uid for u in table.units(1 - controller)]
        if item.battlefield is None:  # all_enemy_units_here
            return []
        return [u.uid for u in table.units_at(item.battlefield, 1 - controller)]

    def _still_here(self, item: ChainItem) -> bool:
        card = self.core.table.cards[item.card]
        return card.zone == "battlefield" and card.battlefield == item.battlefield

    def _why_nothing(self, item: ChainItem, effect: Effect) -> str:
        """Why an effect found nothing to act on (P-27)."""
        if isinstance(effect.target, Every):
            return f"there is no {effect.target.describe().removeprefix('every ')}"
        if effect.target == "target":
            if not item.targets:  # "up to", and none chosen (P-73)
                return "no target was chosen"
            return f"its target {', '.join(item.targets)} has left the table"
        if (number := target_number(effect.target)) is not None:
            one, which = _nth_target(item, number), nth(number)
            return (
                f"its {which} target {one} has left the table"
                if one
                else f"no {which} target was chosen"
            )
        if effect.target == "self":
            return f"{item.card} is not on the table"
        if effect.target == "source":
            return f"the source {item.source} has left the table" if item.source else "no source"
        if effect.target == "that_unit":
            return f"{item.target} has left the table"
        if effect.target == "all_enemy_units_here":
            if item.battlefield is None:
                return f"{item.card} was at no battlefield"
            return f"no enemy unit at {self.core.table.battlefields[item.battlefield].name}"
        return "no such unit on the table"

    def _conditions_met(self, item: ChainItem, effect: Effect, cause: Cause) -> bool:
        """Read an effect's ``only_if`` and ``unless`` as it resolves, on the record either
        way (P-36); "here" is where the ability's unit was when it triggered (P-21)."""
        if effect.only_if is None and effect.unless is None:
            return True
        context = Context(
            me=item.card,
            source=item.source,
            target=item.target,
            controller=item.controller,
            battlefield=item.battlefield,
        )
        for must, condition in effect.conditions():
            held = holds(self.core.table, condition, context)
            word = "only if" if must else "unless"
            fails = held != must
            self.core.record(
                f"{effect.do} {word} {reading(self.core.table, condition, context)}: "
                f"{str(held).lower()}" + (", so nothing happens" if fails else ""),
                ["P-36", *cited(condition)],
                cause,
            )
            if fails:
                return False
        return True

    def apply(self, item: ChainItem, effect: Effect, cause: Cause) -> None:
        """One effect of a resolving chain item, if its conditions hold (P-36)."""
        if self._conditions_met(item, effect, cause):
            effect.resolve(self, item, cause)

    def reached(self, item: ChainItem, effect: Effect, cause: Cause) -> list[str]:
        """The units ``effect`` acts on as it resolves; when none is left, that is a step
        (P-27). "Here" is where the ability's unit was when it triggered (P-21)."""
        group = effect.target
        here_word = group == "all_enemy_units_here" or (isinstance(group, Every) and group.here)
        here = here_word and item.battlefield is not None
        group_word = isinstance(group, Every)
        if here and not self._still_here(item):
            name = self.core.table.battlefields[item.battlefield or 0].name
            self.core.record(
                f'{item.card} has left {name}: "here" is still {name}, where it was when '
                "it triggered",
                ["P-21"],
                cause,
            )
        targets = self._targets(item, effect)
        if isinstance(group, Every) and targets:
            self.core.record(
                f"{effect.do} reaches {group.describe()}: {', '.join(targets)}", ["P-69"], cause
            )
        if not targets:
            self.core.record(
                f"{effect.do}: no legal target on the table, nothing happens "
                f"({self._why_nothing(item, effect)})",
                ["M5", "P-27", *(["P-21"] if here else []), *(["P-69"] if group_word else [])],
                cause,
            )
        return targets

    def damage_effect(
        self, item: ChainItem, effect: DamageEffect, targets: list[str], cause: Cause
    ) -> None:
        """Damage to each target, each its own event (M-25); an amount read from a unit's Might
        is read once, as the effect resolves, and that unit deals it (M-30, M-31)."""
        kind: DamageKind = "spell" if item.kind == "spell" else "ability"
        dealer, controller, amount = item.card, item.controller, effect.amount
        if isinstance(amount, MightOf):
            read = self._might_amount(item, amount, cause)
            if read is None:
                return
            dealer, controller, amount = read
            kind = "ability"  # not combat damage, nor a spell's: only "all" covers it (M-31)
        elif not isinstance(amount, int):
            amount = self.read_amount(item, amount, cause)
        bonus = self.core.table.bonus_damage(controller, kind)
        if targets:
            self._standing_bonus(controller, kind, cause)
        for target in targets:
            self.damage.deal_event(target, amount, bonus, kind, dealer, cause, effect.unpreventable)

    def split_damage(self, item: ChainItem, amount: int, targets: list[str], cause: Cause) -> None:
        """``amount`` damage divided among ``targets`` as the controller chooses now (by
        default all to the first), each share its own damage event with the controller's Bonus
        Damage of its kind (M-4, M-25, P-20, P-77)."""
        kind: DamageKind = "spell" if item.kind == "spell" else "ability"
        player = self.core.table.players[item.controller].name
        choice = Choice(
            kind="split",
            player=item.controller,
            subject=item.card,
            prompt=f"{player} divides {amount} damage from {item.card}",
            options=tuple(targets),
            default=(Assigned(unit=targets[0], damage=amount),),
            limits=f"divide exactly {amount} among {', '.join(targets)}; each unit listed "
            "gets 1 or more (P-77)",
            details={uid: f"Might {self.core.table.might(uid)}" for uid in targets},
            total=amount,
        )
        answer = self.core._ask(choice)
        shares = split_of(choice, answer)
        how = "by default, all to the first" if answer is choice.default else "as chosen"
        self.core.record(
            f"{player} divides {amount} damage from {item.card} among {', '.join(targets)} "
            f"({how}): " + ", ".join(f"{e.unit} {e.damage}" for e in shares),
            ["P-77"],
            cause,
        )
        bonus = self.core.table.bonus_damage(item.controller, kind)
        self._standing_bonus(item.controller, kind, cause)
        for entry in shares:
            self.damage.deal_event(entry.unit, entry.damage, bonus, kind, item.card, cause)

    def _standing_bonus(self, controller: int, kind: DamageKind, cause: Cause) -> None:
        """On the record: the units whose standing Bonus Damage adds to this damage, read now
        (P-76)."""
        sources = self.core.table.bonus_sources(controller, kind)
        if sources:
            self.core.record(
                f"{self.core.table.players[controller].name}'s {kind} damage gets Bonus Damage "
                "from units on the table: "
                + ", ".join(f"{uid} {amount:+d}" for uid, amount in sources),
                ["M-4", "P-76"],
                cause,
            )

    def _might_amount(
        self, item: ChainItem, amount: MightOf, cause: Cause
    ) -> tuple[str, int, int] | None:
        """The unit that deals damage equal to its Might, its controller and that Might; None
        (on the record) when it deals nothing (M-30)."""
        uid = item.named(amount.might_of)
        if uid is None:
            self.core.record(
                "damage equal to a Might: there is no such unit, nothing", ["M-30"], cause
            )
            return None
        noted = uid == item.card and item.might is not None and not self.core.table.on_table(uid)
        if not noted and not self.core.table.on_table(uid):
            self.core.record(f"{uid} has left the table: it deals no damage", ["M-30"], cause)
            return None
        might = item.might if noted and item.might is not None else self.core.table.might(uid)
        when = "noted when it died" if noted else "as the effect resolves"
        if might <= 0:
            self.core.record(
                f"{uid} has {might} Might ({when}): it deals no damage", ["M-30"], cause
            )
            return None
        self.core.record(
            f"{uid} deals damage equal to its Might: {might} ({when}; not combat damage)",
            ["M-30", "M-31"],
            cause,
        )
        return uid, self.core.table.cards[uid].controller, might

    def read_amount(self, item: ChainItem, amount: DamageOn | CountOf, cause: Cause) -> int:
        """An amount counted from the table as the effect resolves, on the record (P-37)."""
        if isinstance(amount, DamageOn):
            uid = item.named(amount.damage_on)
            there = uid is not None and self.core.table.on_table(uid)
            read = self.core.table.cards[uid].damage if there and uid else 0
            what = f"the damage on {uid}" if there else f"no {amount.damage_on} on the table"
        else:
            context = Context(
                me=item.card, controller=item.controller, battlefield=item.battlefield
            )
            read = len(counted(self.core.table, amount.count, amount.here, context))
            what = f"the number of {amount.count.replace('_', ' ')}{' here' if amount.here else ''}"
        final = amount.counts_for(read)
        each = f", {amount.each:+} for each: {read * amount.each}" if amount.each != 1 else ""
        least = f", raised to its minimum of {final}" if final != read * amount.each else ""
        self.core.record(f"The amount is {what}: {read}{each}{least}", ["P-37"], cause)
        return final

    def read_might(self, item: ChainItem, amount: MightOf, cause: Cause) -> int:
        """A unit's current Might as a modifier's amount, read once as it resolves, on the
        record; 0 when the unit is not on the table (P-71)."""
        uid = item.named(amount.might_of)
        there = uid is not None and self.core.table.on_table(uid)
        read = self.core.table.might(uid) if there and uid else 0
        what = f"the Might of {uid}" if there else f"no {amount.might_of} on the table"
        self.core.record(f"The amount is {what}: {read}", ["P-37", "P-71"], cause)
        return read

    def floored(self, uid: str, amount: int, floor: int, cause: Cause) -> int:
        """``amount`` raised so that it lowers ``uid``'s Might no further than ``floor`` ("to a
        minimum of N"), read as it resolves; on the record when it changes (P-71)."""
        might = self.core.table.might(uid)
        raised = min(max(amount, floor - might), max(amount, 0))
        if raised != amount:
            self.core.record(
                f"{uid} has {might} Might: {amount:+d} is {raised:+d}, to a minimum of {floor} "
                "Might",
                ["M2", "P-71"],
                cause,
            )
        return raised

    def stun(self, uid: str, source: str, owner: int, cause: Cause) -> None:
        if self.core.table.cards[uid].stunned:
            self.core.record(
                f"{uid} is already stunned: stunning it again does nothing and triggers nothing",
                ["M-16"],
                cause,
            )
            return
        self.add_status(uid, "stunned", "this_turn", source, owner, cause)

    def add_status(
        self,
        uid: str,
        status: Literal["stunned", "takes_no_damage"],
        duration: Duration,
        source: str,
        owner: int,
        cause: Cause,
    ) -> None:
        made = Status.make(self.core._new_number(), source, owner, duration=duration, status=status)
        added = self.core._put_on(uid, made)
        if status == "stunned":
            self.core.record(
                f"{uid} is stunned (from {source}) until this turn's expiration: it adds 0 to "
                "its side's combat damage, and still needs lethal damage to die",
                ["M-15", "M-16"],
                cause,
                [added],
                effect_ids=[made.id],
            )
            self.core._trigger_all(self.core._watchers({"you_stun": uid}, owner))  # P-57
        else:
            self.core.record(
                f"{uid} {made.describe()}",
                ["M-19"],
                cause,
                [added],
                effect_ids=[made.id],
            )

    def add_save(
        self,
        uid: str,
        then: tuple[SaveAction, ...],
        duration: Duration,
        source: str,
        owner: int,
        cause: Cause,
    ) -> None:
        save = DeathReplacement.make(
            self.core._new_number(), source, owner, duration=duration, then=then
        )
        added = self.core._put_on(uid, save)
        self.core.record(
            f"{uid}: {save.describe()}",
            ["M-20"],
            cause,
            [added],
            effect_ids=[save.id],
        )

    def leave_delayed(
        self, item: ChainItem, effect: Delayed, uid: str | None, cause: Cause
    ) -> None:
        """Leave ``effect``'s trigger on unit ``uid``, or (None) on the controller, watching every
        unit of a side (P-63)."""
        made = DelayedTrigger.make(
            self.core._new_number(),
            item.card,
            item.controller,
            duration=effect.lasts,
            when=effect.when,
            watch=None if uid is not None else effect.target,
            once=bool(effect.once) or effect.when == "start_of_your_turn",
            effects=effect.effects,
        )
        changes = []
        if uid is not None:
            changes.append(self.core._put_on(uid, made))
            on = f"{uid} gets {self.core.table.players[item.controller].name}'s"
        else:
            state = self.core.table.players[item.controller]
            self.core.table = self.core.table.with_player(
                item.controller, state.evolve(delayed=(*state.delayed, made))
            )
            on = f"{state.name} gets"
        self.core.record(f"{on} {made.describe()}", ["P-63"], cause, changes)

    def ready_effect(self, uid: str, ready: bool, source: str, cause: Cause) -> None:
        card = self.core.table.cards[uid]
        if card.exhausted != ready:
            word = "ready" if ready else "exhausted"
            self.core.record(f"{uid} is already {word}: nothing happens", ["P-31"], cause)
            return
        self.core._set_exhausted(
            uid, not ready, cause, ["M6", "M-6", "P-18", "P-31"], f" by {source}"
        )

    def recall_effect(self, uid: str, source: str, cause: Cause) -> None:
        if self.core.table.cards[uid].zone != "battlefield":
            self.core.record(f"{uid} is at its base: there is nothing to recall", ["P-31"], cause)
            return
        self.core._relocate_unit(uid, None, cause, ["M6", "M-6", "P-31"], f" by {source}")

    def move_effect(self, uid: str, to: str, item: ChainItem, cause: Cause) -> None:
        """To a battlefield by its name, or ``here`` (P-43): one already there stays, on the
        record."""
        source = item.card
        if to == "here":
            self._move_here(uid, item, cause)
            return
        if to == "base":
            self.recall_effect(uid, source, cause)
            return
        if to == "chosen":
            self._move_to(uid, self._destination(item, cause), source, cause)
            return
        index = [b.name for b in self.core.table.battlefields].index(to)  # checked with the file
        self._move_to(uid, index, source, cause)

    def _destination(self, item: ChainItem, cause: Cause) -> int:
        """The battlefield chosen as ``item`` was played, activated or, for a triggered
        ability, put on the chain; when nobody chose one for a trigger, the first, on the record
        (P-74)."""
        if item.destination is not None:
            return item.destination
        name = self.core.table.battlefields[0].name
        self.core.record(
            f"no battlefield was chosen as {item.card}'s ability triggered: the first, {name}, "
            "by default",
            ["P-74"],
            cause,
        )
        return 0

    def _move_to(self, uid: str, index: int, source: str, cause: Cause) -> None:
        card = self.core.table.cards[uid]
        if card.zone == "battlefield" and card.battlefield == index:
            name = self.core.table.battlefields[index].name
            self.core.record(f"{uid} is at {name} already: nothing happens", ["P-43"], cause)
            return
        self.core._relocate_unit(uid, index, cause, ["M6", "M-6", "P-43"], f" by {source}")

    def _move_here(self, uid: str, item: ChainItem, cause: Cause) -> None:
        """Move to where the ability's unit was as it triggered or was activated (P-21, P-43):
        a battlefield, or its controller's base, where only that player's units go."""
        if item.battlefield is not None:
            if not self._still_here(item):
                name = self.core.table.battlefields[item.battlefield].name
                self.core.record(
                    f'{item.card} has left {name}: "here" is still {name}, where it was',
                    ["P-21", "P-43"],
                    cause,
                )
            self._move_to(uid, item.battlefield, item.card, cause)
        elif self.core.table.cards[uid].controller != item.controller:
            base = self.core.table.players[item.controller].name
            self.core.record(
                f'"here" is {base}\'s base, where {item.card} was: {uid} goes only to its own '
                "base, so nothing happens",
                ["P-43"],
                cause,
            )
        elif self.core.table.cards[uid].zone != "battlefield":
            self.core.record(
                f'{uid} is at its base, "here", already: nothing happens', ["P-43"], cause
            )
        else:
            how = f' by {item.card} ("here" is its base)'
            self.core._relocate_unit(uid, None, cause, ["M6", "M-6", "P-43"], how)

    def to_hand(self, uid: str, cause: Cause, rules: Sequence[str], how: str = "") -> None:
        """The unit leaves the table for its owner's hand, losing its damage (M-6); a token
        ceases to exist instead (P-61)."""
        card = self.core.table.cards[uid]
        before, after = card.place(self.core.table), card.leaving_for("hand")
        self.core._set(card.off_table(after))
        gone = ": it is a token, so it ceases to exist" if card.token else ""
        self.core.record(
            f"{uid} returns to hand{how} and loses its {card.damage} damage{gone}",
            [*rules, *(["P-61"] if card.token else [])],
            cause,
            [
                Moved(card=uid, before=before, after=after),
                StatChanged(card=uid, stat="damage", before=card.damage, after=0),
            ],
        )
        delayed.ended_with(self.core, uid, card.delayed, cause)

    def grant_keywords(
        self,
        uid: str,
        keywords: tuple[str, ...],
        duration: Duration,
        source: str,
        owner: int,
        cause: Cause,
    ) -> None:
        before = self.core.table.might(uid)
        grant = KeywordGrant.make(
            self.core._new_number(), source, owner, duration=duration, keywords=keywords
        )
        changes: list[Change] = [self.core._put_on(uid, grant)]
        after = self.core.table.might(uid)
        if after != before:
            changes.append(_new_stat_changed(card=uid, stat="might", before=before, after=after))
        self.core.record(
            f"{uid} has {grant.describe()}"
            + (f": Might {before} -> {after}" if after != before else ""),
            ["M-17", "M-28", "P-72"],
            cause,
            changes,
            effect_ids=[grant.id],
        )

    def take_control(self, uid: str, source: str, controller: int, cause: Cause) -> None:
        control.take(self.core, uid, source, controller, cause)

    def draw(self, player: int, amount: int, source: str, cause: Cause) -> None:
        """``player`` draws ``amount`` cards from the top of their deck into their hand; what an
        empty deck can't give is not drawn, and the step says so (P-60)."""
        state = self.core.table.players[player]
        drawn, left = split_draw(state.deck, amount)
        for uid in drawn:
            self.core._set(self.core.table.cards[uid].evolve(zone="hand"))
        self.core.table = self.core.table.with_player(player, state.evolve(deck=left))
        text = draw_text(state.name, amount, drawn, len(left), source)
        self.core.record(
            text,
            ["P-60"],
            cause,
            [Moved(card=uid, before="deck", after="hand") for uid in drawn],
        )

    def discard(self, player: int, amount: int, source: str, cause: Cause) -> None:
        """``player`` discards ``amount`` cards from their hand to their trash: the first of
        their hand in the table's order; what an empty hand can't give is not discarded, and
        the step says so (P-86)."""
        name = self.core.table.players[player].name
        cards_now = self.core.table.cards.values()
        hand = [c.uid for c in cards_now if c.zone == "hand" and c.owner == player]
        gone = hand[:amount]
        for uid in gone:
            self.core._set(self.core.table.cards[uid].evolve(zone="trash"))
        cards = f"{len(gone)} card{'' if len(gone) == 1 else 's'} ({', '.join(gone)})"
        short = amount - len(gone)
        if not gone:
            text = f"{name}'s hand is empty: nothing is discarded ({source})"
        else:
            text = (
                f"{name} discards {cards} to the trash ({source}): the first of the hand in the "
                "table's order"
            )
        if gone and short:
            text += f"; the hand is then empty: the other {short} {is_or_are(short)} not discarded"
        self.core.record(
            text,
            ["P-86"],
            cause,
            [Moved(card=uid, before="hand", after="trash") for uid in gone],
        )

    def look_at_deck(self, item: ChainItem, amount: int, keep: int, cause: Cause) -> None:
        """The controller looks at the top ``amount`` cards of their deck (a step naming them,
        though the other player does not see them), puts ``keep`` of them, as they choose, into
        their hand and the rest at the bottom in the order they choose (P-109)."""
        table, player = self.core.table, item.controller
        state, other = table.players[player], table.players[1 - player].name
        looked = state.deck[:amount]
        if not looked:
            text = f"{state.name}'s deck is empty: there is nothing to look at ({item.card})"
            self.core.record(text, ["P-109"], cause)
            return
        named = {uid: table.cards[uid].name for uid in looked}
        seen = tuple(f"{uid} ({named[uid]})" for uid in looked)
        said = looked_text(state.name, other, item.card, seen, amount)
        self.core.record(said, ["P-109"], cause)
        choice = pick_choice(player, state.name, item.card, looked, keep, named)
        answer = self.core._ask(choice)
        kept, rest = parts = picked(choice, answer, state.name)
        for uid in kept:
            self.core._set(self.core.table.cards[uid].evolve(zone="hand"))
        deck = (*state.deck[len(looked) :], *rest)
        self.core.table = self.core.table.with_player(player, state.evolve(deck=deck))
        self.core.record(
            pick_text(choice, answer, state.name, parts, len(deck)),
            ["P-109", "P-60"],
            cause,
            [Moved(card=uid, before="deck", after="hand") for uid in kept],
        )

    def score(self, player: int, amount: int, source: str, cause: Cause) -> None:
        """``player`` scores ``amount`` points (P-110)."""
        state = self.core.table.players[player]
        after = state.score + amount
        self.core.table = self.core.table.with_player(player, state.evolve(score=after))
        self.core.record(
            f"{state.name} scores {amount} point{'s' * (amount != 1)} ({source}): score "
            f"{state.score} -> {after}",
            ["P-110"],
            cause,
            [PlayerStatChanged(player=state.name, stat="score", before=state.score, after=after)],
        )

    def make_tokens(self, item: ChainItem, effect: MakeToken, cause: Cause) -> None:
        """``effect.count`` token units of the controller's, each made and entering at once
        where ``at`` says, as ``enters`` says; "here" is where the ability's unit was (P-21,
        P-43, P-61)."""
        table, owner = self.core.table, item.controller
        if effect.at == "here":
            field = item.battlefield
        elif effect.at == "base":
            field = None
        else:  # checked with the file
            field = [b.name for b in table.battlefields].index(effect.at)
        made: list[str] = []
        for _ in range(effect.count):
            number = self.core._new_number()
            uid = f"{card_id(effect.card)}-{number}"
            while uid in self.core.table.cards:  # a set-up id took it: the next number
                uid = f"{card_id(effect.card)}-{self.core._new_number()}"
            token = MightCard(
                uid=uid,
                name=effect.card,
                owner=owner,
                zone="base" if field is None else "battlefield",
                battlefield=field,
                exhausted=effect.enters == "exhausted",
                entered=number,
                token=True,
            )
            self.core._set(token)
            made.append(uid)
        at = self.core.table.cards[made[0]].place(self.core.table)
        where = f"{table.players[owner].name}'s base" if field is None else at
        self.core.record(
            f"{item.card} makes {len(made)} token{'s' if len(made) > 1 else ''} of {effect.card} "
            f"({', '.join(made)}) for {table.players[owner].name} at {where}, {effect.enters}; "
            "a token is not played",
            ["P-61", "M-32"],
            cause,
            [Made(card=uid, at=at) for uid in made],
        )

    def still_there(self, item: ChainItem, effect: Effect, cause: Cause) -> list[str]:
        """The chosen cards ``effect`` acts on that are still where it chose them: in a trash
        (P-62) or on the chain (P-87); when none is, that is a step (P-27)."""
        aims, zone = effect.target, effect.chooses_in
        where, rule = ("on the chain", "P-87") if zone == "chain" else ("in a trash", "P-62")
        named = _named_units(item, aims) if isinstance(aims, str) else []
        there = [uid for uid in named if self.core.table.cards[uid].zone == zone]
        if not there:
            why = (
                f"{', '.join(named)} is no longer {where}" if named else "no such target was chosen"
            )
            self.core.record(f"{effect.do}: nothing happens ({why})", ["P-27", rule], cause)
        return there

    def counter(self, uid: str, source: str, cause: Cause) -> None:
        """A spell leaves the chain for its owner's trash without resolving: its effects never
        happen (P-87)."""
        table = self.core.table
        countered = next(item for item in table.chain if item.card == uid)
        chain = Stack([item for item in table.chain if item is not countered])
        self.core.table = table.evolve(chain=chain)
        self.core._set(table.cards[uid].evolve(zone="trash"))
        owner = table.players[table.cards[uid].owner].name
        self.core.record(
            f"{countered.text} is countered by {source}: it leaves the chain for {owner}'s "
            "trash and its effects never happen",
            ["P-87"],
            cause,
            [Moved(card=uid, before="chain", after="trash")],
        )

    def from_trash(self, uid: str, to: str, source: str, cause: Cause) -> None:
        """A unit card returns from its owner's trash to their hand, or to their base, where it
        enters as its card says (M-32) without being played (P-62)."""
        card = self.core.table.cards[uid]
        owner = self.core.table.players[card.owner].name
        if to == "hand":
            self.core._set(card.evolve(zone="hand"))
            how = f"{owner}'s hand"
        else:
            exhausted = self.core.table.definition(uid).enters == "exhausted"
            self.core._set(
                card.evolve(zone="base", entered=self.core._new_number(), exhausted=exhausted)
            )
            how = (
                f"{owner}'s base, {'exhausted' if exhausted else 'ready'}: it is not played, "
                'so "when played" does not trigger'
            )
        self.core.record(
            f"{uid} returns from {owner}'s trash to {how} ({source})",
            ["P-62", *(["M-32"] if to == "base" else [])],
            cause,
            [Moved(card=uid, before="trash", after=to)],
        )

    def modify_might(
        self, uid: str, amount: int, duration: Duration, source: str, owner: int, cause: Cause
    ) -> None:
        card, before = self.core.table.cards[uid], self.core.table.might(uid)
        modifier = MightModifier.make(
            self.core._new_number(), source, owner, duration=duration, amount=amount
        )
        added = self.core._put_on(uid, modifier)
        lethal = (
            " (its marked damage is now lethal at the next check)"
            if self.core.table.is_lethal(uid) and card.damage
            else ""
        )
        self.core.record(
            f"{uid} gets {modifier.describe()}: Might {before} -> "
            f"{self.core.table.might(uid)}{lethal}",
            ["M2", "M-2"],
            cause,
            [
                added,
                _new_stat_changed(
                    card=uid, stat="might", before=before, after=self.core.table.might(uid)
                ),
            ],
            effect_ids=[modifier.id],
        )

    def add_shield(
        self,
        uid: str,
        value: ShieldValue,
        duration: Duration,
        scope: Scope,
        source: str,
        owner: int,
        cause: Cause,
        effect_id: str | None = None,
    ) -> None:
        shield = Shield.make(
            self.core._new_number(),
            source,
            owner,
            id=effect_id,
            duration=duration,
            value=value,
            scope=scope,
            remaining=value if isinstance(value, int) else None,
        )
        added = self.core._put_on(uid, shield)
        self.core.record(
            f"{uid} gets {shield.describe()}",
            ["M3", "M-5", *_scoped(scope)],
            cause,
            [added],
        )

    def add_side_shield(
        self, item: ChainItem, value: ShieldValue, duration: Duration, scope: Scope, cause: Cause
    ) -> None:
        """Prevention over every unit the controller has, now or later, each unit with its own
        value (M-26)."""
        shield = Shield.make(
            self.core._new_number(),
            item.card,
            item.controller,
            duration=duration,
            value=value,
            scope=scope,
            remaining=value if isinstance(value, int) else None,
        )
        state = self.core.table.players[item.controller]
        self.core.table = self.core.table.with_player(
            item.controller, state.evolve(shields=(*state.shields, shield))
        )
        self.core.record(
            f"Every unit {state.name} controls gets {shield.describe()}, each on its own, "
            "those that arrive later included",
            ["M3", "M-26", *_scoped(scope)],
            cause,
        )

    def add_doubler(
        self,
        uid: str,
        duration: Duration,
        scope: Scope,
        source: str,
        owner: int,
        cause: Cause,
        effect_id: str | None = None,
    ) -> None:
        doubler = Doubler.make(
            self.core._new_number(), source, owner, id=effect_id, duration=duration, scope=scope
        )
        added = self.core._put_on(uid, doubler)
        self.core.record(
            f"{uid} gets {doubler.describe()}",
            ["M8", "M-4", *_scoped(scope)],
            cause,
            [added],
        )

    def set_threshold(
        self, uid: str, threshold: int, duration: Duration, source: str, owner: int, cause: Cause
    ) -> None:
        override = LethalOverride.make(
            self.core._new_number(), source, owner, duration=duration, threshold=threshold
        )
        added = self.core._put_on(uid, override)
        self.core.record(
            f"{uid}: {override.describe()}",
            ["M1", "M-3"],
            cause,
            [added],
            effect_ids=[override.id],
        )

    def grant_bonus_damage(
        self, player: int, amount: int, scope: Scope, duration: Duration, source: str, cause: Cause
    ) -> None:
        grant = BonusDamageGrant.make(
            self.core._new_number(), source, player, duration=duration, amount=amount, scope=scope
        )
        state = self.core.table.players[player]
        self.core.table = self.core.table.with_player(
            player, state.evolve(bonus_damage=(*state.bonus_damage, grant))
        )
        self.core.record(
            f"{state.name}'s {grant.describe()}",
            ["M3", "M-4", *_scoped(scope)],
            cause,
            effect_ids=[grant.id],
        )

    def add_runes(self, player: int, amount: int, cause: Cause) -> None:
        state = self.core.table.players[player]
        self.core.table = self.core.table.with_player(
            player, state.evolve(runes=state.runes + amount)
        )
        self.core.record(
            f"{state.name} adds {amount} to the rune pool ({state.runes} -> "
            f"{state.runes + amount})",
            ["M-1"],
            cause,
            [
                StatChanged(
                    card=state.rune_pool,
                    stat="runes",
                    before=state.runes,
                    after=state.runes + amount,
                )
            ],
        )

    def lasting_effects(self) -> list[LastingEffect]:
        """Every effect with a duration, on cards and on players."""
        lasting = [e for c in self.core.table.with_lasting() for e in c.lasting()]
        return lasting + [g for p in self.core.table.players for g in p.lasting()]

    def end_effects(
        self,
        ends: Callable[[LastingEffect], bool],
        what: str,
        cause: Cause,
        rules: Sequence[str],
    ) -> None:
        """End, all at once, every lasting effect for which ``ends`` holds: those on cards, then
        those on players, on one step with each Might that changed (M-2), and P-63 when a
        delayed trigger ends."""
        left_behind = any(isinstance(e, DelayedTrigger) and ends(e) for e in self.lasting_effects())
        table = self.core.table  # a taken unit is among the cards with lasting effects
        held = [uid for uid in table.index.lasting if table.cards[uid].control]
        taken = {uid: table.cards[uid].controller for uid in table.simultaneous(held)}
        ended, changes = self._end_card_effects(ends)
        ended += self._end_player_effects(ends)
        text = "; ".join(ended) if ended else "none"
        might_changed = any(isinstance(change, StatChanged) for change in changes)
        self.core.record(
            f'Effects lasting "{what}" end together: {text}',
            [*rules, *(["M-2"] if might_changed else []), *(["P-63"] if left_behind else [])],
            cause,
            changes,
        )
        control.returned(self.core, taken, cause)  # each a step after the ending (P-107)

    def _end_card_effects(
        self, ends: Callable[[LastingEffect], bool]
    ) -> tuple[list[str], list[Change]]:
        """End the cards' lasting effects for which ``ends`` holds: what ended, and its changes:
        each effect that ended, and the Might of each unit on the table that it changed, in the
        words too (M-2)."""
        changes: list[Change] = []
        ended: list[str] = []
        for card in self.core.table.with_lasting():
            before = self.core.table.might(card.uid) if self.core.table.on_table(card.uid) else None
            gone = [e for e in card.lasting() if ends(e)]
            if not gone:
                continue
            self.core._set(card.without_lasting(ends))
            ended += [f"{card.uid}: {e.describe()}" for e in gone]
            changes += [effect_ended(card.uid, e) for e in gone]
            if before is None:  # off the table: no Might to change
                continue
            after = self.core.table.might(card.uid)
            if before != after:
                ended[-1] += f" (Might {before} -> {after})"
                changes.append(
                    _new_stat_changed(card=card.uid, stat="might", before=before, after=after)
                )
        return ended, changes

    def _end_player_effects(self, ends: Callable[[LastingEffect], bool]) -> list[str]:
        """End the players' lasting effects (Bonus Damage, whole-side shields) for which ``ends``
        holds: what ended."""
        ended: list[str] = []
        for index, player in enumerate(self.core.table.players):
            gone_grants = [g for g in player.lasting() if ends(g)]
            if gone_grants:
                ended += [f"{player.name}: {g.describe()}" for g in gone_grants]
                self.core.table = self.core.table.with_player(index, player.without_lasting(ends))
        return ended


def _scoped(scope: Scope) -> list[str]:
    """The ruling a lasting effect's scope adds to the step that makes it: P-70 for damage from
    spells and abilities."""
    return ["P-70"] if scope == "noncombat" else []


def _named_units(item: ChainItem, target: str) -> list[str]:
    """The units ``target`` names on the chain item: its chosen targets, the Nth of them (P-41),
    its own unit or its source; none for a player (``controller``)."""
    if target == "target":
        return list(item.targets)
    if (number := target_number(target)) is not None:
        one = _nth_target(item, number)
        return [one] if one is not None else []
    if target == "self":
        return [item.card]
    if target == "that_unit":  # a delayed trigger's: the unit its event happened to (P-63)
        return list(item.targets[:1])
    if target == "source" and item.source:
        return [item.source]
    return []


def _nth_target(item: ChainItem, number: int) -> str | None:
    """The unit ``target_N`` names: the Nth chosen, if that many were (P-41)."""
    return item.targets[number - 1] if number <= len(item.targets) else None
