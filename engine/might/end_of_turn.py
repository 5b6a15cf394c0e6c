"""The end of the turn: end-of-turn effects, then expiration as visible sub-steps, restarted
while anything goes on the chain, then the next turn (M10, M11, M-13, P-17, P-25)."""

from __future__ import annotations

from engine.changes import Change, PhaseChanged, StatChanged
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might.chain import Chain
from engine.might.sub_phases import EXPIRATION_HEAL, LETHAL_CHECK, RUNE_POOLS_EMPTY, THIS_TURN_ENDS
from engine.might.table import LastingEffect
from engine.timeline import Cause


class EndOfTurnRules:
    """Ending the turn, given the game (``game``) it calls: triggers, the chain, the death
    check, healing and the lasting effects that end."""

    def __init__(self, game: Chain) -> None:
        self.game = game

    def check_end_turn(self) -> None:
        self.game._require_empty_chain("end the turn")
        if self.game.table.combat is not None:
            raise RuleError("M-9", "cannot end the turn during combat")

    def end_turn(self) -> None:
        turn = self.game.phase[0]
        cause = Cause(kind="rule", text="end of turn")
        self.game.phase = (turn, "End of turn", "End-of-turn effects")
        self.game.record(
            "End of turn: end-of-turn effects come first",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before="Main phase", after="End of turn")],
        )
        for uid in self.game._triggering(self.game.table.triggering_units(), "end_of_turn"):
            self.game._trigger(uid, "end_of_turn", None)
        self.game._resolve_chain()
        guard = LoopGuard()
        label, restart = "Expiration", 0
        while self._expire((turn, "End of turn", label), cause):
            guard.tick(
                "expiration", self.game._loop_state(guard)
            )  # the restart is what repeats (P-25)
            restart += 1
            self.game.phase = (turn, "End of turn", label, "Chain")
            self.game._resolve_chain()
            self.game.record(
                "Something went on the chain: expiration restarts from the lethal check",
                ["M10", "M11", "M-13", "P-13"],
                cause,
            )
            label = f"Expiration (restart {restart})"
        self._pass_turn(turn, cause)

    def _expire(self, phase: tuple[str, ...], cause: Cause) -> bool:
        """One pass of (a)-(d); True when anything went on the chain during it (M-13)."""
        rules = ["M10", "M-13"]
        self.game.phase = (*phase, LETHAL_CHECK)
        lethal = self.game._death_check()
        if lethal:
            self.game._kill(lethal, cause, [*rules, "M11"])
        else:
            self.game.record("No unit has lethal damage", [*rules, "M11"], cause)
        self.game.phase = (*phase, EXPIRATION_HEAL)
        self.game._heal(self.game.table.heal_concerns(), cause, [*rules, "M11"])
        self.game.phase = (*phase, THIS_TURN_ENDS)
        self.game._end_effects(  # what lasted "this combat" ends here if no combat ended it (P-38)
            lambda effect: effect.duration in ("this_turn", "this_combat"),
            "this turn",
            cause,
            [*rules, "M11"],
        )
        self.game.phase = (*phase, RUNE_POOLS_EMPTY)
        changes: list[Change] = []
        for index, player in enumerate(self.game.table.players):
            if player.runes:
                changes.append(
                    StatChanged(
                        card=f"{player.name}'s rune pool",
                        stat="runes",
                        before=player.runes,
                        after=0,
                    )
                )
                self.game.table = self.game.table.with_player(index, player.evolve(runes=0))
        runes = [*rules, *(["M-1"] if changes else [])]
        self.game.record("Every rune pool empties", runes, cause, changes)
        return bool(self.game.table.chain)

    def _pass_turn(self, turn: str, cause: Cause) -> None:
        table = self.game.table
        self.game.table = table.evolve(
            turn=table.turn + 1, turn_player=1 - table.turn_player, triggered_this_turn=()
        )
        self.game.phase = (self.game._turn_name(self.game.table), "Main phase")
        self.game.record(
            f"{self.game.phase[0]} begins",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before=turn, after=self.game.phase[0])],
        )
        new_player = self.game.table.turn_player

        def ending(effect: LastingEffect) -> bool:
            return effect.owner == new_player and effect.duration == "until_your_next_turn"

        if any(ending(e) for e in self.game._lasting_effects()):
            self.game._end_effects(ending, "until your next turn", cause, ["M-5", "P-17"])
        starting = [
            uid
            for uid in self.game._triggering(
                self.game.table.triggering_units(), "start_of_your_turn"
            )
            if self.game._controller(uid) == new_player
        ]
        for uid in starting:
            self.game._trigger(uid, "start_of_your_turn", None, together=len(starting) > 1)
        self.game._resolve_chain()  # before the turn player acts (P-33)
