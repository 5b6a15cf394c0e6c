"""The might ruleset's game: its state, and a part for each chapter of the rules, composed.

Actions follow the souls pattern: ``verify_x`` raises a ``RuleError``, ``can_x`` answers with a
bool, ``x`` acts and returns the steps it recorded; a rejected action changes nothing. Decisions
the rules leave to a player (replacement order, combat assignment) go to the game's ``chooser``.

``MightGame`` is the game's state and timeline (``core.MightCore``: the table, the steps, the
phase, the chooser, its checks and triggers going on the chain) and the players' face: each
verb's ``verify_x``, ``can_x`` and ``x``, which run the check and the act of the part for its
chapter as one transaction. Each part is given the parts it calls, and none calls one that
calls it: ``damage`` (``DamageRules``: damage events dealt, healing, the lethal check), on the
core; ``effects`` (what resolving effects do, and the lasting ones), on ``damage``; ``chain``
(M5, M-7), on ``effects`` and ``damage``; and on those, ``playing`` (a card from hand),
``activating`` (a unit's activated abilities, P-42, sharing ``playing``'s costs and targets),
``moving`` (a unit's own actions), ``combat`` (M7 to M9), ``end_of_turn`` (M10, M11) and
``edits`` (the playtester's).

A spell waits on the chain, where a Reaction can answer it; ``resolve`` (both players pass)
resolves the chain last in first out, each item with its cleanup (M5, M-7):

>>> from engine.scenario import game_from_yaml
>>> game = game_from_yaml('''
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

from engine.choices import Chooser, default_chooser
from engine.might.activating import ActivatingRules
from engine.might.card_effects import Duration, Scope, ShieldValue
from engine.might.chain import ChainRules
from engine.might.combat import CombatRules
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.edits import EditRules
from engine.might.effects import EffectRules
from engine.might.end_of_turn import EndOfTurnRules
from engine.might.moving import MovingRules
from engine.might.playing import PlayingRules, Targets
from engine.might.replacements import DamageKind
from engine.might.table import MightTable
from engine.timeline import Step


class MightGame(MightCore):
    """A might game in progress: the current table, its timeline (``MightCore``) and the legal
    actions, each checked and carried out by the part for its chapter."""

    def __init__(self, table: MightTable, chooser: Chooser = default_chooser) -> None:
        super().__init__(table, chooser)
        # each part is given the parts it calls, and none calls one that calls it
        self.damage = DamageRules(self)
        self.effects = EffectRules(self, self.damage)
        self.chain = ChainRules(self, self.effects, self.damage)
        self.playing = PlayingRules(self, self.chain)
        self.activating = ActivatingRules(self, self.chain, self.playing)
        self.moving = MovingRules(self, self.damage, self.effects)
        self.combat_rules = CombatRules(self, self.damage, self.effects, self.chain)
        self.end_of_turn = EndOfTurnRules(self, self.damage, self.effects, self.chain)
        self.edits = EditRules(self, self.damage, self.effects, self.chain)

    # Resolving the chain (engine.might.chain)

    def verify_resolve(self) -> None:
        self._verify(self.chain.check_resolve, self.resolve)

    def can_resolve(self) -> bool:
        return self._can(self.verify_resolve)

    def resolve(self) -> list[Step]:
        """Both players pass: the chain resolves, last in first out, each with its cleanup."""
        return self._act(self.chain.check_resolve, self.chain.resolve_chain, True)

    # Playing a card (engine.might.playing) and activating an ability (engine.might.activating)

    def verify_play(
        self, uid: str, target: Targets = None, to: int | None = None, accelerate: bool = False
    ) -> None:
        self.playing.check_play(uid, target, to, accelerate)

    def can_play(
        self, uid: str, target: Targets = None, to: int | None = None, accelerate: bool = False
    ) -> bool:
        return self._can(self.verify_play, uid, target, to, accelerate)

    def play(
        self, uid: str, target: Targets = None, to: int | None = None, accelerate: bool = False
    ) -> list[Step]:
        """Play a unit to its base, or put a spell on the chain (it waits for ``resolve``);
        ``target``: the unit it targets, or a tuple of them (P-41); ``to``: the battlefield
        chosen for its ``to: chosen`` (P-74); ``accelerate``: a unit paid its Accelerate to
        enter ready (P-89)."""
        return self._act(
            lambda: self.verify_play(uid, target, to, accelerate),
            self.playing.play,
            uid,
            target,
            to,
            accelerate,
        )

    def verify_activate(
        self, uid: str, index: int = 0, target: Targets = None, to: int | None = None
    ) -> None:
        self.activating.check_activate(uid, index, target, to)

    def can_activate(
        self, uid: str, index: int = 0, target: Targets = None, to: int | None = None
    ) -> bool:
        return self._can(self.verify_activate, uid, index, target, to)

    def activate(
        self, uid: str, index: int = 0, target: Targets = None, to: int | None = None
    ) -> list[Step]:
        """Pay the cost of ``uid``'s activated ability number ``index`` and put it on the
        chain (it waits for ``resolve``, as a spell does: P-42); ``to`` as for ``play``."""
        return self._act(
            lambda: self.verify_activate(uid, index, target, to),
            self.activating.activate,
            uid,
            index,
            target,
            to,
        )

    # A unit's own actions (engine.might.moving)

    def verify_move(self, uid: str, to: int | None) -> None:
        self.moving.check_move(uid, to)

    def can_move(self, uid: str, to: int | None) -> bool:
        return self._can(self.verify_move, uid, to)

    def move(self, uid: str, to: int | None) -> list[Step]:
        """Move a unit to a battlefield (or its base: ``to=None``); damage stays (M6, M-6)."""
        return self._act(lambda: self.verify_move(uid, to), self.moving.move, uid, to)

    def verify_recall(self, uid: str) -> None:
        """A recall is a move to the base (M6)."""
        self.verify_move(uid, None)

    def can_recall(self, uid: str) -> bool:
        return self._can(self.verify_recall, uid)

    def recall(self, uid: str) -> list[Step]:
        """Return a unit from a battlefield to its base; damage stays (M6)."""
        return self._act(lambda: self.verify_recall(uid), self.moving.move, uid, None)

    def verify_set_ready(self, uid: str, ready: bool) -> None:
        self.moving.check_set_ready(uid, ready)

    def can_set_ready(self, uid: str, ready: bool) -> bool:
        return self._can(self.verify_set_ready, uid, ready)

    def set_ready(self, uid: str, ready: bool) -> list[Step]:
        """Ready or exhaust a unit; its damage stays (M6)."""
        return self._act(
            lambda: self.verify_set_ready(uid, ready), self.moving.set_ready, uid, ready
        )

    def verify_return_to_hand(self, uid: str) -> None:
        self.moving.check_return_to_hand(uid)

    def can_return_to_hand(self, uid: str) -> bool:
        return self._can(self.verify_return_to_hand, uid)

    def return_to_hand(self, uid: str) -> list[Step]:
        """Return a unit to its owner's hand: it leaves the table and loses its damage (M-6)."""
        return self._act(lambda: self.verify_return_to_hand(uid), self.moving.return_to_hand, uid)

    # Combat (engine.might.combat) and the end of the turn (engine.might.end_of_turn)

    def verify_combat(self, battlefield: int) -> None:
        self._verify(lambda: self.combat_rules.check_combat(battlefield), self.combat, battlefield)

    def can_combat(self, battlefield: int) -> bool:
        return self._can(self.verify_combat, battlefield)

    def combat(self, battlefield: int) -> list[Step]:
        """Combat at a battlefield: assignment, deal, Combat Cleanup, result (M7, M9, M-9..M-12)."""
        return self._act(
            lambda: self.combat_rules.check_combat(battlefield),
            self.combat_rules.combat,
            battlefield,
        )

    def verify_end_turn(self) -> None:
        self._verify(self.end_of_turn.check_end_turn, self.end_turn)

    def can_end_turn(self) -> bool:
        return self._can(self.verify_end_turn)

    def end_turn(self) -> list[Step]:
        """End-of-turn effects, then expiration as visible sub-steps, then the turn passes (M10,
        M11, M-13); an expiration that would restart for ever is refused (P-25)."""
        return self._act(self.end_of_turn.check_end_turn, self.end_of_turn.end_turn)

    # The playtester's edits (engine.might.edits)

    def verify_deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> None:
        self._verify(
            lambda: self.edits.check_deal(target, amount), self.deal, target, amount, kind, bonus
        )

    def can_deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> bool:
        return self._can(self.verify_deal, target, amount, kind, bonus)

    def deal(
        self, target: str, amount: int, kind: DamageKind = "spell", bonus: int = 0
    ) -> list[Step]:
        """Deal ``amount`` (+ ``bonus`` Bonus Damage) to a unit as one damage event (M-4)."""
        return self._act(
            lambda: self.edits.check_deal(target, amount),
            self.edits.deal,
            target,
            amount,
            kind,
            bonus,
        )

    def verify_heal(self, target: str) -> None:
        self._verify(lambda: self.verify_unit(target), self.heal, target)

    def can_heal(self, target: str) -> bool:
        return self._can(self.verify_heal, target)

    def heal(self, target: str) -> list[Step]:
        """Heal a unit: all its marked damage is removed (M6)."""
        return self._act(lambda: self.verify_unit(target), self.edits.heal, target)

    def verify_modify_might(
        self, target: str, amount: int, duration: Duration = "this_turn"
    ) -> None:
        self._verify(lambda: self.verify_unit(target), self.modify_might, target, amount, duration)

    def can_modify_might(self, target: str, amount: int, duration: Duration = "this_turn") -> bool:
        return self._can(self.verify_modify_might, target, amount, duration)

    def modify_might(
        self, target: str, amount: int, duration: Duration = "this_turn"
    ) -> list[Step]:
        """A Might modifier on a unit (M2, M-2)."""
        return self._act(
            lambda: self.verify_unit(target), self.edits.modify_might, target, amount, duration
        )

    def verify_add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> None:
        self._verify(
            lambda: self.edits.check_shield(target, value, effect_id),
            self.add_shield,
            target,
            value,
            duration,
            scope,
            effect_id,
        )

    def can_add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> bool:
        return self._can(self.verify_add_shield, target, value, duration, scope, effect_id)

    def add_shield(
        self,
        target: str,
        value: ShieldValue,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> list[Step]:
        """A prevention shield on a unit, named ``effect_id`` (else ``e<n>``, M-5)."""
        return self._act(
            lambda: self.edits.check_shield(target, value, effect_id),
            self.edits.add_shield,
            target,
            value,
            duration,
            scope,
            effect_id,
        )

    def verify_add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> None:
        self._verify(
            lambda: self.edits.check_doubler(target, effect_id),
            self.add_doubler,
            target,
            duration,
            scope,
            effect_id,
        )

    def can_add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> bool:
        return self._can(self.verify_add_doubler, target, duration, scope, effect_id)

    def add_doubler(
        self,
        target: str,
        duration: Duration = "this_turn",
        scope: Scope = "all",
        effect_id: str | None = None,
    ) -> list[Step]:
        """A doubler on a unit, named ``effect_id`` (else ``e<n>``, M8)."""
        return self._act(
            lambda: self.edits.check_doubler(target, effect_id),
            self.edits.add_doubler,
            target,
            duration,
            scope,
            effect_id,
        )

    def verify_set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> None:
        self._verify(
            lambda: self.edits.check_lethal(target, threshold),
            self.set_lethal_threshold,
            target,
            threshold,
            duration,
        )

    def can_set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> bool:
        return self._can(self.verify_set_lethal_threshold, target, threshold, duration)

    def set_lethal_threshold(
        self, target: str, threshold: int, duration: Duration = "this_turn"
    ) -> list[Step]:
        """The unit's lethal requirement replaced (M-3)."""
        return self._act(
            lambda: self.edits.check_lethal(target, threshold),
            self.edits.set_lethal_threshold,
            target,
            threshold,
            duration,
        )

    def verify_grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> None:
        self._verify(
            lambda: self.edits.check_player(player),
            self.grant_bonus_damage,
            player,
            amount,
            scope,
            duration,
        )

    def can_grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> bool:
        return self._can(self.verify_grant_bonus_damage, player, amount, scope, duration)

    def grant_bonus_damage(
        self, player: int, amount: int, scope: Scope = "spell", duration: Duration = "this_turn"
    ) -> list[Step]:
        """A Bonus Damage grant for a player (M3, M-4)."""
        return self._act(
            lambda: self.edits.check_player(player),
            self.edits.grant_bonus_damage,
            player,
            amount,
            scope,
            duration,
        )

    def verify_add_runes(self, player: int, amount: int) -> None:
        self._verify(lambda: self.edits.check_runes(player, amount), self.add_runes, player, amount)

    def can_add_runes(self, player: int, amount: int) -> bool:
        return self._can(self.verify_add_runes, player, amount)

    def add_runes(self, player: int, amount: int) -> list[Step]:
        """Runes added to a player's pool (M-1)."""
        return self._act(
            lambda: self.edits.check_runes(player, amount), self.edits.add_runes, player, amount
        )
