"""Combat and the end of turn in might: assignment, Deal, Combat Cleanup and the combat result
(M7-M9, M-9..M-12), then end-of-turn effects, expiration and the next turn (M10, M11, M-13)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.changes import Change, Declared, PhaseChanged, StatChanged
from engine.choices import Choice
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might.combat import (
    assignment_of,
    default_assignment,
    describe_limits,
    lethal_needs,
    only_assignment,
    verify_answer,
)
from engine.might.damage import DamageEvent, resolve_event
from engine.might.rules import MightRules
from engine.might.table import (
    BonusDamageGrant,
    Combat,
    Doubler,
    LastingEffect,
    LethalOverride,
    MightModifier,
    Shield,
)
from engine.timeline import Cause, Step


class MightTurn(MightRules):
    """The might rules with combat and the end of the turn."""

    # ----------------------------------------------------------------------------- combat

    def _check_combat(self, battlefield: int) -> None:
        self._require_empty_chain("start combat")
        if self.table.combat is not None:
            raise RuleError("M-9", "a combat is already under way")
        if not 0 <= battlefield < len(self.table.battlefields):
            raise RuleError("M-9", f"there is no battlefield number {battlefield + 1}")
        if not self.table.units_at(battlefield, self.table.turn_player):
            name = self.table.battlefields[battlefield].name
            raise RuleError("M-9", f"the turn player has no unit at {name} to attack with")

    def verify_combat(self, battlefield: int) -> None:
        self._check_combat(battlefield)
        self._verify_settles(lambda: self._combat(battlefield))

    def can_combat(self, battlefield: int) -> bool:
        return self._can(self.verify_combat, battlefield)

    def combat(self, battlefield: int) -> list[Step]:
        """Combat at a battlefield: assignment, deal, Combat Cleanup, result (M7, M9, M-9..M-12)."""
        return self._action(
            lambda: self._check_combat(battlefield), lambda: self._combat(battlefield)
        )

    def _combat(self, battlefield: int) -> None:
        attacker = self.table.turn_player
        combat = Combat(
            battlefield=battlefield,
            attacker=attacker,
            attackers=tuple(u.uid for u in self.table.units_at(battlefield, attacker)),
            defenders=tuple(u.uid for u in self.table.units_at(battlefield, 1 - attacker)),
        )
        name = self.table.battlefields[battlefield].name
        turn = self.phase[0]
        self.phase = (turn, f"Combat at {name}")
        self.table = self.table.evolve(combat=combat)
        cause = Cause(kind="action", text=f"combat at {name}")
        totals = {
            side: self._combat_total(units, side)
            for side, units in ((attacker, combat.attackers), (1 - attacker, combat.defenders))
        }
        bonus = any(self.table.bonus_damage(side, "combat") for side in totals)
        self.record(
            f"Combat at {name}: {', '.join(combat.attackers)} attack with {totals[attacker]} "
            f"damage; defending: {', '.join(combat.defenders) or 'nobody'}"
            + (f" with {totals[1 - attacker]}" if combat.defenders else ""),
            ["M-9", *(["M-4", "P-10"] if bonus else [])],
            cause,
            [
                PhaseChanged(before="Main phase", after=self.phase[1]),
                *(Declared(card=uid, target=name) for uid in combat.attackers),
                *(Declared(card=uid, role="defends", target=name) for uid in combat.defenders),
            ],
        )
        events: list[DamageEvent] = []
        for side, enemies in ((attacker, combat.defenders), (1 - attacker, combat.attackers)):
            events += self._assign(side, enemies, totals[side], cause)
        self._deal(events, cause)
        self._combat_cleanup(combat, cause)
        self.table = self.table.evolve(combat=None)
        self.phase = (turn, "Main phase")
        self.record(
            "Combat is over",
            ["M-12"],
            cause,
            [PhaseChanged(before=f"Combat at {name}", after="Main phase")],
        )

    def _combat_total(self, units: Sequence[str], side: int) -> int:
        """A side deals the sum of its units' current Might, never below 0, plus Bonus Damage."""
        might = max(0, sum(self.table.might(uid) for uid in units))
        return might + self.table.bonus_damage(side, "combat") if might else might

    def _assign(
        self, side: int, enemies: Sequence[str], total: int, cause: Cause
    ) -> list[DamageEvent]:
        """One side assigns its damage; replacements apply now and prevention is spent (M7)."""
        player = self.table.players[side].name
        self.phase = (*self.phase[:2], "Assignment")
        if not enemies or not total:
            self.record(
                f"{player} has {total} damage and {len(enemies)} enemy unit"
                f"{'' if len(enemies) == 1 else 's'}: nothing to assign",
                ["M7", "M-10"],
                cause,
            )
            return []
        orders = {uid: self._order_for(uid, "combat") for uid in enemies}
        needs = lethal_needs(self.table, enemies, orders, total)
        choice = Choice(
            kind="assignment",
            player=side,
            subject=f"{player}:{self.phase[1]}",
            prompt=f"{player} assigns {total} combat damage",
            options=tuple(enemies),
            default=default_assignment(needs, total),
            limits=describe_limits(needs, total),
            details={
                uid: f"Might {self.table.might(uid)}, {self.table.cards[uid].damage} damage marked"
                for uid in enemies
            },
            only_answer=only_assignment(needs, total),
            total=total,
            needs=needs,
        )
        answer = assignment_of(self._ask(choice))
        verify_answer(choice, answer)
        events: list[DamageEvent] = []
        changes: list[Change] = []
        parts = []
        for entry in answer:  # in the order assigned (M-10)
            uid = entry.unit
            event, card = resolve_event(
                self.table, uid, entry.damage, 0, "combat", None, orders[uid]
            )
            self._set(card)
            events.append(event)
            changes += event.replacements
            parts.append(
                f"{uid} {self._describe_event(event)}"
                + (f" = {event.final}" if event.replacements else "")
            )
        rules = [
            "M7",
            "M-10",
            *(r for e in events for r in self._event_rules(e) if r not in ("M-6",)),
        ]
        self.record(
            f"{player} assigns {total}, in order: " + "; then ".join(parts),
            sorted(set(rules), key=rules.index),
            cause,
            changes,
        )
        return events

    def _deal(self, events: Sequence[DamageEvent], cause: Cause) -> None:
        """All assigned damage is dealt at once; replacements are not applied again (M8, M-11)."""
        self.phase = (*self.phase[:2], "Deal")
        changes: list[Change] = []
        parts = []
        for event in events:
            card = self.table.cards[event.target]
            if event.final == 0:
                parts.append(f"{event.target}: fully prevented, not dealt")
                continue
            self._set(card.evolve(damage=card.damage + event.final))
            changes.append(
                StatChanged(
                    card=event.target,
                    stat="damage",
                    before=card.damage,
                    after=card.damage + event.final,
                )
            )
            parts.append(f"{event.target} takes {event.final}")
        self.record(
            "Combat damage is dealt: " + ("; ".join(parts) or "none"),
            ["M8", "M-11", *(["M-6"] if changes else [])],
            cause,
            changes,
        )
        dealt = {event.target: event for event in events if event.final}
        together = self._triggering(dealt, "takes_damage")
        for uid in together:
            self._trigger(uid, "takes_damage", dealt[uid].source, together=len(together) > 1)

    def _combat_cleanup(self, combat: Combat, cause: Cause) -> None:
        """M9, M-12: deaths, heal the whole table, recall, resolve the chain, the result."""
        combat_phase = self.phase[:2]

        def sub_step(name: str) -> None:
            self.phase = (*combat_phase, "Combat Cleanup", name)

        rules = ["M9", "M-12"]
        sub_step("1. Deaths")
        lethal = self.table.lethal_units()
        if lethal:
            self._kill(lethal, cause, rules)
        else:
            self.record("No unit has lethal damage", rules, cause)
        sub_step("2. Heal")
        self._heal(self.table.heal_concerns(), cause, rules)
        defenders, attackers = self._combatants_there(combat)
        sub_step("3. Recall")
        if defenders and attackers:
            for uid in attackers:
                self._relocate(
                    uid,
                    None,
                    Cause(kind="rule", text="defenders remain: recall"),
                    [*rules, "M-6"],
                )
        else:
            reason = "no defender remains" if attackers else "no attacker remains"
            self.record(f"Nobody is recalled: {reason}", rules, cause)
        sub_step("4. Chain")
        if self.table.chain:
            self._resolve_chain()
        else:
            self.record("The chain is empty: nothing to resolve", rules, cause)
        self.phase = (*combat_phase, "Combat result")
        self._hold(combat.battlefield, cause)

    def _hold(self, battlefield: int, cause: Cause) -> None:
        """M-12 (5): the only player with units left at the battlefield holds it, attacker or
        defender; with nobody left nobody holds it; with both there the holder stays."""
        field = self.table.battlefields[battlefield]
        names = [p.name for p in self.table.players]
        there = [i for i in range(len(names)) if self.table.units_at(battlefield, i)]
        before = None if field.holder is None else names[field.holder]
        holder: int | None = field.holder
        if len(there) == 1:
            holder = there[0]
            verb = "still holds" if holder == field.holder else "holds"
            name = names[holder]
            text = f"{name} {verb} {field.name}: only {name}'s units are left there"
        elif there:
            text = f"Both players have units left at {field.name}: " + (
                f"{before} still holds it" if before else "nobody holds it"
            )
        else:
            holder = None
            text = f"Nobody holds {field.name}: no unit is left there" + (
                f" ({before} loses it)" if before else ""
            )
        self.table = self.table.evolve(
            battlefields=tuple(
                f.evolve(holder=holder) if i == battlefield else f
                for i, f in enumerate(self.table.battlefields)
            )
        )
        self.record(text, ["M9", "M-12"], cause)

    def _combatants_there(self, combat: Combat) -> tuple[list[str], list[str]]:
        """The defenders and attackers of ``combat`` still at its battlefield."""

        def there(uid: str) -> bool:
            card = self.table.cards[uid]
            return card.zone == "battlefield" and card.battlefield == combat.battlefield

        return (
            [u for u in combat.defenders if there(u)],
            [u for u in combat.attackers if there(u)],
        )

    # ----------------------------------------------------------------------------- end of turn

    def _check_end_turn(self) -> None:
        self._require_empty_chain("end the turn")
        if self.table.combat is not None:
            raise RuleError("M-9", "cannot end the turn during combat")

    def verify_end_turn(self) -> None:
        self._check_end_turn()
        self._verify_settles(self._end_turn)

    def can_end_turn(self) -> bool:
        return self._can(self.verify_end_turn)

    def end_turn(self) -> list[Step]:
        """End-of-turn effects, then expiration as visible sub-steps, then the turn passes (M10,
        M11, M-13); an expiration that would restart for ever is refused (P-25)."""
        return self._action(self._check_end_turn, self._end_turn)

    def _end_turn(self) -> None:
        turn = self.phase[0]
        cause = Cause(kind="rule", text="end of turn")
        self.phase = (turn, "End of turn", "End-of-turn effects")
        self.record(
            "End of turn: end-of-turn effects come first",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before="Main phase", after="End of turn")],
        )
        for uid in self._triggering(self.table.triggering_units(), "end_of_turn"):
            self._trigger(uid, "end_of_turn", None)
        self._resolve_chain()
        guard = LoopGuard()
        label = "Expiration"
        while self._expire((turn, "End of turn", label), cause):
            restart = guard.tick("expiration")  # the restart is what repeats (P-25)
            self.phase = (turn, "End of turn", label, "Chain")
            self._resolve_chain()
            self.record(
                "Something went on the chain: expiration restarts from the lethal check",
                ["M10", "M11", "M-13", "P-13"],
                cause,
            )
            label = f"Expiration (restart {restart})"
        self._pass_turn(turn, cause)

    def _expire(self, phase: tuple[str, ...], cause: Cause) -> bool:
        """One pass of (a)-(d); True when anything went on the chain during it (M-13)."""
        rules = ["M10", "M-13"]
        self.phase = (*phase, "(a) Lethal check")
        lethal = self.table.lethal_units()
        if lethal:
            self._kill(lethal, cause, [*rules, "M11"])
        else:
            self.record("No unit has lethal damage", [*rules, "M11"], cause)
        self.phase = (*phase, "(b) Heal")
        self._heal(self.table.heal_concerns(), cause, [*rules, "M11"])
        self.phase = (*phase, '(c) "This turn" effects end')
        self._end_effects(
            lambda effect: effect.duration == "this_turn", "this turn", cause, [*rules, "M11"]
        )
        self.phase = (*phase, "(d) Rune pools empty")
        changes: list[Change] = []
        for index, player in enumerate(self.table.players):
            if player.runes:
                changes.append(
                    StatChanged(
                        card=f"{player.name}'s rune pool",
                        stat="runes",
                        before=player.runes,
                        after=0,
                    )
                )
                self.table = self.table.with_player(index, player.evolve(runes=0))
        runes = [*rules, *(["M-1"] if changes else [])]
        self.record("Every rune pool empties", runes, cause, changes)
        return bool(self.table.chain)

    def _end_effects(
        self,
        ends: Callable[
            [MightModifier | Shield | Doubler | LethalOverride | BonusDamageGrant], bool
        ],
        what: str,
        cause: Cause,
        rules: Sequence[str],
    ) -> None:
        """End, all at once, every lasting effect for which ``ends`` holds."""
        changes: list[Change] = []
        ended: list[str] = []
        for card in self.table.with_lasting():
            before = self.table.might(card.uid) if self.table.on_table(card.uid) else None
            gone = [e for e in card.lasting() if ends(e)]
            if not gone:
                continue
            self._set(
                card.evolve(
                    modifiers=tuple(m for m in card.modifiers if not ends(m)),
                    shields=tuple(s for s in card.shields if not ends(s)),
                    doublers=tuple(d for d in card.doublers if not ends(d)),
                    lethal=tuple(t for t in card.lethal if not ends(t)),
                )
            )
            ended += [f"{card.uid}: {e.describe()}" for e in gone]
            if before is not None and before != self.table.might(card.uid):
                changes.append(
                    StatChanged(
                        card=card.uid, stat="might", before=before, after=self.table.might(card.uid)
                    )
                )
        for index, player in enumerate(self.table.players):
            gone_grants = [g for g in player.bonus_damage if ends(g)]
            if gone_grants:
                ended += [f"{player.name}: {g.describe()}" for g in gone_grants]
                self.table = self.table.with_player(
                    index,
                    player.evolve(
                        bonus_damage=tuple(g for g in player.bonus_damage if not ends(g))
                    ),
                )
        text = "; ".join(ended) if ended else "none"
        self.record(
            f'Effects lasting "{what}" end together: {text}',
            [*rules, *(["M-2"] if changes else [])],
            cause,
            changes,
        )

    def _pass_turn(self, turn: str, cause: Cause) -> None:
        table = self.table
        self.table = table.evolve(turn=table.turn + 1, turn_player=1 - table.turn_player)
        self.phase = (self._turn_name(self.table), "Main phase")
        self.record(
            f"{self.phase[0]} begins",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before=turn, after=self.phase[0])],
        )
        new_player = self.table.turn_player

        def ending(effect: LastingEffect) -> bool:
            return effect.owner == new_player and effect.duration == "until_your_next_turn"

        lasting = [e for c in self.table.with_lasting() for e in c.lasting()]
        lasting += [g for p in self.table.players for g in p.bonus_damage]
        if any(ending(e) for e in lasting):
            self._end_effects(ending, "until your next turn", cause, ["M-5", "P-17"])
