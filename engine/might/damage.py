"""Damage events dealt with their replacements, healing, and the lethal check after every
resolution and move (M1 to M6, M8, M-4 to M-8); the replacements themselves are worked out by
``engine.might.replacements``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.changes import Change, Died, Moved, StatChanged
from engine.choices import Choice, is_default
from engine.errors import RuleError
from engine.might import delayed, verdicts
from engine.might.card_effects import SaveAction
from engine.might.changes import effect_ended, role_changed
from engine.might.core import MightCore
from engine.might.replacements import (
    DamageEvent,
    DamageKind,
    applicable_replacements,
    order_of,
    resolve_event,
    verify_order,
)
from engine.might.table import MightCard, MightTable
from engine.timeline import Cause

# read once: a model class's attributes are read through pydantic's metaclass ``__getattr__``,
# a hook CPython never specializes (docs/performance.md)
_new_stat_changed = StatChanged.model_construct


@dataclass(frozen=True, eq=False)
class DamageRules:
    """Dealing damage (M3, M4, M-4 to M-6), healing (M6) and the cleanup: units with lethal
    damage die (M1, M5, M-8). It calls only the game's core (``core``): its state, moves and
    triggers."""

    core: MightCore

    def order_for(
        self, uid: str, kind: DamageKind, unpreventable: bool = False
    ) -> tuple[str, ...] | None:
        """Ask the damaged unit's controller to order its replacements when two or more apply;
        None: the rules' default, creation order (nobody chose, or fewer than two apply)."""
        effects = applicable_replacements(self.core.table.covered(uid), kind, unpreventable)
        if len(effects) < 2:
            return None
        choice = Choice(
            kind="replacement_order",
            player=self.core._controller(uid),
            subject=uid,
            prompt=f"Order the replacement effects on {uid}",
            options=tuple(e.id for e in effects),
            default=tuple(e.id for e in effects),
            limits="each applies once; prevention spends only what it prevents (M3, M8)",
            details={e.id: e.describe() for e in effects},
        )
        answer = self.core._ask(choice)
        order = order_of(answer, uid)
        # refused when answered, not when used: a unit that then takes no damage (one that can
        # never be made lethal, assigned nothing) would let a wrong order pass (M-4)
        verify_order(self.core.table.covered(uid), kind, order, unpreventable)
        return None if is_default(choice, answer) else order

    def describe_event(self, event: DamageEvent) -> str:
        """The amount, Bonus Damage included (M3), and each replacement's part (M-4)."""
        amount = f"{event.base}" + (f" + {event.bonus} Bonus Damage" if event.bonus else "")
        return amount + self.replacement_words(event)

    def replacement_words(self, event: DamageEvent) -> str:
        """What each replacement did, in the order applied, after a colon (M-4, M8); nothing
        when none applied."""
        parts = [
            f"{r.effect} ({r.effect_kind}) {r.before} -> {r.after}"
            + (f", spent {r.spent}, {r.left} left" if r.effect_kind == "prevention" else "")
            for r in event.replacements
        ]
        if len(event.replacements) > 1:
            whose = (
                "by default, in the order created:"
                if event.defaulted
                else f"{self.core.table.players[self.core._controller(event.target)].name}'s order"
            )
            parts.insert(0, f"{whose} {', then '.join(event.order)}")
        return ": " + "; ".join(parts) if parts else ""

    def event_rules(self, event: DamageEvent) -> list[str]:
        rules = ["M-4"]
        if event.bonus:
            rules.append("M3")
        if event.replacements:  # most events meet none: nothing to look for
            if any(r.effect_kind == "prevention" for r in event.replacements):
                rules += ["M3", "M-5"]
            values = {s.id: s.value for s in self.core.table.cards[event.target].shields}
            if any(values.get(r.effect) == "next" for r in event.replacements):
                rules.append("M-25")
        if event.unpreventable:
            rules.append("M-27")
        if len(event.replacements) > 1:
            rules.append("M8")
        if event.final == 0:
            rules += ["M4", "M-6"]
        if event.kind == "ability":
            rules.append("P-20")
        return list(dict.fromkeys(rules))  # each once, where it first comes

    def deal_event(
        self,
        uid: str,
        amount: int,
        bonus: int,
        kind: DamageKind,
        source: str | None,
        cause: Cause,
        unpreventable: bool = False,
    ) -> None:
        """One damage event, replacements applied, marked if anything is left (M3, M4, M-4);
        none at all to a unit that can't be dealt damage (M-19)."""
        if self.core.table.takes_no_damage(uid):
            self._not_dealt(uid, amount + bonus, cause)
            return
        order = self.order_for(uid, kind, unpreventable)
        event, card = resolve_event(
            self.core.table, uid, amount, bonus, kind, source, order, unpreventable
        )
        if card is not self.core.table.cards[uid]:  # a shield spent or a side's shields copied
            self.core._set(card)
        self._mark(event, cause, self.describe_event(event), self.event_rules(event))

    def _not_dealt(self, uid: str, amount: int, cause: Cause) -> None:
        static = not self.core.table.cards[uid].takes_no_damage  # no effect: its card's (P-98)
        self.core.record(
            f"{uid} can't be dealt damage: {amount} damage is not dealt (nothing is marked, no "
            "shield is spent, nothing triggers)",
            ["M-19", *(["P-98"] if static else [])],
            cause,
        )

    def _mark(self, event: DamageEvent, cause: Cause, how: str, rules: Sequence[str]) -> None:
        uid = event.target
        if event.final == 0:
            self.core.record(
                f"damage to {uid} ({how}) is fully prevented: not dealt, nothing triggers",
                rules,
                cause,
                list(event.replacements),
            )
            return
        card = self.core.table.cards[uid]
        self.core._set(card.evolve(damage=card.damage + event.final))
        self.core.took_damage(uid, event.final)
        self.core.record(
            f"{uid} takes {event.final} damage ({how}); marked {card.damage} -> "
            f"{card.damage + event.final}",
            [*rules, "M-6"],
            cause,
            [
                *event.replacements,
                _new_stat_changed(
                    card=uid,
                    stat="damage",
                    before=card.damage,
                    after=card.damage + event.final,
                    sources=(event.source,) if event.source else (),
                ),
            ],
        )
        self.core._trigger(uid, "takes_damage", event.source)
        delayed.fire(self.core, "takes_damage", [self.core.table.cards[uid]], {uid: event.source})

    def heal(self, uids: Sequence[str], cause: Cause, rules: Sequence[str]) -> None:
        """Remove all marked damage from ``uids`` (M6); the step says how much each had."""
        changes: list[StatChanged] = []
        for uid in uids:
            card = self.core.table.cards[uid]
            if card.damage:
                changes.append(
                    _new_stat_changed(card=uid, stat="damage", before=card.damage, after=0)
                )
                self.core._set(card.evolve(damage=0))
        healed = [c.card for c in changes]
        quiet = [u for u in self.core._triggering(uids, "healed") if u not in healed]
        note = f' ({", ".join(quiet)} had no damage: no "when healed" trigger)' if quiet else ""
        removed = ", ".join(f"{c.card} damage {c.before} -> 0" for c in changes)
        self.core.record(
            f"heal: {removed or 'no unit has damage, nothing healed'}{note}",
            [*rules, *(["M-6"] if healed else []), *(["P-22"] if quiet else [])],
            cause,
            changes,
        )
        together = self.core._triggering(healed, "healed")
        for uid in together:
            self.core._trigger(uid, "healed", None, together=len(together) > 1)

    def cleanup(self, cause: Cause, rules: Sequence[str] = ("M-8",)) -> None:
        """Units with lethal damage die, all at once; repeat until nothing changes (M-8).

        The check is always recorded, so the timeline shows that it happened (M5).
        """
        if self.core.table.combat is not None:  # else neither has anything to do (the hot path)
            self.drop_roles(cause, departed_only=True)
            self._join_combat(cause)
        lethal = self.death_check()
        if not lethal:
            survivors, cited = self._survivors(lethal)
            self.core.record(
                "Cleanup: no unit has lethal damage" + _listed(survivors),
                [*rules, *cited, "P-15"],
                cause,
            )
        while True:
            while lethal:
                self.kill(lethal, cause, rules, survivors=self._survivors(lethal)[0])
                lethal = self._still_lethal()
                if "M-22" not in rules and set(lethal) & set(self.core.table.spared):
                    rules = [*rules, "M-22"]  # saved and not healed: a new death at the repeat
            if not self.end_empty_holds(cause):
                return
            # an aura while holding ends with the hold: a unit it held up dies at the repeat (M-24)
            lethal, rules = self._still_lethal(), [*rules, "M-24"]

    def _still_lethal(self) -> list[str]:
        """Who dies at the repeat of a cleanup's check: every unit lethal now, one a replacement
        saved in this cleanup and nothing healed included, as a new death (M-8, M-22)."""
        return self.core.table.lethal_units()

    def death_check(self) -> list[str]:
        """The units that die at a death check beginning now: every unit with lethal damage,
        those saved at an earlier check included, as new deaths (M-22)."""
        if self.core.table.spared:
            self.core.table = self.core.table.evolve(spared=())
        return self.core.table.lethal_units()

    def check_before_heal(self, cause: Cause, rules: Sequence[str]) -> None:
        """The death check before a heal of the whole table (M-12 (1), M-13 (a)): the units
        with lethal damage die; it names every damaged survivor, which the heal saves (M9,
        M11)."""
        lethal = self.death_check()
        if lethal:
            self.kill(lethal, cause, rules, survivors=self._survivors(lethal, everyone=True)[0])
        else:
            survivors, cited = self._survivors(lethal, everyone=True)
            self.core.record(
                "No unit has lethal damage" + _listed(survivors),
                [*rules, *cited],
                cause,
            )

    def _survivors(
        self, lethal: Sequence[str], everyone: bool = False
    ) -> tuple[dict[str, str], list[str]]:
        """The damaged units a death check finds not lethal, each with its comparison:
        every one (``everyone``) or those whose damage or Might changed since the last check,
        as an ordinary cleanup, which follows every resolution, names them (M-8); and the rules
        that set what was lethal for them (``verdicts.lethal_rules``). The check's table is the
        next one's baseline."""
        table, since = self.core.table, self.core._checked
        self.core._checked = table
        index, cards, was = table.index, table.cards, since.cards
        reads = bool(index.auras or table.field_auras or index.statics)  # ``reads_table()``
        # With nothing of the table in any unit's Might, the very same card is unchanged
        # (``_changed`` says the same): the cards that are not, found in one call.
        damaged = index.damaged if everyone or reads else cards.changed_among(index.damaged, was)
        named = []
        for uid in damaged:  # a loop, not a generator: most cleanups look at one or none
            if uid in lethal:
                continue
            if not everyone and not _changed(since, table, was.get(uid), cards[uid]):
                continue
            named.append(uid)
        return verdicts.survived(table, table.simultaneous(named))

    def drop_roles(self, cause: Cause, departed_only: bool) -> bool:
        """M-29: a unit loses its combat role, and the Might Assault or Shield gave it, at the
        start of the cleanup after it left the combat's battlefield (``departed_only``), and
        every unit loses it when the combat ends. True when that lowered a unit's Might, which
        is a step of its own; otherwise the next step names the roles lost (``name_next``)."""
        combat = self.core.table.combat
        if combat is None:  # roles are given only to a combat's units: the hot path ends here
            return False
        ended: list[str] = []
        changes: list[Change] = []
        roles: list[Change] = []
        for uid in (*combat.attackers, *combat.defenders):
            card = self.core.table.cards[uid]
            if card.role is None:
                continue
            there = card.zone == "battlefield" and card.battlefield == combat.battlefield
            if departed_only and there:
                continue
            bonus = self.core.table.role_bonus(card.uid)
            if bonus:
                keyword = "Assault" if card.role == "attacker" else "Shield"
                before = self.core.table.might(card.uid)
                ended.append(f"{card.uid} ({keyword} {bonus}: Might {before} -> {before - bonus})")
                changes.append(
                    StatChanged(card=card.uid, stat="might", before=before, after=before - bonus)
                )
            self.core._set(card.evolve(role=None))
            roles.append(role_changed(card.uid, card.role, None))
        if not ended:
            if roles:
                self.core.name_next(roles, ["M-29"])
            return False
        reason = "has left the battlefield" if departed_only else "the combat is over"
        self.core.record(
            f"No longer in its combat role ({reason}): {'; '.join(ended)}",
            ["M-29", "M-28", "M-2"],
            cause,
            [*roles, *changes],
        )
        return True

    def _join_combat(self, cause: Cause) -> None:
        """M-28: a unit that arrived at the battlefield of a combat under way joins it at the
        next cleanup, on its controller's side, and has its role from then on (P-43)."""
        combat = self.core.table.combat
        if combat is None:
            return
        listed = {*combat.attackers, *combat.defenders}
        arrived = [u for u in self.core.table.units_at(combat.battlefield) if u.uid not in listed]
        for unit in arrived:
            attacking = unit.controller == combat.attacker
            role: Literal["attacker", "defender"] = "attacker" if attacking else "defender"
            before = self.core.table.might(unit.uid)
            self.core._set(unit.evolve(role=role))
            combat = combat.evolve(
                attackers=(*combat.attackers, unit.uid) if attacking else combat.attackers,
                defenders=combat.defenders if attacking else (*combat.defenders, unit.uid),
            )
            self.core.table = self.core.table.evolve(combat=combat)
            now = self.core.table.might(unit.uid)
            keyword = "Assault" if attacking else "Shield"
            self.core.record(
                f"{unit.uid} joins the combat as {'an attacker' if attacking else 'a defender'}"
                + (
                    f" ({keyword} {now - before}: Might {before} -> {now})" if now != before else ""
                ),
                ["M-28", "P-43", "M-2"],
                cause,
                [
                    role_changed(unit.uid, None, role),
                    *(
                        [StatChanged(card=unit.uid, stat="might", before=before, after=now)]
                        if now != before
                        else []
                    ),
                ],
            )

    def end_empty_holds(self, cause: Cause) -> bool:
        """M-14: a player who holds a battlefield and has no unit left there loses it at the
        cleanup, and nobody holds it; the battlefield of a combat under way keeps its holder
        for the combat's result (M-12 (5)). True when a hold ended."""
        ended = False
        combat = self.core.table.combat
        for index, field in enumerate(self.core.table.battlefields):
            if field.holder is None or (combat is not None and combat.battlefield == index):
                continue
            if self.core.table.has_unit_at(index, field.holder):
                continue
            name = self.core.table.players[field.holder].name
            self.core.table = self.core.table.evolve(
                battlefields=tuple(
                    f.evolve(holder=None) if i == index else f
                    for i, f in enumerate(self.core.table.battlefields)
                )
            )
            self.core.record(
                f"Nobody holds {field.name}: {name} has no unit left there",
                ["M-14", "P-28"],
                cause,
            )
            ended = True
        return ended

    def kill(
        self,
        uids: Sequence[str],
        cause: Cause,
        rules: Sequence[str],
        killed_by: str | None = None,
        survivors: Mapping[str, str] | None = None,
    ) -> None:
        """``uids`` die together, of lethal damage or (``killed_by``) of a kill effect, but for
        those an effect saves, first (M-20, M-21); the step names the ``survivors`` of their
        death check beside them, each with its comparison."""
        uids = self.core.table.simultaneous(uids)
        together = len(uids) > 1
        saved = [uid for uid in uids if self.core.table.cards[uid].saves]
        for uid in saved:  # still on the table when the others die, to see it (M-21)
            gear, how = self._first_replacement(uid)
            if gear is None:
                self._save(uid, cause, killed_by, together, how)
            else:  # a gear first, its controller's order (P-99)
                self._gear_replaces(gear, uid, how, cause, killed_by, together, ["M-4", "P-99"])
        uids = [uid for uid in uids if uid not in saved]
        for gear in self.core.table.watchers():  # the turn player's first (M-21, P-67)
            uids = self._gear_save(gear, uids, cause, killed_by, together)
        if uids:
            self._die(uids, cause, rules, killed_by, survivors or {})

    def _why(self, uid: str, killed_by: str | None) -> tuple[str, list[str]]:
        """Why ``uid`` would die, in words, and the rules that decided it: a kill, or its lethal
        damage (M1)."""
        if killed_by:
            return f"killed by {killed_by}", []
        table = self.core.table
        return verdicts.compared(table, uid, True), verdicts.lethal_rules(table, [uid])

    def _save(
        self, uid: str, cause: Cause, killed_by: str | None, together: bool, how: str = ""
    ) -> None:
        """``uid`` would die: its oldest death replacement is used instead (M-20); ``together``:
        with other units (M-21, P-34); ``how``: why its own was used before a gear's (P-99)."""
        card = self.core.table.cards[uid]
        save = card.saves[0]
        why, decided = self._why(uid, killed_by)
        self.core._set(card.evolve(saves=card.saves[1:]))
        self.core.table = self.core.table.evolve(spared=(*self.core.table.spared, uid))
        self.core.record(
            f"{uid} would die ({why}{how}); instead (from {save.source}): "
            f"{', '.join(save.then) or 'nothing'}. It does not die: no death ability triggers",
            [
                "M-20",
                *decided,
                *(["M-21", "P-34"] if together else []),
                *(["P-99"] if how else []),
            ],
            cause,
            [effect_ended(uid, save)],
            effect_ids=[save.id],
        )
        self._instead(uid, save.then, cause)

    def _gear_save(
        self, gear: str, dying: list[str], cause: Cause, killed_by: str | None, together: bool
    ) -> list[str]:
        """``gear``'s standing replacement takes the place of one death among ``dying`` that it
        watches, its controller's pick (M-20, M-21, P-67): the units still dying."""
        card, replaces = self.core.table.cards[gear], self.core.table.definition(gear).replaces
        assert replaces is not None  # a watcher has one (MightIndex)
        watched = [u for u in dying if replaces.watches(card.controller, self.core._controller(u))]
        if not watched:
            return dying
        if replaces.and_this == "exhaust" and card.exhausted:
            self.core.record(
                f"{gear} is exhausted: it can't replace the death of {', '.join(watched)}",
                ["P-67"],
                cause,
            )
            return dying
        uid, how = self._pick_death(gear, watched)
        self._gear_replaces(gear, uid, how, cause, killed_by, together, [])
        return [u for u in dying if u != uid]

    def _usable(self, gear: str, uid: str) -> bool:
        """``gear``'s standing replacement would take ``uid``'s death now: it watches the unit,
        and one paid by exhausting is ready (P-67)."""
        card, replaces = self.core.table.cards[gear], self.core.table.definition(gear).replaces
        assert replaces is not None  # a watcher has one (MightIndex)
        ready = replaces.and_this != "exhaust" or not card.exhausted
        return ready and replaces.watches(card.owner, self.core._controller(uid))

    def _gear_words(self, gear: str) -> str:
        replaces = self.core.table.definition(gear).replaces
        return "" if replaces is None else replaces.describe()

    def _first_replacement(self, uid: str) -> tuple[str | None, str]:
        """The death replacement ``uid`` uses when its own and a gear's both apply: its
        controller orders them and the first is used (M-4, M-20, P-99); None: its own, the
        default. With the order in words, for the step."""
        gears = [g for g in self.core.table.watchers() if self._usable(g, uid)]
        if not gears:
            return None, ""
        own = self.core.table.cards[uid].saves[0]
        options = (own.id, *gears)
        choice = Choice(
            kind="replacement_order",
            player=self.core._controller(uid),
            subject=uid,
            prompt=f"Order the death replacements for {uid}: the first is used",
            options=options,
            default=options,
            limits="the first replaces the death; the others are not used (M-4, M-20, P-99)",
            details={
                own.id: own.describe(),
                **{g: self._gear_words(g) for g in gears},
            },
        )
        answer = self.core._ask(choice)
        order = order_of(answer, uid)
        if sorted(order) != sorted(options):
            raise RuleError(
                "P-99",
                f"the order of the death replacements for {uid} must name each that applies, "
                f"once ({', '.join(options)}); got {', '.join(order) or 'nothing'}",
            )
        player = self.core.table.players[choice.player].name
        how = "by default, its own first" if is_default(choice, answer) else f"{player}'s order"
        return None if order[0] == own.id else order[0], f"; {how}: {', then '.join(order)}"

    def _gear_replaces(
        self,
        gear: str,
        uid: str,
        how: str,
        cause: Cause,
        killed_by: str | None,
        together: bool,
        picked: Sequence[str],
    ) -> None:
        """``gear``'s standing replacement takes the place of ``uid``'s death: the gear pays
        and the unit does what it says instead (M-20, P-67); ``how`` and ``picked``: how it
        came to be the one used, in words and the rules that say so."""
        card, replaces = self.core.table.cards[gear], self.core.table.definition(gear).replaces
        assert replaces is not None  # a watcher has one (MightIndex)
        words, decided = self._why(uid, killed_by)
        self.core.table = self.core.table.evolve(spared=(*self.core.table.spared, uid))
        then = ", ".join(replaces.then)
        rules = [
            "M-20",
            *decided,
            "P-67",
            *(["M-21", "P-34"] if together else []),
            *picked,
        ]
        why = f"{uid} would die ({words}{how}); instead"
        if replaces.and_this == "trash":
            place = card.place(self.core.table)
            self.core._set(card.off_table("trash"))
            self.core.record(
                f"{why} {gear} goes to the trash and {uid} does {then} (its replacement, used "
                "up). It does not die: no death ability triggers",
                rules,
                cause,
                [Moved(card=gear, before=place, after="trash")],
            )
        else:
            self.core.record(
                f"{why} {gear} exhausts and {uid} does {then}. It does not die: no death ability "
                "triggers",
                rules,
                cause,
            )
            self.core._set_exhausted(gear, True, cause, ["P-67", "P-18"], " to pay for it")
        self._instead(uid, replaces.then, cause)

    def _pick_death(self, gear: str, watched: list[str]) -> tuple[str, str]:
        """The death ``gear``'s one-use replacement takes: its controller orders those it may
        take, the first is taken; nobody choosing, the order they came to the table (M-21).
        With how it was picked, in words for the step."""
        if len(watched) == 1:
            return watched[0], ""
        choice = Choice(
            kind="replacement_order",
            player=self.core._controller(gear),
            subject=gear,
            prompt=f"Order the deaths {gear} may replace: it replaces the first",
            options=tuple(watched),
            default=tuple(watched),
            limits="it replaces one death, the first in the order (M-21)",
            details={
                u: f"{self.core.table.cards[u].damage} damage marked, Might "
                f"{self.core.table.might(u)}"
                for u in watched
            },
        )
        answer = self.core._ask(choice)
        order = order_of(answer, gear)
        if sorted(order) != sorted(watched):
            raise RuleError(
                "M-21",
                f"the order for {gear} must name each death it may replace, once "
                f"({', '.join(watched)}); got {', '.join(order) or 'nothing'}",
            )
        player = self.core.table.players[choice.player].name
        how = "by default, the first to come to the table" if is_default(choice, answer) else ""
        return order[0], f"; {how or player + chr(39) + 's pick'} of {', '.join(watched)}"

    def _instead(self, uid: str, then: Sequence[SaveAction], cause: Cause) -> None:
        """What ``uid`` does instead of dying, each action as far as it can be done (M-20)."""
        for action in then:
            card = self.core.table.cards[uid]
            if action == "heal":
                self.heal([uid], cause, ["M-20"])
            elif action == "exhaust" and not card.exhausted:
                self.core._set_exhausted(uid, True, cause, ["M-20", "M-6", "P-18"])
            elif action == "recall" and card.zone == "battlefield":
                self.core._relocate_unit(uid, None, cause, ["M-20", "M-22", "M-6"])
            else:
                where = "is already exhausted" if action == "exhaust" else "is at its base"
                self.core.record(f"{uid} {where}: {action} does nothing", ["M-20"], cause)

    def _die(
        self,
        uids: Sequence[str],
        cause: Cause,
        rules: Sequence[str],
        killed_by: str | None,
        survivors: Mapping[str, str],
    ) -> None:
        changes: list[Change] = []
        # read before any of them leaves: an aura of one may count in another's Might (M-24),
        # and a death trigger reads it (M-30)
        table = self.core.table
        was = [table.cards[uid] for uid in uids]  # with what was left on them (P-63)
        was_at = {uid: table.cards[uid].battlefield for uid in uids}
        mights = {uid: table.might(uid) for uid in uids}
        why = {uid: self._why(uid, killed_by)[0] for uid in uids}
        for uid in uids:
            card = self.core.table.cards[uid]
            to = card.leaving_for("trash")  # a token ceases to exist (P-61)
            changes.append(Died(card=uid, place=card.place(self.core.table), to=to))
            self.core._set(card.off_table(to))
        tokens = [uid for uid in uids if self.core.table.cards[uid].token]
        gone = (
            f"; {' and '.join(tokens)} "
            + ("is a token: it ceases" if len(tokens) == 1 else "are tokens: they cease")
            + " to exist"
            if tokens
            else ""
        )
        lived = verdicts.verdict(list(survivors), ("survives", "survive"), survivors)
        self.core.record(
            verdicts.verdict(uids, ("dies", "die"), why) + gone + (f"; {lived}" if lived else ""),
            [
                *rules,
                # a kill compares nothing; a death check compares marked damage (M1)
                *([] if killed_by else verdicts.lethal_rules(table, [*uids, *survivors])),
                *(["P-61"] if tokens else []),
            ],
            cause,
            changes,
        )
        together = self.core._triggering(uids, "dies")
        for uid in together:
            self.core._trigger(uid, "dies", None, was_at[uid], len(together) > 1, mights[uid])
        for uid in uids:  # each death is its own event, seen by the units still there (P-33)
            self.core._trigger_all(self.core._watchers({"another_unit_dies": uid}, None))
        delayed.fire(self.core, "dies", was)
        for card in was:
            left = [d for d in card.delayed if not (d.when == "dies" and d.once)]
            delayed.ended_with(self.core, card.uid, left, cause)


def _changed(since: MightTable, table: MightTable, was: MightCard | None, now: MightCard) -> bool:
    """What a death check compares for the unit ``now`` (on ``table``) is not what it was on
    ``since`` (``was``, None: not there): its damage, its Might or the requirement an effect set
    (a unit new to the table included)."""
    uid = now.uid
    if was is now and not table.reads_table(uid):
        return False  # the same card, and no aura or static of the table to change its Might
    if was is None or was.zone not in ("base", "battlefield"):  # ``since.on_table(uid)``
        return True
    if was.damage != now.damage or was.lethal != now.lethal:
        return True
    return since.might(uid) != table.might(uid)


def _listed(survivors: Mapping[str, str]) -> str:
    """The survivors of a check where none dies: ": a damage 2 < Might 4"."""
    return f": {verdicts.listed(list(survivors), survivors)}" if survivors else ""
