"""A combat at a battlefield: the sides' damage, assignment, Deal, Combat Cleanup and the
combat result (M7 to M9, M-9 to M-12); the assignment's limits are
``engine.might.assignment``'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.changes import Change, Declared, PhaseChanged, StatChanged
from engine.choices import Answer, Choice, is_default
from engine.errors import RuleError
from engine.might import auras, delayed
from engine.might.assignment import (
    MIDDLE,
    assignment_groups,
    assignment_of,
    default_assignment,
    describe_limits,
    lethal_needs,
    only_assignment,
    verify_answer,
)
from engine.might.chain import ChainRules
from engine.might.changes import DamageAssigned
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.effects import EffectRules
from engine.might.replacements import DamageEvent, resolve_event
from engine.might.sub_phases import CHAIN, DEATHS, HEAL, RECALL
from engine.might.table import Combat as CombatState
from engine.timeline import Cause


@dataclass(frozen=True, eq=False)
class CombatRules:
    """Combat, from the declaration to who holds the battlefield, given the game's core
    (``core``: its triggers and moves), the damage rules (``damage``: events, deaths, healing),
    the lasting effects that end with it (``effects``) and the chain."""

    core: MightCore
    damage: DamageRules
    effects: EffectRules
    chain: ChainRules

    def check_combat(self, battlefield: int) -> None:
        self.core._require_empty_chain("start combat")
        if self.core.table.combat is not None:
            raise RuleError("M-9", "a combat is already under way")
        if not 0 <= battlefield < len(self.core.table.battlefields):
            raise RuleError("M-9", f"there is no battlefield number {battlefield + 1}")
        if not self.core.table.units_at(battlefield, self.core.table.turn_player):
            name = self.core.table.battlefields[battlefield].name
            raise RuleError("M-9", f"the turn player has no unit at {name} to attack with")

    def _combat_triggers(
        self, combat: CombatState, name: str, cause: Cause, declared: Sequence[Change]
    ) -> bool:
        """P-44: "when it attacks" and "when it defends" abilities trigger as the combat is
        declared, the attackers' first (P-12), and the chain resolves, each item with its
        cleanup, before the sides' damage is counted. False when none triggers."""
        attacking = self.core._triggering(combat.attackers, "attacks")
        defending = self.core._triggering(combat.defenders, "defends")
        if not attacking and not defending:
            return False
        self.core.record(
            f"Combat at {name}: {', '.join(combat.attackers)} attack; defending: "
            f"{', '.join(combat.defenders) or 'nobody'}",
            ["M-9", "P-44"],
            cause,
            declared,
        )
        together = len(attacking) + len(defending) > 1
        for uid in attacking:
            self.core._trigger(uid, "attacks", None, together=together)
        for uid in defending:
            self.core._trigger(uid, "defends", None, together=together)
        self.chain.resolve_chain()
        return True

    def _still_in(self, combat: CombatState) -> CombatState:
        """The combat's units that still have their role (M-29) after what resolved (P-44),
        joiners included (M-28)."""
        combat = self.core.table.combat or combat
        kept = [u for u in (*combat.attackers, *combat.defenders) if self.core.table.cards[u].role]
        return combat.evolve(
            attackers=tuple(u for u in combat.attackers if u in kept),
            defenders=tuple(u for u in combat.defenders if u in kept),
        )

    def combat(self, battlefield: int) -> None:
        """The combat's stages in order: the declaration and what it triggers (M-9, P-44), the
        sides' damage (M-9), assignment, the attackers' side first (M7, M-10), Deal (M8, M-11),
        Combat Cleanup and the result (M9, M-12), then the combat's end."""
        name = self.core.table.battlefields[battlefield].name
        turn = self.core.phase[0]
        cause = Cause(kind="action", text=f"combat at {name}")
        combat, declared = self._declare(battlefield, name)
        if self._combat_triggers(combat, name, cause, declared):
            declared = []  # on the declaration's step
            combat = self._still_in(combat)
            self.core.table = self.core.table.evolve(combat=combat)
        totals = self._count_damage(combat, name, cause, declared)
        events: list[DamageEvent] = []
        attacker = combat.attacker
        for side, own, enemies in (
            (attacker, combat.attackers, combat.defenders),
            (1 - attacker, combat.defenders, combat.attackers),
        ):
            events += self._assign(side, own, enemies, totals[side], cause)
        self._deal(events, combat, cause)
        self._combat_cleanup(combat, cause)
        self._end_combat(turn, name, cause)

    def _declare(self, battlefield: int, name: str) -> tuple[CombatState, list[Change]]:
        """M-9: the turn player's units at the battlefield attack and the other player's defend,
        each given its role (M-28). The declaration's changes, for the step that records it."""
        attacker = self.core.table.turn_player
        combat = CombatState(
            battlefield=battlefield,
            attacker=attacker,
            attackers=tuple(u.uid for u in self.core.table.units_at(battlefield, attacker)),
            defenders=tuple(u.uid for u in self.core.table.units_at(battlefield, 1 - attacker)),
        )
        self.core.phase = (self.core.phase[0], f"Combat at {name}")
        self.core.table = self.core.table.evolve(combat=combat)
        for uid, role in [
            *((uid, "attacker") for uid in combat.attackers),
            *((uid, "defender") for uid in combat.defenders),
        ]:
            self.core._set(self.core.table.cards[uid].evolve(role=role))  # M-28: Assault, Shield
        return combat, [
            PhaseChanged(before="Main phase", after=self.core.phase[1]),
            *(Declared(card=uid, target=name) for uid in combat.attackers),
            *(Declared(card=uid, role="defends", target=name) for uid in combat.defenders),
        ]

    def _count_damage(
        self, combat: CombatState, name: str, cause: Cause, declared: Sequence[Change]
    ) -> dict[int, int]:
        """M-9: each side's damage, on the record with what made a unit add other than its
        printed Might: 0 when stunned (M-15) or below 0 Might, Bonus Damage (M-4, P-10), Assault
        and Shield (M-28), auras (M-23)."""
        attacker = combat.attacker
        totals = {
            side: self._combat_total(units, side)
            for side, units in ((attacker, combat.attackers), (1 - attacker, combat.defenders))
        }
        bonus = any(self.core.table.bonus_damage(side, "combat") for side in totals)
        standing = [  # standing Bonus Damage, read now (P-76)
            f"{uid} {amount:+d}"
            for side in totals
            if totals[side]
            for uid, amount in self.core.table.bonus_sources(side, "combat")
        ]
        units = (*combat.attackers, *combat.defenders)
        boosted = self._role_bonuses(units)
        aided = self._aura_might(units)
        stunned = any(self.core.table.cards[u].stunned for u in units)
        adding_nothing = self._adding_nothing(units)
        self.core.record(
            f"Combat at {name}: {', '.join(combat.attackers) or 'nobody'} attack with "
            f"{totals[attacker]} "
            f"damage; defending: {', '.join(combat.defenders) or 'nobody'}"
            + (f" with {totals[1 - attacker]}" if combat.defenders else "")
            + (f" ({'; '.join(adding_nothing)})" if adding_nothing else "")
            + (f" (counting {', '.join(boosted)} Might)" if boosted else "")
            + (f" (Might from auras: {'; '.join(aided)})" if aided else "")
            + (f" (Bonus Damage from units: {', '.join(standing)})" if standing else ""),
            [
                "M-9",
                *(["M-15"] if stunned else []),
                *(["M-4", "P-10"] if bonus else []),
                *(["M-28"] if boosted else []),
                *(["M-23"] if aided else []),
                *(["P-76"] if standing else []),
            ],
            cause,
            declared,
        )
        return totals

    def _role_bonuses(self, units: Sequence[str]) -> list[str]:
        """The Might Assault or Shield gives each of ``units`` in its role (M-28)."""
        return [
            f"{uid} {'Assault' if card.role == 'attacker' else 'Shield'} +{extra}"
            for uid in units
            for card in [self.core.table.cards[uid]]
            for extra in [self.core.table.role_bonus(uid)]
            if extra
        ]

    def _aura_might(self, units: Sequence[str]) -> list[str]:
        """The Might auras give each of ``units``, which counts in the sums (M-23)."""
        return [
            f"{uid} {', '.join(f'{aura.might:+d} from {source}' for source, aura in given)}"
            for uid in (units if self.core.table.has_auras() else ())
            for given in [auras.contributions(self.core.table, uid)]
            if given
        ]

    def _adding_nothing(self, units: Sequence[str]) -> list[str]:
        """Why each of ``units`` that adds 0 whatever its Might does: it is stunned (M-15), or
        its Might is below 0 (M-9)."""
        table = self.core.table
        return [
            f"{uid} is stunned and adds 0"  # M-15: whatever its Might
            if table.cards[uid].stunned
            else f"{uid} at {table.might(uid)} Might adds 0"  # M-9: not its negative Might
            for uid in units
            if table.cards[uid].stunned or table.might(uid) < 0
        ]

    def _end_combat(self, turn: str, name: str, cause: Cause) -> None:
        """The combat is over (M-12): every unit loses its role (M-29) and what lasted "this
        combat" ends (P-38). A cleanup follows when that lowered a unit's Might (P-30), as can an
        aura that ends with a role (M-24): damage marked after the heal meets a lower Might."""
        ending = len(self.core.steps)
        lowered = self.damage.drop_roles(cause, departed_only=False)
        combat_long = any(e.duration == "this_combat" for e in self.effects.lasting_effects())
        if combat_long:
            self.effects.end_effects(
                lambda effect: effect.duration == "this_combat", "this combat", cause, ["P-38"]
            )
        self.core.table = self.core.table.evolve(combat=None)
        self.core.phase = (turn, "Main phase")
        self.core.record(
            "Combat is over",
            ["M-12"],
            cause,
            [PhaseChanged(before=f"Combat at {name}", after="Main phase")],
        )
        aura_ended = any("M-24" in step.rules for step in self.core.steps[ending:])
        if lowered or combat_long or aura_ended:
            self.damage.cleanup(
                Cause(kind="rule", text=f"cleanup after the combat at {name}"),
                (
                    "M-8",
                    *(["P-30"] if lowered else []),
                    *(["P-38"] if combat_long else []),
                    *(["M-24"] if aura_ended else []),
                ),
            )

    def _combat_total(self, units: Sequence[str], side: int) -> int:
        """A side deals the sum of what its units add, each its current Might or 0 when that is 0
        or less (M-9: a unit at -3 adds 0, not -3) or it is stunned (M-15), plus Bonus Damage
        when that sum is above 0."""
        might = sum(
            max(0, self.core.table.might(uid))
            for uid in units
            if not self.core.table.cards[uid].stunned
        )
        return might + self.core.table.bonus_damage(side, "combat") if might else might

    def _assign(
        self, side: int, own: Sequence[str], enemies: Sequence[str], total: int, cause: Cause
    ) -> list[DamageEvent]:
        """One side (its units ``own``) assigns its damage; replacements apply now and
        prevention is spent (M7)."""
        player = self.core.table.players[side].name
        self.core.phase = (*self.core.phase[:2], "Assignment")
        if not enemies or not total:
            self.core.record(
                f"{player} has {total} damage and {len(enemies)} enemy unit"
                f"{'' if len(enemies) == 1 else 's'}: nothing to assign",
                ["M7", "M-10"],
                cause,
            )
            return []
        orders = {uid: self.damage.order_for(uid, "combat") for uid in enemies}
        needs = lethal_needs(self.core.table, enemies, orders, total)
        groups = assignment_groups(self.core.table, enemies)
        keyworded = any(allowed != (MIDDLE,) for allowed in groups.values())
        groups = groups if keyworded else {}
        choice = Choice(
            kind="assignment",
            player=side,
            subject=f"{player}:{self.core.phase[1]}",
            prompt=f"{player} assigns {total} combat damage",
            options=tuple(enemies),
            default=default_assignment(needs, total, groups),
            limits=describe_limits(needs, total, groups),
            details={
                uid: f"Might {self.core.table.might(uid)}, "
                f"{self.core.table.cards[uid].damage} damage marked"
                for uid in enemies
            },
            only_answer=only_assignment(needs, total),
            total=total,
            needs=needs,
            groups=groups,
        )
        given = self.core._ask(choice)
        answer = assignment_of(given)
        verify_answer(choice, answer)
        events: list[DamageEvent] = []
        changes: list[Change] = []
        parts = []
        for entry in answer:  # in the order assigned (M-10)
            uid = entry.unit
            changes.append(DamageAssigned(card=uid, amount=entry.damage, sources=tuple(own)))
            if self.core.table.takes_no_damage(uid):  # only excess goes there (M-19)
                parts.append(f"{uid} {entry.damage} (can't be dealt damage: not dealt)")
                continue
            event, card = resolve_event(
                self.core.table, uid, entry.damage, 0, "combat", None, orders[uid]
            )
            self.core._set(card)
            events.append(event)
            changes += event.replacements
            need = needs[uid]  # what M-10 held this entry to
            lethal = "can't be made lethal" if need is None else f"needs {need} for lethal"
            parts.append(
                f"{uid} {entry.damage} ({lethal}){self.damage.replacement_words(event)}"
                + (f" = {event.final}" if event.replacements else "")
            )
        rules = [
            "M7",
            "M-10",
            *(["M-17", "P-29"] if keyworded else []),
            *(["M-18"] if _special_order(groups, needs) else []),
            *(["M-19", "P-32"] if any(self.core.table.takes_no_damage(u) for u in enemies) else []),
            *(r for e in events for r in self.damage.event_rules(e) if r not in ("M-6",)),
        ]
        self.core.record(
            f"{_assigner(player, total, choice, given)}, in order: " + "; then ".join(parts),
            sorted(set(rules), key=rules.index),
            cause,
            changes,
        )
        return events

    def _deal(self, events: Sequence[DamageEvent], combat: CombatState, cause: Cause) -> None:
        """All assigned damage is dealt at once; replacements are not applied again (M8, M-11).
        A unit's damage comes from the units of the other side of ``combat``."""
        self.core.phase = (*self.core.phase[:2], "Deal")
        changes: list[Change] = []
        parts = []
        for event in events:
            card = self.core.table.cards[event.target]
            if event.final == 0:
                parts.append(f"{event.target}: fully prevented, not dealt")
                continue
            self.core._set(card.evolve(damage=card.damage + event.final))
            self.core.took_damage(event.target, event.final)
            changes.append(
                StatChanged(
                    card=event.target,
                    stat="damage",
                    before=card.damage,
                    after=card.damage + event.final,
                    sources=(
                        combat.defenders if event.target in combat.attackers else combat.attackers
                    ),
                )
            )
            parts.append(f"{event.target} takes {event.final}")
        self.core.record(
            "Combat damage is dealt: " + ("; ".join(parts) or "none"),
            ["M8", "M-11", *(["M-6"] if changes else [])],
            cause,
            changes,
        )
        dealt = {event.target: event for event in events if event.final}
        together = self.core._triggering(dealt, "takes_damage")
        for uid in together:
            self.core._trigger(uid, "takes_damage", dealt[uid].source, together=len(together) > 1)
        sources = {uid: event.source for uid, event in dealt.items()}
        units = [self.core.table.cards[uid] for uid in self.core.table.simultaneous(dealt)]
        delayed.fire(self.core, "takes_damage", units, sources)

    def _combat_cleanup(self, combat: CombatState, cause: Cause) -> None:
        """M9, M-12: deaths, heal the whole table, recall, resolve the chain, the result."""
        combat_phase = self.core.phase[:2]

        def sub_step(name: str) -> None:
            self.core.phase = (*combat_phase, "Combat Cleanup", name)

        rules = ["M9", "M-12"]
        sub_step(DEATHS)
        self.damage.drop_roles(cause, departed_only=True)  # M-29: before this cleanup's deaths
        self.damage.check_before_heal(cause, rules)
        sub_step(HEAL)
        self.damage.heal(self.core.table.heal_concerns(), cause, rules)
        defenders, attackers = self._combatants_there(combat)
        sub_step(RECALL)
        if defenders and attackers:
            for uid in attackers:
                recall = Cause(kind="rule", text="defenders remain: recall")
                self.core._relocate_unit(uid, None, recall, [*rules, "M-6"])
                self.damage.cleanup(Cause(kind="rule", text=f"cleanup after {uid} is recalled"))
        else:
            reason = "no defender remains" if attackers else "no attacker remains"
            self.core.record(f"Nobody is recalled: {reason}", rules, cause)
        sub_step(CHAIN)
        if self.core.table.chain:
            self.chain.resolve_chain()
        else:
            self.core.record("The chain is empty: nothing to resolve", rules, cause)
        self.core.phase = (*combat_phase, "Combat result")
        self._hold(combat.battlefield, cause)
        self.damage.end_empty_holds(cause)  # M-14 elsewhere: a holder whose units died in (1)

    def _hold(self, battlefield: int, cause: Cause) -> None:
        """M-12 (5): the only player with units left at the battlefield holds it, attacker or
        defender; with nobody left nobody holds it; with both there the holder stays."""
        field = self.core.table.battlefields[battlefield]
        names = [p.name for p in self.core.table.players]
        counts = [len(self.core.table.units_at(battlefield, i)) for i in range(len(names))]
        there = [i for i, count in enumerate(counts) if count]
        before = None if field.holder is None else names[field.holder]
        holder: int | None = field.holder
        if len(there) == 1:
            holder = there[0]
            verb = "still holds" if holder == field.holder else "holds"
            name, count = names[holder], counts[holder]
            others = "".join(f", {other} none" for other in names if other != name)
            text = (
                f"{name} {verb} {field.name}: {name} has {count} unit{'s' * (count > 1)} left "
                f"there{others}"
            )
        elif there:
            counted = ", ".join(
                f"{name} {count}" for name, count in zip(names, counts, strict=True)
            )
            text = f"Both players have units left at {field.name} ({counted}): " + (
                f"{before} still holds it" if before else "nobody holds it"
            )
        else:
            holder = None
            text = f"Nobody holds {field.name}: no unit is left there" + (
                f" ({before} loses it)" if before else ""
            )
        self.core.table = self.core.table.evolve(
            battlefields=tuple(
                f.evolve(holder=holder) if i == battlefield else f
                for i, f in enumerate(self.core.table.battlefields)
            )
        )
        self.core.record(text, ["M9", "M-12"], cause)
        if holder is not None and holder != field.holder:
            self._conquered(holder, battlefield)

    def _conquered(self, holder: int, battlefield: int) -> None:
        """P-57: the new holder's "when you conquer" abilities trigger at the result, after
        the battlefield's own "conquered" (P-84), and the chain resolves before the combat is
        over, as a combat is one action (P-44)."""
        if self.core.table.battlefields[battlefield].abilities:  # before the units' (P-84)
            self.core._trigger_field(battlefield, "conquered")
        self.core._trigger_all(self.core._watchers({"you_conquer": None}, holder))
        if self.core.table.chain:
            self.chain.resolve_chain()

    def _combatants_there(self, combat: CombatState) -> tuple[list[str], list[str]]:
        """The defenders and attackers of ``combat`` still at its battlefield."""

        def there(uid: str) -> bool:
            card = self.core.table.cards[uid]
            return card.zone == "battlefield" and card.battlefield == combat.battlefield

        return (
            [u for u in combat.defenders if there(u)],
            [u for u in combat.attackers if there(u)],
        )


def _assigner(player: str, total: int, choice: Choice, given: Answer) -> str:
    """Who assigned ``player``'s damage: the player, or, when nobody chose where there was a
    choice, the rules' default (M-10), which a step must not pass off as the player's."""
    if choice.only_answer is None and is_default(choice, given):
        return f"{player}'s {total} damage is assigned by default"
    return f"{player} assigns {total}"


def _special_order(groups: Mapping[str, tuple[int, ...]], needs: Mapping[str, int | None]) -> bool:
    """M-18 decided the order: a unit with both Tank and Backline, or one that can't be made
    lethal in the Tank or Backline group."""
    return any(
        len(allowed) > 1 or (needs[uid] is None and allowed != (MIDDLE,))
        for uid, allowed in groups.items()
    )
