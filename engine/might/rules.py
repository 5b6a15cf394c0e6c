"""The might ruleset's core: lethal checks, damage replacements, the chain, effects, playing
and moving (combat and the end of turn: ``engine.might.turn``; edits: ``engine.might.game``).

Actions follow the souls pattern: ``verify_x`` raises a ``RuleError``, ``can_x`` answers with a
bool, ``x`` acts and returns the steps it recorded; a rejected action changes nothing. Decisions
the rules leave to a player (replacement order, combat assignment) go to the game's ``chooser``.

A spell waits on the chain, where a Reaction can answer it; ``resolve`` (both players pass)
resolves the chain last in first out, each item with its cleanup (M5, M-7):

>>> from engine.scenario import might_game_from_yaml
>>> game = might_game_from_yaml('''
... ruleset: might
... title: A spell and a reaction
... rules: [M-7]
... setup:
...   players:
...     - name: Alice
...       hand: [{card: Spark}]
...       units: [{card: Iron Sentinel, at: Battlefield 1}]
...     - name: Bob
...       hand: [{card: Bulwark}]
...       units: [{card: Stone Whelp, at: Battlefield 1}]
... ''')
>>> [step.description for step in game.play("spark", "stone-whelp")]
['spark targeting stone-whelp goes on the chain']
>>> game.can_play("bulwark", "stone-whelp")  # a Reaction may answer while the chain waits
True
>>> game.verify_end_turn()
Traceback (most recent call last):
...
engine.errors.RuleError: cannot end the turn while the chain is not empty; ... (rule M-7)
>>> _ = game.play("bulwark", "stone-whelp")
>>> [step.description for step in game.resolve() if "resolves" in step.description]
['bulwark targeting stone-whelp resolves', 'spark targeting stone-whelp resolves']
>>> game.table.cards["stone-whelp"].damage  # Bulwark resolved first and prevented the Spark
0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from engine.changes import (
    Change,
    Died,
    Moved,
    Played,
    StatChanged,
    StatusChanged,
    Triggered,
)
from engine.choices import Answer, Choice, Chooser, default_chooser
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might.cards import Ability, Duration, Effect, Scope
from engine.might.damage import (
    DamageEvent,
    DamageKind,
    applicable_replacements,
    order_of,
    resolve_event,
    verify_order,
)
from engine.might.table import (
    BonusDamageGrant,
    ChainItem,
    Doubler,
    LethalOverride,
    MightCard,
    MightModifier,
    MightTable,
    Shield,
)
from engine.timeline import Cause, Recorder, Step, turn_label


class MightRules(Recorder[MightTable]):
    """A might game in progress: the current table, its timeline and the players' actions
    (``MightTurn`` adds combat and the end of turn, ``MightGame`` the playtester's edits)."""

    def __init__(self, table: MightTable, chooser: Chooser = default_chooser) -> None:
        super().__init__(table, (self._turn_name(table), "Main phase"))
        self.chooser = chooser

    # ----------------------------------------------------------------------------- helpers

    @staticmethod
    def _turn_name(table: MightTable) -> str:
        return turn_label(table.turn, table.players[table.turn_player].name)

    def _card(self, uid: str) -> MightCard:
        if uid not in self.table.cards:
            raise RuleError("M-1", f"there is no card {uid!r}")
        return self.table.cards[uid]

    def _unit(self, uid: str) -> MightCard:
        card = self._card(uid)
        if card.zone not in ("base", "battlefield"):
            raise RuleError("M-1", f"{uid} is not a unit on the table (it is in {card.zone})")
        return card

    def verify_unit(self, uid: str) -> None:
        """Raise unless ``uid`` is a unit on the table (base or battlefield)."""
        self._unit(uid)

    def _set(self, card: MightCard) -> None:
        self.table = self.table.with_card(card)

    def _new_number(self) -> int:
        """The next number in creation order (ids ``e1``, ``e2``, ...; the default order, M-4)."""
        number = self.table.next_id
        self.table = self.table.evolve(next_id=number + 1)
        return number

    def _controller(self, uid: str) -> int:
        return self.table.cards[uid].owner

    def _require_empty_chain(self, action: str) -> None:
        if self.table.chain:
            raise RuleError(
                "M-7", f"cannot {action} while the chain is not empty; resolve it first"
            )

    def _require_turn_player(self, owner: int, action: str) -> None:
        if owner != self.table.turn_player:
            name = self.table.players[owner].name
            raise RuleError("M-1", f"{name} cannot {action} during the other player's turn")

    def _action(self, verify: Callable[[], None], act: Callable[[], None]) -> list[Step]:
        with self.transaction():
            verify()
            mark = len(self.steps)
            act()
            return self.steps[mark:]

    def _ask(self, choice: Choice) -> Answer:
        return self.chooser(choice)

    def _may_loop(self) -> bool:
        """True when a unit on the table has a triggered ability: only then can an action's
        triggers, chain or expiration repeat for ever (P-25)."""
        return bool(self.table.index.triggers)

    def _verify_settles(self, act: Callable[[], None]) -> None:
        """Raise LoopError (P-25) when ``act`` would loop forever: it is tried on the table as
        it stands, with the rules' default choices, and rolled back; ``can_x`` agrees with
        ``x``. Nothing is tried when no unit has a triggered ability."""
        if not self._may_loop():
            return
        chooser, self.chooser = self.chooser, default_chooser
        try:
            self.rehearse(act)
        finally:
            self.chooser = chooser

    # ----------------------------------------------------------------------------- cleanup

    def _cleanup(self, cause: Cause, rules: Sequence[str] = ("M-8",)) -> None:
        """Units with lethal damage die, all at once; repeat until nothing changes (M-8).

        The check is always recorded, so the timeline shows that it happened (M5).
        """
        lethal = self.table.lethal_units()
        if not lethal:
            self.record("Cleanup: no unit has lethal damage", [*rules, "M1", "P-15"], cause)
        while lethal:
            self._kill(lethal, cause, rules)
            lethal = self.table.lethal_units()

    def _kill(self, uids: Sequence[str], cause: Cause, rules: Sequence[str]) -> None:
        uids = self.table.simultaneous(uids)
        changes: list[Change] = []
        details = []
        was_at = {uid: self.table.cards[uid].battlefield for uid in uids}
        for uid in uids:
            card = self.table.cards[uid]
            details.append(
                f"{uid} ({card.damage} damage, lethal at "
                f"{max(1, self.table.lethal_threshold(uid))})"
            )
            changes.append(Died(card=uid, place=card.place(self.table)))
            self._set(card.off_table("trash"))
        self.record(
            f"{' and '.join(details)} {'dies' if len(uids) == 1 else 'die'}",
            [*rules, "M1"],
            cause,
            changes,
        )
        together = self._triggering(uids, "dies")
        for uid in together:
            self._trigger(uid, "dies", None, was_at[uid], len(together) > 1)

    # ----------------------------------------------------------------------------- chain

    def _push(
        self, item: ChainItem, cause: Cause, rules: Sequence[str], changes: Sequence[Change]
    ) -> None:
        self.table = self.table.evolve(chain=(*self.table.chain, item))
        self.record(
            f"{item.text} goes on the chain",
            [*rules, "M-7", *(["P-16"] if item.reaction else [])],
            cause,
            changes,
        )

    def _triggering(self, uids: Iterable[str], when: str) -> list[str]:
        """The units among ``uids`` with an ability for ``when``, in the order of simultaneous
        events (P-12): their triggers go on the chain in this order."""
        return self.table.simultaneous(
            uid for uid in uids if any(a.when == when for a in self.table.definition(uid).abilities)
        )

    def _trigger(
        self,
        uid: str,
        when: str,
        source: str | None,
        battlefield: int | None = None,
        together: bool = False,
    ) -> None:
        """Put ``uid``'s abilities that trigger on ``when`` on the chain; ``battlefield`` is where
        the unit was (it may have left since: P-21); ``together``: with other units' (P-12)."""
        card = self.table.cards[uid]
        if battlefield is None and card.zone == "battlefield":
            battlefield = card.battlefield
        for ability in self.table.definition(uid).abilities:
            if ability.when == when:
                self._push_ability(uid, ability, source, battlefield, together)

    def _push_ability(
        self,
        uid: str,
        ability: Ability,
        source: str | None,
        battlefield: int | None,
        together: bool,
    ) -> None:
        item_id = f"e{self._new_number()}"
        label = ability.name or f"when {ability.when.replace('_', ' ')}"
        item = ChainItem(
            id=item_id,
            card=uid,
            controller=self._controller(uid),
            kind="ability",
            text=f"{uid}: {label}",
            source=source,
            effects=ability.effects,
            battlefield=battlefield,
        )
        cause = Cause(kind="trigger", card=uid, text=item.text)
        self.table = self.table.evolve(chain=(*self.table.chain, item))
        rules = {
            "takes_damage": ["M-11", "M4"],
            "dies": ["M-8"],
            "healed": ["M6", "P-22"],
            "end_of_turn": ["M10", "M-13", "P-12"],
        }[ability.when]
        self.record(
            f"{uid} triggers: {label} (goes on the chain)",
            [*rules, "M-7", *(["P-12"] if together else [])],
            cause,
            [Triggered(card=uid, ability=label)],
        )

    def _resolve_top(self, passed: bool) -> None:
        """Resolve the last item put on the chain, then the cleanup it requires (M5, M-7, M-8);
        ``passed``: the players passed, so the whole chain resolves (P-24)."""
        item = self.table.chain[-1]
        self.table = self.table.evolve(chain=self.table.chain[:-1])
        cause = Cause(kind="effect", card=item.card, text=item.text)
        self.record(f"{item.text} resolves", ["M5", "M-7", *(["P-24"] if passed else [])], cause)
        for effect in item.effects:
            self._apply(item, effect, cause)
        if item.kind == "spell":
            card = self._card(item.card)
            self._set(card.evolve(zone="trash"))
            self.record(
                f"{item.card} is finished and goes to the trash",
                ["M5"],
                cause,
                [Moved(card=item.card, before="chain", after="trash")],
            )
        self._cleanup(Cause(kind="rule", text=f"cleanup after {item.text}"), ["M5", "M-8"])

    def _resolve_chain(self, passed: bool = False) -> None:
        guard = LoopGuard()  # one item coming back is a loop, many items once each are not (P-25)
        while self.table.chain:
            guard.tick(f"the chain item '{self.table.chain[-1].text}'")
            self._resolve_top(passed)

    def _pass(self) -> None:
        self._resolve_chain(passed=True)

    def _check_resolve(self) -> None:
        if not self.table.chain:
            raise RuleError("M-7", "the chain is empty: there is nothing to resolve")

    def verify_resolve(self) -> None:
        self._check_resolve()
        self._verify_settles(self._pass)

    def can_resolve(self) -> bool:
        return self._can(self.verify_resolve)

    def resolve(self) -> list[Step]:
        """Both players pass: the chain resolves, last in first out, each with its cleanup."""
        return self._action(self._check_resolve, self._pass)

    # ----------------------------------------------------------------------------- effects

    def _targets(self, item: ChainItem, effect: Effect) -> list[str]:
        table, controller = self.table, item.controller
        target = effect.target
        if target == "target":
            return [item.target] if item.target and table.on_table(item.target) else []
        if target == "self":
            return [item.card] if table.on_table(item.card) else []
        if target == "source":
            return [item.source] if item.source and table.on_table(item.source) else []
        if target == "all_units":
            return [u.uid for u in table.units()]
        if target == "all_own_units":
            return [u.uid for u in table.units(controller)]
        if target == "all_enemy_units":
            return [u.uid for u in table.units(1 - controller)]
        if target == "all_enemy_units_here":  # where the source was when it triggered (P-21)
            if item.battlefield is None:
                return []
            return [u.uid for u in table.units_at(item.battlefield, 1 - controller)]
        return []

    def _still_here(self, item: ChainItem) -> bool:
        card = self.table.cards[item.card]
        return card.zone == "battlefield" and card.battlefield == item.battlefield

    def _why_nothing(self, item: ChainItem, effect: Effect) -> str:
        """Why an effect found nothing to act on (P-27)."""
        if effect.target == "target":
            return f"its target {item.target} has left the table"
        if effect.target == "self":
            return f"{item.card} is not on the table"
        if effect.target == "source":
            return f"the source {item.source} has left the table" if item.source else "no source"
        if effect.target == "all_enemy_units_here":
            if item.battlefield is None:
                return f"{item.card} was at no battlefield"
            return f"no enemy unit at {self.table.battlefields[item.battlefield].name}"
        return "no such unit on the table"

    def _apply(self, item: ChainItem, effect: Effect, cause: Cause) -> None:
        if effect.do == "bonus_damage":
            self._grant_bonus_damage(
                item.controller, effect.amount, effect.scope, effect.duration, item.card, cause
            )
            return
        if effect.do == "add_runes":
            self._add_runes(item.controller, effect.amount, cause)
            return
        here = effect.target == "all_enemy_units_here" and item.battlefield is not None
        if here and not self._still_here(item):
            name = self.table.battlefields[item.battlefield or 0].name
            self.record(
                f'{item.card} has left {name}: "here" is still {name}, where it was when '
                "it triggered",
                ["P-21"],
                cause,
            )
        targets = self._targets(item, effect)
        if not targets:
            self.record(
                f"{effect.do}: no legal target on the table, nothing happens "
                f"({self._why_nothing(item, effect)})",
                ["M5", "P-27", *(["P-21"] if here else [])],
                cause,
            )
        for target in targets:
            if effect.do == "damage":
                kind: DamageKind = "spell" if item.kind == "spell" else "ability"
                bonus = self.table.bonus_damage(item.controller, kind)
                self._damage(target, effect.amount, bonus, kind, item.card, cause)
            elif effect.do == "heal":
                self._heal([target], cause, ["M6"])
            elif effect.do == "might":
                self._modify_might(
                    target, effect.amount, effect.duration, item.card, item.controller, cause
                )
            elif effect.do == "prevent":
                self._add_shield(
                    target,
                    effect.value,
                    effect.duration,
                    effect.scope,
                    item.card,
                    item.controller,
                    cause,
                )
            elif effect.do == "double":
                self._add_doubler(
                    target, effect.duration, effect.scope, item.card, item.controller, cause
                )
            elif effect.do == "lethal_threshold":
                self._set_threshold(
                    target, effect.threshold, effect.duration, item.card, item.controller, cause
                )

    # ----------------------------------------------------------------------------- damage

    def _order_for(self, uid: str, kind: DamageKind) -> tuple[str, ...] | None:
        """Ask the damaged unit's controller to order its replacements when two or more apply."""
        effects = applicable_replacements(self.table.cards[uid], kind)
        if len(effects) < 2:
            return None
        answer = self._ask(
            Choice(
                kind="replacement_order",
                player=self._controller(uid),
                subject=uid,
                prompt=f"Order the replacement effects on {uid}",
                options=tuple(e.id for e in effects),
                default=tuple(e.id for e in effects),
                limits="each applies once; prevention spends only what it prevents (M3, M8)",
                details={e.id: e.describe() for e in effects},
            )
        )
        order = order_of(answer, uid)
        # refused when answered, not when used: a unit that then takes no damage (one that can
        # never be made lethal, assigned nothing) would let a wrong order pass (M-4)
        verify_order(self.table.cards[uid], kind, order)
        return order

    def _apply_replacements(
        self, uid: str, amount: int, bonus: int, kind: DamageKind, source: str | None
    ) -> DamageEvent:
        event, card = resolve_event(
            self.table, uid, amount, bonus, kind, source, self._order_for(uid, kind)
        )
        self._set(card)
        return event

    def _describe_event(self, event: DamageEvent) -> str:
        amount = f"{event.base}" + (f" + {event.bonus} Bonus Damage" if event.bonus else "")
        parts = [
            f"{r.effect} ({r.effect_kind}) {r.before} -> {r.after}"
            + (f", spent {r.spent}, {r.left} left" if r.effect_kind == "prevention" else "")
            for r in event.replacements
        ]
        if len(event.replacements) > 1:
            chooser = self.table.players[self._controller(event.target)].name
            parts.insert(0, f"{chooser}'s order {', then '.join(event.order)}")
        return amount + (": " + "; ".join(parts) if parts else "")

    def _event_rules(self, event: DamageEvent) -> list[str]:
        rules = ["M-4"]
        if event.bonus:
            rules.append("M3")
        if any(r.effect_kind == "prevention" for r in event.replacements):
            rules += ["M3", "M-5"]
        if len(event.replacements) > 1:
            rules.append("M8")
        if event.final == 0:
            rules += ["M4", "M-6"]
        if event.kind == "ability":
            rules.append("P-20")
        return sorted(set(rules), key=rules.index)

    def _damage(
        self, uid: str, amount: int, bonus: int, kind: DamageKind, source: str | None, cause: Cause
    ) -> None:
        """One damage event, replacements applied, marked if anything is left (M3, M4, M-4)."""
        event = self._apply_replacements(uid, amount, bonus, kind, source)
        self._mark(event, cause, self._describe_event(event), self._event_rules(event))

    def _mark(self, event: DamageEvent, cause: Cause, how: str, rules: Sequence[str]) -> None:
        uid = event.target
        if event.final == 0:
            self.record(
                f"damage to {uid} ({how}) is fully prevented: not dealt, nothing triggers",
                rules,
                cause,
                list(event.replacements),
            )
            return
        card = self.table.cards[uid]
        self._set(card.evolve(damage=card.damage + event.final))
        self.record(
            f"{uid} takes {event.final} damage ({how}); marked {card.damage} -> "
            f"{card.damage + event.final}",
            [*rules, "M-6"],
            cause,
            [
                *event.replacements,
                StatChanged(
                    card=uid, stat="damage", before=card.damage, after=card.damage + event.final
                ),
            ],
        )
        self._trigger(uid, "takes_damage", event.source)

    def _heal(self, uids: Sequence[str], cause: Cause, rules: Sequence[str]) -> None:
        changes: list[Change] = []
        for uid in uids:
            card = self.table.cards[uid]
            if card.damage:
                changes.append(StatChanged(card=uid, stat="damage", before=card.damage, after=0))
                self._set(card.evolve(damage=0))
        healed = [c.card for c in changes if isinstance(c, StatChanged)]
        quiet = [u for u in self._triggering(uids, "healed") if u not in healed]
        note = f' ({", ".join(quiet)} had no damage: no "when healed" trigger)' if quiet else ""
        self.record(
            f"heal: {', '.join(healed) or 'no unit has damage, nothing'} healed{note}",
            [*rules, *(["M-6"] if healed else []), *(["P-22"] if quiet else [])],
            cause,
            changes,
        )
        together = self._triggering(healed, "healed")
        for uid in together:
            self._trigger(uid, "healed", None, together=len(together) > 1)

    # ----------------------------------------------------------------------------- lasting effects

    def _modify_might(
        self, uid: str, amount: int, duration: Duration, source: str, owner: int, cause: Cause
    ) -> None:
        card, before = self.table.cards[uid], self.table.might(uid)
        modifier = MightModifier.make(
            self._new_number(), source, owner, duration=duration, amount=amount
        )
        self._set(card.evolve(modifiers=(*card.modifiers, modifier)))
        lethal = (
            " (its marked damage is now lethal at the next check)"
            if self.table.is_lethal(uid) and card.damage
            else ""
        )
        self.record(
            f"{uid} gets {modifier.describe()} ({modifier.id}): Might {before} -> "
            f"{self.table.might(uid)}{lethal}",
            ["M2", "M-2"],
            cause,
            [StatChanged(card=uid, stat="might", before=before, after=self.table.might(uid))],
        )

    def _add_shield(
        self,
        uid: str,
        value: int | Literal["all"],
        duration: Duration,
        scope: Scope,
        source: str,
        owner: int,
        cause: Cause,
        effect_id: str | None = None,
    ) -> None:
        card = self.table.cards[uid]
        shield = Shield.make(
            self._new_number(),
            source,
            owner,
            id=effect_id,
            duration=duration,
            value=value,
            scope=scope,
            remaining=None if value == "all" else value,
        )
        self._set(card.evolve(shields=(*card.shields, shield)))
        self.record(f"{uid} gets {shield.describe()}", ["M3", "M-5"], cause)

    def _add_doubler(
        self,
        uid: str,
        duration: Duration,
        scope: Scope,
        source: str,
        owner: int,
        cause: Cause,
        effect_id: str | None = None,
    ) -> None:
        card = self.table.cards[uid]
        doubler = Doubler.make(
            self._new_number(), source, owner, id=effect_id, duration=duration, scope=scope
        )
        self._set(card.evolve(doublers=(*card.doublers, doubler)))
        self.record(f"{uid} gets {doubler.describe()}", ["M8", "M-4"], cause)

    def _set_threshold(
        self, uid: str, threshold: int, duration: Duration, source: str, owner: int, cause: Cause
    ) -> None:
        card = self.table.cards[uid]
        override = LethalOverride.make(
            self._new_number(), source, owner, duration=duration, threshold=threshold
        )
        self._set(card.evolve(lethal=(*card.lethal, override)))
        self.record(f"{uid}: {override.describe()} ({override.id})", ["M1", "M-3"], cause)

    def _grant_bonus_damage(
        self, player: int, amount: int, scope: Scope, duration: Duration, source: str, cause: Cause
    ) -> None:
        grant = BonusDamageGrant.make(
            self._new_number(), source, player, duration=duration, amount=amount, scope=scope
        )
        state = self.table.players[player]
        self.table = self.table.with_player(
            player, state.evolve(bonus_damage=(*state.bonus_damage, grant))
        )
        self.record(f"{state.name}'s {grant.describe()} ({grant.id})", ["M3", "M-4"], cause)

    def _add_runes(self, player: int, amount: int, cause: Cause) -> None:
        state = self.table.players[player]
        self.table = self.table.with_player(player, state.evolve(runes=state.runes + amount))
        self.record(
            f"{state.name} adds {amount} to the rune pool ({state.runes} -> "
            f"{state.runes + amount})",
            ["M-1"],
            cause,
            [
                StatChanged(
                    card=f"{state.name}'s rune pool",
                    stat="runes",
                    before=state.runes,
                    after=state.runes + amount,
                )
            ],
        )

    # ----------------------------------------------------------------------------- play

    def verify_play(self, uid: str, target: str | None = None) -> None:
        card = self._card(uid)
        definition = self.table.definition(uid)
        if card.zone != "hand":
            raise RuleError("M-1", f"{uid} is not in its owner's hand")
        if definition.speed == "reaction":
            if not any(item.kind == "spell" for item in self.table.chain):
                raise RuleError(
                    "M-7", f"{uid} is a Reaction: it can answer only while a spell is on the chain"
                )
        else:
            self._require_turn_player(card.owner, f"play {uid}")
            self._require_empty_chain(f"play {uid}")
            if self.table.combat is not None:
                raise RuleError("M-9", "cannot play a card during combat")
        runes = self.table.players[card.owner].runes
        if definition.cost > runes:
            raise RuleError("M-1", f"{uid} costs {definition.cost} but the rune pool has {runes}")
        spec = definition.target
        if spec is None:
            if target is not None:
                raise RuleError("M5", f"{uid} does not target; remove the target")
            return
        if target is None:
            raise RuleError("M5", f"{uid} needs a target: {spec.describe()}")
        aimed = self._unit(target)
        if (
            spec.side == "own"
            and aimed.owner != card.owner
            or spec.side == "enemy"
            and aimed.owner == card.owner
        ):
            raise RuleError("M5", f"{target} is not {spec.describe()}")

    def can_play(self, uid: str, target: str | None = None) -> bool:
        return self._can(self.verify_play, uid, target)

    def play(self, uid: str, target: str | None = None) -> list[Step]:
        """Play a unit to its base, or put a spell on the chain (it waits for ``resolve``)."""

        def act() -> None:
            card, definition = self._card(uid), self.table.definition(uid)
            cause = Cause(kind="action", card=uid, text=f"play {uid}")
            if definition.cost:
                player = self.table.players[card.owner]
                self.table = self.table.with_player(
                    card.owner, player.evolve(runes=player.runes - definition.cost)
                )
                self.record(
                    f"{player.name} pays {definition.cost} from the rune pool",
                    ["M-1", "P-19"],
                    cause,
                    [
                        StatChanged(
                            card=f"{player.name}'s rune pool",
                            stat="runes",
                            before=player.runes,
                            after=player.runes - definition.cost,
                        )
                    ],
                )
            if definition.kind == "unit":
                self._set(card.evolve(zone="base", entered=self._new_number()))
                self.record(
                    f"{uid} is played to {self.table.players[card.owner].name}'s base",
                    ["M-1"],
                    cause,
                    [Played(card=uid, to="base"), Moved(card=uid, before="hand", after="base")],
                )
                return
            self._set(card.evolve(zone="chain"))
            aim = f" targeting {target}" if target else ""
            item = ChainItem(
                id=uid,
                card=uid,
                controller=card.owner,
                kind="spell",
                text=f"{uid}{aim}",
                target=target,
                effects=definition.effects,
                reaction=definition.speed == "reaction",
            )
            self._push(item, cause, ["M-1", "M5"], [Played(card=uid, to="chain")])

        return self._action(lambda: self.verify_play(uid, target), act)

    # ----------------------------------------------------------------------------- movement

    def _verify_own_unit(self, uid: str, action: str) -> MightCard:
        card = self._unit(uid)
        self._require_turn_player(card.owner, action)
        self._require_empty_chain(action)
        if self.table.combat is not None:
            raise RuleError("M-9", f"cannot {action} during combat")
        return card

    def verify_move(self, uid: str, to: int | None) -> None:
        card = self._verify_own_unit(uid, f"move {uid}")
        if to is not None and not 0 <= to < len(self.table.battlefields):
            raise RuleError("M-1", f"there is no battlefield number {to + 1}")
        if (card.zone == "base" and to is None) or (
            card.zone == "battlefield" and card.battlefield == to
        ):
            raise RuleError("M-1", f"{uid} is already there")

    def can_move(self, uid: str, to: int | None) -> bool:
        return self._can(self.verify_move, uid, to)

    def move(self, uid: str, to: int | None) -> list[Step]:
        """Move a unit to a battlefield (or its base: ``to=None``); damage stays (M6, M-6)."""
        return self._action(lambda: self.verify_move(uid, to), lambda: self._relocate(uid, to))

    def recall(self, uid: str) -> list[Step]:
        """Return a unit from a battlefield to its base; damage stays (M6)."""
        return self._action(lambda: self.verify_move(uid, None), lambda: self._relocate(uid, None))

    def _relocate(
        self,
        uid: str,
        to: int | None,
        cause: Cause | None = None,
        rules: Sequence[str] = ("M6", "M-6", "P-18"),
    ) -> None:
        card = self.table.cards[uid]
        before = card.place(self.table)
        verb = "moves" if to is not None else "is recalled"
        cause = cause or Cause(kind="action", card=uid, text=f"{uid} {verb}")
        self._set(card.evolve(zone="base" if to is None else "battlefield", battlefield=to))
        after = self.table.cards[uid].place(self.table)
        damage = f", keeping its {card.damage} damage" if card.damage else ""
        self.record(
            f"{uid} {verb} {before} -> {after}{damage}",
            rules,
            cause,
            [Moved(card=uid, before=before, after=after)],
        )
        self._cleanup(Cause(kind="rule", text=f"cleanup after {uid} {verb}"))

    def verify_set_ready(self, uid: str, ready: bool) -> None:
        card = self._unit(uid)
        if card.exhausted != ready:
            raise RuleError("M-1", f"{uid} is already {'ready' if ready else 'exhausted'}")

    def set_ready(self, uid: str, ready: bool) -> list[Step]:
        """Ready or exhaust a unit; its damage stays (M6)."""

        def act() -> None:
            card = self.table.cards[uid]
            self._set(card.evolve(exhausted=not ready))
            word = "readied" if ready else "exhausted"
            self.record(
                f"{uid} is {word}" + (f", keeping its {card.damage} damage" if card.damage else ""),
                ["M6", "M-6", "P-18"],
                Cause(kind="action", card=uid, text=f"{uid} is {word}"),
                [
                    StatusChanged(
                        card=uid,
                        before="exhausted" if card.exhausted else "ready",
                        after="ready" if ready else "exhausted",
                    )
                ],
            )

        return self._action(lambda: self.verify_set_ready(uid, ready), act)

    def return_to_hand(self, uid: str) -> list[Step]:
        """Return a unit to its owner's hand: it leaves the table and loses its damage (M-6)."""

        def act() -> None:
            card = self.table.cards[uid]
            before = card.place(self.table)
            self._set(card.off_table("hand"))
            self.record(
                f"{uid} returns to hand and loses its {card.damage} damage",
                ["M-6"],
                Cause(kind="action", card=uid, text=f"return {uid} to hand"),
                [
                    Moved(card=uid, before=before, after="hand"),
                    StatChanged(card=uid, stat="damage", before=card.damage, after=0),
                ],
            )

        return self._action(lambda: self.verify_return_to_hand(uid), act)

    def verify_return_to_hand(self, uid: str) -> None:
        self._verify_own_unit(uid, f"return {uid} to hand")
