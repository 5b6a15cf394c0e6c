"""The end of the turn: end-of-turn effects, then expiration as visible sub-steps, restarted
while anything goes on the chain, then the next turn (M10, M11, M-13, P-17, P-25)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.changes import Change, PhaseChanged, StatChanged
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might import delayed
from engine.might.chain import ChainRules
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.effects import EffectRules
from engine.might.history import ThisTurn
from engine.might.sub_phases import EXPIRATION_HEAL, LETHAL_CHECK, RUNE_POOLS_EMPTY, THIS_TURN_ENDS
from engine.might.table import LastingEffect
from engine.timeline import Cause


@dataclass(frozen=True, eq=False)
class EndOfTurnRules:
    """Ending the turn, given the game's core (``core``: its triggers), the death check and
    healing (``damage``), the lasting effects that end (``effects``) and the chain."""

    core: MightCore
    damage: DamageRules
    effects: EffectRules
    chain: ChainRules

    def check_end_turn(self) -> None:
        self.core._require_empty_chain("end the turn")
        if self.core.table.combat is not None:
            raise RuleError("M-9", "cannot end the turn during combat")

    def end_turn(self) -> None:
        turn = self.core.phase[0]
        cause = Cause(kind="rule", text="end of turn")
        self.core.phase = (turn, "End of turn", "End-of-turn effects")
        self.core.record(
            "End of turn: end-of-turn effects come first",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before="Main phase", after="End of turn")],
        )
        for uid in self.core._triggering(self.core.table.triggering_units(), "end_of_turn"):
            self.core._trigger(uid, "end_of_turn", None)
        self.chain.resolve_chain()
        guard = LoopGuard()
        label, restart = "Expiration", 0
        while self._expire((turn, "End of turn", label), cause):
            # the restart is what repeats (P-25)
            guard.tick("expiration", self.core._loop_state(guard))
            restart += 1
            self.core.phase = (turn, "End of turn", label, "Chain")
            self.chain.resolve_chain()
            self.core.record(
                "Something went on the chain: expiration restarts from the lethal check",
                ["M10", "M11", "M-13", "P-13"],
                cause,
            )
            label = f"Expiration (restart {restart})"
        self._pass_turn(turn, cause)

    def _expire(self, phase: tuple[str, ...], cause: Cause) -> bool:
        """One pass of (a)-(d); True when anything went on the chain during it (M-13)."""
        rules = ["M10", "M-13"]
        self.core.phase = (*phase, LETHAL_CHECK)
        self.damage.check_before_heal(cause, [*rules, "M11"])
        self.core.phase = (*phase, EXPIRATION_HEAL)
        self.damage.heal(self.core.table.heal_concerns(), cause, [*rules, "M11"])
        self.core.phase = (*phase, THIS_TURN_ENDS)
        # what lasted "this combat" ends here if no combat ended it (P-38)
        self.effects.end_effects(
            lambda effect: effect.duration in ("this_turn", "this_combat"),
            "this turn",
            cause,
            [*rules, "M11"],
        )
        self.core.phase = (*phase, RUNE_POOLS_EMPTY)
        changes: list[Change] = []
        emptied = []  # each pool with what it held (M-13 (d))
        for index, player in enumerate(self.core.table.players):
            if player.runes:
                changes.append(
                    StatChanged(
                        card=player.rune_pool,
                        stat="runes",
                        before=player.runes,
                        after=0,
                    )
                )
                emptied.append(f"{player.name} {player.runes} -> 0")
                self.core.table = self.core.table.with_player(index, player.evolve(runes=0))
        runes = [*rules, *(["M-1"] if changes else [])]
        self.core.record(
            "Every rune pool empties" + (f": {', '.join(emptied)}" if emptied else ""),
            runes,
            cause,
            changes,
        )
        return bool(self.core.table.chain)

    def _pass_turn(self, turn: str, cause: Cause) -> None:
        table = self.core.table
        self.core.table = table.evolve(
            turn=table.turn + 1,
            turn_player=1 - table.turn_player,
            triggered_this_turn=(),
            # what a condition asks of "this turn" starts afresh (P-55)
            this_turn=None if table.this_turn is None else ThisTurn(),
        )
        self.core.phase = (self.core._turn_name(self.core.table), "Main phase")
        self.core.record(
            f"{self.core.phase[0]} begins",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before=turn, after=self.core.phase[0])],
        )
        new_player = self.core.table.turn_player

        def ending(effect: LastingEffect) -> bool:
            return effect.owner == new_player and effect.duration == "until_your_next_turn"

        if any(ending(e) for e in self.effects.lasting_effects()):
            self.effects.end_effects(ending, "until your next turn", cause, ["M-5", "P-17"])
        for index, field in enumerate(self.core.table.battlefields):  # before the units' (P-84)
            if any(ability.when == "held" for ability in field.abilities):
                self.core._trigger_field(index, "held")  # "when you hold here" (P-111)
        starting = [
            uid
            for uid in self.core._triggering(
                self.core.table.triggering_units(), "start_of_your_turn"
            )
            if self.core._controller(uid) == new_player
        ]
        for uid in starting:
            self.core._trigger(uid, "start_of_your_turn", None, together=len(starting) > 1)
        delayed.fire(
            self.core,
            "start_of_your_turn",
            delayed.starting(self.core, new_player),
            owner=new_player,
        )
        self.chain.resolve_chain()  # before the turn player acts (P-33)
