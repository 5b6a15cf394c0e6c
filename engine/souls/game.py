"""The souls ruleset: actions, effects, battle, capture and the end phase (rules chapter 14).

Every public action comes in three forms, as in PokerKit: ``verify_x`` raises a ``RuleError``
naming the rule it breaks, ``can_x`` answers with a bool, ``x`` acts and returns the steps it
recorded. A failed action leaves the table and the timeline exactly as they were. Triggers can
answer each other for ever: such an action is refused as a whole (P-25), and ``verify_x`` of an
action that can set off triggers tries it and undoes it, so that ``can_x`` answers as ``x`` acts.
Events that happen together follow one order (``SoulsTable.in_order``, S-16, P-26).

>>> from engine.scenario import game_from_yaml
>>> game = game_from_yaml('''
... ruleset: souls
... title: A blocked slot
... rules: [14.5.2]
... setup:
...   players:
...     - name: Alice
...       slots: {A1: {card: Thorn Squire, captured: true}}
...       hand: [{card: Sylva}]
...     - {name: Bob}
... ''')
>>> game.can_recruit("sylva", "A2")
False
>>> game.verify_recruit("sylva", "A2")
Traceback (most recent call last):
...
engine.errors.RuleError: slot A2 hangs under a captured Soul on A1 (rule 14.5.2)
>>> len(game.recruit("sylva", "B1"))
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal, TypeVarTuple

from engine.changes import (
    BonusChanged,
    Change,
    Declared,
    Flipped,
    GameEnded,
    LineChanged,
    Moved,
    PhaseChanged,
    Played,
    StatChanged,
    Triggered,
)
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.souls.cards import Ability, CardDef, Effect, EffectTarget, TargetSpec
from engine.souls.table import Bonus, CardState, SoulsTable
from engine.timeline import Cause, Recorder, Step, turn_label

Args = TypeVarTuple("Args")


def round_down_to_5(amount: int) -> int:
    """Amounts come in steps of 5, rounded down; below 5 is nothing (14.1.2, 14.2.2, S-7).

    >>> round_down_to_5(14), round_down_to_5(4), round_down_to_5(-3)
    (10, 0, 0)
    """
    return max(0, amount) // 5 * 5


@dataclass(frozen=True)
class PendingTrigger:
    card: str
    ability: Ability
    source: str | None

    @property
    def label(self) -> str:
        return self.ability.name or f"when {self.ability.when}"


AFTER_PLAY = Cause(kind="rule", text="capture after every step of play")  # 14.4.2, S-12
SOUL_OR_REALM = TargetSpec(kind="soul_or_realm")  # what effect damage and healing need (14.5.1)
OWN_SOUL = TargetSpec(side="own", kind="soul")  # an Armament is played onto one of your Souls
TARGET_ZONES = {"soul": ("slot",), "realm": ("realm",), "soul_or_realm": ("slot", "realm")}


class SoulsGame(Recorder[SoulsTable]):
    """A souls game in progress: the current table, its timeline and the legal actions."""

    def __init__(self, table: SoulsTable) -> None:
        super().__init__(table, (self._turn_name(table), "Main phase"))
        self.pending: list[PendingTrigger] = []
        self.battle: tuple[str, str] | None = None  # (attacker, target) while a window is open
        self._battles = 0
        # The table after the last capture check: a max-HP drop since then cites 14.4.3.
        self._baseline = table
        # The cards whose HP may have changed since then: all of them at the set-up.
        self._stale: set[str] = set(table.cards)

    def rules_state(self) -> tuple[object, ...]:
        """The triggers waiting, the battle under way and how many this turn had (the capture
        check's baseline is bookkeeping: left out)."""
        return (list(self.pending), self.battle, self._battles)

    def _save_state(self) -> object:
        return (*self.rules_state(), self._baseline, set(self._stale))

    def _restore_state(self, state: object) -> None:
        assert isinstance(state, tuple)
        pending, self.battle, self._battles, self._baseline, stale = state
        self.pending, self._stale = list(pending), set(stale)

    # ----------------------------------------------------------------------------- helpers

    @staticmethod
    def _turn_name(table: SoulsTable) -> str:
        return turn_label(table.turn, table.players[table.turn_player].name)

    def _card(self, uid: str) -> CardState:
        card = self.table.cards.get(uid)
        if card is None:
            raise RuleError("S-4", f"there is no card {uid!r} on the table or in any zone")
        return card

    def _definition(self, uid: str) -> CardDef:
        return self.table.defs[self._card(uid).name]

    def _set(self, card: CardState, may_reach_0_hp: bool = True) -> None:
        """Put ``card`` on the table, and mark what the next capture check must look at.

        ``may_reach_0_hp=False``: only the card's damage changed, and its HP is known to stay
        above 0 or to rise, so the check can skip it. One at 0 HP already was marked when it got
        there, and stays marked until a check (a battle window defers them, 14.4.2).
        """
        if not may_reach_0_hp:
            self.table = self.table.with_card(card)
            return
        old = self.table.cards.get(card.uid)
        self.table = self.table.with_card(card)
        self._stale |= self.table.index.affected(old, card)

    def _require_game_on(self) -> None:
        if self.table.game_over:
            raise RuleError("S-17", f"the game is over: {self.table.result()}")

    def _require_no_battle(self, action: str) -> None:
        if self.battle is not None:
            raise RuleError(
                "S-13", f"cannot {action} during a battle window; finish the battle first"
            )

    def _require_turn_player(self, owner: int, action: str) -> None:
        if owner != self.table.turn_player and self.battle is None:
            raise RuleError(
                "P-1",
                f"{self.table.players[owner].name} cannot {action} outside a battle window "
                "during the other player's turn",
            )

    def _action(
        self, check: Callable[[], None], act: Callable[[*Args], None], *args: *Args
    ) -> list[Step]:
        """Check, then act inside a transaction; capture after the step of play (14.4.2).

        A loop that never ends (P-25) raises LoopError from ``act``: the transaction undoes it.
        """
        mark = self._checkpoint()  # a transaction without a context manager's calls: a hot path
        try:
            check()
            first = len(self.steps)
            act(*args)
            self._settle()
        except BaseException:
            self._roll_back(mark)
            raise
        return self.steps[first:]

    def _verify_by_acting(self, check: Callable[[], None], act: Callable[[], object]) -> None:
        """``verify_x`` of an action that can set off triggers: the static checks, then, when a
        loop is possible, the action rehearsed and undone, as only acting shows a loop that
        never ends (P-25)."""
        check()
        if self._may_loop():
            self.rehearse(act)

    def _may_loop(self) -> bool:
        """Only triggered abilities repeat, and only cards on the table trigger: without such a
        card nothing an action does can loop (P-25)."""
        return bool(self.table.index.triggers)

    def _settle(self) -> None:
        """After a step of play: capture, then each pending trigger as its own step (S-12).

        Inside a battle window triggers resolve and nothing is captured (S-13, 14.4.2). Triggers
        can answer each other for ever, so each card's trigger counts its resolutions (P-25): any
        number of different triggers may resolve once; a capture check ends by itself, as each of
        its rounds turns at least one more card face down.
        """
        if self.battle is None:
            self._capture_check(AFTER_PLAY)
        if not self.pending:
            return
        guard = LoopGuard()
        while self.pending and not self.table.game_over:
            trigger = self.pending[0]
            guard.tick(f"{trigger.card}'s trigger {trigger.label}")
            ordered = len(self.pending) > 1  # several waiting: S-16 and P-26 fix their order
            self._resolve_trigger(self.pending.pop(0), ordered)
            if self.battle is None:
                self._capture_check(AFTER_PLAY)
        if self.pending:  # the game is over: nothing resolves any more (S-17)
            self._end_pending(self.pending, "the game is over", ["S-17"])

    def _end_pending(self, ended: Sequence[PendingTrigger], why: str, rules: Sequence[str]) -> None:
        """Pending triggers that end before they resolve, each shown as a step with its rule."""
        self.pending = [t for t in self.pending if t not in ended]
        for trigger in ended:
            self.record(
                f"{trigger.card}'s trigger {trigger.label} ends before it resolves: {why}",
                rules,
                Cause(kind="trigger", card=trigger.card, text=f"{trigger.card}: {trigger.label}"),
            )

    @contextmanager
    def _simultaneous(self) -> Iterator[None]:
        """Triggers set off by simultaneous events wait in the one order (S-16, P-26)."""
        waiting = list(self.pending)  # kept alive, so their ids stay theirs
        yield
        old = {id(t) for t in waiting}  # a capture may have ended some of them meanwhile (S-14)
        new = [t for t in self.pending if id(t) not in old]
        cards = {t.card: self._card(t.card) for t in new}
        order = [c.uid for c in self.table.in_order(cards.values())]
        self.pending = [t for t in self.pending if id(t) in old] + sorted(
            new, key=lambda t: order.index(t.card)
        )

    def _actor_rules(self, owner: int) -> list[str]:
        """The other player acts only inside a battle window (S-13, P-1): the step says so."""
        return ["S-13", "P-1"] if owner != self.table.turn_player else []

    # ----------------------------------------------------------------------------- targets

    def verify_target(self, controller: int, spec: TargetSpec | None, target: str | None) -> None:
        """Raise unless ``target`` is a legal chosen target for ``spec`` (14.5.1, S-15)."""
        if spec is None:
            if target is not None:
                raise RuleError("S-15", "this card does not target; remove the target")
            return
        if target is None:
            raise RuleError("S-15", f"this card needs a target: {spec.describe()}")
        card = self._card(target)
        if spec.side != "any" and (card.owner == controller) != (spec.side == "own"):
            raise RuleError("S-15", f"{target} is not {spec.describe()}")
        if spec.kind == "captured_soul":
            if not (card.zone == "slot" and card.face_down):
                raise RuleError("14.5.1", f"{target} is not a captured Soul")
            return
        if card.zone == "slot" and card.face_down:
            raise RuleError(
                "14.5.1",
                f"{target} is captured: only effects that ask for a captured Soul target it",
            )
        if card.zone not in TARGET_ZONES[spec.kind] or card.face_down:
            raise RuleError("S-15", f"{target} is not {spec.describe()} on the table")
        if spec.line != "any" and self.table.line(target) != spec.line:
            raise RuleError("S-2", f"{target} is not in the {spec.line.capitalize()} Line")

    def _auto_targets(
        self, who: str, target: EffectTarget, chosen: str | None, source: str | None
    ) -> list[str]:
        table, owner = self.table, self._card(who).owner
        if target == "target":
            return [chosen] if chosen is not None else []
        if target == "self":
            return [who]
        if target == "source":
            return [source] if source is not None and table.is_active(source) else []
        if target in ("own_realm", "enemy_realm"):
            realm = table.realm(owner if target == "own_realm" else 1 - owner)
            return [realm.uid] if realm is not None and not realm.face_down else []
        side = owner if target == "all_own_souls" else 1 - owner
        return [c.uid for c in table.souls(side) if not c.face_down]

    # ----------------------------------------------------------------------------- damage

    def _deal_damage(
        self,
        uid: str,
        amount: int,
        source: str | None,
        cause: Cause,
        rules: Sequence[str],
        kind: str = "",
    ) -> None:
        """Deal damage as one step (S-8); ``kind`` is "attack ", "counterblow " or "HP paid as "."""
        card, rounded = self._card(uid), round_down_to_5(amount)
        hp_before = self.table.hp(uid)
        if hp_before == 0:
            self.record(f"{uid} is at 0 HP and takes no damage", [*rules, "14.1.4", "S-9"], cause)
            return
        if rounded == 0:
            self.record(
                f"{amount} rounds down to no damage for {uid}", [*rules, "14.1.2", "S-7"], cause
            )
            return
        dealt = min(rounded, hp_before)
        notes = [f"{amount} rounded down"] if rounded != amount else []
        notes += [f"{rounded} capped at its {hp_before} HP"] if dealt != rounded else []
        self._set(card.evolve(damage=card.damage + dealt), may_reach_0_hp=dealt == hp_before)
        self.record(  # damage leaves max HP as it was: HP falls by what was dealt
            f"{uid} takes {dealt} {kind}damage (HP {hp_before} -> {hp_before - dealt})"
            + (f"; {', '.join(notes)}" if notes else ""),
            [*rules, "14.1.2", "S-8", *(["S-7", "P-9"] if notes else [])],
            cause,
            [
                StatChanged.model_construct(
                    card=uid, stat="damage", before=card.damage, after=card.damage + dealt
                )
            ],
        )
        self._queue_triggers(uid, "damaged", source)

    def _heal(self, uid: str, amount: int, cause: Cause) -> None:
        """Healing rounds first, then removes at most the card's damage (14.2.1, 14.2.2, S-10)."""
        card, rounded = self._card(uid), round_down_to_5(amount)
        if rounded == 0:
            self.record(
                f"healing {amount} rounds down to no healing for {uid}", ["14.2.2", "S-7"], cause
            )
            return
        healed = min(rounded, card.damage)
        if healed == 0:
            self.record(
                f"{uid} is healed by {rounded}: it has no damage, nothing happens",
                ["14.2.1", "S-10"],
                cause,
            )
            return
        self._set(card.evolve(damage=card.damage - healed), may_reach_0_hp=False)  # HP rises
        note = f"; {amount} rounded down" if rounded != amount else ""
        note += f"; only {healed} of {rounded} removed" if healed != rounded else ""
        self.record(
            f"{uid} heals {healed} (damage {card.damage} -> {card.damage - healed}){note}",
            ["14.2.1", "14.2.2", "S-10", *(["S-7", "P-9"] if note else [])],
            cause,
            [
                StatChanged.model_construct(
                    card=uid, stat="damage", before=card.damage, after=card.damage - healed
                )
            ],
        )

    def _pay_hp(self, uid: str, cost: int, cause: Cause) -> None:
        """Pay ``cost`` HP as damage (14.3.1); it rounds like damage, and the step says so (S-7)."""
        if round_down_to_5(cost) == 0:
            rounded = cost != 0
            self.record(
                f"{uid} pays 0 HP{f' ({cost} rounded down)' if rounded else ''}: it costs nothing",
                ["14.3.2", "S-11", *(["S-7", "P-9"] if rounded else [])],
                cause,
            )
            return
        self._deal_damage(uid, cost, uid, cause, ["14.3.1", "S-11"], "HP paid as ")

    def _hp_cost(self, uid: str, cost: int | Literal["10x_rank"]) -> int:
        """The HP a cost asks for, before rounding (S-7 rounds it when it is paid)."""
        return 10 * self._definition(uid).rank if cost == "10x_rank" else cost

    def _verify_can_pay(self, uid: str, cost: int) -> None:
        card, paid = self._card(uid), round_down_to_5(cost)
        if card.zone != "slot":
            raise RuleError("S-11", f"{uid} is not a Soul on a slot and cannot pay HP")
        if card.face_down:
            raise RuleError("S-11", f"{uid} is captured and pays nothing")
        if self.table.hp(uid) < paid:
            raise RuleError("S-11", f"{uid} has {self.table.hp(uid)} HP and cannot pay {paid} HP")

    # ----------------------------------------------------------------------------- capture

    def _capture(self, uids: Sequence[str], cause: Cause, rules: Sequence[str]) -> None:
        """Turn cards face down on their slots, all at once (14.4.1, 14.4.5, 14.4.6, S-14)."""
        lines_before = self._lines(
            (card.owner, card.slot) for card in map(self._card, uids) if card.slot is not None
        )
        table_before = self.table
        changes: list[Change] = []
        for uid in uids:
            card = self._card(uid)
            kind: Literal["captured", "shattered"] = (
                "shattered" if card.zone == "realm" else "captured"
            )
            for bonus in card.bonuses:
                changes.append(BonusChanged(kind="bonus_ended", card=uid, bonus=bonus.describe()))
            self._set(card.evolve(face_down=True, bonuses=()))
            changes.append(Flipped(kind=kind, card=uid, place=card.place()))
            for armament in self.table.armaments(uid):
                self._set(armament.evolve(zone="elysium", attached_to=None))
                changes.append(Moved(card=armament.uid, before=armament.place(), after="elysium"))
        souls = [uid for uid in uids if self._card(uid).zone == "slot"]
        realms = [uid for uid in uids if self._card(uid).zone == "realm"]
        text = []
        if souls:
            verb = "is" if len(souls) == 1 else "are"
            text.append(f"{', '.join(souls)} {verb} captured: face down, on the slot")
        if realms:
            text.append(f"{', '.join(realms)} shatters: face down")
        armaments = [c.card for c in changes if isinstance(c, Moved)]
        text += [f"{', '.join(armaments)} to the Elysium"] if armaments else []
        places = {(self._card(uid).owner, self._card(uid).slot) for uid in souls}
        ambushes = [
            c.uid
            for owner, slot in places
            if slot is not None
            for c in self.table.ambushes_at(owner, slot)
        ]
        stay = "stays at its slot" if len(ambushes) == 1 else "stay at their slots"
        text += [f"{', '.join(ambushes)} {stay}"] if ambushes else []
        counted = self._counted_changes(table_before)  # the captured are not active (14.5.1)
        text += [f"{c.card} {c.stat} {c.before} -> {c.after}" for c in counted]
        self.record(
            "; ".join(text),
            [
                *rules,
                "14.4.1",
                "14.4.5",
                "S-14",
                *(["S-16", "P-26"] if len(uids) > 1 else []),
                *(["S-4"] if armaments else []),
                *(["P-3"] if ambushes else []),
                *(["S-6"] if any(isinstance(c, BonusChanged) for c in changes) else []),
                *(["14.5.3"] if counted else []),
            ],
            cause,
            [*changes, *counted],
        )
        self._record_line_changes(lines_before, cause)
        # S-14: a capture ends the pending effects of the captured cards (P-2).
        for uid in uids:
            ended = [t for t in self.pending if t.card == uid]
            verb = "shattered" if uid in realms else "was captured"
            self._end_pending(ended, f"{uid} {verb}", ["S-14", "P-2"])
        for uid in uids:  # given in the order of simultaneous events (S-16, P-26)
            self._queue_triggers(uid, "captured", None)
        self._check_game_over(cause)

    def _counted_changes(self, before: SoulsTable) -> list[StatChanged]:
        """Max HP and power of active cards that changed because a count changed (Sylva, 14.5.3)."""
        changes: list[StatChanged] = []
        for card in self.table.with_statics():
            if not self.table.is_active(card.uid):
                continue
            stats: tuple[Literal["max_hp", "power"], ...] = ("max_hp", "power")
            for stat in stats:
                old, new = (
                    before.static_bonus(card.uid, stat),
                    self.table.static_bonus(card.uid, stat),
                )
                if old != new:
                    value = self.table.stat(card.uid, stat)
                    changes.append(
                        StatChanged(card=card.uid, stat=stat, before=value - new + old, after=value)
                    )
        return changes

    def _lines(self, places: Iterable[tuple[int, str]]) -> dict[str, str | None]:
        """The line of every Soul in the columns of ``places``: only a change in its column can
        move a Soul between the lines (S-2). In the order of simultaneous events (P-26)."""
        columns = {(owner, slot[:1]) for owner, slot in places}
        souls = [card for owner, column in columns for card in self.table.column(owner, column)]
        return {card.uid: self.table.line(card.uid) for card in self.table.in_order(souls)}

    def _record_line_changes(self, before: Mapping[str, str | None], cause: Cause) -> None:
        """Each Soul whose derived line changed gets its own step (S-2)."""
        for uid, line in before.items():
            now = self.table.line(uid)
            if line is None or now in (None, line):
                continue
            change = LineChanged(card=uid, before=line, after=str(now))
            if now == "front":
                self.record(
                    f"{uid} steps into the Front Line", ["14.5.3", "5.2.4", "S-2"], cause, [change]
                )
            else:
                self.record(
                    f"{uid} is now behind a Soul: Back Line", ["S-2", "P-8"], cause, [change]
                )

    def _capture_check(self, cause: Cause, extra_rules: Sequence[str] = ()) -> None:
        """Capture every active card at 0 HP, all at once, until nothing changes (S-12). Only a
        card marked since the last check can be at 0 HP (``_set``)."""
        while self._stale and not self.table.game_over:
            at_zero = self._at_zero()
            if not at_zero:
                break
            rules = ["14.4.2", "S-12"]
            if any(
                self.table.max_hp(uid) < self._baseline.max_hp(uid)
                for uid in at_zero
                if uid in self._baseline.cards
            ):
                rules.append("14.4.3")
            if any(self._card(uid).zone == "realm" for uid in at_zero):
                rules.append("14.4.6")
            self._capture(at_zero, cause, [*extra_rules, *rules])
        self._baseline = self.table

    def _at_zero(self) -> list[str]:
        """Active cards at 0 HP, in the order of simultaneous events: only a card whose HP may
        have changed since the last check can be one (the index says which, 14.5.3)."""
        table, stale = self.table, self._stale
        self._stale = set()
        at_zero = [
            table.cards[uid]
            for uid in stale
            if uid in table.cards and table.is_active(uid) and table.hp(uid) == 0
        ]
        return [card.uid for card in table.in_order(at_zero)] if at_zero else []

    def _check_game_over(self, cause: Cause) -> None:
        realms = [self.table.realm(owner) for owner in range(len(self.table.players))]
        shattered = self.table.in_order(r for r in realms if r is not None and r.face_down)
        if self.table.game_over or not shattered:
            return
        if len(shattered) > 1:  # both players lose at once: nobody wins (P-23)
            self.table = self.table.evolve(drawn=True)
            self.record(
                "Both Realms have shattered at once: the game is a draw",
                ["S-17", "P-23"],
                cause,
                [GameEnded(winner="nobody", reason="both Realms shattered")],
            )
            return
        realm = shattered[0]
        winner = 1 - realm.owner
        self.table = self.table.evolve(winner=winner)
        name = self.table.players[winner].name
        self.record(
            f"{name} wins: {realm.uid} has shattered",
            ["S-17"],
            cause,
            [GameEnded(winner=name, reason=f"{realm.uid} shattered")],
        )

    # ----------------------------------------------------------------------------- triggers

    def _queue_triggers(self, uid: str, when: str, source: str | None) -> None:
        if uid not in self.table.index.triggers:
            return  # only a card on the table with such an ability can trigger (the index)
        card = self._card(uid)
        if when != "captured" and not self.table.is_active(uid):
            return  # a captured Soul has no effects (14.5.1)
        for ability in self.table.defs[card.name].abilities:
            if ability.when == when:
                self.pending.append(PendingTrigger(uid, ability, source))

    def _resolve_trigger(self, trigger: PendingTrigger, ordered: bool) -> None:
        label = trigger.label
        cause = Cause(kind="trigger", card=trigger.card, text=f"{trigger.card}: {label}")
        rules = {
            "damaged": ["14.1.5", "S-8", "S-12"],
            "captured": ["S-12", "P-2"],
            "end_of_turn": ["S-12", "P-7"],
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
        self._resolve_effects(trigger.card, trigger.ability.effects, None, trigger.source, cause)

    # ----------------------------------------------------------------------------- effects

    def _resolve_effects(
        self,
        who: str,
        effects: Sequence[Effect],
        chosen: str | None,
        source: str | None,
        cause: Cause,
    ) -> None:
        for effect in effects:
            targets = self._auto_targets(who, effect.target, chosen, source)
            if not targets:
                self.record(
                    f"{effect.do}: no legal target, nothing happens",
                    ["S-15"],
                    cause,
                )
                continue
            with self._simultaneous():  # an effect reaches all its cards at once
                for target in targets:
                    self._apply_effect(who, effect, target, cause)

    def _unaffected(self, effect: Effect, target: str) -> tuple[str, str] | None:
        """Why ``effect`` can no longer apply to ``target`` as it resolves: (rule, reason)."""
        card = self._card(target)
        if effect.do == "exile":
            captured = card.zone == "slot" and card.face_down
            return None if captured else ("14.5.4", "only a captured Soul is exiled")
        if not self.table.is_active(target):
            return ("14.5.1", "it is not active (captured, shattered or off the table)")
        if effect.do == "capture" and card.zone != "slot":
            return ("14.4.4", "only a Soul on a slot is captured")
        return None

    def _apply_effect(self, who: str, effect: Effect, target: str, cause: Cause) -> None:
        reason = self._unaffected(effect, target)
        if reason is not None:
            self.record(
                f"{effect.do} on {target}: nothing happens, {reason[1]}", [reason[0], "P-4"], cause
            )
        elif effect.do == "damage":
            self._deal_damage(target, effect.amount, who, cause, ["14.1.1"])
        elif effect.do == "heal":
            self._heal(target, effect.amount, cause)
        elif effect.do == "capture":
            self._capture([target], cause, ["14.4.4", "S-13"] if self.battle else ["14.4.4"])
        elif effect.do == "exile":
            self._exile(target, cause)
        elif effect.do == "bonus":
            self._add_bonus(
                target,
                Bonus(stat=effect.stat, amount=effect.amount, duration=effect.duration, source=who),
                cause,
            )

    def _exile(self, uid: str, cause: Cause) -> None:
        card, before = self._card(uid), self.table
        self._set(card.evolve(zone="exile", slot=None, face_down=False, damage=0))
        counted = self._counted_changes(before)
        self.record(
            f"{uid} is exiled: slot {card.slot} is free again"
            + "".join(f"; {c.card} {c.stat} {c.before} -> {c.after}" for c in counted),
            ["14.5.4", "S-14", "P-5", *(["14.5.3"] if counted else [])],
            cause,
            [Moved(card=uid, before=card.place(), after="exile"), *counted],
        )

    def _add_bonus(self, uid: str, bonus: Bonus, cause: Cause) -> None:
        card = self._card(uid)
        stat_before = self.table.stat(uid, bonus.stat)
        self._set(card.evolve(bonuses=(*card.bonuses, bonus)))
        self.record(
            f"{uid} gets {bonus.describe()} ({bonus.stat} {stat_before} -> "
            f"{self.table.stat(uid, bonus.stat)})",
            ["S-6", "14.4.3"] if self.table.hp(uid) == 0 and card.damage else ["S-6"],
            cause,
            [BonusChanged(kind="bonus_added", card=uid, bonus=bonus.describe())],
        )

    # ----------------------------------------------------------------------------- recruit

    def verify_recruit(self, uid: str, slot: str) -> None:
        self._require_game_on()
        self._require_no_battle("recruit")
        card = self._card(uid)
        if card.zone != "hand" or self.table.definition(uid).kind != "soul":
            raise RuleError("S-3", f"{uid} is not a Soul in its owner's hand")
        self._require_turn_player(card.owner, "recruit")
        if slot not in self.table.slot_names():
            raise RuleError(
                "S-1", f"there is no slot {slot} (slots: {', '.join(self.table.slot_names())})"
            )
        occupant = self.table.occupant(card.owner, slot)
        if occupant is not None and occupant.face_down:
            raise RuleError("14.5.2", f"slot {slot} is occupied by a captured Soul")
        if occupant is not None:
            raise RuleError("S-3", f"slot {slot} is not empty: {occupant.uid} stands on it")
        above = self.table.slot_above(slot)
        if above is not None:
            holder = self.table.occupant(card.owner, above)
            if holder is None:
                raise RuleError("S-3", f"slot {slot} hangs under the empty slot {above}")
            if holder.face_down:
                raise RuleError("14.5.2", f"slot {slot} hangs under a captured Soul on {above}")

    def can_recruit(self, uid: str, slot: str) -> bool:
        return self._can(self.verify_recruit, uid, slot)

    def recruit(self, uid: str, slot: str) -> list[Step]:
        """Put a Soul from hand onto an empty slot (S-3)."""

        def act() -> None:
            card = self._card(uid)
            cause = Cause(kind="action", card=uid, text=f"recruit {uid}")
            lines_before = self._lines([(card.owner, slot)])
            self._set(card.evolve(zone="slot", slot=slot))
            self.record(
                f"{uid} is recruited onto slot {slot} ({self.table.line(uid)} Line)",
                ["S-3", "S-2"],
                cause,
                [
                    Played(card=uid, to=f"slot {slot}"),
                    Moved(card=uid, before="hand", after=f"slot {slot}"),
                ],
            )
            self._record_line_changes(lines_before, cause)

        return self._action(lambda: self.verify_recruit(uid, slot), act)

    # ----------------------------------------------------------------------------- play

    def verify_play(self, uid: str, target: str | None = None, slot: str | None = None) -> None:
        self._verify_by_acting(
            lambda: self._check_play(uid, target, slot), lambda: self.play(uid, target, slot)
        )

    def _check_play(self, uid: str, target: str | None, slot: str | None) -> None:
        self._require_game_on()
        card = self._card(uid)
        definition = self.table.definition(uid)
        if card.zone != "hand":
            raise RuleError("S-4", f"{uid} is not in its owner's hand")
        if definition.kind == "soul":
            raise RuleError("S-3", f"{uid} is a Soul: recruit it onto a slot instead")
        if definition.kind == "realm":
            raise RuleError("S-1", f"{uid} is a Realm and is not played from hand")
        self._require_turn_player(card.owner, "play a card")
        if definition.kind == "ambush":
            if self.battle is not None:
                raise RuleError("S-13", "an Ambush is set outside battles")
            if slot not in self.table.slot_names():
                raise RuleError("S-1", f"an Ambush is set at one of your slots, not {slot!r}")
            if target is not None:
                raise RuleError("S-15", "an Ambush does not target when it is set")
            return
        spec = OWN_SOUL if definition.kind == "armament" else definition.target
        self.verify_target(card.owner, spec, target)

    def can_play(self, uid: str, target: str | None = None, slot: str | None = None) -> bool:
        return self._can(self.verify_play, uid, target, slot)

    def play(self, uid: str, target: str | None = None, slot: str | None = None) -> list[Step]:
        """Play a spell, an Armament onto your Soul, or set an Ambush at your slot."""

        def act() -> None:
            card, definition = self._card(uid), self.table.definition(uid)
            cause = Cause(kind="action", card=uid, text=f"play {uid}")
            actor = self._actor_rules(card.owner)
            if definition.kind == "armament":
                assert target is not None
                self._set(card.evolve(zone="armament", attached_to=target))
                self.record(
                    f"{uid} is attached to {target} (max HP {self.table.max_hp(target)}, "
                    f"power {self.table.power(target)})",
                    ["S-5", "S-6", *actor],
                    cause,
                    [
                        Played(card=uid, to=f"armament of {target}"),
                        Moved(card=uid, before="hand", after=f"armament of {target}"),
                    ],
                )
            elif definition.kind == "ambush":
                self._set(card.evolve(zone="ambush", slot=slot))
                self.record(
                    f"{uid} is set as an Ambush at slot {slot}",
                    ["S-4", "14.4.5", "P-3"],
                    cause,
                    [
                        Played(card=uid, to=f"slot {slot} (ambush)"),
                        Moved(card=uid, before="hand", after=f"slot {slot} (ambush)"),
                    ],
                )
            else:
                self.record(
                    f"{uid} is played", ["S-12", *actor], cause, [Played(card=uid, to="play")]
                )
                # a spell is never active: its effects have no ``source`` (docs/scenarios.md)
                self._resolve_effects(uid, definition.effects, target, None, cause)
                spent = self._card(uid)
                self._set(spent.evolve(zone="elysium"))
                self.record(
                    f"{uid} goes to the Elysium",
                    ["S-4"],
                    cause,
                    [Moved(card=uid, before="hand", after="elysium")],
                )

        return self._action(lambda: self._check_play(uid, target, slot), act)

    # ----------------------------------------------------------------------------- abilities

    def _ability(self, uid: str, index: int, when: str) -> Ability:
        abilities = [a for a in self.table.definition(uid).abilities if a.when == when]
        if not 0 <= index < len(abilities):
            raise RuleError("S-5", f"{uid} has no {when} ability number {index}")
        return abilities[index]

    def verify_activate(self, uid: str, index: int = 0, target: str | None = None) -> None:
        self._verify_by_acting(
            lambda: self._check_activate(uid, index, target),
            lambda: self.activate(uid, index, target),
        )

    def _check_activate(self, uid: str, index: int, target: str | None) -> None:
        self._require_game_on()
        card = self._card(uid)
        if card.zone != "slot":
            raise RuleError("S-12", f"{uid} is not a Soul on a slot")
        if card.face_down:
            raise RuleError("14.5.1", f"{uid} is captured: it has no effects")
        self._require_turn_player(card.owner, "activate an ability")
        ability = self._ability(uid, index, "activated")
        if ability.cost_hp is not None:
            self._verify_can_pay(uid, self._hp_cost(uid, ability.cost_hp))
        self.verify_target(card.owner, ability.target, target)

    def can_activate(self, uid: str, index: int = 0, target: str | None = None) -> bool:
        return self._can(self.verify_activate, uid, index, target)

    def activate(self, uid: str, index: int = 0, target: str | None = None) -> list[Step]:
        """Activate a Soul's ability, paying its HP cost first (14.3, S-11)."""

        def act() -> None:
            ability = self._ability(uid, index, "activated")
            label = ability.name or "ability"
            cause = Cause(kind="action", card=uid, text=f"{uid}: {label}")
            actor = self._actor_rules(self._card(uid).owner)
            self.record(f"{uid} activates {label}", ["S-12", *actor], cause)
            if ability.cost_hp is not None:
                self._pay_hp(uid, self._hp_cost(uid, ability.cost_hp), cause)
            self._resolve_effects(uid, ability.effects, target, uid, cause)

        return self._action(lambda: self._check_activate(uid, index, target), act)

    def verify_spring(self, uid: str, target: str | None = None) -> None:
        self._verify_by_acting(
            lambda: self._check_spring(uid, target), lambda: self.spring(uid, target)
        )

    def _check_spring(self, uid: str, target: str | None) -> None:
        self._require_game_on()
        card = self._card(uid)
        if card.zone != "ambush":
            raise RuleError("S-4", f"{uid} is not an Ambush set at a slot")
        ability = self._ability(uid, 0, "sprung")
        self.verify_target(card.owner, ability.target, target)

    def can_spring(self, uid: str, target: str | None = None) -> bool:
        return self._can(self.verify_spring, uid, target)

    def spring(self, uid: str, target: str | None = None) -> list[Step]:
        """Reveal an Ambush: its effects resolve and it goes to the Elysium."""

        def act() -> None:
            card, ability = self._card(uid), self._ability(uid, 0, "sprung")
            cause = Cause(kind="action", card=uid, text=f"spring {uid}")
            self.record(
                f"{uid} is sprung from slot {card.slot}",
                ["S-12", "P-3"],
                cause,
            )
            # an Ambush is never active: its effects have no ``source`` (docs/scenarios.md)
            self._resolve_effects(uid, ability.effects, target, None, cause)
            self._set(self._card(uid).evolve(zone="elysium", slot=None))
            self.record(
                f"{uid} goes to the Elysium",
                ["S-4"],
                cause,
                [Moved(card=uid, before=card.place(), after="elysium")],
            )

        return self._action(lambda: self._check_spring(uid, target), act)

    # ----------------------------------------------------------------------------- battle

    def verify_attack(self, attacker: str, target: str) -> None:
        self._verify_by_acting(
            lambda: self._check_attack(attacker, target), lambda: self.attack(attacker, target)
        )

    def _check_attack(self, attacker: str, target: str) -> None:
        self._require_game_on()
        self._require_no_battle("declare another attack")
        card, defender = self._card(attacker), self._card(target)
        if card.zone != "slot":
            raise RuleError("S-13", f"{attacker} is not a Soul on a slot")
        if card.face_down:
            raise RuleError("14.5.1", f"{attacker} is captured and cannot attack")
        if card.owner != self.table.turn_player:
            raise RuleError("S-13", f"{attacker} is not the turn player's Soul")
        if self.table.line(attacker) != "front":
            raise RuleError("S-13", f"{attacker} is in the Back Line; only Front Line Souls attack")
        if card.attacked_this_turn:
            raise RuleError("S-13", f"{attacker} has already attacked this turn")
        if defender.owner == card.owner:
            raise RuleError("S-13", f"{target} is not an enemy card")
        if defender.face_down:
            raise RuleError(
                "14.5.1",
                f"{target} is {'shattered' if defender.zone == 'realm' else 'captured'} "
                "and cannot be attacked",
            )
        if defender.zone == "realm":
            if self.table.has_front_line_soul(defender.owner):
                raise RuleError(
                    "S-13",
                    f"{target} can be attacked only when no active enemy Soul is in the Front Line",
                )
        elif defender.zone != "slot" or self.table.line(target) != "front":
            raise RuleError("S-13", f"{target} is not an active enemy Front Line Soul")

    def can_attack(self, attacker: str, target: str) -> bool:
        return self._can(self.verify_attack, attacker, target)

    def attack(self, attacker: str, target: str) -> list[Step]:
        """Declare an attack and deal its damage; the battle window stays open (S-13).

        Actions may follow inside the window; ``finish_battle`` runs the capture step.
        """

        def act() -> None:
            self._battles += 1
            self.phase = (self.phase[0], f"Battle {self._battles}")
            card = self._card(attacker)
            self._set(card.evolve(attacked_this_turn=True))
            cause = Cause(kind="action", card=attacker, text=f"{attacker} attacks {target}")
            self.record(
                f"{attacker} attacks {target}",
                ["S-13", "S-12"],
                cause,
                [
                    PhaseChanged(before="Main phase", after=self.phase[1]),
                    Declared(card=attacker, target=target),
                ],
                "Declare",
            )
            battle = self.phase
            self.battle = (attacker, target)
            damage_cause = Cause(kind="rule", card=attacker, text="attack damage")
            power = self.table.power(attacker)
            self.phase = (*battle, "Attack damage")
            # Attack damage and counterblow are simultaneous: both see HP as it was before.
            with self._simultaneous():
                self._deal_damage(
                    target, power, attacker, damage_cause, ["14.1.1", "S-13"], "attack "
                )
                if self._card(target).zone == "realm":
                    self._deal_damage(
                        attacker,
                        self.table.definition(target).counterblow,
                        target,
                        damage_cause,
                        ["14.1.1", "S-13"],
                        "counterblow ",
                    )
            self.phase = (*battle, "Battle window")

        return self._action(lambda: self._check_attack(attacker, target), act)

    def verify_finish_battle(self) -> None:
        self._verify_by_acting(self._check_finish_battle, self.finish_battle)

    def can_finish_battle(self) -> bool:
        return self._can(self.verify_finish_battle)

    def _check_finish_battle(self) -> None:
        if self.battle is None:
            raise RuleError("S-13", "there is no battle to finish")

    def finish_battle(self) -> list[Step]:
        """Close the battle window and run the capture step (9.5.6, 14.4.2)."""

        def act() -> None:
            cause = Cause(kind="rule", text="capture step")
            self.battle = None
            battle = self.phase[:2]
            self.phase = (*battle, "Capture step")
            mark = len(self.steps)
            self._capture_check(cause, ["9.5.6", "S-13"])
            if len(self.steps) == mark:
                self.record("Capture step: no card is at 0 HP", ["9.5.6", "S-13"], cause)
            self._settle()  # "when captured" triggers resolve inside the capture step
            if self.table.game_over:
                return
            self.phase = (self.phase[0], "Main phase")
            self.record(
                "Back to the main phase",
                ["S-12"],
                cause,
                [PhaseChanged(before=f"Battle {self._battles}", after="Main phase")],
            )

        return self._action(self._check_finish_battle, act)

    # ----------------------------------------------------------------------------- end of turn

    def verify_end_turn(self) -> None:
        self._verify_by_acting(self._check_end_turn, self.end_turn)

    def _check_end_turn(self) -> None:
        self._require_game_on()
        self._require_no_battle("end the turn")

    def can_end_turn(self) -> bool:
        return self._can(self.verify_end_turn)

    def end_turn(self) -> list[Step]:
        """End phase: end-of-turn triggers, then "until end of turn" bonuses end; no healing."""

        def act() -> None:
            turn = self.phase[0]
            self.phase = (turn, "End phase")
            cause = Cause(kind="rule", text="end phase")
            self.record(
                "The end phase begins: damage stays, nothing heals",
                ["14.1.3", "S-6", "S-12"],
                cause,
                [PhaseChanged(before="Main phase", after="End phase")],
            )
            for card in self.table.with_triggers():  # in the order of simultaneous events (P-26)
                if self.table.is_active(card.uid):
                    self._queue_triggers(card.uid, "end_of_turn", None)
            self._settle()
            self._end_bonuses(cause)
            self._settle()
            if self.table.game_over:
                return
            table = self.table
            for card in table.expiring():
                if card.attacked_this_turn:
                    self._set(card.evolve(attacked_this_turn=False))
            self.table = self.table.evolve(turn=table.turn + 1, turn_player=1 - table.turn_player)
            self.phase = (self._turn_name(self.table), "Main phase")
            self._battles = 0
            self.record(
                f"{self.phase[0]} begins",
                ["S-12"],
                cause,
                [PhaseChanged(before=turn, after=self.phase[0])],
            )

        return self._action(self._check_end_turn, act)

    def _end_bonuses(self, cause: Cause) -> None:
        changes: list[Change] = []
        for card in self.table.expiring():
            ending = [b for b in card.bonuses if b.duration == "end_of_turn"]
            if ending:
                self._set(card.evolve(bonuses=tuple(b for b in card.bonuses if b not in ending)))
                changes += [
                    BonusChanged(kind="bonus_ended", card=card.uid, bonus=b.describe())
                    for b in ending
                ]
        if changes:
            self.record('Bonuses "until end of turn" end', ["S-6", "14.1.3"], cause, changes)

    # ----------------------------------------------------------------------------- playtester edits

    def _edit(
        self, text: str, target: str, check: Callable[[], None], act: Callable[[Cause], None]
    ) -> list[Step]:
        cause = Cause.model_construct(kind="playtester", card=target, text=text)  # a hot path
        return self._action(check, act, cause)

    def _check_deal(self, target: str) -> None:
        """Effect damage and healing need an active Soul or Realm, not a captured one (14.5.1)."""
        self._require_game_on()
        self.verify_target(self._card(target).owner, SOUL_OR_REALM, target)

    def verify_deal(self, target: str, amount: int) -> None:
        self._verify_by_acting(lambda: self._check_deal(target), lambda: self.deal(target, amount))

    def verify_heal(self, target: str) -> None:
        """Healing sets off no trigger, so it cannot loop: the checks are enough."""
        self._check_deal(target)

    def _check_pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> None:
        self._require_game_on()
        self._verify_can_pay(uid, self._hp_cost(uid, amount))

    def verify_pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> None:
        self._verify_by_acting(
            lambda: self._check_pay_hp(uid, amount), lambda: self.pay_hp(uid, amount)
        )

    def _check_capture(self, target: str) -> None:
        self._check_deal(target)
        if self._card(target).zone != "slot":
            raise RuleError("14.4.4", f"{target} is not a Soul on a slot")

    def verify_capture(self, target: str) -> None:
        self._verify_by_acting(lambda: self._check_capture(target), lambda: self.capture(target))

    def _check_exile(self, target: str) -> None:
        self._require_game_on()
        self.verify_target(self._card(target).owner, TargetSpec(kind="captured_soul"), target)

    def verify_exile(self, target: str) -> None:
        self._verify_by_acting(lambda: self._check_exile(target), lambda: self.exile(target))

    def _check_add_bonus(self, target: str, amount: int) -> None:
        self._check_deal(target)
        if amount % 5:
            raise RuleError("S-5", f"a bonus is a multiple of 5, not {amount}")

    def verify_add_bonus(
        self,
        target: str,
        stat: Literal["max_hp", "power"],
        amount: int,
        duration: Literal["permanent", "end_of_turn"] = "permanent",
    ) -> None:
        self._verify_by_acting(
            lambda: self._check_add_bonus(target, amount),
            lambda: self.add_bonus(target, stat, amount, duration),
        )

    def _check_detach(self, uid: str) -> None:
        self._require_game_on()
        if self._card(uid).zone != "armament":
            raise RuleError("S-4", f"{uid} is not an Armament attached to a Soul")

    def verify_detach(self, uid: str) -> None:
        self._verify_by_acting(lambda: self._check_detach(uid), lambda: self.detach(uid))

    def can_deal(self, target: str, amount: int) -> bool:
        return self._can(self.verify_deal, target, amount)

    def can_heal(self, target: str) -> bool:
        return self._can(self.verify_heal, target)

    def can_pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> bool:
        return self._can(self.verify_pay_hp, uid, amount)

    def can_capture(self, target: str) -> bool:
        return self._can(self.verify_capture, target)

    def can_exile(self, target: str) -> bool:
        return self._can(self.verify_exile, target)

    def can_add_bonus(
        self,
        target: str,
        stat: Literal["max_hp", "power"],
        amount: int,
        duration: Literal["permanent", "end_of_turn"] = "permanent",
    ) -> bool:
        return self._can(self.verify_add_bonus, target, stat, amount, duration)

    def can_detach(self, uid: str) -> bool:
        return self._can(self.verify_detach, uid)

    def deal(self, target: str, amount: int) -> list[Step]:
        """A playtester's edit: ``amount`` damage to ``target`` as an effect (14.1.1, 14.1.4)."""
        return self._edit(
            f"deal {amount} to {target}",
            target,
            lambda: self._check_deal(target),
            lambda cause: self._deal_damage(target, amount, None, cause, ["14.1.1"]),
        )

    def heal(self, target: str, amount: int) -> list[Step]:
        """A playtester's edit: heal ``target`` by ``amount`` (14.2, S-10)."""
        return self._edit(
            f"heal {target} by {amount}",
            target,
            lambda: self._check_deal(target),
            lambda cause: self._heal(target, amount, cause),
        )

    def pay_hp(self, uid: str, amount: int | Literal["10x_rank"]) -> list[Step]:
        """A playtester's edit: ``uid`` pays HP (14.3, S-11)."""
        return self._edit(
            f"{uid} pays {amount} HP",
            uid,
            lambda: self._check_pay_hp(uid, amount),
            lambda cause: self._pay_hp(uid, self._hp_cost(uid, amount), cause),
        )

    def capture(self, target: str) -> list[Step]:
        """A playtester's edit: capture ``target`` directly, whatever its HP (14.4.4)."""
        return self._edit(
            f"capture {target}",
            target,
            lambda: self._check_capture(target),
            lambda cause: self._capture([target], cause, ["14.4.4"]),
        )

    def exile(self, target: str) -> list[Step]:
        """A playtester's edit: exile a captured Soul, freeing its slot (14.5.4)."""
        return self._edit(
            f"exile {target}",
            target,
            lambda: self._check_exile(target),
            lambda cause: self._exile(target, cause),
        )

    def add_bonus(
        self,
        target: str,
        stat: Literal["max_hp", "power"],
        amount: int,
        duration: Literal["permanent", "end_of_turn"] = "permanent",
    ) -> list[Step]:
        """A playtester's edit: a max-HP or power bonus (negative to take one away, 14.4.3)."""
        bonus = Bonus(stat=stat, amount=amount, duration=duration, source="playtester")
        return self._edit(
            f"{target} gets {bonus.describe()}",
            target,
            lambda: self._check_add_bonus(target, amount),
            lambda cause: self._add_bonus(target, bonus, cause),
        )

    def detach(self, uid: str) -> list[Step]:
        """A playtester's edit: an Armament leaves its Soul for its owner's Elysium, where an
        Armament goes when it leaves play (S-4, 14.4.5); a max-HP loss can capture (14.4.3)."""

        def act(cause: Cause) -> None:
            card = self._card(uid)
            soul = card.attached_to
            assert soul is not None
            max_hp, power = self.table.max_hp(soul), self.table.power(soul)
            self._set(card.evolve(zone="elysium", attached_to=None))
            self.record(
                f"{uid} is detached from {soul} and goes to the Elysium ({soul} max HP "
                f"{max_hp} -> {self.table.max_hp(soul)}, power {power} -> "
                f"{self.table.power(soul)})",
                ["S-4", "14.4.5"],
                cause,
                [Moved(card=uid, before=card.place(), after="elysium")],
            )

        return self._edit(f"detach {uid}", uid, lambda: self._check_detach(uid), act)
