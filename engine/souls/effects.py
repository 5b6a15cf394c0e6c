"""Effects and triggers as they resolve, their targets, and what follows every step of play
(S-12, S-13, S-15, 14.5.1)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.changes import Moved, StatChanged, Triggered, stat_words
from engine.decks import draw_text, split_draw
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.souls.capture import Capture
from engine.souls.cards import (
    GROUP_SIDES,
    CapturedCount,
    DamageOn,
    Draw,
    Effect,
    EffectTarget,
    Every,
    PowerOf,
    TargetSpec,
)
from engine.souls.changes import BonusChanged, ShieldChanged
from engine.souls.conditions import Reading, explain
from engine.souls.core import PendingTrigger
from engine.souls.damage import Damage
from engine.souls.table import Bonus, Shield
from engine.timeline import Cause

AFTER_PLAY = Cause(kind="rule", text="capture after every step of play")  # 14.4.2, S-12
TARGET_ZONES = {"soul": ("slot",), "realm": ("realm",), "soul_or_realm": ("slot", "realm")}
GROUPS = {  # an automatic target that is a group of Souls: (whose, captured ones or active ones)
    "all_own_souls": ("own", False),
    "all_enemy_souls": ("enemy", False),
    "all_souls": ("any", False),
    "other_own_souls": ("own", False),
    "all_own_captured": ("own", True),
    "all_enemy_captured": ("enemy", True),
    "all_captured": ("any", True),
}


class Effects(Damage, Capture):
    """What a card's effects do to their targets, each trigger as its own step, and the capture
    check after every step of play (S-12)."""

    def _settle(self) -> None:
        """After a step of play: capture, then each pending trigger as its own step (S-12).

        Inside a battle window triggers resolve and nothing is captured (S-13, 14.4.2). Triggers
        can answer each other for ever: a trigger resolving again in a state it already resolved
        in is such a loop (P-25); a capture check ends by itself, as each of its rounds turns at
        least one more card face down.
        """
        if self.battle is None:
            self._capture_check(AFTER_PLAY)
        if not self.pending:
            return
        guard = LoopGuard()
        while self.pending and not self.table.game_over:
            trigger = self.pending[0]
            guard.tick(f"{trigger.card}'s trigger {trigger.label}", self._loop_state(guard))
            ordered = len(self.pending) > 1  # several waiting: S-16 and P-26 fix their order
            self._resolve_trigger(self.pending.pop(0), ordered)
            if self.battle is None:
                self._capture_check(AFTER_PLAY)
        if self.pending:  # the game is over: nothing resolves any more (S-17)
            self._end_pending(self.pending, "the game is over", ["S-17"])

    def verify_target(
        self,
        controller: int,
        spec: TargetSpec | None,
        target: str | None,
        entry: str = "",
        at: tuple[str | int, ...] = (),
    ) -> None:
        """Raise unless ``target`` is a legal chosen target for ``spec`` (14.5.1, S-15); a
        spell's ``entry`` of two ("the first target: ", P-79) leads the reason, at ``at``."""
        if spec is None:
            if target is not None:
                raise RuleError("S-15", "this card does not target; remove the target")
            return
        if target is None:
            raise RuleError("S-15", f"this card needs a target: {spec.describe()}")
        card = self._card(target)
        if spec.side != "any" and (card.owner == controller) != (spec.side == "own"):
            raise RuleError("S-15", f"{entry}{target} is not {spec.describe()}", at)
        if spec.kind == "captured_soul":
            if not (card.zone == "slot" and card.face_down):
                raise RuleError("14.5.1", f"{entry}{target} is not a captured Soul", at)
            return
        if card.zone == "slot" and card.face_down:
            raise RuleError(
                "14.5.1",
                f"{entry}{target} is captured: only effects that ask for a captured Soul target it",
                at,
            )
        if card.zone not in TARGET_ZONES[spec.kind] or card.face_down:
            raise RuleError("S-15", f"{entry}{target} is not {spec.describe()} on the table", at)
        if spec.line != "any" and self.table.line(target) != spec.line:
            raise RuleError(
                "S-2", f"{entry}{target} is not in the {spec.line.capitalize()} Line", at
            )
        damaged = card.damage > 0
        if spec.state is not None and damaged != (spec.state == "damaged"):
            raise RuleError(
                "P-51", f"{entry}{target} is not {spec.state} (damage {card.damage})", at
            )
        if not spec.within(self.table, target):
            raise RuleError(
                "P-51",
                f"{entry}{target} is not {spec.describe()}: it has {self.table.hp(target)} HP and "
                f"{self.table.power(target)} power",
                at,
            )

    def _auto_targets(
        self, who: str, target: EffectTarget, chosen: Sequence[str], source: str | None
    ) -> list[str]:
        table, owner = self.table, self._card(who).owner
        if isinstance(target, Every):  # read as the effect resolves, in the order of P-26 (P-102)
            whose = {"own": owner, "enemy": 1 - owner}.get(GROUP_SIDES[target.every])
            return [
                c.uid
                for c in table.souls(whose)
                if target.admits(table, c.uid) and not (target.other and c.uid == who)
            ]
        if target == "target":
            return list(chosen)
        if target in ("target_1", "target_2"):  # one of a spell's two chosen targets (P-79)
            return [chosen[int(target[-1]) - 1]]
        if target == "self":
            return [who]
        if target == "source":
            return [source] if source is not None and table.is_active(source) else []
        if target in ("own_realm", "enemy_realm"):
            realm = table.realm(owner if target == "own_realm" else 1 - owner)
            return [realm.uid] if realm is not None and not realm.face_down else []
        side, captured = GROUPS[target]  # every Soul of a group, in the order of P-26 (P-51)
        whose = {"own": owner, "enemy": 1 - owner}.get(side)
        return [
            c.uid
            for c in table.souls(whose)
            if c.face_down == captured and not (target == "other_own_souls" and c.uid == who)
        ]

    def _resolve_trigger(self, trigger: PendingTrigger, ordered: bool) -> None:
        label = trigger.label
        cause = Cause(kind="trigger", card=trigger.card, text=f"{trigger.card}: {label}")
        rules = {
            "damaged": ["14.1.5", "S-8", "S-12"],
            "captured": ["S-12", "P-2"],
            "another_captured": ["S-12", "14.4.1", "P-45"],
            "front_line": ["S-12", "S-2", "P-45"],
            "end_of_turn": ["S-12", "P-7"],
            "attacks": ["S-12", "S-13", "P-52"],
        }[trigger.ability.when]  # only these are queued (_queue_triggers)
        if self.battle is not None:
            rules.append("S-13")
        if ordered:
            rules += ["S-16", "P-26"]
        self.record(
            f"{trigger.card} triggers: {label}",
            rules,
            cause,
            [Triggered(card=trigger.card, ability=label)],
        )
        self._resolve_effects(trigger.card, trigger.ability.effects, (), trigger.source, cause)

    def _resolve_effects(
        self,
        who: str,
        effects: Sequence[Effect],
        chosen: Sequence[str],
        source: str | None,
        cause: Cause,
    ) -> None:
        """Resolve ``effects`` of ``who`` in order; ``chosen``: the target chosen, or a spell's
        two (P-79), which amounts and conditions never read (``unread``)."""
        target = chosen[0] if len(chosen) == 1 else None
        reading = Reading(me=who, source=source, target=target, controller=self._card(who).owner)
        for effect in effects:
            if not self._conditions_met(effect, reading, cause):
                continue
            if isinstance(effect, Draw):  # the controller draws: no card is its target
                self._draw(reading.controller, effect.amount, who, cause)
                continue
            if effect.do == "swap":  # both of a spell's chosen targets at once (P-91)
                self._swap(chosen[0], chosen[1], cause)
                continue
            targets = self._auto_targets(who, effect.target, chosen, source)
            if isinstance(effect.target, Every):  # whom the filter found, on the record
                found = ", ".join(targets) if targets else "none, so nothing happens"
                self.record(
                    f"{effect.do} reaches {effect.target.describe()}: {found}",
                    ["P-102", *(["P-26"] if len(targets) > 1 else [])],
                    cause,
                )
            elif not targets:
                self.record(
                    f"{effect.do}: no legal target, nothing happens",
                    ["S-15"],
                    cause,
                )
            if not targets:
                continue
            amount = getattr(effect, "amount", 0)
            if not isinstance(amount, int):  # read once, as the effect resolves (P-46)
                effect = effect.evolve(amount=self._read_amount(who, amount, target, source, cause))
            with self._simultaneous():  # an effect reaches all its cards at once
                for target in targets:
                    self._apply_effect(who, effect, target, cause)

    def _conditions_met(self, effect: Effect, reading: Reading, cause: Cause) -> bool:
        """Read an effect's ``only_if`` and ``unless`` as it resolves, before its targets, each
        on the record whether it holds or not (P-50)."""
        for must, condition in effect.conditions():
            held, read = explain(self.table, condition, reading)
            fails = held != must
            self.record(
                f"{effect.do} {'only if' if must else 'unless'} {read}: {str(held).lower()}"
                + (", so nothing happens" if fails else ""),
                ["P-50"],
                cause,
            )
            if fails:
                return False
        return True

    def _read_amount(
        self,
        who: str,
        amount: PowerOf | DamageOn | CapturedCount,
        chosen: str | None,
        source: str | None,
        cause: Cause,
    ) -> int:
        """An amount counted from the table as the effect resolves, on the record (P-46)."""
        if isinstance(amount, CapturedCount):
            count = self.table.captured_count(self._card(who).owner, amount.captured, amount.trait)
            side = {"own": "your ", "enemy": "enemy ", "any": ""}[amount.captured]
            kind = f"{amount.trait}s" if amount.trait else "Souls"
            read = count * amount.each
            what = f"{amount.each} for each of the {count} {side}captured {kind}"
        else:
            role = amount.power_of if isinstance(amount, PowerOf) else amount.damage_on
            uid = {"self": who, "source": source, "target": chosen}[role]
            active = uid is not None and self.table.is_active(uid)
            if isinstance(amount, PowerOf):
                read = self.table.power(uid) if active and uid else 0
                what = f"the power of {uid}" if active else f"no active {role}"
            else:
                read = self._card(uid).damage if active and uid else 0
                what = f"the damage on {uid}" if active else f"no active {role}"
        self.record(f"The amount is {what}: {read}", ["P-46"], cause)
        return read

    def _unaffected(self, effect: Effect, target: str) -> tuple[str, str] | None:
        """Why ``effect`` can no longer apply to ``target`` as it resolves: (rule, reason)."""
        card = self._card(target)
        if effect.do in ("exile", "return_to_hand"):
            captured = card.zone == "slot" and card.face_down
            moved = "exiled" if effect.do == "exile" else "returned to its owner's hand"
            return None if captured else ("14.5.4", f"only a captured Soul is {moved}")
        if not self.table.is_active(target):
            return ("14.5.1", "it is not active (captured, shattered or off the table)")
        if effect.do == "pay_hp" and card.zone != "slot":
            return ("14.3.1", "only a Soul pays HP")
        if effect.do == "capture" and card.zone != "slot":
            return ("14.4.4", "only a Soul on a slot is captured")
        return None

    def _apply_effect(self, who: str, effect: Effect, target: str, cause: Cause) -> None:
        reason = self._unaffected(effect, target)
        if reason is not None:
            self.record(
                f"{effect.do} on {target}: nothing happens, {reason[1]}", [reason[0], "P-4"], cause
            )
        elif effect.do in ("damage", "heal"):
            amount = effect.amount
            assert isinstance(amount, int)  # read from the table in _resolve_effects
            if effect.do == "damage":
                self._deal_damage(target, amount, who, cause, ["14.1.1"])
            else:
                self._heal(target, amount, cause)
        elif effect.do == "capture":
            self._capture([target], cause, ["14.4.4", "S-13"] if self.battle else ["14.4.4"])
        elif effect.do == "exile":
            self._release(target, "exile", cause)
        elif effect.do == "return_to_hand":
            self._release(target, "hand", cause)
        elif effect.do == "remove_armaments":
            self._remove_armaments(target, who, cause)
        elif effect.do == "end_bonuses":
            self._end_all_bonuses(target, who, cause)
        elif effect.do == "pay_hp":  # what it can, as damage from the effect's card (P-113)
            self._deal_damage(
                target,
                effect.amount,
                who,
                cause,
                ["14.3.1", "P-113"],
                "HP paid as ",
                unpreventable="paying HP is never prevented",
            )
        elif effect.do == "prevent":
            self._add_shield(
                target, Shield(amount=effect.amount, duration=effect.duration, source=who), cause
            )
        elif effect.do == "bonus":
            self._add_bonus(
                target,
                Bonus(stat=effect.stat, amount=effect.amount, duration=effect.duration, source=who),
                cause,
            )

    def _draw(self, player: int, amount: int, source: str, cause: Cause) -> None:
        """``player`` draws ``amount`` cards from the top of their deck into their hand; what an
        empty deck can't give is not drawn, and the step says so (P-92)."""
        state = self.table.players[player]
        drawn, left = split_draw(state.deck, amount)
        for uid in drawn:
            self._set(self._card(uid).evolve(zone="hand"))
        self.table = self.table.with_player(player, state.evolve(deck=left))
        self.record(
            draw_text(state.name, amount, drawn, len(left), source),
            ["P-92"],
            cause,
            [Moved(card=uid, before="deck", after="hand") for uid in drawn],
        )

    def _swap(self, first: str, second: str, cause: Cause) -> None:
        """Two Souls exchange their slots at once (P-91); the lines follow, each change its own
        step (S-2), a step into the Front Line setting off its trigger (P-45); what granting
        statics give changes with them (P-90). Nothing happens unless both are still active
        Souls (P-4)."""
        for uid in (first, second):
            if not self.table.is_active(uid):
                self.record(
                    f"swap of {first} and {second}: nothing happens, {uid} is not active "
                    "(captured or off the table)",
                    ["14.5.1", "P-4", "P-91"],
                    cause,
                )
                return
        one, two = self._card(first), self._card(second)
        assert one.slot is not None and two.slot is not None  # active Souls stand on slots
        places = [(one.owner, one.slot), (two.owner, two.slot)]
        lines_before, table_before = self._lines(places), self.table
        self._set(one.evolve(slot=two.slot))
        self._set(two.evolve(slot=one.slot))
        granted = self._granted_changes(table_before)
        self.record(
            f"{first} and {second} swap slots: {first} to {two.slot}, {second} to {one.slot}"
            + "".join(f"; {c.describe()}" for c in granted),
            ["P-91", "S-2", *(["P-90"] if granted else [])],
            cause,
            [
                Moved(card=first, before=one.place(), after=f"slot {two.slot}"),
                Moved(card=second, before=two.place(), after=f"slot {one.slot}"),
                *granted,
            ],
        )
        for uid in self._record_line_changes(lines_before, cause, ["S-2", "P-91"]):
            self._queue_triggers(uid, "front_line", None)

    def _stats_now(self, uid: str) -> tuple[tuple[str, int], ...]:
        return (("max_hp", self.table.max_hp(uid)), ("power", self.table.power(uid)))

    def _stats_changed(
        self, uid: str, before: tuple[tuple[str, int], ...]
    ) -> tuple[str, list[StatChanged]]:
        """What changed on ``uid`` since ``before``: the words " (max HP 40 -> 30)" (empty when
        nothing did) and the changes."""
        changes = [
            StatChanged(card=uid, stat=stat, before=was, after=now)
            for (stat, was), (_, now) in zip(before, self._stats_now(uid), strict=True)
            if was != now
        ]
        words = ", ".join(f"{stat_words(c.stat)} {c.before} -> {c.after}" for c in changes)
        return (f" ({uid} {words})" if words else ""), changes

    def _detach(self, uid: str, cause: Cause, rules: Sequence[str], how: str = "") -> None:
        """The Armament leaves its Soul for its owner's Elysium (S-4), and what it gave the Soul
        ends with it: a max-HP loss can capture (14.4.3, after the step)."""
        card = self._card(uid)
        soul = card.attached_to
        assert soul is not None
        before = self._stats_now(soul)
        self._set(card.evolve(zone="elysium", attached_to=None))
        words, changes = self._stats_changed(soul, before)
        self.record(
            f"{uid} is detached from {soul}{how} and goes to the Elysium{words}",
            rules,
            cause,
            [Moved(card=uid, before=card.place(), after="elysium"), *changes],
        )

    def _remove_armaments(self, soul: str, who: str, cause: Cause) -> None:
        armaments = [a.uid for a in self.table.armaments(soul)]
        if not armaments:
            self.record(f"{soul} has no Armament: {who} removes nothing", ["P-40"], cause)
        for uid in armaments:
            self._detach(uid, cause, ["S-4", "P-40"], f" by {who}")

    def _end_all_bonuses(self, uid: str, who: str, cause: Cause) -> None:
        card = self._card(uid)
        if not card.bonuses:
            self.record(f"{uid} has no bonus: {who} ends nothing", ["P-40"], cause)
            return
        before = self._stats_now(uid)
        self._set(card.evolve(bonuses=()))
        words, changes = self._stats_changed(uid, before)
        self.record(
            f"{who} ends every bonus on {uid}: {', '.join(b.describe() for b in card.bonuses)}"
            f"{words}",
            ["S-6", "P-40", *(["14.4.3"] if self.table.hp(uid) == 0 and card.damage else [])],
            cause,
            [
                *(
                    BonusChanged(kind="bonus_ended", card=uid, bonus=b.describe())
                    for b in card.bonuses
                ),
                *changes,
            ],
        )

    def _add_bonus(self, uid: str, bonus: Bonus, cause: Cause) -> None:
        card = self._card(uid)
        stat_before = self.table.stat(uid, bonus.stat)
        self._set(card.evolve(bonuses=(*card.bonuses, bonus)))
        self.record(
            f"{uid} gets {bonus.describe()} ({stat_words(bonus.stat)} {stat_before} -> "
            f"{self.table.stat(uid, bonus.stat)})",
            ["S-6", "14.4.3"] if self.table.hp(uid) == 0 and card.damage else ["S-6"],
            cause,
            [BonusChanged(kind="bonus_added", card=uid, bonus=bonus.describe())],
        )

    def _add_shield(self, uid: str, shield: Shield, cause: Cause) -> None:
        """A prevention shield on ``uid``, after those it has: the oldest is spent first
        (P-103)."""
        card = self._card(uid)
        self._set(card.evolve(shields=(*card.shields, shield)), may_reach_0_hp=False)
        self.record(
            f"{uid} gets a shield: {shield.describe()}",
            ["P-103"],
            cause,
            [ShieldChanged(kind="shield_added", card=uid, shield=shield.describe())],
        )
